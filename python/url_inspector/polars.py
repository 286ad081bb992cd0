"""url-inspector in Polars: expressions over a column of URLs.

    >>> import polars as pl
    >>> import url_inspector.polars  # adds the .url namespace to expressions
    >>> df = pl.DataFrame({"url": ["HTTP://a/./b", "http://[::1"]})
    >>> df.select(pl.col("url").url.canon()).to_series().to_list()
    ['http://a/b', None]

``canon(expr)`` and ``parse(expr)`` are the same as functions. Each batch
Polars hands over goes to ``canon_many``/``parse_many`` whole (on every
core, the GIL released); the base may be one str or another expression.
"""

from __future__ import annotations

from typing import Union

import polars as pl

from . import canon_many, parse_many
from ._schema import STRING_FIELDS

Base = Union[str, pl.Expr, None]


def _apply(many, expr: pl.Expr, base: Base, mode: str, encoding: str, dtype) -> pl.Expr:
    if isinstance(base, pl.Expr):
        # Both columns reach the function together, as a struct.
        def both(s: pl.Series) -> pl.Series:
            parts = s.struct.unnest()
            urls, bases = parts.to_series(0), parts.to_series(1)
            return pl.Series(s.name, many(urls, bases, mode, encoding))

        return pl.struct([expr.alias("url"), base.alias("base")]).map_batches(
            both, return_dtype=dtype, is_elementwise=True
        )

    def one(s: pl.Series) -> pl.Series:
        return pl.Series(s.name, many(s, base, mode, encoding))

    return expr.map_batches(one, return_dtype=dtype, is_elementwise=True)


#: parse's struct as Polars types it.
PARSED = pl.Struct(
    [pl.Field("invalid", pl.Boolean)]
    + [pl.Field(name, pl.String) for name in STRING_FIELDS]
    + [pl.Field("notes", pl.List(pl.String))]
)


def canon(expr: pl.Expr, base: Base = None, mode: str = "whatwg", encoding: str = "utf-8") -> pl.Expr:
    """The canonical URL of every row (null when invalid), a String column."""
    return _apply(canon_many, expr, base, mode, encoding, pl.String)


def parse(expr: pl.Expr, base: Base = None, mode: str = "whatwg", encoding: str = "utf-8") -> pl.Expr:
    """Every row's answer as a struct: parse_many's fields."""
    return _apply(parse_many, expr, base, mode, encoding, PARSED)


@pl.api.register_expr_namespace("url")
class UrlNamespace:
    """``pl.col("url").url.canon(...)`` and ``.url.parse(...)``."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def canon(self, base: Base = None, mode: str = "whatwg", encoding: str = "utf-8") -> pl.Expr:
        return canon(self._expr, base, mode, encoding)

    def parse(self, base: Base = None, mode: str = "whatwg", encoding: str = "utf-8") -> pl.Expr:
        return parse(self._expr, base, mode, encoding)
