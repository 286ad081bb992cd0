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
//   chromium   the inputs of Chromium's own URL tests (url/gurl_unittest.cc,
//              url/url_canon_unittest.cc, url/url_parse_unittest.cc): whole
//              URLs as they are, references with their tests' bases, and a
//              host, port, path, query or fragment tested alone put in a URL.
//   near       cases written by hand around the departures the chromium
//              source revealed.
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

// chromium: the inputs of Chromium's own URL tests (url/gurl_unittest.cc,
// url/url_canon_unittest.cc, url/url_parse_unittest.cc, its IPv6 and IPv4
// cases among them), asked as new URL calls. Whole URLs are asked as they
// are; a reference with the base its test resolves it against; a host, a
// port, a path, a query or a fragment the test canonicalizes alone is put
// in a URL (hosts in http:, and in git: where the test is of non-special
// hosts; paths in both). A test input that is not valid UTF-8 is taken in
// the UTF-16 form the same test gives, or left out.
{
  const urls = [
    // url_canon_unittest.cc: UserInfo, CanonicalizeStandardURL.
    "http://user:pass@host.com/", "http://@host.com/", "http://:@host.com/", "http://foo:@host.com/",
    "http://:foo@host.com/", "http://^ :$\t@host.com/", "http://user:pass@/", "http://%2540:bar@domain.com/",
    "ftp://me\\mydomain:pass@foo.com/",
    "http://www.google.com/foo?bar=baz#", "http:\\\\www.google.com\\foo", "http://foo:80/", "http://foo:81/",
    "httpa://foo:80/", "http://foo:-80/", "https://foo:443/", "https://foo:80/", "ftp://foo:21/", "ftp://foo:80/",
    "gopher://foo:70/", "gopher://foo:443/", "ws://foo:80/", "ws://foo:81/", "ws://foo:443/", "ws://foo:815/",
    "wss://foo:80/", "wss://foo:81/", "wss://foo:443/", "wss://foo:815/", "ws:)W\u001eW\ufe6a81:80/",
    "HTTP:S/5%\\../>%41",
    // CanonicalizeNonSpecialURL.
    "git://host:80/path?a=b#ref", "git://host", "git://host/", "git://HosT/", "git://..", "git://../", "git://../..",
    "git://", "git:///", "git:////", "git:///a", "git:///a/../b", "git:///..", "git:/", "git:/a", "git:/a/../b",
    "git:/..", "git:/../", "git:/../..", "git:/.//a", "git://@host", "git:// @host", "git://\\@host",
    "git://host/path", "git://host/p ath", "git://host/a/../b", "git://host/..", "git://host/../",
    "git://host/../..", "git://host/.", "git://host/./", "git://host/./.", "git://host/a\\..\\b",
    "git://[1:2:0:0:5:0:0:0]", "git://[1:2:0:0:5:0:0:0]/", "git://[1:2:0:0:5:0:0:0]/path", "git://127.00.0.1",
    "git://127.1000.0.1", "git://@", "git://<", "git:// /", "git://host\\a/../b", "git:", "git:opaque",
    "git:o p a q u e", "git: <", "git:opaque/a/../b", "git:opaque\\a\\..\\b", "git:\\a", "git:a:b:c:123",
    // The URLs the Replace* tests start from and arrive at.
    "http://www.google.com/foo?bar=baz#ref", "http://a:b@google.com:22/foo;bar?baz@cat",
    "http://a:b@google.com:22/foo?baz@cat", "https://me:pw@host.com:99/path?query#ref",
    "filesystem://a:b@google.com:22/foo?baz@cat", "file:///C:/gaba?query#ref", "file:///Y:", "file:///Y:/",
    "file:///./Y", "file:///./Y:", "file:///C:/gaba", "file://filer/foo?b#c", "file:///interesting/",
    "file:///home/gaba?query#ref", "file:///home/gaba", "filesystem:file:///temporary/gaba?query#ref",
    "filesystem:file:///temporary/foo?b#c", "filesystem:file:///temporary/interesting/?query#ref",
    "filesystem:http://u:p@bar.com/t/gaba?query#ref", "filesystem:http://u:p@bar.com:80/t/gaba?query#ref",
    "filesystem:http://u:p@bar.com:40/t/gaba?query#ref", "data:foo", "javascript:alert('foo?');",
    "http://www.google.com/here_is_the_path", "mailto:jon@foo.com?body=sup", "mailto:addr1?to=tony",
    "mailto:jason?body=sup", "mailto:", "mailto:addr1", "mailto:?body=sup",
    // CanonicalizeFileURL (the Windows list and the other).
    "file:c:\\foo\\bar.html", "  File:c|////foo\\bar.html", "file:", "file:UNChost/path", "c:\\foo\\bar",
    "C|/foo/bar", "file:c:foo/bar.html", "file:/\\/\\C:\\\\//foo\\bar.html", "file:///foo/bar.txt",
    "FILE:/\\/\\7:\\\\//foo\\bar.html", "file:filer/home\\me", "file:///C:/foo/../../../bar.html", "file:///./s:",
    "file:///home/me", "file:c|//foo\\bar.html", "file://test", "file://localhost", "file://localhost/",
    "file://localhost/test",
    // CanonicalizeFileSystemUrl.
    "Filesystem:htTp://www.Foo.com:80/tempoRary", "filesystem:httpS://www.foo.com/temporary/",
    "filesystem:http://www.foo.com//", "filesystem:http://www.foo.com/persistent/bob?query#ref",
    "filesystem:fIle://\\temporary/", "filesystem:fiLe:///temporary", "filesystem:File:///temporary/Bob?qUery#reF",
    "FilEsysteM:htTp:E=/.",
    // CanonicalizePathURL, CanonicalizeMailtoURL.
    "javascript:", "JavaScript:Foo", "Foo:\":This /is interesting;?#", "javascript:\uffff",
    "mailto:addr1\u0000addr2?foo", "mailto:addr1@foo.com", "MaIlTo:addr1 \t ", "MaIlTo:addr1?to=jon",
    "mailto:addr1,addr2", "mailto:addr1, addr2", "mailto:addr1, addr2?subject=one two ", "mailto:addr1%2caddr2",
    "mailto:\u{10300}", "mailto:addr1?",
    "mailto:! \"$&()+,-./09:;<=>@AZ[\\]&_`az{|}~\u007f?Query! \"$&()+,-./09:;<=>@AZ[\\]&_`az{|}~",
    // gurl_unittest.cc: Types, Components, IsValid, the getters' tests.
    "something:///HOSTNAME.com/", "http:HOSTNAME.com", "http:/HOSTNAME.com", "http://HOSTNAME.com",
    "http:///HOSTNAME.com", "c:\\foo.txt", "Z|foo.txt", "\\\\server\\foo.txt", "//server/foo.txt",
    "http://user:pass@google.com:99/foo;bar?q=a#ref", "http://user:%40!$&'()*+,;=:@google.com:12345",
    "http://example.com/a/./b/c/d/../../e", "http://B\u00fccher.exAMple/",
    "http://example.com/foo/a\u03b2c%2Etxt?q=r\u{1f642}s", "http://example.com/a/./%2e/i%2E%2F%2fj?q=r%2Es",
    "filesystem:http://example.com/temporary/", "filesystem:https://user:pass@google.com:99/t/foo;bar?q=a#ref",
    "http://google.com", "unknown://google.com", "http://user:pass@google.com", "http://google.com:12345",
    "http://google.com:0", "http://google.com/path", "http://google.com//path", "http://google.com?k=v#fragment",
    "http://user:pass@google.com:12345/path?k=v#fragment", "http:/path", "http:path", "http://?k=v",
    "http:://google.com", "http//google.com", "http://google.com:12three45", "file://server:123",
    "file://server:0", "://google.com", "path", "http:///host", "http:google.com:foo", "https:google.com:foo",
    "http://www.google.com", "javascript:window.alert(\"hello,world\");",
    "http://user:pass@www.google.com:21/blah#baz", "http://user@www.google.com", "http://:pass@www.google.com",
    "http://:@www.google.com", "filesystem:http://www.google.com/temp/foo?q#b",
    "filesystem:http://user:pass@google.com:21/blah#baz", "blob:null/guid-goes-here",
    "blob:http://origin/guid-goes-here", "http://www.google.com/temp/foo?q#b", "not a url",
    "unknown-scheme://foo.html", "file:///tmp/test.html", "https://www.google.com",
    "http://www.google.com/foo/bar.html?baz=22", "filesystem:http://www.google.com/temporary/bar.html?baz=22",
    "filesystem:file:///temporary/bar.html?baz=22", "https://www.google.com/maps.htm",
    "https://www.google.com/index.html?q=maps", "https://www.google.com/index.html#maps/",
    "https://foo:bar@www.google.com/maps.htm", "https://www.google.com/maps/au/index.html?q=maps#fragment/",
    "http://www.google.com:8000/maps/au/index.html?q=maps#fragment/",
    "https://www.google.com/maps/au/north/?q=maps#fragment", "https://www.google.com/maps/au/north?q=maps#fragment",
    "file:///temporary/bar.html?baz=22#fragment", "ftp://foo/test/index.html", "gopher://foo/test/index.html",
    "ws://foo/test/index.html", "chrome://foo/bar.html", "httpa://foo/test/index.html",
    "blob:https://foo.bar/test/index.html", "about:blank", "data:foobar", "scheme:opaque_data", "foobar",
    "about:blank#ref", "https://foo:bar@www.google.com/maps.htm#fragment",
    "http://www.google.com/foo/bar.html?foo#bar", "file:///C:/foo/bar.txt",
    "http://www.google.com:99/foo?search#ref", "filesystem:http://www.google.com/foo/bar.html?foo#bar",
    "filesystem:http://www.google.com/foo/", "filesystem:http://www.google.com/foo/bar.html?foo#bar",
    "steam:a", "steam:b", "git://a1/a2?a3=a4#a5", "git://b1:99/b2?b3=b4#b5", "git:/a", "git://h/a",
    "git://u:p@h:80/", "git://host/b", "git:/.//a", " data: one # two ", "data: one ",
    "http://www.google.com/foo/bar.html#ref", "http://www.google.com/foo/bar.html?query#ref",
    "filesystem:http://www.google.com/temporary/foo/bar.html?query#ref",
    "filesystem:http://www.google.com/temporary/foo/bar.html?query", "http://www.google.com:80/",
    "http://www.google.com:443/", "https://www.google.com:443/", "https://www.google.com:80/",
    "ftp://www.google.com/", "ftp://www.google.com:21/", "ftp://www.google.com:80/", "file://www.google.com/",
    "file://www.google.com:443/", "data:www.google.com:90", "data:www.google.com",
    "filesystem:http://www.google.com:90/t/foo", "filesystem:file:///t/foo", "http://192.168.9.1/",
    "http://192.168.9.1.2/", "http://192.168.m.1/", "http://2001:db8::1/", "http://[2001:db8::1]/", "",
    "some random input!", "http://[::]/", "http://[]/", "http://[x]/", "http://[x/", "http://x]/", "http://[/",
    "http://]/", "http://google.com/foo", "http://www.google.com:99/foo", "http://www.google.com.cn/foo",
    "http://www.iamnotgoogle.com/foo", "google.com", "https://www.,.test", "http://www.google.com./foo",
    "http://www.google.com../foo", "filesystem:http://www.google.com:99/foo/",
    "filesystem:http://www.iamnotgoogle.com/foo/", " \t ht\ntp://\twww.goo\rgle.com/as\ndf \n ",
    " \t ht\ntp://\twww.goo\rgle.com/as\ndf< \n ", "http:foo/bar", "foo:bar/baz", "foo://bar/baz",
    "cid:bar@baz", "http://bar/", "HTTPS://BAR", "WS://BAR/", "wss://bar/", "https://foo.bar.com/",
    "HtTpS://foo.bar.com/", "WsS://foo.bar.com/", "BLOB://BAR/", "blob://bar/", "DATA:TEXT/HTML,BAR",
    "ABOUT:BAR", "FILESYSTEM:HTTP://FOO.EXAMPLE/BAR", "filesystem:http://foo.example/bar", "file:///bar",
    "null", "not-a-standard-scheme:this is arbitrary content", "view-source:http://example.com/path",
    "blob:http://example.com/GUID", "blob:http://user:password@example.com/GUID",
    "http://www.example.com/GUID#ref", "http://me:secret@example.com/GUID/#ref",
    "data:text/html,Question?<div style=\"color: #bad\">idea</div>", "filesystem:http://example.com/path",
    "javascript:#", "javascript:alert('#');", "blob://http://example.com/GUID", "git://host/path#fragment",
    "http://a.com", "http://a.com#foo", "http://b.com#bar", "http://a.com#", "http://aaa", "http://aab#foo",
    "http://123#a", "http://123456#a", "blob:http://a.com#foo", "blob:http://b.com#bar",
    "filesystem:http://a.com#foo", "filesystem:http://b.com#bar", "data:text/html,a#foo", "data:text/html,b#foo",
    "https://foo.com/bar", "http://%T%Ae", "http://127.0.0.1:0/blah", "http://other.com", "http://127.0.0.1/foo",
    // url_parse_unittest.cc: Length, CountCharactersBefore, Standard, PathURL, file, ExtractFileName,
    // ExtractQueryKeyValue, mailto, filesystem, non-special.
    "http://a@c:29/d", "http://@c:29/d", "http://user:pass@host:99/foo?bar#baz", "http://user:pass@host:99/foo?bar#",
    "http://user:pass@host:99/foo?bar", "http://user:pass@host:99/foo?", "http://user:pass@host:99/foo",
    "http://user:pass@host:99/", "http://user:pass@host:99", "http://user:pass@host:", "http://user:pass@host",
    "http://host", "http://user@", "http:", "http://u:p@h:8/p?q#r", "http://u:p@h:8/p?", "http://u:p@h:8/p?q",
    "http://u:p@h:8/p#r", "http://u:p@h:8#r", "http://u:p@h/", "http://u:p@/", "http://u@h/", "http://h/",
    "file:///c:/foo", "http://user:pass@foo:21/bar;par?b#c", "http:foo.com", "\t   :foo.com   \n", " foo.com  ",
    "a:\t foo.com", "http://f:21/ b ? d # e ", "http://f:/c", "http://f:0/c", "http://f:00000000000000/c",
    "http://f:00000000000000000000080/c", "http://f:b/c", "http://f: /c", "http://f:\n/c", "http://f:fifty-two/c",
    "http://f:999999/c", "http://f: 21 / b ? d # e ", "  \t", ":foo.com/", ":foo.com\\", ":", ":a", ":/", ":\\",
    ":#", "#", "#/", "#\\", "#;?", "?", "/", ":23", "/:23", "//", "::", "::23", "foo://", "http://a:b@c:29/d",
    "http::@c:29", "http://&a:foo(b]c@d:2/", "http://::@c@d:2", "http://foo.com:b@d/", "http://foo.com/\\@",
    "http:\\\\foo.com\\", "http:\\\\a\\b:c\\d@foo.com\\", "foo:/", "foo:/bar.com/", "foo://///////",
    "foo://///////bar.com/", "foo:////://///", "c:/foo", "//foo/bar", "http://foo/path;a??e#f#g",
    "http://foo/abcd?efgh?ijkl", "http://foo/abcd#foo?bar", "[61:24:74]:98", "http://[61:27]:98",
    "http:[61:27]/:foo", "http://[1::2]:3:4", "http://2001::1", "http://[2001::1", "http://2001::1]",
    "http://2001::1]:80", "http://[2001::1]", "http://[2001::1]:80", "http://[[::]]",
    " This is \\interesting// \t", "about:", "  about: blank ", "javascript :alert(\"He:/l\\l#o?foo\"); ",
    "file:server", "  file: server  \t", "FiLe:c|", "FILE:/\\\\/server/file", "file://server/",
    "file://localhost/c:/", "file://127.0.0.1/c|\\", "file:/", "file:c:\\fo\\b", "file:/c:\\foo/bar",
    "file://c:/f\\b", "file:///C:/foo", "file://///\\/\\/c:\\f\\b", "file:server/file", "file:/server/file",
    "file://server/file", "file:///server/file", "file://\\server/file", "file:////server/file",
    "file:///C:/foo.html?#", "file:///C:/foo.html?query=yes#ref", "file:path", "file:path/", "file:path/f.txt",
    "file:/path", "file:/path/", "file:/path/f.txt", "file://", "file://server", "file://server/f.txt",
    "file:///", "file:///path", "file:///path/", "file:///path/f.txt", "file:////", "file:////path",
    "file:////path/", "file:////path/f.txt", "file:///foo.html?#", "file:///foo.html?q=y#ref",
    "http://www.google.com/", "http://www.google.com/search", "http://www.google.com/search/",
    "http://www.google.com/search/;param", "http://www.google.com/foo/bar.html;param#ref",
    "http://www.google.com/foo/bar.html;foo;param#ref", "http://www.google.com/foo;/bar.html",
    "http://www.google.com/foo;/", "http://www.google.com/foo;", "http://www.google.com/;",
    "http://www.google.com/foo;bar;html", "http://www.google.com?arg1=1&arg2=2&bar", "http://www.google.com?foo=bar&",
    "http://www.google.com?&foo=bar", "http://www.google.com?=foo", "http://www.google.com?foo=",
    "http://www.google.com?&&==&=", "mailto:foo@gmail.com", "  mailto: to  \t", "mailto:addr1%2C%20addr2 ",
    "Mailto:addr1, addr2 ", "mailto:addr1:addr2 ", "mailto:?to=addr1,addr2", "mailto:?to=addr1%2C%20addr2",
    "mailto:addr1?to=addr2", "mailto:?body=#foobar#", "mailto:#?body=#foobar#",
    "filesystem:http://user:pass@foo:21/temporary/bar;par?b#c", "filesystem:https://foo/persistent/bar;par/",
    "filesystem:file:///persistent/bar;par/", "filesystem:file:///persistent/bar;par/?query#ref",
    "filesystem:file:///persistent", "filesystem:", "git://user:pass@foo:21/bar;par?b#c", "git://host/a b",
    "git://ho\\st/", "git://:80", "git:/trailing-space ", "git:opaque?a=b#c", "git: o p a q u e ", "git:opa\\que",
  ];
  for (const url of urls) add(url, null, "chromium");

  // [base, reference]: url_canon_unittest.cc ResolveRelativeURL (both of
  // its platform lists) and NonSpecialResolveRelativeURL; gurl_unittest.cc
  // Resolve, Newlines.
  const refs = [
    ["http://host/a", "http://another/"], ["http://host/a", "http:////another/"], ["http://foo/bar", ""],
    ["http://foo/bar#ref", ""], ["http://foo/bar#", ""], ["http://foo/bar", "  another  "], ["http://foo/bar", "  .  "],
    ["http://foo/bar", " \t "], ["http://host/a", "http:path"], ["http://host/a/", "http:path"],
    ["http://host/a", "http:/path"], ["http://host/a", "HTTP:/path"], ["http://host/a", "https:host2"],
    ["http://host/a", "htto:/host2"], ["http://host/a", "/b/c/d"], ["http://host/a", "\\b\\c\\d"],
    ["http://host/a", "/b/../c"], ["http://host/a?b#c", "/b/../c"], ["http://host/a", "\\b/../c?x#y"],
    ["http://host/a?b#c", "/b/../c?x#y"], ["http://host/a", "b"], ["http://host/a", "bc/de"],
    ["http://host/a/", "bc/de?query#ref"], ["http://host/a/", "."], ["http://host/a/", ".."], ["http://host/a/", "./.."],
    ["http://host/a/", "../."], ["http://host/a/", "././."], ["http://host/a?query#ref", "../../../foo"],
    ["http://host/a", "?foo=bar"], ["http://host/a?x=y#z", "?"], ["http://host/a?x=y#z", "?foo=bar#com"],
    ["http://host/a", "#ref"], ["http://host/a#b", "#"], ["http://host/a?foo=bar#hello", "#bye"],
    ["data:foobar", "baz.html"], ["data:foobar", "data:baz"], ["data:foobar", "data:/base"],
    ["data:foobar", "http://host/"], ["data:foobar", "http:host"], ["data:foobar", ""], ["http://foo/bar", "./asd:fgh"],
    ["http://foo/bar", ":foo"], ["http://foo/bar", " hello world"], ["data:asdf", ":foo"],
    ["data:asdf", "bad(':foo')"], ["http://host/a", ";foo"], ["http://host/a;", ";foo"], ["http://host/a", ";/../bar"],
    ["http://host/a", "//another"], ["http://host/a", "//another/path?query#ref"], ["http://host/a", "///another/path"],
    ["http://host/a", "//Another\\path"], ["http://host/a", "//"], ["http://host/a", "\\/another/path"],
    ["http://host/a", "/\\Another\\path"], ["file:///C:/foo", "http://host/"], ["file:///C:/foo", "bar"],
    ["file:///C:/foo", "../../../bar.html"], ["file:///C:/foo", "/../bar.html"], ["http://host/a", "\\\\another\\path"],
    ["file:///C:/something", "//c:/foo"], ["file:///C:/something", "//localhost/c:/foo"], ["file:///C:/foo", "c:"],
    ["file:///C:/foo", "c:/foo"], ["http://host/a", "c:\\foo"], ["file:///C:/foo", "/z:/bar"], ["file:///C:/foo", "/bar"],
    ["file://localhost/C:/foo", "/bar"], ["file:///C:/foo/com/", "/bar"], ["file:///C:/something", "//somehost/path"],
    ["file:///C:/something", "/\\//somehost/path"], ["http://host/a", "\\\\Another\\path"], ["http://host/a", "/c:\\foo"],
    ["http://host/a", "//c:\\foo"], ["file://host/a", "/"], ["file://host/a", "//"], ["file://host/a", "/b"],
    ["file://host/a", "//b"], ["file:///foo.txt", "//host:80/bar.txt"],
    ["filesystem:http://host/t/path", "filesystem:http://host/t/path2"],
    ["filesystem:http://host/t/path", "filesystem:https://host/t/path2"],
    ["filesystem:http://host/t/path", "http://host/t/path2"], ["http://host/t/path", "filesystem:http://host/t/path2"],
    ["filesystem:http://host/t/path", "./path2"], ["filesystem:http://host/t/path/", "path2"],
    ["filesystem:http://host/t/path", "filesystem:http:path2"], ["about:blank", "http://X/A"],
    ["about:blank", "content://content.Provider/"], ["git://host", "path"],
    ["http://www.google.com/", "foo.html"], ["http://www.google.com/foo/", "bar"], ["http://www.google.com/foo/", "/bar"],
    ["http://www.google.com/foo", "bar"], ["http://www.google.com/", "http://images.google.com/foo.html"],
    ["http://www.google.com/", "http://images.\tgoogle.\ncom/\rfoo.html"],
    ["http://www.google.com/blah/bloo?c#d", "../../../hello/./world.html?a#b"], ["http://www.google.com/foo#bar", "#com"],
    ["http://www.google.com/", "Https:images.google.com"], ["data:blahblah", "http://google.com/"],
    ["data:blahblah", "http:google.com"], ["data:blahblah", "https:google.com"], ["git:opaque", ""],
    ["git:opaque", "path"], ["git:/a", "b"], ["filesystem:http://www.google.com/type/", "foo.html"],
    ["filesystem:http://www.google.com/type/", "../foo.html"],
    ["file:///some/dir/ip-relative.html", "10.0.0.7:8080/foo.html"], ["file:///some/dir/", "1://host"],
    ["file:///some/dir/", "x1://host"], ["file:///some/dir/", "X1://host"], ["file:///some/dir/", "x.://host"],
    ["file:///some/dir/", "x+://host"], ["file:///some/dir/", "x-://host"], ["file:///some/dir/", "x!://host"],
    ["file:///some/dir/", "://host"], ["git://host", ""], ["git://host", "."], ["git://host", ".."], ["git://host", "a"],
    ["git://host", "/a"], ["git://host/", ""], ["git://host/", "."], ["git://host/", ".."], ["git://host/", "a"],
    ["git://host/", "/a"], ["git://host/b", "a"], ["git://host/b/c", "a"], ["git://host/b/c", "../a"],
    ["git://host", "git:opaque"], ["git://host/path#ref", "git:opaque"], ["git:/path", "git:opaque"],
    ["https://host/path", "git:opaque"], ["git:/", ""], ["git:/", "."], ["git:/", ".."], ["git:/", "a"], ["git:/", "/a"],
    ["git:/#ref", ""], ["git:/#ref", "a"], ["git://", ""], ["git://", "."], ["git://", ".."], ["git://", "a"],
    ["git://", "/a"], ["git:///", ""], ["git:///", "."], ["git:///", ".."], ["git:///", "a"], ["git:///", "/a"],
    ["git:///#ref", ""], ["git:///#ref", "a"], ["git://host/", "//"], ["git://host/", "//a"], ["git://host/", "///"],
    ["git://host/", "////"], ["git://host/", "////.."], ["git://host/", "////../.."], ["git://host/", "////../../.."],
    ["http://www.google.com/asdf", " \n /fo\to\r "], ["http://www.google.com/asdf", " \n /fo\to<\r "],
  ];
  for (const [base, ref] of refs) add(ref, base, "chromium");

  // References resolved against a file base: the schemeless file cases of
  // url_parse_unittest.cc, the relative ones of CanonicalizeFileURL and the
  // specs of FindWindowsDriveLetter.
  const fileRefs = [
    "path/f.txt", "path:80/f.txt", "path/f.txt:80", "/path/f.txt", "/path:80/f.txt", "/path/f.txt:80",
    "//server/f.txt", "//server:80/f.txt", "//server/f.txt:80", "///path/f.txt", "///path:80/f.txt",
    "///path/f.txt:80", "////path/f.txt", "////path:80/f.txt", "////path/f.txt:80", "c:\\foo\\bar", "C|/foo/bar",
    "/C|\\foo\\bar", "//C|/foo/bar", "//server/file", "\\\\server\\file", "/\\server/file", "//", "///", "///test",
    "c:/foo", "/c:/foo", "//c:/foo", "\\C|\\foo", "/cd:/foo", "/./c:/foo", "/.//c:/foo", "/././c:/foo",
    "/abc/c:/foo", "/abc/./../c:/foo", "/c:/c:/foo",
  ];
  for (const ref of fileRefs) add(ref, "file:///", "chromium");

  // Hosts canonicalized alone (url_canon_unittest.cc Host, IPv4, IPv6,
  // CanonicalizeHostSubstring, IDNToASCII; gurl_unittest.cc's hosts are in
  // whole URLs above), in a special URL.
  const hosts = [
    "GoOgLe.CoM", "Goo%20 goo.com", "Goo%2a*goo.com", "GOO\u00a0\u3000goo.com", "GOO\u200b\u2060\ufeffgoo.com",
    "www.foo\u3002bar.com", "\ufdd0zyx.com", "%ef%b7%90zyx.com", "\uff27\uff4f.com", "\uff05\uff14\uff11.com",
    "%ef%bc%85%ef%bc%94%ef%bc%91.com", "\uff05\uff10\uff10.com", "%ef%bc%85%ef%bc%90%ef%bc%90.com", "\ufe6a41.com",
    "%ef%b9%aa41.com", "\ufe6a81.com", "%ef%b9%aa81.com", "\u4f60\u597d\u4f60\u597d", "fu\u00dfball.de",
    "\u03c3\u03cc\u03bb\u03bf\u03c2", "a\u200cb\u200dc", "\u0915\u094d\u200d\u091c", "wow\uff01", "\u2132oo",
    "\u{2f868}\u59fb.cn", "M\u00dcNCHEN", "xn--mnchen-3ya", "\u2665ny.us", "\u{11013}.com", "\u0602.eg", "\u20b7.com",
    "bc\u023a.com", "ab\uff43.xyz", "ab\u{1d68c}.xyz", "\u078b\u07a8\u0788\u07ac\u0780\u07a8",
    "\u062c\u0627\u0631xyz", "\u062c\u0627\u06312", "\u062c\u0627\u0631xy2", "\u062c\u0627\u0631\u0662",
    "\u062c\u0627\u0631xy\u0662", "\u062c\u0627\u0631xy2\u0662", "\u20cf.com", "\u0080.com",
    "%E4%BD%A0%E5%A5%BD\u4f60\u597d", "%zz%66%a", "%25", "hello%00", "%30%78%63%30%2e%30%32%35%30.01",
    "%30%78%63%30%2e%30%32%35%30.01%2e", "%3g%78%63%30%2e%30%32%35%30%2E.01", "192.168.0.1 hello",
    "\uff10\uff38\uff43\uff10\uff0e\uff10\uff12\uff15\uff10\uff0e\uff10\uff11", "192.168.0.257", "[google.com]",
    "\u0442(", "12345678912345.de", "1.12345678912345.de", "12345678912345.12345678912345.de",
    "1.2.0xB3A73CE5B59.de", "12345678912345.0xde", "xn--m\u00fcnchen",
    "192.168.0.1", "0300.0250.00.01", "0xC0.0Xa8.0x0.0x1", "192.168.9.com", "19a.168.0.1", "19a.168.0.1.",
    "0308.0250.00.01", "0308.0250.00.01.", "0xCG.0xA8.0x0.0x1", "0xCG.0xA8.0x0.0x1.", "19.168.0.1a",
    "0xC.0xA8.0x0.0x1G", "19a.168.0.1..", "0308.0250.00.01..", "0xCG.0xA8.0x0.0x1..", "1.2.3.08", "1.2.3.08.", "192",
    "0xC0a80001", "030052000001", "000030052000001", "192.168", "192.0x00A80001", "192.0x000A80001",
    "0xc0.052000001", "192.168.1", "192.168.0.0.1", "192.168.0.1.", "192.168.0.1. hello", "192.168.0.1..",
    "192.168..1", "192.168..1.", "0x100.0", "0x100.0.0", "0x100.0.0.0", "0.0x100.0.0", "0.0.0x100.0", "0.0.0.0x100",
    "0.0.0x10000", "0.0x1000000", "0x100000000", "0xFF.0", "0xFF.0.0", "0xFF.0.0.0", "0.0xFF.0.0", "0.0.0xFF.0",
    "0.0.0.0xFF", "0.0.0xFFFF", "0.0xFFFFFF", "0xFFFFFFFF", "276.256.0xf1a2.077777", "192.168.0xa20001",
    "192.015052000001", "0X12C0a80001", "276.1.2", "255.255.255.255.255", "256.256.256.256.256",
    "0000000000000300.0x00000000000000fF.00000000000000001", "0000000000000300.0xffffffffFFFFFFFF.3022415481470977",
    "00000000000000000001", "0000000000000000100000000000000001", "0.0.0.000000000000000000z",
    "0.0.0.100000000000000000z", "0.00.0x.0x0", "1.2.3.\u{1f4a9}", "1.2.3.4\u{1f4a9}", "1.2.3.0x\u{1f4a9}",
    "1.2.3.0\u{1f4a9}", "1.2.\u{1f4a9}.4", "1.2.3\u{1f4a9}.4", "1.2.0x\u{1f4a9}.4", "1.2.0\u{1f4a9}.4",
    "\u{1f4a9}.2.3.4", "M\u00dcNCHEN.com", "01.02.03.04", "hell\u00f6", "\u4f60\u597d", "\u00bc", "xn--hell-8qa",
    "xn--hell\u00f6", "xn--1\u20444",
  ];
  for (const host of hosts) add("http://" + host + "/", null, "chromium");

  // IPv6 addresses (url_canon_unittest.cc IPv6, NonSpecialHostIPv6Address),
  // in a special and in a non-special URL.
  const ipv6 = [
    ":", "[", "[:", "]", ":]", "[]", "[:]", "2001:db8::1", "[2001:db8::1", "2001:db8::1]", "[::]", "[::1]", "[1::]",
    "[000:01:02:003:004:5:6:007]", "[A:b:c:DE:fF:0:1:aC]", "[1:0:0:2::3:0]", "[1::2:0:0:3:0]", "[::192.168.0.1]",
    "[::ffff:192.168.0.1]", "[::eeee:192.168.0.1]", "[2001::192.168.0.1]", "[1:2:192.168.0.1:5:6]",
    "[::ffff:192.1.2]", "[::ffff:192.1]", "[::ffff:192.1.2.3.4]", "[::ffff:0xC0.0Xa8.0x0.0x1]", "[0:0::0:0:8]",
    "[2001:db8::1]", "[2001::db8::1]", "[2001:db8:::1]", "[:::]", "[2001::.com]", "[::192.168.0.0.1]",
    "[::ffff:192.168.0.0.1]", "[1:2:3:4:5:6:7:8:9]", "[0:0:0:0:0:0:0:192.168.0.1]", "[1:2:3:4:5:6::192.168.0.1]",
    "[1:2:3:4:5:6::8]", "[1:2:3:4:5:6:7:8:]", "[1:2:3:4:5:6:192.168.0.1:]", "[-1:2:3:4:5:6:7:8]", "[1::%1]",
    "[1::%eth0]", "[1::%]", "[%]", "[::%:]", "[:0:0::0:0:8]", "[0:0::0:0:8:]", "[:0:0::0:0:8:]", "[::192.168..1]",
    "[::1 hello]", "#[::]", "a]", "[a", "a[]", "[]a",
  ];
  for (const host of ipv6) {
    add("http://" + host + "/", null, "chromium");
    add("git://" + host + "/", null, "chromium");
  }

  // Non-special hosts (OpaqueHost, NonSpecialHostIPv6Address,
  // ForbiddenHostCodePoint) and the punctuation of SpecialHostPuncutationChar,
  // one between two letters, in both kinds of URL.
  for (const host of ["google.com", "gooGle.com", "A", "a", "\u0010", "%41", "%zz", "\u3042", "192.168.0.1", "192",
    "192.168.0.257"]) add("git://" + host + "/", null, "chromium");
  for (const c of ["!", "\"", "$", "&", "'", "(", ")", "+", ",", "-", ".", ";", "=", "_", "`", "{", "}", "~", " ",
    "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|", "*", "\t", "\n", "\r", "\u0000"]) {
    add("http://a" + c + "b/", null, "chromium");
    add("git://a" + c + "b/", null, "chromium");
  }

  // Ports, paths, queries and fragments canonicalized alone (Port,
  // kCommonPathCases, the special and non-special path lists, PartialPath,
  // Query, Ref).
  for (const port of ["as df", "-2", "80", "8080"]) add("http://h:" + port + "/", null, "chromium");
  const paths = [
    "/././foo", "/./.foo", "/foo/.", "/foo/./", "/foo/bar/..", "/foo/bar/../", "/foo/..bar", "/foo/bar/../ton",
    "/foo/bar/../ton/../../a", "/foo/../../..", "/foo/../../../ton", "/foo/%2e", "/foo/%2e%2",
    "/foo/%2e./%2e%2e/.%2e/%2e.bar", "////../..", "/foo", "/%20foo", "/foo%", "/foo%2", "/foo%2zbar",
    "/foo%2\u00a9zbar", "/foo%2\u00c2\u00a9zbar", "/foo%41%7a", "/foo\t\u0091%91", "/foo%00%51", "/(%28:%3A%29)",
    "/%3A%3a%3C%3c", "/foo\tbar", "/%7Ffp3%3Eju%3Dduvgw%3Dd", "/@asdf%40", "/%A%42", "/%%41B", "/%%41%42", "/%%41",
    "/%%470", "/%%2D%41", "/%%41\u0130", "/\u4f60\u597d\u4f60\u597d", "/\ufdd0zyx", "/ab\u0000c", "\\a\\b",
    "/a\\..\\b", "/a\\.\\b", "/a\\./b", ".html",
  ];
  for (const p of paths) {
    const rest = p.startsWith("/") || p.startsWith("\\") ? p : "/" + p;
    add("http://h" + rest, null, "chromium");
    add("git://h" + rest, null, "chromium");
  }
  for (const q of ["foo=bar", "as?df", "as#df", "\u0002hello\u007f bye", "%40%41123", "q=\u4f60\u597d", "q=<asdf>",
    "q=\"asdf\"", "a \u0000z\u0001"]) {
    add("http://h/?" + q, null, "chromium");
    add("git://h/?" + q, null, "chromium");
  }
  for (const f of ["hello!", "hello, world", "hello,\"world", "hello,<world", "hello,>world", "hello,`world",
    "\u00a9", "\u{10300}ss", "%41%a", "a\ufdd0", "asdf#qwer", "#asdf", "ab\u0000z"]) add("http://h/#" + f, null, "chromium");
}

// near: cases written by hand around the departures the chromium source
// revealed (filesystem: URLs and references against them, IPv4 written
// inside IPv6, percent-encoded code points in brackets, "/." kept in a file
// reference's path, a trailing colon in IPv6, "|" after a file host, one C0
// control as a non-special host), each asked without a base unless one is
// given.
{
  const near = [
    // filesystem:
    "filesystem:http://www.foo.com/temporary/", "filesystem:git://h/t/x", "filesystem:filesystem:http://h/t/x",
    "filesystem:http://h", "filesystem:http://h/", "filesystem:http://h/t", "filesystem:http://h/t/a/../../b",
    "filesystem:http://h/t?q", "filesystem:http://h/t?q/x", "filesystem:http://h/t#f", "filesystem:http://[::1]:8/t/x",
    "filesystem:http://a b/t/x", "filesystem:chrome://h/t/x", "filesystem:data:x", "filesystem:blob:http://h/t",
    "filesystem:http:/h/t/x", "filesystem:http:h/t/x", "filesystem:http:\\h\\t\\x", "filesystem:file:/t/x",
    "filesystem:file:c:/t/x", "filesystem:file://host/t/x", "filesystem:file://localhost/t/x",
    "filesystem:ws://h/t/x", "filesystem:http://h/t/x y?a b#c d", "filesystem:http://h/t/\u00e9",
    "filesystem:http://h/\u00e9/x", "filesystem:http://h/./t/x", "filesystem:http://h/t/.", "filesystem:http:",
    "filesystem:http://u:p@h:80/t/x", "filesystem:https://h:443/t/x", "filesystem:ftp://h/t/x",
    "filesystem:http://h/t/x?", "filesystem:http://h/t/x#", "filesystem:http://h/t|x/y", "filesystem:http://a<b/t/x",
    " filesystem:http://h/t/x\t",
    ["./path2", "filesystem:http://host/t/path"], ["path2", "filesystem:http://host/t/path/"],
    ["../foo.html", "filesystem:http://www.google.com/type/"], ["../../x", "filesystem:http://h/t/a/b"],
    ["/x", "filesystem:http://h/t/a/b"], ["//g/x", "filesystem:http://h/t/a/b"], ["?q", "filesystem:http://h/t/a/b"],
    ["#f", "filesystem:http://h/t/a/b"], ["filesystem:http:path2", "filesystem:http://host/t/path"],
    ["\\\\g\\x", "filesystem:http://h/t/a/b"], ["///x", "filesystem:http://h/t/a/b"], ["//g", "filesystem:http://h/t/a/b"],
    ["//u:p@g:80/x?q#f", "filesystem:http://h/t/a/b"], ["", "filesystem:http://h/t/a/b?q#f"],
    ["a?x", "filesystem:http://h/t/a/b?q#f"], ["#", "filesystem:http://h/t/a/b?q#f"], ["\\x\\y", "filesystem:http://h/t/a/b"],
    ["..", "filesystem:http://h/t/a/b"], ["../../..", "filesystem:http://h/t/a/b"], ["x", "filesystem:file:///t/a/b"],
    ["x", "filesystem:http://h/t"], ["x", "filesystem:http://h/t/"], ["x", "filesystem:http://h:81/t/a"],
    ["filesystem:x", "filesystem:http://h/t/a/b"], ["FILESYSTEM:/x", "filesystem:http://h/t/a/b"],
    ["a b", "filesystem:http://h/t/a/b"], ["%2e%2e/x", "filesystem:http://h/t/a/b"], ["x", "filesystem:git://h/t/a"],
    ["http://h/x", "filesystem:http://h/t/a"],
    // IPv4 inside IPv6
    "http://[::0.00.255.255]/", "http://[a:b:c:d:e:f:127.0.0.011]/", "http://[::0x.1.2.3]/", "http://[::1.2.3.4.]/",
    "http://[::08.1.2.3]/", "http://[::1.2.0x3]/", "http://[::1.2.3]/", "git://[::0.00.255.255]/",
    "http://[::0x7f.1.2.3]/", "http://[::0X7F.1.2.3]/", "http://[::00000001.2.3.4]/", "http://[::ffff:1.2.3.0377]/",
    "http://[::ffff:1.2.3.0400]/", "http://[::ffff:1.2.3.256]/", "http://[::ffff:1..3.4]/", "http://[::x1.2.3.4]/",
    "http://[::1x.2.3.4]/", "http://[::12345.1.2.3]/", "http://[1:2:3:4:5:6:0x1.2.3.4]/", "http://[1:2:3:4:5:6:7:0x1.2.3.4]/",
    "git://[::ffff:0x7f.1.2.3]/", "http://[::ffff:1.2.3.0x]/",
    // percent-encoded code points in brackets
    "http://[::%31]:80/", "http://[::%31]:81/", "http://u@[::%31]/", "http://[::1%25]/", "http://[%5B::1]/",
    "http://[::1]%5D/", "http://[::%3a1]/", "http://[::%66]/", "http://[::%46%46]/", "http://[::1.2.3.%34]/",
    "http://[::%31.2.3.4]/", "http://[::ffff:%30x7f.1.2.3]/", "http://[::%2e]/", "http://[::%5D/", "http://%5B::%31%5D/",
    "http://%5B::1]:80/", "http://%5B::1%5D/", "http://[::1%2]/", "http://[::%C3%A9]/", "http://[::%00]/",
    "http://[::%20]/", "http://[::1%09]/", "http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/", "http://[::%zz]/",
    "ws://[::%31]/", "file://[::%31]/", "http://[::%31]", ["//[::%31]/", "http://h/"], ["http://[::%31]/", "http://h/"],
    "http://[::1]%20/", "http://[::%311]/", "git://[::%31]/", "http://[::%3A1]/", "http://[%3A%3A1]/", "http://[::1%5D/",
    // "/." before "//" in a reference against a file base
    "file:///.//x", "file:///.///x", "file:///a/..//x", "file://h/.//x", "http://h/.//x", "git:/.//x",
    ["/.//x", "file:///"], [".//x", "file:///"], ["/.//x", "file:///a/b"], ["/.//x", "http://h/"],
    ["/a/..//x", "file:///"], ["..//x", "file:///a/"], ["/.//x", "file://h/"], ["/.//x?q#f", "file:///"],
    ["/./", "file:///"], ["/.//", "file:///"], ["/./x", "file:///"], ["..//", "file:///a/"], ["/%2e//x", "file:///"],
    ["/.///x", "file:///"], ["/.//x", "file:///C:/"], ["/C:/.//x", "file:///"], ["file:.//x", "file:///"],
    ["FILE:/a/..//x", "file:///"], ["//h/.//x", "file:///"],
    // a trailing colon in IPv6
    "http://[0:0::0:0:8:]/", "http://[1::8:]/", "http://[::8:]/", "http://[1:2:3:4:5:6:7:8:]/", "http://[1:]/",
    "http://[::1:2:3:4:5:6:7:]/", "http://[1::2:3:]/", "http://[::ffff:1.2.3.4:]/", "git://[1::8:]/",
    "http://[1:2::3:4:]/", "http://[1::2::]/", "http://[1:2:3:4:5:6::8:]/", "http://[1:2:3:4:5:6:7::8:]/",
    "http://[1:2:3::4:5:6:]/", "http://[::1:2:3:4:5:6:]/", "http://[1::8::]/", "http://[1:8:]/", "http://[::0:]/",
    "http://[1::1.2.3.4:]/", "http://[1:2:3:4:5:6:7:]/", "http://[1::2:]:80/",
    // IDNA: a capital letter UTS #46 maps
    "http://\u2132oo/", "http://\u214eoo/", "http://\u36fc/", "http://\u{2f868}/", "http://a\u2132/",
    // "|" after a drive letter, behind a file host
    "file://127.0.0.1/c|", "file://h/c|/x", "file://h/C|", "file://localhost/c|/x", "file:///c|/x", "file://h/c:/x",
    "file://h/c|?q", "file://h/x/c|/y", ["//h/c|/x", "file:///"], ["file://h/c|", "file:///"],
    // one C0 control as a non-special host
    "git://\u0010/", "git://\u0001/", "git://a\u001fb/", "git://\u007f/", "git://a\u0080b/", "sc://\u0010/",
    "git://\u0010\u0010/", "git://\u0010a/", "git://u@\u0010/", "git://\u0010:80/", "git://\u0010?q",
    ["//\u0010/", "git://h/"], ["git://\u0010/", "git://h/"], "git://%10/",
    // an empty host after '@' in a non-special URL
    "git://@/", "git://@/x", "git://u@", "git://u@/x", "git://:@/x", "git://@?q", "git://@#f", "git://@:80/",
  ];
  for (const c of near) {
    if (typeof c === "string") add(c, null, "near");
    else add(c[0], c[1], "near");
  }
}

fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
const bySource = {};
for (const c of cases) bySource[c.source] = (bySource[c.source] || 0) + 1;
console.error(`${cases.length} cases written to ${outFile}: ${JSON.stringify(bySource)}`);
