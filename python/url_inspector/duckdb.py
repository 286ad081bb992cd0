"""url-inspector in DuckDB: SQL functions over Arrow batches.

    >>> import duckdb
    >>> from url_inspector.duckdb import register
    >>> con = duckdb.connect()
    >>> register(con)
    >>> con.sql("SELECT url_canon('HTTP://a/./b') AS c").fetchall()
    [('http://a/b',)]

``register`` adds ``url_canon(url)``, ``url_resolve(url, base)`` (both
VARCHAR) and ``url_parse(url)`` (a STRUCT of parse_many's fields) under one
mode; call it again with another ``mode`` and ``prefix`` for more. DuckDB
hands each function a batch of rows as Arrow arrays; the batch goes to
``canon_many``/``parse_many`` whole, nulls and all (an invalid URL is a
NULL answer, so the functions handle NULLs themselves: a NULL URL gives
NULL, a NULL base means none). DuckDB's Arrow functions need numpy
installed.
"""

from __future__ import annotations

import duckdb

try:
    from duckdb.func import ARROW, SPECIAL
    from duckdb.sqltypes import VARCHAR
except ImportError:  # DuckDB 1.x named the modules otherwise
    from duckdb.functional import ARROW, SPECIAL  # type: ignore
    from duckdb.typing import VARCHAR  # type: ignore

from . import canon_many, parse_many
from ._schema import STRING_FIELDS


def _parsed_type(con: duckdb.DuckDBPyConnection):
    fields = {"invalid": con.type("BOOLEAN")}
    fields.update({name: con.type("VARCHAR") for name in STRING_FIELDS})
    fields["notes"] = con.list_type(con.type("VARCHAR"))
    return con.struct_type(fields)


def register(
    con: duckdb.DuckDBPyConnection,
    mode: str = "whatwg",
    encoding: str = "utf-8",
    prefix: str = "url_",
) -> None:
    """Adds ``{prefix}canon``, ``{prefix}resolve`` and ``{prefix}parse`` to
    ``con``, each answering as ``mode`` does."""
    con.create_function(
        f"{prefix}canon",
        lambda urls: canon_many(urls, None, mode, encoding),
        [VARCHAR],
        VARCHAR,
        type=ARROW,
        null_handling=SPECIAL,
    )
    con.create_function(
        f"{prefix}resolve",
        lambda urls, bases: canon_many(urls, bases, mode, encoding),
        [VARCHAR, VARCHAR],
        VARCHAR,
        type=ARROW,
        null_handling=SPECIAL,
    )
    con.create_function(
        f"{prefix}parse",
        lambda urls: parse_many(urls, None, mode, encoding),
        [VARCHAR],
        _parsed_type(con),
        type=ARROW,
        null_handling=SPECIAL,
    )
