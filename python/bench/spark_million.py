"""A local Spark (local[2]) job on 1,000,000 URLs: the corpus ten times over,
read with spark.read.text, each row given parse_many's struct and the
canonical URL through mapInArrow (url_inspector.spark). Runs the job once to
warm up, then times it into Spark's noop sink and again brought back to the
driver as Arrow, printing rows per second for each; then checks every row against `url-inspector table --format
jsonl` on the same file, byte for byte.

    python python/bench/spark_million.py [--corpus FILE] [--times N] [--bin PATH]

Exits 1 on the first row that differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus/real-urls.txt"))
    parser.add_argument("--times", type=int, default=10)
    parser.add_argument(
        "--bin",
        default=os.environ.get("URL_INSPECTOR_TEST_BIN", str(ROOT / "target/release/url-inspector")),
    )
    args = parser.parse_args()

    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    from url_inspector.spark import with_canon, with_parsed

    urls = Path(args.corpus).read_text(encoding="utf-8").splitlines() * args.times
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "urls.txt"
        path.write_text("".join(u + "\n" for u in urls), encoding="utf-8")

        spark = (
            SparkSession.builder.master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.memory", "4g")
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        def job():
            return with_canon(with_parsed(spark.read.text(str(path)), "value"), "value")

        def to_noop():
            # Spark's "noop" sink: the job's rows thrown away on the
            # executors, what a cluster's job does before it writes.
            job().write.format("noop").mode("overwrite").save()

        to_noop()  # the JVM's and the workers' warm-up, not counted
        started = time.perf_counter()
        to_noop()
        alone = time.perf_counter() - started
        started = time.perf_counter()
        out = job().toArrow()
        took = time.perf_counter() - started
        spark.stop()
        n = out.num_rows
        print(
            f"Spark {version('pyspark')} local[2], url_inspector {version('url-inspector')}: "
            f"{n:,} rows in {alone:.1f} s, {n / alone:,.0f} rows/s (to Spark's noop sink); "
            f"{took:.1f} s, {n / took:,.0f} rows/s with every row brought back to the driver as Arrow"
        )

        table = subprocess.run(
            [args.bin, "table", str(path), "--input-format", "lines", "--format", "jsonl",
             "--resolvers", "whatwg"],
            capture_output=True, check=True,
        ).stdout.decode().splitlines()
    if n != len(urls) or len(table) != n:
        print(f"FAIL: {n:,} rows back, {len(urls):,} sent, table wrote {len(table):,}")
        return 1
    values = out.column("value").to_pylist()
    parsed = out.column("parsed").to_pylist()
    canons = out.column("canon").to_pylist()
    for i, (url, p, c, line) in enumerate(zip(values, parsed, canons, table)):
        ours = json.dumps(
            {"line": i + 1, "input": url, "base": None, "encoding": "UTF-8", "whatwg": p["canon"],
             "whatwg_error": p["error"], "notes": p["notes"], "hosts": "agree", "error": None},
            ensure_ascii=False, separators=(",", ":"),
        )
        if url != urls[i] or ours != line or c != p["canon"]:
            print(f"FAIL: row {i + 1}:\n  Spark: {ours}\n  table: {line}")
            return 1
    print(f"every one of the {n:,} rows is table's, byte for byte")
    return 0


if __name__ == "__main__":
    sys.exit(main())
