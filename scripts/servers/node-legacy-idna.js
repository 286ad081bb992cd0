#!/usr/bin/env node
// node-legacy-idna: asks the running node's own hostname-to-ASCII function
// (internalBinding('encoding_binding').toASCII, ada's to_ascii, which
// url.parse calls) about every code point, so that the model in
// src/engine/servers/node_legacy/idna.rs can be held to it.
//
//   node --expose-internals scripts/servers/node-legacy-idna.js > /tmp/node-idna.jsonl
//   NODE_IDNA_ANSWERS=/tmp/node-idna.jsonl cargo test --lib node_legacy::idna -- --ignored
//
// Output: one JSON array a line, [domain, answer], for every code point
// from U+0080 (surrogates left out) alone, between two U+05D0 HEBREW
// LETTER ALEF, after one, before one, and between "a" and one (which
// reach ada's mapping table, its combining-mark list and each branch of its
// Bidi check); then for each line of stdin, if any, read as a JSON string.
"use strict";
let internalBinding;
try {
  ({ internalBinding } = require("internal/test/binding"));
} catch (e) {
  process.stderr.write("node-legacy-idna: run node with --expose-internals\n");
  process.exit(2);
}
process.noDeprecation = true;
process.removeAllListeners("warning");
const { toASCII } = internalBinding("encoding_binding");
const out = [];
const emit = (d) => out.push(JSON.stringify([d, toASCII(d)]));
const alef = "\u05d0";
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const c = String.fromCodePoint(cp);
  for (const d of [c, alef + c + alef, alef + c, c + alef, "a" + c + alef]) emit(d);
  if (out.length >= 65536) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (!process.stdin.isTTY) {
  const lines = require("fs").readFileSync(0, "utf8").split("\n");
  for (const l of lines) if (l.trim()) emit(JSON.parse(l));
}
if (out.length) process.stdout.write(out.join("\n") + "\n");
