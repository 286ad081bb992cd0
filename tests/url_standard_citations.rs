//! Every URL Standard step id cites an algorithm and step that the
//! Standard's own text (`../shared/spec/url-standard/url.bs`, 6ae8486)
//! has, and no step id serves two different steps.
//!
//! Three checks hold the citations to the text:
//!
//! 1. **The text has it.** Each citation is read as algorithms and step
//!    numbers (`basic URL parser, path state, 1.2`; `host parser, step 8;
//!    IPv4 parser`); each algorithm must be a `<dfn>` (or, for a setter, a
//!    `<div algorithm="… setter">`) of url.bs, and each step number a step
//!    of that algorithm's numbered list. A numbered step must also say what
//!    its id is about (a phrase per id, below), so a citation that names an
//!    existing but wrong step fails.
//! 2. **The code cites the same step.** Where the engine records a numbered
//!    step, the nearest step comment above it (`// 1.2.`) must be that step
//!    or one of its sub-steps.
//! 3. **One id, one step.** Traced over every web-platform test case, each
//!    path id's buffer is the kind of segment its step is about.
//!
//! Where url.bs is absent this says so loudly and checks nothing; under CI
//! (`CI=true`) its absence is a failure. `URL_INSPECTOR_SPEC` may point at
//! another copy of the spec folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use url_inspector::engine::trace::{Stage, StepId};
use url_inspector::engine::url_standard;
use url_inspector::engine::{QueryEncoding, Trace};

/// Whether this run is CI's: `CI` set to anything but empty, `0` or `false`.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// url.bs, or `None` (after saying so) where it is absent outside CI.
fn url_bs() -> Option<String> {
    let dir = std::env::var_os("URL_INSPECTOR_SPEC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec"));
    let path = dir.join("url-standard/url.bs");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            let why = format!("{}: {e}", path.display());
            assert!(
                !under_ci(),
                "the URL Standard's text is missing under CI: {why}"
            );
            eprintln!(
                "\n======== SKIPPED: the URL Standard's text is missing ({why}); \
                 its citations are not checked ========\n"
            );
            None
        }
    }
}

/// The text of `html` with its tags removed and whitespace collapsed.
fn plain(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where each algorithm of url.bs starts: the text of every `<dfn>`
/// (tags removed, lowercased) and every `<div algorithm="…">`, to its byte
/// offset.
fn algorithms(bs: &str) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    let mut at = 0;
    while let Some(i) = bs[at..].find("<dfn") {
        let start = at + i;
        let Some(end) = bs[start..].find("</dfn>") else {
            break;
        };
        let inner = &bs[start..start + end];
        let text = inner.find('>').map_or("", |gt| &inner[gt + 1..]);
        found.entry(plain(text).to_lowercase()).or_insert(start);
        at = start + end;
    }
    let marker = "<div algorithm=\"";
    at = 0;
    while let Some(i) = bs[at..].find(marker) {
        let start = at + i + marker.len();
        let Some(end) = bs[start..].find('"') else {
            break;
        };
        found
            .entry(bs[start..start + end].to_lowercase())
            .or_insert(start);
        at = start + end;
    }
    found
}

/// The numbered steps of the first `<ol>` after `from`: each step's number
/// (`"1"`, `"1.2"`, …; the items of an unnumbered `<ul>` are not steps) and
/// its text, sub-steps included.
fn steps(bs: &str, from: usize) -> BTreeMap<String, String> {
    let Some(first) = bs[from..].find("<ol") else {
        return BTreeMap::new();
    };
    // Each open list: numbered or not, the count of its items so far.
    let mut lists: Vec<(bool, usize)> = Vec::new();
    // The open steps: number and where its text starts.
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut out = BTreeMap::new();
    let mut at = from + first;
    let close = |open: &mut Vec<(String, usize, usize)>,
                 out: &mut BTreeMap<String, String>,
                 depth: usize,
                 end: usize| {
        while open.last().is_some_and(|(_, _, d)| *d >= depth) {
            if let Some((n, start, _)) = open.pop() {
                out.insert(n, plain(&bs[start..end]));
            }
        }
    };
    while let Some(i) = bs[at..].find('<') {
        let tag_at = at + i;
        let rest = &bs[tag_at..];
        at = tag_at + 1;
        if rest.starts_with("<ol") || rest.starts_with("<ul") {
            lists.push((rest.starts_with("<ol"), 0));
        } else if rest.starts_with("</ol") || rest.starts_with("</ul") {
            close(&mut open, &mut out, lists.len(), tag_at);
            lists.pop();
            if lists.is_empty() {
                break;
            }
        } else if rest.starts_with("<li") {
            let depth = lists.len();
            close(&mut open, &mut out, depth, tag_at);
            if let Some(list) = lists.last_mut() {
                list.1 += 1;
            }
            if lists.last().is_some_and(|l| l.0) {
                let number = lists
                    .iter()
                    .filter(|l| l.0)
                    .map(|l| l.1.to_string())
                    .collect::<Vec<_>>()
                    .join(".");
                open.push((number, tag_at, depth));
            }
        }
    }
    out
}

/// One algorithm a citation names, with the steps it names in it.
#[derive(Debug)]
struct Cited {
    /// The algorithm's name as url.bs defines it (lowercase).
    algorithm: String,
    /// Step numbers (`"1.2"`), each step of a range given.
    steps: Vec<String>,
}

/// A step number (`1.2`) or range of top-level steps (`step 8`, `steps 1-3`).
fn step_numbers(part: &str) -> Option<Vec<String>> {
    let numbers = part
        .strip_prefix("steps ")
        .or_else(|| part.strip_prefix("step "))
        .unwrap_or(part);
    if let Some((a, b)) = numbers.split_once('-') {
        let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
        return Some((a..=b).map(|n| n.to_string()).collect());
    }
    numbers
        .split('.')
        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| vec![numbers.to_owned()])
}

/// Reads a citation: `URL Standard, ` then parts separated by `; `, each
/// an algorithm (its last comma-separated name; `URL class, X setter` is
/// the setter's algorithm) and optionally a step number or range.
fn read_citation(citation: &str) -> Result<Vec<Cited>, String> {
    let rest = citation
        .strip_prefix("URL Standard, ")
        .ok_or_else(|| format!("{citation:?} does not start with \"URL Standard, \""))?;
    let mut out = Vec::new();
    for part in rest.split("; ") {
        let mut names: Vec<&str> = part.split(", ").collect();
        let steps = match names.last().and_then(|last| step_numbers(last)) {
            Some(steps) => {
                names.pop();
                steps
            }
            None => Vec::new(),
        };
        let algorithm = names
            .last()
            .ok_or_else(|| format!("{citation:?} names no algorithm"))?
            .to_lowercase();
        out.push(Cited { algorithm, steps });
    }
    Ok(out)
}

/// The step ids of the URL Standard engine.
fn standard_ids() -> impl Iterator<Item = StepId> {
    StepId::ALL.iter().copied().filter(|id| {
        matches!(
            id.stage(),
            Stage::UrlStandard | Stage::UrlStandardHost | Stage::UrlStandardSetter
        )
    })
}

/// What each numbered step's text must speak of, so a citation of a step
/// that exists but is another one fails. Every id whose citation numbers a
/// step is listed.
const ABOUT: &[(StepId, &str)] = &[
    (StepId::WhatwgPreprocess, "tab or newline"),
    (StepId::WhatwgPathDoubleDot, "double-dot URL path segment"),
    (StepId::WhatwgPathDot, "single-dot URL path segment"),
    (StepId::WhatwgPathPush, "Append buffer"),
    (StepId::WhatwgHostIpv6, "IPv6 pars"),
    (StepId::WhatwgHostOpaque, "opaque-host pars"),
    (StepId::WhatwgHostDomain, "domain parser"),
    (StepId::WhatwgHostIpv4, "IPv4 pars"),
];

#[test]
fn every_cited_algorithm_and_step_is_in_the_standard() {
    let Some(bs) = url_bs() else { return };
    let algorithms = algorithms(&bs);
    let mut problems = Vec::new();
    for id in standard_ids() {
        let cited = match read_citation(id.citation()) {
            Ok(cited) => cited,
            Err(e) => {
                problems.push(format!("{}: {e}", id.id()));
                continue;
            }
        };
        let about = ABOUT.iter().find(|(a, _)| *a == id).map(|(_, s)| *s);
        let numbered = cited.iter().any(|c| !c.steps.is_empty());
        if numbered && about.is_none() {
            problems.push(format!(
                "{}: numbers a step, but ABOUT does not say what that step is about",
                id.id()
            ));
        }
        for c in &cited {
            let Some(&at) = algorithms.get(&c.algorithm) else {
                problems.push(format!(
                    "{}: url.bs defines no algorithm {:?}",
                    id.id(),
                    c.algorithm
                ));
                continue;
            };
            if c.steps.is_empty() {
                continue;
            }
            let numbered = steps(&bs, at);
            let text: Vec<&String> = c.steps.iter().filter_map(|n| numbered.get(n)).collect();
            for n in c.steps.iter().filter(|n| !numbered.contains_key(*n)) {
                problems.push(format!("{}: {:?} has no step {n}", id.id(), c.algorithm));
            }
            if let Some(about) = about
                && !text.iter().any(|t| t.contains(about))
            {
                problems.push(format!(
                    "{}: step {} of {:?} does not speak of {about:?}",
                    id.id(),
                    c.steps.join(", "),
                    c.algorithm
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_reader_of_url_bs_finds_what_it_is_shown() {
    let html = "<p>The <dfn id=x>shorten a <var>url</var>'s path</dfn>:\n<ol>\n <li><p>One\n <li><p>Two\n  <ul><li>note</ul>\n  <ol><li><p>Two-one <li><p>Two-two</ol>\n <li><p>Three\n</ol>\n<ol><li>Other</ol>";
    let found = algorithms(html);
    assert_eq!(found.get("shorten a url's path"), Some(&7));
    let numbered = steps(html, 0);
    assert_eq!(
        numbered.keys().collect::<Vec<_>>(),
        ["1", "2", "2.1", "2.2", "3"]
    );
    assert_eq!(numbered["2.1"], "Two-one");
    assert!(numbered["2"].starts_with("Two note Two-one"));
    let cited =
        read_citation("URL Standard, host parser, steps 4-6; domain parser").expect("a citation");
    assert_eq!(cited[0].algorithm, "host parser");
    assert_eq!(cited[0].steps, ["4", "5", "6"]);
    assert_eq!(cited[1].algorithm, "domain parser");
    assert!(cited[1].steps.is_empty());
    let path = read_citation("URL Standard, basic URL parser, path state, 1.2").expect("one");
    assert_eq!(
        (path[0].algorithm.as_str(), &path[0].steps[..]),
        ("path state", &["1.2".to_owned()][..])
    );
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The step number of a step comment (`// 1.2.`, `// 1.2.1: …`), if `line` is one.
fn step_comment(line: &str) -> Option<&str> {
    let body = line.trim_start().strip_prefix("// ")?;
    let end = body
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(body.len());
    let number = body[..end].trim_end_matches('.');
    (!number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit())).then_some(number)
}

#[test]
fn the_code_records_each_numbered_step_under_its_comment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/url_standard");
    let mut files = Vec::new();
    sources(&root, &mut files);
    // The basic URL parser's numbered steps within a state.
    let numbered: Vec<(StepId, String)> = standard_ids()
        .filter(|id| id.stage() == Stage::UrlStandard)
        .filter_map(|id| {
            let cited = read_citation(id.citation()).ok()?;
            let c = cited.first()?;
            (c.algorithm.ends_with(" state") && c.steps.len() == 1)
                .then(|| (id, c.steps[0].clone()))
        })
        .collect();
    assert!(numbered.len() >= 3, "{numbered:?}");
    let mut seen = vec![false; numbered.len()];
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            for (k, (id, step)) in numbered.iter().enumerate() {
                let name = format!("StepId::{id:?}");
                let whole = line
                    .match_indices(&name)
                    .any(|(i, _)| !line[i + name.len()..].starts_with(char::is_alphanumeric));
                if !whole {
                    continue;
                }
                seen[k] = true;
                let comment = lines[..n]
                    .iter()
                    .rev()
                    .take(12)
                    .find_map(|l| step_comment(l));
                let within =
                    comment.is_some_and(|c| c == step || c.starts_with(&format!("{step}.")));
                if !within {
                    problems.push(format!(
                        "{}:{}: {} cites step {step}, the comment above says {comment:?}",
                        file.display(),
                        n + 1,
                        id.id()
                    ));
                }
            }
        }
    }
    for ((id, _), seen) in numbered.iter().zip(seen) {
        if !seen {
            problems.push(format!("{} is recorded nowhere", id.id()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether `s` is a single-dot or double-dot URL path segment.
fn dots(s: &str) -> (bool, bool) {
    let s = s.to_ascii_lowercase().replace("%2e", ".");
    (s == ".", s == "..")
}

#[test]
fn each_path_step_id_serves_one_step_over_the_web_platform_tests() {
    let path = format!(
        "{}/tests/data/wpt/urltestdata.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mut counts = BTreeMap::new();
    for case in cases.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case.get("base").and_then(|v| v.as_str());
        let mut trace = Trace::default();
        let base = base.and_then(|b| {
            url_standard::parse(b, None, QueryEncoding::UTF8, &mut Trace::default())
                .url
                .ok()
        });
        url_standard::parse(input, base.as_ref(), QueryEncoding::UTF8, &mut trace);
        for step in &trace.steps {
            let buffer = step.buffer.as_deref().unwrap_or("");
            let (single, double) = dots(buffer);
            let right = match step.id {
                StepId::WhatwgPathDot => single,
                StepId::WhatwgPathDoubleDot => double,
                StepId::WhatwgPathPush => !single && !double,
                _ => continue,
            };
            assert!(
                right,
                "{input:?}: {} recorded with the buffer {buffer:?}",
                step.id.id()
            );
            *counts.entry(step.id.id()).or_insert(0) += 1;
        }
    }
    // Each of the three is met, so the check above checked something.
    assert_eq!(counts.len(), 3, "{counts:?}");
}
