//! The checked-in expectations beside this file: `expected-failures.txt`
//! (which cases fail in which mode, and why) and `pass-counts.txt` (how many
//! records pass per mode), and the escaped line format that the list and the
//! run's report (`target/conformance/MODE-failures.txt`) share.
//!
//! A case is named by its content, not its line: the file, the input, the
//! base and the charset, so adding a record elsewhere shifts nothing.
//! Records with the same content (a few files repeat one) share a name.

use std::collections::BTreeMap;
use std::fmt;

use crate::dat;

/// What names a case: its file and the content of its inputs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CaseKey {
    pub file: String,
    pub input: String,
    /// Empty when the record has no base (or an empty one): the harness
    /// treats both alike.
    pub base: String,
    pub charset: Option<String>,
}

impl CaseKey {
    pub fn of(file: &str, rec: &dat::Record) -> Self {
        CaseKey {
            file: file.to_owned(),
            input: rec.get("data").unwrap_or("").to_owned(),
            base: rec.get("base").unwrap_or("").to_owned(),
            charset: rec.get("charset").map(str::to_owned),
        }
    }
}

/// `FILE "INPUT"`, then ` against "BASE"` if there is a base and
/// ` in "CHARSET"` if there is a charset.
impl fmt::Display for CaseKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.file, quote(&self.input))?;
        if !self.base.is_empty() {
            write!(f, " against {}", quote(&self.base))?;
        }
        if let Some(charset) = &self.charset {
            write!(f, " in {}", quote(charset))?;
        }
        Ok(())
    }
}

/// A string in double quotes, readable and on one line: printable ASCII as
/// it is except `"` and `\`, which get a backslash; every other character
/// as `\u{HEX}` (at least four upper-case digits).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:04X}}}", u32::from(c))),
        }
    }
    out.push('"');
    out
}

/// Reads a quoted string at the start of `s`; returns it and the rest.
fn unquote(s: &str) -> Result<(String, &str), String> {
    let body = s
        .strip_prefix('"')
        .ok_or_else(|| format!("expected a '\"' at {s:?}"))?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &body[i + 1..])),
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                Some((j, 'u')) => {
                    let rest = &body[j + 1..];
                    let hex = rest
                        .strip_prefix('{')
                        .and_then(|r| r.split_once('}'))
                        .map(|(h, _)| h)
                        .ok_or_else(|| format!("bad \\u escape at {rest:?}"))?;
                    let c = u32::from_str_radix(hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| format!("bad code point \\u{{{hex}}}"))?;
                    out.push(c);
                    // Skip `{HEX}`.
                    for _ in 0..hex.len() + 2 {
                        chars.next();
                    }
                }
                _ => return Err(format!("unknown escape in {s:?}")),
            },
            _ => out.push(c),
        }
    }
    Err(format!("unterminated string {s:?}"))
}

/// Reads one entry: `MODE FILE "INPUT" [against "BASE"] [in "CHARSET"]:
/// REASON`; returns the mode, the case and the reason.
pub fn parse_entry(line: &str) -> Result<(String, CaseKey, String), String> {
    let (mode, rest) = line.split_once(' ').ok_or("no mode")?;
    let (file, rest) = rest.split_once(' ').ok_or("no file")?;
    let (input, mut rest) = unquote(rest)?;
    let mut key = CaseKey {
        file: file.to_owned(),
        input,
        base: String::new(),
        charset: None,
    };
    if let Some(r) = rest.strip_prefix(" against ") {
        (key.base, rest) = unquote(r)?;
    }
    if let Some(r) = rest.strip_prefix(" in ") {
        let (charset, r) = unquote(r)?;
        key.charset = Some(charset);
        rest = r;
    }
    let reason = rest
        .strip_prefix(':')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .ok_or_else(|| format!("no ': REASON' after the case in {line:?}"))?;
    Ok((mode.to_owned(), key, reason.to_owned()))
}

/// The entries of `expected-failures.txt`: `(mode, case)` → reason.
/// Panics, naming the line, on a line it cannot read or a repeated case.
pub fn expected_failures() -> BTreeMap<(String, CaseKey), String> {
    let text = include_str!("expected-failures.txt");
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (mode, key, reason) =
            parse_entry(line).unwrap_or_else(|e| panic!("expected-failures.txt:{}: {e}", n + 1));
        let again = out.insert((mode, key), reason);
        assert!(
            again.is_none(),
            "expected-failures.txt:{}: this case is listed twice",
            n + 1
        );
    }
    out
}

/// Passed and total records.
pub type Count = (usize, usize);

/// One mode's recorded pass counts: all records, and host cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassCounts {
    pub all: Count,
    pub host: Count,
}

impl fmt::Display for PassCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.all, self.host);
        write!(f, "{}/{} {}/{}", a.0, a.1, b.0, b.1)
    }
}

fn parse_count(s: &str) -> Option<Count> {
    let (p, t) = s.split_once('/')?;
    Some((p.parse().ok()?, t.parse().ok()?))
}

/// `pass-counts.txt`: mode → counts. Panics, naming the line, on a line it
/// cannot read.
pub fn pass_counts() -> BTreeMap<String, PassCounts> {
    let text = include_str!("pass-counts.txt");
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let counts = match words[..] {
            [mode, all, host] => parse_count(all)
                .zip(parse_count(host))
                .map(|(all, host)| (mode, PassCounts { all, host })),
            _ => None,
        };
        let (mode, counts) = counts.unwrap_or_else(|| {
            panic!(
                "pass-counts.txt:{}: expected `MODE PASSED/TOTAL HOST_PASSED/HOST_TOTAL`",
                n + 1
            )
        });
        out.insert(mode.to_owned(), counts);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_round_trips() {
        for s in [
            "",
            "http://a/",
            "a\"b\\c",
            "\u{0}\t\n\u{7F}é\u{FDD0}\u{1F600}",
            "\\u{41}",
        ] {
            let q = quote(s);
            assert!(q.bytes().all(|b| (0x20..0x7F).contains(&b)), "{q}");
            assert_eq!(unquote(&q), Ok((s.to_owned(), "")));
        }
        assert_eq!(quote("a\u{2026}\""), r#""a\u{2026}\"""#);
    }

    #[test]
    fn entries_read_back() {
        let key = CaseKey {
            file: "decomps.dat".into(),
            input: "x y".into(),
            base: "http://a/".into(),
            charset: Some("shift_jis".into()),
        };
        let line = format!("ie {key}: IE did \"this\": so");
        assert_eq!(
            parse_entry(&line),
            Ok(("ie".into(), key, "IE did \"this\": so".into()))
        );
        let (_, plain, _) = parse_entry(r#"this f.dat "a\u{FFFD}": r"#).unwrap();
        assert_eq!(
            (plain.input.as_str(), plain.base.as_str()),
            ("a\u{FFFD}", "")
        );
        assert!(parse_entry(r#"this f.dat "a": "#).is_err());
        assert!(parse_entry(r#"this f.dat "a\q": r"#).is_err());
        assert!(parse_entry(r#"this f.dat "a r"#).is_err());
    }
}
