//! Reading a URL's text as a browser's departures need it: where the
//! authority is, what a leading run of slashes is, whether a segment is a
//! drive letter. Plain string functions over the input as typed, shared by
//! the browser models.

/// Whether `b` is `/` or `\`.
pub fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// The length of the scheme `s` starts with, its colon included (0 when it
/// starts with none).
pub fn scheme_len(s: &str) -> usize {
    match super::model::scheme_of(s) {
        Some(scheme) => scheme.len() + 1,
        None => 0,
    }
}

/// How many of `s`'s first bytes are `/` or `\`.
pub fn leading_slashes(s: &str) -> usize {
    s.bytes().take_while(|&b| is_slash(b)).count()
}

/// The authority written in `t` (the text after an optional scheme and two
/// slashes, `/` or `\`, up to the next slash, `?` or `#`), when there is one.
pub fn input_authority(t: &str) -> Option<&str> {
    let rest = &t[scheme_len(t)..];
    let b = rest.as_bytes();
    if b.len() < 2 || !is_slash(b[0]) || !is_slash(b[1]) {
        return None;
    }
    let after = &rest[2..];
    let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
    Some(&after[..end])
}

/// The authority of an input a special scheme's parser reads: the text
/// before it, the userinfo (with its `@`), the `host[:port]`, and the rest.
pub struct SpecialAuthority<'a> {
    pub prefix: &'a str,
    pub userinfo: &'a str,
    pub hostport: &'a str,
    pub rest: &'a str,
}

/// Where `t` (a trimmed input, with `base` its base's text) has the
/// authority a special scheme's parser reads: after a special scheme and
/// its slashes (two exactly for file:; none needed otherwise, unless the
/// base has the same scheme), or after two slashes against a special base.
pub fn special_authority<'a>(
    t: &'a str,
    base_scheme: Option<&str>,
) -> Option<SpecialAuthority<'a>> {
    let scheme = super::model::scheme_of(t);
    let start = match scheme.as_deref() {
        Some(s) if !super::model::is_special(s) => return None,
        Some("file") => {
            let rest = &t.as_bytes()[5..];
            if rest.len() < 2 || !is_slash(rest[0]) || !is_slash(rest[1]) {
                return None;
            }
            7
        }
        Some(s) => {
            let after = &t[s.len() + 1..];
            let two = leading_slashes(after) >= 2;
            if Some(s) == base_scheme && !two {
                return None;
            }
            s.len() + 1 + leading_slashes(after)
        }
        None => {
            if !base_scheme.is_some_and(super::model::is_special) || leading_slashes(t) < 2 {
                return None;
            }
            2
        }
    };
    let after = &t[start..];
    let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
    let authority = &after[..end];
    let at = authority.rfind('@').map_or(0, |i| i + 1);
    Some(SpecialAuthority {
        prefix: &t[..start],
        userinfo: &authority[..at],
        hostport: &authority[at..],
        rest: &after[end..],
    })
}

/// Whether `s` is a drive letter: an ASCII letter and `:` or `|`.
pub fn is_drive(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// Whether `s` starts with a drive letter followed by a slash, `?`, `#`
/// or its end.
pub fn starts_with_drive(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && (b[1] == b':' || b[1] == b'|')
        && b.get(2)
            .is_none_or(|&c| is_slash(c) || c == b'?' || c == b'#')
}

/// `s` with ASCII letters compared as lowercase: does it start with `prefix`?
pub fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// `s` with leading and trailing C0 controls and spaces removed, but not
/// the tabs and newlines within.
pub fn strip_c0(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities_and_drive_letters() {
        assert_eq!(input_authority("http://u@h:1/x"), Some("u@h:1"));
        assert_eq!(input_authority("\\\\h\\x"), Some("h"));
        assert_eq!(input_authority("file:///x"), Some(""));
        assert_eq!(input_authority("http:/x"), None);
        assert!(starts_with_drive("C:/x") && starts_with_drive("c|") && !starts_with_drive("C:x"));
        assert_eq!(leading_slashes("\\/\\x"), 3);
        assert_eq!(scheme_len("sc:x"), 3);
    }
}
