#!/usr/bin/env python3
"""gen-idna2008-tables: writes src/engine/servers/urllib3/idna_tables.rs, the
Unicode data the `urllib3` model needs to check a host label the way the
`idna` package does when urllib3's parse_url calls idna.encode on it.

    ~/.cache/url-inspector-servers/venv/bin/python scripts/gen-idna2008-tables.py

Run it with the Python that answers the oracle (the venv of
scripts/servers/install-runtimes: CPython 3.11.7, idna 3.20), because the
label checks mix two sources of data and both must be the ones the oracle
ran with:

- idna's own tables, `idna/idnadata.py` (IDNA 2008 derived properties, its
  Unicode 18.0.0): the code point classes PVALID, CONTEXTJ and CONTEXTO,
  the joining types and the five scripts the CONTEXTO rules name;
- CPython's `unicodedata` (Unicode 14.0.0 in 3.11), which idna's
  check_label calls for everything else: the bidirectional class, the
  general category (a leading combining mark), the canonical combining
  class (a virama before a joiner), whether a code point has a name (a
  joiner's neighbour without one raises), and `str.lower()`, which
  urllib3 applies before idna: its single-code-point mappings and the two
  properties its final-sigma rule reads (case-ignorable, cased).

Nothing is approximated: every table is read from the running interpreter
or the installed package, and the script refuses to run on other versions.
"""
import os
import sys
import unicodedata

import idna
from idna import idnadata
from idna.intranges import _decode_range

IDNA_VERSION = "3.20"
PYTHON_VERSION = "3.11.7"
OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "src", "engine", "servers", "urllib3", "idna_tables.rs"
)

if idna.__version__ != IDNA_VERSION or sys.version.split()[0] != PYTHON_VERSION:
    sys.exit(
        f"gen-idna2008-tables: needs idna {IDNA_VERSION} on CPython {PYTHON_VERSION}, "
        f"found idna {idna.__version__} on {sys.version.split()[0]}"
    )

ALL = range(0x110000)


def ranges_of(pred):
    """Inclusive (first, last) runs of the code points where pred holds."""
    out = []
    start = None
    for c in ALL:
        if pred(c):
            if start is None:
                start = c
        elif start is not None:
            out.append((start, c - 1))
            start = None
    if start is not None:
        out.append((start, 0x10FFFF))
    return out


def intranges(t):
    """idna's packed ranges (start << 32 | end, end exclusive) as inclusive pairs."""
    out = []
    for r in t:
        lo, hi = _decode_range(r)
        out.append((lo, hi - 1))
    return out


def rust_ranges(name, doc, pairs):
    lines = [f"/// {doc}", "#[rustfmt::skip]", f"pub(super) static {name}: [(u32, u32); {len(pairs)}] = ["]
    row = []
    for lo, hi in pairs:
        row.append(f"(0x{lo:04X}, 0x{hi:04X})")
        if len(row) == 6:
            lines.append("    " + ", ".join(row) + ",")
            row = []
    if row:
        lines.append("    " + ", ".join(row) + ",")
    lines.append("];")
    return "\n".join(lines)


def rust_enum(name, doc, variants, allow=None):
    """A fieldless enum of the tags a tagged table holds, defined here so
    that the tables name nothing outside this file."""
    lines = [f"/// {doc}"]
    if allow:
        lines.append(f"#[allow({allow})]")
    lines += ["#[derive(Clone, Copy, Debug, PartialEq, Eq)]", f"pub(super) enum {name} {{"]
    lines += [f"    {v}," for v in variants]
    lines.append("}")
    return "\n".join(lines)


def rust_tagged(name, doc, kind, triples):
    lines = [f"/// {doc}", "#[rustfmt::skip]", f"pub(super) static {name}: [(u32, u32, {kind}); {len(triples)}] = ["]
    row = []
    for lo, hi, tag in triples:
        row.append(f"(0x{lo:04X}, 0x{hi:04X}, {kind}::{tag})")
        if len(row) == 4:
            lines.append("    " + ", ".join(row) + ",")
            row = []
    if row:
        lines.append("    " + ", ".join(row) + ",")
    lines.append("];")
    return "\n".join(lines)


def tagged_runs(tag_of):
    """Inclusive runs of equal tags (None: not in the table)."""
    out = []
    start, cur = None, None
    for c in ALL:
        t = tag_of(c)
        if t != cur:
            if cur is not None:
                out.append((start, c - 1, cur))
            start, cur = c, t
    if cur is not None:
        out.append((start, 0x10FFFF, cur))
    return out


BIDI_NAMES = {
    "L": "L", "R": "R", "AL": "AL", "EN": "EN", "ES": "ES", "ET": "ET", "AN": "AN", "CS": "CS",
    "NSM": "NSM", "BN": "BN", "B": "B", "S": "S", "WS": "WS", "ON": "ON", "LRE": "LRE", "LRO": "LRO",
    "RLE": "RLE", "RLO": "RLO", "PDF": "PDF", "LRI": "LRI", "RLI": "RLI", "FSI": "FSI", "PDI": "PDI",
}


def bidi_tag(c):
    d = unicodedata.bidirectional(chr(c))
    if d == "":
        return None
    return BIDI_NAMES[d]


joining_pairs = {jt: intranges(rs) for jt, rs in idnadata.joining_types.items()}
joining_index = {}
for jt in idnadata.joining_types:
    for lo, hi in joining_pairs[jt]:
        for c in range(lo, hi + 1):
            joining_index.setdefault(c, jt)  # the first type wins, as in _joining_type

SIGMA = "\u03a3"


def sigma_class(c):
    """What str.lower()'s final-sigma rule sees in c: 'I' case-ignorable
    (skipped), 'C' cased (and not case-ignorable), None neither. Read from
    lower() itself: after a cased 'a', U+03A3 is final when c is skipped or
    cased; after a '1' (neither), only when c is cased and not skipped."""
    if 0xD800 <= c <= 0xDFFF:
        return None
    ch = chr(c)
    after_a = ("a" + ch + SIGMA).lower().endswith("\u03c2")
    after_1 = ("1" + ch + SIGMA).lower().endswith("\u03c2")
    if after_1:
        return "C"
    if after_a:
        return "I"
    return None


def main():
    parts = []
    parts.append(
        "//! Generated by scripts/gen-idna2008-tables.py: do not edit.\n"
        f"//!\n"
        f"//! Sources: the `idna` package {idna.__version__} (`idna/idnadata.py`, IDNA data\n"
        f"//! {idnadata.__version__}) as installed beside urllib3 in the oracle's venv, and the\n"
        f"//! `unicodedata` module and `str.lower()` of CPython {sys.version.split()[0]} (Unicode\n"
        f"//! {unicodedata.unidata_version}), the interpreter that runs them. Ranges are inclusive\n"
        "//! (first, last) and sorted. The tags of the tagged tables are defined here:\n"
        "//! the tables name nothing outside this file."
    )
    parts.append(
        rust_enum(
            "Bidi",
            "A bidirectional class, as `unicodedata.bidirectional` names it.",
            BIDI_NAMES.values(),
            allow="clippy::upper_case_acronyms",
        )
    )
    parts.append(rust_enum("Joining", "A joining type of `idnadata.joining_types`.", idnadata.joining_types))
    cc = idnadata.codepoint_classes
    parts.append(rust_ranges("PVALID", "idnadata.codepoint_classes[\"PVALID\"].", intranges(cc["PVALID"])))
    parts.append(rust_ranges("CONTEXTJ", "idnadata.codepoint_classes[\"CONTEXTJ\"].", intranges(cc["CONTEXTJ"])))
    parts.append(rust_ranges("CONTEXTO", "idnadata.codepoint_classes[\"CONTEXTO\"].", intranges(cc["CONTEXTO"])))
    for script in ("Greek", "Han", "Hebrew", "Hiragana", "Katakana"):
        parts.append(
            rust_ranges(
                f"SCRIPT_{script.upper()}", f"idnadata.scripts[\"{script}\"].", intranges(idnadata.scripts[script])
            )
        )
    parts.append(
        rust_tagged(
            "JOINING",
            "idnadata.joining_types, as idna's _joining_type reads them (the first type that holds a code point).",
            "Joining",
            tagged_runs(lambda c: joining_index.get(c)),
        )
    )
    parts.append(
        rust_tagged(
            "BIDI",
            "unicodedata.bidirectional: the class of every assigned code point (an unassigned one has none, '').",
            "Bidi",
            tagged_runs(bidi_tag),
        )
    )
    parts.append(
        rust_ranges(
            "MARK",
            "unicodedata.category(c)[0] == 'M': the combining marks a label must not start with.",
            ranges_of(lambda c: unicodedata.category(chr(c))[0] == "M"),
        )
    )
    parts.append(
        rust_ranges(
            "VIRAMA",
            "unicodedata.combining(c) == 9: the viramas that allow a joiner after them.",
            ranges_of(lambda c: unicodedata.combining(chr(c)) == 9),
        )
    )
    parts.append(
        rust_ranges(
            "UNNAMED",
            "unicodedata.name(c) raises: idna's _combining_class raises ValueError for these when their class is 0.",
            ranges_of(lambda c: unicodedata.name(chr(c), None) is None),
        )
    )
    lower = []
    for c in ALL:
        if c < 0x80 or 0xD800 <= c <= 0xDFFF:
            continue
        ch = chr(c)
        low = ch.lower()
        if low != ch:
            lower.append((c, low))
    lines = [
        "/// str.lower() of each code point above U+007F that it changes, alone (U+03A3 also",
        "/// has the final-sigma rule, which reads [`CASE_IGNORABLE`] and [`CASED`]).",
        "#[rustfmt::skip]",
        f"pub(super) static LOWER: [(u32, &str); {len(lower)}] = [",
    ]
    row = []
    for c, low in lower:
        esc = "".join(f"\\u{{{ord(x):x}}}" for x in low)
        row.append(f'(0x{c:04X}, "{esc}")')
        if len(row) == 5:
            lines.append("    " + ", ".join(row) + ",")
            row = []
    if row:
        lines.append("    " + ", ".join(row) + ",")
    lines.append("];")
    parts.append("\n".join(lines))
    classes = {c: sigma_class(c) for c in ALL}
    parts.append(
        rust_ranges(
            "CASE_IGNORABLE",
            "What str.lower()'s final-sigma rule skips (Case_Ignorable), read from lower() itself.",
            ranges_of(lambda c: classes[c] == "I"),
        )
    )
    parts.append(
        rust_ranges(
            "CASED",
            "What str.lower()'s final-sigma rule counts as cased (Cased and not Case_Ignorable), read from lower() itself.",
            ranges_of(lambda c: classes[c] == "C"),
        )
    )
    text = "\n\n".join(parts) + "\n"
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"gen-idna2008-tables: wrote {os.path.normpath(OUT)} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
