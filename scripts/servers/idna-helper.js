#!/usr/bin/env node
// idna-helper: domain to ASCII as the URL Standard does it (UTS #46
// non-transitional, CheckBidi and CheckJoiners on, CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength off: whatwg-url's own call of tr46),
// for scripts/servers/analyse.py's host normalisation.
//
//   echo '["ｅｖｉｌ.com","faß.de"]' | node scripts/servers/idna-helper.js
//   -> ["evil.com","xn--fa-hia.de"]    (null where tr46 reports an error)
"use strict";
const path = require("path");
const home = process.env.URL_SERVERS_HOME || path.join(require("os").homedir(), ".cache/url-inspector-servers");
const tr46 = require(path.join(home, "node/node_modules/tr46"));
let text = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { text += d; });
process.stdin.on("end", () => {
  const out = JSON.parse(text).map((d) => tr46.toASCII(d, {
    checkHyphens: false, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: false,
    transitionalProcessing: false, verifyDNSLength: false, ignoreInvalidPunycode: false,
  }));
  process.stdout.write(JSON.stringify(out));
});
