//! Checks of the trace over the whole suite, in every mode: traced and
//! untraced runs agree; every component's steps chain (each step's "before"
//! is the previous step's "after") and end at the result; parse steps' ranges
//! slice the preprocessed input exactly; the turns of remove dot-segments
//! carry their buffers; the URL folded forward from the steps
//! (`Trace::url_after`) ends at the canonical URL; and every step id of the
//! engine's stages is used by some case, so the table cannot rot.

use std::collections::{BTreeMap, BTreeSet};

use url_inspector::engine::preprocess::preprocess;
use url_inspector::engine::{
    Component, Mode, NoTrace, Options, Outcome, QueryEncoding, Stage, Step, StepId, Trace, Until,
    run,
};

use crate::{dat, files, suite_dir};

/// Every (input, base, encoding) of the suite's canonicalization files.
fn cases() -> Option<Vec<(String, Option<String>, QueryEncoding)>> {
    let dir = suite_dir()?;
    let mut out = Vec::new();
    for file in files(&dir) {
        let text = std::fs::read_to_string(dir.join(&file)).ok()?;
        for rec in dat::parse(&text) {
            let input = rec.get("data").unwrap_or("").to_owned();
            let base = rec.get("base").filter(|b| !b.is_empty()).map(str::to_owned);
            let enc = rec
                .get("charset")
                .map_or(QueryEncoding::UTF8, QueryEncoding::from_label);
            out.push((input, base, enc));
        }
    }
    Some(out)
}

/// Inputs of our own, checked like the suite's cases, for steps that whole
/// URLs reach but no case of the suite does.
const EXTRA_CASES: &[(&str, &str)] = &[
    (
        "file:../x",
        "resolve.dots.a: a file path merged with itself starts with '../'",
    ),
    ("file:..", "resolve.dots.d: the path is only '..'"),
];

/// Checks that the changes of `steps` chain per component from "absent", and
/// returns the last value of each component.
fn chain<'a>(
    steps: impl Iterator<Item = &'a Step>,
    what: &str,
) -> BTreeMap<Component, Option<String>> {
    let mut now: BTreeMap<Component, Option<String>> = BTreeMap::new();
    for step in steps.filter(|s| s.changes) {
        let c = step
            .component
            .unwrap_or_else(|| panic!("{what}: change step {:?} names no component", step.id));
        let current = now.get(&c).cloned().flatten();
        assert_eq!(
            step.before,
            current,
            "{what}: step {} ({c}) starts from {:?}, but the value was {:?}",
            step.id.id(),
            step.before,
            current
        );
        now.insert(c, step.after.clone());
    }
    now
}

fn check_case(
    input: &str,
    base: Option<&str>,
    enc: QueryEncoding,
    mode: Mode,
    used: &mut BTreeSet<StepId>,
) {
    let what = format!("{input:?} against {base:?} [{mode}]");
    for until in [Until::Parse, Until::Canonicalize] {
        let options = Options::default().mode(mode).encoding(enc).until(until);
        let options = options.base(base.unwrap_or_default());
        let plain: Outcome = run(input, &options, &mut NoTrace);
        let mut trace = Trace::default();
        let traced = run(input, &options, &mut trace);
        assert_eq!(plain, traced, "{what}: traced and untraced runs differ");
        used.extend(trace.steps.iter().map(|s| s.id));

        // The chains: the base's own parse, then the input's whole run.
        chain(trace.steps.iter().filter(|s| s.of_base), &what);
        let last = chain(trace.steps.iter().filter(|s| !s.of_base), &what);
        if !traced.url.invalid {
            for c in Component::ALL {
                let result = traced.url.get(c).map(str::to_owned);
                assert_eq!(
                    last.get(&c).cloned().flatten(),
                    result,
                    "{what}: the last step on {c} does not give the result"
                );
            }
        }

        // The turns of remove dot-segments: `after` is the output buffer
        // then the input buffer, and only those steps say so.
        for step in &trace.steps {
            let dots = step.id.id().starts_with("resolve.dots") && step.id != StepId::DotsBackslash;
            assert_eq!(
                step.buffers().is_some(),
                dots,
                "{what}: step {} and its buffers",
                step.id.id()
            );
        }
        // The URL after the last step is the result.
        if let Some(last) = trace.steps.len().checked_sub(1) {
            let url = trace.url_after(last).expect("the last step is in range");
            if until == Until::Canonicalize && traced.url.invalid {
                assert!(url.failed, "{what}: invalid, but no step failed");
            }
            if until == Until::Canonicalize && !traced.url.invalid {
                assert_eq!(
                    Some(url.serialization()),
                    traced.canon,
                    "{what}: the URL after the last step is not the canonical URL"
                );
            }
        }

        // Ranges slice the preprocessed input (of the input or the base).
        let pre_input = preprocess(input, &mut NoTrace);
        let pre_base = preprocess(base.unwrap_or(""), &mut NoTrace);
        for step in &trace.steps {
            let Some(range) = &step.range else { continue };
            let text: &str = if step.of_base { &pre_base } else { &pre_input };
            let slice = text.get(range.clone()).unwrap_or_else(|| {
                panic!(
                    "{what}: range {range:?} of {} is not in the input",
                    step.id.id()
                )
            });
            if step.changes {
                assert_eq!(
                    Some(slice),
                    step.after.as_deref(),
                    "{what}: range of {} is not its value",
                    step.id.id()
                );
            }
        }
        if let Some(r) = traced.failure.as_ref().and_then(|f| f.range.as_ref()) {
            assert!(
                pre_input.get(r.clone()).is_some(),
                "{what}: the failure's range {r:?} is outside the input"
            );
        }
    }
}

#[test]
fn trace_is_exact_over_the_suite() {
    let Some(cases) = cases() else { return };
    let mut used = BTreeSet::new();
    for (input, base, enc) in &cases {
        for mode in Mode::ALL {
            check_case(input, base.as_deref(), *enc, mode, &mut used);
        }
    }
    for (input, _why) in EXTRA_CASES {
        for mode in Mode::ALL {
            check_case(input, None, QueryEncoding::UTF8, mode, &mut used);
        }
    }
    // Only the 2012 engine's steps: the table also holds the steps of the
    // resolvers that record on the same tracer (OPC, RFC 3986, the URL
    // Standard engine, the browser models, the server-side libraries'
    // models), which are no part of the 2012 algorithm, so no case of its
    // suite can reach them. Their own tests reach their steps
    // (tests/url_standard.rs for the URL Standard's, tests/browsers.rs for
    // the departures, each model's unit tests for the libraries').
    let unused: Vec<&str> = StepId::ALL
        .iter()
        .filter(|id| {
            matches!(
                id.stage(),
                Stage::Preprocess
                    | Stage::Parse
                    | Stage::Resolve
                    | Stage::Canonicalize
                    | Stage::Host
                    | Stage::Serialize
            )
        })
        .filter(|id| !used.contains(id) && !UNREACHABLE.iter().any(|(u, _)| u == *id))
        .map(|id| id.id())
        .collect();
    assert!(
        unused.is_empty(),
        "step ids no case of the suite uses: {unused:?}"
    );
    let reached: Vec<&str> = UNREACHABLE
        .iter()
        .filter(|(id, _)| used.contains(id))
        .map(|(id, _)| id.id())
        .collect();
    assert!(
        reached.is_empty(),
        "step ids listed as unreachable that the suite reaches: {reached:?}"
    );
}

/// Step ids no URL of the suite can reach, each with the reason; each is
/// tested on its own beside the code.
const UNREACHABLE: &[(StepId, &str)] = &[
    (
        StepId::HostRemoveTabs,
        "preprocessing drops tabs and newlines from the whole URL before the host is read",
    ),
    (
        StepId::DotsRest,
        "only a path whose turns would hold over a MiB of text ends in it; the suite's paths \
         are short (tested in src/engine/spec2012/resolve/dot_steps.rs)",
    ),
];
