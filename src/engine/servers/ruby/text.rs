//! Ruby's `String#inspect` and `String#dump` (`string.c`, `rb_str_inspect`
//! and `rb_str_dump`) for the UTF-8 strings the library puts in its error
//! messages: `bad URI(is not URI?): "…"` quotes the URL with `inspect`,
//! `URI must be ascii only "…"` with `dump`, and a `NoMethodError` names
//! its receiver with `inspect`.
//!
//! Both escape `"` and `\`, a `#` that would start an interpolation
//! (`#{`, `#$`, `#@`), and the named controls (`\n`, `\t`, `\e`, …).
//! They part on the other characters: `inspect` writes a control of a UTF-8
//! string as `\u0001` and any other character as it is, `dump` writes a
//! control as `\x01` and everything outside ASCII as `\u00E9` or
//! `\u{1F600}`.

/// The escape both functions write for `c`, when it has a short one.
fn named_escape(c: char, next: Option<char>) -> Option<&'static str> {
    Some(match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        '\u{c}' => "\\f",
        '\u{b}' => "\\v",
        '\u{8}' => "\\b",
        '\u{7}' => "\\a",
        '\u{1b}' => "\\e",
        '#' if matches!(next, Some('{' | '$' | '@')) => "\\#",
        _ => return None,
    })
}

/// The loop both functions are: `"`, each character as its named escape
/// or as `other` writes it, `"`.
fn quote(s: &str, other: fn(char, &mut String)) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match named_escape(c, chars.peek().copied()) {
            Some(e) => out.push_str(e),
            None => other(c, &mut out),
        }
    }
    out.push('"');
    out
}

/// `str.inspect` for a UTF-8 string.
///
/// The library only ever inspects ASCII strings (a string with any other
/// character is refused before, with `dump`); a character outside ASCII is
/// written as it is, as Ruby does for a printable one.
pub fn inspect(s: &str) -> String {
    quote(s, |c, out| {
        if c.is_ascii_control() {
            out.push_str(&format!("\\u{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    })
}

/// `str.dump` for a UTF-8 string.
pub fn dump(s: &str) -> String {
    quote(s, |c, out| {
        if c.is_ascii_control() {
            out.push_str(&format!("\\x{:02X}", u32::from(c)));
        } else if c.is_ascii() {
            out.push(c);
        } else if u32::from(c) > 0xFFFF {
            out.push_str(&format!("\\u{{{:X}}}", u32::from(c)));
        } else {
            out.push_str(&format!("\\u{:04X}", u32::from(c)));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inspect_and_dump_write_what_ruby_writes() {
        // Each checked against ruby 3.1.2 (`p s.inspect`, `p s.dump`).
        assert_eq!(
            inspect("a\u{1}\u{7f}\t\n\u{1b}\"\\#{x}#$#@#"),
            r#""a\u0001\u007F\t\n\e\"\\\#{x}\#$\#@#""#
        );
        assert_eq!(
            dump("h/\u{1}\"\u{80}\u{1F600}#{é\u{7f}"),
            r#""h/\x01\"\u0080\u{1F600}\#{\u00E9\x7F""#
        );
    }
}
