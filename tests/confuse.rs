//! `confuse`: the URLs that pass a check with one parser and reach a target
//! through another. Every result is checked again here from scratch (the
//! two resolvers asked anew, untraced, the rule and the target applied), so
//! a result the search reports wrongly fails; the named stacks must let
//! something through where a payload is known to; a pair of one parser
//! must let no confusion through.

#[path = "support/binary.rs"]
mod binary;

use binary::bin;
use url_inspector::confuse::{self, Budget, Cause, Outcome, Question, Rule, Target, fold};
use url_inspector::engine::Component;
use url_inspector::resolvers::pair::{Pair, Stack};
use url_inspector::resolvers::{Request, Resolver};

/// Enough candidates for every family and a search besides, the same on
/// every machine.
const BUDGET: Budget = Budget::Candidates(12_000);

fn ask(pair: Pair, rule: &str, target: &str, base: Option<&str>) -> (Question, Outcome) {
    let q = Question {
        pair,
        rule: Rule::parse(rule).expect("a rule"),
        allowed: "good.com".into(),
        target: Target::parse(target).expect("a target"),
        base: base.map(str::to_owned),
        budget: BUDGET,
        seed: 1,
    };
    let o = confuse::find(&q);
    (q, o)
}

/// Each result, asked again: the checker passes the rule, the fetcher goes
/// to the target, over the network.
fn assert_proven(q: &Question, o: &Outcome) {
    for f in &o.findings {
        let request = Request::new(&f.input).with_base(f.base.as_deref());
        let check = q.pair.check.resolve(&request);
        let fetch = q.pair.fetch.resolve(&request);
        assert!(
            q.rule.passes(&check, &q.allowed),
            "{:?}: the check does not pass: {check:?}",
            f.input
        );
        assert!(
            confuse::reaches(&fetch, &q.target),
            "{:?}: the fetch does not reach {}: {fetch:?}",
            f.input,
            q.target.text
        );
        assert_eq!(
            fetch.get(Component::Host),
            f.fetch_host.as_deref(),
            "{:?}",
            f.input
        );
        if f.cause == Cause::Confusion {
            assert!(
                !f.parting.is_empty(),
                "{:?}: a confusion says where the parsers part",
                f.input
            );
        }
    }
}

#[test]
fn each_stack_with_a_known_payload_lets_one_through_under_each_rule() {
    // (stack, rule, base): where a confusion lets good.com's check through
    // to 127.0.0.1. PHP with curl, Java and Go have none under these
    // rules: parse_url and libcurl 7.88 take the same host from every
    // candidate but those holding U+0000, which PHP's curl_setopt refuses;
    // java.net.URI and URL agree on every host.
    let cases = [
        (Stack::Python, "equals", None),
        (Stack::Python, "suffix", None),
        (Stack::PythonCurl, "equals", Some("http://good.com/")),
        (Stack::PythonCurl, "suffix", Some("http://good.com/")),
        (Stack::Node, "equals", Some("http://good.com/")),
        (Stack::Node, "suffix", Some("http://good.com/")),
        (Stack::Ruby, "equals", Some("http://good.com/")),
        (Stack::Ruby, "suffix", Some("http://good.com/")),
    ];
    for (stack, rule, base) in cases {
        let (q, o) = ask(stack.pair(), rule, "127.0.0.1", base);
        assert!(
            o.findings.iter().any(|f| f.cause == Cause::Confusion),
            "{} under {rule}: nothing got through in {} candidates",
            stack.name(),
            o.tried
        );
        assert_proven(&q, &o);
    }
    // A naive prefix check, and a naive regular expression, are passed by
    // every stack (userinfo before the target, to begin with).
    for stack in Stack::ALL {
        for rule in ["prefix", r"regex:^https?://[^/]*good\.com"] {
            let (q, o) = ask(stack.pair(), rule, "127.0.0.1", None);
            assert!(!o.findings.is_empty(), "{} under {rule}", stack.name());
            assert_proven(&q, &o);
        }
    }
}

#[test]
fn one_parser_on_both_sides_lets_no_confusion_through() {
    let one = Pair {
        check: Resolver::Whatwg,
        fetch: Resolver::Whatwg,
    };
    for rule in [
        "equals",
        "suffix",
        "prefix",
        r"regex:^https?://good\.com(/|$)",
    ] {
        let (q, o) = ask(one, rule, "127.0.0.1", Some("http://good.com/a"));
        assert!(
            o.findings.iter().all(|f| f.cause == Cause::Rule),
            "{rule}: {:?}",
            o.findings.first()
        );
        if rule == "equals" || rule == "suffix" || rule.starts_with("regex") {
            assert!(o.findings.is_empty(), "{rule}: {:?}", o.findings.first());
        }
        assert_proven(&q, &o);
        assert!(o.tried >= 3000, "{rule}: only {} tried", o.tried);
    }
}

#[test]
fn the_python_example_is_found_with_its_parting_steps() {
    let (q, o) = ask(Stack::Python.pair(), "equals", "evil.com", None);
    assert_proven(&q, &o);
    let f = o
        .findings
        .iter()
        .find(|f| f.input == "http://evil.com\\@good.com/")
        .expect("the backslash-at payload gets through urllib and urllib3");
    assert_eq!(f.family, "backslash-at");
    assert_eq!(f.check_host.as_deref(), Some("good.com"));
    assert_eq!(f.fetch_host.as_deref(), Some("evil.com"));
    let sides: Vec<Resolver> = f.parting.iter().map(|p| p.resolver).collect();
    assert_eq!(sides, [Resolver::Python, Resolver::Urllib3]);
}

#[test]
fn one_seed_gives_the_same_results_and_another_searches_elsewhere() {
    let inputs = |seed| {
        let mut q = ask(Stack::Python.pair(), "suffix", "127.0.0.1", None).0;
        q.seed = seed;
        let mut found: Vec<String> = confuse::find(&q)
            .findings
            .into_iter()
            .map(|f| f.input)
            .collect();
        found.sort();
        found
    };
    assert_eq!(inputs(7), inputs(7));
    assert_ne!(
        inputs(7),
        inputs(8),
        "the search should differ with the seed"
    );
}

#[test]
fn folding_keeps_one_per_family_and_parting_and_counts_the_rest() {
    let (_, o) = ask(Stack::Python.pair(), "suffix", "127.0.0.1", None);
    let folded = fold::fold(o.findings.clone());
    assert!(
        folded.len() < o.findings.len(),
        "nothing folded of {}",
        o.findings.len()
    );
    assert_eq!(
        folded.iter().map(|f| 1 + f.others).sum::<usize>(),
        o.findings.len()
    );
    for w in folded.windows(2) {
        let same = |f: &confuse::Finding| {
            (
                f.family,
                f.parting.iter().map(|p| p.step).collect::<Vec<_>>(),
            )
        };
        assert_ne!(same(&w[0]), same(&w[1]));
    }
    // Shortest first.
    let lengths: Vec<usize> = folded.iter().map(|f| f.input.chars().count()).collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
}

#[test]
fn the_command_exits_by_what_it_found_and_names_bad_arguments() {
    let run = |args: &[&str]| {
        let out = bin()
            .arg("confuse")
            .args(args)
            .output()
            .expect("the binary runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, _) = run(&[
        "--stack",
        "python",
        "--allowed",
        "good.com",
        "--target",
        "evil.com",
        "--max",
        "4000",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("http://evil.com\\@good.com/"), "{out}");
    assert!(
        out.contains("python step") && out.contains("urllib3 step"),
        "{out}"
    );

    let (code, out, err) = run(&[
        "--check",
        "whatwg",
        "--fetch",
        "whatwg",
        "--allowed",
        "good.com",
        "--target",
        "127.0.0.1",
        "--max",
        "4000",
    ]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.contains("nothing gets through; 4000 candidates tried"),
        "{out}"
    );

    let (code, out, _) = run(&[
        "--stack",
        "python",
        "--allowed",
        "good.com",
        "--target",
        "127.0.0.1",
        "--max",
        "4000",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON Lines");
        assert!(
            v["input"].is_string() && v.get("base").is_some(),
            "a batch request's keys: {line}"
        );
        assert!(v["parting"].is_array() && v["family"].is_string(), "{line}");
    }

    let (code, out, _) = run(&[
        "--stack",
        "java",
        "--allowed",
        "good.com",
        "--target",
        "127.0.0.1",
        "--max",
        "4000",
        "--report",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("# Which URLs get through java-uri → java-url"),
        "{out}"
    );
    assert!(
        out.contains("## Tried and held") && out.contains("- **backslash-at**"),
        "{out}"
    );

    for (args, says) in [
        (
            &[
                "--stack",
                "php",
                "--allowed",
                "good.com",
                "--target",
                "x",
                "--rule",
                "contains",
            ][..],
            "no rule \"contains\"",
        ),
        (
            &[
                "--stack",
                "php",
                "--allowed",
                "good.com",
                "--target",
                "evil.com/x",
            ][..],
            "not a host",
        ),
        (
            &[
                "--stack",
                "php",
                "--allowed",
                "good.com",
                "--target",
                "x",
                "--max",
                "soon",
            ][..],
            "--max \"soon\"",
        ),
        (
            &["--allowed", "good.com", "--target", "x"][..],
            "give the pair",
        ),
        (
            &[
                "--check",
                "python-live",
                "--fetch",
                "curl",
                "--allowed",
                "good.com",
                "--target",
                "x",
            ][..],
            "give the models",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
#[ignore = "slow: asks every installed real library about every result of every named stack"]
fn the_real_libraries_confirm_every_result() {
    for stack in Stack::ALL {
        for (rule, base) in [
            ("equals", None),
            ("suffix", None),
            ("equals", Some("http://good.com/")),
        ] {
            let (q, mut o) = ask(stack.pair(), rule, "127.0.0.1", base);
            let found = o.findings.len();
            confuse::confirm::with_real_ones(&q, &mut o);
            assert!(
                o.misses.is_empty(),
                "{} under {rule}: the real libraries refute {} of {found}: {}",
                stack.name(),
                o.misses.len(),
                confuse::confirm::miss_sentence(&o.misses[0])
            );
            for f in &o.findings {
                let proof = f.proof.as_ref().expect("asked");
                for side in [&proof.check, &proof.fetch] {
                    assert!(
                        !matches!(side, confuse::confirm::Side::Unavailable { .. }),
                        "{}: a real library is not installed ({side:?}): run scripts/setup servers",
                        stack.name()
                    );
                }
            }
        }
    }
}
