//! The command line of the canonical forms: `same A B` (each resolver's
//! verdict on two URLs, with the steps that made them equal) and `table
//! --group-by RESOLVER` (deduping), through the real binary.
//!
//! The slow tier counts the groups of the 100,000-URL corpus under `surt`
//! with the real package (the venv of `scripts/canon/install`) and holds
//! the table's count to it.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::process::{Output, Stdio};

use serde_json::Value;

#[path = "support/binary.rs"]
mod binary;
use binary::bin;

/// Runs the binary with `args` and `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    out
}

/// `same A B --json`'s verdicts, by resolver name.
fn same(a: &str, b: &str) -> BTreeMap<String, Value> {
    let out = run(&["same", a, b, "--json"], b"");
    let json: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    json["resolvers"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| {
            (
                v["resolver"].as_str().expect("a name").to_owned(),
                v.clone(),
            )
        })
        .collect()
}

/// The example of the query order and the default port: the packages'
/// own answers (surt 0.3.1, w3lib 2.5.0, urlcanon 0.3.1, asked with
/// scripts/canon/canon-runner.py's calls) are that surt and urlcanon's
/// semantic canonicalizer sort the query and drop `:80`, w3lib sorts it
/// and keeps `:80`, urlcanon's whatwg and google keep the query's order;
/// the URL Standard and the browsers keep the order.
#[test]
fn same_names_the_steps_and_the_differing_component() {
    let v = same(
        "http://example.com/a?b=1&a=2",
        "http://EXAMPLE.com:80/a?a=2&b=1",
    );
    for r in ["whatwg", "chromium", "firefox", "webkit", "rust-url"] {
        assert_eq!(v[r]["verdict"], "different", "{r}");
        assert_eq!(v[r]["component"], "query", "{r}");
    }
    assert_eq!(v["surt"]["verdict"], "same");
    assert_eq!(v["surt"]["canon"], "com,example)/a?a=2&b=1");
    assert_eq!(v["surt"]["a_step"]["id"], "surt.ia.query");
    assert_eq!(v["surt"]["b_step"]["id"], "surt.ia.port");
    assert_eq!(v["w3lib"]["verdict"], "different");
    assert_eq!(v["w3lib"]["component"], "port");
    assert_eq!(v["w3lib"]["b_value"], "80");
    assert_eq!(v["urlcanon-semantic"]["verdict"], "same");
    for r in ["urlcanon-whatwg", "urlcanon-google"] {
        assert_eq!(v[r]["verdict"], "different", "{r}");
        assert_eq!(v[r]["component"], "query", "{r}");
    }
}

#[test]
fn same_exits_0_only_when_every_resolver_says_same() {
    let out = run(
        &[
            "same",
            "http://a.example/",
            "HTTP://A.EXAMPLE",
            "--resolvers",
            "whatwg,surt",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().all(|l| l.contains("the same")), "{text}");
    let out = run(&["same", "http://a.example/x", "http://a.example/y"], b"");
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["same", "a", "b", "--resolvers", "netscape"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn table_group_by_puts_the_largest_group_first() {
    let input = b"http://www.b.example/\nhttp://a.example/x?b=1&a=2\nhttp://B.example:80/\nhttp://a.example/x?a=2&b=1\nhttp://a.example/X?B=1&a=2\n";
    let out = run(&["table", "--group-by", "surt", "--format", "jsonl"], input);
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("a JSON line"))
        .collect();
    let seen: Vec<(u64, u64, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["group"].as_u64().expect("a group"),
                r["group_size"].as_u64().expect("a size"),
                r["line"].as_u64().expect("a line"),
            )
        })
        .collect();
    // surt lowercases the path and drops www. and :80: three rows are
    // a.example)/x?a=2&b=1, two are b.example)/.
    assert_eq!(
        seen,
        [(1, 3, 2), (1, 3, 4), (1, 3, 5), (2, 2, 1), (2, 2, 3)]
    );
    let csv = run(&["table", "--group-by", "surt"], input);
    let text = String::from_utf8(csv.stdout).expect("UTF-8");
    assert!(text.starts_with("group,group_size,line,input,"), "{text}");
    assert!(
        text.lines().nth(1).is_some_and(|l| l.starts_with("1,3,2,")),
        "{text}"
    );
}

#[test]
fn table_group_by_puts_refused_rows_last_in_no_group() {
    let input = b"http://a.example:99999/\nhttp://a.example/\n";
    let out = run(&["table", "--group-by", "surt", "--format", "tsv"], input);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].starts_with("1\t1\t2\t"), "{text}");
    assert!(lines[2].starts_with("\t\t1\t"), "{text}");
}

/// The number of groups `table --group-by surt` finds in the corpus equals
/// the number of distinct `surt.surt()` answers of the real package.
#[test]
#[ignore = "slow: the real package over 100,000 URLs (a few seconds), and a venv made by scripts/canon/install"]
fn the_group_count_equals_the_real_package() {
    let corpus =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/real-urls.txt");
    let home = std::env::var("URL_CANON_HOME").unwrap_or_else(|_| {
        format!(
            "{}/.cache/url-inspector-canon",
            std::env::var("HOME").unwrap_or_default()
        )
    });
    let python = format!("{home}/venv/bin/python");
    if !corpus.exists() || !std::path::Path::new(&python).exists() {
        let why = format!(
            "THE GROUP COUNT WAS NOT CHECKED: {} or {python} is missing (scripts/setup canon)",
            corpus.display()
        );
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
        eprintln!("{why}");
        return;
    }
    let script = "import sys, surt\n\
                  forms = set()\n\
                  for line in open(sys.argv[1], encoding='utf-8', errors='surrogateescape'):\n\
                  \x20   url = line.rstrip('\\n').rstrip('\\r')\n\
                  \x20   try:\n\
                  \x20       forms.add(surt.surt(url))\n\
                  \x20   except Exception:\n\
                  \x20       pass\n\
                  print(len(forms))\n";
    let out = std::process::Command::new(&python)
        .args(["-c", script])
        .arg(&corpus)
        .output()
        .expect("python runs");
    assert!(out.status.success(), "{out:?}");
    let package: usize = String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("a count");
    let table = bin()
        .args(["table", "--group-by", "surt", "--format", "tsv"])
        .arg(&corpus)
        .output()
        .expect("the binary runs");
    assert!(table.status.success());
    let text = String::from_utf8_lossy(&table.stdout);
    let groups: HashSet<&str> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .filter(|g| !g.is_empty())
        .collect();
    eprintln!("groups: table {}, the surt package {package}", groups.len());
    assert_eq!(groups.len(), package);
}
