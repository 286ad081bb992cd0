//! `URI/_idna.pm` and `URI/_punycode.pm` (URI 5.17), as Perl runs them.
//!
//! | function of URI 5.17 | here |
//! |---|---|
//! | `URI::_idna::encode` | [`encode`] |
//! | `URI::_idna::decode` | [`decode`] |
//! | `ToASCII` (with `nameprep`, which only lowercases, and `check_size`) | [`to_ascii`] |
//! | `ToUnicode` | `to_unicode` |
//! | `URI::_punycode::encode_punycode` | `encode_punycode` |
//! | `URI::_punycode::decode_punycode` (with `digit_value`, `adapt`) | `decode_punycode` |
//!
//! A label is a list of Perl code points (`u64`: punycode decoding can
//! make any value up to `IV_MAX`). `_punycode.pm` runs under `use integer`:
//! its arithmetic is signed 64-bit and wraps (perl is built with
//! `-fwrapv`), division truncates toward zero and `%` takes the sign of the
//! dividend, which a label that overflows reaches. `lc` follows the
//! string's kind (see `text.rs`): Unicode's on a character string, `A`-`Z`
//! only on a byte string.

use super::text::{lossy, push_lc};

const BASE: i64 = 36;
const TMIN: i64 = 1;
const TMAX: i64 = 26;
const SKEW: i64 = 38;
const DAMP: i64 = 700;
const INITIAL_BIAS: i64 = 72;
const INITIAL_N: i64 = 128;

/// What Perl says when it dies in these modules (the text before
/// " at FILE line N.").
pub(super) const LABEL_EMPTY: &str = "Label empty";
pub(super) const LABEL_TOO_LONG: &str = "Label too long";
const ACE_PREFIX: &str = "Label starts with ACE prefix";
const NON_BASIC: &str = "non-basic code point";
const INVALID: &str = "invalid punycode input";
const DIVISION_BY_ZERO: &str = "Illegal division by zero";
const NOT_COME_HERE: &str = "NOT COME HERE";

/// A label: Perl code points.
pub(super) type Label = Vec<u64>;

/// Whether a code point is below U+0080 (`$ASCII`, `$BasicRE`).
fn ascii(c: u64) -> bool {
    c < 0x80
}

/// The code points of "xn--".
const XN: [u64; 4] = [0x78, 0x6e, 0x2d, 0x2d];

/// `split(/\./, $s, -1)`: the labels; none at all for an empty string.
pub(super) fn split_labels(s: &[u64]) -> Vec<&[u64]> {
    if s.is_empty() {
        return Vec::new();
    }
    s.split(|&c| c == u64::from(b'.')).collect()
}

/// `lc`: Unicode's on a character string (`unicode`), ASCII's on a byte
/// string.
fn lc(label: &[u64], unicode: bool) -> Label {
    let mut out = Vec::with_capacity(label.len());
    for &c in label {
        if unicode {
            push_lc(&mut out, c);
        } else if (0x41..=0x5a).contains(&c) {
            out.push(c + 0x20);
        } else {
            out.push(c);
        }
    }
    out
}

/// `check_size`.
fn check_size(label: Label) -> Result<Label, String> {
    if label.is_empty() {
        return Err(LABEL_EMPTY.into());
    }
    if label.len() > 63 {
        return Err(LABEL_TOO_LONG.into());
    }
    Ok(label)
}

/// `URI::_idna::encode`: each label through [`to_ascii`], a last empty
/// label (a trailing dot) left alone; the first label that dies fails it.
pub(super) fn encode(domain: &[u64], unicode: bool) -> Result<Label, String> {
    let mut labels = split_labels(domain);
    let last_empty = labels.len() > 1 && labels.last().is_some_and(|l| l.is_empty());
    if last_empty {
        labels.pop();
    }
    let mut out = Vec::with_capacity(domain.len() + 8);
    for (n, label) in labels.iter().enumerate() {
        if n > 0 {
            out.push(u64::from(b'.'));
        }
        out.extend(to_ascii(label, unicode)?);
    }
    if last_empty {
        out.push(u64::from(b'.'));
    }
    Ok(out)
}

/// `ToASCII`: an ASCII label as it is; else lowercased (nameprep), and if
/// still not ASCII, punycoded behind "xn--" unless it starts "xn--"
/// already; `check_size` on the result.
pub(super) fn to_ascii(label: &[u64], unicode: bool) -> Result<Label, String> {
    if label.iter().all(|&c| ascii(c)) {
        return check_size(label.to_vec());
    }
    let label = lc(label, unicode);
    if label.iter().all(|&c| ascii(c)) {
        return check_size(label);
    }
    if label.starts_with(&XN) {
        return Err(ACE_PREFIX.into());
    }
    // encode_punycode writes at least one character for each one it reads,
    // so from 60 characters on "xn--" and the code are over 63: check_size
    // dies, unless the encoder dies first, which only an overflow of its
    // 64-bit delta can make it do (see `may_overflow`).
    if label.len() >= 60 && !may_overflow(&label) {
        return Err(LABEL_TOO_LONG.into());
    }
    let mut out = XN.to_vec();
    out.extend(encode_punycode(&label)?);
    check_size(out)
}

/// Whether `encode_punycode`'s delta could leave the signed 64-bit range
/// on `label`: it grows by at most (largest code point) x (length + 1)
/// and by one per character between two resets.
fn may_overflow(label: &[u64]) -> bool {
    let top = label.iter().copied().max().unwrap_or(0);
    let len = u64::try_from(label.len()).unwrap_or(u64::MAX);
    top.checked_add(len)
        .and_then(|t| t.checked_mul(len.saturating_add(1)))
        .and_then(|t| t.checked_mul(2))
        .is_none_or(|t| t > i64::MAX as u64)
}

/// `URI::_idna::decode`: each label through `to_unicode`.
pub(super) fn decode(domain: &[u64]) -> Result<Label, String> {
    let mut out = Vec::with_capacity(domain.len());
    for (n, label) in split_labels(domain).into_iter().enumerate() {
        if n > 0 {
            out.push(u64::from(b'.'));
        }
        out.extend(to_unicode(label)?);
    }
    Ok(out)
}

/// `ToUnicode` on a label of a byte string (the decoded host): a label
/// starting "xn--" is punycode-decoded, and the result must give the
/// label back through `ToASCII`.
fn to_unicode(label: &[u64]) -> Result<Label, String> {
    let label = if label.iter().all(|&c| ascii(c)) {
        label.to_vec()
    } else {
        lc(label, false)
    };
    if !label.starts_with(&XN) {
        return Ok(label);
    }
    let result = decode_punycode(&label[4..])?;
    // join '', map chr: a character string only when one is above U+00FF
    let unicode = result.iter().any(|&c| c > 0xff);
    let label2 = to_ascii(&result, unicode)?;
    let lowered = lc(&label, false);
    if lowered != label2 {
        return Err(format!(
            "IDNA does not round-trip: '{}' vs '{}'",
            lossy(&lowered),
            lossy(&label2)
        ));
    }
    Ok(result)
}

/// `adapt`.
fn adapt(delta: i64, numpoints: i64, firsttime: bool) -> Result<i64, String> {
    let mut delta = if firsttime {
        delta.wrapping_div(DAMP)
    } else {
        delta.wrapping_div(2)
    };
    delta = delta.wrapping_add(delta.wrapping_div(numpoints));
    let mut k: i64 = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta = delta.wrapping_div(BASE - TMIN);
        k = k.wrapping_add(BASE);
    }
    let divisor = delta.wrapping_add(SKEW);
    if divisor == 0 {
        return Err(DIVISION_BY_ZERO.into());
    }
    Ok(k.wrapping_add((BASE - TMIN + 1).wrapping_mul(delta).wrapping_div(divisor)))
}

/// The threshold `t` of round `k`.
fn threshold(k: i64, bias: i64) -> i64 {
    if k <= bias {
        TMIN
    } else if k >= bias.wrapping_add(TMAX) {
        TMAX
    } else {
        k.wrapping_sub(bias)
    }
}

/// `digit_value`: A-Z and a-z are 0 to 25, 0-9 are 26 to 35.
fn digit_value(c: Option<u64>) -> Option<i64> {
    let c = u8::try_from(c?).ok()?;
    match c {
        b'A'..=b'Z' => Some(i64::from(c - b'A')),
        b'a'..=b'z' => Some(i64::from(c - b'a')),
        b'0'..=b'9' => Some(i64::from(c - b'0') + 26),
        _ => None,
    }
}

/// `code_point`: the character of a digit; past 36 the module dies.
fn code_point(digit: i64) -> Result<u64, String> {
    match digit {
        0..=25 => Ok(u64::try_from(digit).unwrap_or(0) + u64::from(b'a')),
        26..=36 => Ok(u64::try_from(digit - 26).unwrap_or(0) + u64::from(b'0')),
        _ => Err(NOT_COME_HERE.into()),
    }
}

/// `decode_punycode`.
fn decode_punycode(code: &[u64]) -> Result<Label, String> {
    let mut n: i64 = INITIAL_N;
    let mut i: i64 = 0;
    let mut bias = INITIAL_BIAS;
    // s/(.*)-//: from the start of the first line holding a '-' to that
    // line's last '-' ('.' does not match a line feed)
    let mut basic: &[u64] = &[];
    let mut rest: Vec<u64> = code.to_vec();
    let mut start = 0;
    for line in code.split(|&c| c == 0x0a) {
        if let Some(at) = line.iter().rposition(|&c| c == u64::from(b'-')) {
            basic = &line[..at];
            rest = [&code[..start], &code[start + at + 1..]].concat();
            break;
        }
        start += line.len() + 1;
    }
    if basic.iter().any(|&c| !ascii(c)) {
        return Err(NON_BASIC.into());
    }
    // the insertions, replayed into place at the end (see `place`)
    let mut inserts: Vec<(usize, i64)> = basic
        .iter()
        .enumerate()
        .map(|(at, &c)| (at, i64::try_from(c).unwrap_or(0)))
        .collect();
    let mut code = rest.into_iter();
    let mut left = code.len();
    // while ($code): an empty code or the code "0" ends the loop
    while left > 0 && !(left == 1 && code.as_slice() == [u64::from(b'0')]) {
        let oldi = i;
        let mut w: i64 = 1;
        let mut k = BASE;
        loop {
            let c = code.next();
            left = left.saturating_sub(1);
            let digit = digit_value(c).ok_or_else(|| INVALID.to_owned())?;
            i = i.wrapping_add(digit.wrapping_mul(w));
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.wrapping_mul(BASE - t);
            k = k.wrapping_add(BASE);
        }
        let len = i64::try_from(inserts.len()).unwrap_or(i64::MAX);
        bias = adapt(i.wrapping_sub(oldi), len + 1, oldi == 0)?;
        n = n.wrapping_add(i.wrapping_div(len + 1));
        i = i.wrapping_rem(len + 1);
        // splice(@output, $i, 0, $n): a negative offset counts from the end
        let at = if i < 0 { len + i } else { i };
        inserts.push((usize::try_from(at).unwrap_or(0), n));
        i = i.wrapping_add(1);
    }
    // chr: a negative number gives U+FFFD
    Ok(place(&inserts)
        .into_iter()
        .map(|n| u64::try_from(n).unwrap_or(0xfffd))
        .collect())
}

/// The list that inserting each `(index, value)` in turn into an empty
/// list gives (`splice(@output, $i, 0, $n)` over and over), built in
/// O(n log n): taken from the last insertion back, each value goes to the
/// (index+1)-th slot still free, found in a Fenwick tree.
fn place(inserts: &[(usize, i64)]) -> Vec<i64> {
    let n = inserts.len();
    // tree[i] counts the free slots of its range (1-based)
    let mut tree = vec![0usize; n + 1];
    for i in 1..=n {
        tree[i] += 1;
        let parent = i + (i & i.wrapping_neg());
        if parent <= n {
            tree[parent] += tree[i];
        }
    }
    let mut top = 1;
    while top * 2 <= n {
        top *= 2;
    }
    let mut out = vec![0i64; n];
    for &(at, value) in inserts.iter().rev() {
        // the (at+1)-th free slot
        let mut want = at + 1;
        let mut pos = 0;
        let mut step = top;
        while step > 0 {
            if pos + step <= n && tree[pos + step] < want {
                pos += step;
                want -= tree[pos];
            }
            step /= 2;
        }
        let slot = pos + 1;
        if let Some(o) = out.get_mut(slot - 1) {
            *o = value;
        }
        let mut i = slot;
        while i <= n {
            tree[i] -= 1;
            i += i & i.wrapping_neg();
        }
    }
    out
}

/// `encode_punycode`.
fn encode_punycode(input: &[u64]) -> Result<Label, String> {
    // code points as Perl's integers (every one fits: chr takes an IV)
    let input: Vec<i64> = input
        .iter()
        .map(|&c| i64::try_from(c).unwrap_or(i64::MAX))
        .collect();
    let mut n = INITIAL_N;
    let mut delta: i64 = 0;
    let mut bias = INITIAL_BIAS;
    let mut output: Label = input
        .iter()
        .filter(|&&c| c < 0x80)
        .map(|&c| u64::try_from(c).unwrap_or(0))
        .collect();
    let b = output.len();
    let mut h = b;
    if b > 0 && h < input.len() {
        output.push(u64::from(b'-'));
    }
    while h < input.len() {
        let m = input.iter().copied().filter(|&c| c >= n).min().unwrap_or(n);
        let h1 = i64::try_from(h).unwrap_or(i64::MAX).wrapping_add(1);
        delta = delta.wrapping_add(m.wrapping_sub(n).wrapping_mul(h1));
        n = m;
        for &c in &input {
            if c < n {
                delta = delta.wrapping_add(1);
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    output.push(code_point(
                        t.wrapping_add(q.wrapping_sub(t).wrapping_rem(BASE - t)),
                    )?);
                    q = q.wrapping_sub(t).wrapping_div(BASE - t);
                    k = k.wrapping_add(BASE);
                }
                output.push(code_point(q)?);
                let h1 = i64::try_from(h).unwrap_or(i64::MAX).wrapping_add(1);
                bias = adapt(delta, h1, h == b)?;
                delta = 0;
                h += 1;
            }
        }
        delta = delta.wrapping_add(1);
        n = n.wrapping_add(1);
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cps(s: &str) -> Label {
        s.chars().map(u64::from).collect()
    }

    fn text(l: &[u64]) -> String {
        lossy(l)
    }

    #[test]
    fn encodes_and_decodes_as_uris_tests_do() {
        let e = |s: &str| {
            encode(&cps(s), true)
                .map(|l| text(&l))
                .map_err(|e| e.to_owned())
        };
        assert_eq!(e("www.example.com."), Ok("www.example.com.".into()));
        assert_eq!(e("Bücher.ch"), Ok("xn--bcher-kva.ch".into()));
        assert_eq!(e("➡.ws"), Ok("xn--hgi.ws".into()));
        assert_eq!(e("a..é"), Err(LABEL_EMPTY.into()));
        assert_eq!(e(&"é".repeat(70)), Err(LABEL_TOO_LONG.into()));
        assert_eq!(e("xn--é"), Err("Label starts with ACE prefix".into()));
        let d = |s: &str| decode(&cps(s)).map(|l| text(&l)).map_err(|e| e.to_owned());
        assert_eq!(d("xn--bcher-kva.ch"), Ok("bücher.ch".into()));
        assert_eq!(d("xn--bcher-KVA.ch"), Ok("bücher.ch".into()));
        assert_eq!(
            d("xn--abc-0"),
            Err("IDNA does not round-trip: 'xn--abc-0' vs 'abc'".into())
        );
        assert_eq!(d("xn--a\u{e9}-x"), Err(NON_BASIC.into()));
        assert_eq!(d("xn--!"), Err(INVALID.into()));
    }

    #[test]
    fn place_replays_splices() {
        let inserts = [(0, 1), (0, 2), (1, 3), (3, 4), (2, 5)];
        let mut v: Vec<i64> = Vec::new();
        for &(at, x) in &inserts {
            v.insert(at, x);
        }
        assert_eq!(place(&inserts), v);
    }
}
