#!/usr/bin/env node
// Shows how whatwg-url and the three browsers parse a few URLs, side by side:
// for trying out a departure by hand.
//
//   node scripts/browsers/probe.js 'INPUT' ['BASE']
//   node scripts/browsers/probe.js --tsv < cases.tsv    (input<TAB>base a line; no tab: no base;
//                                                        \t \n \r \\ and \uXXXX unescaped)
//   --engines whatwg-url,chromium,firefox,webkit   (default: all four, one after another)
//   --json                                         print every getter, not only href
//
// Each engine is started once for all the cases (url-driver.js).
"use strict";
const { spawnSync } = require("child_process");
const path = require("path");
const fs = require("fs");

const args = process.argv.slice(2);
const take = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const engines = (take("--engines") || "whatwg-url,chromium,firefox,webkit").split(",");
const asJson = args.includes("--json");
const tsv = args.includes("--tsv");
const rest = args.filter((a) => a !== "--json" && a !== "--tsv");
const unescape = (s) => s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c) =>
  c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ({ t: "\t", n: "\n", r: "\r", "\\": "\\" })[c] ?? "\\" + c);

let cases;
if (tsv) {
  cases = fs.readFileSync(0, "utf8").split("\n").filter((l) => l !== "").map((l) => {
    const [input, base] = l.split("\t");
    return { input: unescape(input), base: base === undefined || base === "" ? null : unescape(base) };
  });
} else if (rest.length >= 1) {
  cases = [{ input: rest[0], base: rest.length > 1 ? rest[1] : null }];
} else {
  console.error("usage: probe.js 'INPUT' ['BASE'] | --tsv < file   [--engines list] [--json]");
  process.exit(2);
}
const request = cases.map((c) => JSON.stringify(c)).join("\n") + "\n";
const answers = {};
for (const engine of engines) {
  const r = spawnSync(process.execPath, [path.join(__dirname, "url-driver.js"), "--engine", engine],
    { input: request, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.error(`${engine} failed: ${r.stderr}`);
    process.exit(1);
  }
  answers[engine] = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
}
const width = Math.max(...engines.map((e) => e.length));
cases.forEach((c, i) => {
  console.log(`${JSON.stringify(c.input)}${c.base === null ? "" : `  against ${JSON.stringify(c.base)}`}`);
  for (const engine of engines) {
    const a = answers[engine][i];
    const text = a.failure ? `failure (${a.error})` : asJson ? JSON.stringify(a) : JSON.stringify(a.href);
    console.log(`  ${engine.padEnd(width)}  ${text}`);
  }
});
