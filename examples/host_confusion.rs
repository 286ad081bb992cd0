//! Writes the tables of `docs/host-confusion.md`: for each server-side
//! library (the `Libraries` group but the `url` crate, which follows the
//! Standard), on the requests of `tests/data/servers/requests.jsonl.gz`,
//! how its host compares with the URL Standard's (`whatwg`) by the verdict
//! of `resolvers::hosts`, in all and per source and per payload family;
//! the verdict over them all; and for each named stack (`resolvers::pair`)
//! how many requests get through its pair, per source and per family.
//!
//! ```text
//! cargo run --release --example host_confusion
//! ```

use std::collections::BTreeMap;
use std::io::Read;

use serde_json::Value;
use url_inspector::resolvers::hosts::{self, Verdict};
use url_inspector::resolvers::pair::Stack;
use url_inspector::resolvers::{Answer, Request, Resolver};

const LIBRARIES: [Resolver; 10] = [
    Resolver::Python,
    Resolver::Go,
    Resolver::Curl,
    Resolver::NodeLegacy,
    Resolver::Urllib3,
    Resolver::Php,
    Resolver::Ruby,
    Resolver::JavaUri,
    Resolver::JavaUrl,
    Resolver::Perl,
];

/// How a library's host stands to the Standard's on one request.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Same,
    Spelling,
    Different,
    /// The library names a host; the Standard refuses or names none.
    OnlyLibrary,
    /// The Standard names a host; the library refuses or names none.
    OnlyStandard,
    Neither,
}

const KINDS: [(Kind, &str); 6] = [
    (Kind::Same, "same"),
    (Kind::Spelling, "spelled differently"),
    (Kind::Different, "different host"),
    (Kind::OnlyLibrary, "a host where the Standard has none"),
    (Kind::OnlyStandard, "no host where the Standard has one"),
    (Kind::Neither, "neither has a host"),
];

fn main() {
    let path = format!(
        "{}/tests/data/servers/requests.jsonl.gz",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    // per (library, group) the count of each kind; group "all", a source, or a family.
    let mut counts: Counts = BTreeMap::new();
    let mut overall: BTreeMap<&'static str, u64> = BTreeMap::new();
    // per (stack, group) the requests that get through its pair.
    let mut through: BTreeMap<(usize, String), u64> = BTreeMap::new();
    let mut requests = 0u64;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let input = v["input"].as_str().expect("an input");
        let request = Request::new(input).with_base(v["base"].as_str());
        let standard = Resolver::Whatwg.resolve(&request);
        let std_host = host_of(&standard);
        let mut answers = vec![(Resolver::Whatwg, standard.clone())];
        let mut groups = vec!["all".to_owned()];
        groups.push(format!("source {}", v["source"].as_str().unwrap_or("?")));
        if let Some(family) = v["family"].as_str() {
            groups.push(format!("family {family}"));
        }
        for (i, &lib) in LIBRARIES.iter().enumerate() {
            let answer = lib.resolve(&request);
            let kind = match (std_host, host_of(&answer)) {
                (None, None) => Kind::Neither,
                (Some(_), None) => Kind::OnlyStandard,
                (None, Some(_)) => Kind::OnlyLibrary,
                (Some(a), Some(b)) => match hosts::verdict([Some(a), Some(b)]) {
                    Verdict::Agree => Kind::Same,
                    Verdict::Spelling => Kind::Spelling,
                    Verdict::Confusion => Kind::Different,
                },
            };
            for g in &groups {
                *counts
                    .entry((i, g.clone()))
                    .or_default()
                    .entry(kind)
                    .or_default() += 1;
            }
            answers.push((lib, answer));
        }
        let all = hosts::compare(answers.iter().map(|(r, a)| (*r, a)));
        *overall.entry(all.verdict.name()).or_default() += 1;
        let answer_of = |r: Resolver| answers.iter().find(|(k, _)| *k == r).map(|(_, a)| a);
        for (s, stack) in Stack::ALL.iter().enumerate() {
            let p = stack.pair();
            if let (Some(c), Some(f)) = (answer_of(p.check), answer_of(p.fetch))
                && p.verdict(c, f).through
            {
                for g in &groups {
                    *through.entry((s, g.clone())).or_default() += 1;
                }
            }
        }
        requests += 1;
    }
    println!("Requests: {requests} (`tests/data/servers/requests.jsonl.gz`).\n");
    println!("#### Each library against the URL Standard\n");
    print!("| library |");
    for (_, name) in KINDS {
        print!(" {name} |");
    }
    println!(" different % |");
    println!("|---|{}---:|", "---:|".repeat(KINDS.len()));
    for (i, lib) in LIBRARIES.iter().enumerate() {
        let c = &counts[&(i, "all".to_owned())];
        print!("| {} |", lib.label());
        for (kind, _) in KINDS {
            print!(" {} |", c.get(&kind).copied().unwrap_or(0));
        }
        let different = c.get(&Kind::Different).copied().unwrap_or(0);
        println!(" {:.2} |", 100.0 * different as f64 / requests as f64);
    }
    for prefix in ["source ", "family "] {
        let title = if prefix == "source " {
            "By source"
        } else {
            "By payload family (the `ssrf` source)"
        };
        println!("\n#### {title}: different host / spelled differently\n");
        print!("| {} | requests |", prefix.trim());
        for lib in LIBRARIES {
            print!(" {} |", lib.name());
        }
        println!("\n|---|---:|{}", "---:|".repeat(LIBRARIES.len()));
        let names: Vec<String> = counts
            .keys()
            .filter(|(i, g)| *i == 0 && g.starts_with(prefix))
            .map(|(_, g)| g.clone())
            .collect();
        for g in names {
            let total: u64 = counts[&(0, g.clone())].values().sum();
            print!("| {} | {total} |", &g[prefix.len()..]);
            for i in 0..LIBRARIES.len() {
                let c = &counts[&(i, g.clone())];
                let get = |k| c.get(&k).copied().unwrap_or(0);
                print!(" {} / {} |", get(Kind::Different), get(Kind::Spelling));
            }
            println!();
        }
    }
    println!("\n#### The verdict over the URL Standard and every library\n");
    println!("| verdict | requests |");
    println!("|---|---:|");
    for (name, n) in &overall {
        println!("| {name} | {n} |");
    }
    stacks_tables(&through, &counts);
}

/// The named stacks: requests that get through each pair, in all, per
/// source and per family.
fn stacks_tables(through: &BTreeMap<(usize, String), u64>, counts: &Counts) {
    println!("\n#### Requests that get through each stack's pair (check, fetch)\n");
    let groups: Vec<String> = counts
        .keys()
        .filter(|(i, g)| *i == 0 && (g == "all" || g.starts_with("source ")))
        .map(|(_, g)| g.clone())
        .collect();
    print!("| stack | check | fetch |");
    for g in &groups {
        print!(" {} |", g.trim_start_matches("source "));
    }
    println!("\n|---|---|---|{}", "---:|".repeat(groups.len()));
    for (s, stack) in Stack::ALL.iter().enumerate() {
        let p = stack.pair();
        print!(
            "| {} | {} | {} |",
            stack.name(),
            p.check.name(),
            p.fetch.name()
        );
        for g in &groups {
            print!(" {} |", through.get(&(s, g.clone())).copied().unwrap_or(0));
        }
        println!();
    }
    println!("\n#### By payload family: requests that get through each stack's pair\n");
    print!("| family |");
    for stack in Stack::ALL {
        print!(" {} |", stack.name());
    }
    println!("\n|---|{}", "---:|".repeat(Stack::ALL.len()));
    let families: Vec<String> = counts
        .keys()
        .filter(|(i, g)| *i == 0 && g.starts_with("family "))
        .map(|(_, g)| g.clone())
        .collect();
    for g in families {
        print!("| {} |", &g["family ".len()..]);
        for s in 0..Stack::ALL.len() {
            print!(" {} |", through.get(&(s, g.clone())).copied().unwrap_or(0));
        }
        println!();
    }
}

/// Per (library, group) the count of each kind.
type Counts = BTreeMap<(usize, String), BTreeMap<Kind, u64>>;

/// The host an answer names, if valid and not empty.
fn host_of(a: &Answer) -> Option<&str> {
    (!a.invalid)
        .then(|| a.get(url_inspector::engine::Component::Host))
        .flatten()
        .filter(|h| !h.is_empty())
}
