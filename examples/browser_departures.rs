//! The browser models over the shared corpus: for Chromium, Firefox and
//! WebKit, how often each departure from the URL Standard is taken, and
//! on how many requests the model's href (or its refusal) differs from the
//! URL Standard engine's. It writes the tables of docs/resolvers.md
//! ("Today's browsers: Chromium, Firefox, WebKit"), in Markdown.
//!
//! ```text
//! cargo run --release --example browser_departures [CORPUS_DIR]
//! ```
//!
//! `CORPUS_DIR` defaults to `../shared/corpus` beside the project. It must
//! hold `real-urls.txt` (one URL a line) and `tricky-urls.txt` (`input<TAB>base`
//! a line, with tab, newline, carriage return and backslash written `\t`,
//! `\n`, `\r`, `\\`; the corpus README lists all but `\r`, which the file
//! uses too). Each line's input is asked twice: without a base, and against
//! [`BASE`]; a tricky line's own base is not used. A departure counts once
//! per request, whether the model took it on the input or on the base.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use url_inspector::engine::browsers::{self, Browser};
use url_inspector::engine::{NoTrace, Stage, StepId};
use url_inspector::resolvers::{Request, Resolver};

/// The base every line is also resolved against.
const BASE: &str = "https://example.org/a/b?c";

/// The corpus files, as the tables name them.
const FILES: [&str; 2] = ["real-urls.txt", "tricky-urls.txt"];

/// What one browser's model did over one file.
#[derive(Default)]
struct Tally {
    requests: usize,
    /// Requests whose href or validity differs from the URL Standard's.
    differs: usize,
    /// Requests on which the model took at least one departure.
    departed: usize,
    /// Requests on which the model took each departure.
    taken: BTreeMap<StepId, usize>,
}

fn main() -> ExitCode {
    let dir = std::env::args_os().nth(1).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    );
    let mut inputs = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        match std::fs::read_to_string(&path) {
            Ok(text) => inputs.push(lines(file, &text)),
            Err(e) => {
                eprintln!("browser_departures: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let tallies: Vec<[Tally; 2]> = Browser::ALL
        .iter()
        .map(|&b| [tally(b, &inputs[0]), tally(b, &inputs[1])])
        .collect();
    print!("{}", report(&inputs, &tallies));
    ExitCode::SUCCESS
}

/// The inputs of one corpus file: each line as it is, or for the tricky
/// file the input before the tab, unescaped.
fn lines(file: &str, text: &str) -> Vec<String> {
    text.lines()
        .map(|line| {
            if file == "tricky-urls.txt" {
                let input = line.split_once('\t').map_or(line, |(input, _)| input);
                unescape(input)
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// `\t`, `\n`, `\r` and `\\` as the characters they stand for; any other
/// backslash is kept.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `browser`'s model over `inputs`, each without a base and against [`BASE`].
fn tally(browser: Browser, inputs: &[String]) -> Tally {
    let mut t = Tally::default();
    for input in inputs {
        for base in [None, Some(BASE)] {
            let modelled = browsers::parse(browser, input, base, &mut NoTrace);
            let href = modelled.answer.as_ref().map(|a| a.href.as_str());
            let standard = Resolver::Whatwg.resolve(&Request::new(input).with_base(base));
            t.requests += 1;
            if href != standard.valid_canon() {
                t.differs += 1;
            }
            let mut ids = modelled.departures;
            ids.sort();
            ids.dedup();
            if !ids.is_empty() {
                t.departed += 1;
            }
            for id in ids {
                *t.taken.entry(id).or_default() += 1;
            }
        }
    }
    t
}

/// Every departure of `browser`, in the step table's order.
fn departures(browser: Browser) -> Vec<StepId> {
    let prefix = format!("{}.", browser.name());
    StepId::ALL
        .iter()
        .copied()
        .filter(|id| id.stage() == Stage::Departure && id.id().starts_with(&prefix))
        .collect()
}

/// The browser's own bug in a departure's citation: the references after
/// the source file (after `;` or in parentheses) that name a bug, a
/// report or a fix, leaving out the URL Standard's own issues.
fn browser_bug(citation: &str) -> Option<String> {
    let bugs: Vec<&str> = citation
        .split([';', '(', ')'])
        .skip(1)
        .map(str::trim)
        .filter(|piece| {
            let names_bug = piece.contains("bug") || piece.contains('#') || piece.contains(" PR ");
            names_bug
                && piece.chars().any(|c| c.is_ascii_digit())
                && !piece.starts_with("whatwg/url#")
        })
        .collect();
    (!bugs.is_empty()).then(|| bugs.join("; "))
}

/// `s` with what Markdown would read as markup escaped.
fn markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '|' | '*' | '_' | '`' | '<' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `n` with a comma every three digits.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `part` of `whole`, as a percentage with two decimals.
fn percent(part: usize, whole: usize) -> String {
    format!("{:.2} %", 100.0 * part as f64 / whole.max(1) as f64)
}

/// The Markdown: what was run, then a table per browser.
fn report(inputs: &[Vec<String>], tallies: &[[Tally; 2]]) -> String {
    let mut out = String::new();
    let requests: Vec<usize> = inputs.iter().map(|i| 2 * i.len()).collect();
    let total: usize = requests.iter().sum();
    out.push_str(&format!(
        "Requests: every line of `{}` ({} lines) and of `{}` ({} lines), each without a \
         base and against `{BASE}`: {} and {} requests, {} in all.\n",
        FILES[0],
        thousands(inputs[0].len()),
        FILES[1],
        thousands(inputs[1].len()),
        thousands(requests[0]),
        thousands(requests[1]),
        thousands(total),
    ));
    for (&browser, t) in Browser::ALL.iter().zip(tallies) {
        out.push_str(&browser_table(browser, t, total));
    }
    out
}

/// One browser's heading, totals and table, its departures most taken
/// first.
fn browser_table(browser: Browser, t: &[Tally; 2], total: usize) -> String {
    let differs = t[0].differs + t[1].differs;
    let departed = t[0].departed + t[1].departed;
    let mut out = format!(
        "\n#### {} ({})\n\n\
         Departs on {} ({}): the href or the validity differs from the URL Standard's \
         on {} of the real-URL requests and {} of the tricky ones. It takes at least one \
         departure on {} requests ({}).\n\n\
         | departure | what it does | browser bug | real-urls | tricky-urls |\n\
         |---|---|---|---:|---:|\n",
        browser.label(),
        browser.version(),
        thousands(differs),
        percent(differs, total),
        thousands(t[0].differs),
        thousands(t[1].differs),
        thousands(departed),
        percent(departed, total),
    );
    let count = |i: usize, id: StepId| t[i].taken.get(&id).copied().unwrap_or(0);
    let mut ids = departures(browser);
    // Stable: ties keep the step table's order.
    ids.sort_by_key(|&id| std::cmp::Reverse(count(0, id) + count(1, id)));
    for id in ids {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            id.id(),
            markdown(id.explanation()),
            browser_bug(id.citation()).map_or_else(String::new, |b| markdown(&b)),
            thousands(count(0, id)),
            thousands(count(1, id)),
        ));
    }
    out
}
