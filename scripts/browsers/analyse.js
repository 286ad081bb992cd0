#!/usr/bin/env node
// Sorts each browser's departures from the URL Standard (whatwg-url's
// answers) into named classes, and says how many cases each class explains
// and which cases no class explains.
//
//   node scripts/browsers/analyse.js [--data DIR] [--examples N]
//
// Reads DIR/inputs.jsonl and DIR/answers-{whatwg-url,chromium,firefox,webkit}.jsonl.gz
// (DIR defaults to tests/data/browsers) and writes DIR/departures.json and
// DIR/departures-summary.txt.
//
// A case departs when the browser's answer differs from whatwg-url's in
// failure vs success or in any of the ten getters (two failures are equal,
// whatever their messages).
//
// Two kinds of class:
//  - a rule: a precise, testable statement of what the browser does. It may
//    rewrite the input and base before they are parsed by whatwg-url (and
//    fix the answer up afterwards, e.g. to put back a placeholder), and/or
//    edit the parsed answer (including turning it into a failure). A case is
//    explained by the smallest set of rules (at most three, composed in the
//    order listed: all rewrites, one parse, then all edits) that gives
//    exactly the browser's answer. A rule that changes the Standard's answer
//    on a case where the browser agrees with the Standard is counted as an
//    over-prediction, so every rule is tested both ways.
//  - a family: a predicate naming a part of the URL space the browser hands
//    to a different parser (Firefox's nsSimpleURI schemes, Chromium's own
//    standard schemes, ...), or a behaviour seen too rarely to be pinned down.
//    A departing case that no set of rules explains and that a family covers
//    is counted for that family. A case explained by several rules counts
//    once for each of them.
// Last, "base-refused": the browser refuses the base itself (as one of the
// rules predicts for the base alone), so it refuses the case.
//
// OVER_EXAMPLES=N in the environment keeps N over-predicted examples per rule
// (default 3) in departures.json, for hunting a rule's false positives.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const { URL } = require(path.join(__dirname, "node_modules", "whatwg-url"));
const tr46 = require(path.join(__dirname, "node_modules", "tr46"));

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dataDir = opt("--data", path.join(__dirname, "..", "..", "tests", "data", "browsers"));
const exampleCount = Number(opt("--examples", "5"));
const GETTERS = ["href", "protocol", "username", "password", "hostname", "host", "port", "pathname", "search", "hash"];
const FAIL = Object.freeze({ failure: true });
const SPECIAL = new Set(["http", "https", "ws", "wss", "ftp", "file"]);

// ---- helpers ---------------------------------------------------------------
function readJsonl(file) {
  let text = fs.readFileSync(file);
  if (file.endsWith(".gz")) text = zlib.gunzipSync(text);
  return text.toString("utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}
function parse(input, base) {
  try {
    const u = base === null ? new URL(input) : new URL(input, base);
    const a = {};
    for (const g of GETTERS) a[g] = u[g];
    return a;
  } catch {
    return FAIL;
  }
}
function same(a, b) {
  if (a.failure || b.failure) return Boolean(a.failure) === Boolean(b.failure);
  return GETTERS.every((g) => a[g] === b[g]);
}
// The Standard's pre-processing: strip leading/trailing C0 controls and
// spaces, remove tabs and newlines.
const trim = (s) => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
const schemeOf = (s) => {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s);
  return m ? m[1].toLowerCase() : null;
};
const protoName = (a) => (a.failure ? null : a.protocol.slice(0, -1));
// Splits an href into its serialized parts: scheme, authority (or null),
// path, query (or null), fragment (or null).
function split(href) {
  const colon = href.indexOf(":");
  const scheme = href.slice(0, colon);
  let rest = href.slice(colon + 1);
  let authority = null;
  if (rest.startsWith("//")) {
    const end = rest.slice(2).search(/[/?#]/);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, 2 + end);
    rest = end < 0 ? "" : rest.slice(2 + end);
  }
  const hashAt = rest.indexOf("#");
  const fragment = hashAt < 0 ? null : rest.slice(hashAt + 1);
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const qAt = rest.indexOf("?");
  const query = qAt < 0 ? null : rest.slice(qAt + 1);
  const p = qAt < 0 ? rest : rest.slice(0, qAt);
  return { scheme, authority, path: p, query, fragment };
}
// Rebuilds an answer from parts (the getters as the Standard derives them).
function fromParts(parts) {
  const { scheme, authority, query, fragment } = parts;
  let p = parts.path;
  let username = "", password = "", hostname = "", port = "";
  if (authority !== null) {
    const at = authority.lastIndexOf("@");
    const userinfo = at < 0 ? null : authority.slice(0, at);
    let hostport = at < 0 ? authority : authority.slice(at + 1);
    if (userinfo !== null) {
      const c = userinfo.indexOf(":");
      username = c < 0 ? userinfo : userinfo.slice(0, c);
      password = c < 0 ? "" : userinfo.slice(c + 1);
    }
    const m = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostport);
    hostname = m ? m[1] : hostport;
    port = m && m[2] !== undefined ? m[2] : "";
  }
  const href = `${scheme}:${authority !== null ? "//" + authority : ""}${p}${query !== null ? "?" + query : ""}${fragment !== null ? "#" + fragment : ""}`;
  const pathname = authority === null && p.startsWith("/.//") ? p.slice(2) : p;
  return {
    href, protocol: scheme + ":", username, password, hostname, host: hostname + (port ? ":" + port : ""),
    port, pathname, search: query ? "?" + query : "", hash: fragment ? "#" + fragment : "",
  };
}
const edit = (answer, change) => {
  if (answer.failure) return null;
  const parts = split(answer.href);
  change(parts);
  const out = fromParts(parts);
  return same(out, answer) ? null : out;
};
const hasOpaquePath = (a) => !a.failure && !a.pathname.startsWith("/") && !split(a.href).authority;
// The authority as written in the input (for an input with "//" after an
// optional scheme), or null.
function inputAuthority(t) {
  const m = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?[\\/]{2}([^\\/?#]*)/.exec(t);
  return m ? m[1] : null;
}
function inputHost(t) {
  const a = inputAuthority(t);
  if (a === null) return null;
  const h = a.slice(a.lastIndexOf("@") + 1);
  return h.startsWith("[") ? h : h.replace(/:[^:]*$/, "");
}
const percentDecode = (s) => {
  try { return decodeURIComponent(s); } catch { return s; }
};
// What the URL Standard's ToASCII would say of an ASCII domain it lets
// through unchecked (the ASCII fast path): null when UTS #46 fails it.
const uts46Fails = (host) => tr46.toASCII(host, {
  checkHyphens: false, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: false,
  transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false,
}) === null;
const isSpecialAnswer = (a) => !a.failure && SPECIAL.has(protoName(a));
const firstPart = (t) => t.split(/[?#]/)[0];

// Re-parses with the input (and base) changed; returns null if the same.
function reparse(c, input, base = c.base) {
  const out = parse(input, base);
  return same(out, c.std) ? null : out;
}

// ---- rule helpers ------------------------------------------------------------
// Cut a (trimmed) string into the part before the first ? or #, and the rest.
const headTail = (t) => {
  const cut = t.search(/[?#]/);
  return cut < 0 ? [t, ""] : [t.slice(0, cut), t.slice(cut)];
};
const isFileCase = (c) => schemeOf(c.trimmed) === "file" || (schemeOf(c.trimmed) === null && c.base !== null && schemeOf(c.base) === "file");
const nonSpecialBase = (c) => c.base !== null && !c.baseAnswer.failure && !SPECIAL.has(protoName(c.baseAnswer)) && !hasOpaquePath(c.baseAnswer);
// For an input whose authority a special-scheme parser would read: the text
// before the authority, the userinfo (with its "@"), the host[:port], and the rest.
function specialAuthority(c) {
  const t = c.trimmed;
  const s = schemeOf(t);
  const bs = c.base === null ? null : schemeOf(c.base);
  let m;
  if (s !== null) {
    if (!SPECIAL.has(s)) return null;
    if (s === "file") m = /^([a-zA-Z]+:[\\/]{2})()([^\\/?#]*)(.*)$/.exec(t);
    else {
      if (s === bs && !/^[a-zA-Z][a-zA-Z0-9+.-]*:[\\/]{2}/.test(t)) return null;
      m = /^([a-zA-Z][a-zA-Z0-9+.-]*:[\\/]*)()([^\\/?#]*)(.*)$/.exec(t);
    }
  } else {
    if (bs === null || !SPECIAL.has(bs)) return null;
    m = /^([\\/]{2})()([^\\/?#]*)(.*)$/.exec(t);
  }
  if (!m) return null;
  const at = m[3].lastIndexOf("@");
  return { prefix: m[1], userinfo: m[3].slice(0, at + 1), hostport: m[3].slice(at + 1), rest: m[4] };
}
const setPathname = (a, pathname) => (a.failure || a.pathname === pathname ? null : { ...a, pathname });

// ---- shared rules ------------------------------------------------------------
const xnLabelRefused = {
  name: "invalid-xn-label-refused",
  summary: "An ASCII host with a label that UTS #46 ToASCII rejects (typically an xn-- label that is not valid Punycode, that decodes to nothing or to ASCII only, or to a label UTS #46 disallows) is refused. The Standard lowercases an ASCII host and takes it without ToASCII (whatwg-url: \"for web compatibility an ASCII domain is returned lowercased regardless of ToASCII's outcome\").",
  rule: "Special URL whose host is ASCII after percent-decoding, not an IP address, and fails UTS #46 ToASCII with the Standard's options (CheckHyphens=false, CheckBidi=true, CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional=false, VerifyDnsLength=false, IgnoreInvalidPunycode=false): TypeError.",
  edit: (c, a) => {
    if (!isSpecialAnswer(a) || a.hostname === "" || a.hostname.startsWith("[") || /^[\d.]+$/.test(a.hostname)) return null;
    return uts46Fails(a.hostname) ? FAIL : null;
  },
};
const opaqueTrailingSpace = {
  name: "opaque-path-space-before-query-or-fragment-kept",
  summary: "A space at the end of an opaque path, just before \"?\" or \"#\", stays a raw space. The Standard (whatwg/url, 2025) writes that last space as %20 so that the URL re-parses the same.",
  rule: "Result has an opaque path; the input's part before the first \"?\"/\"#\" ends with U+0020 and a query or fragment follows: the Standard's final %20 of the path is a space.",
  edit: (c, a) => {
    if (!hasOpaquePath(a) || !/ $/.test(firstPart(c.trimmed)) || !/[?#]/.test(c.trimmed)) return null;
    return edit(a, (p) => { if (p.path.endsWith("%20")) p.path = p.path.slice(0, -3) + " "; });
  },
};
const backslashNonSpecial = {
  name: "backslash-reference-against-non-special-base",
  summary: "A relative reference that starts with a backslash, against a non-special base, has its leading backslashes read as slashes: \"\\\\a\" is path-absolute and \"\\\\\\\\h/x\" or \"/\\\\h/x\" names a host. The Standard treats \"\\\\\" as an ordinary code point in non-special URLs.",
  rule: "Base non-special with a hierarchical path; trimmed input has no scheme and starts with \"\\\\\" or \"/\\\\\": the browser parses the input with its first two code points, where they are \"/\" or \"\\\\\", turned into \"/\" (later backslashes stay).",
  rewrite: (c) => {
    if (!nonSpecialBase(c) || schemeOf(c.trimmed) !== null || !/^(\\|\/\\)/.test(c.trimmed)) return null;
    const lead = /^[\\/]{1,2}/.exec(c.trimmed)[0];
    return { input: "/".repeat(lead.length) + c.trimmed.slice(lead.length), base: c.base };
  },
};

// ---- WebKit ----------------------------------------------------------------
const webkit = [
  xnLabelRefused,
  backslashNonSpecial,
  {
    name: "special-scheme-colon-slash-alone-refused",
    summary: "The input \"http:/\" (a special scheme, one slash, nothing after) against a base with the same scheme is refused; the Standard gives the base's origin with path \"/\".",
    rule: "Trimmed input is exactly SCHEME \":/\" with SCHEME special and not file, and the base has the same scheme: TypeError. (\"http:\\\\\", \"http:/x\", \"http:/?q\", \"http:/#f\" and \"file:/\" are parsed as the Standard says.)",
    edit: (c, a) => {
      const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/$/.exec(c.trimmed);
      if (!m || c.base === null || a.failure) return null;
      const s = m[1].toLowerCase();
      return SPECIAL.has(s) && s !== "file" && schemeOf(c.base) === s ? FAIL : null;
    },
  },
  {
    name: "non-special-userinfo-empty-path-gets-slash",
    summary: "A non-special URL whose authority contains \"@\" (even with empty credentials) and whose path is empty, followed by a query or fragment, gets the path \"/\".",
    rule: "Result non-special with a host, empty path and a \"?\" or \"#\"; the input's authority contains \"@\": path \"/\" (href gains \"/\" before \"?\"/\"#\"). Without \"@\" (sc://h?x) or without query and fragment (sc://u@h) it agrees with the Standard.",
    edit: (c, a) => {
      if (a.failure || SPECIAL.has(protoName(a))) return null;
      const parts = split(a.href);
      if (parts.authority === null || parts.path !== "" || (parts.query === null && parts.fragment === null)) return null;
      const auth = inputAuthority(c.trimmed);
      if (auth === null || !auth.includes("@")) return null;
      return edit(a, (p) => { p.path = "/"; });
    },
  },
  {
    name: "pathname-getter-drops-leading-slash-dot",
    summary: "For a URL without a host whose path starts with \"/.\" (a first segment such as \".foo\" or \"..:x\"), the pathname getter leaves out that \"/.\"; href is right. WebKit seems to take the \"/.\" for the Standard's \"/.\" path prefix, which is only written when the path starts with \"//\".",
    rule: "Result without authority whose path starts with \"/.\" followed by a code point other than \"/\": pathname = path minus its first two code points.",
    edit: (c, a) => {
      if (a.failure || split(a.href).authority !== null || !/^\/\.[^/]/.test(a.pathname)) return null;
      return setPathname(a, a.pathname.slice(2));
    },
  },
];

// ---- Chromium ----------------------------------------------------------------
const CHROMIUM_STANDARD_SCHEMES = new Set(["chrome", "chrome-extension", "chrome-untrusted", "devtools", "isolated-app",
  "chrome-search", "chrome-error", "chrome-native", "chrome-guest", "chrome-distiller"]);
const CHROMIUM_PATH_ONLY_SCHEMES = new Set(["android", "drivefs", "chromeos-steam", "steam", "materialized-view"]);
const SPACE_LIKE = /[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]|%20/g;
const chromium = [
  {
    name: "registered-standard-schemes-parsed-like-http",
    summary: "Schemes Chromium registers as its own standard schemes (chrome:, chrome-extension:, chrome-untrusted:, devtools:, isolated-app:, chrome-search:, chrome-distiller:, ...) are parsed like http: (authority required, \"//\" implied, \"\\\\\" read as \"/\", dot segments, IPv4/IDNA host canonicalisation, special percent-encode sets) and keep neither credentials nor port, valid or not.",
    rule: "Input scheme (or the base's, for a relative reference) in that list: the result is what http: would give for the same input and base after removing the userinfo and the text after the last \":\" of the authority (the port, whatever it holds), with the scheme put back. A host that still contains \":\" is refused.",
    rewrite: (c) => {
      const s = schemeOf(c.trimmed);
      const bs = c.base === null ? null : schemeOf(c.base);
      const own = s !== null ? s : bs;
      if (!CHROMIUM_STANDARD_SCHEMES.has(own)) return null;
      const swap = (str) => {
        if (str === null || !CHROMIUM_STANDARD_SCHEMES.has(schemeOf(trim(str)))) return str;
        const t = trim(str);
        const colon = t.indexOf(":");
        // Drop the port (whatever it is) before the http: parser sees it.
        const m = /^([\\/]*)([^\\/?#]*)(.*)$/.exec(t.slice(colon + 1));
        const at = m[2].lastIndexOf("@");
        const hostport = m[2].slice(at + 1);
        const host = hostport.startsWith("[") ? hostport.replace(/^(\[[^\]]*\]?).*$/, "$1") : hostport.replace(/:[^:]*$/, "");
        return "http://" + host + m[3];
      };
      return { input: swap(c.trimmed), base: swap(c.base),
        post: (a) => (a.failure ? a : fromParts({ ...split(a.href), scheme: own })) };
    },
  },
  {
    name: "data-url-keeps-tab-and-newline",
    summary: "In a data: URL, tabs and newlines inside the URL are kept, written %09, %0A, %0D; the Standard removes them from the whole input first.",
    rule: "Input with scheme data: (after stripping leading/trailing C0 and space): U+0009, U+000A, U+000D after \"data:\" are percent-encoded instead of removed; inside the host of a data://host URL they make it fail (forbidden host code points); in its userinfo they are encoded.",
    rewrite: (c) => {
      if (schemeOf(c.trimmed) !== "data") return null;
      const left = c.input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
      const colon = left.indexOf(":");
      if (!/[\t\n\r]/.test(left.slice(colon))) return null;
      const enc = (s) => s.replace(/[\t\n\r]/g, (ch) => "%0" + ch.charCodeAt(0).toString(16).toUpperCase());
      const auth = /^[^:]*:\/\/([^/?#]*)/.exec(left);
      const post = auth && /[\t\n\r]/.test(auth[1].slice(auth[1].lastIndexOf("@") + 1)) ? () => FAIL : undefined;
      return { input: left.slice(0, colon) + enc(left.slice(colon)), base: c.base, post };
    },
  },
  {
    name: "pipe-in-path-percent-encoded",
    summary: "\"|\" in a hierarchical path is written %7C, in every scheme, so \"C|\" is never a Windows drive letter (file:///C|/x stays file:///C%7C/x; \"C|/x\" against a file: base is an ordinary relative path).",
    rule: "Every \"|\" before the first \"?\"/\"#\" of the input and of the base is read as %7C (query, fragment and opaque paths keep \"|\"; a \"|\" in a host is refused as the Standard refuses it).",
    rewrite: (c) => {
      const fix = (s, base) => {
        if (s === null || !s.includes("|")) return s;
        const [h, t] = headTail(s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, ""));
        const sch = schemeOf(trim(h)) || (base ? schemeOf(base) : null);
        const auth = (SPECIAL.has(sch) ? /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?(?:[\\/]{2}[^\\/?#]*)?/ : /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?(?:\/\/[^/?#]*)?/).exec(h)[0];
        return auth + h.slice(auth.length).replace(/\|/g, "%7C") + t;
      };
      if (!c.trimmed.includes("|") && !(c.base || "").includes("|")) return null;
      return { input: fix(c.input, c.base), base: fix(c.base, null), post: (a) => (!a.failure && hasOpaquePath(a) ? parse(c.trimmed, c.base) : a) };
    },
  },
  {
    name: "host-space-escaped",
    summary: "In special hosts a space (also written %20, or a code point that UTS #46 maps to a space: U+00A0, U+2000..U+200A, U+202F, U+205F, U+3000, ...) is accepted and written %20; the Standard refuses it as a forbidden domain code point (crbug.com/1416013).",
    rule: "Special URL whose host, after percent-decoding and UTS #46 mapping, contains U+0020 and something else: the browser parses the host as if the spaces were ordinary code points and writes each as %20.",
    rewrite: (c) => {
      const m = specialAuthority(c);
      if (!m) return null;
      SPACE_LIKE.lastIndex = 0;
      if (!SPACE_LIKE.test(m.hostport)) return null;
      SPACE_LIKE.lastIndex = 0;
      return {
        input: m.prefix + m.userinfo + m.hostport.replace(SPACE_LIKE, "qzspcq") + m.rest, base: c.base,
        post: (a) => (a.failure ? a : fromParts({ ...split(a.href), authority: split(a.href).authority.replace(/qzspcq/g, "%20") })),
      };
    },
  },
  {
    name: "host-asterisk-escaped",
    summary: "\"*\" in a special host is written %2A; the Standard keeps it (crbug.com/1416013).",
    rule: "Special URL whose host contains \"*\" (raw or %2A): each becomes %2A in host and href.",
    edit: (c, a) => (!isSpecialAnswer(a) || !a.hostname.includes("*")) ? null : edit(a, (p) => {
      const at = p.authority.lastIndexOf("@");
      p.authority = p.authority.slice(0, at + 1) + p.authority.slice(at + 1).replace(/\*/g, "%2A");
    }),
  },
  {
    name: "ipv6-host-percent-decoded",
    summary: "A special host is percent-decoded before the browser looks for \"[\", so http://%5B::1]/ and http://[::%31]/ are the IPv6 address ::1; the Standard refuses both.",
    rule: "Special URL whose host contains \"%\" and, percent-decoded, is \"[\" ... \"]\": parsed as that IPv6 literal.",
    rewrite: (c) => {
      const m = specialAuthority(c);
      if (!m || !m.hostport.includes("%")) return null;
      const d = percentDecode(m.hostport);
      if (!/^\[.*\]/.test(d)) return null;
      return { input: m.prefix + m.userinfo + d + m.rest, base: c.base };
    },
  },
  {
    name: "apostrophe-in-non-special-query-encoded",
    summary: "\"'\" in the query of a non-special URL is written %27; the Standard does so only for special URLs.",
    rule: "Result non-special: every \"'\" in the query becomes %27.",
    edit: (c, a) => (a.failure || SPECIAL.has(protoName(a)) || !a.search.includes("'")) ? null
      : edit(a, (p) => { p.query = p.query.replace(/'/g, "%27"); }),
  },
  {
    name: "apostrophe-in-userinfo-encoded",
    summary: "\"'\" in a username or password is written %27; the Standard's userinfo percent-encode set does not contain it.",
    rule: "Any URL with credentials: every \"'\" in username and password becomes %27.",
    edit: (c, a) => (a.failure || !(a.username + a.password).includes("'")) ? null
      : edit(a, (p) => {
        const at = p.authority.lastIndexOf("@");
        p.authority = p.authority.slice(0, at).replace(/'/g, "%27") + p.authority.slice(at);
      }),
  },
  opaqueTrailingSpace,
  {
    name: "file-localhost-kept",
    summary: "file://localhost/ keeps \"localhost\" as its host (also when the base is such a URL); the Standard empties it.",
    rule: "A file: URL (input or base) whose host is \"localhost\" after percent-decoding and UTS #46 mapping, and whose path does not start with a drive letter, keeps host \"localhost\" (file://localhost/c:/x loses it, as in the Standard); its path is then not collapsed (see file-leading-empty-segments-collapsed).",
    rewrite: (c) => {
      const fix = (s) => {
        if (s === null) return s;
        const t = trim(s);
        const m = /^((?:file:)?[\\/]{2}(?:[^\\/?#@]*@)?)([^\\/?#]*)(.*)$/i.exec(t);
        if (!m || (!/^file:/i.test(t) && !isFileCase({ trimmed: t, base: c.base }))) return s;
        let mapped = null;
        try { mapped = tr46.toASCII(percentDecode(m[2]), { transitionalProcessing: false }); } catch {}
        return mapped === "localhost" && !/^[\\/][a-zA-Z][:|](?:[\\/?#]|$)/.test(m[3]) ? m[1] + "qzlocalhostq" + m[3] : s;
      };
      const input = isFileCase(c) ? fix(c.trimmed) : c.trimmed;
      const base = c.base !== null && schemeOf(c.base) === "file" ? fix(c.base) : c.base;
      if (input === c.trimmed && base === c.base) return null;
      return { input, base, post: (a) => (a.failure ? a : fromParts({ ...split(a.href), authority: split(a.href).authority === null ? null : split(a.href).authority.replace("qzlocalhostq", "localhost") })) };
    },
  },
  {
    name: "file-drive-letter-authority-refused",
    summary: "file://C:/ and file://C|/ (a drive letter where the host goes) are refused; the Standard moves the drive letter into the path.",
    rule: "file: input (or a scheme-relative reference against a file: base) whose authority is an ASCII letter followed by \":\" or \"|\": TypeError.",
    edit: (c, a) => {
      if (a.failure || protoName(a) !== "file" || !isFileCase(c)) return null;
      const au = inputAuthority(c.trimmed);
      return au !== null && /^[a-zA-Z][:|]$/.test(au) ? FAIL : null;
    },
  },
  {
    name: "file-host-then-query-or-fragment-refused",
    summary: "A file: URL whose authority (host or empty) is directly followed by \"?\" or \"#\" (no path), like file://example.com?a=1 or file://?x, is refused; the Standard gives path \"/\".",
    rule: "file: input (or scheme-relative reference against a file: base) written with exactly two slashes, whose authority (possibly empty) is followed directly by \"?\" or \"#\": TypeError.",
    edit: (c, a) => {
      if (a.failure || protoName(a) !== "file" || !isFileCase(c)) return null;
      return /^(?:file:)?[\\/]{2}[^\\/?#]*[?#]/i.test(c.trimmed) ? FAIL : null;
    },
  },
  {
    name: "file-leading-empty-segments-collapsed",
    summary: "A file: URL with an empty host whose path starts with empty segments (file:////x) has them collapsed into one slash (file:///x).",
    rule: "A file: input or base (or a reference against a file: base) that, after an optional \"file:\", starts with four or more slashes or backslashes is read as if it started with exactly three (so the base file:////host/path is file:///host/path). Empty segments made by dot-segment removal (file:.//p) stay.",
    rewrite: (c) => {
      const fix = (s, fileCase) => (s === null || !fileCase) ? s : trim(s).replace(/^(file:)?[\\/]{4,}/i, "$1///");
      const input = fix(c.trimmed, isFileCase(c));
      const base = fix(c.base, c.base !== null && schemeOf(c.base) === "file");
      return input === c.trimmed && base === c.base ? null : { input, base };
    },
  },
  {
    name: "file-drive-letter-is-an-ordinary-segment",
    summary: "Chromium gives a drive letter no special place in file: paths: \"..\" removes it (file:///C:/.. is file:///), and a path-absolute reference against file:///C:/a does not keep it (\"/x\" gives file:///x); the Standard keeps the drive letter in both.",
    rule: "In a file: input or base, a path segment X: (ASCII letter, colon) that follows a slash is treated like any other segment by dot-segment removal and by path-absolute resolution.",
    rewrite: (c) => {
      const fix = (s) => s === null ? s : s.replace(/([\\/])([a-zA-Z]):(?=[\\/?#]|$)/g, "$1qzdrv$2q");
      const input = isFileCase(c) ? fix(c.trimmed) : c.trimmed;
      const base = c.base !== null && schemeOf(c.base) === "file" ? fix(c.base) : c.base;
      if (input === c.trimmed && base === c.base) return null;
      return { input, base, post: (a) => (a.failure ? a : fromParts({ ...split(a.href), path: split(a.href).path.replace(/qzdrv([a-zA-Z])q/g, "$1:") })) };
    },
  },
  {
    name: "file-colon-relative-path-not-a-drive",
    summary: "\"file:C:/x\" (no slash after the scheme) against a file: base is resolved as a relative path, so the drive letter lands under the base's directory.",
    rule: "Trimmed input \"file:\" + a drive letter (X: or X|), base file:: the part after \"file:\" is resolved against the base as a path-relative reference.",
    rewrite: (c) => (c.base === null || schemeOf(c.base) !== "file" || !/^file:[a-zA-Z][:|]/i.test(c.trimmed)) ? null
      : { input: "./" + c.trimmed.slice(5), base: c.base },
  },
  {
    name: "opaque-host-code-unit-low-byte-forbidden",
    summary: "In an absolute non-special URL, an opaque host is refused when one of its non-ASCII code points, cut to its low 8 bits, is a forbidden host code point: the forbidden-host check seems to look at the UTF-16 code unit cast to one byte. So sc://р/ (U+0440 -> 0x40 \"@\"), sc://ＡＢＣ/ (U+FF23 -> 0x23 \"#\"), U+200D (-> CR), U+3000 and U+0100 (-> NUL) are refused, while sc://é/, sc://ĥ/ (-> \"%\") or sc://☕/ pass. For an astral code point the high surrogate is the unit looked at (U+E0001 -> 0xDB40 -> \"@\" is refused, U+1F640 passes). Scheme-relative references (//р/ against sc:/a) are not checked. The Standard percent-encodes them all.",
    rule: "Input with a non-special scheme and a host; for some code point of the input's host >= U+0080, its first UTF-16 code unit u has (u & 0xFF) in {0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23 #, 0x2F /, 0x3A :, 0x3C <, 0x3E >, 0x3F ?, 0x40 @, 0x5B [, 0x5C \\, 0x5D ], 0x5E ^, 0x7C |}: TypeError.",
    edit: (c, a) => {
      if (a.failure || SPECIAL.has(protoName(a)) || split(a.href).authority === null || a.hostname === "" || schemeOf(c.trimmed) === null) return null;
      const h = inputHost(c.trimmed) || "";
      const bad = new Set([0x00, 0x09, 0x0a, 0x0d, 0x20, 0x23, 0x2f, 0x3a, 0x3c, 0x3e, 0x3f, 0x40, 0x5b, 0x5c, 0x5d, 0x5e, 0x7c]);
      for (const ch of h) {
        const u = ch.charCodeAt(0); // the code point, or its high surrogate
        if (u >= 0x80 && bad.has(u & 0xff)) return FAIL;
      }
      return null;
    },
  },
  {
    name: "backslash-in-relative-path-against-non-special-base",
    summary: "In a relative path reference resolved against a non-special base, every backslash before the query is read as a slash (u@a/\\x\\y -> .../u@a//x/y); the Standard keeps backslashes in non-special paths.",
    rule: "Base non-special with a hierarchical path; trimmed input has no scheme, does not start with \"\\\\\" nor with two of \"/\" and \"\\\\\", and has \"\\\\\" before its first \"?\"/\"#\": those backslashes are \"/\".",
    rewrite: (c) => {
      if (!nonSpecialBase(c) || schemeOf(c.trimmed) !== null || /^(\\|[\\/]{2})/.test(c.trimmed)) return null;
      const [h, t] = headTail(c.trimmed);
      return h.includes("\\") ? { input: h.replace(/\\/g, "/") + t, base: c.base } : null;
    },
  },
  {
    name: "fullwidth-percent-in-host-decoded-again",
    kind: "family",
    summary: "A host whose non-ASCII code points map (UTS #46) to \"%XX\" (fullwidth ％ and digits, raw or percent-encoded) is percent-decoded a second time after the mapping, so http://％４１.com is http://a.com; the Standard refuses it.",
    rule: "Special URL; the input's host, after one percent-decoding, contains U+FF05 FULLWIDTH PERCENT SIGN (or U+FE6A SMALL PERCENT SIGN): the browser maps it with UTS #46, percent-decodes the result once more and parses that as the host.",
    covers: (c) => /[\uff05\ufe6a]/.test(percentDecode(inputHost(c.trimmed) || "")),
  },
  {
    name: "backslash-reference-against-non-special-base",
    kind: "family",
    summary: "A relative reference starting with a backslash against a non-special base: one leading backslash makes it path-absolute with every backslash turned into a slash (\"\\\\a\\\\b\" -> foo://h/a/b); two leading slash-like code points drop the base's host and keep the reference as the path (\"\\\\\\\\h\\\\b\" -> foo:/\\\\h\\\\b).",
    rule: "Base non-special with a host; trimmed input without scheme starting \"\\\\\" or \"/\\\\\". One backslash then not a slash: path-absolute, all backslashes become \"/\". Two of \"/\" and \"\\\\\" (not \"//\"): no host, path = the input, with \"/\" put in front when it starts with a backslash.",
    covers: (c) => nonSpecialBase(c) && schemeOf(c.trimmed) === null && /^(\\|\/\\)/.test(c.trimmed),
  },
  {
    name: "registered-standard-schemes-other",
    kind: "family",
    summary: "Departures in Chromium's own standard schemes that the registered-standard-schemes-parsed-like-http rule does not predict exactly (mostly where it would need another rule of this list at the same time, such as %2A in the host).",
    rule: "Scheme of the input (or of the base for a relative reference) in Chromium's standard-scheme list.",
    covers: (c) => CHROMIUM_STANDARD_SCHEMES.has(c.scheme),
  },
  {
    name: "path-only-schemes",
    kind: "family",
    summary: "android:, drivefs:, chromeos-steam:, steam: and materialized-view: keep everything after the scheme as the path: android://x:0/a has hostname \"\" and pathname \"//x:0/a\" (href unchanged).",
    rule: "Scheme in that list: host, hostname, port, username, password are empty; pathname is the whole text after \"scheme:\" up to \"?\"/\"#\".",
    covers: (c) => CHROMIUM_PATH_ONLY_SCHEMES.has(c.scheme),
  },
];

// ---- Firefox -----------------------------------------------------------------
const FIREFOX_SIMPLE = new Set(["about", "blob", "data", "javascript"]);
const FIREFOX_STANDARD = new Set(["chrome", "moz-extension", "resource", "android", "indexeddb", "moz-page-thumb",
  "moz-icon", "jar", "moz-src", "moz-remote-image", "moz-fonttable", "moz-newtab-wallpaper", "page-icon", "cached-favicon"]);
const firefoxDefault = (s) => s !== null && !SPECIAL.has(s) && !FIREFOX_SIMPLE.has(s) && !FIREFOX_STANDARD.has(s) && s !== "view-source";
// A case for an input and base alone (no index), for rules that parse a part.
function makeCaseLight(input, base) {
  const trimmed = trim(input);
  const std = parse(input, base);
  const baseAnswer = base === null ? FAIL : parse(base, null);
  const scheme = !std.failure ? protoName(std) : (schemeOf(trimmed) || (baseAnswer.failure ? null : protoName(baseAnswer)));
  return { input, base, trimmed, std, baseAnswer, scheme };
}
// What nsSimpleURI makes of about:, blob:, data:, javascript: (see the rule text).
function firefoxSimple(c) {
  const t = c.trimmed;
  const colon = t.indexOf(":");
  const scheme = t.slice(0, colon).toLowerCase();
  let rest = t.slice(colon + 1);
  const enc = (str, extra) => Array.from(str, (ch) => {
    const cp = ch.codePointAt(0);
    if (cp < 0x20 || cp === 0x7f || cp > 0x7f || extra.test(ch)) {
      return Array.from(Buffer.from(ch, "utf8"), (byte) => "%" + byte.toString(16).toUpperCase().padStart(2, "0")).join("");
    }
    return ch;
  }).join("");
  const hashAt = rest.indexOf("#");
  const fragment = hashAt < 0 ? null : rest.slice(hashAt + 1);
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const qAt = rest.indexOf("?");
  const query = qAt < 0 ? null : rest.slice(qAt + 1);
  const p = enc(qAt < 0 ? rest : rest.slice(0, qAt), /(?!)/);
  const q = query === null ? null : enc(query, /(?!)/);
  const f = fragment === null ? null : enc(fragment, /[ "<>`]/);
  return {
    href: `${scheme}:${p}${q !== null ? "?" + q : ""}${f !== null ? "#" + f : ""}`, protocol: scheme + ":",
    username: "", password: "", hostname: "", host: "", port: "", pathname: p, search: q ? "?" + q : "", hash: f ? "#" + f : "",
  };
}
const firefox = [
  xnLabelRefused,
  {
    name: "simple-uri-schemes-not-normalized",
    summary: "about:, blob:, data: and javascript: go to nsSimpleURI: the text after the scheme is kept nearly as written: no host parsing (no IDNA, IPv4/IPv6, port or credential handling), no dot-segment removal, spaces and \"<>\\\"`{}^'|\\\\\" kept raw in path and query; only C0 controls, DEL and non-ASCII are percent-encoded there. The fragment is encoded as the Standard encodes fragments. hostname, host, port, username and password are empty and pathname is everything between \"scheme:\" and the first \"?\"/\"#\". data: and javascript: URLs are still refused where the Standard refuses them (an invalid host or port after \"//\"); about: and blob: never are.",
    rule: "Trimmed input with scheme about, blob, data or javascript (data:/javascript: that the Standard refuses: TypeError): href = lowercased scheme + \":\" + the rest, where before \"#\" C0 controls, DEL and non-ASCII become UTF-8 %XX and nothing else changes, and after \"#\" also space, \", <, >, ` are encoded; pathname/search/hash split at the first \"?\" and \"#\"; the other getters are empty.",
    rewrite: (c) => {
      const s = schemeOf(c.trimmed);
      if (!FIREFOX_SIMPLE.has(s)) return null;
      return { input: c.input, base: c.base, post: () => ((s === "data" || s === "javascript") && c.std.failure ? FAIL : firefoxSimple(c)) };
    },
  },
  {
    name: "file-host-dropped",
    summary: "file: URLs never keep a host: file://server/x is file:///x (also for a file: base with a host), and whatever the authority holds (port, code points the Standard refuses) goes with it.",
    rule: "A file: input (or a scheme-relative reference against a file: base), and a file: base, whose authority is not empty and not a drive letter: parsed as if the authority were empty.",
    rewrite: (c) => {
      const fix = (s, fileCase) => {
        if (s === null || !fileCase) return s;
        const t = trim(s);
        const m = /^((?:file:)?[\\/]{2})([^\\/?#]*)(.*)$/i.exec(t);
        return m && m[2] !== "" && !/^[a-zA-Z][:|]$/.test(m[2]) ? m[1] + m[3] : s;
      };
      const input = fix(c.trimmed, isFileCase(c));
      const base = fix(c.base, c.base !== null && schemeOf(c.base) === "file");
      return input === c.trimmed && base === c.base ? null : { input, base };
    },
  },
  {
    name: "file-base-drive-letter-not-kept",
    summary: "A path-absolute reference (\"/x\", \"\\\\x\", \"file:/x\") against a file: base whose path starts with a drive letter does not keep the drive letter; the Standard does (file:///C:/a + /x = file:///C:/x).",
    rule: "Base file: whose first path segment is a drive letter; the trimmed input, after an optional \"file:\", starts with exactly one \"/\" or \"\\\\\" and its own first segment is not a drive letter: the path is the reference's path alone.",
    edit: (c, a) => {
      if (a.failure || protoName(a) !== "file" || c.base === null || schemeOf(c.base) !== "file") return null;
      const t = c.trimmed.replace(/^file:/i, "");
      if (!/^[\\/](?![\\/])/.test(t) || /^[\\/][a-zA-Z][:|](?:[\\/?#]|$)/.test(t)) return null;
      if (!/^\/[a-zA-Z]:(?=\/|$)/.test(a.pathname)) return null;
      return edit(a, (p) => { p.path = p.path.slice(3) || "/"; });
    },
  },
  {
    name: "file-dot-dot-removes-drive-letter",
    summary: "In a file: input written with a leading slash (file:///c:/.., file:\\\\c:/.., //h/c:/..), \"..\" removes a drive letter segment (file:///c:/.. is file:///); the Standard keeps it. (A relative \"..\" against the base file:///C:/ keeps it, as the Standard does.)",
    rule: "file: input (or reference against a file: base) that, after an optional \"file:\", starts with \"/\" or \"\\\\\": a path segment X: after a slash is an ordinary segment for dot-segment removal.",
    rewrite: (c) => {
      if (!isFileCase(c) || !/^(?:file:)?[\\/]/i.test(c.trimmed) || !/(^|[\\/])(\.|%2e){2}([\\/?#]|$)/i.test(firstPart(c.trimmed))) return null;
      // A drive letter right after exactly two leading slashes sits where the
      // host goes; Firefox keeps that one (//d:/.. is file:///d:/).
      const lead = /^(?:file:)?([\\/]*)/i.exec(c.trimmed);
      const keep = lead[1].length === 2 ? lead[0].length + 2 : -1;
      const input = c.trimmed.replace(/([\\/])([a-zA-Z]):(?=[\\/?#]|$)/g, (all, sl, d, at) => (at + 1 === keep - 2 ? all : `${sl}qzdrv${d}q`));
      return input === c.trimmed ? null : { input, base: c.base, post: (a) => (a.failure ? a : fromParts({ ...split(a.href), path: split(a.href).path.replace(/qzdrv([a-zA-Z])q/g, "$1:") })) };
    },
  },
  {
    name: "file-drive-letter-pipe-kept-before-query-or-fragment",
    summary: "A drive letter written \"C|\" that ends the path and is followed by \"?\" or \"#\" keeps its \"|\" (file:///c|#x); the Standard writes C:.",
    rule: "file: URL whose path's first segment is X| directly followed by \"?\" or \"#\": the segment stays X|.",
    rewrite: (c) => {
      if (!isFileCase(c) || !/(^|[\\/])[a-zA-Z]\|[?#]/.test(c.trimmed)) return null;
      return { input: c.trimmed.replace(/(^|[\\/])([a-zA-Z])\|(?=[?#])/, "$1qzpip$2q"), base: c.base,
        post: (a) => (a.failure ? a : fromParts({ ...split(a.href), path: split(a.href).path.replace(/qzpip([a-zA-Z])q/g, "$1|") })) };
    },
  },
  {
    name: "file-reference-starting-with-drive-pipe-is-absolute",
    summary: "Against a file: base, a relative reference that starts with X| not followed by a slash (C|#, c|=file, c|a) is taken as the absolute path /X|...; the Standard reads it as a relative path segment (or, before ?/#, as a drive letter).",
    rule: "Base file:; trimmed input starts with an ASCII letter and \"|\" followed by something other than \"/\" or \"\\\\\" (\"c|\" alone is the drive letter c:, as in the Standard): result file:///X| + the rest (no host, \"|\" kept).",
    rewrite: (c) => {
      if (c.base === null || schemeOf(c.base) !== "file" || !/^[a-zA-Z]\|(?![\\/]|$)/.test(c.trimmed)) return null;
      return { input: "file:///qzpip" + c.trimmed[0] + "q" + c.trimmed.slice(2), base: c.base,
        post: (a) => (a.failure ? a : fromParts({ ...split(a.href), path: split(a.href).path.replace(/qzpip([a-zA-Z])q/g, "$1|") })) };
    },
  },
  {
    name: "file-colon-reference-with-colon-is-absolute",
    kind: "family",
    summary: "Some \"file:\" references without a slash whose first segment holds a \":\" (file:u:p@h/x, file:c::443/a) are taken as the absolute path file:///... instead of being resolved against the file: base; others (file::@x, file:LOCALHOST:-1) are resolved as the Standard says. Too few cases here to pin the rule down.",
    rule: "Base file:; trimmed input \"file:\" + text not starting with \"/\" or \"\\\\\" whose first segment contains \":\" and is not a drive letter: sometimes parsed as \"file:///\" + that text.",
    covers: (c) => c.base !== null && schemeOf(c.base) === "file" && /^file:(?![\\/])[^\\/?#]*:/i.test(c.trimmed),
  },
  {
    name: "nul-ends-relative-reference",
    summary: "A reference resolved against a special base (or a Firefox standard-scheme base such as moz-extension:) is cut at its first U+0000, unless it starts with \"#\"; the Standard writes NUL as %00 and reads on. Absolute URLs are not cut (but see nul-in-special-authority).",
    rule: "Base special or with a Firefox handler; the trimmed input has no scheme, or the base's scheme not followed by two slashes; it does not start with \"#\": only the part before the first U+0000 is parsed.",
    rewrite: (c) => {
      if (c.base === null || !c.trimmed.includes("\u0000") || c.trimmed.startsWith("#")) return null;
      const bs = schemeOf(c.base);
      if (!SPECIAL.has(bs) && !FIREFOX_STANDARD.has(bs)) return null;
      const s = schemeOf(c.trimmed);
      if (s !== null && (s !== bs || /^[a-zA-Z][a-zA-Z0-9+.-]*:[\\/]{2}/.test(c.trimmed))) return null;
      return { input: c.trimmed.slice(0, c.trimmed.indexOf("\u0000")), base: c.base };
    },
  },
  {
    name: "nul-in-special-authority",
    kind: "family",
    summary: "A special URL written without \"//\" right after the scheme (http:\\\\h, http:h) whose authority contains U+0000 is not refused: the host seems to end at the NUL and some of the rest is read as a port (http:\\\\256ftp\\0... -> http://256ftp/). The Standard refuses NUL in a host.",
    rule: "Input with a special scheme, not of the form SCHEME \"://\", whose authority (as a special-scheme parser reads it) contains U+0000.",
    covers: (c) => { const m = specialAuthority(c); return m !== null && schemeOf(c.trimmed) !== null && !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(c.trimmed) && m.hostport.includes("\u0000"); },
  },
  {
    name: "fragment-only-reference-keeps-trailing-c0-and-space",
    summary: "A fragment-only reference (\"#a \") keeps its trailing spaces and C0 controls, percent-encoded; the Standard strips them before parsing.",
    rule: "Base not null; the input, with leading C0/space stripped and tabs/newlines removed, starts with \"#\" and ends with C0 controls or spaces: those are kept and written %XX.",
    rewrite: (c) => {
      if (c.base === null) return null;
      const left = c.input.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "");
      if (!left.startsWith("#") || !/[\u0000-\u0020]$/.test(left)) return null;
      const m = /[\u0000-\u0020]+$/.exec(left);
      const enc = [...m[0]].map((ch) => "%" + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join("");
      return { input: left.slice(0, m.index) + enc, base: c.base };
    },
  },
  {
    name: "ipv4-empty-hex-part-refused",
    summary: "An IPv4 host whose last part is just \"0x\" (an empty hexadecimal number) is refused; the Standard reads it as 0.",
    rule: "Special URL whose host the Standard reads as IPv4 and whose input host's last dot-separated part (a trailing empty part aside) is \"0x\" or \"0X\": TypeError. Earlier \"0x\" parts are read as 0 (https://0x.0x.0 is https://0.0.0.0/).",
    edit: (c, a) => {
      if (!isSpecialAnswer(a) || !/^\d+\.\d+\.\d+\.\d+$/.test(a.hostname)) return null;
      const m = specialAuthority(c);
      if (m === null) return null;
      const parts = percentDecode(m.hostport.replace(/:[^:\]]*$/, "")).split(".");
      if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
      return /^0x$/i.test(parts[parts.length - 1]) ? FAIL : null;
    },
  },
  {
    name: "asterisk-or-quote-in-host-refused",
    summary: "A special host containing \"*\" or '\"' (raw or percent-encoded) is refused; the Standard allows both.",
    rule: "Special URL whose host (after percent-decoding) contains U+002A or U+0022: TypeError.",
    edit: (c, a) => (isSpecialAnswer(a) && /[*"]/.test(a.hostname) ? FAIL : null),
  },
  opaqueTrailingSpace,
  backslashNonSpecial,
  {
    name: "caret-in-non-special-path-kept",
    summary: "In URLs of schemes Firefox does not know (its DefaultURI, built on the Rust url crate), \"^\" in the path stays \"^\"; the Standard (since 2024) writes %5E.",
    rule: "Scheme not special and without a Firefox handler; the input's path has a raw \"^\": the Standard's %5E (from \"^\") is \"^\".",
    edit: (c, a) => {
      if (a.failure || !firefoxDefault(protoName(a)) || hasOpaquePath(a)) return null;
      const head = firstPart(c.trimmed);
      if (!head.includes("^") || /%5e/i.test(head) || /%5e/i.test(c.base || "")) return null;
      return edit(a, (p) => { p.path = p.path.replace(/%5E/g, "^"); });
    },
  },
  {
    name: "drive-letter-segment-survives-dot-dot",
    kind: "family",
    summary: "In URLs of schemes Firefox does not know, a path segment that looks like a Windows drive letter (\"C:\", \"c|\") is never removed by a later \"..\" (the Rust url crate applies file:'s drive-letter rule to every scheme).",
    rule: "Scheme without a Firefox handler; the path (input or base) has a segment [A-Za-z][:|] that a later \"..\" would remove: it stays, and that \"..\" removes nothing.",
    covers: (c) => firefoxDefault(c.scheme) && /(^|[\\/])[a-zA-Z][:|]([\\/]|$)/.test(firstPart(c.trimmed) + " " + (c.base || "")) && /(^|[\\/])(\.|%2e){2}([\\/?#]|$)/i.test(c.trimmed),
  },
  {
    name: "simple-uri-schemes-other",
    kind: "family",
    summary: "Departures in about:, blob:, data: and javascript: URLs that the simple-uri-schemes-not-normalized rule does not predict exactly.",
    rule: "Scheme about, blob, data or javascript.",
    covers: (c) => FIREFOX_SIMPLE.has(c.scheme),
  },
  {
    name: "firefox-own-schemes",
    kind: "family",
    summary: "Schemes with a Firefox protocol handler (chrome:, moz-extension:, resource:, android:, indexeddb:, moz-page-thumb:, jar:, moz-icon:, ...) are parsed by nsStandardURL like http: (\"//\" implied, \"\\\\\" read as \"/\" or written %5C, \"'\" in query escaped, host canonicalised) or refused.",
    rule: "Scheme with a Firefox handler: parsed like a special URL (chrome:x -> chrome://x/, chrome:/a -> chrome:///a), or TypeError (jar:, moz-icon: without a valid inner URL; hosts nsStandardURL refuses).",
    covers: (c) => FIREFOX_STANDARD.has(c.scheme),
  },
  {
    name: "view-source-nested",
    summary: "view-source:X is a wrapper: X is parsed on its own (against the base when relative, with all of Firefox's own departures) and the result is \"view-source:\" + X's href; it fails when X fails. Its getters are those of an opaque URL: pathname is X's href up to \"?\"/\"#\", host and credentials empty.",
    rule: "Trimmed input with scheme view-source: let X be the rest; href = \"view-source:\" + Firefox's new URL(X, base).href (TypeError if that throws); pathname/search/hash split that at the first \"?\"/\"#\".",
    rewrite: (c) => {
      if (schemeOf(c.trimmed) !== "view-source") return null;
      return { input: c.input, base: c.base, post: () => {
        const x = c.trimmed.slice("view-source:".length);
        const inner = makeCaseLight(x, c.base);
        const others = firefox.filter((r) => r.kind !== "family" && r.name !== "view-source-nested");
        const a = predict(inner, others);
        if (a.failure) return FAIL;
        const q = a.href.indexOf("?") >= 0 && (a.href.indexOf("#") < 0 || a.href.indexOf("?") < a.href.indexOf("#")) ? a.href.indexOf("?") : -1;
        const h = a.href.indexOf("#");
        const cut = q >= 0 ? q : h;
        const pathname = cut >= 0 ? a.href.slice(0, cut) : a.href;
        return { href: "view-source:" + a.href, protocol: "view-source:", username: "", password: "", hostname: "", host: "", port: "",
          pathname, search: a.search, hash: a.hash };
      } };
    },
  },
  {
    name: "view-source-other",
    kind: "family",
    summary: "view-source: departures that the view-source-nested rule does not predict exactly (X itself departs in a way no rule models).",
    rule: "Scheme view-source.",
    covers: (c) => c.scheme === "view-source",
  },
];

const engines = { chromium, firefox, webkit };

// ---- the run -----------------------------------------------------------------
// Applies an ordered set of rules to a case: rewrites, one parse, posts, edits.
function predict(c, rules) {
  let input = c.input, base = c.base;
  const posts = [];
  let rewritten = false;
  for (const r of rules) {
    if (!r.rewrite) continue;
    const res = r.rewrite({ ...c, input, base, trimmed: trim(input) });
    if (!res) continue;
    rewritten = true;
    input = res.input;
    base = res.base;
    if (res.post) posts.push(res.post);
  }
  let a = rewritten ? parse(input, base) : c.std;
  for (const post of posts) a = post(a);
  for (const r of rules) {
    if (!r.edit || a.failure) continue;
    const out = r.edit(c, a);
    if (out) a = out;
  }
  return a;
}

function main() {
  const inputs = readJsonl(path.join(dataDir, "inputs.jsonl"));
  const standard = readJsonl(path.join(dataDir, "answers-whatwg-url.jsonl.gz"));
  const baseCache = new Map();
  const baseAnswer = (b) => {
    if (b === null) return FAIL;
    if (!baseCache.has(b)) baseCache.set(b, parse(b, null));
    return baseCache.get(b);
  };
  const makeCase = (input, base, extra = {}) => {
    const trimmed = trim(input);
    const std = extra.std || parse(input, base);
    const ba = baseAnswer(base);
    const scheme = !std.failure ? protoName(std) : (schemeOf(trimmed) || (ba.failure ? null : protoName(ba)));
    return { input, base, trimmed, std, baseAnswer: ba, scheme, ...extra };
  };
  const cases = inputs.map((x, i) => makeCase(x.input, x.base, { index: i, source: x.source, std: standard[i] }));
  const report = { generated_by: "scripts/browsers/analyse.js", cases: cases.length, browsers: {} };
  const lines = [];
  for (const [engine, classes] of Object.entries(engines)) {
    const answers = readJsonl(path.join(dataDir, `answers-${engine}.jsonl.gz`));
    const rules = classes.filter((k) => k.kind !== "family");
    const families = classes.filter((k) => k.kind === "family");
    const names = [...classes.map((k) => k.name), "base-refused"];
    const stats = new Map(names.map((n) => [n, { count: 0, overPredicted: 0, examples: [], overExamples: [] }]));
    // Subsets of at most three rules, smallest first, in list order.
    const subsets = [];
    for (let i = 0; i < rules.length; i++) subsets.push([rules[i]]);
    for (let i = 0; i < rules.length; i++) for (let j = i + 1; j < rules.length; j++) subsets.push([rules[i], rules[j]]);
    for (let i = 0; i < rules.length; i++) for (let j = i + 1; j < rules.length; j++) for (let k = j + 1; k < rules.length; k++) subsets.push([rules[i], rules[j], rules[k]]);
    // Does a rule refuse the base on its own?
    const baseRefusedBy = new Map();
    const refusedBase = (b) => {
      if (b === null) return null;
      if (!baseRefusedBy.has(b)) {
        const bc = makeCase(b, null);
        const r = bc.std.failure ? null : rules.find((rule) => predict(bc, [rule]).failure);
        baseRefusedBy.set(b, r ? r.name : null);
      }
      return baseRefusedBy.get(b);
    };
    const unexplained = [];
    let departures = 0, multi = 0;
    const bySource = {};
    for (const c of cases) {
      const b = answers[c.index];
      const departs = !same(b, c.std);
      if (!departs) {
        for (const r of rules) {
          if (same(predict(c, [r]), c.std)) continue;
          const s = stats.get(r.name);
          s.overPredicted++;
          if (s.overExamples.length < (process.env.OVER_EXAMPLES ? Number(process.env.OVER_EXAMPLES) : 3)) s.overExamples.push(example(c, b));
        }
        continue;
      }
      departures++;
      bySource[c.source] = (bySource[c.source] || 0) + 1;
      let explainedBy = null;
      // Only subsets whose every rule does something on its own are tried
      // first; then any subset (a rule may only apply after another one).
      const active = new Set(rules.filter((r) => !same(predict(c, [r]), c.std)));
      const tryList = [...subsets.filter((s) => s.every((r) => active.has(r))), ...subsets.filter((s) => !s.every((r) => active.has(r)) && s.some((r) => active.has(r)))];
      for (const s of tryList) {
        if (same(predict(c, s), b)) { explainedBy = s.map((r) => r.name); break; }
      }
      if (!explainedBy && b.failure) {
        const r = refusedBase(c.base);
        if (r) explainedBy = ["base-refused"];
      }
      if (!explainedBy) {
        const fam = families.find((f) => f.covers(c));
        if (fam) explainedBy = [fam.name];
      }
      if (!explainedBy) {
        unexplained.push(c);
        continue;
      }
      if (explainedBy.length > 1) multi++;
      for (const name of explainedBy) {
        const s = stats.get(name);
        s.count++;
        if (s.examples.length < exampleCount) s.examples.push({ ...example(c, b), ...(explainedBy.length > 1 ? { with: explainedBy.filter((n) => n !== name) } : {}) });
      }
    }
    const classReport = [...classes, { name: "base-refused", kind: "derived", summary: "The browser refuses the base itself (one of the rules above predicts that for the base alone), so it refuses the case.", rule: "Base refused by a rule of this browser: TypeError." }].map((k) => ({
      name: k.name, kind: k.kind === "family" ? "family" : k.kind === "derived" ? "derived" : "rule", summary: k.summary, rule: k.rule,
      cases: stats.get(k.name).count,
      ...(k.kind !== "family" && k.kind !== "derived" ? { over_predicted: stats.get(k.name).overPredicted, over_predicted_examples: stats.get(k.name).overExamples } : {}),
      examples: stats.get(k.name).examples,
    }));
    report.browsers[engine] = {
      departures, departures_by_source: bySource, explained: departures - unexplained.length,
      explained_by_several_rules: multi, unexplained: unexplained.length, classes: classReport,
      unexplained_examples: unexplained.slice(0, 300).map((c) => example(c, answers[c.index])),
      unexplained_indices: unexplained.map((c) => c.index),
    };
    lines.push(`== ${engine}: ${departures} departing cases of ${cases.length}; ${departures - unexplained.length} explained (${multi} by several rules), ${unexplained.length} unexplained`);
    lines.push(`   by source: ${JSON.stringify(bySource)}`);
    for (const k of classReport) {
      lines.push(`   ${String(k.cases).padStart(6)}  ${k.name} [${k.kind}]${k.over_predicted !== undefined ? `  (over-predicted: ${k.over_predicted})` : ""}`);
      for (const e of k.examples.slice(0, 2)) lines.push(`            e.g. ${fmt(e)}`);
      for (const e of (k.over_predicted_examples || []).slice(0, 2)) lines.push(`            over-predicted: ${fmt(e)}`);
    }
    for (const e of report.browsers[engine].unexplained_examples.slice(0, 60)) lines.push(`   unexplained: ${fmt(e)}`);
  }
  fs.writeFileSync(path.join(dataDir, "departures.json"), JSON.stringify(report, null, 1) + "\n");
  fs.writeFileSync(path.join(dataDir, "departures-summary.txt"), lines.join("\n") + "\n");
  console.log(lines.join("\n"));
}
function example(c, b) {
  return { index: c.index, source: c.source, input: c.input, base: c.base,
    browser: b.failure ? "failure" : b.href, standard: c.std.failure ? "failure" : c.std.href,
    ...(!b.failure && !c.std.failure && b.href === c.std.href ? { getters: GETTERS.filter((g) => b[g] !== c.std[g]).map((g) => `${g}: ${JSON.stringify(b[g])} vs ${JSON.stringify(c.std[g])}`) } : {}) };
}
function fmt(e) {
  return `#${e.index} ${JSON.stringify(e.input)}${e.base === null ? "" : ` against ${JSON.stringify(e.base)}`}: browser ${JSON.stringify(e.browser)}, Standard ${JSON.stringify(e.standard)}${e.getters ? ` (${e.getters.join("; ")})` : ""}${e.with ? ` [with ${e.with.join(", ")}]` : ""}`;
}

main();
