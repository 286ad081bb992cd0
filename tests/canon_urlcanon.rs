//! The `urlcanon` model against the real package's answers
//! (`scripts/canon/canon-runner.py`): `urlcanon-whatwg`, `urlcanon-google`
//! and `urlcanon-semantic`, each the canonical URL and the SSURT, or the
//! exception. A request with a base is asked as the runner joined it
//! (`"joined"`); a request whose join failed is left out.
//!
//! The runner writes bytes that are not UTF-8 with surrogateescape
//! (`"\udcXX"` in the JSON), which `serde_json` refuses as a lone
//! surrogate; each such escape is read here as a code point of plane 16's
//! private use area (U+10FF80 to U+10FFFF) and compared as the byte it
//! stands for, against the model's bytes (`canonicalize_bytes`).
//!
//! Two samples: the committed requests (a ratchet per canonicalizer holds
//! the figure) and, with `CANON_SAMPLE=DIR`, a fresh one
//! (`DIR/requests.jsonl`, `DIR/answers-canon.jsonl`), at least 99.9 %.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read};

use url_inspector::engine::canon_forms::urlcanon::{
    Canonicalizer, canonicalize, canonicalize_bytes,
};
use url_inspector::engine::trace::StepId;
use url_inspector::engine::{NoTrace, Stage, Trace};

/// The model's agreement (canonical URL and SSURT both, or the same
/// exception) may not fall below these counts on the committed answers.
const AGREE_AT_LEAST: [(Canonicalizer, &str, usize); 3] = [
    (Canonicalizer::Whatwg, "urlcanon-whatwg", 152_128),
    (Canonicalizer::Google, "urlcanon-google", 152_128),
    (Canonicalizer::Semantic, "urlcanon-semantic", 152_128),
];

/// A raw JSON line with each lone `\udcXX` escape (XX from 80: a byte
/// surrogateescape kept) rewritten as the surrogate pair of U+10FFXX.
fn escape_lone_surrogates(raw: &str) -> String {
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    let mut after_high = false;
    let hex4 = |at: usize| {
        raw.get(at..at + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == b'u'
                && let Some(v) = hex4(i + 2)
            {
                if (0xdc80..=0xdcff).contains(&v) && !after_high {
                    out.push_str(&format!("\\udbff\\udf{:02x}", v & 0xff));
                } else {
                    out.push_str(&raw[i..i + 6]);
                }
                after_high = (0xd800..=0xdbff).contains(&v);
                i += 6;
                continue;
            }
            out.push_str(&raw[i..i + 2]);
            after_high = false;
            i += 2;
            continue;
        }
        // JSON lines written with ensure_ascii are ASCII; keep any other
        // character whole all the same.
        let ch = raw[i..].chars().next().unwrap_or('\u{fffd}');
        out.push(ch);
        after_high = false;
        i += ch.len_utf8();
    }
    out
}

/// The bytes an oracle string stands for: U+10FF80 to U+10FFFF as the
/// byte, anything else as UTF-8.
fn oracle_bytes(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        let v = u32::from(c);
        if (0x10ff80..=0x10ffff).contains(&v) {
            out.push((v - 0x10ff00) as u8);
        } else {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out
}

fn parse_lines(reader: impl Read) -> Vec<serde_json::Value> {
    BufReader::new(reader)
        .lines()
        .map(|l| {
            let l = l.expect("a line");
            serde_json::from_str(&escape_lone_surrogates(&l)).expect("JSON")
        })
        .collect()
}

fn gz_lines(path: &str) -> Vec<serde_json::Value> {
    let file = std::fs::File::open(path).expect("the committed file");
    parse_lines(flate2::read::GzDecoder::new(file))
}

/// The URLs asked: the input, or the runner's join of it with its base;
/// a failed join is left out. Each with its answer line.
fn asked<'a>(
    requests: &'a [serde_json::Value],
    answers: &'a [serde_json::Value],
) -> Vec<(String, &'a serde_json::Value)> {
    assert_eq!(requests.len(), answers.len());
    requests
        .iter()
        .zip(answers)
        .filter(|(_, a)| a.get("join").is_none())
        .map(|(r, a)| {
            let url = a["joined"]
                .as_str()
                .or(r["input"].as_str())
                .expect("a string");
            (oracle_text(url), a)
        })
        .collect()
}

/// A URL the runner asked, as the text it was (a request's own text never
/// holds the plane-16 stand-ins, only answers do).
fn oracle_text(s: &str) -> String {
    s.to_owned()
}

/// Whether the model says what the package said for `url`.
fn agrees(url: &str, which: Canonicalizer, want: &serde_json::Value) -> bool {
    let got = canonicalize_bytes(url, which, &mut NoTrace);
    match (&got, want.get("canon"), want.get("error")) {
        (Ok((canon, ssurt)), Some(w), _) => {
            w.as_str().map(oracle_bytes).as_ref() == Some(canon)
                && want["ssurt"].as_str().map(oracle_bytes).as_ref() == Some(ssurt)
        }
        (Err(g), _, Some(w)) => w.as_str() == Some(g.as_str()),
        _ => false,
    }
}

/// Compares the model with the answers for each canonicalizer: the counts
/// agreed (in `AGREE_AT_LEAST`'s order) and of URLs asked, the first
/// misses printed.
fn compare(
    requests: &[serde_json::Value],
    answers: &[serde_json::Value],
    label: &str,
) -> ([usize; 3], usize) {
    let urls = asked(requests, answers);
    let mut agree = [0; 3];
    for (k, (which, key, _)) in AGREE_AT_LEAST.iter().enumerate() {
        let mut misses = Vec::new();
        for (url, a) in &urls {
            if agrees(url, *which, &a[*key]) {
                agree[k] += 1;
            } else if misses.len() < 25 {
                let got = canonicalize(url, *which, &mut NoTrace);
                misses.push(format!(
                    "{url:?}: model {:?}, package {}",
                    got.map(|f| (f.canon, f.key)),
                    a[*key]
                ));
            }
        }
        eprintln!(
            "{label} {key}: {} of {} ({:.3} %)",
            agree[k],
            urls.len(),
            agree[k] as f64 * 100.0 / urls.len().max(1) as f64
        );
        for m in &misses {
            eprintln!("  {m}");
        }
    }
    (agree, urls.len())
}

#[test]
fn urlcanon_equals_the_package() {
    let requests = gz_lines("tests/data/servers/requests.jsonl.gz");
    let answers = gz_lines("tests/data/canon/answers.jsonl.gz");
    let (agree, _) = compare(&requests, &answers, "committed");
    for (k, (_, key, floor)) in AGREE_AT_LEAST.iter().enumerate() {
        assert!(agree[k] >= *floor, "{key}: {} < {floor}", agree[k]);
    }
}

/// A second sample (`CANON_SAMPLE=DIR`): at least 99.9 % for each
/// canonicalizer. Unset, the test says so loudly and passes, except under
/// `CI=true`, where it fails.
#[test]
#[ignore = "slow: needs the second sample scripts/canon/sample makes with the real packages (CI runs it)"]
fn urlcanon_equals_the_package_on_a_second_sample() {
    let Ok(dir) = std::env::var("CANON_SAMPLE") else {
        eprintln!("!!! CANON_SAMPLE is not set: the second sample was NOT checked !!!");
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CANON_SAMPLE must be set under CI"
        );
        return;
    };
    let open = |name: &str| std::fs::File::open(format!("{dir}/{name}")).expect("the sample");
    let requests = parse_lines(open("requests.jsonl"));
    let answers = parse_lines(open("answers-canon.jsonl"));
    let (agree, asked) = compare(&requests, &answers, "second sample");
    for (k, (_, key, _)) in AGREE_AT_LEAST.iter().enumerate() {
        assert!(
            agree[k] as f64 >= asked as f64 * 0.999,
            "{key}: {} of {asked} is under 99.9 %",
            agree[k]
        );
    }
}

/// Every step of the stage is reached by some request, and a traced run
/// gives what an untraced one gives.
#[test]
fn the_requests_reach_every_step_and_tracing_changes_nothing() {
    let requests = gz_lines("tests/data/servers/requests.jsonl.gz");
    let answers = gz_lines("tests/data/canon/answers.jsonl.gz");
    let mut reached = BTreeSet::new();
    for (url, _) in asked(&requests, &answers) {
        for (which, _, _) in AGREE_AT_LEAST {
            let mut trace = Trace::default();
            let traced = canonicalize(&url, which, &mut trace);
            assert_eq!(traced, canonicalize(&url, which, &mut NoTrace), "{url:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
    }
    let unreached: Vec<&str> = StepId::ALL
        .iter()
        .filter(|id| id.stage() == Stage::Urlcanon && !reached.contains(id))
        .map(|id| id.id())
        .collect();
    assert!(unreached.is_empty(), "never reached: {unreached:?}");
}
