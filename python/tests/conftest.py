"""What the Python tests share: the command line to hold the package to, the
corpora, the table's JSON lines rebuilt from the package's columns, and a
local Spark.

The command line is `URL_INSPECTOR_TEST_BIN` or the repository's
`target/release/url-inspector` (`cargo build --release --bin url-inspector`).
The corpora are read from ../shared/corpus beside the checkout, or from
`URL_INSPECTOR_CORPUS`; where they are absent, the tests that need them say so
and are skipped, except under CI (`CI=true`), where that is a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _binary() -> Path:
    named = os.environ.get("URL_INSPECTOR_TEST_BIN")
    path = Path(named) if named else ROOT / "target/release/url-inspector"
    if not path.is_file():
        pytest.fail(
            f"the command line is not built at {path}: run `cargo build --release --bin "
            "url-inspector` or set URL_INSPECTOR_TEST_BIN",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def binary() -> Path:
    return _binary()


def run(binary: Path, *args: str, stdin: bytes | None = None) -> bytes:
    """The command's stdout (its exit code is not checked: canon exits 1 on an invalid URL)."""
    return subprocess.run([str(binary), *args], input=stdin, capture_output=True).stdout


def _corpus_dir() -> Path:
    return Path(os.environ.get("URL_INSPECTOR_CORPUS", ROOT.parent / "shared/corpus"))


def _corpus_file(name: str) -> Path:
    path = _corpus_dir() / name
    if not path.is_file():
        message = f"the corpus {path} is absent: the tests that read it check nothing here"
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        print(f"\n*** {message} ***", file=sys.stderr)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    """The 100,000 real URLs of ../shared/corpus/real-urls.txt."""
    return _corpus_file("real-urls.txt").read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    return _corpus_file("real-urls.txt")


def unescape(s: str) -> str:
    """Undoes tricky-urls.txt's escapes: \\t, \\n, \\r and \\\\."""
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            nxt = s[i + 1]
            out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}.get(nxt, "\\" + nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


@pytest.fixture(scope="session")
def tricky() -> list[tuple[str, str | None]]:
    """The web platform's URL test inputs, (input, base or None)."""
    pairs = []
    for line in _corpus_file("tricky-urls.txt").read_text(encoding="utf-8").splitlines():
        inp, _, base = line.partition("\t")
        pairs.append((unescape(inp), unescape(base) or None))
    return pairs


def table_lines(binary: Path, path: Path, resolver: str) -> list[str]:
    """`url-inspector table FILE --format jsonl --resolvers R`, line by line."""
    out = run(
        binary, "table", str(path), "--input-format", "lines", "--format", "jsonl",
        "--resolvers", resolver,
    )
    return out.decode("utf-8").splitlines()


def as_table_line(number: int, url: str, resolver: str, parsed: dict, base: str | None = None) -> str:
    """The line `table --format jsonl --resolvers R` writes for one input,
    made from a row of parse_many (or an engine's copy of it). One resolver:
    its host verdict is always "agree"."""
    row = {
        "line": number,
        "input": url,
        "base": base,
        "encoding": "UTF-8",
        resolver: parsed["canon"],
        f"{resolver}_error": parsed["error"],
        "notes": parsed["notes"],
        "hosts": "agree",
        "error": None,
    }
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))


def assert_same_lines(got: list[str], expected: list[str], who: str) -> None:
    assert len(got) == len(expected), f"{who}: {len(got)} rows, table has {len(expected)}"
    for i, (g, e) in enumerate(zip(got, expected)):
        if g != e:
            pytest.fail(f"{who}, row {i + 1}:\n  ours:  {g}\n  table: {e}", pytrace=False)


@pytest.fixture(scope="session")
def spark():
    """A local Spark with two workers, its Python the one running the tests."""
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("url-inspector tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
