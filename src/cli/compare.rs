//! `url-inspector compare INPUT`: one input under every resolver, side by side.
//!
//! Prints an aligned table: the resolver, its canonical string (or why it is
//! invalid), and the components that differ from THIS; then the notes the
//! resolvers gave (validation errors, rules that fail), with a line on the
//! URL's site by the URL Standard's answer (HTML's obtain a site; same
//! origin and same site as the base). `--json` prints one object keyed by
//! resolver name, each value the answer `batch` gives for that resolver as
//! its `"mode"`, and a `"site"` key beside them (`null` when the URL
//! Standard finds no URL).

use std::io::{self, ErrorKind, Write};

use clap::Args;
use unicode_width::UnicodeWidthStr;

use super::{complain, encoding_option};
use crate::engine::Component;
use crate::engine::url_standard::site::{PSL_LIST, SiteFacts};
use crate::resolvers::comparison::{
    Comparison, ComparisonJson, compare_among, hosts_of, standard_site,
};
use crate::resolvers::hosts;
use crate::resolvers::json::{Response, SiteJson};
use crate::resolvers::pair::{Pair, PairVerdict, Stack};
use crate::resolvers::{NoteCode, Resolver, agreement, live, rust_url};

/// The arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The URL or relative reference to compare (put `--` before one that starts with '-').
    #[arg(value_name = "INPUT")]
    pub input: String,
    /// The base URL (for `opc`: the source part's name, or a URI whose path is taken).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The encoding of the query, a WHATWG label such as shift_jis (default: utf-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Print one JSON object keyed by resolver name, each value the `batch` answer.
    #[arg(long)]
    pub json: bool,
    /// Also ask the browsers installed here (chromium-live, firefox-live,
    /// webkit-live), each under its model; a difference is marked.
    #[arg(long)]
    pub live: bool,
    /// The parser the application checks the URL with (with --fetch):
    /// compare only the pair, and say whether the URL gets through it.
    #[arg(long, value_name = "RESOLVER", requires = "fetch", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub check: Option<Resolver>,
    /// The parser the application fetches the URL with (with --check).
    #[arg(long, value_name = "RESOLVER", requires = "check", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub fetch: Option<Resolver>,
    /// A known stack's pair, by name (see `--help`).
    #[arg(long, value_name = "STACK", conflicts_with_all = ["check", "fetch"],
          ignore_case = true, value_parser = super::stack_parser(), long_help = super::stack_help())]
    pub stack: Option<Stack>,
    #[command(flatten)]
    pub forms: super::FormArgs,
}

impl CompareArgs {
    /// The pair asked for, by --check and --fetch or by --stack.
    pub fn pair(&self) -> Option<Pair> {
        super::pair_of(self.stack, self.check, self.fetch)
    }
}

/// Runs `compare`; returns the exit code (0 whatever the answers are).
pub fn run(args: &CompareArgs) -> i32 {
    let encoding = encoding_option(args.encoding.as_deref());
    let pair = args.pair();
    let resolvers = match pair {
        Some(pair) => shown_pair(pair, args.live),
        None => shown(args.live),
    };
    let comparison = compare_among(
        &args.input,
        args.base.as_deref(),
        encoding,
        args.forms.options(),
        &resolvers,
    );
    let site = standard_site(&comparison, &args.input, args.base.as_deref(), encoding);
    let verdict = pair.map(|p| {
        let request = crate::resolvers::Request::new(&args.input)
            .with_base(args.base.as_deref())
            .with_encoding(encoding);
        p.judge_request(&request)
    });
    let printed = if args.json {
        let object = ComparisonJson {
            comparison: &comparison,
            hosts: hosts_of(&comparison),
            pair: verdict.as_ref(),
            site: site.as_ref().map(SiteJson::of),
        };
        serde_json::to_string(&object)
            .map_err(io::Error::other)
            .and_then(|line| print(&format!("{line}\n")))
    } else {
        let mut text = table_with_site(&comparison, site.as_ref());
        if let Some(v) = &verdict {
            text.push_str(&pair_lines(v));
        }
        print(&text)
    };
    match printed {
        Ok(()) => 0,
        // Whoever read our output has gone; nothing more to say.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => 0,
        Err(e) => {
            complain(&format!("cannot write to stdout: {e}"));
            1
        }
    }
}

/// The resolvers `compare` runs: [`Resolver::ALL`], and with `live` each
/// browser model's live resolver right after it.
pub fn shown(live: bool) -> Vec<Resolver> {
    Resolver::ALL
        .into_iter()
        .flat_map(|r| {
            let asked = r.counterpart().filter(|c| live && c.is_live());
            std::iter::once(r).chain(asked)
        })
        .collect()
}

/// The resolvers `compare --check C --fetch F` runs: the two (one, when
/// they are the same), each followed by its live resolver with `live`.
pub fn shown_pair(pair: Pair, live: bool) -> Vec<Resolver> {
    let mut two = vec![pair.check];
    if pair.fetch != pair.check {
        two.push(pair.fetch);
    }
    two.into_iter()
        .flat_map(|r| {
            let asked = r.counterpart().filter(|c| live && c.is_live());
            std::iter::once(r).chain(asked)
        })
        .collect()
}

/// The pair's verdict for people: the sentence, then for each side the
/// step where it took its host.
pub fn pair_lines(v: &PairVerdict) -> String {
    let mut out = format!(
        "pair ({}{}): {}\n",
        v.verdict.name(),
        if v.through { ", gets through" } else { "" },
        v.sentence
    );
    if v.parting.is_empty() {
        return out;
    }
    out.push_str("where they part:\n");
    let mut sides = vec![v.check];
    if v.fetch != v.check {
        sides.push(v.fetch);
    }
    let width = sides.iter().map(|r| r.name().width()).max().unwrap_or(0);
    for side in sides {
        let Some(p) = v.parting.iter().find(|p| p.resolver == side) else {
            // libcurl is called, not modelled: it records no steps.
            out.push_str(&format!(
                "  {}  no steps to show: the real library answers, untraced\n",
                pad(side.name(), width)
            ));
            continue;
        };
        let took = match &p.host {
            Some(h) => format!(" → {h}"),
            None => String::new(),
        };
        out.push_str(&format!(
            "  {}  step {} {} ({}): {}{took}\n",
            pad(p.resolver.name(), width),
            p.number,
            p.step,
            p.citation,
            p.explanation
        ));
    }
    out
}

/// The line on the site, e.g. `site: https://example.co.uk, the
/// registrable domain of www.example.co.uk (public suffix co.uk, ICANN
/// section); same origin as the base: no; same site: yes; list: …`.
pub fn site_line(facts: &SiteFacts) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut line = format!("site (URL Standard): {}, {}", facts.site, facts.how());
    if let Some(base) = &facts.base {
        line.push_str(&format!(
            "; same origin as the base: {}; same site: {}",
            yes(base.same_origin),
            yes(base.same_site)
        ));
        if base.schemelessly_same_site && !base.same_site {
            line.push_str(" (schemelessly same site: yes)");
        }
    }
    line.push_str(&format!("; list: {PSL_LIST}\n"));
    line
}

/// The table for people: one row per resolver, then the notes.
pub fn table(comparison: &Comparison) -> String {
    table_with_site(comparison, None)
}

/// [`table`], with the line on the site after the agreement when given.
pub fn table_with_site(comparison: &Comparison, site: Option<&SiteFacts>) -> String {
    let reference = comparison.0.first();
    let rows: Vec<[String; 3]> = comparison
        .0
        .iter()
        .map(|(r, answer)| {
            let diff = match reference {
                Some((first, this)) if r != first => differences(this, answer),
                _ => String::new(),
            };
            [r.name().to_owned(), outcome(answer), diff]
        })
        .collect();
    let header = [
        "resolver".to_owned(),
        "canonical (or why invalid)".to_owned(),
        format!(
            "components that differ from {}",
            reference.map_or("THIS", |(r, _)| r.label())
        ),
    ];
    let widths = [0, 1].map(|i| {
        rows.iter()
            .chain([&header])
            .map(|row| row[i].width())
            .max()
            .unwrap_or(0)
    });
    let mut out = String::new();
    for row in [&header].into_iter().chain(&rows) {
        let line = format!(
            "{}  {}  {}",
            pad(&row[0], widths[0]),
            pad(&row[1], widths[1]),
            row[2]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&summary(comparison));
    let hosts = hosts_of(comparison);
    out.push_str(&format!(
        "hosts ({}): {}\n",
        hosts.verdict.name(),
        hosts::sentence(&hosts)
    ));
    out.push_str(&site.map(site_line).unwrap_or_default());
    out.push_str(&live_check(comparison));
    out.push_str(&rust_url_divergence(comparison));
    let notes = notes(comparison);
    if !notes.is_empty() {
        out.push_str("notes:\n");
        out.push_str(&notes);
    }
    out
}

/// One line saying who agrees with whom, e.g.
/// `agree: this = chrome = whatwg | gecko = ie | rfc3986 | opc (invalid)`.
fn summary(comparison: &Comparison) -> String {
    let canons = comparison
        .0
        .iter()
        .map(|(r, a)| (*r, a.canon.as_deref().filter(|_| !a.invalid)));
    let invalid = |r: &Resolver| comparison.0.iter().any(|(k, a)| k == r && a.invalid);
    let groups: Vec<String> = agreement(canons)
        .iter()
        .map(|group| {
            let names: Vec<&str> = group.iter().map(|r| r.name()).collect();
            let tail = if group.first().is_some_and(invalid) {
                " (invalid)"
            } else {
                ""
            };
            format!("{}{tail}", names.join(" = "))
        })
        .collect();
    format!("\nagree: {}\n", groups.join(" | "))
}

/// For each live resolver shown, whether the browser installed here gives
/// its model's answer; a difference is a browser update the model has not
/// caught (or the model's fault), and says both answers.
fn live_check(comparison: &Comparison) -> String {
    let answer = |r: Resolver| comparison.0.iter().find(|(k, _)| *k == r).map(|(_, a)| a);
    let mut out = String::new();
    for (live, asked) in comparison.0.iter().filter(|(r, _)| r.is_live()) {
        let Some(model) = live.counterpart() else {
            continue;
        };
        let Some(modelled) = answer(model) else {
            continue;
        };
        let lost = asked.notes.iter().any(|n| {
            matches!(
                n.code,
                NoteCode::Live(live::Code::Stopped | live::Code::NotInstalled)
            )
        });
        let canon = |a: &Response| a.canon.clone().filter(|_| !a.invalid);
        let kind = if live.browser().is_some() {
            "browser"
        } else {
            "library"
        };
        let line = if lost {
            format!("{live} not asked: {}", outcome(asked))
        } else if canon(asked) == canon(modelled) {
            format!("{live} = {model}: the installed {kind} answers as the model")
        } else {
            format!(
                "{live} ≠ {model}: the installed {kind} answers {}, the model {} \
                 (an update of the {kind} the model has not caught, or the model's fault)",
                outcome(asked),
                outcome(modelled)
            )
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Where `rust-url` and `whatwg` give different answers, a line saying so
/// with the crate's known divergence that explains it (the `rust-url`
/// answer's `rust-url.diverges` note), or that none of the known ones
/// does; nothing where they agree.
fn rust_url_divergence(comparison: &Comparison) -> String {
    let answer = |r: Resolver| comparison.0.iter().find(|(k, _)| *k == r).map(|(_, a)| a);
    let (Some(standard), Some(crate_answer)) =
        (answer(Resolver::Whatwg), answer(Resolver::RustUrl))
    else {
        return String::new();
    };
    let canon = |a: &Response| a.canon.clone().filter(|_| !a.invalid);
    if canon(standard) == canon(crate_answer) {
        return String::new();
    }
    let diverges = NoteCode::RustUrl(rust_url::Code::Diverges);
    let why = crate_answer
        .notes
        .iter()
        .find(|n| n.code == diverges)
        .map_or("not one of the url crate's known divergences", |n| {
            n.message.as_str()
        });
    format!("rust-url differs from whatwg: {why}\n")
}

/// `text` padded with spaces to `width` columns on a terminal.
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// The canonical string, or why the answer is invalid.
fn outcome(answer: &Response) -> String {
    if !answer.invalid {
        return answer
            .canon
            .clone()
            .unwrap_or_else(|| "(no canonical form)".to_owned());
    }
    let why = match (&answer.failure, answer.notes.first()) {
        (Some(f), _) => f.reason.to_string(),
        (None, Some(note)) => note.message.clone(),
        (None, None) => "no reason given".to_owned(),
    };
    format!("invalid: {why}")
}

/// `component=value` for each component that differs from `this`
/// (`component absent` where `this` has it and `other` does not).
fn differences(this: &Response, other: &Response) -> String {
    Component::ALL
        .into_iter()
        .filter_map(|c| {
            let (a, b) = (this.components.get(c), other.components.get(c));
            (a != b).then(|| match b {
                Some(v) => format!("{c}={}", hosts::quoted(v)),
                None => format!("{c} absent"),
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The notes beyond the reason for invalidity, one line each.
fn notes(comparison: &Comparison) -> String {
    let mut out = String::new();
    for (r, answer) in &comparison.0 {
        // An invalid answer's first note is already in the table.
        let skip = usize::from(answer.invalid && answer.failure.is_none());
        for note in answer.notes.iter().skip(skip) {
            let at = note
                .range
                .as_ref()
                .map(|r| format!(" ({})", crate::engine::report::bytes(r)))
                .unwrap_or_default();
            out.push_str(&format!("  {r}: {} {}{at}\n", note.code, note.message));
        }
    }
    out
}

/// Writes `text` to stdout.
fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::QueryEncoding;
    use crate::resolvers::comparison::compare;

    #[test]
    fn rows_come_in_resolver_order_with_aligned_columns() {
        let c = compare("?", Some("http://foo.example/#bar"), QueryEncoding::UTF8);
        let text = table(&c);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("resolver"), "{text}");
        let rows = 1..=Resolver::ALL.len();
        for (line, r) in lines[rows.clone()].iter().zip(Resolver::ALL) {
            assert!(line.starts_with(r.name()), "{line:?} for {r}");
        }
        let column = lines[0].find("canonical").expect("header has the column");
        for line in &lines[rows] {
            assert_ne!(line.as_bytes()[column], b' ', "{line:?}");
            assert_eq!(line.as_bytes()[column - 1], b' ', "{line:?}");
        }
    }

    #[test]
    fn differences_name_changed_and_absent_components() {
        let c = compare("b", Some("http://a/x"), QueryEncoding::UTF8);
        let (this, opc) = (&c.0[0].1, &c.0[6].1);
        assert_eq!(differences(this, opc), "scheme absent host absent");
        let diff = differences(this, &c.0[4].1);
        assert_eq!(diff, "", "whatwg agrees with THIS on a plain URL");
    }

    #[test]
    fn summary_says_who_agrees_with_whom() {
        let c = compare("?", Some("http://foo.example/#bar"), QueryEncoding::UTF8);
        assert_eq!(
            summary(&c),
            // urllib and urllib3 drop the empty query; libcurl keeps the
            // base's fragment in the path; PHP resolves nothing; Perl keeps
            // the base's fragment (the real libraries' answers); the
            // canonical forms join with urljoin, as urllib does, and surt's
            // key is no URL (the real packages' answers).
            "\nagree: this = chrome = gecko = ie = whatwg = rfc3986 = chromium = firefox = webkit = rust-url = go = node-legacy = ruby = java-uri = java-url | opc (invalid) | python = urllib3 = urlcanon-whatwg = urlcanon-google = urlcanon-semantic = w3lib = safe-browsing | curl | php | perl | surt\n"
        );
    }

    #[test]
    fn the_command_line_answers_what_the_library_does() {
        let input = "HTTP://\u{440}\u{430}\u{443}\u{440}\u{430}l.com:80/a/../b?\u{e9}#f";
        let base = Some("http://h/x/y");
        let enc = QueryEncoding::from_label("latin1");
        let cli = compare(input, base, enc);
        let request = crate::resolvers::Request::new(input)
            .with_base(base)
            .with_encoding(enc);
        let lib = crate::resolvers::resolve_all(&request);
        for ((r, resp), (r2, answer)) in cli.0.iter().zip(&lib) {
            assert_eq!(r, r2);
            assert_eq!(resp.canon, answer.canon, "{r}");
            assert_eq!(resp.invalid, answer.invalid, "{r}");
            assert_eq!(resp.notes, answer.notes, "{r}");
            for c in Component::ALL {
                assert_eq!(resp.components.get(c), answer.get(c), "{r} {c}");
            }
        }
    }

    #[test]
    fn live_rows_follow_their_models() {
        assert_eq!(shown(false), Resolver::ALL);
        let names: Vec<&str> = shown(true).iter().map(|r| r.name()).collect();
        let at = |n: &str| names.iter().position(|&m| m == n).expect(n);
        for model in ["chromium", "firefox", "webkit"] {
            assert_eq!(at(&format!("{model}-live")), at(model) + 1, "{names:?}");
        }
        assert_eq!(names.len(), Resolver::ALL.len() + Resolver::LIVE.len());
    }

    #[test]
    fn json_keys_follow_resolver_order() {
        let c = compare("http://a/", None, QueryEncoding::UTF8);
        let text = serde_json::to_string(&c).expect("serializes");
        let positions: Vec<usize> = Resolver::ALL
            .iter()
            .map(|r| {
                text.find(&format!("\"{}\":{{", r.name()))
                    .expect("key present")
            })
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    }
}
