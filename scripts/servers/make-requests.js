#!/usr/bin/env node
// make-requests: writes the requests that the server-parser oracles answer,
// tests/data/servers/requests.jsonl: one JSON object a line,
//   {"input": STRING, "base": STRING or null, "source": NAME[, "family": NAME]}
// in a fixed order, the same on every run (seeded; no clock, no network).
//
//   node scripts/servers/make-requests.js [out.jsonl]
//   node scripts/servers/make-requests.js --fresh SEED out.jsonl
//
// --fresh SEED writes a second sample for measuring the models on requests
// they were never fitted to: only the generated sources (real-base, random,
// pieces), each seeded from SEED instead of its own seed.
//
// Sources, in this order:
//   wpt        every case of tests/data/wpt/urltestdata.json (input + base).
//              /work/shared/corpus/tricky-urls.txt is the same 891 pairs in
//              the same order (checked here: the script fails if they ever
//              differ), so it is not added a second time.
//   real       /work/shared/corpus/real-urls.txt, every line, no base.
//   real-base  12,000 of those (seeded pick, seed 0x5e7e0001) made into
//              references against a base from a short list: the URL as is,
//              scheme-relative ("//host/path"), path-absolute, path-relative,
//              query-only or fragment-only.
//   random     20,000 inputs from scripts/random-url-pieces.js with its base
//              list (seed 0x5e7e0002).
//   pieces     8,000 inputs built from pieces that reach the parsers'
//              branches (scheme x slashes x userinfo x host x port x path x
//              query x fragment, seed 0x5e7e0003), with a base from a list.
//   ssrf       the public SSRF / parser-confusion payload families (see the
//              FAMILIES below), every payload against several bases.
//   peers      the inputs of the modelled libraries' own test suites, one
//              file per library in scripts/servers/peers/ (NAME.jsonl, read
//              in name order; each line {"input", "base", "from"}, "from"
//              naming the test file it was taken from); family = NAME.
// Every string is made well-formed UTF-16 (String.prototype.toWellFormed:
// a lone surrogate becomes U+FFFD), so every runner, whatever its string
// type, sees the same Unicode scalar values (in UTF-8 for Go and C).
"use strict";
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..", "..");
const args = process.argv.slice(2);
const fresh = args[0] === "--fresh" ? Number(args[1]) : null;
if (fresh !== null && !(Number.isInteger(fresh) && args[2])) {
  throw new Error("usage: make-requests.js --fresh SEED out.jsonl (SEED an integer)");
}
const out = (fresh !== null ? args[2] : args[0]) || path.join(root, "tests/data/servers/requests.jsonl");
const { seeded: seededBy } = require(path.join(root, "scripts/seeded-random.js"));
// With --fresh, every generator draws from SEED (mixed with its own seed,
// so the three still differ from each other).
const seeded = (seed) => seededBy(fresh === null ? seed : (Math.imul(fresh, 0x9e3779b1) ^ seed) >>> 0);
const requests = [];
const wf = (s) => (s === null || s === undefined ? null : s.toWellFormed());
function push(input, base, source, family) {
  const r = { input: wf(input), base: wf(base), source };
  if (family) r.family = family;
  requests.push(r);
}

// ---- wpt (and tricky-urls.txt, which must be the same pairs) -----------
const wpt = JSON.parse(fs.readFileSync(path.join(root, "tests/data/wpt/urltestdata.json"), "utf8"))
  .filter((x) => typeof x === "object");
if (fresh === null) for (const c of wpt) push(c.input, c.base === undefined ? null : c.base, "wpt");
{
  const tricky = "/work/shared/corpus/tricky-urls.txt";
  if (fs.existsSync(tricky)) {
    const unesc = (s) => s.replace(/\\([tnr\\])/g, (_, c) => ({ t: "\t", n: "\n", r: "\r", "\\": "\\" })[c]);
    const lines = fs.readFileSync(tricky, "utf8").split("\n").filter((l) => l !== "");
    const same = lines.length === wpt.length && lines.every((l, i) => {
      const [inp, base] = l.split("\t").map(unesc);
      return wf(inp) === wf(wpt[i].input) && (base || null) === wf(wpt[i].base === undefined ? null : wpt[i].base);
    });
    if (!same) throw new Error("tricky-urls.txt is no longer urltestdata.json's pairs: add it as its own source");
  }
}

// ---- real and real-base -------------------------------------------------
const real = fs.readFileSync("/work/shared/corpus/real-urls.txt", "utf8").split("\n").filter((l) => l !== "");
if (fresh === null) for (const u of real) push(u, null, "real");
{
  const { rand, pick } = seeded(0x5e7e0001);
  const bases = ["https://example.org/dir/page.html?x=1#top", "http://good.com/", "https://good.com/a/b/c",
    "http://[::1]:8080/api/v1/", "http://127.0.0.1/", "ftp://files.example.net/pub/", "file:///home/user/x.html",
    "https://user:pw@good.com:8443/p?q"];
  for (let i = 0; i < 12000; i++) {
    const u = real[rand(real.length)];
    const m = /^([A-Za-z][A-Za-z0-9+.-]*):(\/\/)?(.*)$/s.exec(u);
    let ref = u;
    const mode = rand(6);
    if (m && m[2]) {
      const rest = m[3];
      const slash = rest.search(/[/?#]/);
      const tail = slash < 0 ? "" : rest.slice(slash);
      if (mode === 1) ref = "//" + rest;
      else if (mode === 2) ref = tail || "/";
      else if (mode === 3) ref = tail.replace(/^\/+/, "") || ".";
      else if (mode === 4) ref = tail.includes("?") ? tail.slice(tail.indexOf("?")).replace(/#.*/s, "") : "?q=" + i;
      else if (mode === 5) ref = tail.includes("#") ? tail.slice(tail.indexOf("#")) : "#f" + i;
    }
    push(ref, pick(bases), "real-base");
  }
}

// ---- random (random-url-pieces.js) --------------------------------------
{
  const random = seeded(0x5e7e0002);
  const { randomInput, randomBase } = require(path.join(root, "scripts/random-url-pieces.js")).pieces(random);
  for (let i = 0; i < 20000; i++) {
    const inp = randomInput();
    push(inp, randomBase(), "random");
  }
}

// ---- pieces -------------------------------------------------------------
{
  const { pick } = seeded(0x5e7e0003);
  const schemes = ["http:", "https:", "HTTP:", "hTtPs:", "ftp:", "ws:", "file:", "gopher:", "foo:", "mailto:", "", "", ""];
  const slashes = ["//", "//", "//", "", "/", "///", "////", "\\\\", "/\\", "\\/", "\\"];
  const creds = ["", "", "", "", "user@", "user:pass@", ":@", "@", "a:b@c@", "%40:x@", "u%3Ap@", "a@b:c@",
    "good.com@", "good.com\\@", "good.com#@", "good.com?@", "good.com/@", "us er@", "u\\p@"];
  const hosts = ["example.com", "EXAMPLE.com", "evil.com", "faß.de", "xn--fa-hia.de", "127.0.0.1", "0x7f.1", "1.2.3",
    "0177.0.0.1", "2130706433", "256.1.1.1", "127.1", "[::1]", "[1:2::3]", "[::ffff:1.2.3.4]", "[::01]", "[::1%25lo]",
    "[v1.x]", "exa%41mple.com", "a b", "", "localhost", "☕.example", "a.b.c.0x", "09", "x%", "[", "]", "ho^st",
    "\u00ad", "ｅｘａｍｐｌｅ.com", "evil。com", "evil．com", "evil%2ecom", "evil.com.", "_under.score", "a..b",
    "%F0%9F%98%80.com", "xn--", "ex\tample.com", "ex\nample.com", "ex%00ample.com", "1.2.3.4.5", "0x", "0x100000000"];
  const ports = ["", "", "", ":80", ":443", ":8080", ":", ":0", ":65535", ":65536", ":080", ":0x50", ":+80", ":8 0",
    ":80a", "::80", ":١٢"];
  const paths = ["", "", "/", "/a/b", "/a/./b/../c", "/..", "/../../x", "/%2e%2E/x", "/.%2e/x", "/C|/x", "a/b",
    "/ /é", "/\\x", "/^`{}", "/.//x", "/a%2fb", "/%5c%5cevil.com", "//evil.com", "/\\evil.com", "/;p=1", "/a;b/c"];
  const queries = ["", "", "", "?q=1", "?é=ü", "?a b'", "?#", "?%zz", "?@evil.com", "?x=\\"];
  const frags = ["", "", "", "#f", "#a b`", "#é", "#@evil.com", "#\\"];
  const bases = [null, null, "http://good.com/foo/bar?q#f", "https://u:p@good.com:81/x/", "file:///C:/dir/file",
    "sc://host/a/b", "http://[::1]/", "ftp://good.com/"];
  for (let i = 0; i < 8000; i++) {
    const inp = pick(schemes) + pick(slashes) + pick(creds) + pick(hosts) + pick(ports) + pick(paths) + pick(queries) + pick(frags);
    push(inp, pick(bases), "pieces");
  }
}

// ---- ssrf: public payload families --------------------------------------
// Each family: payload templates in which {s} is a scheme; every payload is
// asked against every base in its list.
{
  const S = ["http", "https", "HTTP", "hTtPs", "ftp", "ws", "gopher", "foo"];
  const absBases = [null, "http://good.com/a/b"];
  const relBases = [null, "http://good.com/a/b", "https://good.com/", "http://good.com", "ftp://good.com/dir/",
    "http://user:pw@good.com:8080/x?y#z"];
  const families = [];
  const fam = (name, templates, bases, schemes = S) => families.push({ name, templates, bases, schemes });

  fam("backslash-at", [
    "{s}://good.com\\@evil.com/", "{s}://good.com\\\\@evil.com/", "{s}://evil.com\\\\@good.com/",
    "{s}://evil.com\\@good.com/", "{s}://good.com\\.evil.com/", "{s}://evil.com\\.good.com/",
    "{s}://good.com:80\\@evil.com/", "{s}://good.com\\evil.com", "{s}://good.com\\/evil.com",
    "{s}://good.com%5c@evil.com/", "{s}://good.com%5C%40evil.com/", "{s}://u:p\\@evil.com/",
    "{s}://good.com\\:@evil.com", "{s}://\\@evil.com", "{s}://good.com\\\\@evil.com\\\\", "{s}://good.com\\?@evil.com",
    "{s}://good.com\\#@evil.com", "{s}://evil.com\\\\good.com", "{s}://good.com\\@evil.com:8080/x",
  ], absBases);
  fam("fragment-query-at", [
    "{s}://good.com#@evil.com", "{s}://good.com#@evil.com/", "{s}://good.com?@evil.com/", "{s}://good.com/@evil.com/",
    "{s}://good.com:80#@evil.com/", "{s}://good.com:80?@evil.com/", "{s}://evil.com#.good.com", "{s}://evil.com?.good.com",
    "{s}://evil.com/.good.com", "{s}://evil.com%23@good.com/", "{s}://evil.com%3f@good.com/", "{s}://evil.com%2f@good.com/",
    "{s}://good.com%23@evil.com/", "{s}://good.com%3F@evil.com/", "{s}://good.com%2F@evil.com/", "{s}://good.com;@evil.com",
    "{s}://good.com&@evil.com", "{s}://good.com @evil.com", "{s}://good.com%20@evil.com", "{s}://good.com\t@evil.com",
    "{s}://good.com.evil.com", "{s}://good.com%00@evil.com", "{s}://good.com%0d%0a@evil.com", "{s}://#@evil.com",
    "{s}://?@evil.com", "{s}://good.com#\\@evil.com", "{s}://good.com?\\@evil.com",
  ], absBases);
  fam("userinfo", [
    "{s}://a@good.com@evil.com/", "{s}://a:b@good.com:c@evil.com/", "{s}://good.com@evil.com@", "{s}://@evil.com",
    "{s}://:@evil.com", "{s}://user:pass@evil.com:80@good.com", "{s}://good.com:@evil.com", "{s}://good.com:80@evil.com",
    "{s}://good.com:pass@evil.com", "{s}://:good.com@evil.com", "{s}://good.com@:80", "{s}://user@good.com:pass@evil.com",
    "{s}://user:p@ss@evil.com", "{s}://good.com:%40@evil.com", "{s}://good.com%3a80@evil.com", "{s}://good.com%40evil.com",
    "{s}://evil.com%40good.com", "{s}://evil.com@good.com", "{s}://good.com@evil.com", "{s}://good.com:evil.com@",
    "{s}://@@evil.com", "{s}://good.com@@evil.com", "{s}://u;opt@evil.com", "{s}://good.com;x@evil.com",
    "{s}://[::1]@evil.com", "{s}://good.com[@evil.com]", "{s}://user:pa ss@evil.com", "{s}://us%20er@evil.com",
    "{s}://user:pw@good.com%2523@evil.com", "{s}://%67ood.com@evil.com",
  ], absBases);
  fam("missing-slashes", [
    "{s}:evil.com", "{s}:/evil.com", "{s}:///evil.com", "{s}:////evil.com", "{s}:\\\\evil.com", "{s}:/\\evil.com",
    "{s}:\\/evil.com", "{s}:\\evil.com", "{s}:evil.com:80", "{s}:evil.com/x", "{s}:@evil.com", "{s}:/@evil.com",
    "{s}:////evil.com/x", "{s}:/\\/evil.com", "{s}: //evil.com", "{s}:\t//evil.com", "{s}:%2f%2fevil.com",
  ], relBases);
  fam("relative", [
    "//evil.com", "//evil.com/x", "///evil.com", "////evil.com", "\\\\evil.com", "\\\\evil.com\\x", "/\\evil.com",
    "\\/evil.com", "/\\/evil.com", "/ /evil.com", "evil.com", "evil.com:80", "evil.com:80/x", ":evil.com", "//evil.com:80",
    "//good.com@evil.com", "//good.com\\@evil.com", "/%2f/evil.com", "/%2f%2fevil.com", "%2f%2fevil.com",
    "/%5cevil.com", "/%5c%5cevil.com", "./evil.com", "../evil.com", "../../../evil.com", "/..//evil.com",
    "/.//evil.com", "//\tevil.com", "/\t/evil.com", "\t//evil.com", " //evil.com", "//evil.com%2f@good.com",
    "?x=//evil.com", "#//evil.com", ".//evil.com", "/./evil.com", "//%65vil.com", "//evil%2ecom",
    "java\tscript:x", "//evil.com#@good.com", "//evil。com", "//ｅｖｉｌ.com", "/\\\\evil.com", "\\\\/evil.com",
    "//[::1]", "//127.1", "//0x7f.1", "//2130706433/", "//evil.com:", "//:80", "//@", "//", "/", "",
  ], relBases, ["-"]);
  fam("odd-scheme", [
    "HTTP://evil.com", "hTtP://evil.com", "HTTPS:evil.com", "Http:\\\\evil.com", "HtTp:/evil.com", "ＨＴＴＰ://evil.com",
    " http://evil.com", "\u0001http://evil.com", "\u0000http://evil.com", "http://evil.com ", "ht\ttp://evil.com",
    "h\nttp://evil.com", "http\r://evil.com", "http:\n//evil.com", "http:/\r/evil.com", "\thttp://evil.com\t",
    "http ://evil.com", "http\u00a0://evil.com", "1http://evil.com", "+http://evil.com", "http+unix://evil.com",
    "http.://evil.com", "h-t.t+p://evil.com", "\u000bhttp://evil.com", "\u001fhttp://evil.com", "\u007fhttp://evil.com",
    "\u00a0http://evil.com", "\u2028http://evil.com", "\ufeffhttp://evil.com", "javascript://evil.com/%0aalert(1)",
    "JAVASCRIPT:alert(1)", "data:text/html,x", "file://evil.com/etc/passwd", "file:///etc/passwd", "file:evil.com",
    "file://localhost/etc/passwd", "file://127.0.0.1/etc/passwd", "file:\\\\evil.com\\share", "FILE://EVIL.com/x",
    "gopher://evil.com:25/_HELO", "dict://evil.com:11211/stat", "ldap://evil.com", "sftp://evil.com", "tftp://evil.com",
    "jar:http://evil.com!/", "netdoc://evil.com", "mailto:a@evil.com", "ws://evil.com", "WSS://evil.com",
  ], relBases, ["-"]);
  fam("crlf-tab", [
    "{s}://ev\til.com", "{s}://evil\n.com", "{s}://evil\r.com", "{s}://good.com\r\n@evil.com", "{s}://evil.com\t@good.com",
    "{s}://evil.com\n@good.com", "{s}://good.com\t.evil.com", "{s}://good.com/\r\nHost: evil.com", "{s}://evil.com\r\n",
    "{s}://good.com%0d%0aHost:%20evil.com", "{s}://good.com\u0000evil.com", "{s}://good.com\u0000@evil.com",
    "{s}://evil.com\u0000.good.com", "{s}://good.com\u000b@evil.com", "{s}://good.com\u001f.evil.com",
    "{s}://evil.com\u007f", "{s}://good.com /evil.com", "{s}://good.com\u00a0@evil.com", "{s}://\tevil.com",
    "{s}://\nevil.com", "{s}:/\t/evil.com", "{s}://evil.com:8\t0/", "{s}://evil.com:80\n/",
  ], absBases);
  fam("encoded-delimiters", [
    "{s}://evil.com%2fgood.com", "{s}://good.com%2f@evil.com", "{s}://evil.com%23.good.com", "{s}://evil.com%3f.good.com",
    "{s}://evil%2ecom", "{s}://%65vil.com", "{s}://evil.com%40good.com", "{s}://evil.com%3a80", "{s}://evil.com%3A80/x",
    "{s}://evil.com%00.good.com", "{s}://evil.com%0a.good.com", "{s}://%2f%2fevil.com", "{s}://evil.com%5c.good.com",
    "{s}://evil.com%2F", "{s}://evil.com%25", "{s}://evil.com%252f", "{s}://ev%69l.com", "{s}://EV%49L.COM",
    "{s}://evil.com%e3%80%82good.com", "{s}://evil%E3%80%82com", "{s}://%ef%bd%85vil.com", "{s}://evil.com%ff",
    "{s}://evil.com%c0%ae", "{s}://evil.com%", "{s}://evil.com%zz", "{s}://%31%32%37.0.0.1", "{s}://127%2e0%2e0%2e1",
    "{s}://0x7f%2e1", "{s}://evil.com%20", "{s}://evil.com%09", "{s}://good.com/%2e%2e/%2e%2e/evil.com",
    "{s}://good.com/%2f%2fevil.com", "{s}://good.com/..%2f..%2fevil.com", "{s}://good.com%2f%2e%2e%2fevil.com",
  ], absBases);
  const ipv4 = ["127.0.0.1", "0177.0.0.1", "0x7f.0.0.1", "0x7f000001", "2130706433", "017700000001", "127.1", "127.0.1",
    "0x7f.1", "0", "0.0.0.0", "127.000.000.001", "0300.0250.0001.0001", "0xc0a80101", "3232235777", "0xc0.0xa8.1.1",
    "192.168.257", "192.11010305", "169.254.169.254", "0251.0376.0251.0376", "0xa9fea9fe", "2852039166", "0xA9FEA9FE",
    "0XA9.0XFE.0XA9.0XFE", "4294967295", "4294967296", "256.256.256.256", "127.0.0.1.", "127.0.0.1..", "1.2.3.4.5",
    "08.1.1.1", "0x.1.1.1", "0x100.1.1.1", "0127.0.0.01", "1e1.0.0.1", "127。0。0。1", "１２７．０．０．１",
    "127.0.0.1%2e", "00000000000000000000000177.1", "0x00000000000000007f.1", "0xffffffff", "037777777777",
    "0x7f.0x0.0x0.0x1", "127.0.0.0x1", "-1.0.0.1", "127.0.0.1 ", "1.1.1.1&@2.2.2.2", "0x7f.1.evil.com", "127.0.0.1.evil.com",
    "evil.com.127.0.0.1", "127.0.0.1:80", "127.0.0.1:0", "localhost", "LOCALHOST", "localhost.", "locaIhost",
    "127.0.0.1.nip.io", "[127.0.0.1]", "1.0x2.3.4", "01.02.03.04", "1.2.3.09", "0.0.0.0x100",
  ];
  const ipv6 = ["[::1]", "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[0::1]",
    "[::1%25eth0]", "[fe80::1%25en0]", "[fe80::1%en0]", "[::1]:80", "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]",
    "[::]", "[::0]", "[0000::0001]", "[::1.2.3.4]", "[::1", "::1", "[v1.x]", "[::1]x", "[1:2:3:4:5:6:7:8:9]",
    "[::ffff:127.1]", "[::%31]", "[::FFFF:7F00:0001]", "[0:0:0:0:0:ffff:127.0.0.1]", "[::ffff:0x7f.1]", "[1::]",
    "[::1]]", "[[::1]]", "[::1]@evil.com", "evil.com@[::1]", "[::1]:", "[::1]:65536", "[::1]:0080", "[::1%2525x]",
    "[fd00::1]", "[2001:db8::1]", "[2001:DB8:0:0:0:0:0:1]", "[64:ff9b::7f00:1]", "[::ffff:0:127.0.0.1]",
  ];
  const idna = ["ｅｖｉｌ.com", "evil。com", "evil．com", "evil｡com", "EVİL.com", "evil.com\u00ad", "e\u200bvil.com",
    "e\u200cvil.com", "e\u200dvil.com", "xn--evil.com", "ⓔⓥⓘⓛ.com", "𝐞𝐯𝐢𝐥.com", "ｅｖｉｌ．ｃｏｍ", "evil.com\uff0fgood.com",
    "evil.c\u2100", "good.com\u2100evil.com", "good.com\u2101evil.com", "good.com\u2105evil.com", "good.com\ufe6bevil.com",
    "good.com\uff20evil.com", "evil.com\uff03good.com", "evil.com\uff1fgood.com", "evil.com\ufe16good.com",
    "evil.com\uff1a80", "evil.com\u2474", "ℯvil.com", "EVIL.COM", "EvIl.CoM", "evil.com.", "evil.com..", ".evil.com",
    "faß.de", "fass.de", "xn--fa-hia.de", "ŧëšŧ.com", "xn--4ca.com", "пример.рф", "例え.テスト", "😀.com",
    "xn--ls8h.com", "evil\u3002com", "evil\uff0ecom", "evil\uff61com", "g\u0338ood.com", "evil.com\u0000",
    "evil\u2024com", "evil\u2025com", "evil\u0589com", "a\u2044b.com", "\u1d49vil.com", "evi\u217c.com",
  ];
  const hostFamily = (name, hosts) => {
    const templates = [];
    for (const h of hosts) {
      templates.push(`{s}://${h}/`, `{s}://${h}:8080/x`, `{s}://u:p@${h}/`, `{s}://good.com@${h}/`, `{s}://${h}\\@good.com/`);
    }
    fam(name, templates, absBases, ["http", "https", "ftp", "foo"]);
    fam(name + "-relative", hosts.map((h) => `//${h}/x`), ["http://good.com/a/b"], ["-"]);
  };
  hostFamily("ipv4-forms", ipv4);
  hostFamily("ipv6-forms", ipv6);
  hostFamily("idna-lookalike", idna);
  const ports = [":0", ":080", ":00080", ":0000000000080", ":65535", ":65536", ":99999", ":4294967377", ":-1", ":+80",
    ":80a", ":0x50", ": 80", ":8\t0", ":", "::80", ":80:80", ":١٢", ":²", ":８０", ":80 ", ":80%20", ":%38%30",
    ":80@evil.com", ":80\\@evil.com", ":80#@evil.com", ":80/@evil.com", ":443", ":21", ":6379",
  ];
  fam("ports", ports.map((p) => `{s}://evil.com${p}/x`).concat(ports.map((p) => `{s}://good.com${p}@evil.com/`)), absBases,
    ["http", "https", "ftp", "foo"]);

  // The examples quoted in the issue, verbatim (and the backslash one both
  // ways, since "\\\\" in the issue may mean one backslash or two).
  fam("issue-claims", ["http://good.com\\@evil.com/", "http:foo.com", "http://0300.0250.0001.0001",
    "https://githu\\b.co%6@6node", "https://githu\\\\b.co%6@6node", "http://good.com#@evil.com",
    "http://evil.com\\\\@good.com"], [null, "http://example.org/foo/bar"], ["-"]);

  for (const f of fresh === null ? families : []) {
    for (const t of f.templates) {
      for (const s of f.schemes) {
        const payload = s === "-" ? t : t.split("{s}").join(s);
        for (const b of f.bases) push(payload, b, "ssrf", f.name);
      }
    }
  }
}

// ---- peers: the libraries' own test inputs ------------------------------
if (fresh === null) {
  const dir = path.join(__dirname, "peers");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort() : [];
  for (const f of files) {
    const name = f.replace(/\.jsonl$/, "");
    const lines = fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter((l) => l.trim() !== "");
    for (const [i, l] of lines.entries()) {
      let r;
      try { r = JSON.parse(l); } catch (e) { throw new Error(`peers/${f}:${i + 1}: not JSON: ${e.message}`); }
      if (typeof r.input !== "string") throw new Error(`peers/${f}:${i + 1}: no "input" string`);
      // An empty base is no base, as every resolver reads one.
      push(r.input, typeof r.base === "string" && r.base !== "" ? r.base : null, "peers", name);
    }
  }
}

fs.writeFileSync(out, requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
const counts = {};
for (const r of requests) counts[r.source] = (counts[r.source] || 0) + 1;
process.stderr.write(`make-requests: ${requests.length} requests to ${out}: ${JSON.stringify(counts)}\n`);
