//! The browser models against the real browsers: every case of
//! `tests/data/browsers/` (155,222 `new URL(input, base)` calls: the WPT
//! inputs, the shared corpus of real URLs and references cut from them,
//! generated ones, the schemes browsers parse their own way, and the inputs
//! of Chromium's own URL tests), answered by Chromium 156, Firefox ESR 153 and
//! WebKitGTK 2.50 and committed with their versions by
//! `scripts/browsers/run-all`. A model must give the browser's answer (its
//! ten getters, or a `TypeError`) on every case but those listed, with a
//! reason each, in `tests/data/browsers/known-failures.txt`; a listed case
//! that passes fails the test too, so the list only shrinks.
//!
//! The default tier checks every 10th case; the slow tier all of them.
//! `BROWSER_REPORT=N` prints the failures, grouped by the departures the
//! model made, N of each group, for working on a model.

use std::collections::{BTreeMap, BTreeSet};

#[path = "support/data_file.rs"]
mod data_file;

use serde_json::Value;
use url_inspector::engine::browsers::{self, Browser, Getters};
use url_inspector::engine::{NoTrace, Stage, StepId};

const GETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "hostname", "host", "port", "pathname", "search",
    "hash",
];

fn data_dir() -> String {
    format!("{}/tests/data/browsers", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> String {
    data_file::read_text(format!("{}/{name}", data_dir()))
}

/// One case: the input, the base, where it came from.
struct Case {
    input: String,
    base: Option<String>,
    source: String,
}

fn cases() -> Vec<Case> {
    read("inputs.jsonl.gz")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            Case {
                input: v["input"].as_str().expect("an input").to_owned(),
                base: v["base"].as_str().map(str::to_owned),
                source: v["source"].as_str().unwrap_or("").to_owned(),
            }
        })
        .collect()
}

/// A browser's answers, in case order: the getters, or `None` (TypeError).
fn answers(browser: Browser) -> Vec<Option<[String; 10]>> {
    read(&format!("answers-{}.jsonl.gz", browser.name()))
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            if v.get("failure").is_some() {
                return None;
            }
            Some(GETTERS.map(|g| v[g].as_str().unwrap_or("").to_owned()))
        })
        .collect()
}

/// The listed failures: (browser, input, base) to the reason.
fn known_failures() -> BTreeMap<(String, String, Option<String>), String> {
    let mut out = BTreeMap::new();
    for line in read("known-failures.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.splitn(4, '\t');
        let (Some(b), Some(i), Some(base), Some(reason)) = (f.next(), f.next(), f.next(), f.next())
        else {
            panic!("a known failure needs browser, input, base and reason: {line:?}");
        };
        let input: String = serde_json::from_str(i).expect("the input as JSON");
        let base: Option<String> = serde_json::from_str(base).expect("the base as JSON");
        assert!(!reason.trim().is_empty(), "no reason: {line:?}");
        out.insert((b.to_owned(), input, base), reason.to_owned());
    }
    out
}

fn as_array(g: &Getters) -> [String; 10] {
    g.as_array().map(str::to_owned)
}

/// Checks every `every`-th case for each browser; panics with what failed
/// unlisted, and with the listed cases that pass.
fn check(every: usize) {
    let cases = cases();
    let known = known_failures();
    // How many failures of each group to print (BROWSER_REPORT=N; 4 when
    // set to anything else).
    let report = std::env::var("BROWSER_REPORT")
        .ok()
        .map(|v| v.parse::<usize>().unwrap_or(4));
    let mut problems = Vec::new();
    let mut made = BTreeSet::new();
    for browser in Browser::ALL {
        let answers = answers(browser);
        assert_eq!(
            answers.len(),
            cases.len(),
            "{}: one answer per case",
            browser.name()
        );
        let (mut passed, mut listed) = (0, 0);
        let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (case, want) in cases.iter().zip(&answers).step_by(every) {
            let got = browsers::parse(browser, &case.input, case.base.as_deref(), &mut NoTrace);
            made.extend(got.departures.iter().copied());
            let got_array = got.answer.as_ref().map(as_array);
            let key = (
                browser.name().to_owned(),
                case.input.clone(),
                case.base.clone(),
            );
            let ok = got_array == *want;
            match (ok, known.contains_key(&key)) {
                (true, false) => passed += 1,
                (false, true) => listed += 1,
                (true, true) => problems.push(format!(
                    "{}: listed as a known failure but passes: {:?} against {:?}",
                    browser.name(),
                    case.input,
                    case.base
                )),
                (false, false) => {
                    let what = format!(
                        "{:?} against {:?} [{}]: model {:?}, browser {:?}",
                        case.input,
                        case.base,
                        case.source,
                        got_array.as_ref().map(|a| a[0].as_str()),
                        want.as_ref().map(|a| a[0].as_str())
                    );
                    let ids: Vec<&str> = got.departures.iter().map(|d| d.id()).collect();
                    groups.entry(ids.join(" ")).or_default().push(what.clone());
                    problems.push(format!("{}: {what}", browser.name()));
                }
            }
        }
        if let Some(shown) = report {
            eprintln!(
                "{}: {passed} pass, {listed} listed, {} fail",
                browser.name(),
                groups.values().map(Vec::len).sum::<usize>()
            );
            for (ids, cases) in &groups {
                eprintln!("  [{}] {} failing, e.g.:", ids, cases.len());
                for c in cases.iter().take(shown) {
                    eprintln!("    {c}");
                }
            }
        }
    }
    // Every departure is made by some case, or its rule is dead.
    if every == 1 {
        for id in StepId::ALL
            .iter()
            .filter(|id| id.stage() == Stage::Departure)
        {
            if !made.contains(id) {
                problems.push(format!("no case makes the departure {}", id.id()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_models_give_the_browsers_answers_on_every_tenth_case() {
    check(10);
}

#[test]
#[ignore = "slow: 155,222 cases through three models (about a minute in a debug build)"]
fn the_models_give_the_browsers_answers_on_every_case() {
    check(1);
}
