#!/usr/bin/env node
// Writes tests/data/wpt/whatwg-url-oracle.json: generated inputs (and
// setter calls) with the answers of whatwg-url, the URL Standard's
// reference implementation, for tests/url_standard.rs to compare with.
//
//   npm install whatwg-url   (in any folder; pass it as NODE_PATH)
//   NODE_PATH=/path/to/node_modules scripts/whatwg-url-oracle.js [count] [random count] [params count]
//
// The inputs are built from pieces that reach the parser's branches
// (schemes, slashes, credentials, hosts of every kind, ports, dot
// segments, drive letters, queries, fragments, odd code points) with a
// fixed seed, so the file is reproducible. After them come random inputs
// (random-url-pieces.js), parsed only. Each parse also carries the
// validation errors whatwg-url reports, by name and in order. Last come
// random queries for URLSearchParams: the pairs parsed, the serialization,
// then random append, set, delete and sort calls and the serialization after.

const { URL, URLSearchParams, basicURLParse, parseURLWithValidationErrors } = require("whatwg-url");
const fs = require("fs");
const path = require("path");

const { rand, pick } = require("./seeded-random.js").seeded(0x5eed1234);

const schemes = ["http:", "https:", "file:", "ws:", "ftp:", "sc:", "data:", "HTTP:", "", "mailto:", "blob:"];
const slashes = ["", "/", "//", "///", "\\\\", "/\\", "////"];
const creds = ["", "", "", "user@", "user:pass@", ":@", "a:b@c@", "%40:x@", "@"];
const hosts = ["example.com", "EXAMPLE.com", "faß.de", "xn--fa-hia.de", "127.0.0.1", "0x7f.1", "1.2.3",
  "256.1.1.1", "[::1]", "[1:2::3]", "[::ffff:1.2.3.4]", "[::01]", "exa%41mple.com", "a b", "",
  "C:", "c|", "localhost", "☕.example", "a.b.c.0x", "09", "x%", "[", "ho^st", "\u00ad"];
const ports = ["", "", ":80", ":443", ":8080", ":", ":65536", ":0x1", ":21"];
const paths = ["", "/", "/a/b", "/a/./b/../c", "/..", "/%2e%2E/x", "/C|/x", "a/b", "/ /é", "/\\x", "/^`{}", "/.//x", "?"];
const queries = ["", "", "?q=1", "?é=ü", "?a b'", "?#", "?%zz"];
const frags = ["", "", "#f", "#a b`", "#é"];
const bases = [null, null, "http://example.org/foo/bar?q#f", "file:///C:/dir/file", "sc://host/a/b", "data:text,x", "https://u:p@h:81/x/"];

function input() {
  return pick(schemes) + pick(slashes) + pick(creds) + pick(hosts) + pick(ports) + pick(paths) + pick(queries) + pick(frags);
}
const getters = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const values = { protocol: ["https", "sc", "file", "ws:", "1x"], username: ["u", "a b", ""], password: ["p:w", ""],
  host: ["h.example:81", "[::1]", "", "a b", "faß.de"], hostname: ["h.example", "x:1", "0x7f.1"],
  port: ["8080", "", "99999", "80", "12ab"], pathname: ["/x/../y", "a b", "//z", "C|"],
  search: ["?x=1", "", "é"], hash: ["#h", "", "a`b"], href: ["http://new/", "not a url"] };

function answer(u) {
  const out = {};
  for (const g of getters) out[g] = u[g];
  return out;
}
// The validation errors of parsing `inp` against `base`, by name.
function errors(inp, base) {
  return parseURLWithValidationErrors(inp, { baseURL: base === null ? null : basicURLParse(base) }).validationErrors;
}
const count = Number(process.argv[2] || 3000);
const randomCount = Number(process.argv[3] || 3000);
const cases = [];
for (let i = 0; i < count; i++) {
  const inp = input();
  const base = pick(bases);
  let u;
  try {
    u = base === null ? new URL(inp) : new URL(inp, base);
  } catch (e) {
    cases.push({ input: inp, base, failure: true, errors: errors(inp, base) });
    continue;
  }
  const c = { input: inp, base, expected: answer(u), errors: errors(inp, base) };
  const setter = pick(getters);
  const value = pick(values[setter]);
  try {
    u[setter] = value;
    c.set = { setter, value, expected: answer(u) };
  } catch (e) {
    c.set = { setter, value, failure: true };
  }
  cases.push(c);
}
const { randomInput, randomBase } = require("./random-url-pieces.js").pieces({ rand, pick });
for (let i = 0; i < randomCount; i++) {
  const inp = randomInput();
  const base = randomBase();
  try {
    const u = base === null ? new URL(inp) : new URL(inp, base);
    cases.push({ input: inp, base, expected: answer(u), errors: errors(inp, base) });
  } catch (e) {
    cases.push({ input: inp, base, failure: true, errors: errors(inp, base) });
  }
}
// Pieces that matter to application/x-www-form-urlencoded.
const formPieces = ["a", "b", "A", "z", "1", "=", "=", "&", "&", "+", "%20", "%", "%zz", "%41", "%C3%A9", "%E9",
  "%2B", "%26", "%3D", "é", "e\u0301", "ß", "ａ", "\ud83d\ude00", "\ufffd", " ", "?", "#", "~", "*", "-", "_", ".",
  "\u0000", "\u007f"];
const formString = (most) => {
  let s = "";
  for (let n = rand(most) + 1; n > 0; n--) s += pick(formPieces);
  return s;
};
const searchParams = [];
for (let i = 0; i < Number(process.argv[4] || 1000); i++) {
  const query = (rand(4) === 0 ? "?" : "") + formString(15);
  const params = new URLSearchParams(query);
  const c = { query, pairs: [...params], serialized: params.toString(), calls: [] };
  for (let k = rand(4); k > 0; k--) {
    const [name, value] = [formString(3), formString(3)];
    const first = [...params][0] || [name, value];
    const call = pick([["append", name, value], ["set", name, value], ["delete", pick([name, first[0]]), null],
      ["delete", first[0], first[1]], ["sort", null, null]]);
    if (call[0] === "delete" && call[2] === null) params.delete(call[1]);
    else if (call[0] === "sort") params.sort();
    else params[call[0]](call[1], call[2]);
    c.calls.push(call);
  }
  c.after = params.toString();
  searchParams.push(c);
}
const version = require("whatwg-url/package.json").version;
const file = path.join(__dirname, "..", "tests", "data", "wpt", "whatwg-url-oracle.json");
fs.writeFileSync(file, JSON.stringify({ generator: "scripts/whatwg-url-oracle.js", "whatwg-url": version, cases, searchParams }, null, 0) + "\n");
console.log(`${cases.length} cases and ${searchParams.length} URLSearchParams cases written to ${file} (whatwg-url ${version})`);
