# Types of the compiled half; url_inspector/__init__.py re-exports them.
from typing import Any, Optional, Sequence, TypedDict, Union

import pyarrow as pa

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

VERSION: str
NOTE_NOT_UNICODE: str

class InvalidUrlError(ValueError):
    """The resolver found the URL invalid; the message names the failing step."""

    input: str
    mode: str
    step: Optional[str]
    code: str
    reason: str
    range: Optional[tuple[int, int]]

class _Resolver(TypedDict):
    name: str
    label: str
    group: str
    description: str
    live: bool

_Column = Union[Sequence[Optional[str]], pa.Array, Any]

def canon(input: str, base: Optional[str] = None, mode: str = "whatwg", encoding: str = "utf-8") -> str: ...
def parse(
    input: str,
    base: Optional[str] = None,
    mode: str = "whatwg",
    encoding: str = "utf-8",
    *,
    trace: bool = False,
) -> dict[str, Any]: ...
def compare(
    input: str,
    base: Optional[str] = None,
    encoding: str = "utf-8",
    *,
    check: Optional[str] = None,
    fetch: Optional[str] = None,
    stack: Optional[str] = None,
) -> dict[str, Any]: ...
def hosts(
    input: str,
    base: Optional[str] = None,
    encoding: str = "utf-8",
    resolvers: Optional[Sequence[str]] = None,
) -> dict[str, Any]: ...
def pair(
    input: str,
    base: Optional[str] = None,
    encoding: str = "utf-8",
    *,
    check: Optional[str] = None,
    fetch: Optional[str] = None,
    stack: Optional[str] = None,
) -> dict[str, Any]: ...
def same(
    a: str, b: str, base: Optional[str] = None, mode: str = "whatwg", encoding: str = "utf-8"
) -> dict[str, Any]: ...
def resolvers() -> list[_Resolver]: ...
def canon_many(
    inputs: _Column, bases: Union[None, str, _Column] = None, mode: str = "whatwg", encoding: str = "utf-8"
) -> pa.Array: ...
def parse_many(
    inputs: _Column, bases: Union[None, str, _Column] = None, mode: str = "whatwg", encoding: str = "utf-8"
) -> pa.StructArray: ...
