#!/usr/bin/env python3
"""urllib3-runner: answers URL requests with urllib3's parse_url, one JSON
line per request, for the server-parser oracles in tests/data/servers/ and
for the live `urllib3` resolver.

    ~/.cache/url-inspector-servers/venv/bin/python scripts/servers/urllib3-runner.py < requests.jsonl
    ~/.cache/url-inspector-servers/venv/bin/python scripts/servers/urllib3-runner.py --version

Run it with the venv that scripts/servers/install-runtimes makes: urllib3
2.8.0 and idna 3.20 (which parse_url imports for a host that is not ASCII,
and which every `requests` install brings) on the machine's CPython 3.11.7.

Input: one JSON object a line, {"input": STRING, "base": STRING or null}
(other keys are ignored). What is asked of the library (the project's
definition of a request, as a `requests` user resolving a link does it):

    joined = urllib.parse.urljoin(base, input)   only when base is not null
    u = urllib3.util.parse_url(joined if base is not null else input)
    then u.url (the library's serializer), u.scheme, u.auth, u.host,
    u.hostname, u.port, u.path, u.query, u.fragment, u.request_uri,
    u.netloc, u.authority

`requests` opens its connection to u.host (and u.port).

Output, in the same order, one object a line, flushed after each line (the
runner is also driven live, one request at a time):

    success: {"ok":true,["joined":...,]"url":...,"scheme":...,"auth":...,
              "host":...,"hostname":...,"port":int,"path":...,"query":...,
              "fragment":...,"request_uri":...,"netloc":...,
              "authority":...}   (null where the library gives None)
    failure: {"ok":false,"error":"LocationParseError: Failed to parse: ...",
              "stage":"urljoin"|"parse_url"|"<property>"[,"joined":...]}
             The error is "<exception class>: <message>"; "joined" is there
             when urljoin gave a string that parse_url then refused.

Strings: Python str in, str out, written with json.dumps (ensure_ascii off).
A str holding a lone surrogate (only possible when the JSON input had one)
is written {"bytes":"<hex of its UTF-8 with surrogatepass>"}; the request
files made by make-requests.js never hold one. No input makes the runner
die: every exception is an answer.
"""
import json
import sys
import urllib.parse as up

import idna
import urllib3
from urllib3.util import parse_url

PROPERTIES = (
    "url", "scheme", "auth", "host", "hostname", "port", "path", "query",
    "fragment", "request_uri", "netloc", "authority",
)


def enc(v):
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            return {"bytes": v.encode("utf-8", "surrogatepass").hex()}
    return v


def answer(inp, base):
    out = {"ok": True}
    stage = "urljoin"
    try:
        if base is not None:
            joined = up.urljoin(base, inp)
            out["joined"] = joined
        else:
            joined = inp
        stage = "parse_url"
        u = parse_url(joined)
        for name in PROPERTIES:
            stage = name
            out[name] = getattr(u, name)
    except Exception as e:  # noqa: BLE001 - every exception is an answer
        fail = {"ok": False, "error": f"{type(e).__name__}: {e}", "stage": stage}
        if "joined" in out:
            fail["joined"] = out["joined"]
        return {k: enc(v) for k, v in fail.items()}
    return {k: enc(v) for k, v in out.items()}


def main():
    if sys.argv[1:] == ["--version"]:
        print(
            f"urllib3 {urllib3.__version__}, idna {idna.__version__} "
            f"(IDNA data {idna.idnadata.__version__}), CPython {sys.version.split()[0]} "
            f"({urllib3.__file__})"
        )
        return
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    out = sys.stdout
    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            inp = req["input"]
            base = req.get("base")
        except Exception as e:  # noqa: BLE001
            # a line that is no request still gets its line back
            res = {"ok": False, "error": f"{type(e).__name__}: {e}", "stage": "request"}
        else:
            res = answer(inp, base)
        out.write(dumps(res))
        out.write("\n")
        out.flush()


if __name__ == "__main__":
    sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape", newline="\n")
    sys.stdout.reconfigure(encoding="utf-8", errors="strict", newline="\n")
    main()
