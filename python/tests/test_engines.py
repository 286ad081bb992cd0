"""The engines people run: Polars, DuckDB and a local Spark (local[2]), each
given the 100,000 URLs of the corpus and held, row by row and byte for byte,
to `url-inspector table --format jsonl`; and the command line itself under
Spark's RDD.pipe, for clusters where no package can be installed."""

from __future__ import annotations

import json
import shlex

import pyarrow as pa
import pytest

import url_inspector as ui

from conftest import as_table_line, assert_same_lines, table_lines

pytestmark = pytest.mark.slow


def parsed_lines(urls, rows, resolver="whatwg"):
    return [as_table_line(n, u, resolver, p) for n, (u, p) in enumerate(zip(urls, rows), 1)]


def test_polars_on_the_corpus_is_the_table(binary, corpus, corpus_path):
    import polars as pl

    import url_inspector.polars  # noqa: F401  (the .url namespace)

    df = pl.DataFrame({"url": corpus})
    out = df.select(pl.col("url").url.parse().alias("parsed"), pl.col("url").url.canon().alias("canon"))
    rows = out["parsed"].to_list()
    assert_same_lines(parsed_lines(corpus, rows), table_lines(binary, corpus_path, "whatwg"), "Polars")
    assert out["canon"].to_list() == [r["canon"] for r in rows]


def test_polars_with_a_base_column_and_a_mode():
    import polars as pl

    from url_inspector.polars import canon

    df = pl.DataFrame({"url": ["../c", "http://A/%7e", None], "base": ["http://h/a/b", None, "http://h/"]})
    got = df.select(
        canon(pl.col("url"), base=pl.col("base"), mode="this").alias("c"),
        pl.col("url").url.canon(base="http://k/x/", mode="whatwg").alias("w"),
    )
    assert got["c"].to_list() == ["http://h/c", "http://a/~", None]
    assert got["w"].to_list() == ["http://k/c", "http://a/%7e", None]


def test_duckdb_on_the_corpus_is_the_table(binary, corpus, corpus_path):
    import duckdb

    from url_inspector.duckdb import register

    con = duckdb.connect()
    register(con)
    urls = pa.table({"n": pa.array(range(len(corpus))), "url": pa.array(corpus)})
    con.register("urls", urls)
    out = con.sql("SELECT url_parse(url) AS p, url_canon(url) AS c FROM urls ORDER BY n").arrow()
    if hasattr(out, "read_all"):  # a RecordBatchReader in newer DuckDB
        out = out.read_all()
    rows = out.column("p").to_pylist()
    assert_same_lines(parsed_lines(corpus, rows), table_lines(binary, corpus_path, "whatwg"), "DuckDB")
    assert out.column("c").to_pylist() == [r["canon"] for r in rows]


def test_duckdb_resolves_against_a_base_column_under_another_mode():
    import duckdb

    from url_inspector.duckdb import register

    con = duckdb.connect()
    register(con, mode="this", prefix="spec_")
    got = con.sql(
        "SELECT spec_resolve(u, b) FROM (VALUES ('../c', 'http://h/a/b'), ('x', NULL), (NULL, 'http://h/')) t(u, b)"
    ).fetchall()
    # "x" has no scheme and, under THIS, no base to resolve against: invalid.
    assert got == [("http://h/c",), (None,), (None,)]


def test_spark_on_the_corpus_is_the_table(binary, corpus, corpus_path, spark):
    from url_inspector.spark import with_canon, with_parsed

    df = spark.read.text(str(corpus_path))  # one column, "value", in file order
    out = with_canon(with_parsed(df, "value"), "value").toArrow()
    assert out.column("value").to_pylist() == corpus
    rows = out.column("parsed").to_pylist()
    assert_same_lines(parsed_lines(corpus, rows), table_lines(binary, corpus_path, "whatwg"), "Spark")
    assert out.column("canon").to_pylist() == [r["canon"] for r in rows]


def test_spark_with_a_base_column(spark):
    from url_inspector.spark import with_canon

    df = spark.createDataFrame([("../c", "http://h/a/b"), ("x", None), ("HTTP://A/%7e", None)], ["url", "base"])
    got = with_canon(df, base_column="base", mode="this").collect()
    assert [r.canon for r in got] == ["http://h/c", None, "http://a/~"]
    with pytest.raises(ValueError, match="not both"):
        with_canon(df, base="http://a/", base_column="base")


def test_the_command_line_under_rdd_pipe_is_the_table(binary, corpus, corpus_path, spark):
    lines = spark.sparkContext.textFile(str(corpus_path), minPartitions=2)
    command = shlex.join(
        [str(binary), "table", "-", "--input-format", "lines", "--format", "jsonl", "--resolvers", "whatwg"]
    )
    piped = lines.pipe(command).map(json.loads).collect()
    expected = [json.loads(line) for line in table_lines(binary, corpus_path, "whatwg")]
    assert len(piped) == len(expected)
    # Each partition is a table of its own, numbered from 1: all but the
    # line numbers is the one table's.
    for got, want in zip(piped, expected):
        got.pop("line")
        want.pop("line")
        assert got == want
