#!/usr/bin/env node
// Differential check of the `whatwg` mode against whatwg-url, the URL
// Standard's reference implementation, on random inputs and bases
// (random-url-pieces.js), with a random setter call on half of the valid
// ones. Every case goes through `url-inspector batch` (with `"set"` for the
// setter calls) and the href must be whatwg-url's.
//
//   npm install whatwg-url   (in any folder; pass it as NODE_PATH)
//   cargo build --release
//   NODE_PATH=/path/to/node_modules scripts/whatwg-url-random.js [count] [seed]
//
// Prints the first differences and a count; exits 1 if any differ. Unlike
// tests/data/wpt/whatwg-url-oracle.json, nothing is committed: the cases
// are cheap to make again from the seed.
const { URL } = require("whatwg-url");
const { spawnSync } = require("child_process");
const path = require("path");

const count = Number(process.argv[2] || 100000);
const { rand, pick } = require("./seeded-random.js").seeded(Number(process.argv[3] || 1));
const { randomInput, randomBase, randomString } = require("./random-url-pieces.js").pieces({ rand, pick });
const setters = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

// Each case: its batch request and whatwg-url's href (null: failure).
const cases = [];
for (let i = 0; i < count; i++) {
  const input = randomInput();
  const base = randomBase();
  let href = null;
  try {
    href = (base === null ? new URL(input) : new URL(input, base)).href;
  } catch (e) {
    // whatwg-url throws on failure: href stays null.
  }
  const request = { input, base, mode: "whatwg" };
  cases.push({ request, href });
  if (href !== null && rand(2) === 0) {
    const setter = pick(setters);
    const value = randomString(6);
    const url = new URL(href);
    try {
      url[setter] = value;
    } catch (e) {
      // Only the href setter throws; the URL is left as it was.
    }
    cases.push({ request: { ...request, set: { [setter]: value } }, href: url.href });
  }
}

const bin = path.join(__dirname, "..", "target", "release", "url-inspector");
const run = spawnSync(bin, ["batch"], {
  input: cases.map((c) => JSON.stringify(c.request)).join("\n") + "\n",
  maxBuffer: 1 << 30,
});
if (run.status !== 0) {
  console.error(`${bin} batch failed (${run.error || run.status}): ${run.stderr}`);
  process.exit(2);
}
const answers = run.stdout.toString().split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
if (answers.length !== cases.length) {
  console.error(`${cases.length} requests, ${answers.length} answers`);
  process.exit(2);
}
let differ = 0;
cases.forEach((c, i) => {
  if (answers[i].canon === c.href) return;
  differ++;
  if (differ <= 20) {
    console.log(`${JSON.stringify(c.request)}\n  ours:       ${JSON.stringify(answers[i].canon)}\n  whatwg-url: ${JSON.stringify(c.href)}`);
  }
});
const valid = cases.filter((c) => c.href !== null).length;
const setCalls = cases.filter((c) => c.request.set).length;
console.log(`${cases.length} cases (${setCalls} setter calls, ${valid} valid), ${differ} differ from whatwg-url ${require("whatwg-url/package.json").version}`);
process.exit(differ === 0 ? 0 : 1);
