#!/usr/bin/env python3
"""python-runner: answers URL requests with CPython's urllib.parse, one JSON
line per request, for the server-parser oracles in tests/data/servers/.

    python3 scripts/servers/python-runner.py < requests.jsonl > answers.jsonl
    python3 scripts/servers/python-runner.py --version

Run it with the python whose urllib.parse you want (the oracles use the
machine's python3, CPython 3.11.7 from pyenv: urllib.parse differs between
patch releases, e.g. the leading C0/space strip and bracketed-host checks
arrived in 3.11.4).

Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
What is asked of urllib.parse (the project's definition):

    joined = urljoin(base, input) if base is not None else input
    s = urlsplit(joined)
    then s.geturl(), s.scheme, s.netloc, s.username, s.password,
    s.hostname, s.port, s.path, s.query, s.fragment

Output, in the same order, one object a line:

    success: {"ok":true,"joined":...,"href":s.geturl(),"scheme":...,
              "netloc":...,"username":... or null,"password":... or null,
              "hostname":... or null,"port":int or null,"path":...,
              "query":...,"fragment":...}
    failure: {"ok":false,"error":"ValueError: Invalid IPv6 URL",
              "stage":"urljoin"|"urlsplit"|"port"|...}
             A failure in the .port property (non-numeric or out-of-range
             port) is a failure of the request; then "partial" holds every
             other part, for diagnosis.

Strings: Python str in, str out; written with json.dumps (ensure_ascii off),
so everything round-trips, controls escaped. A str holding a lone surrogate
(only possible when the JSON input had one) is written as
{"bytes":"<hex of its UTF-8 with surrogatepass>"}; the request files made by
make-requests.js never hold one.
"""
import json
import sys
import urllib.parse as up

ORDER = ("scheme", "netloc", "username", "password", "hostname", "port", "path", "query", "fragment")


def enc(v):
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            return {"bytes": v.encode("utf-8", "surrogatepass").hex()}
    return v


def answer(inp, base):
    stage = "urljoin"
    out = {}
    try:
        joined = up.urljoin(base, inp) if base is not None else inp
        stage = "urlsplit"
        s = up.urlsplit(joined)
        out["joined"] = joined
        stage = "geturl"
        out["href"] = s.geturl()
        for name in ORDER:
            stage = name
            out[name] = getattr(s, name)
    except Exception as e:  # noqa: BLE001 - every exception is an answer
        fail = {"ok": False, "error": f"{type(e).__name__}: {e}", "stage": stage}
        if out:
            # the parts that could be read (a .port failure leaves the rest)
            rest = {}
            for name in ORDER:
                try:
                    rest[name] = getattr(s, name)
                except Exception:  # noqa: BLE001
                    pass
            out.update(rest)
            fail["partial"] = {k: enc(v) for k, v in out.items()}
        return fail
    res = {"ok": True}
    res.update({k: enc(v) for k, v in out.items()})
    return res


def main():
    if sys.argv[1:] == ["--version"]:
        print(f"CPython {sys.version.split()[0]} ({up.__file__})")
        return
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    loads = json.loads
    out = sys.stdout
    write = out.write
    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            req = loads(line)
            inp = req["input"]
            base = req.get("base")
        except Exception as e:  # noqa: BLE001
            sys.exit(f"python-runner: line {n}: not a {{\"input\":...}} object: {e}")
        write(dumps(answer(inp, base)))
        write("\n")
        # One answer at a time when driven live: each line is flushed.
        out.flush()


if __name__ == "__main__":
    sys.stdin.reconfigure(encoding="utf-8", errors="strict", newline="\n")
    sys.stdout.reconfigure(encoding="utf-8", errors="strict", newline="\n")
    main()
