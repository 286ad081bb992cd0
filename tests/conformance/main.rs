//! The spec's conformance suite (`../shared/conformance/`), run as the suite's
//! README describes: canonicalization files (`decomps*.dat`, `generated/`) in
//! each mode, with the idempotency check in THIS mode; `parsing.dat` (parse
//! only) and `resolving.dat` (parse the base, resolve, no canonicalization).
//!
//! Every failure must be listed, with a reason, in `expected-failures.txt`
//! beside this file, keyed by the case's content (see its header); an
//! unlisted failure fails the test, and so does a listed case that now
//! passes (a stale entry). Each mode's pass counts (all records, host cases)
//! are recorded in `pass-counts.txt`; a run that passes fewer fails, and so
//! does one that passes more until the new count is recorded. Pass counts
//! are printed per file.
//!
//! - `URL_INSPECTOR_CONFORMANCE=DIR` reads the suite from DIR instead of
//!   `../shared/conformance`. Where the suite is absent, these tests fail
//!   under CI (`CI` set to anything but empty, `0` or `false`); elsewhere
//!   they print a SKIPPED banner and check nothing (every other test still
//!   runs).
//! - `CONFORMANCE_FILTER=TEXT` runs only the cases whose name contains TEXT
//!   (then neither stale entries nor pass counts are checked).
//! - Every failure is also written to `target/conformance/MODE-failures.txt`
//!   in the expected-failures format (`?? ` and the details in place of the
//!   reason), for review.

mod dat;
mod expectations;
mod trace_checks;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use expectations::{CaseKey, Count, PassCounts};
use url_inspector::engine::{
    Component, Mode, NoTrace, Options, ParsedUrl, QueryEncoding, Until, parse::parse, run,
};

/// Whether this run is CI's: `CI` set to anything but empty, `0` or `false`.
fn under_ci() -> bool {
    std::env::var("CI")
        .is_ok_and(|v| !matches!(v.to_ascii_lowercase().as_str(), "" | "0" | "false"))
}

/// Writes straight to stderr, past the test harness's capture, so that
/// every run shows it.
fn say(text: &str) {
    let _ = std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes());
}

/// Where the suite is, or `None` (with a SKIPPED banner) when it is absent.
/// Under CI an absent suite is a failure: CI must check it.
fn suite_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("URL_INSPECTOR_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"));
    if dir.join("decomps.dat").is_file() {
        return Some(dir);
    }
    let why = format!(
        "the conformance suite is not at {} (no decomps.dat there); set URL_INSPECTOR_CONFORMANCE \
         to its folder",
        dir.display()
    );
    assert!(!under_ci(), "conformance suite missing under CI: {why}");
    say(&format!(
        "\n*** SKIPPED: {why}. The conformance tests check NOTHING in this run. ***\n\n"
    ));
    None
}

/// The suite's files, as paths relative to its folder.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["", "generated/"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".dat") {
                out.push(format!("{sub}{name}"));
            }
        }
    }
    out.sort();
    out
}

/// What one case expects of the components.
fn expected_components(rec: &dat::Record, mode: Mode) -> BTreeMap<Component, String> {
    let mut out = BTreeMap::new();
    for c in Component::ALL {
        let value = if c == Component::Host {
            rec.get(&format!("{}-host", mode.name()))
                .or_else(|| rec.get("host"))
        } else {
            rec.get(c.name())
        };
        if let Some(v) = value {
            out.insert(c, v.to_owned());
        }
    }
    out
}

fn actual_components(url: &ParsedUrl) -> BTreeMap<Component, String> {
    url.components().map(|(c, v)| (c, v.to_owned())).collect()
}

/// Describes how two component maps differ.
fn diff(
    expected: &BTreeMap<Component, String>,
    actual: &BTreeMap<Component, String>,
) -> Option<String> {
    let mut out = String::new();
    for c in Component::ALL {
        let (e, a) = (expected.get(&c), actual.get(&c));
        if e != a {
            let _ = write!(out, " {c}: expected {e:?}, got {a:?};");
        }
    }
    (!out.is_empty()).then_some(out)
}

/// One file's tally.
#[derive(Default)]
struct Tally {
    passed: usize,
    total: usize,
}

struct Outcome {
    tallies: BTreeMap<String, Tally>,
    /// Each failing record's case and the details.
    failures: Vec<(CaseKey, String)>,
    idempotency: Tally,
    /// For a browser mode: how THIS fares against that browser's
    /// expectations, per file.
    this_vs_browser: BTreeMap<String, Tally>,
    /// Files without any browser field: their expectations are THIS's only.
    unrecorded: BTreeSet<String>,
}

/// The host files: `decomps-authority*.dat` and `generated/`.
fn is_host_file(file: &str) -> bool {
    file.starts_with("decomps-authority") || file.starts_with("generated/")
}

/// Checks one canonicalization record, run in `mode` against the
/// expectations of `expect` (the same mode, except when measuring how far
/// THIS agrees with a browser); `Err(detail)` on failure.
fn check_canon(
    rec: &dat::Record,
    mode: Mode,
    expect: Mode,
    idem: &mut Tally,
) -> Result<(), String> {
    let input = rec.get("data").unwrap_or("");
    let base = rec.get("base").filter(|b| !b.is_empty());
    let encoding = rec
        .get("charset")
        .map_or(QueryEncoding::UTF8, QueryEncoding::from_label);
    let m = expect.name();
    let mut invalid = rec.flag("invalid").unwrap_or(false);
    if let Some(v) = rec.flag(&format!("{m}-invalid")) {
        invalid = v;
    }
    if rec.flag(&format!("{m}-not-invalid")) == Some(true) {
        invalid = false;
    }
    let options = Options::default()
        .mode(mode)
        .encoding(encoding)
        .base(base.unwrap_or_default());
    let out = run(input, &options, &mut NoTrace);
    if invalid {
        return match out.canon {
            None => Ok(()),
            Some(c) => Err(format!("expected invalid, got {c:?}")),
        };
    }
    let Some(canon) = out.canon else {
        let why = out
            .failure
            .map(|f| format!("{}: {}", f.step.id(), f.reason))
            .unwrap_or_default();
        return Err(format!("expected valid, got invalid ({why})"));
    };
    let expected_canon = rec
        .get(&format!("{m}-canon"))
        .or_else(|| rec.get("canon"))
        .unwrap_or(input);
    let mut problems = String::new();
    if canon != expected_canon {
        let _ = write!(
            problems,
            " canon: expected {expected_canon:?}, got {canon:?};"
        );
    }
    if let Some(d) = diff(
        &expected_components(rec, expect),
        &actual_components(&out.url),
    ) {
        problems.push_str(&d);
    }
    if mode == Mode::This && expect == Mode::This {
        idem.total += 1;
        let again = run(&canon, &options, &mut NoTrace).canon;
        if again.as_deref() == Some(canon.as_str()) {
            idem.passed += 1;
        } else {
            let _ = write!(problems, " not idempotent: {canon:?} → {again:?};");
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Checks one `parsing.dat` or `resolving.dat` record.
fn check_parse(rec: &dat::Record, resolving: bool) -> Result<(), String> {
    let input = rec.get("data").unwrap_or("");
    let url = if resolving {
        let base = parse(rec.get("base").unwrap_or(""), &mut NoTrace);
        url_inspector::engine::resolve::resolve(input, &base, &mut NoTrace)
    } else {
        let options = Options::default().until(Until::Parse);
        run(input, &options, &mut NoTrace).url
    };
    let invalid = rec.flag("invalid").unwrap_or(false);
    let mut problems = String::new();
    if url.invalid != invalid {
        let _ = write!(
            problems,
            " invalid: expected {invalid}, got {};",
            url.invalid
        );
    }
    if let Some(d) = diff(
        &expected_components(rec, Mode::This),
        &actual_components(&url),
    ) {
        problems.push_str(&d);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn run_suite(dir: &Path, mode: Mode) -> Outcome {
    let filter = std::env::var("CONFORMANCE_FILTER").unwrap_or_default();
    let mut out = Outcome {
        tallies: BTreeMap::new(),
        failures: Vec::new(),
        idempotency: Tally::default(),
        this_vs_browser: BTreeMap::new(),
        unrecorded: BTreeSet::new(),
    };
    for file in files(dir) {
        let kind = match file.as_str() {
            "parsing.dat" => Some(false),
            "resolving.dat" => Some(true),
            _ => None,
        };
        // Parsing and resolution know no modes: they run once, with THIS.
        if kind.is_some() && mode != Mode::This {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&file))
            .unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        // A file records browser results when any record has a browser field.
        let recorded = ["#chrome-", "#gecko-", "#ie-"]
            .iter()
            .any(|p| text.contains(p));
        if !recorded {
            out.unrecorded.insert(file.clone());
        }
        for rec in dat::parse(&text) {
            let key = CaseKey::of(&file, &rec);
            let name = format!("{key} (line {})", rec.line);
            if !filter.is_empty() && !name.contains(&filter) {
                continue;
            }
            let result = match kind {
                Some(resolving) => check_parse(&rec, resolving),
                None => check_canon(&rec, mode, mode, &mut out.idempotency),
            };
            let tally = out.tallies.entry(file.clone()).or_default();
            tally.total += 1;
            match result {
                Ok(()) => tally.passed += 1,
                Err(detail) => {
                    // Say whether the browser's own result was recorded for
                    // this case, or the expectation is THIS's.
                    let prefix = format!("{}-", mode.name());
                    let note = if mode != Mode::This
                        && !rec.fields.keys().any(|k| k.starts_with(&prefix))
                    {
                        " [no browser field]"
                    } else {
                        ""
                    };
                    out.failures
                        .push((key, format!("line {}:{detail}{note}", rec.line)));
                }
            }
            if mode != Mode::This && kind.is_none() {
                let this = out.this_vs_browser.entry(file.clone()).or_default();
                this.total += 1;
                if check_canon(&rec, Mode::This, mode, &mut Tally::default()).is_ok() {
                    this.passed += 1;
                }
            }
        }
    }
    out
}

/// Passed and total over the files `filter` picks.
fn sum(tallies: &BTreeMap<String, Tally>, filter: impl Fn(&str) -> bool) -> Count {
    tallies
        .iter()
        .filter(|(f, _)| filter(f))
        .fold((0, 0), |(p, t), (_, x)| (p + x.passed, t + x.total))
}

fn pct((p, t): Count) -> String {
    format!(
        "{p:>5}/{t:<5} ({:.2} %)",
        100.0 * p as f64 / t.max(1) as f64
    )
}

/// The pass counts per file and in total, as printed after each run.
fn summary(out: &Outcome, mode: Mode) -> String {
    let m = mode.name();
    let mut text = format!("\nconformance [{}]: pass/total per file\n", mode.marker());
    for (file, t) in &out.tallies {
        let _ = writeln!(text, "  {file:<52} {:>5}/{:<5}", t.passed, t.total);
    }
    let _ = writeln!(text, "  {:<52} {}", "all", pct(sum(&out.tallies, |_| true)));
    let _ = writeln!(
        text,
        "  {:<52} {}",
        "host cases",
        pct(sum(&out.tallies, is_host_file))
    );
    if mode == Mode::This {
        let _ = writeln!(
            text,
            "  idempotency checks: {}/{}",
            out.idempotency.passed, out.idempotency.total
        );
    } else {
        let recorded = |f: &str| is_host_file(f) && !out.unrecorded.contains(f);
        let rest = |f: &str| !is_host_file(f);
        let _ = writeln!(
            text,
            "  {:<52} {}",
            "host cases with recorded browser results",
            pct(sum(&out.tallies, recorded))
        );
        let _ = writeln!(
            text,
            "  rest of the suite: {} agrees with {m} {}; THIS agrees with {m} {}",
            mode.marker(),
            pct(sum(&out.tallies, rest)),
            pct(sum(&out.this_vs_browser, rest))
        );
    }
    text
}

/// Compares the run's pass counts with the recorded ones; `Err` says how
/// they differ.
fn check_pass_counts(m: &str, now: PassCounts) -> Result<(), String> {
    let recorded = expectations::pass_counts();
    let Some(&was) = recorded.get(m) else {
        return Err(format!(
            "pass-counts.txt records nothing for {m}; add the line `{m} {now}`"
        ));
    };
    if now == was {
        return Ok(());
    }
    let dropped = now.all.0 < was.all.0 || now.host.0 < was.host.0;
    Err(if dropped {
        format!(
            "the pass count dropped: pass-counts.txt records `{m} {was}`, this run gives `{m} {now}`"
        )
    } else {
        format!(
            "the counts changed from `{m} {was}` to `{m} {now}` without a drop; record the new \
             line in pass-counts.txt (and the figures in docs/conformance.md)"
        )
    })
}

fn conformance(mode: Mode) {
    let Some(dir) = suite_dir() else { return };
    let out = run_suite(&dir, mode);
    let m = mode.name();
    say(&summary(&out, mode));

    // Write every failure down for review, in the expected-failures format.
    let report_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/conformance");
    let _ = std::fs::create_dir_all(&report_dir);
    let report: String = out
        .failures
        .iter()
        .map(|(k, d)| format!("{m} {k}: ?? {d}\n"))
        .collect();
    let _ = std::fs::write(report_dir.join(format!("{m}-failures.txt")), report);

    let filtered = std::env::var("CONFORMANCE_FILTER").is_ok_and(|f| !f.is_empty());
    let listed = expectations::expected_failures();
    let failed: BTreeSet<&CaseKey> = out.failures.iter().map(|(k, _)| k).collect();
    let unexpected: Vec<&(CaseKey, String)> = out
        .failures
        .iter()
        .filter(|(k, _)| !listed.contains_key(&(m.to_owned(), k.clone())))
        .collect();
    let stale: Vec<&CaseKey> = listed
        .keys()
        .filter(|(lm, k)| lm == m && !failed.contains(k))
        .map(|(_, k)| k)
        .collect();
    for (key, detail) in unexpected.iter().take(40) {
        say(&format!("UNEXPECTED FAILURE {m} {key}: {detail}\n"));
    }
    let mut problems = Vec::new();
    if !unexpected.is_empty() {
        problems.push(format!("{} unexpected failures", unexpected.len()));
    }
    if !filtered {
        for k in &stale {
            say(&format!("STALE ENTRY (now passes) {m} {k}\n"));
        }
        if !stale.is_empty() {
            problems.push(format!("{} stale expected-failure entries", stale.len()));
        }
        let now = PassCounts {
            all: sum(&out.tallies, |_| true),
            host: sum(&out.tallies, is_host_file),
        };
        if let Err(e) = check_pass_counts(m, now) {
            problems.push(e);
        }
    }
    assert!(
        problems.is_empty(),
        "[{}] {} (details above and in target/conformance/{m}-failures.txt)",
        mode.marker(),
        problems.join("; ")
    );
}

#[test]
fn conformance_this() {
    conformance(Mode::This);
}

#[test]
fn conformance_chrome() {
    conformance(Mode::Chrome);
}

#[test]
fn conformance_gecko() {
    conformance(Mode::Gecko);
}

#[test]
fn conformance_ie() {
    conformance(Mode::Ie);
}
