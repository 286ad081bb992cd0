#!/usr/bin/env python3
"""surt-options-runner: surt.surt(url, **options) with each documented
switch set away from its default, and with all four at once, for the oracle
of the `surt` resolver's --surt-options.

    VENV/bin/python scripts/canon/surt-options-runner.py [STEP] < requests.jsonl > answers.jsonl

Every STEP-th request is asked (10 unless given); each answer line holds
"index" (the request's line number from 0), "url" (joined with
urllib.parse.urljoin where there is a base) and one key per set of options,
named by the switches set (e.g. "with_scheme=True"), its value
{"canon": TEXT} or {"error": "Type: message"}.
"""

import json
import sys
from urllib.parse import urljoin

import surt

SETS = [
    {"with_scheme": True},
    {"trailing_comma": True},
    {"host_massage": False},
    {"reverse_ipaddr": False},
    {"with_scheme": True, "trailing_comma": True, "host_massage": False, "reverse_ipaddr": False},
]


def name(options):
    return ",".join(f"{k}={v}" for k, v in options.items())


def main():
    step = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for index, line in enumerate(sys.stdin):
        if index % step or not line.strip():
            continue
        r = json.loads(line)
        url = r["input"]
        try:
            if r.get("base"):
                url = urljoin(r["base"], url)
        except Exception:
            continue
        out = {"index": index, "url": url}
        for options in SETS:
            try:
                out[name(options)] = {"canon": surt.surt(url, **options)}
            except Exception as e:  # every failure is an answer
                out[name(options)] = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out, ensure_ascii=True))


if __name__ == "__main__":
    main()
