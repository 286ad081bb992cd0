#!/usr/bin/env python3
"""Writes tests/data/rfc3986-python-oracle.tsv: references resolved against
bases by the `rfc3986` package from PyPI (python-hyper, 2.0.0), an RFC 3986
implementation independent of fluent-uri and of url-inspector.

Only cases where that package follows RFC 3986 5.2 strictly are written:
its bases are normalized before use and its merge is wrong for a base path
without '/', so every base here is already normal and has an authority; its
resolution uppercases percent-escapes in the path, so only '%2E' (upper
case) is used. Its remove_dot_segments works on the literal segments '.'
and '..' only, as 5.2.4 does: that is the point of the file. Two of its
faults are left out too: it reads an empty authority ('//' then '/', '?',
'#' or the end) as none, and its segment list loses the root when '..'
climbs above it and an empty segment or the path's end follows, so
'/../' becomes '' where 5.2.4 gives '/'.

Run: pip install rfc3986==2.0.0 && python3 tests/data/rfc3986-python-oracle.py (from the repository root)
"""
import itertools

import rfc3986

BASES = [
    "http://a/b/c/d;p?q",
    "http://a",
    "http://a/b/c/",
    "foo://h/x/y",
]
HEADS = ["", "/"]
SEGMENTS = ["g", ".", "..", "%2E", "%2E%2E", ""]
TAILS = ["", "/", "?y#s"]


def references():
    seen = set()
    for head in HEADS:
        for depth in range(0, 4):
            for segs in itertools.product(SEGMENTS, repeat=depth):
                for tail in TAILS:
                    ref = head + "/".join(segs) + tail
                    if ref not in seen:
                        seen.add(ref)
                        yield ref


def climbs_above_root_then_empty(path):
    """Whether '..' climbs above the root of an absolute path and an empty
    segment (a '/' at the end, '//', a final '.' or '..') comes later."""
    depth, climbed = 0, False
    segments = path.split("/")[1:]
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if seg == "..":
            climbed = climbed or depth == 0
            depth = max(depth - 1, 0)
            if climbed and last:
                return True
        elif seg == ".":
            if climbed and last:
                return True
        elif seg == "":
            if climbed:
                return True
        else:
            depth += 1
    return False


def merged_path(ref, base):
    """The path 5.2.4 gets: the reference's, or merged with the base's."""
    path = ref.split("?")[0].split("#")[0]
    if path.startswith("/") or path == "":
        return path
    base_path = rfc3986.uri_reference(base).path or ""
    return base_path[: base_path.rfind("/") + 1] + path if base_path else "/" + path


def in_domain(ref, base):
    if ref.startswith("//"):
        return False
    return not climbs_above_root_then_empty(merged_path(ref, base))


def main():
    rows = []
    for base in BASES:
        for ref in filter(lambda r: in_domain(r, base), references()):
            target = rfc3986.uri_reference(ref).resolve_with(base, strict=True)
            rows.append(f"{ref}\t{base}\t{target.unsplit()}")
    with open("tests/data/rfc3986-python-oracle.tsv", "w", encoding="utf-8") as out:
        out.write("# reference\tbase\ttarget (python rfc3986 2.0.0, strict)\n")
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
