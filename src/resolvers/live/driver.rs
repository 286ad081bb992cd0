//! One real browser, kept running: `node` runs the browser driver that
//! `scripts/browsers/` uses for the committed answers (built into this
//! program and written to a cache folder on first use), in its `--serve`
//! mode: one line of `[input, base]` pairs in, one line of answers out,
//! for as long as its stdin stays open. The browser is started once and
//! answers batch after batch; closing stdin (dropping the [`Driver`], or
//! this program exiting) closes it.
//!
//! Nothing here waits forever: starting has [`START_TIMEOUT`], a batch
//! [`BATCH_TIMEOUT`] plus a little per case; a browser that does not
//! answer in time is killed and reported.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;

use crate::engine::browsers::{Browser, Getters};

/// The driver script and its WebKitGTK helper, as committed.
const DRIVER: &str = include_str!("../../../scripts/browsers/url-driver.js");
const WEBKIT_HELPER: &str = include_str!("../../../scripts/browsers/webkit-gi-helper.py");

/// How long a browser may take to start (Firefox takes a few seconds).
pub const START_TIMEOUT: Duration = Duration::from_secs(90);
/// How long one batch may take, besides a millisecond per case.
pub const BATCH_TIMEOUT: Duration = Duration::from_secs(30);

/// What went wrong with a live browser, said so a person can act on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// Something it needs is not installed: what, and the Debian packages.
    Missing {
        what: String,
        packages: &'static str,
    },
    /// It did not start, or stopped answering: what it said last.
    Stopped(String),
}

/// A browser's answer to one `new URL(input, base)`: the getters, or the
/// exception it threw, as it wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Raw {
    Parsed(Box<Getters>),
    Threw(String),
}

/// A running browser behind the driver.
pub struct Driver {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// The version the browser gave (`Chrome/156.0.8078.108`).
    pub version: String,
}

impl Driver {
    /// Starts `browser`, or says what is missing.
    pub fn start(browser: Browser) -> Result<Driver, Trouble> {
        check_installed(browser)?;
        let script = write_scripts().map_err(|e| {
            Trouble::Stopped(format!(
                "could not write the browser driver to a cache folder: {e}"
            ))
        })?;
        let node = std::env::var_os("URL_INSPECTOR_NODE").unwrap_or_else(|| "node".into());
        let mut child = Command::new(&node)
            .arg(&script)
            .args(["--engine", browser.name(), "--serve"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => Trouble::Missing {
                    what: "Node.js (node), which drives the browser".to_owned(),
                    packages: "nodejs",
                },
                _ => Trouble::Stopped(format!("could not run {}: {e}", node.to_string_lossy())),
            })?;
        let stdin = child.stdin.take();
        let lines = read_lines(child.stdout.take());
        let stderr = keep_tail(child.stderr.take());
        let mut driver = Driver {
            child,
            stdin,
            lines,
            stderr,
            version: String::new(),
        };
        let ready = driver.next_line(START_TIMEOUT)?;
        #[derive(Deserialize)]
        struct Ready {
            version: String,
        }
        let ready: Ready = serde_json::from_str(&ready)
            .map_err(|_| driver.stopped(&format!("started with an unexpected line: {ready}")))?;
        driver.version = ready.version;
        Ok(driver)
    }

    /// The answers to `pairs` (input, base), in order.
    pub fn ask(&mut self, pairs: &[(&str, Option<&str>)]) -> Result<Vec<Raw>, Trouble> {
        let line = serde_json::to_string(pairs).expect("strings serialize");
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Trouble::Stopped("closed".into()))?;
        if let Err(e) = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
        {
            return Err(self.stopped(&format!("stopped reading ({e})")));
        }
        let per_case = Duration::from_millis(pairs.len() as u64);
        let reply = self.next_line(BATCH_TIMEOUT + per_case)?;
        parse_reply(&reply, pairs.len()).map_err(|why| self.stopped(&why))
    }

    /// The driver's next line, or why there is none.
    fn next_line(&mut self, timeout: Duration) -> Result<String, Trouble> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                Err(self.stopped(&format!("gave no answer in {} s", timeout.as_secs())))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = self.child.wait();
                Err(self.stopped("exited"))
            }
        }
    }

    /// A [`Trouble::Stopped`] saying `what`, with the last thing the
    /// driver wrote on stderr.
    fn stopped(&self, what: &str) -> Trouble {
        let tail = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let tail = tail.trim();
        if tail.is_empty() {
            Trouble::Stopped(what.to_owned())
        } else {
            Trouble::Stopped(format!("{what}: {}", last_lines(tail, 3)))
        }
    }
}

impl Drop for Driver {
    /// Closes stdin, which closes the browser; kills what is left after a
    /// moment.
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Checks the browser's own program is there, to name its package
/// rather than fail inside the driver.
fn check_installed(browser: Browser) -> Result<(), Trouble> {
    let (variable, program, what) = match browser {
        Browser::Chromium => ("CHROMIUM", "/usr/bin/chromium", "Chromium"),
        Browser::Firefox => ("FIREFOX", "/usr/bin/firefox-esr", "Firefox ESR"),
        Browser::WebKit => ("", "/usr/bin/python3", "Python 3, which runs WebKitGTK"),
    };
    let program = std::env::var_os(variable)
        .filter(|_| !variable.is_empty())
        .map_or_else(|| PathBuf::from(program), PathBuf::from);
    if !program.exists() {
        return Err(Trouble::Missing {
            what: format!("{what} ({})", program.display()),
            packages: packages(browser),
        });
    }
    if browser == Browser::WebKit && !webkit_installed() {
        return Err(Trouble::Missing {
            what: "WebKitGTK for Python (gi, WebKit2 4.1) and broadwayd".to_owned(),
            packages: packages(browser),
        });
    }
    Ok(())
}

/// The Debian packages a live browser needs.
pub const fn packages(browser: Browser) -> &'static str {
    match browser {
        Browser::Chromium => "chromium",
        Browser::Firefox => "firefox-esr",
        Browser::WebKit => "libwebkit2gtk-4.1-0 gir1.2-webkit2-4.1 python3-gi libgtk-3-bin",
    }
}

/// Whether WebKitGTK's library, its introspection data and GTK's Broadway
/// server are installed (what the helper loads).
fn webkit_installed() -> bool {
    let typelib = [
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib",
    ]
    .iter()
    .any(|d| {
        Path::new(d)
            .join("girepository-1.0/WebKit2-4.1.typelib")
            .exists()
    });
    let broadway = ["/usr/bin/broadwayd", "/usr/local/bin/broadwayd"]
        .iter()
        .any(|p| Path::new(p).exists());
    typelib && broadway
}

/// Writes the driver and its helper into a cache folder (once per
/// version of them) and returns the driver's path.
fn write_scripts() -> std::io::Result<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let hash = DRIVER
        .bytes()
        .chain(WEBKIT_HELPER.bytes())
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    let dir = base
        .join("url-inspector")
        .join(format!("browser-driver-{hash:016x}"));
    let script = dir.join("url-driver.js");
    if !script.exists() {
        std::fs::create_dir_all(&dir)?;
        // Written beside, then renamed: two programs starting at once
        // never run a half-written script.
        let helper = dir.join("webkit-gi-helper.py");
        let partial = dir.join(format!("url-driver.js.{}", std::process::id()));
        std::fs::write(&helper, WEBKIT_HELPER)?;
        std::fs::write(&partial, DRIVER)?;
        std::fs::rename(&partial, &script)?;
    }
    Ok(script)
}

/// The lines of `stdout`, read on a thread of their own.
fn read_lines(stdout: Option<impl Read + Send + 'static>) -> Receiver<String> {
    let (send, receive) = mpsc::channel();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    }
    receive
}

/// The last few kilobytes of `stderr`, kept by a thread of their own.
fn keep_tail(stderr: Option<impl Read + Send + 'static>) -> Arc<Mutex<String>> {
    let tail = Arc::new(Mutex::new(String::new()));
    if let Some(mut stderr) = stderr {
        let kept = Arc::clone(&tail);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut t) = kept.lock() {
                    t.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if t.len() > 8192 {
                        let cut = t.len() - 4096;
                        let cut = (cut..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(0);
                        t.drain(..cut);
                    }
                }
            }
        });
    }
    tail
}

fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join(" / ")
}

/// One line of answers, `expected` of them.
fn parse_reply(line: &str, expected: usize) -> Result<Vec<Raw>, String> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Reply {
        Answers(Vec<serde_json::Value>),
        Error { error: String },
    }
    let reply: Reply =
        serde_json::from_str(line).map_err(|e| format!("answered what is no JSON ({e})"))?;
    let answers = match reply {
        Reply::Answers(a) => a,
        Reply::Error { error } => return Err(format!("failed on the batch: {error}")),
    };
    if answers.len() != expected {
        return Err(format!("answered {} of {expected}", answers.len()));
    }
    answers.iter().map(raw_answer).collect()
}

fn raw_answer(v: &serde_json::Value) -> Result<Raw, String> {
    if v.get("failure").is_some() {
        let error = v["error"].as_str().unwrap_or("an exception").to_owned();
        return Ok(Raw::Threw(error));
    }
    let get = |k: &str| -> Result<String, String> {
        v[k].as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("answered without {k}"))
    };
    Ok(Raw::Parsed(Box::new(Getters {
        href: get("href")?,
        protocol: get("protocol")?,
        username: get("username")?,
        password: get("password")?,
        hostname: get("hostname")?,
        host: get("host")?,
        port: get("port")?,
        pathname: get("pathname")?,
        search: get("search")?,
        hash: get("hash")?,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_read_in_order_with_its_exceptions() {
        let line = r#"[{"href":"http://h/","protocol":"http:","username":"","password":"","hostname":"h","host":"h","port":"","pathname":"/","search":"","hash":""},{"failure":true,"error":"TypeError: Invalid URL"}]"#;
        let raw = parse_reply(line, 2).expect("two answers");
        assert!(matches!(&raw[0], Raw::Parsed(g) if g.href == "http://h/"));
        assert_eq!(raw[1], Raw::Threw("TypeError: Invalid URL".into()));
    }

    #[test]
    fn a_short_or_failed_reply_is_trouble() {
        assert!(parse_reply("[]", 1).unwrap_err().contains("0 of 1"));
        assert!(
            parse_reply(r#"{"error":"boom"}"#, 1)
                .unwrap_err()
                .contains("boom")
        );
        assert!(parse_reply("nonsense", 1).is_err());
        assert!(
            parse_reply(r#"[{"href":"x"}]"#, 1)
                .unwrap_err()
                .contains("without")
        );
    }
}
