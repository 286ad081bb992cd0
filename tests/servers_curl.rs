//! The `curl` resolver against the committed libcurl answers of
//! `tests/data/servers/`: every one of the 152,820 requests of
//! `requests.jsonl.gz` is asked of the libcurl loaded here, and what it
//! gives is written the way `scripts/servers/curl-runner.c` wrote
//! `answers-curl.jsonl.gz` (the same keys, `null` for a missing part,
//! `{"bytes":"<hex>"}` for a string that is not UTF-8, `base_error`,
//! `nul`), then compared with the committed line as JSON values: exact.
//! The resolver's [`Answer`] is checked against the same line: valid or
//! not, `canon` and the components as the module documents them, and the
//! notes that say what has no component (error, base error, U+0000, zone
//! id, options, bytes that are not UTF-8, the version).
//!
//! When the loaded libcurl is the version that made the committed answers
//! (`versions.txt`: the upstream version libcurl reports, and the Debian
//! package's, as `dpkg-query` tells it), every answer must match, but for
//! the cases listed, with a reason each, in `known-failures-curl.txt`; a
//! listed case that passes fails the test too. Another version: the test
//! prints what changed and passes, as that is news about libcurl, not a
//! fault here.
//!
//! Without libcurl (`libcurl.so.4`, Debian's `libcurl4`, which
//! `scripts/setup` installs), the tests say so loudly and check nothing,
//! unless `CI=true`, where that is a failure.

#![cfg(feature = "resolvers")]

use std::collections::BTreeMap;
use std::process::Command;

#[path = "support/data_file.rs"]
mod data_file;
#[path = "support/known_failures.rs"]
mod known_failures;

use serde_json::{Map, Value, json};
use url_inspector::engine::Component;
use url_inspector::resolvers::curl::{self, Code, Error, Parsed};
use url_inspector::resolvers::{Answer, NoteCode, Request, Resolver};

fn read(name: &str) -> String {
    data_file::read_text(format!(
        "{}/tests/data/servers/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

fn json_lines(name: &str) -> Vec<Value> {
    read(name)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The loaded libcurl's version, or `None` after saying loudly why there
/// is none (a failure under CI).
fn loaded() -> Option<&'static str> {
    match curl::version() {
        Ok(version) => Some(version),
        Err(why) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("libcurl cannot be loaded: {why} (scripts/setup installs libcurl4)")
        }
        Err(why) => {
            eprintln!(
                "\n*** SKIPPED: libcurl cannot be loaded: {why}\n*** install Debian's libcurl4 \
                 (scripts/setup does); nothing of the curl resolver was checked\n"
            );
            None
        }
    }
}

/// The versions that made the committed answers, from `versions.txt`'s
/// line `curl: libcurl 7.88.1 (...); Debian package libcurl4 7.88.1-10+deb12u15`:
/// the upstream version and the Debian package's.
fn committed_versions() -> (String, String) {
    let versions = read("versions.txt");
    let line = versions
        .lines()
        .find_map(|l| l.strip_prefix("curl: libcurl "))
        .expect("a curl line in versions.txt");
    let upstream = line.split_whitespace().next().unwrap_or_default();
    let debian = line
        .rsplit_once("Debian package libcurl4 ")
        .map_or("", |(_, v)| v.trim());
    (upstream.to_owned(), debian.to_owned())
}

/// The installed Debian package's version, when `dpkg-query` knows one.
fn installed_debian_version() -> Option<String> {
    let out = Command::new("dpkg-query")
        .args(["-W", "-f", "${Version}", "libcurl4"])
        .output()
        .ok()?;
    let version = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !version.is_empty()).then_some(version)
}

/// The listed failures: (input, base) to the reason.
fn known_failures() -> BTreeMap<(String, Option<String>), String> {
    known_failures::parse(&read("known-failures-curl.txt"))
}

/// A string as the runner writes it: JSON text when UTF-8, else its bytes
/// in hex.
fn runner_string(bytes: &[u8]) -> Value {
    match std::str::from_utf8(bytes) {
        Ok(text) => Value::from(text),
        Err(_) => json!({ "bytes": curl::hex(bytes) }),
    }
}

fn runner_part(bytes: &Option<Vec<u8>>) -> Value {
    bytes.as_deref().map_or(Value::Null, runner_string)
}

fn runner_code(e: &Error) -> [(&'static str, Value); 3] {
    [
        ("code", e.code.into()),
        ("error", e.name().into()),
        ("message", e.message.as_str().into()),
    ]
}

/// What `curl-runner.c` writes for `parsed`.
fn as_runner_writes(parsed: &Parsed) -> Value {
    let mut line = Map::new();
    match &parsed.result {
        Err(e) => {
            line.insert("ok".into(), false.into());
            line.extend(runner_code(e).map(|(k, v)| (k.to_owned(), v)));
        }
        Ok(p) => {
            line.insert("ok".into(), true.into());
            for (key, part) in [
                ("scheme", &p.scheme),
                ("user", &p.user),
                ("password", &p.password),
                ("options", &p.options),
                ("host", &p.host),
                ("zoneid", &p.zoneid),
                ("port", &p.port),
                ("path", &p.path),
                ("query", &p.query),
                ("fragment", &p.fragment),
            ] {
                line.insert(key.into(), runner_part(part));
            }
            match &p.href {
                Ok(href) => line.insert("href".into(), runner_string(href)),
                Err(e) => {
                    line.insert("href".into(), Value::Null);
                    let code = runner_code(e).map(|(k, v)| (k.to_owned(), v));
                    line.insert(
                        "href_error".into(),
                        Value::Object(code.into_iter().collect()),
                    )
                }
            };
        }
    }
    if let Some(e) = &parsed.base_error {
        let code = runner_code(e).map(|(k, v)| (k.to_owned(), v));
        line.insert(
            "base_error".into(),
            Value::Object(code.into_iter().collect()),
        );
    }
    if parsed.input_nul.is_some() || parsed.base_nul.is_some() {
        line.insert("nul".into(), true.into());
    }
    Value::Object(line)
}

/// A committed string as the resolver shows it: as is when UTF-8, else
/// each byte outside UTF-8 as `%XX` (written here on its own, to check the
/// module's), with its hex.
fn shown(v: &Value) -> Option<(String, Option<String>)> {
    if let Some(text) = v.as_str() {
        return Some((text.to_owned(), None));
    }
    let hex = v.get("bytes")?.as_str()?;
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect();
    let mut text = String::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(chunk.invalid().iter().map(|b| format!("%{b:02X}")));
    }
    Some((text, Some(hex.to_owned())))
}

fn has_note(a: &Answer, code: Code, text: &str) -> bool {
    a.notes
        .iter()
        .any(|n| n.code == NoteCode::Curl(code) && n.message.contains(text))
}

/// What is wrong with the resolver's `answer` given the committed `line`,
/// if anything.
fn answer_problem(answer: &Answer, line: &Value) -> Option<String> {
    let ok = line["ok"] == true;
    if answer.invalid == ok {
        return Some(format!("invalid is {}", answer.invalid));
    }
    let last = answer.notes.last().map(|n| n.code);
    if last != Some(NoteCode::Curl(Code::AnsweredBy)) {
        return Some(format!("the last note is {last:?}, not curl.answered-by"));
    }
    if !ok {
        let first = answer.notes.first()?;
        let (error, message) = (line["error"].as_str()?, line["message"].as_str()?);
        if first.code != NoteCode::Curl(Code::Failure)
            || !first.message.contains(error)
            || !first.message.ends_with(message)
        {
            return Some(format!("the first note is {first:?}"));
        }
    } else {
        let (href, hex) = shown(&line["href"])?;
        if answer.canon.as_deref() != Some(href.as_str()) {
            return Some(format!("canon {:?}, not {href:?}", answer.canon));
        }
        if hex.is_some_and(|h| !has_note(answer, Code::NotUtf8, &h)) {
            return Some("no curl.not-utf8 note for the URL".into());
        }
        for (c, key) in Component::ALL.into_iter().zip([
            "scheme", "user", "password", "host", "port", "path", "query", "fragment",
        ]) {
            let want = shown(&line[key]);
            if answer.get(c) != want.as_ref().map(|(t, _)| t.as_str()) {
                return Some(format!("{c} {:?}, not {want:?}", answer.get(c)));
            }
            if let Some((_, Some(h))) = want
                && !has_note(answer, Code::NotUtf8, &h)
            {
                return Some(format!("no curl.not-utf8 note for the {c}"));
            }
        }
        for (key, code) in [("zoneid", Code::ZoneId), ("options", Code::Options)] {
            let note = line[key].as_str().map(|v| format!("\"{v}\""));
            if note.is_some_and(|v| !has_note(answer, code, &v)) {
                return Some(format!("no {code} note"));
            }
        }
    }
    let notes = |code: Code| {
        answer
            .notes
            .iter()
            .filter(|n| n.code == NoteCode::Curl(code))
            .count()
    };
    if (notes(Code::BaseError) > 0) != line.get("base_error").is_some() {
        return Some("curl.base-error where the runner has no base_error, or back".into());
    }
    if (notes(Code::Nul) > 0) != line.get("nul").is_some() {
        return Some("curl.nul where the runner has no nul, or back".into());
    }
    None
}

/// Checks every `every`-th request: libcurl's parts as the runner writes
/// them, and the resolver's answer, against the committed line.
fn check(every: usize) {
    let Some(version) = loaded() else { return };
    let (was, was_debian) = committed_versions();
    let debian = installed_debian_version();
    let same = version == was && debian.as_ref().is_none_or(|d| *d == was_debian);
    let requests = json_lines("requests.jsonl.gz");
    let answers = json_lines("answers-curl.jsonl.gz");
    assert_eq!(requests.len(), answers.len(), "an answer per request");
    let known = known_failures();
    let (mut checked, mut listed) = (0, 0);
    let mut changed = Vec::new();
    let mut problems = Vec::new();
    for (request, want) in requests.iter().zip(&answers).step_by(every) {
        let input = request["input"].as_str().expect("an input");
        let base = request["base"].as_str();
        checked += 1;
        let parsed = curl::parse(input, base).expect("libcurl was loaded");
        let got = as_runner_writes(&parsed);
        let answer = Resolver::Curl.resolve(&Request::new(input).with_base(base));
        let key = (input.to_owned(), base.map(str::to_owned));
        let differs = got != *want;
        match (differs, known.contains_key(&key)) {
            (false, true) => problems.push(format!(
                "listed as a known failure but passes: {input:?} against {base:?}"
            )),
            (true, true) => listed += 1,
            (true, false) => changed.push(format!(
                "{input:?} against {base:?}:\n    was {want}\n    now {got}"
            )),
            (false, false) => {}
        }
        if let Some(problem) = answer_problem(&answer, &got) {
            problems.push(format!(
                "the answer to {input:?} against {base:?}: {problem}\n    libcurl gave {got}\n    \
                 the answer is {answer:?}"
            ));
        }
    }
    println!(
        "curl: libcurl {version} (Debian {}) gives {} of {checked} committed answers ({listed} \
         listed as known failures); libcurl {was} (Debian {was_debian}) made them",
        debian.as_deref().unwrap_or("package unknown"),
        checked - listed - changed.len(),
    );
    for c in changed.iter().take(20) {
        println!("  {c}");
    }
    if same {
        problems.extend(changed.iter().take(40).cloned());
        problems.truncate(60);
        assert!(
            changed.is_empty() && problems.is_empty(),
            "the same libcurl as committed, yet {} answers differ; {} problems:\n{}",
            changed.len(),
            problems.len(),
            problems.join("\n")
        );
    } else {
        assert!(
            problems.is_empty(),
            "{}",
            problems[..problems.len().min(60)].join("\n")
        );
    }
}

#[test]
fn libcurl_gives_the_committed_answers_on_every_request() {
    check(1);
}

/// No input makes the resolver panic, and each gets an answer naming the
/// version: empty, 10 MB, U+0000 (in the input and the base), controls,
/// non-ASCII, bytes that decode to non-UTF-8.
#[test]
fn odd_inputs_get_answers() {
    let Some(version) = loaded() else { return };
    let big = format!("http://h/{}", "a".repeat(10 << 20));
    let cases: [(&str, Option<&str>); 10] = [
        ("", None),
        ("", Some("http://h/a")),
        (&big, None),
        (&big[7..], Some("http://h/")),
        ("http://h/\0x", None),
        ("x", Some("http://h/\0y")),
        ("http://h/\u{1}\u{7f}\t\n", None),
        ("http://bücher.例え/ü?é#ö", None),
        ("http://a%ffb%c3/", None),
        ("\u{feff}\u{202e}//x", Some("http://h/")),
    ];
    for (input, base) in cases {
        let a = Resolver::Curl.resolve(&Request::new(input).with_base(base));
        let by = a.notes.last().expect("a note");
        assert_eq!(by.code, NoteCode::Curl(Code::AnsweredBy));
        assert!(by.message.contains(version), "{by:?}");
        assert_eq!(a.invalid, a.canon.is_none(), "{:?}", a.notes);
    }
    // 10 MB is over libcurl's 8,000,000-byte limit.
    let a = Resolver::Curl.resolve(&Request::new(&big));
    assert!(
        a.notes[0].message.contains("CURLUE_MALFORMED_INPUT"),
        "{:?}",
        a.notes[0]
    );
    // The text before U+0000, and a note with the range that was cut.
    let a = Resolver::Curl.resolve(&Request::new("http://h/a\0b"));
    assert_eq!(a.canon.as_deref(), Some("http://h/a"));
    assert_eq!(a.notes[0].code, NoteCode::Curl(Code::Nul));
    assert_eq!(a.notes[0].range, Some(10..12));
    // A decoded host that is not UTF-8.
    let a = Resolver::Curl.resolve(&Request::new("http://a%ffb%c3%a9/"));
    assert_eq!(a.get(Component::Host), Some("a%FFbé"));
    assert_eq!(a.canon.as_deref(), Some("http://a%FFbé/"));
    assert!(has_note(&a, Code::NotUtf8, "61ff62c3a9"), "{:?}", a.notes);
}

/// A refusal is an invalid answer whose first note is libcurl's error;
/// a base it refuses leaves the input parsed on its own; a zone id is a
/// note.
#[test]
fn refusals_base_errors_and_zone_ids_are_said() {
    if loaded().is_none() {
        return;
    }
    let a = Resolver::Curl.resolve(&Request::new("http://a b/"));
    assert!(a.invalid);
    assert_eq!(a.notes[0].code, NoteCode::Curl(Code::Failure));
    assert_eq!(
        a.notes[0].message,
        "curl_url_set returns CURLUE_BAD_HOSTNAME (21): Bad hostname"
    );
    let a = Resolver::Curl.resolve(&Request::new("http://x/y").with_base(Some("nope")));
    assert_eq!(a.canon.as_deref(), Some("http://x/y"));
    assert_eq!(a.notes[0].code, NoteCode::Curl(Code::BaseError));
    assert!(
        a.notes[0].message.contains("CURLUE_BAD_SCHEME"),
        "{:?}",
        a.notes
    );
    let a = Resolver::Curl.resolve(&Request::new("http://[fe80::1%25eth0]:8080/"));
    assert_eq!(a.get(Component::Host), Some("[fe80::1]"));
    assert_eq!(a.canon.as_deref(), Some("http://[fe80::1%25eth0]:8080/"));
    assert!(has_note(&a, Code::ZoneId, "\"eth0\""), "{:?}", a.notes);
    let a = Resolver::Curl.resolve(&Request::new("imap://u:p;AUTH=x@h/"));
    assert_eq!(a.get(Component::User), Some("u"));
    assert!(has_note(&a, Code::Options, "\"AUTH=x\""), "{:?}", a.notes);
}

/// Many threads at once, as `table` asks: the same answers as one thread.
#[test]
fn threads_get_the_answers_one_thread_gets() {
    if loaded().is_none() {
        return;
    }
    let requests = json_lines("requests.jsonl.gz");
    let pairs: Vec<(&str, Option<&str>)> = requests
        .iter()
        .step_by(37)
        .map(|r| (r["input"].as_str().unwrap_or(""), r["base"].as_str()))
        .collect();
    let ask = |(input, base): &(&str, Option<&str>)| curl::parse(input, *base).ok();
    let alone: Vec<_> = pairs.iter().map(ask).collect();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..8)
            .map(|_| s.spawn(|| pairs.iter().map(ask).collect::<Vec<_>>()))
            .collect();
        for w in workers {
            assert!(w.join().expect("no panic") == alone);
        }
    });
}
