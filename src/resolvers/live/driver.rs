//! One real browser, kept running: `node` runs the browser driver that
//! `scripts/browsers/` uses for the committed answers (built into this
//! program and written to a cache folder on first use), in its `--serve`
//! mode: one line of `[input, base]` pairs in, one line of answers out,
//! for as long as its stdin stays open ([`super::process`] keeps it). The
//! browser is started once and answers batch after batch; closing stdin
//! (dropping the [`Driver`], or this program exiting) closes it.
//!
//! Nothing here waits forever: starting has [`START_TIMEOUT`], a batch
//! [`BATCH_TIMEOUT`] plus a little per case; a browser that does not
//! answer in time is killed and reported.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde::Deserialize;

use super::process::{LineProcess, cached_scripts};
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

/// A running browser behind the driver (dropping it closes the browser).
pub struct Driver {
    process: LineProcess,
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
        let process = LineProcess::spawn(Command::new(&node).arg(&script).args([
            "--engine",
            browser.name(),
            "--serve",
        ]))
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Trouble::Missing {
                what: "Node.js (node), which drives the browser".to_owned(),
                packages: "nodejs",
            },
            _ => Trouble::Stopped(format!("could not run {}: {e}", node.to_string_lossy())),
        })?;
        let mut driver = Driver {
            process,
            version: String::new(),
        };
        let ready = driver.next_line(START_TIMEOUT)?;
        #[derive(Deserialize)]
        struct Ready {
            version: String,
        }
        let ready: Ready = serde_json::from_str(&ready).map_err(|_| {
            Trouble::Stopped(
                driver
                    .process
                    .said(&format!("started with an unexpected line: {ready}")),
            )
        })?;
        driver.version = ready.version;
        Ok(driver)
    }

    /// The answers to `pairs` (input, base), in order.
    pub fn ask(&mut self, pairs: &[(&str, Option<&str>)]) -> Result<Vec<Raw>, Trouble> {
        let line = serde_json::to_string(pairs).expect("strings serialize");
        self.process
            .send(&line)
            .and_then(|()| self.process.flush())
            .map_err(Trouble::Stopped)?;
        let per_case = Duration::from_millis(pairs.len() as u64);
        let reply = self.next_line(BATCH_TIMEOUT + per_case)?;
        parse_reply(&reply, pairs.len()).map_err(|why| Trouble::Stopped(self.process.said(&why)))
    }

    /// The driver's next line, or why there is none.
    fn next_line(&mut self, timeout: Duration) -> Result<String, Trouble> {
        self.process.next_line(timeout).map_err(Trouble::Stopped)
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
    let dir = cached_scripts(
        "browser-driver",
        &[
            ("webkit-gi-helper.py", WEBKIT_HELPER),
            ("url-driver.js", DRIVER),
        ],
    )?;
    Ok(dir.join("url-driver.js"))
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
