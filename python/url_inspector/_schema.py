"""The fields of parse_many's struct, for the engines that declare its type
before they see data (Polars, DuckDB's STRUCT, Spark's schema)."""

from __future__ import annotations

#: The string fields of parse_many's struct after "invalid", in order; then "notes".
STRING_FIELDS = (
    "canon",
    "error",
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
)
