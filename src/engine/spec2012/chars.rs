//! Character classes of the spec ("Character classes", "Drive specifications")
//! as `const` bitsets and small predicates.
//!
//! An [`AsciiSet`] is a 128-bit set of ASCII code units, built at compile time.
//! The percent-encoding sets of canonicalization are written as "every octet
//! except …"; [`AsciiSet::complement`] builds those from the short list.

/// A set of ASCII bytes, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsciiSet(u128);

impl AsciiSet {
    /// The empty set.
    pub const EMPTY: AsciiSet = AsciiSet(0);
    /// The C0 controls U+0000 … U+001F.
    pub const C0: AsciiSet = AsciiSet((1u128 << 0x20) - 1);

    /// Adds one byte (which must be ASCII).
    pub const fn add(self, b: u8) -> AsciiSet {
        AsciiSet(self.0 | (1u128 << (b & 0x7F)))
    }

    /// Adds every byte of `bytes`.
    pub const fn add_all(self, bytes: &[u8]) -> AsciiSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.add(bytes[i]);
            i += 1;
        }
        set
    }

    /// Adds the inclusive range `from..=to`.
    pub const fn add_range(self, from: u8, to: u8) -> AsciiSet {
        let mut set = self;
        let mut b = from;
        while b <= to {
            set = set.add(b);
            if b == 0x7F {
                break;
            }
            b += 1;
        }
        set
    }

    /// Every ASCII byte not in `self`.
    pub const fn complement(self) -> AsciiSet {
        AsciiSet(!self.0)
    }

    /// Whether the set holds `b` (always false for non-ASCII bytes).
    #[inline]
    pub const fn contains(self, b: u8) -> bool {
        b < 0x80 && (self.0 >> b) & 1 == 1
    }
}

/// Unreserved characters of RFC 3986: `A-Z a-z 0-9 - . _ ~`.
pub const UNRESERVED: AsciiSet = AsciiSet::EMPTY
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_range(b'0', b'9')
    .add_all(b"-._~");

/// Valid scheme characters: `+ - . 0-9 A-Z a-z`.
pub const SCHEME: AsciiSet = AsciiSet::EMPTY
    .add_range(b'A', b'Z')
    .add_range(b'a', b'z')
    .add_range(b'0', b'9')
    .add_all(b"+-.");

/// A "slash character": `/` or `\`.
#[inline]
pub const fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// Whether `s` begins with a slash character.
#[inline]
pub fn starts_with_slash(s: &str) -> bool {
    s.as_bytes().first().is_some_and(|&b| is_slash(b))
}

/// The number of leading slash characters of `s`.
#[inline]
pub fn leading_slashes(s: &str) -> usize {
    s.bytes().take_while(|&b| is_slash(b)).count()
}

/// Hierarchicalness: the schemes that are *not* hierarchical (ASCII
/// case-insensitive).
pub fn is_non_hierarchical_scheme(scheme: &str) -> bool {
    ["about", "data", "javascript", "mailto", "vbscript"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
}

/// The value of an ASCII hex digit.
#[inline]
pub const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte that a `%XX` at the start of `bytes` stands for, if it is one.
#[inline]
pub fn percent_byte_at(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', h, l, ..] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// Drive specifications: a drive letter (`A-Z a-z`, or its `%XX` form), and
/// the length in bytes of that letter at the start of `s`.
pub fn drive_letter_len(s: &[u8]) -> Option<(u8, usize)> {
    match s.first()? {
        b if b.is_ascii_alphabetic() => Some((*b, 1)),
        b'%' => percent_byte_at(s)
            .filter(u8::is_ascii_alphabetic)
            .map(|b| (b, 3)),
        _ => None,
    }
}

/// Drive specifications: the length of a drive suffix (`:` or `|`, or its
/// `%XX` form) at the start of `s`.
pub fn drive_suffix_len(s: &[u8]) -> Option<usize> {
    match s.first()? {
        b':' | b'|' => Some(1),
        b'%' => percent_byte_at(s)
            .filter(|b| *b == b':' || *b == b'|')
            .map(|_| 3),
        _ => None,
    }
}

/// Whether the whole of `s` is a drive specification.
///
/// Interpretation: the spec makes the drive suffix optional, but the suite
/// (and so the reference implementation) only treats a letter *with* its
/// suffix as a drive: `file:///c/` keeps `/c/`, and a host `c` stays a host.
pub fn is_drive_spec(s: &str) -> bool {
    let b = s.as_bytes();
    match drive_letter_len(b) {
        Some((_, n)) => drive_suffix_len(&b[n..]) == Some(b.len() - n),
        None => false,
    }
}

/// A drive specification that forms the first path segment: an optional
/// slash, a drive letter and its suffix, then a slash or the end. Returns the
/// letter and the length of the match without the final slash.
///
/// Interpretation: the spec's "begins with a drive specification" is read as
/// "the first segment is a drive specification", which is what the suite
/// expects (`cd:\foo` and `c:foo` do not begin with one); see
/// [`is_drive_spec`] on the suffix.
pub fn leading_drive_segment(s: &str, optional_slash: bool) -> Option<(u8, usize)> {
    let b = s.as_bytes();
    let start = usize::from(optional_slash && b.first().is_some_and(|&c| is_slash(c)));
    let (letter, n) = drive_letter_len(&b[start..])?;
    let end = start + n + drive_suffix_len(&b[start + n..])?;
    match b.get(end) {
        None => Some((letter, end)),
        Some(&c) if is_slash(c) => Some((letter, end)),
        _ => None,
    }
}

/// Label separators of RFC 3490: `.`, U+3002, U+FF0E, U+FF61.
#[inline]
pub const fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Whether a path segment is `.` or `..` (1 or 2), with `%2E` standing for `.`.
pub(crate) fn dot_segment(seg: &str) -> u8 {
    match seg.len() {
        1 if seg == "." => 1,
        2 if seg == ".." => 2,
        3 if seg.eq_ignore_ascii_case("%2e") => 1,
        4 if seg.eq_ignore_ascii_case(".%2e") || seg.eq_ignore_ascii_case("%2e.") => 2,
        6 if seg.eq_ignore_ascii_case("%2e%2e") => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets() {
        assert!(UNRESERVED.contains(b'~'));
        assert!(!UNRESERVED.contains(b'%'));
        assert!(AsciiSet::C0.contains(0x1F));
        assert!(!AsciiSet::C0.contains(0x20));
        assert!(!UNRESERVED.contains(0xC3));
        assert!(UNRESERVED.complement().contains(b'%'));
        assert!(!UNRESERVED.complement().contains(0x80));
    }

    #[test]
    fn drive_specs() {
        assert!(!is_drive_spec("c"));
        assert!(is_drive_spec("C:"));
        assert!(is_drive_spec("c|"));
        assert!(is_drive_spec("%63%3A"));
        assert!(is_drive_spec("c%7c"));
        assert!(!is_drive_spec("cd"));
        assert!(!is_drive_spec("c::"));
        assert!(!is_drive_spec(""));
        assert_eq!(leading_drive_segment("/c:/x", true), Some((b'c', 3)));
        assert_eq!(leading_drive_segment("c|", false), Some((b'c', 2)));
        assert_eq!(leading_drive_segment("c:foo", false), None);
        assert_eq!(leading_drive_segment("cd:/", false), None);
        assert_eq!(leading_drive_segment("/%43%7C/", true), Some((b'C', 7)));
        assert_eq!(leading_drive_segment("/c/", true), None);
    }
}
