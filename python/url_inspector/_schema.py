"""The Arrow type of parse_many's struct, for engines that want a type
before they see data (DuckDB's STRUCT, Spark's schema)."""

from __future__ import annotations

import pyarrow as pa

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

#: parse_many's struct type (with ``string`` text; past 2 GiB in one call a
#: field is ``large_string``).
PARSED = pa.struct(
    [pa.field("invalid", pa.bool_())]
    + [pa.field(name, pa.string()) for name in STRING_FIELDS]
    + [pa.field("notes", pa.list_(pa.field("item", pa.string(), nullable=False)))]
)
