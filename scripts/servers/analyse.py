#!/usr/bin/env python3
"""analyse: host-confusion figures for the server-parser oracles.

    python3 scripts/servers/analyse.py [DATA_DIR]      (default tests/data/servers)

Reads DATA_DIR/requests.jsonl and the answer files (python, go, curl,
curl-transfer, whatwg; .jsonl or .jsonl.gz), and writes
    DATA_DIR/hosts.jsonl.gz   one line a request: the normalised host of the
                              Standard and of each library, and the category
    DATA_DIR/confusion.json   the figures, per library and per source, with
                              examples
and prints a Markdown summary.

The host each answer would connect to:
    whatwg  .hostname ("" = none); a failed parse has none
    python  .hostname (None = none); any exception (.port included) = failure
    go      u.Hostname() ("" = none); err != nil = failure
    curl    CURLUPART_HOST (CURLUE_NO_HOST = none); a failed set = failure

Normalised spelling (norm() below), applied to every library and to the
Standard alike:
    1. a string that was not valid UTF-8 ({"bytes":hex}) is read as bytes;
    2. [..] brackets and an IPv6 zone ("%25zone" or "%zone") are dropped; a
       host that parses as IPv6 (ipaddress.IPv6Address) becomes
       "[" + its RFC 5952 text + "]";
    3. otherwise percent-decoding (bytes), then UTF-8 (failing that, the host
       is kept as "bytes:" + hex);
    4. non-ASCII (or any label starting "xn--") goes through UTS #46 as the
       Standard does (idna-helper.js, tr46); ASCII is lower-cased; if UTS #46
       fails, the lower-cased text is kept;
    5. a host that glibc's getaddrinfo(AI_NUMERICHOST, AF_INET) accepts
       (inet_aton's reading: 0x hex, 0 octal, 1 to 4 parts, no trailing dot)
       becomes dotted decimal;
    6. one trailing '.' is dropped from a name that is not an IPv4 address
       in any spelling (DNS reads "a.com." and "a.com" alike);
    7. where the Standard's URL is a file: URL, a library host "localhost"
       counts as no host (the Standard turns file://localhost/ into an empty
       host).

Categories (library L against the Standard W):
    same              both have a host, equal after normalising
    different         both have a host, different after normalising
    host-std-none     L has a host; W fails or has no host
    no-host           W has a host; L parses but has none
    refuses           W has a host; L fails
    both-none         neither has a host (failed or empty)
"different hosts" in the issue is read two ways below: "different" alone,
and "different" + "host-std-none" (every request where L would connect
somewhere the Standard would not).
"""
import gzip
import ipaddress
import json
import os
import socket
import subprocess
import sys
import urllib.parse
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIBS = ["python", "go", "curl", "curl-transfer"]


def open_any(path):
    if os.path.exists(path + ".gz"):
        return gzip.open(path + ".gz", "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def as_str(v):
    """A runner string; {"bytes": hex} (not UTF-8) comes back as bytes."""
    if isinstance(v, dict) and "bytes" in v:
        return bytes.fromhex(v["bytes"])
    return v


def raw_host(lib, a):
    """(status, host): status 'fail', 'none' or 'host'."""
    if not a["ok"]:
        return "fail", None
    if lib == "whatwg":
        h = a["hostname"]
    elif lib == "python":
        h = a["hostname"]
    elif lib == "go":
        h = as_str(a["hostname"])
    else:
        h = as_str(a["host"])
    if h is None or h == "" or h == b"":
        return "none", None
    return "host", h


_ipv4_cache = {}


def inet_aton(h):
    """dotted decimal if glibc reads h as a numeric IPv4 address, else None."""
    if h in _ipv4_cache:
        return _ipv4_cache[h]
    r = None
    if h and all(c.isascii() and (c.isalnum() or c == ".") for c in h):
        try:
            r = socket.getaddrinfo(h.encode(), None, socket.AF_INET, 0, 0, socket.AI_NUMERICHOST)[0][4][0]
        except (socket.gaierror, UnicodeError, ValueError):
            r = None
    _ipv4_cache[h] = r
    return r


def ipv6(h):
    inner = h[1:-1] if h.startswith("[") and h.endswith("]") else h
    if ":" not in inner:
        return None
    for sep in ("%25", "%"):
        if sep in inner:
            inner = inner.split(sep, 1)[0]
            break
    try:
        return "[" + ipaddress.IPv6Address(inner).compressed + "]"
    except ValueError:
        return None


class Normaliser:
    def __init__(self):
        self.stage1 = {}  # raw -> decoded str needing IDNA, or final
        self.idna = {}

    def pre(self, h):
        """Steps 1-3; returns ('done', value) or ('idna', text)."""
        if isinstance(h, bytes):
            try:
                h = h.decode("utf-8")
            except UnicodeDecodeError:
                return ("done", "bytes:" + h.hex())
        v6 = ipv6(h)
        if v6:
            return ("done", v6)
        if "%" in h:
            b = urllib.parse.unquote_to_bytes(h)
            try:
                h = b.decode("utf-8")
            except UnicodeDecodeError:
                return ("done", "bytes:" + b.hex())
            v6 = ipv6(h)
            if v6:
                return ("done", v6)
        if h.isascii() and "xn--" not in h.lower():
            return ("done", self.post(h.lower()))
        return ("idna", h)

    def post(self, a):
        v4 = inet_aton(a)
        if v4:
            return v4
        if a.endswith(".") and len(a) > 1:
            b = a[:-1]
            if not inet_aton(b):
                return b
        return a

    def prepare(self, hosts):
        need = set()
        for h in hosts:
            key = h if isinstance(h, str) else ("b", h)
            if key in self.stage1:
                continue
            st = self.pre(h)
            self.stage1[key] = st
            if st[0] == "idna":
                need.add(st[1])
        need = sorted(need)
        if need:
            res = subprocess.run(["node", os.path.join(HERE, "idna-helper.js")], input=json.dumps(need),
                                 capture_output=True, text=True, check=True).stdout
            for d, a in zip(need, json.loads(res)):
                self.idna[d] = a

    def __call__(self, h):
        key = h if isinstance(h, str) else ("b", h)
        st = self.stage1[key]
        if st[0] == "done":
            return st[1]
        a = self.idna.get(st[1])
        if a is None:
            a = st[1].lower()
        return self.post(a)


def category(ws, wh, ls, lh):
    if ws == "host" and ls == "host":
        return "same" if wh == lh else "different"
    if ls == "host":
        return "host-std-none"
    if ws == "host":
        return "refuses" if ls == "fail" else "no-host"
    return "both-none"


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "tests/data/servers")
    reqs = [json.loads(l) for l in open_any(os.path.join(data, "requests.jsonl"))]
    answers = {}
    for lib in ["whatwg"] + LIBS:
        p = os.path.join(data, f"answers-{lib}.jsonl")
        if os.path.exists(p) or os.path.exists(p + ".gz"):
            answers[lib] = [json.loads(l) for l in open_any(p)]
            assert len(answers[lib]) == len(reqs), lib
    libs = [l for l in LIBS if l in answers]
    raw = {lib: [raw_host(lib, a) for a in answers[lib]] for lib in answers}
    norm = Normaliser()
    norm.prepare([h for lib in raw for s, h in raw[lib] if s == "host"])
    n_host = {lib: [norm(h) if s == "host" else None for s, h in raw[lib]] for lib in raw}

    totals = {lib: Counter() for lib in libs}
    by_source = {lib: defaultdict(Counter) for lib in libs}
    by_family = {lib: defaultdict(Counter) for lib in libs}
    examples = {lib: defaultdict(list) for lib in libs}
    spelled = {lib: Counter() for lib in libs}  # raw spelling differs but normalised equal
    rows = []
    spelling = {lib: Counter() for lib in libs}  # raw text compare, lower-cased only
    for i, r in enumerate(reqs):
        ws, wh = raw["whatwg"][i][0], n_host["whatwg"][i]
        w_file = answers["whatwg"][i]["ok"] and answers["whatwg"][i]["protocol"] == "file:"
        row = {"whatwg": wh if ws == "host" else ws}
        for lib in libs:
            ls, lh = raw[lib][i][0], n_host[lib][i]
            if w_file and ls == "host" and lh == "localhost":
                ls, lh = "none", None
            if ws == "host" and ls == "host":
                rw, rl = spell(raw["whatwg"][i][1]), spell(raw[lib][i][1])
                spelling[lib]["both-host"] += 1
                if rw != rl:
                    spelling[lib]["spelled-differently"] += 1
            c = category(ws, wh, ls, lh)
            totals[lib][c] += 1
            by_source[lib][r["source"]][c] += 1
            if "family" in r:
                by_family[lib][r["family"]][c] += 1
            row[lib] = lh if ls == "host" else ls
            row[lib + "_cat"] = c
            if c == "same":
                rw = raw["whatwg"][i][1]
                rl = raw[lib][i][1]
                if isinstance(rl, str) and rl.strip("[]").lower() != rw.strip("[]").lower():
                    spelled[lib]["differs-in-spelling-only"] += 1
            if c in ("different", "host-std-none"):
                key = (c, r["source"] if r["source"] != "ssrf" else "ssrf:" + r["family"])
                if len(examples[lib][key]) < 4:
                    la = answers[lib][i]
                    examples[lib][key].append({
                        "line": i + 1, "input": r["input"], "base": r["base"],
                        "standard": answers["whatwg"][i].get("hostname") if answers["whatwg"][i]["ok"] else answers["whatwg"][i]["error"],
                        "library": as_jsonable(raw[lib][i][1]), "library_normalised": lh,
                        "library_href": as_jsonable(as_str(la.get("href"))) if la["ok"] else None,
                    })
        rows.append(row)

    with gzip.GzipFile(os.path.join(data, "hosts.jsonl.gz"), "wb", mtime=0) as f:
        for row in rows:
            f.write((json.dumps(row, ensure_ascii=False) + "\n").encode("utf-8"))

    n = len(reqs)
    summary = {"requests": n, "sources": dict(Counter(r["source"] for r in reqs)), "libraries": {}}
    for lib in libs:
        t = totals[lib]
        summary["libraries"][lib] = {
            "categories": dict(t),
            "different_pct": round(100 * t["different"] / n, 3),
            "different_or_std_none_pct": round(100 * (t["different"] + t["host-std-none"]) / n, 3),
            "spelling_only_differences": spelled[lib]["differs-in-spelling-only"],
            "spelled_differently_pct": round(100 * spelling[lib]["spelled-differently"] / n, 3),
            "any_disagreement_pct": round(100 * (n - t["same"] - t["both-none"]) / n, 3),
            "by_source": {s: dict(c) for s, c in sorted(by_source[lib].items())},
            "by_ssrf_family": {s: dict(c) for s, c in sorted(by_family[lib].items())},
            "examples": {f"{k[0]} / {k[1]}": v for k, v in sorted(examples[lib].items())},
        }
    with open(os.path.join(data, "confusion.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, ensure_ascii=False, indent=1)
        f.write("\n")

    cats = ["same", "different", "host-std-none", "no-host", "refuses", "both-none"]
    print(f"{n} requests\n")
    print("| library | " + " | ".join(cats) + " | different % | different + host-std-none % | spelled differently % | any disagreement % |")
    print("|---" * (len(cats) + 5) + "|")
    for lib in libs:
        t = totals[lib]
        print(f"| {lib} | " + " | ".join(str(t[c]) for c in cats) +
              f" | {100 * t['different'] / n:.2f} | {100 * (t['different'] + t['host-std-none']) / n:.2f}"
              f" | {100 * spelling[lib]['spelled-differently'] / n:.2f} | {100 * (n - t['same'] - t['both-none']) / n:.2f} |")
    for lib in libs:
        print(f"\n{lib} by source (different / host-std-none / refuses of total):")
        for s, c in sorted(by_source[lib].items()):
            tot = sum(c.values())
            print(f"  {s:10} {tot:7}  different {c['different']:6} ({100 * c['different'] / tot:.2f} %)"
                  f"  host-std-none {c['host-std-none']:6}  refuses {c['refuses']:6}")


def spell(h):
    """A host as written, for the spelling-level figure: brackets dropped,
    lower-cased, nothing else."""
    if isinstance(h, bytes):
        return "bytes:" + h.hex()
    return h.strip("[]").lower()


def as_jsonable(v):
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    return v


if __name__ == "__main__":
    main()
