//! The spec's conformance suite (`../shared/conformance/`), run as the suite's
//! README describes: canonicalization files (`decomps*.dat`, `generated/`) in
//! each mode, with the idempotency check in THIS mode; `parsing.dat` (parse
//! only) and `resolving.dat` (parse the base, resolve, no canonicalization).
//!
//! Every failure must be listed, with a reason, in `expected-failures.txt`
//! beside this file; an unlisted failure fails the test, and so does a listed
//! case that now passes (a stale entry). Pass counts are printed per file.
//!
//! - `URL_INSPECTOR_CONFORMANCE=DIR` reads the suite from DIR instead of
//!   `../shared/conformance`. Where the suite is absent these tests say so and
//!   pass without checking anything; every other test still runs.
//! - `CONFORMANCE_FILTER=TEXT` runs only the cases whose name contains TEXT.
//! - Every failure is also written to `target/conformance/MODE-failures.txt`
//!   in the expected-failures format, with the details, for review.

mod dat;
mod trace_checks;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use url_inspector::engine::{
    Component, Mode, NoTrace, ParsedUrl, QueryEncoding, Until, canonicalize_url, parse::parse, run,
};

/// Where the suite is, or `None` (with the reason printed) when it is absent.
fn suite_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("URL_INSPECTOR_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"));
    if dir.join("decomps.dat").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: the conformance suite is not at {} (set URL_INSPECTOR_CONFORMANCE to its folder); \
             the conformance tests check nothing in this run",
            dir.display()
        );
        None
    }
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

/// The expected-failure entries: `(mode, case key)` → reason.
fn expected_failures() -> BTreeMap<(String, String), String> {
    let text = include_str!("expected-failures.txt");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, ' ');
        let (Some(mode), Some(key)) = (parts.next(), parts.next()) else {
            continue;
        };
        let reason = parts.next().unwrap_or("").trim().to_owned();
        assert!(
            !reason.is_empty(),
            "expected-failures.txt: `{line}` gives no reason"
        );
        out.insert((mode.to_owned(), key.to_owned()), reason);
    }
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
    failures: Vec<(String, String)>,
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
    let out = canonicalize_url(input, base, encoding, mode);
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
        let again = canonicalize_url(&canon, base, encoding, mode).canon;
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
        run(
            input,
            None,
            QueryEncoding::UTF8,
            Mode::This,
            Until::Parse,
            &mut NoTrace,
        )
        .url
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
            let key = format!("{file}:{}", rec.line);
            let name = format!(
                "{key} {:?} against {:?}",
                rec.get("data").unwrap_or(""),
                rec.get("base").unwrap_or("")
            );
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
                    out.failures.push((key, format!("{name}:{detail}{note}")));
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

fn conformance(mode: Mode) {
    let Some(dir) = suite_dir() else { return };
    let out = run_suite(&dir, mode);
    let m = mode.name();

    // The summary goes straight to stderr, past the test harness's capture,
    // so that every run shows it.
    let mut summary = format!("\nconformance [{}]: pass/total per file\n", mode.marker());
    let sum = |filter: &dyn Fn(&str) -> bool, tallies: &BTreeMap<String, Tally>| {
        tallies
            .iter()
            .filter(|(f, _)| filter(f))
            .fold((0, 0), |(p, t), (_, x)| (p + x.passed, t + x.total))
    };
    let pct = |(p, t): (usize, usize)| {
        format!(
            "{p:>5}/{t:<5} ({:.2} %)",
            100.0 * p as f64 / t.max(1) as f64
        )
    };
    for (file, t) in &out.tallies {
        let _ = writeln!(summary, "  {file:<52} {:>5}/{:<5}", t.passed, t.total);
    }
    let _ = writeln!(
        summary,
        "  {:<52} {}",
        "all",
        pct(sum(&|_| true, &out.tallies))
    );
    if mode == Mode::This {
        let _ = writeln!(
            summary,
            "  idempotency checks: {}/{}",
            out.idempotency.passed, out.idempotency.total
        );
    } else {
        let host = |f: &str| is_host_file(f);
        let recorded = |f: &str| is_host_file(f) && !out.unrecorded.contains(f);
        let rest = |f: &str| !is_host_file(f);
        let _ = writeln!(
            summary,
            "  {:<52} {}",
            "host cases",
            pct(sum(&host, &out.tallies))
        );
        let _ = writeln!(
            summary,
            "  {:<52} {}",
            "host cases with recorded browser results",
            pct(sum(&recorded, &out.tallies))
        );
        let _ = writeln!(
            summary,
            "  rest of the suite: {} agrees with {m} {}; THIS agrees with {m} {}",
            mode.marker(),
            pct(sum(&rest, &out.tallies)),
            pct(sum(&rest, &out.this_vs_browser))
        );
    }
    let _ = std::io::Write::write_all(&mut std::io::stderr(), summary.as_bytes());

    // Write every failure down for review.
    let report_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/conformance");
    let _ = std::fs::create_dir_all(&report_dir);
    let report: String = out
        .failures
        .iter()
        .map(|(k, d)| format!("{m} {k} ?? {d}\n"))
        .collect();
    let _ = std::fs::write(report_dir.join(format!("{m}-failures.txt")), report);

    let filtered = std::env::var("CONFORMANCE_FILTER").is_ok_and(|f| !f.is_empty());
    let listed = expected_failures();
    let failed: BTreeSet<&String> = out.failures.iter().map(|(k, _)| k).collect();
    let unexpected: Vec<&(String, String)> = out
        .failures
        .iter()
        .filter(|(k, _)| !listed.contains_key(&(m.to_owned(), k.clone())))
        .collect();
    let stale: Vec<&String> = listed
        .keys()
        .filter(|(lm, k)| lm == m && !failed.contains(k))
        .map(|(_, k)| k)
        .collect();
    for (_, detail) in unexpected.iter().take(40) {
        eprintln!("UNEXPECTED FAILURE {detail}");
    }
    if !filtered {
        for k in &stale {
            eprintln!("STALE ENTRY (now passes) {m} {k}");
        }
    }
    assert!(
        unexpected.is_empty() && (filtered || stale.is_empty()),
        "[{}] {} unexpected failures, {} stale expected-failure entries (details above and in target/conformance/{m}-failures.txt)",
        mode.marker(),
        unexpected.len(),
        if filtered { 0 } else { stale.len() }
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
