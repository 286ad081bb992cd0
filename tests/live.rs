//! The live resolvers against the committed browser answers: each of
//! `chromium-live`, `firefox-live` and `webkit-live` is asked every case
//! of `tests/data/browsers/` through [`Resolver::resolve_many`], as `table`
//! and `batch` ask it.
//!
//! When the installed browser is the version that made the committed
//! answers, every answer (its `href`, or its refusal) must be the same:
//! the driver delivers each string exactly and reads each answer back
//! exactly. When it is another version, the test prints what changed and
//! passes: that is news about the browser (a model to update), not a fault
//! here.
//!
//! Slow tier: it starts the real browsers (installed by `scripts/setup
//! browsers`). Without them the test says so and stops, unless `CI=true`,
//! where the CI step has installed them and their absence is a failure.

#[path = "support/data_file.rs"]
mod data_file;

use serde_json::Value;
use url_inspector::resolvers::{Answer, NoteCode, Request, Resolver, live};

fn read(name: &str) -> String {
    data_file::read_text(format!(
        "{}/tests/data/browsers/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

fn json_lines(name: &str) -> Vec<Value> {
    read(name)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The version that made the committed answers, as the driver names it
/// (`Chrome/156.0.8078.108`).
fn committed_version(name: &str) -> String {
    let versions: Value = serde_json::from_str(&read("versions.json")).expect("versions.json");
    let line = versions[name].as_str().expect("a version line");
    // "<version>: <count> cases in ...", the version may hold ": " itself.
    let head = line.split(" cases in ").next().unwrap_or(line);
    head.rsplit_once(": ")
        .map_or(head, |(version, _)| version)
        .to_owned()
}

/// The committed answer as the live resolver gives it: `Some(href)`, or
/// `None` for a `TypeError`.
fn committed(v: &Value) -> Option<String> {
    if v.get("failure").is_some() {
        return None;
    }
    Some(v["href"].as_str().expect("an href").to_owned())
}

fn live_answer(a: &Answer) -> Option<String> {
    (!a.invalid).then(|| a.canon.clone().unwrap_or_default())
}

/// Whether a note says the driver lost the answer (rather than the browser
/// giving one).
fn lost(code: NoteCode) -> bool {
    matches!(
        code,
        NoteCode::Live(live::Code::Stopped | live::Code::NotInstalled)
    )
}

fn check(resolver: Resolver) {
    let browser = resolver.live_browser().expect("a live resolver");
    let version = match live::check(browser) {
        Ok(version) => version,
        Err(note) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!(
                "{resolver}: {} (the CI step installs the browsers)",
                note.message
            )
        }
        Err(note) => {
            eprintln!("\n*** SKIPPED {resolver}: {}\n", note.message);
            return;
        }
    };
    let inputs = json_lines("inputs.jsonl.gz");
    let answers = json_lines(&format!("answers-{}.jsonl.gz", browser.name()));
    let requests: Vec<Request<'_>> = inputs
        .iter()
        .map(|v| Request::new(v["input"].as_str().expect("an input")).with_base(v["base"].as_str()))
        .collect();
    let got = resolver.resolve_many(&requests);
    assert_eq!(
        got.len(),
        requests.len(),
        "{resolver}: an answer per request"
    );
    let stopped: Vec<&Answer> = got
        .iter()
        .filter(|a| a.notes.iter().any(|n| lost(n.code)))
        .collect();
    assert!(
        stopped.is_empty(),
        "{resolver}: {} answers lost to the driver, the first: {:?}",
        stopped.len(),
        stopped[0].notes
    );
    let changed: Vec<usize> = (0..requests.len())
        .filter(|&i| live_answer(&got[i]) != committed(&answers[i]))
        .collect();
    let was = committed_version(browser.name());
    println!(
        "{resolver}: {version} gives {} of {} committed answers ({was} made them)",
        requests.len() - changed.len(),
        requests.len()
    );
    for &i in changed.iter().take(20) {
        println!(
            "  {:?} against {:?}: was {:?}, now {:?}",
            requests[i].input,
            requests[i].base(),
            committed(&answers[i]),
            live_answer(&got[i])
        );
    }
    if version == was {
        assert!(
            changed.is_empty(),
            "{resolver}: the same version as committed, yet {} answers differ",
            changed.len()
        );
    }
}

#[test]
#[ignore = "slow: starts Chromium and asks it 153,932 URLs"]
fn chromium_live_gives_the_committed_answers() {
    check(Resolver::ChromiumLive);
}

#[test]
#[ignore = "slow: starts Firefox and asks it 153,932 URLs"]
fn firefox_live_gives_the_committed_answers() {
    check(Resolver::FirefoxLive);
}

#[test]
#[ignore = "slow: starts WebKitGTK and asks it 153,932 URLs"]
fn webkit_live_gives_the_committed_answers() {
    check(Resolver::WebKitLive);
}

/// `batch` holds lines back for the live requests among them and still
/// answers every line, in order: live ones (two browsers), others and a
/// bad line, interleaved.
#[test]
#[ignore = "slow: starts Chromium and WebKitGTK"]
fn batch_answers_live_and_other_lines_in_input_order() {
    for browser in [Resolver::ChromiumLive, Resolver::WebKitLive] {
        if let Err(note) = live::check(browser.live_browser().expect("live")) {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!("{browser}: {}", note.message);
            }
            eprintln!("\n*** SKIPPED: {}\n", note.message);
            return;
        }
    }
    let input = [
        r#"{"input":"file:///w|m","mode":"chromium-live"}"#,
        r#"{"input":"file:///w|m","mode":"whatwg"}"#,
        r#"not json"#,
        r#"{"input":"http://a.b.c.xn--pokxncvks","mode":"webkit-live"}"#,
        r#"{"input":"x","base":"http://h/a/","mode":"chromium-live"}"#,
        r#"{"input":"file:///w|m","mode":"chromium"}"#,
    ]
    .join("\n");
    let mut out = Vec::new();
    url_inspector::cli::batch::serve(input.as_bytes(), &mut out).expect("in memory");
    let lines: Vec<Value> = String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0]["canon"], "file:///w%7Cm");
    assert_eq!(lines[1]["canon"], "file:///w|m");
    assert!(lines[2]["error"].is_string());
    assert_eq!(lines[3]["invalid"], true);
    assert_eq!(lines[4]["canon"], "http://h/a/x");
    assert_eq!(lines[5]["canon"], "file:///w%7Cm");
}
