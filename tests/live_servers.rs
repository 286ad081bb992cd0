//! The live server libraries against their committed answers: each of
//! `python-live`, `node-legacy-live`, `urllib3-live`, `php-live`,
//! `ruby-live`, `java-uri-live`, `java-url-live` and `perl-live` is asked
//! every request of `tests/data/servers/requests.jsonl.gz` through
//! [`Resolver::resolve_many`], as `table` and `batch` ask it, and its
//! answer (the canonical string, the refusal, every component) must be the
//! one the committed answer line gives when read the same way.
//!
//! When the installed library is the version that made the committed
//! answers (its runner's `--version` line is the one in `versions.txt`),
//! every answer must be the same: the runner is kept running, requests go
//! in batches and come back in order, and nothing may be lost or shifted.
//! When it is another version, the test prints what changed and passes:
//! that is news about the library (a model to update), not a fault here.
//!
//! Slow tier: it starts the real runtimes (installed by `scripts/setup
//! servers`). Without one the test says so and skips it, unless `CI=true`,
//! where the CI step has installed them and their absence is a failure.

#[path = "support/data_file.rs"]
mod data_file;

use serde_json::Value;
use url_inspector::resolvers::live::servers;
use url_inspector::resolvers::{Answer, Request, Resolver};

fn data(name: &str) -> String {
    data_file::read_text(format!(
        "{}/tests/data/servers/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

/// The committed answers' file and the name `versions.txt` gives the
/// runtime, for a live resolver.
fn files_of(r: Resolver) -> (&'static str, &'static str) {
    match r {
        Resolver::PythonLive => ("answers-python.jsonl.gz", "python"),
        Resolver::NodeLegacyLive => ("answers-node-legacy.jsonl.gz", "node-legacy"),
        Resolver::Urllib3Live => ("answers-urllib3.jsonl.gz", "urllib3"),
        Resolver::PhpLive => ("answers-php.jsonl.gz", "php"),
        Resolver::RubyLive => ("answers-ruby.jsonl.gz", "ruby"),
        Resolver::JavaUriLive | Resolver::JavaUrlLive => ("answers-java.jsonl.gz", "java"),
        Resolver::PerlLive => ("answers-perl.jsonl.gz", "perl"),
        other => panic!("{other} is no live server library"),
    }
}

/// The version line `versions.txt` holds for `name`.
fn committed_version(name: &str) -> String {
    let text = data("versions.txt");
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} line in versions.txt"))
        .to_owned()
}

/// What the test compares of an answer.
fn shape(a: &Answer) -> (bool, Option<String>, Vec<(String, String)>) {
    let components = a
        .components
        .iter()
        .map(|(c, v)| (c.name().to_owned(), v.clone()))
        .collect();
    (
        a.invalid,
        a.canon.clone().filter(|_| !a.invalid),
        components,
    )
}

fn check(resolver: Resolver) {
    let server = resolver.live_server().expect("a live server library");
    let version = match servers::check(&server) {
        Ok(version) => version,
        Err(note) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!(
                "{resolver}: {} (the CI step installs the runtimes)",
                note.message
            )
        }
        Err(note) => {
            eprintln!("SKIPPED {resolver}: {}", note.message);
            return;
        }
    };
    let (answers_file, name) = files_of(resolver);
    let same_version = version == committed_version(name);
    let requests_text = data("requests.jsonl.gz");
    let answers_text = data(answers_file);
    let requests: Vec<(String, Option<String>)> = requests_text
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("a JSON line");
            (
                v["input"].as_str().expect("an input").to_owned(),
                v["base"].as_str().map(str::to_owned),
            )
        })
        .collect();
    let asked: Vec<Request<'_>> = requests
        .iter()
        .map(|(input, base)| Request::new(input).with_base(base.as_deref()))
        .collect();
    let live = Resolver::resolve_many(resolver, &asked);
    assert_eq!(live.len(), requests.len(), "{resolver}: one answer each");
    let mut differ = Vec::new();
    for ((line, (input, base)), got) in answers_text.lines().zip(&requests).zip(&live) {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let v = match server.key {
            Some(key) => v[key].clone(),
            None => v,
        };
        let want = (server.read)(&v);
        if shape(&want) != shape(got) {
            differ.push(format!(
                "{input:?} against {base:?}\n  committed: {:?}\n  live:      {:?}",
                shape(&want),
                shape(got)
            ));
        }
    }
    eprintln!(
        "{resolver}: {} of {} as committed ({version})",
        requests.len() - differ.len(),
        requests.len()
    );
    if same_version {
        assert!(
            differ.is_empty(),
            "{resolver}: the committed version answers otherwise on {} requests:\n{}",
            differ.len(),
            differ
                .iter()
                .take(10)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    } else {
        eprintln!(
            "{resolver}: another version than committed ({}); {} answers differ:",
            committed_version(name),
            differ.len()
        );
        for d in differ.iter().take(20) {
            eprintln!("{d}");
        }
    }
}

#[test]
#[ignore = "slow: starts every server runtime and asks it 152,820 requests"]
fn every_live_library_gives_the_committed_answers() {
    for r in Resolver::LIVE {
        if r.live_server().is_some() {
            check(r);
        }
    }
}

/// A live library's answers come back in order however they are asked:
/// one at a time, or many at once.
#[test]
#[ignore = "slow: starts the python3 runner"]
fn one_at_a_time_and_many_at_once_agree() {
    let inputs = [
        "http://good.com\\@evil.com/",
        "http://[::1/",
        "../x",
        "http://h:99999/",
    ];
    let asked: Vec<Request<'_>> = inputs
        .iter()
        .map(|i| Request::new(i).with_base(Some("http://b/a/c")))
        .collect();
    let many = Resolver::PythonLive.resolve_many(&asked);
    for (r, m) in asked.iter().zip(&many) {
        assert_eq!(shape(&Resolver::PythonLive.resolve(r)), shape(m), "{r:?}");
    }
}
