//! A shortcut through the basic URL parser for the common URL, untraced:
//! `scheme://host[:port]/path?query#fragment` with a special scheme other
//! than file, a host of ASCII letters, digits, hyphens and dots that strict
//! domain to ASCII passes and that does not end in a number, and a path,
//! query and fragment of code points that no percent-encode set involved
//! holds and that raise no validation error.
//!
//! It is not a state of the Standard. It writes what the states would
//! write for those code points (the scheme lowercased, the host lowercased,
//! a port that is not the scheme's default, the segments as they are) and
//! sets the Standard's variables as the states would leave them; at the
//! first code point it does not take it stops, and the state machine goes
//! on from there (the authority state at the authority's start, the path,
//! query or fragment state at that code point). None of what it takes
//! raises a validation error, so the errors are the state machine's.
//!
//! It reads the input as given, before the basic URL parser's first steps
//! (trimming, tab and newline removal): none of the code points it takes
//! is a C0 control or a space, and it decides only on code points it takes
//! (or the end of input). So where it reads the whole input those steps
//! would change nothing, and where it stops, the input they give is the
//! same up to there and the state machine goes on in that one.
//!
//! A traced parse never takes it: every state is a step of the trace
//! (`run_parser` calls it only when `T::ON` is false). The browser models'
//! quirks all concern code points, hosts or schemes it leaves to the states
//! (a space, `*`, `'`, `^`, a `%`, an `xn--` label, an IPv4 address,
//! userinfo, file URLs, opaque paths, dot segments), so they take it too:
//! a quirk that changes a URL of this shape must turn it off here.

use encoding_rs::UTF_8;

use super::{Parser, State, is_plain, is_scheme_byte, plain_ascii, run_end};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::host::{LDH, plain_domain_end};
use crate::engine::url_standard::ipv4;
use crate::engine::url_standard::record::{HostKind, special};

/// Where the shortcut left the parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shortcut {
    /// The whole input was read: the record is complete.
    Done,
    /// The state machine goes on from the parser's state and pointer.
    Continue,
}

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// Takes the common URL as far as it goes (see the module docs). The
    /// parser must be fresh: the scheme start state, pointer 0, no state
    /// override.
    pub(crate) fn shortcut(&mut self) -> Shortcut {
        debug_assert!(!T::ON && self.state_override.is_none() && self.pointer == 0);
        let Some(at) = self.shortcut_scheme() else {
            return Shortcut::Continue;
        };
        // The authority state, at the authority's start.
        self.state = State::Authority;
        self.buf_start = at;
        self.pointer = at;
        let Some(end) = self.shortcut_host(at) else {
            return Shortcut::Continue;
        };
        // Path start state: a special URL's path begins.
        self.begin_path();
        self.state = State::Path;
        let bytes = self.input.as_bytes();
        let at = if bytes.get(end) == Some(&b'/') {
            end + 1
        } else {
            end
        };
        let Some(end) = self.shortcut_path(at) else {
            return Shortcut::Continue;
        };
        let bytes = self.input.as_bytes();
        let end = match bytes.get(end) {
            Some(b'?') => match self.shortcut_query(end) {
                Some(end) => end,
                None => return Shortcut::Continue,
            },
            _ => end,
        };
        if self.input.as_bytes().get(end) == Some(&b'#') {
            return self.shortcut_fragment(end);
        }
        Shortcut::Done
    }

    /// Scheme start and scheme states: a special scheme other than file,
    /// followed by `://` and a letter, digit, hyphen or dot (the special
    /// authority states with nothing to report). The scheme is written
    /// with its colon; the authority's start is returned. Nothing is
    /// written when it is not so.
    fn shortcut_scheme(&mut self) -> Option<usize> {
        let bytes = self.input.as_bytes();
        if !bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let colon = run_end(self.input, 1, is_scheme_byte);
        // The host's first code point, checked here: the special authority
        // states decide on it.
        let after = bytes.get(colon..colon + 4)?;
        if after[..3] != *b"://" || LDH[usize::from(after[3])] == 0 {
            return None;
        }
        let s = &mut self.url.serialization;
        s.push_str(&self.input[..=colon]);
        // Scheme state, 2.1: lowercased (a scheme mostly is already).
        let is_taken = |s: &str| matches!(special(&s[..colon]), Some(Some(_)));
        if !is_taken(s) {
            s.make_ascii_lowercase();
            if !is_taken(s) {
                s.clear();
                return None;
            }
        }
        self.scheme_done();
        // The special authority slashes states, then the authority state.
        self.url.serialization.push_str("//");
        Some(colon + 3)
    }

    /// Authority, host and port states, for an authority without
    /// credentials whose host is a domain the shortcut takes and whose port,
    /// if any, is digits up to 65535: the host and port are written and the
    /// offset of the code point after them returned. Else nothing is
    /// written and the authority state goes on at `at`.
    fn shortcut_host(&mut self, at: usize) -> Option<usize> {
        let bytes = self.input.as_bytes();
        let domain = plain_domain_end(bytes, at)?;
        let host_end = domain.end;
        let (port, end) = match bytes.get(host_end) {
            None | Some(b'/' | b'?' | b'#') => (None, host_end),
            Some(b':') => {
                let end = run_end(self.input, host_end + 1, |b| b.is_ascii_digit());
                if !matches!(bytes.get(end), None | Some(b'/' | b'?' | b'#')) {
                    return None;
                }
                let port = bytes[host_end + 1..end].iter().try_fold(0u32, |n, &d| {
                    let n = n * 10 + u32::from(d - b'0');
                    (n <= 65535).then_some(n)
                })?;
                ((end > host_end + 1).then_some(port as u16), end)
            }
            Some(_) => return None,
        };
        // Authority state, 2: no credentials, nothing written.
        let s = &mut self.url.serialization;
        self.url.username_end = s.len();
        self.url.host_start = s.len();
        // Domain to ASCII: ASCII is only lowercased.
        domain.push(s, self.input, at);
        self.url.host = HostKind::Domain;
        self.url.host_end = s.len();
        // Port state, 2.1.3: the scheme's default port is null.
        if let Some(port) = port {
            let default = special(self.url.scheme()).flatten();
            self.url.port = (default != Some(port)).then_some(port);
            if let Some(p) = self.url.port {
                self.url.serialization.push(':');
                ipv4::push_decimal(&mut self.url.serialization, u32::from(p));
            }
        }
        Some(end)
    }

    /// Path state from `at` (a segment's start), for segments of plain code
    /// points that are not `.` or `..`: the offset of the `?`, `#` or end of
    /// input that ends the path. Else the path state goes on where the
    /// shortcut stopped, in the segment it was writing.
    ///
    /// The segments are read first and written in one copy: the states
    /// write a `/` and then each segment as it is, separated by the `/` the
    /// input has, so what they write is `/` and the input from `at` on.
    fn shortcut_path(&mut self, at: usize) -> Option<usize> {
        let bytes = self.input.as_bytes();
        let mut segment = at;
        let (end, stopped) = loop {
            let end = run_end(self.input, segment, is_plain);
            let dots = matches!(&bytes[segment..end], b"." | b"..");
            match bytes.get(end) {
                Some(b'/') if !dots => segment = end + 1,
                None | Some(b'?' | b'#') if !dots => break (end, false),
                _ => break (end, true),
            }
        };
        let s = &mut self.url.serialization;
        s.push('/');
        let written = s.len();
        s.push_str(&self.input[at..end]);
        if stopped {
            self.segment = Some(written + (segment - at));
            self.pointer = end;
            return None;
        }
        Some(end)
    }

    /// Query state from the `?` at `at`, for a query of code points the
    /// special-query percent-encode set leaves alone and that raise no
    /// validation error, in UTF-8: the offset after it. Else the query
    /// state goes on where the shortcut stopped, its buffer unwritten.
    fn shortcut_query(&mut self, at: usize) -> Option<usize> {
        self.pointer = at;
        self.begin_query();
        self.state = State::Query;
        let start = at + 1;
        let end = run_end(self.input, start, |b| QUERY_PLAIN[usize::from(b)]);
        self.pointer = end;
        if self.encoding != UTF_8 || !matches!(self.input.as_bytes().get(end), None | Some(b'#')) {
            return None;
        }
        self.url.serialization.push_str(&self.input[start..end]);
        self.buf_start = end;
        Some(end)
    }

    /// Fragment state from the `#` at `at`, as far as its code points need
    /// no percent-encoding and raise no validation error.
    fn shortcut_fragment(&mut self, at: usize) -> Shortcut {
        self.pointer = at;
        self.begin_fragment();
        self.state = State::Fragment;
        let end = run_end(self.input, at + 1, |b| {
            is_plain(b) || b == b'/' || b == b'?'
        });
        self.url.serialization.push_str(&self.input[at + 1..end]);
        self.pointer = end;
        if end == self.input.len() {
            Shortcut::Done
        } else {
            Shortcut::Continue
        }
    }
}

/// What the query state copies unchanged with no validation error in a
/// special URL: the plain code points less `'`, and `/` and `?`.
static QUERY_PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = (plain_ascii(c) || c == b'/' || c == b'?') && c != b'\'';
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use crate::engine::encoding::QueryEncoding;
    use crate::engine::trace::{NoTrace, StepId, Trace};
    use crate::engine::url_standard::{Quirks, Url, parse_with};

    /// Every quirk on, each naming some step: what a browser model may ask.
    const ALL_QUIRKS: Quirks = {
        let id = Some(StepId::WhatwgHost);
        Quirks {
            host_space_escaped: id,
            host_asterisk_escaped: id,
            host_asterisk_quote_refused: id,
            ascii_domain_checked: id,
            ipv4_empty_hex_refused: id,
            host_decoded_again: id,
            opaque_host_low_byte: id,
            apostrophe_in_query: id,
            apostrophe_in_userinfo: id,
            opaque_path_space_kept: id,
            caret_in_path_kept: id,
            file_localhost_kept: id,
            file_drive_ordinary: id,
            drive_survives_dot_dot: id,
            file_dot_dot_drive: id,
            file_drive_pipe_kept: id,
            ipv6_ipv4_part_numbers: id,
            ipv6_trailing_colon_ignored: id,
            ipv6_percent_decoded_in_brackets: id,
        }
    };

    /// The shortcut (untraced) gives what the states alone give (traced):
    /// the same record to the offset, the same errors and departures.
    fn same(input: &str, base: Option<&Url>) {
        let shift_jis = QueryEncoding {
            named: Some(encoding_rs::SHIFT_JIS),
            used: encoding_rs::SHIFT_JIS,
        };
        for quirks in [&Quirks::STANDARD, &ALL_QUIRKS] {
            for encoding in [QueryEncoding::UTF8, shift_jis] {
                let fast = parse_with(input, base, encoding, quirks, &mut NoTrace);
                let states = parse_with(input, base, encoding, quirks, &mut Trace::default());
                assert_eq!(fast, states, "{input:?} against {base:?}");
            }
        }
    }

    fn base(href: &str) -> Url {
        let parsed = parse_with(
            href,
            None,
            QueryEncoding::UTF8,
            &Quirks::STANDARD,
            &mut NoTrace,
        );
        parsed.url.expect("a valid base")
    }

    /// Inputs on each edge of what the shortcut takes.
    fn edge_inputs() -> Vec<String> {
        let label63 = "a".repeat(63);
        let long = format!("{}b", "a.".repeat(126));
        let mut inputs: Vec<String> = [
            "http://example.com",
            "HTTP://EXAMPLE.COM/A?B#C",
            "hTtPs://Ex-1.Org:443/",
            "https://a.b:0443/x",
            "http://a.b:65535",
            "http://a.b:65536/",
            "http://a.b:/",
            "http://a.b:8x/",
            "http://a:b@c/",
            "http://a.com:80@b/",
            "http://a.com@b/",
            "http://a.b./",
            "http://1.2.3.4/",
            "http://a.0x1/",
            "http://a.1/",
            "http://1a.b/",
            "http://xn--a.com/",
            "http://ab--c.com/",
            "http://-a.com/",
            "http://a-.com/",
            "http://a..b/",
            "http:///a",
            "http:\\\\a/",
            "http://a\\b",
            "http://a/b\\c",
            "http://a/./b",
            "http://a/../b",
            "http://a/b/..",
            "http://a/b/.",
            "http://a/b/%2e",
            "http://a/b/.?x",
            "http://a/..#y",
            "http://a/b?c'd",
            "http://a/b?c d#e f",
            "http://a/b#c'd e",
            "http://a/b?#",
            "http://a#",
            "http://a?",
            "http://a?b?c/d",
            "file://a/b",
            "ws://a:80/",
            "wss://a:443",
            "ftp://a:21/",
            "ws://a?'",
            "http://a_b.c/",
            "http://é.com/",
            "http://a.com/é",
            "http://a/b?é",
            "http://a/b#é",
            "foo://a/b",
            "http://[::1]/",
            "http:a.com",
            "https:/a.com",
            "http://",
            "http:",
            "http://a",
            "http://a/b c",
            "http://a/b%20c",
            "http://a/^",
            "http://a/b?c\"d",
            "http://a/b#c`d",
            "http://a/b#c/d?e#f",
            " http://a/ ",
            "http://a/\tb",
            "http://a/b//c",
            "http://a/b/",
            "http://a:/b",
            "http://a.b.c.d.e.f.g/",
            "http://a%41.com/",
            "http://a/b?c%",
            "http://a/b#%zz",
            "http://a:99999999999999999999/",
            "http://a.b:080",
            "https://a:80",
            "http://a/%2e%2E/b",
            "http://a/b?c\u{0}",
            "http://a/b#\u{7f}",
            "mailto:x@y",
            "//a/b",
            "/a/b",
            "?x",
            "#y",
            "",
            "a",
            "http://A.B/C:D@E",
            "http://a./",
            // Tabs and newlines, removed before the states read the input.
            "http://\t/a",
            "http:/\t/a",
            "ht\ttp://a",
            "http://a\t.com/",
            "http://a.com/b\t",
            "http://a.com/b\n",
            "http://a.com:8\t0/",
            "http://a.com/?q\t#f",
            "http://a.com/#f\t",
            "http://a.com/.\t./x",
            "http://a.com\r/x",
            "http://a.com/x ",
            "\thttp://a.com/",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for host in [
            label63.clone(),
            format!("a{label63}"),
            format!("{label63}.com"),
            long.clone(),
            format!("a{long}"),
        ] {
            inputs.push(format!("http://{host}/x"));
        }
        inputs
    }

    #[test]
    fn the_shortcut_writes_what_the_states_write() {
        let bases = [
            None,
            Some(base("http://example.org/a/b/c?q#f")),
            Some(base("https://x/")),
            Some(base("file:///c:/d")),
            Some(base("foo:bar")),
        ];
        for input in &edge_inputs() {
            for b in &bases {
                same(input, b.as_ref());
            }
        }
    }

    /// The IPv6 quirks sit in the host parser, which the shortcut leaves to
    /// the states: both give the same.
    #[test]
    fn the_shortcut_leaves_ipv6_quirks_to_the_states() {
        for input in [
            "http://[::0x7f.0.0.1]/",
            "http://[::%31]:81/",
            "http://[1::8:]/",
        ] {
            same(input, None);
        }
    }

    /// The shortcut against the states on the shared corpora, when they are
    /// there (`../shared/corpus`): every real-world URL, and the web-platform
    /// inputs with their bases.
    #[test]
    fn the_shortcut_agrees_on_the_corpora() {
        let dir = format!("{}/../shared/corpus", env!("CARGO_MANIFEST_DIR"));
        let Ok(real) = std::fs::read_to_string(format!("{dir}/real-urls.txt")) else {
            eprintln!("SKIPPED: no corpus in {dir}");
            return;
        };
        let b = base("http://example.org/a/b/c?q#f");
        for (i, line) in real.lines().enumerate() {
            // Every line without a base, every 50th with one too (a debug
            // build, traced: keep it short).
            same(line, None);
            if i % 50 == 0 {
                same(line, Some(&b));
            }
        }
        let tricky = std::fs::read_to_string(format!("{dir}/tricky-urls.txt")).unwrap_or_default();
        let unescape = |s: &str| {
            s.replace("\\t", "\t")
                .replace("\\n", "\n")
                .replace("\\\\", "\\")
        };
        for line in tricky.lines() {
            let (input, b) = line.split_once('\t').unwrap_or((line, ""));
            let b = parse_with(
                &unescape(b),
                None,
                QueryEncoding::UTF8,
                &Quirks::STANDARD,
                &mut NoTrace,
            );
            same(&unescape(input), b.url.ok().as_ref());
        }
    }
}
