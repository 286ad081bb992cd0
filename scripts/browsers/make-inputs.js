#!/usr/bin/env node
// Writes tests/data/browsers/inputs.jsonl: the URL cases that the browser
// oracles answer, one JSON object a line: {"input", "base" (string or null),
// "source"}. The same seed and corpus files always give the same file.
//
//   node scripts/browsers/make-inputs.js [--out FILE]
//   node scripts/browsers/make-inputs.js --fresh SEED --out FILE
//
// --fresh SEED writes a second sample for checking the models on cases
// they were not fitted to: only the "pieces" and "random" sources, with
// the seeds SEED and SEED + 1, leaving out every (input, base) pair of the
// committed tests/data/browsers/inputs.jsonl.gz.
//
// Sources, in this order (a case already written is not written again, so
// each (input, base) pair appears once, under its first source):
//   wpt        every input/base of tests/data/wpt/urltestdata.json
//   tricky     /work/shared/corpus/tricky-urls.txt (input<TAB>base; \t \n \r
//              and \\ unescaped; an empty base is null). These are the WPT
//              inputs again, so in practice this adds nothing new.
//   real       each line of /work/shared/corpus/real-urls.txt, base null
//   real-ref   for every 4th line i (i = 0, 4, 8, ...): a reference made from
//              line i by plain string cutting (not by a URL parser), against
//              base = line (i + 50000) mod N. Which cut is taken depends on
//              (i / 4) mod 5:
//                0  path-absolute: what follows the authority ("/a/b?q#f")
//                1  scheme-relative: "//" + authority + the rest
//                2  path-relative: the last path segment, query and fragment
//                3  "../" + that last segment, query and fragment
//                4  scheme + ":" + what follows the authority ("https:/a/b")
//              where "authority" runs from after "://" to the first / ? or #;
//              for a line without "://" the whole text after the first ":"
//              stands for "what follows the authority".
//   pieces     structured inputs from this file's own lists (schemes,
//              slashes, credentials, hosts, ports, paths, queries, fragments)
//              aimed at known browser departures, against bases from a list,
//              seed 0xB0A5E5 (scripts/seeded-random.js).
//   random     inputs and bases from scripts/random-url-pieces.js with the
//              seed 0xB0A5E6.
//   schemes    the schemes browsers give parsers of their own, each with
//              one fixed list of tails, and references against bases of
//              those schemes.
"use strict";
const fs = require("fs");
const path = require("path");
const { seeded } = require("../seeded-random.js");
const { pieces } = require("../random-url-pieces.js");

const root = path.join(__dirname, "..", "..");
const corpus = process.env.CORPUS_DIR || "/work/shared/corpus";
const outIndex = process.argv.indexOf("--out");
const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : path.join(root, "tests", "data", "browsers", "inputs.jsonl");

const freshIndex = process.argv.indexOf("--fresh");
const fresh = freshIndex >= 0 ? Number(process.argv[freshIndex + 1]) : null;
if (fresh !== null && !Number.isInteger(fresh)) throw new Error("--fresh takes an integer seed");

const PIECES_COUNT = 12000;
const RANDOM_COUNT = 15000;

const cases = [];
const seen = new Set();
if (fresh !== null) {
  const committed = require("zlib").gunzipSync(fs.readFileSync(path.join(root, "tests", "data", "browsers", "inputs.jsonl.gz")));
  for (const line of committed.toString("utf8").split("\n")) {
    if (line !== "") { const c = JSON.parse(line); seen.add(JSON.stringify([c.input, c.base])); }
  }
}
function add(input, base, source) {
  if (fresh !== null && source !== "pieces" && source !== "random") return;
  const key = JSON.stringify([input, base]);
  if (seen.has(key)) return;
  seen.add(key);
  cases.push({ input, base, source });
}

// wpt
const wpt = JSON.parse(fs.readFileSync(path.join(root, "tests", "data", "wpt", "urltestdata.json"), "utf8"));
for (const t of wpt) if (typeof t === "object") add(t.input, t.base === undefined ? null : t.base, "wpt");

// tricky
const unescape = (s) => s.replace(/\\(.)/g, (_, c) => ({ t: "\t", n: "\n", r: "\r", "\\": "\\" })[c] ?? "\\" + c);
for (const line of fs.readFileSync(path.join(corpus, "tricky-urls.txt"), "utf8").split("\n")) {
  if (line === "") continue;
  const [input, base] = line.split("\t");
  add(unescape(input), base ? unescape(base) : null, "tricky");
}

// real
const real = fs.readFileSync(path.join(corpus, "real-urls.txt"), "utf8").split("\n").filter((l) => l !== "");
for (const url of real) add(url, null, "real");

// real-ref
function cut(url) {
  const sep = url.indexOf("://");
  let scheme, authority, rest;
  if (sep >= 0) {
    scheme = url.slice(0, sep);
    const after = url.slice(sep + 3);
    const end = after.search(/[/?#]/);
    authority = end < 0 ? after : after.slice(0, end);
    rest = end < 0 ? "" : after.slice(end);
  } else {
    const colon = url.indexOf(":");
    scheme = url.slice(0, Math.max(colon, 0));
    authority = "";
    rest = url.slice(colon + 1);
  }
  const tail = rest.search(/[?#]/);
  const pathPart = tail < 0 ? rest : rest.slice(0, tail);
  const suffix = tail < 0 ? "" : rest.slice(tail);
  const last = pathPart.slice(pathPart.lastIndexOf("/") + 1) + suffix;
  return { scheme, authority, rest, last };
}
for (let i = 0; i < real.length; i += 4) {
  const c = cut(real[i]);
  const base = real[(i + 50000) % real.length];
  const form = (i / 4) % 5;
  const input = [c.rest, "//" + c.authority + c.rest, c.last, "../" + c.last, c.scheme + ":" + c.rest][form];
  add(input, base, "real-ref");
}

// pieces: aimed at the departures reported for browsers, and their neighbours.
{
  const { rand, pick } = seeded(fresh ?? 0xb0a5e5);
  const schemes = ["http:", "https:", "file:", "FILE:", "ws:", "ftp:", "sc:", "foo:", "about:", "data:", "javascript:",
    "blob:", "mailto:", "view-source:", "moz-extension:", "chrome:", "git:", "ssh:", "urn:", ""];
  const slashes = ["", "/", "//", "///", "////", "\\", "\\\\", "/\\", "\\/", "/////"];
  const creds = ["", "", "", "", "u@", "u:p@", ":@", "@", "a b:c d@", "u%40:p@", "ü:ß@"];
  const hosts = ["", "", "host", "localhost", "LOCALHOST", "localhost.", "Example.COM", "a b", "a\u00a0b", "a\u3000b",
    "a*b", "*", "a\"b", "a<b", "a>b", "a^b", "a|b", "a`b", "a{b}", "a%b", "a%20b", "a%2Ab", "a'b", "a!b", "a$b", "a&b",
    "a(b)", "a+b", "a,b", "a;b", "a=b", "a~b", "a_b", "a-b", "-a", "a-", "a..b", ".a", "a.", "xn--", "xn--a",
    "xn--zz-", "xn--fa-hia", "xn--abc.com", "XN--A.b", "a.xn--", "faß", "ＡＢＣ", "\u00ad", "a\u200bb", "☕",
    "1.2.3.4", "0x7f.1", "1.2.3", "256.0.0.1", "4294967296", "0x100000000", "01.02.03.04", "1.2.3.4.", "09.1",
    "[::1]", "[::]", "[1:0:0:0:0:0:0:1]", "[0:0::0:0:1]", "[::ffff:1.2.3.4]", "[::1.2.3.4]", "[1::2:0:0:3]",
    "[FEDC:BA98::]", "[v1.x]", "[::1", "c:", "C|", "c", "C:", "a:b", "x.y:z"];
  const ports = ["", "", "", ":", ":80", ":443", ":21", ":8080", ":0", ":00080", ":65535", ":65536", ":-1", ":1a", ": 1"];
  const paths = ["", "", "/", "/a/b", "/a/./b/../c", "/..", "/../..", "/a/..", "/.", "/%2e/%2E%2e/x", "/a/b/../../..",
    "/C:/x/../..", "/C|/x", "/c|", "/C:", "/C:/..", "/c:/../d:/", "/x/C:/../..", "/a|b", "/a%7Cb", "/|", "/ a b ",
    "/a\u00a0b", "/é", "/\\x\\y", "/a//b", "//", "/a\"b<>`{}", "/a^b", "/;x", "/~u", "/%zz", "/%00", "a/b", "./a",
    "../a", "..", ".", "x:y", "C:/x", "c|/x"];
  const queries = ["", "", "", "?", "?q", "?a b", "?a\"b", "?a'b", "?a<b>", "?é", "?a#b", "?%zz", "?a`b{}|^"];
  const frags = ["", "", "", "#", "#f", "#a b", "#a\"b`<>", "#é", "#%zz", "#a#b"];
  const bases = [null, null, null, "http://example.org/foo/bar?q#f", "https://u:p@h:81/a/b/c", "file:///C:/dir/file",
    "file:///tmp/x/y", "file://host/share/x", "file://localhost/x/y", "sc://h/p/q", "sc:opaque", "sc:/a/b",
    "about:blank", "data:text/plain,x", "javascript:void(0)", "mailto:a@b", "foo://h/a/b", "foo:/a/b",
    "blob:https://a/b", "http://[::1]:8/x"];
  const special = ["\t", "\n", "\r", " ", "\u0000", "\u001f", "\u007f"];
  for (let i = 0; i < PIECES_COUNT; i++) {
    let input = pick(schemes) + pick(slashes) + pick(creds) + pick(hosts) + pick(ports) + pick(paths) + pick(queries) + pick(frags);
    if (rand(10) === 0) input = pick(special) + input + pick(special); // leading/trailing C0 and space
    add(input, pick(bases), "pieces");
  }
}

// random
{
  const random = seeded(fresh !== null ? fresh + 1 : 0xb0a5e6);
  const { randomInput, randomBase } = pieces(random);
  for (let i = 0; i < RANDOM_COUNT; i++) add(randomInput(), randomBase(), "random");
}

// schemes: the schemes browsers hand to parsers of their own (Chromium's
// standard and path-only schemes, Firefox's protocol handlers and simple
// URIs, view-source:), each followed by every tail of one fixed list, with
// no base; and references against bases of those schemes.
{
  const schemes = ["chrome", "chrome-extension", "chrome-untrusted", "devtools", "isolated-app", "chrome-search",
    "chrome-error", "chrome-native", "chrome-guest", "chrome-distiller", "android", "drivefs", "chromeos-steam",
    "steam", "materialized-view", "moz-extension", "resource", "indexeddb", "moz-page-thumb", "moz-icon", "jar",
    "moz-src", "moz-remote-image", "moz-fonttable", "moz-newtab-wallpaper", "page-icon", "cached-favicon", "about",
    "blob", "data", "javascript", "view-source", "CHROME", "Moz-Extension"];
  const tails = ["", "x", "/a", "//h/a", "///a", "////a", "\\\\h\\a", "\\a", "/\\h", "//0x7f.1/", "//1.2.3/",
    "//256.0.0.1/", "//[::1]/", "//[::1]:8/", "//u:p@H:080/a/../b?c d#e f", "//h;x/y", "//h:65536/", "//h:/x",
    "//a b/", "//a*b/", "//a%41b/", "//\uff21\uff22\uff23/", "//xn--a/", "//\u00ad/", "x/../y", "/a/./b/%2e%2e/c",
    "//h/a b?c'd\"e<f>#g`h", "//h/\u00e9?\u00e9#\u00e9", "//h/a|b^c{d}", "//h/\\x", "?q", "#f", "//h?q", "//h#f",
    "//@h/", "//u@/", "//:80/", "h:80/x", "u:p@h/x", "[::1]/x", "//h/a\tb\n", "//h/%zz?%zz#%zz"];
  for (const scheme of schemes) for (const tail of tails) add(scheme + ":" + tail, null, "schemes");
  const bases = ["chrome://h/a/b", "moz-extension://id/a/b", "resource://h/a/b", "indexeddb://h/a/b",
    "chrome-extension://id/a/b", "android://h/a/b", "view-source:http://h/a/b"];
  const refs = ["x", "../y", "/z", "//g/w", "?q", "#f", "", ".", "..", "\\x", "\\\\g\\x", "a b", "%2e%2e/x",
    "x:y", "chrome:x"];
  for (const base of bases) for (const ref of refs) add(ref, base, "schemes");
}

fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
const bySource = {};
for (const c of cases) bySource[c.source] = (bySource[c.source] || 0) + 1;
console.error(`${cases.length} cases written to ${outFile}: ${JSON.stringify(bySource)}`);
