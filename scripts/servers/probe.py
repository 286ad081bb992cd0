#!/usr/bin/env python3
"""probe: asks all the runners about a few URLs and prints their answers side
by side (host and href, or the error), for checking a claim by hand.

    python3 scripts/servers/probe.py 'http://good.com\\@evil.com/' ['BASE']
    python3 scripts/servers/probe.py --file cases.jsonl    ({"input":..,"base":..} lines)
    python3 scripts/servers/probe.py --full ...            (whole answers)

Needs scripts/servers/install to have run. Strings are given as Python
would read them from the command line (no escape processing).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HOME = os.environ.get("URL_SERVERS_HOME", os.path.expanduser("~/.cache/url-inspector-servers"))
RUNNERS = {
    "whatwg": ["node", os.path.join(HERE, "whatwg-runner.js")],
    "python": [sys.executable, os.path.join(HERE, "python-runner.py")],
    "go": [os.path.join(HOME, "bin/go-runner")],
    "curl": [os.path.join(HOME, "bin/curl-runner")],
    "curl-transfer": [os.path.join(HOME, "bin/curl-runner"), "--transfer"],
}


def brief(lib, a):
    if not a["ok"]:
        return "ERROR " + (a["error"] if lib != "curl" and lib != "curl-transfer" else f'{a["error"]} ({a["message"]})')
    host = {"whatwg": a.get("hostname"), "python": a.get("hostname"), "go": a.get("hostname")}.get(lib, a.get("host"))
    extra = ""
    if lib == "python":
        extra = f' user={a["username"]!r}'
    elif lib == "go" and a["user_set"]:
        extra = f' user={a["username"]!r}'
    elif lib.startswith("curl") and a.get("user") is not None:
        extra = f' user={a["user"]!r}'
    return f"host={json.dumps(host, ensure_ascii=False)}{extra}  href={json.dumps(a.get('href'), ensure_ascii=False)}"


def main():
    args = sys.argv[1:]
    full = "--full" in args
    args = [a for a in args if a != "--full"]
    if args[:1] == ["--file"]:
        reqs = [json.loads(l) for l in open(args[1], encoding="utf-8") if l.strip()]
    else:
        reqs = [{"input": args[0], "base": args[1] if len(args) > 1 else None}]
    text = "".join(json.dumps({"input": r["input"], "base": r.get("base")}) + "\n" for r in reqs)
    out = {}
    for lib, cmd in RUNNERS.items():
        res = subprocess.run(cmd, input=text.encode(), capture_output=True, check=True).stdout.decode()
        out[lib] = [json.loads(l) for l in res.splitlines()]
    for i, r in enumerate(reqs):
        print(f"{json.dumps(r['input'], ensure_ascii=False)}  base={json.dumps(r.get('base'), ensure_ascii=False)}")
        for lib in RUNNERS:
            a = out[lib][i]
            print(f"  {lib:13} " + (json.dumps(a, ensure_ascii=False) if full else brief(lib, a)))


if __name__ == "__main__":
    main()
