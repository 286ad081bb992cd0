"""canon_many beside the Python URL parsers people use, in one process.

Runs, on the corpus (../shared/corpus/real-urls.txt by default):
- url_inspector.canon_many on a list of str, and on a pyarrow array;
- a Python loop over can_ada.parse(u).href (ada, the fastest binding);
- a Python loop over ada_url.URL(u).href (ada-url's binding);
- a Python loop over urllib.parse.urlsplit(u) (splits only: no canonical form);
each best of --repeat runs, and prints URLs per second and the ratio of
canon_many to the fastest of the others. Then checks canon_many's every answer
against `url-inspector batch` (mode whatwg), the command line's, and counts
where ada's href differs from ours.

    python python/bench/canon_many.py [--corpus FILE] [--repeat N] [--bin PATH]

Exits 1 when an answer differs from batch's, or when canon_many is not at
least twice as fast as the fastest loop (--min-ratio to change).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlsplit

import pyarrow as pa

import url_inspector

ROOT = Path(__file__).resolve().parents[2]


def best_of(repeat, run):
    best = float("inf")
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def ada_loop(urls):
    import can_ada

    out = []
    for u in urls:
        try:
            out.append(can_ada.parse(u).href)
        except ValueError:
            out.append(None)
    return out


def ada_url_loop(urls):
    import ada_url

    out = []
    for u in urls:
        try:
            out.append(ada_url.URL(u).href)
        except ValueError:
            out.append(None)
    return out


def urlsplit_loop(urls):
    out = []
    for u in urls:
        try:
            out.append(urlsplit(u))
        except ValueError:
            out.append(None)
    return out


def batch_answers(binary, urls):
    """`url-inspector batch`'s canonical URL for each input (None when invalid)."""
    requests = "".join(json.dumps({"input": u, "mode": "whatwg"}) + "\n" for u in urls)
    done = subprocess.run(
        [binary, "batch"], input=requests.encode(), capture_output=True, check=True
    )
    answers = []
    for line in done.stdout.decode().splitlines():
        a = json.loads(line)
        answers.append(None if a["invalid"] else a["canon"])
    return answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus/real-urls.txt"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--bin",
        default=os.environ.get("URL_INSPECTOR_TEST_BIN", str(ROOT / "target/release/url-inspector")),
    )
    parser.add_argument("--min-ratio", type=float, default=2.0)
    args = parser.parse_args()

    urls = Path(args.corpus).read_text(encoding="utf-8").splitlines()
    column = pa.array(urls, pa.string())
    n = len(urls)
    print(f"{n:,} URLs from {args.corpus}; {os.cpu_count()} cores; Python {sys.version.split()[0]}")
    runs = {
        f"url_inspector {version('url-inspector')} canon_many (list)": lambda: url_inspector.canon_many(urls),
        f"url_inspector {version('url-inspector')} canon_many (pyarrow)": lambda: url_inspector.canon_many(column),
        f"can_ada {version('can_ada')} loop": lambda: ada_loop(urls),
        f"ada-url {version('ada-url')} loop": lambda: ada_url_loop(urls),
        "urllib.parse.urlsplit loop": lambda: urlsplit_loop(urls),
    }
    times = {}
    results = {}
    for name, run in runs.items():
        times[name], results[name] = best_of(args.repeat, run)
        print(f"  {name:48} {times[name] * 1e3:8.1f} ms  {n / times[name] / 1e6:6.2f} M URLs/s")

    ours = [k for k in runs if k.startswith("url_inspector")]
    others = [k for k in runs if not k.startswith("url_inspector")]
    fastest_other = min(others, key=times.get)
    status = 0
    for name in ours:
        ratio = times[fastest_other] / times[name]
        print(f"  {name} is {ratio:.2f}x the fastest loop ({fastest_other})")
        if ratio < args.min_ratio:
            print(f"  FAIL: below {args.min_ratio}x")
            status = 1

    expected = batch_answers(args.bin, urls)
    for name in ours:
        got = results[name].to_pylist()
        differ = [i for i, (g, e) in enumerate(zip(got, expected)) if g != e]
        print(f"  {name}: {n - len(differ):,} of {n:,} equal to `url-inspector batch`")
        if differ or len(got) != len(expected):
            i = differ[0] if differ else 0
            print(f"  FAIL: first difference at line {i + 1}: {urls[i]!r}: {got[i]!r} != {expected[i]!r}")
            status = 1
    ours_list = results[ours[0]].to_pylist()
    for name in others[:2]:
        differ = [i for i, (a, b) in enumerate(zip(results[name], ours_list)) if a != b]
        print(f"  {name}: its href equals ours on {n - len(differ):,} of {n:,}")
        for i in differ[:3]:
            print(f"    line {i + 1}: {urls[i]!r}: {results[name][i]!r}, ours {ours_list[i]!r}")
    return status


if __name__ == "__main__":
    sys.exit(main())
