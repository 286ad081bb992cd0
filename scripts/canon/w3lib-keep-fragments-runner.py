#!/usr/bin/env python3
"""w3lib-keep-fragments-runner: answers URL requests with
w3lib.url.canonicalize_url(url, keep_fragments=True), one JSON line per
request, for the oracle of the w3lib model's keep_fragments switch.

    VENV/bin/python scripts/canon/w3lib-keep-fragments-runner.py < requests.jsonl > answers.jsonl

Requests and answers have the shapes canon-runner.py reads and writes: a
request with a base is joined first with urllib.parse.urljoin ("joined"
holds the result; "join" the error where urljoin raises), and the answer is
under the key "w3lib-keep-fragments", {"canon": TEXT} or
{"error": "Type: message"}.
"""

import json
import sys
from urllib.parse import urljoin

import w3lib.url


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        r = json.loads(line)
        url = r["input"]
        base = r.get("base")
        try:
            if base:
                url = urljoin(base, url)
        except Exception as e:
            print(json.dumps({"join": {"error": f"{type(e).__name__}: {e}"}}))
            continue
        try:
            out = {"canon": w3lib.url.canonicalize_url(url, keep_fragments=True)}
        except Exception as e:  # every failure is an answer
            out = {"error": f"{type(e).__name__}: {e}"}
        a = {"w3lib-keep-fragments": out}
        if base:
            a["joined"] = url
        print(json.dumps(a, ensure_ascii=True))


if __name__ == "__main__":
    main()
