//! What Perl's regular expressions and string functions mean on the strings
//! URI handles, written out by hand: the character classes of `URI.pm`
//! (`$URI::uric` and its variants), `\s`, `\d` and `lc` on character
//! strings, `URI::Escape`'s `escape_char` and `uri_unescape`, and the
//! language of `Regexp::IPv6`'s `$IPv6_re`.
//!
//! Perl strings come in two kinds that matter here. The input and the
//! base, decoded from UTF-8 text, carry the UTF8 flag whenever they hold a
//! character outside ASCII; on them `\s` and `\d` are Unicode's and `lc`
//! is Unicode's (perl 5.36: Unicode 14.0), and `escape_char` writes a
//! character's UTF-8 bytes. Everything URI builds afterwards is ASCII, and
//! what `uri_unescape` makes of it is a string of bytes without the flag:
//! there `\d` is `[0-9]`, `lc` touches only `A`-`Z`, and `escape_char`
//! writes one `%XX` per character. A byte string is kept here as a Rust
//! string of the characters U+0000 to U+00FF, one per byte, which is what
//! Perl's string holds.

use super::tables::{DIGIT, LOWER};

/// `$URI::reserved` (5.11 and later, square brackets not reserved):
/// `;/?:@&=+$,`.
fn is_reserved(c: char) -> bool {
    matches!(c, ';' | '/' | '?' | ':' | '@' | '&' | '=' | '+' | '$' | ',')
}

/// `$URI::unreserved`: ASCII letters and digits and `-_.!~*'()`.
pub(super) fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '!' | '~' | '*' | '\'' | '(' | ')')
}

/// `$URI::uric`: reserved, unreserved and `%`.
pub(super) fn is_uric(c: char) -> bool {
    is_reserved(c) || is_unreserved(c) || c == '%'
}

/// `$URI::uric4host`: `$URI::uric` and the square brackets.
pub(super) fn is_uric4host(c: char) -> bool {
    is_uric(c) || c == '[' || c == ']'
}

/// `$ACHAR` of `URI/_generic.pm`: `$URI::uric4host` less `/` and `?`.
pub(super) fn is_achar(c: char) -> bool {
    is_uric4host(c) && c != '/' && c != '?'
}

/// `$PCHAR` of `URI/_generic.pm`: `$URI::uric` less `?`.
pub(super) fn is_pchar(c: char) -> bool {
    is_uric(c) && c != '?'
}

/// `$URI::uric4user`: ASCII letters and digits and `!$'()*,;:._~%-+=&`.
pub(super) fn is_uric4user(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '$'
                | '\''
                | '('
                | ')'
                | '*'
                | ','
                | ';'
                | ':'
                | '.'
                | '_'
                | '~'
                | '%'
                | '-'
                | '+'
                | '='
                | '&'
        )
}

/// The length of the text `$URI::scheme_re` (`[a-zA-Z][a-zA-Z0-9.+\-]*`)
/// matches at the start of `s`, greedily; `None` when `s` does not start
/// with a letter.
pub(super) fn scheme_run(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    Some(
        b.iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'.' | b'+' | b'-')))
            .unwrap_or(b.len()),
    )
}

/// `/^($scheme_re):/`: the scheme before the first `:` (the run is
/// greedy, and no scheme character is a `:`, so this is the only match).
pub(super) fn leading_scheme(s: &str) -> Option<&str> {
    let n = scheme_run(s)?;
    (s.as_bytes().get(n) == Some(&b':')).then(|| &s[..n])
}

/// Perl's `\s` on a character string (Unicode's White_Space).
pub(super) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Perl's `\d` on a character string (Unicode's decimal digits).
pub(super) fn is_digit(c: char) -> bool {
    let c = u32::from(c);
    DIGIT
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Perl's `lc` of one code point of a character string (Unicode 14.0),
/// pushed to `out`; any value Perl allows (surrogates and code points
/// above U+10FFFF lowercase to themselves).
pub(super) fn push_lc(out: &mut Vec<u64>, c: u64) {
    if c == 0x130 {
        // the one character whose lowercase is two: i and a combining dot
        out.extend([0x69, 0x307]);
        return;
    }
    let Ok(c32) = u32::try_from(c) else {
        out.push(c);
        return;
    };
    let run = LOWER.partition_point(|&(_, last, _, _)| last < c32);
    let lowered = LOWER
        .get(run)
        .filter(|&&(first, _, step, _)| first <= c32 && (c32 - first) % step == 0)
        .map_or(c, |&(_, _, _, delta)| {
            u64::from(c32.wrapping_add_signed(delta))
        });
    out.push(lowered);
}

/// Perl's `lc` of a character string.
#[cfg(test)]
pub(super) fn lc_unicode(s: &str) -> String {
    let mut cps = Vec::with_capacity(s.len());
    for c in s.chars() {
        push_lc(&mut cps, u64::from(c));
    }
    cps.into_iter()
        .filter_map(|c| u32::try_from(c).ok().and_then(char::from_u32))
        .collect()
}

/// `URI::Escape::escape_char` on a character of a character string: its
/// UTF-8 bytes, each `%XX` in upper-case hex.
pub(super) fn push_escaped_utf8(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        push_escaped_byte(out, b);
    }
}

/// `%XX` for one byte, upper-case hex (`%URI::Escape::escapes`).
pub(super) fn push_escaped_byte(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

/// `escape_char` on a character of a string that may be either kind:
/// one `%XX` for a character below U+0100 (a byte string holds only
/// those), its UTF-8 bytes otherwise (only a character string can hold it).
pub(super) fn push_escaped(out: &mut String, c: char) {
    match u8::try_from(c) {
        Ok(b) => push_escaped_byte(out, b),
        Err(_) => push_escaped_utf8(out, c),
    }
}

/// `s/([^CLASS])/escape_char($1)/eg` on a string whose characters below
/// U+0100 are bytes (every string URI escapes after `new`).
pub(super) fn escape_outside(s: &str, keep: fn(char) -> bool) -> String {
    if s.chars().all(keep) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if keep(c) {
            out.push(c);
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

/// Code points as text, U+FFFD for what is no Unicode scalar value.
pub fn lossy(cps: &[u64]) -> String {
    cps.iter()
        .map(|&c| {
            u32::try_from(c)
                .ok()
                .and_then(char::from_u32)
                .unwrap_or('\u{fffd}')
        })
        .collect()
}

/// The value of an ASCII hex digit.
fn hex_value(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// The byte of the escape at `b[i..]`, if `%([0-9a-fA-F]{2})` matches
/// there.
pub(super) fn escape_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let hi = b.get(i + 1).copied().and_then(hex_value)?;
    let lo = b.get(i + 2).copied().and_then(hex_value)?;
    Some(hi << 4 | lo)
}

/// `uri_unescape`: each `%XX` (hex digits, any case) becomes the
/// character of that byte; the result is a byte string (characters
/// U+0000 to U+00FF). The input is ASCII, as every URI string is.
pub(super) fn uri_unescape(s: &str) -> String {
    if !s.contains('%') {
        return s.to_owned();
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(byte) = escape_at(b, i) {
            out.push(char::from(byte));
            i += 3;
        } else {
            out.push(char::from(b[i]));
            i += 1;
        }
    }
    out
}

/// `lc` on a byte string: only `A`-`Z` change.
pub(super) fn lc_ascii(s: &str) -> String {
    s.chars().map(|c| c.to_ascii_lowercase()).collect()
}

/// Where `.*X` (no `/s`: `.` stops at a line feed) first matches: the
/// start of the first line that holds an `X` and the position of that
/// line's last `X`.
pub(super) fn first_line_match(s: &str, x: char) -> Option<(usize, usize)> {
    let mut start = 0;
    for line in s.split('\n') {
        if let Some(at) = line.rfind(x) {
            return Some((start, start + at));
        }
        start += line.len() + 1;
    }
    None
}

/// `/^$IPv6_re$/i` with `Regexp::IPv6` 0.03's `$IPv6_re`: whether `s`
/// (with no line feed in it) is, whole, one of the IPv6 forms that regular
/// expression spells out. Written as the set of positions each part of the
/// expression can end at, part by part, so the answer is the expression's
/// own for every string, whatever order a backtracking engine tries.
pub(super) fn is_regexp_ipv6(s: &str) -> bool {
    let b = s.as_bytes();
    let end = ipv6_re(b, &[0]);
    end.contains(&b.len())
}

/// Positions: a sorted set of offsets into the text.
type Ends = Vec<usize>;

fn settle(mut v: Ends) -> Ends {
    v.sort_unstable();
    v.dedup();
    v
}

/// A literal byte.
fn lit(b: &[u8], from: &[usize], c: u8) -> Ends {
    settle(
        from.iter()
            .filter(|&&i| b.get(i) == Some(&c))
            .map(|&i| i + 1)
            .collect(),
    )
}

/// `$G`: one to four hex digits.
fn group(b: &[u8], from: &[usize]) -> Ends {
    let mut out = Vec::new();
    for &i in from {
        for n in 1..=4 {
            if b.get(i..i + n)
                .is_some_and(|s| s.iter().all(u8::is_ascii_hexdigit))
            {
                out.push(i + n);
            } else {
                break;
            }
        }
    }
    settle(out)
}

/// One octet of `$IPv4`: `25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2}`.
fn octet(b: &[u8], from: &[usize]) -> Ends {
    let mut out = Vec::new();
    let d = |i: usize| b.get(i).copied().filter(u8::is_ascii_digit);
    for &i in from {
        if b.get(i) == Some(&b'2')
            && b.get(i + 1) == Some(&b'5')
            && d(i + 2).is_some_and(|c| c <= b'5')
        {
            out.push(i + 3);
        }
        if b.get(i) == Some(&b'2') && d(i + 1).is_some_and(|c| c <= b'4') && d(i + 2).is_some() {
            out.push(i + 3);
        }
        // [0-1]? then one or two digits
        let mut starts = vec![i];
        if matches!(b.get(i), Some(b'0' | b'1')) {
            starts.push(i + 1);
        }
        for s in starts {
            if d(s).is_some() {
                out.push(s + 1);
                if d(s + 1).is_some() {
                    out.push(s + 2);
                }
            }
        }
    }
    settle(out)
}

/// `$IPv4`: four octets and three dots.
fn ipv4(b: &[u8], from: &[usize]) -> Ends {
    let mut at = octet(b, from);
    for _ in 0..3 {
        at = octet(b, &lit(b, &at, b'.'));
    }
    at
}

/// `:$G`.
fn colon_group(b: &[u8], from: &[usize]) -> Ends {
    group(b, &lit(b, from, b':'))
}

/// `:$IPv4`.
fn colon_ipv4(b: &[u8], from: &[usize]) -> Ends {
    ipv4(b, &lit(b, from, b':'))
}

/// `(:$G){min,max}`.
fn colon_groups(b: &[u8], from: &[usize], min: usize, max: usize) -> Ends {
    let mut out = if min == 0 { from.to_vec() } else { Vec::new() };
    let mut at = from.to_vec();
    for n in 1..=max {
        at = colon_group(b, &at);
        if n >= min {
            out.extend_from_slice(&at);
        }
    }
    settle(out)
}

fn union(a: Ends, b: Ends) -> Ends {
    settle([a, b].concat())
}

/// `((:$G){0,n}(:$IPv4|(:$G){1,2})|:)`: the tails 4 to 6.
fn wide_tail(b: &[u8], from: &[usize], n: usize) -> Ends {
    let lead = colon_groups(b, from, 0, n);
    let end = union(colon_ipv4(b, &lead), colon_groups(b, &lead, 1, 2));
    union(end, lit(b, from, b':'))
}

/// The seven tails of `Regexp::IPv6`, by index.
fn tail(b: &[u8], from: &[usize], k: usize) -> Ends {
    match k {
        // ":"
        0 => lit(b, from, b':'),
        // "(:($G)?|$IPv4)"
        1 => {
            let colon = lit(b, from, b':');
            union(union(colon.clone(), group(b, &colon)), ipv4(b, from))
        }
        // ":($IPv4|$G(:$G)?|)"
        2 => {
            let colon = lit(b, from, b':');
            let g = group(b, &colon);
            union(
                union(ipv4(b, &colon), union(g.clone(), colon_group(b, &g))),
                colon,
            )
        }
        // "(:$IPv4|:$G(:$IPv4|(:$G){0,2})|:)"
        3 => {
            let g = colon_group(b, from);
            let after_g = union(colon_ipv4(b, &g), colon_groups(b, &g, 0, 2));
            union(union(colon_ipv4(b, from), after_g), lit(b, from, b':'))
        }
        k => wide_tail(b, from, k - 2),
    }
}

/// `$IPv6_re` as the module builds it: `R0 = $G`, `R(k+1) = $G:(Rk|tail k)`
/// for k = 0 to 6, then `:(:$G){0,5}((:$G){1,2}|:$IPv4)|R7`.
fn ipv6_re(b: &[u8], from: &[usize]) -> Ends {
    fn r(b: &[u8], from: &[usize], k: usize) -> Ends {
        if k == 0 {
            return group(b, from);
        }
        let after = lit(b, &group(b, from), b':');
        union(r(b, &after, k - 1), tail(b, &after, k - 1))
    }
    let lead = colon_groups(b, &lit(b, from, b':'), 0, 5);
    let first = union(colon_groups(b, &lead, 1, 2), colon_ipv4(b, &lead));
    union(first, r(b, from, 7))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_uri_pms() {
        let uric: String = (' '..='~').filter(|&c| is_uric(c)).collect();
        assert_eq!(
            uric,
            "!$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert!(is_uric4host('[') && !is_uric('['));
        assert!(!is_achar('/') && !is_achar('?') && is_achar('@'));
        assert!(!is_pchar('?') && is_pchar('/'));
        assert!(!is_uric4user('@') && is_uric4user('&'));
    }

    #[test]
    fn perl_strings() {
        assert!(is_space('\u{3000}') && is_space('\u{b}') && !is_space('\u{1c}'));
        assert!(is_digit('٣') && is_digit('9') && !is_digit('²'));
        assert_eq!(lc_unicode("İSTANBUL ẞ Σ"), "i\u{307}stanbul ß σ");
        assert_eq!(uri_unescape("%41%c3%A9%4"), "A\u{c3}\u{a9}%4");
        let mut s = String::new();
        push_escaped_utf8(&mut s, 'é');
        push_escaped(&mut s, '\u{e9}');
        assert_eq!(s, "%C3%A9%E9");
        assert_eq!(first_line_match("a\nb@c@d\ne@", '@'), Some((2, 5)));
    }

    #[test]
    fn regexp_ipv6_takes_what_the_module_takes() {
        for yes in [
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "fe80::e828:209d:20e:c0ae",
            "::ffff:129.144.52.38",
            "1:2:3:4:5:6:001.2.3.4",
            "1::2:3",
            "ABCD::",
        ] {
            assert!(is_regexp_ipv6(yes), "{yes}");
        }
        for no in [
            "::",
            "1:2",
            "1:2:",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::1.2.3.256",
            ":1",
            "",
            "g::",
        ] {
            assert!(!is_regexp_ipv6(no), "{no}");
        }
    }

    /// Checks the hand-written pieces against the machine's perl, when it
    /// has one with Regexp::IPv6: the tables, and `$IPv6_re` on generated
    /// strings.
    #[test]
    fn agrees_with_the_machines_perl() {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut words: Vec<String> = Vec::new();
        let parts = [
            "",
            ":",
            "::",
            "1",
            "ab",
            "fff",
            "1234",
            "12345",
            "1.2.3.4",
            "255.0.0.01",
            "256.1.1.1",
            "01.1.1.1",
        ];
        for a in parts {
            for b in parts {
                for c in parts {
                    words.push(format!("{a}{b}{c}"));
                    words.push(format!("{a}:{b}:{c}:1:2"));
                    words.push(format!("1:{a}:2::{b}{c}"));
                }
            }
        }
        let script = "use Regexp::IPv6 qw($IPv6_re); $|=1; while (<STDIN>) { chomp; print((/^$IPv6_re$/i ? 1 : 0), \"\\n\") }";
        let Ok(mut child) = Command::new("perl")
            .args(["-e", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        else {
            eprintln!("SKIPPED: no perl");
            return;
        };
        let mut stdin = child.stdin.take().expect("piped");
        let input = words.join("\n") + "\n";
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().expect("perl runs");
        let _ = writer.join();
        if !out.status.success() {
            eprintln!("SKIPPED: no Regexp::IPv6");
            return;
        }
        let answers: Vec<bool> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l == "1")
            .collect();
        assert_eq!(answers.len(), words.len());
        for (w, perl) in words.iter().zip(answers) {
            assert_eq!(is_regexp_ipv6(w), perl, "{w:?}");
        }
        // \d and lc over every code point, as the tables were made.
        let script = "no warnings; for my $c (0..0x10FFFF) { next if $c >= 0xD800 && $c <= 0xDFFF; my $s = chr($c); utf8::upgrade($s); print join(',', $c, ($s =~ /\\A\\d\\z/ ? 1 : 0), map { ord } split //, lc $s), \"\\n\" }";
        let out = Command::new("perl")
            .args(["-e", script])
            .output()
            .expect("perl runs");
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let f: Vec<u64> = line.split(',').filter_map(|x| x.parse().ok()).collect();
            let c = char::from_u32(u32::try_from(f[0]).expect("a code point")).expect("a scalar");
            assert_eq!(is_digit(c), f[1] == 1, "\\d {c:?}");
            let mut lc = Vec::new();
            push_lc(&mut lc, f[0]);
            assert_eq!(lc, f[2..], "lc {c:?}");
        }
    }
}
