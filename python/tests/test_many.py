"""Columns at a time: canon_many and parse_many, their inputs and their rows,
held to `url-inspector table`'s JSON lines."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest

import url_inspector as ui

from conftest import as_table_line, assert_same_lines, run, table_lines

URLS = ["HTTP://a/./b", "http://[::1", None, "../c", "http://ex.com:80/%7e?q#f"]


# python-live asks the machine's own Python (a live resolver: a column is one
# batch to its runner, as table sends it).
@pytest.mark.parametrize("mode", ["whatwg", "this", "rfc3986", "go", "surt", "safe-browsing", "python-live"])
def test_every_tricky_row_is_the_tables_row(binary, tricky, mode):
    requests = "".join(json.dumps({"input": i, "base": b}) + "\n" for i, b in tricky)
    out = run(
        binary, "table", "-", "--input-format", "jsonl", "--format", "jsonl",
        "--resolvers", mode, stdin=requests.encode(),
    )
    expected = out.decode().splitlines()
    inputs = [i for i, _ in tricky]
    bases = [b for _, b in tricky]
    parsed = ui.parse_many(inputs, bases, mode).to_pylist()
    canons = ui.canon_many(inputs, bases, mode).to_pylist()
    assert canons == [p["canon"] for p in parsed]
    got = [
        as_table_line(n, i, mode, p, b)
        for n, (i, b, p) in enumerate(zip(inputs, bases, parsed), start=1)
    ]
    assert_same_lines(got, expected, f"parse_many, mode {mode}")


def test_the_corpus_through_the_package_is_the_table_byte_for_byte(binary, corpus, corpus_path):
    for mode in ("whatwg", "this", "surt"):
        expected = table_lines(binary, corpus_path, mode)
        parsed = ui.parse_many(pa.array(corpus), mode=mode).to_pylist()
        got = [as_table_line(n, u, mode, p) for n, (u, p) in enumerate(zip(corpus, parsed), 1)]
        assert_same_lines(got, expected, f"parse_many, mode {mode}")
        assert ui.canon_many(corpus, mode=mode).to_pylist() == [p["canon"] for p in parsed]


def test_components_are_parses():
    row = ui.parse_many(["https://u:p@EX.com:8080/a/../b?q#f"]).to_pylist()[0]
    one = ui.parse("https://u:p@EX.com:8080/a/../b?q#f")
    for name, value in one["components"].items():
        assert row[name] == value, name
    assert [k for k in row] == [
        "invalid", "canon", "error", "scheme", "user", "password", "host", "port",
        "path", "query", "fragment", "notes",
    ]


@pytest.mark.parametrize(
    "column",
    [
        URLS,
        tuple(URLS),
        iter(URLS),
        pa.array(URLS, pa.string()),
        pa.array(URLS, pa.large_string()),
        pa.array(URLS, pa.string_view()),
        pa.chunked_array([URLS[:2], URLS[2:]], pa.string()),
        pa.array(URLS),
    ],
    ids=["list", "tuple", "iterator", "string", "large_string", "string_view", "chunked", "inferred"],
)
def test_every_kind_of_column_gives_the_same_answers(column):
    got = ui.canon_many(column, "http://base/x/y")
    assert isinstance(got, pa.Array) and got.type == pa.string()
    assert got.to_pylist() == [
        "http://a/b", None, None, "http://base/c", "http://ex.com/%7e?q#f",
    ]


def test_bases_one_each_one_for_all_or_none():
    inputs = ["b", "b", "http://x/"]
    assert ui.canon_many(inputs, ["http://a/", None, "http://z/"]).to_pylist() == [
        "http://a/b", None, "http://x/",
    ]
    assert ui.canon_many(inputs, "http://h/k/").to_pylist() == [
        "http://h/k/b", "http://h/k/b", "http://x/",
    ]
    assert ui.canon_many(inputs).to_pylist() == [None, None, "http://x/"]
    with pytest.raises(ValueError, match="bases has 1 rows and inputs has 3"):
        ui.canon_many(inputs, ["http://a/"])


def test_a_null_input_is_a_null_row():
    parsed = ui.parse_many(pa.array([None, "http://a/"]))
    assert parsed.null_count == 1 and parsed.to_pylist()[0] is None
    assert ui.canon_many(pa.nulls(3)).to_pylist() == [None, None, None]
    assert len(ui.canon_many([])) == 0 and len(ui.parse_many([])) == 0


def test_a_lone_surrogate_is_an_invalid_row_that_says_so():
    rows = ui.parse_many(["http://a/\ud800", "http://b/"]).to_pylist()
    assert rows[0]["invalid"] and rows[0]["canon"] is None
    assert "not valid Unicode" in rows[0]["error"] and "position 9" in rows[0]["error"]
    assert rows[0]["notes"] == [ui.NOTE_NOT_UNICODE]
    assert rows[1]["canon"] == "http://b/"


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: ui.canon_many([1, "x"]), TypeError, r"inputs\[0\] must be a str or None, got int"),
        (lambda: ui.canon_many(pa.array([1, 2])), TypeError, "must hold strings; got an Arrow array of type Int64"),
        (lambda: ui.canon_many("http://a/"), TypeError, "not one str"),
        (lambda: ui.canon_many(42), TypeError, "got int"),
        (lambda: ui.canon_many(["x"], mode="nope"), ValueError, 'unknown mode "nope"'),
        (lambda: ui.canon_many(["x"], encoding="nope"), ValueError, "unknown encoding label"),
    ],
)
def test_bad_columns_raise_naming_the_problem(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_column_in_another_encoding():
    assert ui.canon_many(["http://h/?é"], encoding="shift_jis", mode="this").to_pylist() == [
        ui.canon("http://h/?é", encoding="shift_jis", mode="this")
    ]


def test_the_gil_is_released_while_a_column_is_computed():
    import sys
    import threading
    import time

    column = pa.array(["http://example.com/a/../b?" + str(i) for i in range(200_000)])
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0)  # gives the GIL away each time round

    # No preemptive switching: the main thread keeps the GIL until it
    # releases it itself, so the other thread can tick during the call
    # only if the call lets the GIL go.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    t = threading.Thread(target=tick)
    try:
        t.start()
        time.sleep(0.01)
        before = len(ticks)
        ui.canon_many(column)
        during = len(ticks) - before
    finally:
        stop.set()
        sys.setswitchinterval(interval)
        t.join()
    assert during > 0
