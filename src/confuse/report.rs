//! The defenders' report: a short Markdown page on one pair and rule, with
//! each family that gets through (one example and where the parsers part)
//! and each family that was tried and held.

use std::fmt::Write;

use super::confirm::Side;
use super::{Cause, Finding, Outcome, Question, families};

/// The report on `outcome` (its findings folded).
pub fn markdown(q: &Question, outcome: &Outcome, folded: &[Finding]) -> String {
    let mut md = String::new();
    let (check, fetch) = (q.pair.check, q.pair.fetch);
    let _ = writeln!(
        md,
        "# Which URLs get through {} → {}\n",
        check.name(),
        fetch.name()
    );
    let _ = writeln!(
        md,
        "The application checks each URL with **{}** and allows it when {}; it fetches it with **{}**. \
         Target: **{}**.{}\n",
        check.phrase(),
        q.rule.describe(&q.allowed),
        fetch.phrase(),
        q.target.text,
        q.base
            .as_deref()
            .map(|b| format!(" Base: `{b}`."))
            .unwrap_or_default(),
    );
    let confusions = folded
        .iter()
        .filter(|f| f.cause == Cause::Confusion)
        .count();
    let _ = writeln!(
        md,
        "{} candidates tried ({} from the families, {} by the search) in {:.1} s: {} URL{} got through \
         ({} kinds; {} where the two parsers name different hosts).\n",
        outcome.tried,
        outcome.tried - outcome.searched,
        outcome.searched,
        outcome.elapsed.as_secs_f64(),
        outcome.findings.len(),
        if outcome.findings.len() == 1 { "" } else { "s" },
        folded.len(),
        confusions,
    );
    if folded.is_empty() {
        let _ = writeln!(md, "Nothing got through.\n");
    } else {
        let _ = writeln!(md, "## What gets through\n");
        for f in folded {
            write_finding(&mut md, f);
        }
    }
    let held: Vec<_> = outcome
        .families
        .iter()
        .filter(|t| t.tried > 0 && t.through == 0)
        .collect();
    if !held.is_empty() {
        let _ = writeln!(md, "## Tried and held\n");
        for t in held {
            let idea = families::family(t.family).map_or("", |f| f.idea);
            let _ = writeln!(md, "- **{}** ({} tried): {idea}", t.family, t.tried);
        }
        md.push('\n');
    }
    if !outcome.misses.is_empty() {
        let _ = writeln!(md, "## The models' misses (not findings)\n");
        for f in &outcome.misses {
            let _ = writeln!(
                md,
                "- `{}`: {}",
                f.input.escape_debug(),
                super::confirm::miss_sentence(f)
            );
        }
    }
    md
}

fn write_finding(md: &mut String, f: &Finding) {
    let _ = writeln!(
        md,
        "### {} ({}{})\n\n`{}`{}\n",
        f.family,
        match f.cause {
            Cause::Confusion => "the parsers disagree",
            Cause::Rule => "the rule itself lets it through",
        },
        if f.others > 0 {
            format!("; {} more like it", f.others)
        } else {
            String::new()
        },
        f.input.escape_debug(),
        f.base
            .as_deref()
            .map(|b| format!(" against `{b}`"))
            .unwrap_or_default(),
    );
    let _ = writeln!(md, "{}.\n", f.sentence);
    for p in &f.parting {
        let _ = writeln!(
            md,
            "- {}: step {} `{}` ({}): {}",
            p.resolver.name(),
            p.number,
            p.step,
            p.citation,
            p.explanation
        );
    }
    if let Some(proof) = &f.proof {
        let side = |s: &Side| match s {
            Side::Itself => "the real library itself".to_owned(),
            Side::Confirmed { resolver } => format!("confirmed by {}", resolver.name()),
            Side::Refuted { resolver, .. } => format!("refuted by {}", resolver.name()),
            Side::Unavailable { resolver, .. } => format!("{} not available", resolver.name()),
            Side::NoneToAsk => "no real library to ask".to_owned(),
        };
        let _ = writeln!(
            md,
            "- real libraries: check {}; fetch {}",
            side(&proof.check),
            side(&proof.fetch)
        );
    }
    md.push('\n');
}
