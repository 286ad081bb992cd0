//! A trace written out for people: plain text, or Markdown for handouts and
//! bug reports. One renderer for every engine and resolver that records
//! steps: `url-inspector canon --trace [--format text|markdown]` prints it,
//! and the window copies the same text.
//!
//! Both formats group the steps under a heading for each run of steps of one
//! stage (the base URL's parse apart from the input's), and give for each
//! step its number (its index in [`Trace::steps`](super::Trace), as
//! [`Trace::url_after`](super::Trace::url_after) takes it), id, citation,
//! the component with its value before → after, the decision taken, the
//! input bytes it concerns (first and last, both included), for the turns
//! of remove dot-segments the output and input buffers, and for a state
//! machine's step its pointer, buffer and path. [`steps`] writes only that;
//! [`report`] adds what was run at the top ([`RunInfo`]), the result and
//! the notes at the bottom ([`Ending`]) and (Markdown) what each step id
//! used means.
//!
//! Values are quoted with Rust's debug escapes, so tabs, controls and
//! trailing spaces stay visible; absent values read `(absent)`.

use std::fmt::Write;

use std::ops::Range;

use crate::engine::trace::{Stage, Step, StepId};

/// How a trace is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Indented plain text, one block per step.
    #[default]
    Text,
    /// A Markdown table per stage.
    Markdown,
}

impl Format {
    /// Both formats, the default first.
    pub const ALL: [Format; 2] = [Format::Text, Format::Markdown];

    /// The name the command line takes.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Markdown => "markdown",
        }
    }

    /// The format called `name` (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

/// What a run was given: the top of a whole [`report`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunInfo<'a> {
    pub input: &'a str,
    /// `None`: no base (the 2012 engine then resolves the input against
    /// itself).
    pub base: Option<&'a str>,
    /// The name of the query encoding used.
    pub encoding: &'a str,
    /// Whose rules ran, as a person reads it (`THIS`, `URL Standard`).
    pub engine: &'a str,
    /// The name `--mode` takes for them (`this`, `whatwg`).
    pub mode: &'a str,
}

/// How a run ended: the bottom of a whole [`report`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ending {
    /// The canonical string (the URL Standard's href) of a valid run.
    pub canonical: Option<String>,
    /// Why the run is invalid, in a line: the reason, and the step or the
    /// error that names it.
    pub invalid: Option<String>,
    /// The rest of what the run has to say (validation errors, look-alike
    /// hosts, …): a code and a message each.
    pub notes: Vec<(String, String)>,
}

impl Ending {
    /// The result in one line.
    fn line(&self) -> String {
        match (&self.canonical, &self.invalid) {
            (Some(canon), None) => format!("canonical URL {canon}"),
            (_, Some(why)) => format!("invalid: {why}"),
            (None, None) => "no canonical URL (the run stopped before it)".to_owned(),
        }
    }
}

/// Input bytes as a person reads them: the first and the last byte, both
/// included (`bytes 21–26`), one byte (`byte 21`), or the place between
/// two bytes that an empty range marks (`at byte 29`: the end of a
/// 29-byte input, say).
pub fn bytes(range: &Range<usize>) -> String {
    match range.end.saturating_sub(range.start) {
        0 => format!("at byte {}", range.start),
        1 => format!("byte {}", range.start),
        _ => format!("bytes {}–{}", range.start, range.end - 1),
    }
}

/// The steps alone, grouped by stage.
pub fn steps(format: Format, steps: &[Step]) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match format {
        Format::Text => text_steps(&mut out, steps),
        Format::Markdown => markdown_steps(&mut out, steps),
    };
    out
}

/// A whole report: what was run, the steps, the result, and (Markdown) what
/// the step ids used mean.
pub fn report(format: Format, run: &RunInfo<'_>, steps: &[Step], ending: &Ending) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = match format {
        Format::Text => text_report(&mut out, run, steps, ending),
        Format::Markdown => markdown_report(&mut out, run, steps, ending),
    };
    out
}

/// The runs of consecutive steps of one stage (and of the base or not),
/// with the index of their first step.
fn groups(steps: &[Step]) -> impl Iterator<Item = (usize, &[Step])> {
    let mut start = 0;
    steps
        .chunk_by(|a, b| (a.id.stage(), a.of_base) == (b.id.stage(), b.of_base))
        .map(move |group| {
            let first = start;
            start += group.len();
            (first, group)
        })
}

/// The heading of a group.
fn title(step: &Step) -> String {
    let stage: Stage = step.id.stage();
    if step.of_base {
        format!("{} (of the base URL)", stage.title())
    } else {
        stage.title().to_owned()
    }
}

/// A value as shown: quoted with debug escapes, or `(absent)`.
fn quoted(v: Option<&str>) -> String {
    match v {
        Some(s) => format!("\"{}\"", s.escape_debug()),
        None => "(absent)".to_owned(),
    }
}

fn text_steps(out: &mut String, steps: &[Step]) -> std::fmt::Result {
    for (n, (first, group)) in groups(steps).enumerate() {
        if n > 0 {
            out.push('\n');
        }
        writeln!(out, "{}", title(&group[0]))?;
        for (i, step) in group.iter().enumerate() {
            text_step(out, first + i, step)?;
        }
    }
    Ok(())
}

fn text_step(out: &mut String, n: usize, step: &Step) -> std::fmt::Result {
    write!(out, "  #{n} {}  {}", step.id, step.id.citation())?;
    if let Some(mode) = step.mode {
        write!(out, "  [{mode} only]")?;
    }
    if step.failed {
        out.push_str("  FAILED");
    }
    out.push('\n');
    let indent = "      ";
    let before_after = format!(
        "{} → {}",
        quoted(step.before.as_deref()),
        quoted(step.after.as_deref())
    );
    match (step.component, step.changes) {
        (Some(c), true) => write!(out, "{indent}{c}: {before_after}")?,
        (None, true) => write!(out, "{indent}{before_after}")?,
        (Some(c), false) => write!(out, "{indent}about the {c}")?,
        (None, false) => {}
    }
    if let Some(range) = &step.range {
        let sep = if step.component.is_some() || step.changes {
            "  "
        } else {
            indent
        };
        let of = if step.of_base { "base" } else { "input" };
        write!(out, "{sep}[{of} {}]", bytes(range))?;
    }
    if step.component.is_some() || step.changes || step.range.is_some() {
        out.push('\n');
    }
    if let Some((output, input)) = step.buffers() {
        writeln!(
            out,
            "{indent}output buffer {} | input buffer {}",
            quoted(Some(output)),
            quoted(Some(input))
        )?;
    }
    if let Some(machine) = state_machine(step) {
        writeln!(out, "{indent}{machine}")?;
    }
    match (&step.validation_error, &step.decision) {
        (Some(error), Some(decision)) => {
            writeln!(out, "{indent}validation error {error}: {decision}")?
        }
        (Some(error), None) => writeln!(out, "{indent}validation error {error}")?,
        (None, Some(decision)) => writeln!(out, "{indent}{decision}")?,
        (None, None) => {}
    }
    Ok(())
}

/// What a state machine's step holds (the URL Standard's parser): the
/// pointer and its code point, the buffer, and the path as it stands; or,
/// for the host parser's step (no pointer), the buffer and the host made of
/// it.
fn state_machine(step: &Step) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(pointer) = step.pointer {
        let at = match step.code_point {
            Some(c) => format!("{c:?}"),
            None => "EOF".to_owned(),
        };
        parts.push(format!("pointer {pointer} ({at})"));
    }
    if let Some(buffer) = &step.buffer {
        parts.push(format!("buffer {}", quoted(Some(buffer))));
    }
    if let Some(record) = &step.record {
        parts.push(match (step.pointer, record.segments()) {
            (None, _) => format!("host {}", quoted(record.host())),
            (Some(_), Some(segments)) => format!("path {segments:?}"),
            (Some(_), None) => format!("opaque path {}", quoted(Some(record.path()))),
        });
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn text_report(
    out: &mut String,
    run: &RunInfo<'_>,
    steps: &[Step],
    ending: &Ending,
) -> std::fmt::Result {
    writeln!(out, "Input:    {}", quoted(Some(run.input)))?;
    match run.base {
        Some(base) => writeln!(out, "Base:     {}", quoted(Some(base)))?,
        None => writeln!(out, "Base:     none")?,
    }
    writeln!(out, "Encoding: {}", run.encoding)?;
    writeln!(out, "Mode:     {} (--mode {})", run.engine, run.mode)?;
    out.push('\n');
    text_steps(out, steps)?;
    writeln!(out, "\nResult: {}", ending.line())?;
    for (code, message) in &ending.notes {
        writeln!(out, "Note: {code}: {message}")?;
    }
    Ok(())
}

/// Escapes text for a Markdown table cell: the characters Markdown would
/// read as markup, and `|`, which would end the cell.
fn md_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '#' | '&' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A code span holding `s` inside a table cell: fenced with more backticks
/// than any run in `s`, padded when `s` starts or ends with one, and with
/// `|` escaped (a table splits cells on it even inside code, GFM 4.10).
fn md_code(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    let body = s.replace('|', "\\|");
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// A value as a Markdown cell: the quoted value as code, or *(absent)*.
fn md_value(v: Option<&str>) -> String {
    match v {
        Some(_) => md_code(&quoted(v)),
        None => "*(absent)*".to_owned(),
    }
}

fn markdown_steps(out: &mut String, steps: &[Step]) -> std::fmt::Result {
    for (n, (first, group)) in groups(steps).enumerate() {
        if n > 0 {
            out.push('\n');
        }
        writeln!(out, "## {}\n", md_text(&title(&group[0])))?;
        writeln!(
            out,
            "| # | step | citation | component | before → after | decision |"
        )?;
        writeln!(out, "|---:|---|---|---|---|---|")?;
        for (i, step) in group.iter().enumerate() {
            markdown_row(out, first + i, step)?;
        }
    }
    Ok(())
}

fn markdown_row(out: &mut String, n: usize, step: &Step) -> std::fmt::Result {
    let mut id = md_code(step.id.id());
    if let Some(mode) = step.mode {
        write!(id, " *{mode} only*")?;
    }
    if step.failed {
        id.push_str(" **FAILED**");
    }
    let component = step.component.map_or(String::new(), |c| c.to_string());
    let mut change = if step.changes {
        format!(
            "{} → {}",
            md_value(step.before.as_deref()),
            md_value(step.after.as_deref())
        )
    } else {
        String::new()
    };
    if let Some((output, input)) = step.buffers() {
        write!(
            change,
            "<br>output {} · input {}",
            md_value(Some(output)),
            md_value(Some(input))
        )?;
    }
    let mut decision = step.decision.as_deref().map(md_text).unwrap_or_default();
    if let Some(range) = &step.range {
        let of = if step.of_base { "base" } else { "input" };
        if !decision.is_empty() {
            decision.push(' ');
        }
        write!(decision, "({of} {})", bytes(range))?;
    }
    writeln!(
        out,
        "| {n} | {id} | {} | {component} | {change} | {decision} |",
        md_text(step.id.citation())
    )
}

fn markdown_report(
    out: &mut String,
    run: &RunInfo<'_>,
    steps: &[Step],
    ending: &Ending,
) -> std::fmt::Result {
    writeln!(
        out,
        "# How {} reads {}\n",
        md_text(run.engine),
        md_code(run.input)
    )?;
    writeln!(out, "- input: {}", md_value(Some(run.input)))?;
    match run.base {
        Some(base) => writeln!(out, "- base: {}", md_value(Some(base)))?,
        None => writeln!(out, "- base: none")?,
    }
    writeln!(out, "- encoding: {}", md_text(run.encoding))?;
    writeln!(
        out,
        "- mode: {} ({})\n",
        md_text(run.engine),
        md_code(&format!("--mode {}", run.mode))
    )?;
    markdown_steps(out, steps)?;
    writeln!(out, "\n## Result\n")?;
    match (&ending.canonical, &ending.invalid) {
        (Some(canon), None) => writeln!(out, "Canonical URL: {}", md_code(canon))?,
        _ => writeln!(out, "{}", md_text(&ending.line()))?,
    }
    if !ending.notes.is_empty() {
        writeln!(out, "\n## Notes\n")?;
        for (code, message) in &ending.notes {
            writeln!(out, "- {}: {}", md_code(code), md_text(message))?;
        }
    }
    writeln!(out, "\n## What the steps mean\n")?;
    let mut used: Vec<StepId> = steps.iter().map(|s| s.id).collect();
    used.sort();
    used.dedup();
    for id in used {
        writeln!(
            out,
            "- {} ({}): {}",
            md_code(id.id()),
            md_text(id.citation()),
            md_text(id.explanation())
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{self, Component, Mode, Options, Outcome, Trace};

    /// The outcome and the steps of one run of `input` against `base`.
    fn traced(input: &str, base: &str) -> (Outcome, Vec<Step>) {
        let mut trace = Trace::default();
        let out = engine::run(input, &Options::default().base(base), &mut trace);
        (out, trace.steps)
    }

    /// How a run of the 2012 engine ended (no notes).
    fn ending(out: &Outcome) -> Ending {
        Ending {
            canonical: out.canon.clone().filter(|_| !out.url.invalid),
            invalid: out
                .failure
                .as_ref()
                .map(|f| format!("{} (step {}: {})", f.reason, f.step.id(), f.step.citation())),
            notes: Vec::new(),
        }
    }

    #[test]
    fn text_groups_runs_of_a_stage_and_shows_changes() {
        let steps = [
            Step::change(StepId::ParseScheme, Component::Scheme, None, Some("HT\tTP")).at(0..4),
            Step::new(StepId::ParseComponent)
                .decide("kept")
                .in_mode(Mode::Chrome)
                .fail(),
            Step::new(StepId::Serialize),
        ];
        assert_eq!(
            self::steps(Format::Text, &steps),
            "Parsing\n\
             \x20 #0 parse.scheme  Finding the scheme\n\
             \x20     scheme: (absent) → \"HT\\tTP\"  [input bytes 0–3]\n\
             \x20 #1 parse.component  Parsing  [CHROME only]  FAILED\n\
             \x20     kept\n\
             \n\
             Serialization\n\
             \x20 #2 serialize  Serialization\n"
        );
    }

    fn teaching() -> (Outcome, Vec<Step>) {
        traced("../../a/./b?x#y", "http://example.com/p/q/r")
    }

    #[test]
    fn text_shows_the_buffers_of_each_turn() {
        let (_, steps) = teaching();
        let text = self::steps(Format::Text, &steps);
        let climb = "resolve.dots.c  Remove dot-segments (RFC 3986 5.2.4, step 2C)\n\
             \x20     path: \"/p/q/../../a/./b\" → \"/p/../a/./b\"\n\
             \x20     output buffer \"/p\" | input buffer \"/../a/./b\"\n\
             \x20     \"/../\" becomes \"/\", and \"/q\" leaves the output buffer\n";
        assert!(text.contains(climb), "{text}");
        assert!(text.contains("Parsing (of the base URL)\n"), "{text}");
    }

    #[test]
    fn markdown_has_a_table_per_stage_and_the_result() {
        let (out, steps) = teaching();
        let run = RunInfo {
            input: "../../a/./b?x#y",
            base: Some("http://example.com/p/q/r"),
            encoding: "UTF-8",
            engine: "THIS",
            mode: "this",
        };
        let md = report(Format::Markdown, &run, &steps, &ending(&out));
        let n = steps
            .iter()
            .position(|s| s.id == StepId::DotsRuleC)
            .expect("rule C");
        let row = format!(
            "| {n} | `resolve.dots.c` | Remove dot-segments (RFC 3986 5.2.4, step 2C) | path \
             | `\"/p/q/../../a/./b\"` → `\"/p/../a/./b\"`<br>output `\"/p\"` · input `\"/../a/./b\"` \
             | \"/../\" becomes \"/\", and \"/q\" leaves the output buffer |\n"
        );
        assert!(md.contains(&row), "{md}");
        for heading in [
            "# How THIS reads `../../a/./b?x#y`\n",
            "## Parsing (of the base URL)\n\n| # | step |",
            "## Resolution\n\n| # | step |",
            "## Result\n\nCanonical URL: `http://example.com/a/b?x#y`\n",
            "- `resolve.dots.c` (Remove dot-segments (RFC 3986 5.2.4, step 2C)): ",
        ] {
            assert!(md.contains(heading), "{heading:?} missing from:\n{md}");
        }
        // Every table row has the six cells of its header.
        for line in md.lines().filter(|l| l.starts_with('|')) {
            let cells = line.replace("\\|", "").matches('|').count();
            assert_eq!(cells, 7, "{line}");
        }
    }

    #[test]
    fn markdown_escapes_what_would_break_a_cell() {
        assert_eq!(md_code("a|b"), "`a\\|b`");
        assert_eq!(md_code("`x``"), "``` `x`` ```");
        assert_eq!(md_text("*a*|<b>"), "\\*a\\*\\|\\<b\\>");
        let step = Step::change(
            StepId::CanonQueryEncode,
            Component::Query,
            Some("a|b"),
            Some("`"),
        );
        let md = self::steps(Format::Markdown, &[step]);
        let row = md.lines().last().unwrap_or("");
        assert_eq!(row.replace("\\|", "").matches('|').count(), 7, "{row}");
        assert!(row.contains("`\"a\\|b\"` → ``\"`\"``"), "{row}");
    }

    #[test]
    fn a_failure_is_the_result() {
        let (out, steps) = traced("http://a:99999/", "");
        let run = RunInfo {
            input: "http://a:99999/",
            base: None,
            encoding: "UTF-8",
            engine: "THIS",
            mode: "this",
        };
        let text = report(Format::Text, &run, &steps, &ending(&out));
        assert!(
            text.starts_with("Input:    \"http://a:99999/\"\nBase:     none"),
            "{text}"
        );
        assert!(
            text.ends_with(
                "Result: invalid: the port is larger than 65535 (step canon.port.invalid: Canonicalization, port)\n"
            ),
            "{text}"
        );
        assert_eq!(Format::from_name("MarkDown"), Some(Format::Markdown));
        assert_eq!(Format::from_name("html"), None);
    }
}
