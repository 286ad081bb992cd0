//! How notes name characters and list them: `'l' U+006C LATIN SMALL LETTER
//! L`, `a, b and c`, `1 character`. A leaf of [`super`].

use std::collections::HashSet;

use crate::engine::preprocess::is_noncharacter;

/// How the notes name a character: `'l' U+006C LATIN SMALL LETTER L`;
/// invisible ones without the glyph.
pub fn describe_char(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    let name = match (c, unicode_names2::name(c)) {
        // The characters preprocessing removes or trims (no Unicode name).
        ('\t', _) => "TAB".to_owned(),
        ('\n', _) => "LF (line feed)".to_owned(),
        ('\r', _) => "CR (carriage return)".to_owned(),
        ('\u{0B}', _) => "VT (vertical tab)".to_owned(),
        ('\u{0C}', _) => "FF (form feed)".to_owned(),
        (_, Some(name)) => name.to_string(),
        _ if c.is_control() => "(a control character)".to_owned(),
        _ if is_noncharacter(c) => "(a noncharacter)".to_owned(),
        _ => "(unassigned)".to_owned(),
    };
    if c.is_control() || c.is_whitespace() || is_noncharacter(c) {
        format!("{code} {name}")
    } else {
        format!("'{c}' {code} {name}")
    }
}

/// At most this many items are listed in one message; the rest are counted.
pub(super) const LIST_MAX: usize = 6;

/// `a, b and c`, or `a, b, ..., and 4 more`.
pub(super) fn list(items: &[String]) -> String {
    list_of(&items[..items.len().min(LIST_MAX)], items.len())
}

/// [`list`] of the first items `shown` of `total`.
pub(super) fn list_of(shown: &[String], total: usize) -> String {
    let rest = total.saturating_sub(shown.len());
    match (shown, rest) {
        ([], _) => String::new(),
        ([one], 0) => one.clone(),
        (_, 0) => format!(
            "{} and {}",
            shown[..shown.len() - 1].join(", "),
            shown[shown.len() - 1]
        ),
        (_, n) => format!("{}, and {n} more", shown.join(", ")),
    }
}

/// The distinct characters of `chars`, in order of appearance, named and
/// listed (the first few; the others counted).
pub(crate) fn name_distinct(chars: impl IntoIterator<Item = char>) -> String {
    name_distinct_with(chars, describe_char)
}

/// [`name_distinct`], naming each character with `name`.
pub(crate) fn name_distinct_with(
    chars: impl IntoIterator<Item = char>,
    name: impl Fn(char) -> String,
) -> String {
    let mut seen = HashSet::new();
    let distinct: Vec<char> = chars.into_iter().filter(|&c| seen.insert(c)).collect();
    let named: Vec<String> = distinct.iter().take(LIST_MAX).map(|&c| name(c)).collect();
    list_of(&named, distinct.len())
}

/// `1 character` / `3 characters`.
pub(super) fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
