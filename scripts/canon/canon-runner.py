#!/usr/bin/env python3
"""canon-runner: answers URL requests with the canonicalizers of crawlers,
archives and blocklists, one JSON line per request, for the oracles of the
"canonical forms" resolvers.

    VENV/bin/python scripts/canon/canon-runner.py < requests.jsonl > answers.jsonl
    VENV/bin/python scripts/canon/canon-runner.py --version

Each request is {"input": STRING, "base": STRING or null, ...}. A request
with a base is first joined with urllib.parse.urljoin(base, input): none of
these packages resolves references, and urljoin is what their users call
(Scrapy's response.urljoin, pywb's and warcprox's link handling).

Each answer line holds one key per canonicalizer, its value either
{"canon": TEXT} (with "ssurt" for urlcanon's) or {"error": "Type: message"}:

    surt              surt.surt(url), the package's defaults
    urlcanon-whatwg   str(urlcanon.whatwg(urlcanon.parse_url(url)))
    urlcanon-google   the same with urlcanon.google
    urlcanon-semantic the same with urlcanon.semantic
    w3lib             w3lib.url.canonicalize_url(url), its defaults

Bytes that are not UTF-8 (urlcanon works on bytes) are written with
surrogateescape, as "\\udcXX" in JSON, so nothing is lost.
"""

import json
import sys
from importlib.metadata import version
from urllib.parse import urljoin

import surt
import urlcanon
import w3lib.url

PACKAGES = ["surt", "urlcanon", "w3lib", "tldextract", "idna"]


def failed(e):
    return {"error": f"{type(e).__name__}: {e}"}


def text(b):
    return b.decode("utf-8", "surrogateescape") if isinstance(b, bytes) else b


def answer(url):
    out = {}
    try:
        out["surt"] = {"canon": text(surt.surt(url))}
    except Exception as e:  # every failure is an answer
        out["surt"] = failed(e)
    for name, canonicalizer in [
        ("urlcanon-whatwg", urlcanon.whatwg),
        ("urlcanon-google", urlcanon.google),
        ("urlcanon-semantic", urlcanon.semantic),
    ]:
        try:
            parsed = canonicalizer(urlcanon.parse_url(url))
            out[name] = {"canon": text(bytes(parsed)), "ssurt": text(parsed.ssurt())}
        except Exception as e:
            out[name] = failed(e)
    try:
        out["w3lib"] = {"canon": w3lib.url.canonicalize_url(url)}
    except Exception as e:
        out["w3lib"] = failed(e)
    return out


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
        a = answer(url)
        if base:
            a["joined"] = url
        print(json.dumps(a, ensure_ascii=True))


if __name__ == "__main__":
    main()
