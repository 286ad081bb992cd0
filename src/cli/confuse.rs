//! `url-inspector confuse`: the URLs that pass an application's check with
//! one parser and reach a target host through the parser it fetches with
//! (see [`crate::confuse`]).
//!
//! Prints the results folded (one per family and pair of parting steps),
//! shortest first, each with the pair's sentence and the step where each
//! parser took its host; `--all` prints every result. `--json` prints JSON
//! Lines, one result per line, each with `"input"` and `"base"` as a
//! `batch` request has them, so the output opens in the Batch view as it
//! is; `--report` prints the defenders' Markdown report. Exits 0 when
//! something gets through, 1 when nothing does, 2 on a usage error.

use std::io::{self, Write};

use clap::Args;

use super::complain;
use crate::confuse::{self, Budget, Cause, Finding, Outcome, Question, confirm, fold, report};
use crate::engine::hidden;
use crate::resolvers::Resolver;
use crate::resolvers::pair::Stack;

/// The arguments of `confuse`.
#[derive(Debug, Args)]
pub struct ConfuseArgs {
    /// The parser the application checks the URL with.
    #[arg(long, value_name = "RESOLVER", requires = "fetch", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub check: Option<Resolver>,
    /// The parser the application fetches the URL with.
    #[arg(long, value_name = "RESOLVER", requires = "check", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub fetch: Option<Resolver>,
    /// A known stack's pair, by name (see `--help`).
    #[arg(long, value_name = "STACK", conflicts_with_all = ["check", "fetch"],
          ignore_case = true, value_parser = super::stack_parser(), long_help = super::stack_help())]
    pub stack: Option<Stack>,
    /// The host the application's allow-list allows.
    #[arg(long, value_name = "HOST")]
    pub allowed: String,
    /// The host the fetch should not reach: a name (its subdomains count),
    /// an IPv4 or an IPv6 address (every spelling of it counts).
    #[arg(long, value_name = "HOST")]
    pub target: String,
    /// The check on the checking parser's answer: equals (its host is
    /// HOST), suffix (HOST or a subdomain), prefix (its URL starts with
    /// http://HOST or https://HOST) or regex:RE (on its URL).
    #[arg(long, value_name = "RULE", default_value = "equals")]
    pub rule: String,
    /// The base URL that relative references are resolved against (relative
    /// families are tried only with one).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The budget: seconds (3s, the default) or a number of candidates
    /// (20000: the same results on every machine).
    #[arg(long, value_name = "BUDGET", default_value = "3s")]
    pub max: String,
    /// The search's seed: one seed, one sequence of candidates.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Ask the real libraries installed here to confirm each result; what
    /// they do not confirm is listed as the models' miss.
    #[arg(long)]
    pub live: bool,
    /// Every result, not one per family and parting steps.
    #[arg(long)]
    pub all: bool,
    /// JSON Lines: one result per line (opens in the Batch view as it is).
    #[arg(long, conflicts_with = "report")]
    pub json: bool,
    /// The defenders' Markdown report.
    #[arg(long)]
    pub report: bool,
}

impl ConfuseArgs {
    /// The question the arguments ask, or what is wrong with them.
    pub fn question(&self) -> Result<Question, String> {
        let pair = super::pair_of(self.stack, self.check, self.fetch).ok_or_else(|| {
            format!(
                "give the pair: --check RESOLVER --fetch RESOLVER, or --stack NAME ({})",
                Stack::names()
            )
        })?;
        Question::from_text(
            pair,
            &self.rule,
            &self.allowed,
            &self.target,
            self.base.as_deref(),
            Budget::parse(&self.max)?,
            self.seed,
        )
    }
}

/// Runs `confuse`; returns the exit code.
pub fn run(args: &ConfuseArgs) -> i32 {
    let question = match args.question() {
        Ok(q) => q,
        Err(e) => {
            complain(&format!("confuse: {e}"));
            return 2;
        }
    };
    let mut outcome = confuse::find(&question);
    if args.live {
        confirm::with_real_ones(&question, &mut outcome);
    }
    let shown = if args.all {
        let mut all = outcome.findings.clone();
        fold::sort(&mut all);
        all
    } else {
        fold::fold(outcome.findings.clone())
    };
    let text = if args.report {
        report::markdown(&question, &outcome, &shown)
    } else if args.json {
        json_lines(&shown)
    } else {
        table(&question, &outcome, &shown)
    };
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return 0;
    }
    if args.json {
        eprintln!("{}", summary(&question, &outcome, shown.len()));
    }
    if outcome.findings.is_empty() { 1 } else { 0 }
}

fn json_lines(findings: &[Finding]) -> String {
    let mut out = String::new();
    for f in findings {
        if let Ok(line) = serde_json::to_string(f) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// The run in a line: how many got through of how many tried.
pub fn summary(q: &Question, o: &Outcome, kinds: usize) -> String {
    let head = format!(
        "{} → {} under {} for {} → {}",
        q.pair.check.name(),
        q.pair.fetch.name(),
        q.rule.name(),
        q.allowed,
        q.target.text
    );
    let tried = format!(
        "{} candidates tried ({} from the families, {} by the search, seed {}) in {:.1} s",
        o.tried,
        o.tried - o.searched,
        o.searched,
        q.seed,
        o.elapsed.as_secs_f64()
    );
    let mut misses = if o.misses.is_empty() {
        String::new()
    } else {
        format!(
            "; {} more that the real libraries do not confirm",
            o.misses.len()
        )
    };
    if o.not_kept > 0 {
        misses.push_str(&format!(
            "; {} more got through, counted but not kept",
            o.not_kept
        ));
    }
    if o.findings.is_empty() {
        format!("{head}: nothing gets through; {tried}{misses}")
    } else {
        format!(
            "{head}: {} URL{} get{} through ({kinds} shown); {tried}{misses}",
            o.findings.len(),
            if o.findings.len() == 1 { "" } else { "s" },
            if o.findings.len() == 1 { "s" } else { "" },
        )
    }
}

fn table(q: &Question, o: &Outcome, shown: &[Finding]) -> String {
    use std::fmt::Write as _;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} checks ({}), {} fetches; target {}.",
        q.pair.check.phrase(),
        q.rule.describe(&q.allowed),
        q.pair.fetch.phrase(),
        q.target.text
    );
    let _ = writeln!(t, "{}\n", summary(q, o, shown.len()));
    let width = shown.len().to_string().len();
    for (i, f) in shown.iter().enumerate() {
        let more = if f.others > 0 {
            format!("  (+{} like it)", f.others)
        } else {
            String::new()
        };
        let base = f
            .base
            .as_deref()
            .map(|b| format!("  against {}", hidden::escape(b)))
            .unwrap_or_default();
        let _ = writeln!(t, "{:>width$}  {}{base}", i + 1, hidden::escape(&f.input));
        let cause = match f.cause {
            Cause::Confusion => "",
            Cause::Rule => " (one host: the rule itself lets it through)",
        };
        let pad = " ".repeat(width + 2);
        let _ = writeln!(t, "{pad}{}{more}{cause}: {}", f.family, f.sentence);
        for p in &f.parting {
            let _ = writeln!(
                t,
                "{pad}  {} step {} {}: {}",
                p.resolver.name(),
                p.number,
                p.step,
                p.explanation
            );
        }
        for r in confuse::untraced_sides(q, f) {
            let _ = writeln!(
                t,
                "{pad}  {} is the real library itself: no steps to show",
                r.name()
            );
        }
        if let Some(m) = &f.mutation {
            let _ = writeln!(t, "{pad}  found by the search: {m}");
        }
    }
    if !o.misses.is_empty() {
        let _ = writeln!(
            t,
            "\nThe models' misses (the real libraries do not confirm these):"
        );
        for f in &o.misses {
            let _ = writeln!(t, "  {}", confirm::miss_sentence(f));
        }
    }
    t
}
