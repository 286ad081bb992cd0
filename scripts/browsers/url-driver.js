#!/usr/bin/env node
// Asks one URL parser how it parses many URLs: Chromium, Firefox ESR or
// WebKitGTK (headless, one browser process for the whole run), or
// whatwg-url, the URL Standard's reference implementation, in Node.
//
//   scripts/browsers/url-driver.js --engine chromium|firefox|webkit|whatwg-url
//                                   [--batch N] [--display broadway|xvfb] < requests.jsonl > answers.jsonl
//   scripts/browsers/url-driver.js --engine ... --serve     (one batch a line; see serveBatches)
//
// Input: JSON Lines, one request a line: {"input": "...", "base": "..." | null}.
// Output: one JSON line per request, in the same order:
//   {"href":..,"protocol":..,"username":..,"password":..,"hostname":..,"host":..,
//    "port":..,"pathname":..,"search":..,"hash":..}
//   or {"failure":true,"error":"<the exception's name>: <its message>"}.
// `new URL(input)` is called when base is null, `new URL(input, base)` otherwise.
// Timing (cases/second, excluding browser start-up) goes to stderr.
//
// How each engine is reached (no display server except for WebKitGTK):
//   chromium   /usr/bin/chromium --headless ... --remote-debugging-pipe: the
//              DevTools protocol as NUL-terminated JSON on file descriptors 3
//              and 4; Target.createTarget + Target.attachToTarget (flat
//              sessions) + Runtime.evaluate. No npm package needed.
//   firefox    /usr/bin/firefox-esr --headless --remote-debugging-port 0:
//              Firefox's built-in WebDriver BiDi server; the port is read from
//              the "WebDriver BiDi listening on ws://..." line on stderr, then
//              session.new + browsingContext.getTree + script.evaluate over a
//              WebSocket (Node's own, behind --experimental-websocket on
//              Node 20: the script restarts itself with that flag).
//   webkit     webkit-gi-helper.py under Debian's /usr/bin/python3 (gi,
//              WebKit2 4.1): a WebKitWebView that is never shown, and
//              webkit_web_view_evaluate_javascript. GTK 3 will not create the
//              view without a GdkDisplay, so this script starts broadwayd
//              (GTK's own display server, no X, no GPU; the default) or Xvfb
//              (--display xvfb) and points GDK at it.
//   whatwg-url the same page function with whatwg-url's URL class.
//
// Exactness: each batch travels as ASCII only. The cases are JSON with every
// code point outside U+0020..U+007E written as \uXXXX, put in a JavaScript
// string literal and JSON.parse'd inside the page, so controls, NUL and
// non-BMP characters reach `new URL` unchanged; the answers come back the
// same way. `--selftest` checks this round trip in the chosen engine.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const readline = require("readline");

// ---- arguments -------------------------------------------------------------
const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
}
const engineName = option("--engine");
const batchSize = Number(option("--batch", "2000"));
const displayKind = option("--display", "broadway");
const selftest = args.includes("--selftest");
const serve = args.includes("--serve");
if (!["chromium", "firefox", "webkit", "whatwg-url"].includes(engineName)) {
  console.error("usage: url-driver.js --engine chromium|firefox|webkit|whatwg-url [--batch N] [--display broadway|xvfb] [--selftest]");
  process.exit(2);
}
// Node 20 has a WebSocket client only behind a flag: restart with it.
if (engineName === "firefox" && typeof WebSocket === "undefined") {
  const child = spawn(process.execPath, ["--experimental-websocket", "--no-warnings", __filename, ...args], { stdio: "inherit" });
  child.on("exit", (code, signal) => process.exit(signal ? 1 : code));
  return;
}

// ---- what runs in the page ---------------------------------------------------
// Takes the ASCII JSON of [[input, base|null], ...]; returns ASCII JSON of
// answers: a 10-string array per success, one string "Name: message" per failure.
const PAGE_FUNCTION = `function (json) {
  var cases = JSON.parse(json), out = new Array(cases.length);
  for (var i = 0; i < cases.length; i++) {
    var c = cases[i];
    try {
      var u = c[1] === null ? new URL(c[0]) : new URL(c[0], c[1]);
      out[i] = [u.href, u.protocol, u.username, u.password, u.hostname, u.host, u.port, u.pathname, u.search, u.hash];
    } catch (e) {
      out[i] = String(e && e.name) + ": " + String(e && e.message);
    }
  }
  return JSON.stringify(out).replace(/[\\u007f-\\uffff]/g, function (ch) {
    return "\\\\u" + ("000" + ch.charCodeAt(0).toString(16)).slice(-4);
  });
}`;
const GETTERS = ["href", "protocol", "username", "password", "hostname", "host", "port", "pathname", "search", "hash"];

// JSON text with only printable ASCII: everything else as \uXXXX (UTF-16 units).
function asciiJson(value) {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g,
    (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
}
// The expression an engine evaluates for one batch of [input, base] pairs.
function batchExpression(pairs) {
  return `(${PAGE_FUNCTION})(${asciiJson(asciiJson(pairs))})`;
}

// ---- engines ---------------------------------------------------------------
// Each returns { evaluate(expression) -> Promise<string>, close() }.
function tempDir(tag) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `url-oracle-${tag}-`));
}
// Browsers' helper processes may still write in the profile for a moment after
// the main process is gone: retry, and never fail the run over a temporary folder.
function removeDir(dir) {
  try { fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }); } catch (e) {
    console.error(`note: could not remove ${dir}: ${e.message}`);
  }
}
function cleanEnv() {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

async function startWhatwgUrl() {
  const { URL } = require(path.join(__dirname, "node_modules", "whatwg-url"));
  // The same page function, with whatwg-url's URL in place of the global one.
  const run = new Function("URL", `return (${PAGE_FUNCTION});`)(URL);
  return {
    version: `whatwg-url ${require(path.join(__dirname, "node_modules", "whatwg-url", "package.json")).version}`,
    // Batches go straight to the function; other expressions (the self-test) through eval.
    evaluate: async (expression, pairs) => (pairs ? run(asciiJson(pairs)) : (0, eval)(expression)),
    close: async () => {},
  };
}

async function startChromium() {
  const profile = tempDir("chromium");
  const exe = process.env.CHROMIUM || "/usr/bin/chromium";
  const child = spawn(exe, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--disable-default-apps", "--mute-audio",
    `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank",
  ], { env: cleanEnv(), stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 1;
  const waiting = new Map();
  let buffer = Buffer.alloc(0);
  fromBrowser.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    let end;
    while ((end = buffer.indexOf(0)) >= 0) {
      const message = JSON.parse(buffer.subarray(0, end).toString("utf8"));
      buffer = buffer.subarray(end + 1);
      if (message.id && waiting.has(message.id)) {
        const { resolve, reject } = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) reject(new Error(`CDP: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      }
    }
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  exited.then((code) => {
    for (const { reject } of waiting.values()) reject(new Error(`chromium exited (${code}): ${stderr}`));
  });
  const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    toBrowser.write(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }) + "\0");
  });
  const { product } = await send("Browser.getVersion");
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  return {
    version: product,
    evaluate: async (expression) => {
      const r = await send("Runtime.evaluate", { expression, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error(`page: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    },
    close: async () => {
      try { await Promise.race([send("Browser.close"), new Promise((r) => setTimeout(r, 3000).unref())]); } catch {}
      child.kill();
      await exited;
      removeDir(profile);
    },
  };
}

async function startFirefox() {
  const profile = tempDir("firefox");
  // Few background connections: this machine has no network anyway. The
  // remote agent also applies its own "recommended" automation preferences.
  fs.writeFileSync(path.join(profile, "user.js"), [
    'user_pref("app.update.disabledForTesting", true);',
    'user_pref("browser.shell.checkDefaultBrowser", false);',
    'user_pref("browser.startup.homepage_override.mstone", "ignore");',
    'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
    'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
    'user_pref("network.captive-portal-service.enabled", false);',
    'user_pref("network.connectivity-service.enabled", false);',
    'user_pref("browser.safebrowsing.update.enabled", false);',
    'user_pref("extensions.update.enabled", false);',
    "",
  ].join("\n"));
  const exe = process.env.FIREFOX || "/usr/bin/firefox-esr";
  const child = spawn(exe, ["--headless", "--no-remote", "--profile", profile, "--remote-debugging-port", "0", "about:blank"],
    { env: { ...cleanEnv(), MOZ_HEADLESS: "1" }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const address = await new Promise((resolve, reject) => {
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-8000);
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(stderr);
      if (m) resolve(m[1]);
    });
    exited.then((code) => reject(new Error(`firefox exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`firefox: no BiDi address in 60 s: ${stderr}`)), 60000).unref();
  });
  const socket = new WebSocket(`${address}/session`);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = (e) => reject(new Error(`firefox websocket: ${e.message || e}`));
  });
  let nextId = 1;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.type === "error") reject(new Error(`BiDi: ${message.error}: ${message.message}`));
      else resolve(message.result);
    }
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });
  const session = await send("session.new", { capabilities: {} });
  const { contexts } = await send("browsingContext.getTree", {});
  const context = contexts[0].context;
  return {
    version: `${session.capabilities.browserName} ${session.capabilities.browserVersion}`,
    evaluate: async (expression) => {
      const r = await send("script.evaluate", {
        expression, target: { context }, awaitPromise: false, resultOwnership: "none",
      });
      if (r.type !== "success") throw new Error(`page: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    },
    close: async () => {
      try { await Promise.race([send("browser.close"), new Promise((r) => setTimeout(r, 5000).unref())]); } catch {}
      try { socket.close(); } catch {}
      child.kill();
      await exited;
      removeDir(profile);
    },
  };
}

// A display for GTK: broadwayd (no X) or Xvfb, on a free display number.
async function startDisplay(kind) {
  const runtime = tempDir("display");
  fs.chmodSync(runtime, 0o700);
  for (let n = 40; n < 90; n++) {
    if (kind === "xvfb" && fs.existsSync(`/tmp/.X11-unix/X${n}`)) continue;
    const proc = kind === "xvfb"
      ? spawn("Xvfb", [`:${n}`, "-screen", "0", "1024x768x24", "-nolisten", "tcp"], { stdio: "ignore" })
      : spawn("broadwayd", ["--address", "127.0.0.1", "--port", String(20000 + n), `:${n}`],
        { stdio: "ignore", env: { ...process.env, XDG_RUNTIME_DIR: runtime } });
    const ok = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), 700);
      proc.on("exit", () => { clearTimeout(timer); resolve(false); });
    });
    if (!ok) continue;
    const env = kind === "xvfb"
      ? { DISPLAY: `:${n}`, GDK_BACKEND: "x11" }
      : { GDK_BACKEND: "broadway", BROADWAY_DISPLAY: `:${n}`, XDG_RUNTIME_DIR: runtime };
    return { env, close: () => { proc.kill(); removeDir(runtime); } };
  }
  throw new Error(`no free display for ${kind}`);
}

async function startWebKit() {
  const display = await startDisplay(displayKind);
  const child = spawn("/usr/bin/python3", [path.join(__dirname, "webkit-gi-helper.py")], {
    env: { ...cleanEnv(), ...display.env }, stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const lines = readline.createInterface({ input: child.stdout });
  const queue = [];
  lines.on("line", (line) => {
    const { resolve, reject } = queue.shift();
    const reply = JSON.parse(line);
    if (reply.error) reject(new Error(`webkit: ${reply.error}`));
    else resolve(reply.value);
  });
  exited.then((code) => { for (const { reject } of queue) reject(new Error(`webkit helper exited (${code}): ${stderr}`)); });
  const ask = (request) => new Promise((resolve, reject) => {
    queue.push({ resolve, reject });
    child.stdin.write(JSON.stringify(request) + "\n");
  });
  const version = await ask({ version: true });
  return {
    version: `${version} (display: ${displayKind})`,
    evaluate: (expression) => ask({ expression }),
    close: async () => {
      child.stdin.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      child.kill();
      display.close();
    },
  };
}

const starters = { chromium: startChromium, firefox: startFirefox, webkit: startWebKit, "whatwg-url": startWhatwgUrl };

// ---- the run ---------------------------------------------------------------
function toAnswer(raw) {
  if (typeof raw === "string") return { failure: true, error: raw };
  const a = {};
  GETTERS.forEach((g, i) => { a[g] = raw[i]; });
  return a;
}

async function runBatch(engine, pairs) {
  const text = await engine.evaluate(batchExpression(pairs), pairs);
  const raw = JSON.parse(text);
  if (raw.length !== pairs.length) throw new Error(`engine answered ${raw.length} of ${pairs.length}`);
  return raw.map(toAnswer);
}

// Every string here must come back from `pathname`/`search` as the Standard
// encodes it; the check is that what reached the page equals what was sent.
async function selfTest(engine) {
  const tricky = ["\u0000", "\u0001\u001f", "\t\n\r", "\u007f", "\u00e9", "\ud83d\ude00", "\u{10ffff}", "\ufffd", "\"\\'`", "\u2028\u2029"];
  const expression = `(function (json) {
    var s = JSON.parse(json);
    return JSON.stringify(s.map(function (x) { var a = []; for (var i = 0; i < x.length; i++) a.push(x.charCodeAt(i)); return a; }));
  })(${asciiJson(asciiJson(tricky))})`;
  const codes = await engine.evaluate(expression);
  const expect = JSON.stringify(tricky.map((x) => Array.from({ length: x.length }, (_, i) => x.charCodeAt(i))));
  const same = codes === expect;
  // And through `new URL`: the query keeps U+0000..U+001F percent-encoded, the
  // non-BMP character as its four UTF-8 bytes.
  const [answer] = await runBatch(engine, [["http://h/?\u0000\u0001\u001f\ud83d\ude00\u{10ffff}\u007f", null]]);
  const search = answer.search;
  const searchOk = search === "?%00%01%1F%F0%9F%98%80%F4%8F%BF%BF%7F";
  console.error(`selftest ${engine.version}: code units ${same ? "ok" : `DIFFER: ${codes} vs ${expect}`}; search ${JSON.stringify(search)} ${searchOk ? "ok" : "UNEXPECTED"}`);
  return same && searchOk;
}

// --serve: one batch a line for as long as stdin stays open. First a line
// {"ready": true, "version": "..."}; then each line of stdin, a JSON array of
// [input, base|null] pairs, gets one line back: a JSON array of answers in
// the same order (as the batch mode writes them), or {"error": "..."} when
// the engine failed on that batch. End of stdin closes the browser.
async function serveBatches(engine) {
  const out = fs.createWriteStream(null, { fd: 1 });
  const write = (s) => new Promise((resolve) => { if (out.write(s)) resolve(); else out.once("drain", resolve); });
  await write(JSON.stringify({ ready: true, version: engine.version }) + "\n");
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of input) {
      if (line === "") continue;
      let reply;
      try {
        const pairs = JSON.parse(line).map((p) => [p[0], p[1] === undefined ? null : p[1]]);
        reply = JSON.stringify(await runBatch(engine, pairs));
      } catch (e) {
        reply = JSON.stringify({ error: String((e && e.message) || e) });
      }
      await write(reply + "\n");
    }
  } finally {
    await engine.close();
  }
  await new Promise((resolve) => out.end(resolve));
}

async function main() {
  const t0 = Date.now();
  const engine = await starters[engineName]();
  const startMs = Date.now() - t0;
  if (selftest) {
    const ok = await selfTest(engine);
    await engine.close();
    process.exit(ok ? 0 : 1);
  }
  if (serve) {
    await serveBatches(engine);
    return;
  }
  const out = fs.createWriteStream(null, { fd: 1 });
  const write = (s) => new Promise((resolve) => { if (out.write(s)) resolve(); else out.once("drain", resolve); });
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let pending = [];
  let count = 0;
  let busyMs = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const t = Date.now();
    const answers = await runBatch(engine, pending);
    busyMs += Date.now() - t;
    count += pending.length;
    pending = [];
    await write(answers.map((a) => JSON.stringify(a)).join("\n") + "\n");
  };
  try {
    for await (const line of input) {
      if (line === "") continue;
      const request = JSON.parse(line);
      pending.push([request.input, request.base === undefined ? null : request.base]);
      if (pending.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    await engine.close();
  }
  await new Promise((resolve) => out.end(resolve));
  const rate = busyMs > 0 ? Math.round(count / (busyMs / 1000)) : 0;
  console.error(`${engine.version}: ${count} cases in ${(busyMs / 1000).toFixed(2)} s of evaluation (${rate} cases/s), start-up ${(startMs / 1000).toFixed(2)} s, batch ${batchSize}`);
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
