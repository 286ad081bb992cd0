#!/usr/bin/env node
// whatwg-runner: answers URL requests with whatwg-url (the URL Standard's
// reference implementation), one JSON line per request: the Standard's
// answer that the server-parser oracles in tests/data/servers/ are compared
// with.
//
//   NODE_PATH=~/.cache/url-inspector-servers/node/node_modules \
//     node scripts/servers/whatwg-runner.js < requests.jsonl > answers.jsonl
//   node scripts/servers/whatwg-runner.js --version
//
// Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
// Asks: new URL(input, base) (or new URL(input) without a base): a base that
// fails to parse is a failure of the request, as in the URL API.
// Output, in the same order:
//   success: {"ok":true,"href":..,"protocol":..,"username":..,"password":..,
//             "host":..,"hostname":..,"port":..,"pathname":..,"search":..,
//             "hash":..}
//   failure: {"ok":false,"error":"TypeError: Invalid URL"}
// The URL API's getters are USVStrings, so every output is valid UTF-16 and
// JSON.stringify writes it exactly.
"use strict";
const readline = require("readline");

function load() {
  try {
    return require("whatwg-url");
  } catch (e) {
    const home = process.env.URL_SERVERS_HOME || require("path").join(require("os").homedir(), ".cache/url-inspector-servers");
    return require(require("path").join(home, "node/node_modules/whatwg-url"));
  }
}
const { URL } = load();
const getters = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

function answer(input, base) {
  let u;
  try {
    u = base === null || base === undefined ? new URL(input) : new URL(input, base);
  } catch (e) {
    return { ok: false, error: `${e.name}: ${e.message}` };
  }
  const out = { ok: true };
  for (const g of getters) out[g] = u[g];
  return out;
}

if (process.argv[2] === "--version") {
  let v = "?";
  try {
    v = require(require.resolve("whatwg-url").replace(/lib[\\/]public-api\.js$|index\.js$/, "") + "package.json").version;
  } catch (e) {
    const home = process.env.URL_SERVERS_HOME || require("path").join(require("os").homedir(), ".cache/url-inspector-servers");
    v = require(require("path").join(home, "node/node_modules/whatwg-url/package.json")).version;
  }
  console.log(`whatwg-url ${v} (node ${process.version})`);
} else {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const chunks = [];
  let n = 0;
  rl.on("line", (line) => {
    n++;
    if (!line.trim()) return;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      process.stderr.write(`whatwg-runner: line ${n}: ${e.message}\n`);
      process.exit(1);
    }
    chunks.push(JSON.stringify(answer(req.input, req.base)));
    if (chunks.length >= 4096) {
      process.stdout.write(chunks.join("\n") + "\n");
      chunks.length = 0;
    }
  });
  rl.on("close", () => {
    if (chunks.length) process.stdout.write(chunks.join("\n") + "\n");
  });
}
