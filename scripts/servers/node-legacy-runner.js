#!/usr/bin/env node
// node-legacy-runner: answers URL requests with Node.js's legacy url API
// (url.parse, url.resolve: lib/url.js of the running node), one JSON line per
// request, for the server-parser oracles in tests/data/servers/.
//
//   node scripts/servers/node-legacy-runner.js < requests.jsonl > answers.jsonl
//   node scripts/servers/node-legacy-runner.js --version
//
// The oracles use the machine's node, NodeSource's nodejs 20.20.2 (Debian 12
// itself ships 18.20.4, whose url.parse differs: its hostnames go through ICU,
// not ada). lib/url.js is part of the node binary, so the version of node is
// the version of the library.
//
// Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
// What is asked of the library (the project's definition of a request):
//
//   without a base:  u = url.parse(input)
//   with a base:     joined = url.resolve(base, input); u = url.parse(joined)
//
// url.parse with its defaults (parseQueryString false, slashesDenoteHost
// false); url.resolve parses both of its arguments with slashesDenoteHost
// true, as lib/url.js does.
//
// Output, in the same order, one object a line, written and flushed at once
// (the runner is also driven live, a request at a time):
//
//   success: {"ok":true,"joined":... (only with a base),"href":u.href,
//             "protocol":..,"slashes":..,"auth":..,"host":..,"port":..,
//             "hostname":..,"hash":..,"search":..,"query":..,"pathname":..,
//             "path":..}   (each a string, slashes true, or null as url.parse
//             leaves it; "format":url.format(u) is added only if it ever
//             differs from href)
//   failure: {"ok":false,"error":"TypeError: Invalid URL",
//             "code":"ERR_INVALID_URL","call":"url.resolve"|"url.parse"}
//             error is the exception's name and message; code is err.code
//             when it has one (a URIError from decodeURIComponent has none).
//
// A string holding a lone surrogate (no request of make-requests.js can give
// one) would be written {"bytes":"<hex of its WTF-8>"}. The runner never dies
// on a request: every exception is an answer.
"use strict";
const readline = require("readline");
const url = require("url");

// url.parse warns (DEP0170) on some ports; the warning is not the answer.
process.noDeprecation = true;

const FIELDS = ["protocol", "slashes", "auth", "host", "port", "hostname", "hash", "search", "query", "pathname", "path"];

// A string as the oracle writes it: itself, or its WTF-8 bytes in hex when it
// holds a lone surrogate (which JSON could carry but UTF-8 cannot).
function enc(v) {
  if (typeof v !== "string" || !/[\ud800-\udfff]/.test(v)) return v;
  let lone = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length) {
      const d = v.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
    }
    if (c >= 0xd800 && c <= 0xdfff) { lone = true; break; }
  }
  if (!lone) return v;
  const bytes = [];
  for (const ch of v) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return { bytes: Buffer.from(bytes).toString("hex") };
}

function answer(input, base) {
  let call = "url.resolve";
  try {
    const out = { ok: true };
    let text = input;
    if (base !== null && base !== undefined) {
      text = url.resolve(base, input);
      out.joined = enc(text);
    }
    call = "url.parse";
    const u = url.parse(text);
    out.href = enc(u.href);
    for (const f of FIELDS) out[f] = enc(u[f]);
    const formatted = url.format(u);
    if (formatted !== u.href) out.format = enc(formatted);
    return out;
  } catch (e) {
    const fail = { ok: false, error: `${e && e.name}: ${e && e.message}` };
    if (e && e.code !== undefined) fail.code = String(e.code);
    fail.call = call;
    return fail;
  }
}

if (process.argv[2] === "--version") {
  console.log(`Node.js ${process.version} lib/url.js (legacy url.parse/url.resolve; ada ${process.versions.ada}, its idna for hostnames)`);
} else {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let n = 0;
  rl.on("line", (line) => {
    n++;
    if (!line.trim()) return;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      process.stderr.write(`node-legacy-runner: line ${n}: ${e.message}\n`);
      process.exit(1);
    }
    let text;
    try {
      text = JSON.stringify(answer(req.input, req.base));
    } catch (e) {
      text = JSON.stringify({ ok: false, error: `runner: ${e && e.message}`, call: "runner" });
    }
    // process.stdout is synchronous for files and pipes on Linux: each
    // answer leaves the process before the next request is read
    process.stdout.write(text + "\n");
  });
}
