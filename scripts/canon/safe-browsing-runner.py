#!/usr/bin/env python3
"""safe-browsing-runner: answers URL requests with gglsbl, a Safe Browsing
v4 client, one JSON line per request, for the oracle of the `safe-browsing`
model (src/engine/canon_forms/safe_browsing.rs).

    VENV/bin/python scripts/canon/safe-browsing-runner.py < requests.jsonl > answers.jsonl
    VENV/bin/python scripts/canon/safe-browsing-runner.py --version

Each request is {"input": STRING, "base": STRING or null, ...}. A request
with a base is first joined with urllib.parse.urljoin(base, input), as
canon-runner.py does; the joined URL is recorded as "joined", a failed join
as {"join": {"error": ...}} and nothing else.

Each answer line holds "safe-browsing": either
{"canon": gglsbl.protocol.URL(url).canonical,
 "lookups": list(URL.url_permutations(canonical))}
or {"error": "Type: message"} when the canonicalization raises.
"""

import json
import sys
import warnings
from importlib.metadata import version
from urllib.parse import urljoin

from gglsbl.protocol import URL

# url_permutations calls urllib.parse's deprecated split* helpers.
warnings.simplefilter("ignore", DeprecationWarning)

PACKAGES = ["gglsbl"]


def failed(e):
    return {"error": f"{type(e).__name__}: {e}"}


def answer(url):
    try:
        canon = URL(url).canonical
    except Exception as e:  # every failure is an answer
        return failed(e)
    try:
        lookups = list(URL.url_permutations(canon))
    except Exception as e:
        return failed(e)
    return {"canon": canon, "lookups": lookups}


def main():
    if sys.argv[1:] == ["--version"]:
        print(json.dumps({p: version(p) for p in PACKAGES} | {"python": sys.version.split()[0]}))
        return
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
            print(json.dumps({"join": failed(e)}))
            continue
        a = {"safe-browsing": answer(url)}
        if base:
            a["joined"] = url
        print(json.dumps(a, ensure_ascii=True))


if __name__ == "__main__":
    main()
