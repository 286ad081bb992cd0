# Types of the package; the functions are documented in __init__.py and in
# docs/data-tools.md.
from typing import Any, Iterable, Optional, Union

import pyarrow as pa

from ._native import (
    NOTE_NOT_UNICODE as NOTE_NOT_UNICODE,
    VERSION as VERSION,
    InvalidUrlError as InvalidUrlError,
    canon as canon,
    compare as compare,
    hosts as hosts,
    pair as pair,
    parse as parse,
    resolvers as resolvers,
    same as same,
)

__version__: str
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

#: A column of URLs: a list, tuple or iterable of str and None; a pyarrow
#: Array or ChunkedArray of strings; a Polars Series; anything with
#: __arrow_c_array__ or __arrow_c_stream__.
_Column = Union[Iterable[Optional[str]], pa.Array, pa.ChunkedArray, Any]

def canon_many(
    inputs: _Column,
    bases: Union[None, str, _Column] = None,
    mode: str = "whatwg",
    encoding: str = "utf-8",
) -> pa.Array: ...
def parse_many(
    inputs: _Column,
    bases: Union[None, str, _Column] = None,
    mode: str = "whatwg",
    encoding: str = "utf-8",
) -> pa.StructArray: ...
