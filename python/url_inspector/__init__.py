"""url-inspector for Python: how a URL is parsed, resolved and canonicalized.

One URL at a time::

    >>> import url_inspector
    >>> url_inspector.canon("HTTP://a/./b", mode="whatwg")
    'http://a/b'

Columns at a time, on every core, Arrow out::

    >>> url_inspector.canon_many(["HTTP://a/./b", "http://[::1", None]).to_pylist()
    ['http://a/b', None, None]

``mode`` names a resolver: ``"whatwg"`` (the URL Standard, the default),
the 2012 spec's ``"this"``, ``"chrome"``, ``"gecko"``, ``"ie"``,
``"rfc3986"``, the browser models, the server libraries' models (``"python"``,
``"go"``, ``"php"``, ...), the canonical forms (``"surt"``, ``"w3lib"``, ...).
``resolvers()`` lists them all. The compiled engine is url-inspector's Rust
library itself; the answers are the command line's (``parse`` is
``url-inspector canon --json``, ``compare`` is ``compare --json``, a row of
``parse_many`` is a row of ``url-inspector table``).

The helpers for Polars, DuckDB and Spark are in ``url_inspector.polars``,
``url_inspector.duckdb`` and ``url_inspector.spark``; docs/data-tools.md
shows each.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from . import _native
from ._native import (
    NOTE_NOT_UNICODE,
    VERSION,
    InvalidUrlError,
    canon,
    compare,
    hosts,
    pair,
    parse,
    resolvers,
    same,
)

__all__ = [
    "InvalidUrlError",
    "NOTE_NOT_UNICODE",
    "VERSION",
    "canon",
    "canon_many",
    "compare",
    "hosts",
    "pair",
    "parse",
    "parse_many",
    "resolvers",
    "same",
]

__version__ = VERSION


def _column(values: Any, what: str) -> Any:
    """A column as the compiled half takes it: a list or tuple of str and
    None, or one Arrow array of strings. A pyarrow ChunkedArray, a Polars
    Series or anything else with ``__arrow_c_stream__`` becomes one array (a
    copy only when it has several chunks); any other iterable a list."""
    if isinstance(values, (list, tuple)):
        # pyarrow copies a list of str out faster than the stable ABI lets
        # the compiled half; a list it refuses (an item that is not a str,
        # a lone surrogate) goes as it is, for an answer per row.
        try:
            return pa.array(values, pa.string())
        except (pa.ArrowException, UnicodeError, TypeError, ValueError):
            return values
    if values is None or isinstance(values, pa.Array):
        return values
    if isinstance(values, str):
        raise TypeError(f"{what} must be a column of URLs, not one str (use canon for one URL)")
    if isinstance(values, pa.ChunkedArray):
        return values.combine_chunks()
    if hasattr(values, "__arrow_c_array__"):
        return values
    if hasattr(values, "__arrow_c_stream__"):
        return pa.chunked_array(values).combine_chunks()
    if hasattr(values, "to_arrow"):  # pandas' ArrowExtensionArray and the like
        return _column(values.to_arrow(), what)
    try:
        return list(values)
    except TypeError:
        raise TypeError(
            f"{what} must be a list of str, a pyarrow or Polars column of strings, "
            f"or an iterable of str; got {type(values).__name__}"
        ) from None


def _bases(bases: Any) -> Any:
    if bases is None or isinstance(bases, str):
        return bases
    return _column(bases, "bases")


def canon_many(
    inputs: Any, bases: Any = None, mode: str = "whatwg", encoding: str = "utf-8"
) -> pa.Array:
    """The canonical URL of every input, as a pyarrow ``string`` array:
    null where the input is invalid or null.

    ``inputs`` is a list (or tuple, or iterable) of str and None, or a
    pyarrow Array/ChunkedArray, a Polars Series, or anything with
    ``__arrow_c_array__`` or ``__arrow_c_stream__`` holding strings.
    ``bases`` is None, one str for every row, or such a column of the same
    length. Runs on every core with the GIL released.
    """
    return _native.canon_many(_column(inputs, "inputs"), _bases(bases), mode, encoding)


def parse_many(
    inputs: Any, bases: Any = None, mode: str = "whatwg", encoding: str = "utf-8"
) -> pa.StructArray:
    """Every input's answer, as a pyarrow struct array with the fields
    ``invalid``, ``canon``, ``error`` (why invalid: ``url-inspector
    table``'s reason), ``scheme``, ``user``, ``password``, ``host``,
    ``port``, ``path``, ``query``, ``fragment`` and ``notes`` (the codes
    raised, each once). A null input gives a null row. Arguments as for
    ``canon_many``.
    """
    return _native.parse_many(_column(inputs, "inputs"), _bases(bases), mode, encoding)
