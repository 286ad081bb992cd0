"""url-inspector in Spark: a column of URLs canonicalized in ``mapInArrow``.

    >>> from url_inspector.spark import with_canon
    >>> with_canon(df, "url").show()          # df plus a column "canon"

``with_canon`` and ``with_parsed`` add a column to a DataFrame through
``DataFrame.mapInArrow``: each executor hands its Arrow batches to
``canon_many``/``parse_many`` whole. The package must be importable on every
executor (docs/data-tools.md says how to ship it to a cluster, and how to
use the command line's ``table`` through ``RDD.pipe`` where no package can
be installed).
"""

from __future__ import annotations

from typing import Iterator, Optional

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql.types import (
    ArrayType,
    BooleanType,
    StringType,
    StructField,
    StructType,
)

from ._schema import STRING_FIELDS

#: parse_many's struct as a Spark type.
PARSED = StructType(
    [StructField("invalid", BooleanType(), True)]
    + [StructField(name, StringType(), True) for name in STRING_FIELDS]
    + [StructField("notes", ArrayType(StringType(), False), True)]
)


def _like(array: pa.Array, template: pa.DataType) -> pa.Array:
    """``array`` with its strings in the width Spark sent (``large_string``
    where Spark uses large types), so the batch matches the schema."""
    if pa.types.is_large_string(template) and pa.types.is_string(array.type):
        return array.cast(pa.large_string())
    return array


def _add(df: DataFrame, column: str, into: str, field_type, base, base_column, many: str, mode: str, encoding: str) -> DataFrame:
    """``df`` through mapInArrow with a column ``into`` of type ``field_type``:
    the package's function named ``many`` (imported on the executor) on
    ``column`` against ``base`` or ``base_column``."""
    if base is not None and base_column is not None:
        raise ValueError("give base (one URL for every row) or base_column, not both")
    schema = StructType(df.schema.fields + [StructField(into, field_type, True)])

    def batches(it: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in it:
            urls = batch.column(column)
            bases = batch.column(base_column) if base_column else base
            import url_inspector

            out = getattr(url_inspector, many)(urls, bases, mode, encoding)
            if pa.types.is_string(out.type):
                out = _like(out, urls.type)
            yield pa.RecordBatch.from_arrays(
                batch.columns + [out], names=batch.schema.names + [into]
            )

    return df.mapInArrow(batches, schema)


def with_canon(
    df: DataFrame,
    column: str = "url",
    into: str = "canon",
    *,
    base: Optional[str] = None,
    base_column: Optional[str] = None,
    mode: str = "whatwg",
    encoding: str = "utf-8",
) -> DataFrame:
    """``df`` with a column ``into``: the canonical URL of ``column`` (null
    when invalid), against ``base`` or the column ``base_column``."""
    return _add(df, column, into, StringType(), base, base_column, "canon_many", mode, encoding)


def with_parsed(
    df: DataFrame,
    column: str = "url",
    into: str = "parsed",
    *,
    base: Optional[str] = None,
    base_column: Optional[str] = None,
    mode: str = "whatwg",
    encoding: str = "utf-8",
) -> DataFrame:
    """``df`` with a struct column ``into``: parse_many's fields."""
    return _add(df, column, into, PARSED, base, base_column, "parse_many", mode, encoding)
