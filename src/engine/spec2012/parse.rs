//! The *steps to parse a URL* ("Parsing" section and its subsections), with
//! the steps of url-spec 3.1–3.3 that the spec defers to, as
//! `url-spec-steps.md` describes them.
//!
//! Parsing only splits: it never changes a character of a component. Each
//! component is a slice of the preprocessed input, except the path of a drive
//! URL, which the spec builds from the drive letter. The trace records the
//! byte range each component came from.

use std::ops::Range;

use super::chars::{
    SCHEME, is_non_hierarchical_scheme, is_slash, leading_slashes, starts_with_slash,
};
use super::model::{Component, ParsedUrl};
use super::preprocess::preprocess;
use crate::engine::trace::{Step, StepId, Tracer};

/// Parses `input`: preprocesses it, then splits it into components.
pub fn parse<T: Tracer>(input: &str, tr: &mut T) -> ParsedUrl {
    let s = preprocess(input, tr);
    parse_preprocessed(&s, tr)
}

/// The split of an already preprocessed string into components.
struct Splitter<'s, 't, T> {
    s: &'s str,
    url: ParsedUrl,
    tr: &'t mut T,
}

impl<T: Tracer> Splitter<'_, '_, T> {
    /// Sets component `c` to the slice `range` of the input.
    fn set(&mut self, c: Component, range: Range<usize>) {
        let value = &self.s[range.clone()];
        let id = if c == Component::Scheme {
            StepId::ParseScheme
        } else {
            StepId::ParseComponent
        };
        self.tr
            .record(|| Step::change(id, c, None, Some(value)).at(range.clone()));
        *self.url.get_mut(c) = Some(value.to_owned());
        self.url.spans[c as usize] = Some(range);
    }

    /// Sets component `c` to a value a step built (not a slice of the input).
    fn set_built(&mut self, id: StepId, c: Component, value: String) {
        let before = self.url.get(c);
        self.tr.record(|| Step::change(id, c, before, Some(&value)));
        *self.url.get_mut(c) = Some(value);
        self.url.spans[c as usize] = None;
    }

    /// Cuts the fragment at the first `#`, then the query at the first `?`,
    /// from `start..end`; returns where the rest (the path) ends.
    fn cut_fragment_and_query(&mut self, start: usize, end: usize) -> usize {
        // One scan finds the first '#' and the first '?' before it; a '?'
        // after the '#' belongs to the fragment.
        let bytes = &self.s.as_bytes()[start..end];
        let mut question = None;
        let mut hash = None;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'#' {
                hash = Some(start + i);
                break;
            }
            if b == b'?' && question.is_none() {
                question = Some(start + i);
            }
        }
        let mut end = end;
        if let Some(h) = hash {
            self.set(Component::Fragment, h + 1..end);
            end = h;
        }
        if let Some(q) = question {
            self.set(Component::Query, q + 1..end);
            end = q;
        }
        end
    }

    fn decide(&mut self, id: StepId, range: Range<usize>, decision: &str) {
        self.tr.record(|| Step::new(id).at(range).decide(decision));
    }

    /// Parsing a UNC path. Interpretation: the spec does not say so, but the
    /// reference implementation and the suite give such a URL the scheme
    /// `file` (`\\server\share` is `file://server/share`).
    fn unc(&mut self) {
        let len = self.s.len();
        let start = self.s.bytes().take_while(|&b| b == b'\\').count();
        self.decide(
            StepId::ParseUnc,
            0..start,
            "two or more backslashes: a UNC path; the scheme is file",
        );
        self.set_built(StepId::ParseUnc, Component::Scheme, "file".to_owned());
        self.url.hierarchical = true;
        let end = self.cut_fragment_and_query(start, len);
        let host_end = start
            + self.s[start..end]
                .bytes()
                .take_while(|&b| !is_slash(b))
                .count();
        self.set(Component::Host, start..host_end);
        self.set(Component::Path, host_end..end);
    }

    /// Parsing a drive URL (the scheme is a single letter).
    fn drive(&mut self, letter: char, rest: usize) {
        let len = self.s.len();
        let end = self.cut_fragment_and_query(rest, len);
        let tail = &self.s[rest..end];
        let slash = if starts_with_slash(tail) { "" } else { "/" };
        let path = format!("/{letter}:{slash}{tail}");
        self.tr.record(|| {
            Step::new(StepId::ParseDrive).at(0..end).decide(format!(
                "the scheme '{letter}' is one letter: a drive, so this is a file URL"
            ))
        });
        self.set_built(StepId::ParseDrive, Component::Path, path);
        self.set_built(StepId::ParseDrive, Component::Scheme, "file".to_owned());
        self.set_built(StepId::ParseDrive, Component::Host, String::new());
        self.url.hierarchical = true;
    }

    /// Parsing a `file:` URL.
    fn file(&mut self, rest: usize) {
        let len = self.s.len();
        self.url.hierarchical = true;
        let end = self.cut_fragment_and_query(rest, len);
        let slashes = leading_slashes(&self.s[rest..end]);
        if slashes == 3 {
            self.decide(
                StepId::ParseFile,
                rest..rest + 3,
                "exactly three slashes: the host is empty",
            );
            self.set(Component::Host, rest + 3..rest + 3);
            // The path is "/" followed by what follows the slashes; the third
            // slash is kept as that "/" (interpretation: a backslash there is
            // written as "/" by the spec, which the later steps do anyway).
            let path = format!("/{}", &self.s[rest + 3..end]);
            self.set_built(StepId::ParseFile, Component::Path, path);
        } else if slashes >= 2 {
            let host_start = rest + slashes;
            let host_end = host_start
                + self.s[host_start..end]
                    .bytes()
                    .take_while(|&b| !is_slash(b))
                    .count();
            self.decide(
                StepId::ParseFile,
                rest..host_start,
                "two or more slashes: a host follows",
            );
            self.set(Component::Host, host_start..host_end);
            self.set(Component::Path, host_end..end);
        } else {
            self.decide(
                StepId::ParseFile,
                rest..rest,
                "no leading slashes: all is path",
            );
            self.set(Component::Path, rest..end);
        }
    }

    /// Parsing a `mailto:` URL.
    fn mailto(&mut self, rest: usize) {
        let len = self.s.len();
        let end = match self.s[rest..].find('?') {
            Some(i) => {
                self.set(Component::Query, rest + i + 1..len);
                rest + i
            }
            None => len,
        };
        self.decide(
            StepId::ParseMailto,
            rest..len,
            "mailto: split at the first '?' only",
        );
        self.set(Component::Path, rest..end);
    }

    /// url-spec 3.2 as amended by the spec, then 3.3.
    fn hierarchical(&mut self, rest: usize) {
        let len = self.s.len();
        self.url.hierarchical = true;
        let slashes = leading_slashes(&self.s[rest..]);
        let path_start = if slashes == 3 {
            self.decide(
                StepId::ParseThreeSlashes,
                rest..rest + 3,
                "exactly three slashes: empty authority",
            );
            self.set(Component::Host, rest + 3..rest + 3);
            rest + 2
        } else if slashes >= 2 {
            let a_start = rest + slashes;
            let a_len = self.s[a_start..]
                .bytes()
                .position(|b| is_slash(b) || b == b'?' || b == b'#')
                .unwrap_or(len - a_start);
            let a_end = a_start + a_len;
            self.decide(
                StepId::ParseAuthority,
                a_start..a_end,
                "two or more slashes: the authority runs to the next '/', '\\', '?' or '#'",
            );
            self.authority(a_start, a_end);
            if a_end == len {
                // Nothing follows the authority: the path is present and empty.
                self.set(Component::Path, len..len);
                return;
            }
            a_end
        } else {
            rest
        };
        let end = self.cut_fragment_and_query(path_start, len);
        self.set(Component::Path, path_start..end);
    }

    /// url-spec 3.3: user-info, host and port of the authority `start..end`.
    fn authority(&mut self, start: usize, end: usize) {
        let auth = &self.s[start..end];
        let host_start = match auth.rfind('@') {
            Some(at) => {
                let ui = start..start + at;
                self.decide(
                    StepId::ParseUserInfo,
                    ui.clone(),
                    "an '@': user-info before the last one",
                );
                match auth[..at].find(':') {
                    Some(colon) if at > 0 => {
                        self.set(Component::User, start..start + colon);
                        self.set(Component::Password, start + colon + 1..start + at);
                    }
                    _ => self.set(Component::User, ui),
                }
                start + at + 1
            }
            None => start,
        };
        let hp = &self.s[host_start..end];
        let bracketed =
            hp.starts_with('[') && hp.rfind(']').is_some_and(|p| !hp[p + 1..].contains(':'));
        match hp.rfind(':') {
            Some(colon) if !bracketed => {
                self.decide(
                    StepId::ParseHostPort,
                    host_start..end,
                    "the port follows the last ':'",
                );
                self.set(Component::Host, host_start..host_start + colon);
                self.set(Component::Port, host_start + colon + 1..end);
            }
            _ => self.set(Component::Host, host_start..end),
        }
    }
}

/// Parses an already preprocessed string.
pub fn parse_preprocessed<T: Tracer>(s: &str, tr: &mut T) -> ParsedUrl {
    let mut p = Splitter {
        s,
        url: ParsedUrl::default(),
        tr,
    };
    let bytes = s.as_bytes();
    let len = s.len();

    // Parsing: two or more backslashes begin a UNC path.
    if bytes.starts_with(b"\\\\") {
        p.unc();
        return p.url;
    }

    // Finding the scheme (url-spec 3.1).
    let scheme_len = bytes.iter().take_while(|&&b| SCHEME.contains(b)).count();
    let rest = if scheme_len > 0 && bytes.get(scheme_len) == Some(&b':') {
        p.set(Component::Scheme, 0..scheme_len);
        scheme_len + 1
    } else {
        p.tr.record(|| {
            Step::new(StepId::ParseNoScheme)
                .decide("no scheme before a ':', so this is a relative reference")
        });
        p.url.invalid = true;
        p.url.hierarchical = true;
        0
    };

    match p.url.scheme.as_deref() {
        Some(scheme) if scheme.len() == 1 && bytes[0].is_ascii_alphabetic() => {
            p.drive(char::from(bytes[0]), rest);
        }
        Some(scheme) if scheme.eq_ignore_ascii_case("file") => p.file(rest),
        Some(scheme) if scheme.eq_ignore_ascii_case("mailto") => p.mailto(rest),
        Some(scheme) if is_non_hierarchical_scheme(scheme) => {
            p.decide(
                StepId::ParseOpaque,
                rest..len,
                "this scheme is not hierarchical: all the rest is the path",
            );
            p.set(Component::Path, rest..len);
        }
        Some(_) if !starts_with_slash(&s[rest..]) => {
            p.decide(
                StepId::ParseNonHierarchical,
                rest..len,
                "no slash after the scheme: not hierarchical",
            );
            let end = p.cut_fragment_and_query(rest, len);
            p.set(Component::Path, rest..end);
        }
        _ => {
            p.decide(
                StepId::ParseHierarchical,
                rest..len,
                "split into authority, path, query and fragment",
            );
            p.hierarchical(rest);
        }
    }
    p.url
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::NoTrace;

    fn p(s: &str) -> ParsedUrl {
        parse(s, &mut NoTrace)
    }

    #[test]
    fn hierarchical_split() {
        let u = p("HTTP://us:er:pw@host:80/p?q#f");
        assert_eq!(u.scheme.as_deref(), Some("HTTP"));
        assert_eq!(u.user.as_deref(), Some("us"));
        assert_eq!(u.password.as_deref(), Some("er:pw"));
        assert_eq!(u.host.as_deref(), Some("host"));
        assert_eq!(u.port.as_deref(), Some("80"));
        assert_eq!(u.path.as_deref(), Some("/p"));
        assert_eq!(u.query.as_deref(), Some("q"));
        assert_eq!(u.fragment.as_deref(), Some("f"));
        assert!(!u.invalid);
    }

    #[test]
    fn authority_edges() {
        let u = p("http://[::1]:8/");
        assert_eq!(
            (u.host.as_deref(), u.port.as_deref()),
            (Some("[::1]"), Some("8"))
        );
        let u = p("http://[::1]");
        assert_eq!((u.host.as_deref(), u.port), (Some("[::1]"), None));
        let u = p("http://@h");
        assert_eq!((u.user.as_deref(), u.password), (Some(""), None));
        assert_eq!(u.path.as_deref(), Some(""));
        let u = p("http:///x");
        assert_eq!(
            (u.host.as_deref(), u.path.as_deref()),
            (Some(""), Some("/x"))
        );
    }

    #[test]
    fn special_forms() {
        let u = p("\\\\server\\share?q#f");
        assert_eq!(u.scheme.as_deref(), Some("file"));
        assert_eq!(u.host.as_deref(), Some("server"));
        assert_eq!(u.path.as_deref(), Some("\\share"));
        let u = p("c:foo");
        assert_eq!(u.path.as_deref(), Some("/c:/foo"));
        assert_eq!(u.host.as_deref(), Some(""));
        let u = p("mailto:a#b?c#d");
        assert_eq!(
            (u.path.as_deref(), u.query.as_deref()),
            (Some("a#b"), Some("c#d"))
        );
        let u = p("data:x?y#z");
        assert_eq!((u.path.as_deref(), u.query), (Some("x?y#z"), None));
        let u = p("foo:x?y#z");
        assert_eq!(
            (u.path.as_deref(), u.query.as_deref(), u.fragment.as_deref()),
            (Some("x"), Some("y"), Some("z"))
        );
        let u = p("");
        assert!(u.invalid);
        assert_eq!(u.path.as_deref(), Some(""));
    }
}
