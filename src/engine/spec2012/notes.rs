//! Notes: what a person must not miss in a result, beyond the canonical URL.
//!
//! The trace records what the algorithm did; a [`Note`] says what a person
//! reading the result should notice: a host that mixes scripts or imitates
//! an ASCII host (Unicode UTS #39), characters the query encoding could not
//! write, an encoding label that fell back to UTF-8, characters that were
//! percent-encoded or removed without anyone asking, and hints for common
//! invalid inputs. Each note has a stable [`NoteCode`] (one table, below),
//! a message naming the specifics, and where one applies the byte range in
//! the *preprocessed* input it is about, the coordinates of every other
//! range of the engine (spans, trace steps, failures).
//!
//! Notes are computed from a finished run (the input, its preprocessed and
//! parsed forms, the resolved URL and the outcome), never inside the
//! algorithm, so a run pays nothing for them unless asked: [`of_run`] gives
//! the notes of a run, and `Inspection::from_run` computes them too. A run
//! made with [`Options::keep`] hands them its forms; for one made without,
//! [`of_run`] first looks at the input and the outcome alone, which rules
//! out every note for most valid URLs, and computes the forms again only
//! when a note may apply.

use std::borrow::Cow;
use std::collections::HashMap;

use encoding_rs::{EncoderResult, Encoding, UTF_8};

use super::chars::{is_slash, percent_byte_at};
use super::failure::Reason;
use super::model::Component;
use super::options::{Base, Options, Until};
use super::outcome::Outcome;
use super::preprocess::{is_noncharacter, preprocess};
use super::run::kept_forms;
use crate::engine::encoding::EncodingVerdict;
use crate::engine::trace::NoTrace;

pub use host::{HostLook, host_look};
pub use naming::describe_char;
use naming::{LIST_MAX, count, list, list_of, name_distinct};
pub use note::{Forms, Note, NoteCode, NoteLevel};

mod host;
mod naming;
mod note;
#[cfg(test)]
mod tests;

/// The notes of the run of `input` with `options` that gave `outcome`. They
/// read the forms the run kept; a run that kept none has them computed
/// again, untraced.
pub fn of_run(input: &str, options: &Options<'_>, outcome: &Outcome) -> Vec<Note> {
    if outcome.kept.is_none() && surely_none(input, options, outcome) {
        return Vec::new();
    }
    let kept = kept_forms(input, options, outcome);
    notes(&Forms::new(input, options, &kept, outcome))
}

/// Whether the run can have no note at all, read from the input, the
/// options and the outcome alone: most valid URLs resolved against
/// themselves, which then need neither their forms kept nor computed again.
/// `false` says only that a note may apply. Each check below rules out the
/// notes of one function of [`notes`]; together they rule out all of them.
fn surely_none(input: &str, options: &Options<'_>, outcome: &Outcome) -> bool {
    // A base may give the host; the earlier stages and invalid URLs have
    // notes of their own (`no_scheme`, the resolved forms).
    let plain_run = matches!(options.base, Base::None | Base::Text(""))
        && options.until == Until::Canonicalize
        && !outcome.url.invalid
        && outcome.failure.is_none()
        && outcome.canon.is_some();
    // `encoding_fallback_note`, `query_unmappable`.
    let plain_encoding = options.encoding.used == UTF_8 && options.encoding.fallback().is_none();
    if !plain_run || !plain_encoding {
        return false;
    }
    // `preprocessing_notes`: preprocessing borrows the input whole exactly
    // when it changes nothing.
    let unchanged = matches!(
        preprocess(input, &mut NoTrace),
        Cow::Borrowed(s) if s.len() == input.len()
    );
    // `host::host_notes` and `unclosed_bracket`: resolved against itself,
    // the host before canonicalization is the parsed one, which lies in
    // `through_authority(input)` (the input is the preprocessed text here).
    let host_text = through_authority(input);
    let plain_host = !host_text.contains('[')
        && host::plainly_ascii(host_text)
        && outcome
            .url
            .host
            .as_deref()
            .is_none_or(|h| h.starts_with('[') || host::plainly_ascii(h));
    // `percent_encoded_notes`: it reports only escapes canonicalization left.
    let no_escape = ENCODED_COMPONENTS
        .iter()
        .all(|&(c, _)| outcome.url.get(c).is_none_or(|v| !has_reportable_escape(v)));
    unchanged && plain_host && no_escape
}

/// The start of `input` up to the end of the authority it may have
/// (url-spec 3.2: after the scheme's `:` and the slashes that follow it, up
/// to the next slash, `?` or `#`); a UNC path's host (no scheme, leading
/// backslashes) ends in it too. Any host parsing finds lies within it.
fn through_authority(input: &str) -> &str {
    let bytes = input.as_bytes();
    let mut at = memchr::memchr(b':', bytes).map_or(0, |colon| colon + 1);
    while bytes.get(at).copied().is_some_and(is_slash) {
        at += 1;
    }
    let end = bytes[at..]
        .iter()
        .position(|&b| is_slash(b) || b == b'?' || b == b'#')
        .map_or(bytes.len(), |len| at + len);
    &input[..end]
}

/// The notes of a run, in input order as far as they have one:
/// preprocessing, hints, host, the components' encodings.
pub fn notes(f: &Forms<'_>) -> Vec<Note> {
    let mut out = preprocessing_notes(f.input, f.preprocessed);
    out.extend(unclosed_bracket(f));
    out.extend(no_scheme(f));
    out.extend(host::host_notes(f));
    let canonicalized = f.until == Until::Canonicalize && !f.resolved.invalid;
    if canonicalized {
        out.extend(encoding_fallback_note(f));
        if f.outcome.canon.is_some() {
            out.extend(query_unmappable(f));
            out.extend(percent_encoded_notes(f));
        }
    }
    out
}

/// The query encoding fell back to UTF-8, for a URL whose query is encoded
/// in it (hierarchical, with a query): the same condition as the trace's
/// `canon.query.encoding-fallback` step.
fn encoding_fallback_note(f: &Forms<'_>) -> Option<Note> {
    let verdict = f.encoding.fallback()?;
    if !f.resolved.hierarchical || f.resolved.query.is_none() {
        return None;
    }
    let message = match (verdict, f.encoding.named) {
        (EncodingVerdict::NotAsciiCompatible, Some(named)) => format!(
            "{} does not keep ASCII as ASCII, so the query was encoded in UTF-8 instead (Percent-encoding, step 3)",
            named.name()
        ),
        _ => "the encoding label names no encoding the Encoding Standard knows, so the query was encoded in UTF-8 instead".to_owned(),
    };
    Some(Note::new(NoteCode::EncodingFallback, message, None))
}

// ---------------------------------------------------------------------------
// Preprocessing

/// Whether preprocessing step 4 trims `c` from the ends.
fn is_trimmed(c: char) -> bool {
    matches!(c, '\u{0B}' | '\u{0C}' | ' ')
}

/// What preprocessing removed (steps 3 and 4) and replaced (step 2).
/// Positions in messages are byte offsets of the input as given; ranges are
/// in the preprocessed input, as everywhere.
fn preprocessing_notes(input: &str, preprocessed: &str) -> Vec<Note> {
    // Nothing removed, replaced or trimmed: the common case, with no copy.
    if input == preprocessed {
        return Vec::new();
    }
    // Steps 2 and 3 in one pass (they touch different characters), noting
    // where each change lands in the text before trimming.
    let mut mid = String::with_capacity(input.len());
    let mut removed: Vec<(usize, char, usize)> = Vec::new();
    let mut replaced: Vec<(usize, char, usize)> = Vec::new();
    for (at, c) in input.char_indices() {
        if matches!(c, '\t' | '\n' | '\r') {
            removed.push((at, c, mid.len()));
        } else if is_noncharacter(c) {
            replaced.push((at, c, mid.len()));
            mid.push('\u{FFFD}');
        } else {
            mid.push(c);
        }
    }
    let trimmed = mid.trim_matches(is_trimmed);
    if trimmed != preprocessed {
        // Cannot happen while this mirrors `preprocess`; say nothing rather
        // than point at the wrong place.
        return Vec::new();
    }
    let lead = mid.len() - mid.trim_start_matches(is_trimmed).len();
    let to_pre = |p: usize| p.saturating_sub(lead).min(trimmed.len());
    let mut out = Vec::new();
    if let Some(&(_, _, first)) = replaced.first() {
        let last = replaced.last().map_or(first, |r| r.2);
        let items: Vec<String> = replaced
            .iter()
            .map(|&(at, c, _)| format!("{} at byte {at}", describe_char(c)))
            .collect();
        out.push(Note::new(
            NoteCode::NoncharacterReplaced,
            format!(
                "{} replaced by U+FFFD: {} of the input as given (Preprocessing, step 2)",
                count(replaced.len(), "noncharacter was", "noncharacters were"),
                list(&items)
            ),
            Some(to_pre(first)..to_pre(last) + '\u{FFFD}'.len_utf8()),
        ));
    }
    if let Some(&(_, _, first)) = removed.first() {
        let items: Vec<String> = removed
            .iter()
            .map(|&(at, c, _)| format!("{} at byte {at}", describe_char(c)))
            .collect();
        let p = to_pre(first);
        out.push(Note::new(
            NoteCode::WhitespaceRemoved,
            format!(
                "removed {} of the input as given: {} (Preprocessing, step 3 drops them wherever they are)",
                count(removed.len(), "tab or line break", "tabs or line breaks"),
                list(&items)
            ),
            Some(p..p),
        ));
    }
    out.extend(trim_note(&mid, trimmed));
    out
}

/// The note for what step 4 trimmed from the ends of `mid` (the text after
/// steps 2 and 3), if anything.
fn trim_note(mid: &str, trimmed: &str) -> Option<Note> {
    let lead: Vec<char> = mid.chars().take_while(|&c| is_trimmed(c)).collect();
    let trail_len = mid.len() - mid.trim_end_matches(is_trimmed).len();
    let trail: Vec<char> = if trimmed.is_empty() {
        Vec::new()
    } else {
        mid[mid.len() - trail_len..].chars().collect()
    };
    if lead.is_empty() && trail.is_empty() {
        return None;
    }
    let kinds = |cs: &[char]| name_distinct(cs.iter().copied());
    let mut parts = Vec::new();
    if !lead.is_empty() {
        parts.push(format!(
            "{} from the start ({})",
            count(lead.len(), "character", "characters"),
            kinds(&lead)
        ));
    }
    if !trail.is_empty() {
        parts.push(format!(
            "{} from the end ({})",
            count(trail.len(), "character", "characters"),
            kinds(&trail)
        ));
    }
    Some(Note::new(
        NoteCode::WhitespaceRemoved,
        format!("trimmed {} (Preprocessing, step 4)", parts.join(" and ")),
        None,
    ))
}

// ---------------------------------------------------------------------------
// Hints for invalid inputs

/// `http://[::1/`: the host starts an IPv6 literal that no `]` closes. The
/// authority then splits at its last colon, so the failure (where there is
/// one) speaks of a colon; the real mistake is the missing bracket.
fn unclosed_bracket(f: &Forms<'_>) -> Option<Note> {
    let host = f.parsed.host.as_deref()?;
    let span = f.parsed.span(Component::Host)?;
    let closed = host.contains(']') || f.parsed.port.as_deref().is_some_and(|p| p.contains(']'));
    if !host.starts_with('[') || closed {
        return None;
    }
    let at = span.start;
    Some(Note::new(
        NoteCode::UnclosedBracket,
        format!(
            "the '[' at byte {at} starts an IPv6 literal that is never closed: write ']' after the address (as in http://[::1]/)"
        ),
        Some(at..at + 1),
    ))
}

/// `example.com/path` with no base: no scheme, but the first segment reads
/// like a host name, so `http://` was probably left out.
fn no_scheme(f: &Forms<'_>) -> Option<Note> {
    let failure = f.outcome.failure.as_ref()?;
    if failure.reason != Reason::NoSchemeNoBase || f.parsed.scheme.is_some() {
        return None;
    }
    let text = f.preprocessed;
    let end = text.find(['/', '\\', '?', '#']).unwrap_or(text.len());
    let first = &text[..end];
    let host_like = first.contains('.')
        && !first.starts_with('.')
        && !first.ends_with('.')
        && first
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | ':'));
    if !host_like {
        return None;
    }
    Some(Note::new(
        NoteCode::NoScheme,
        format!(
            "the input has no scheme and no base URL was given; if {first:?} is a host, write \"http://{text}\""
        ),
        Some(0..end),
    ))
}

// ---------------------------------------------------------------------------
// Components: the query encoding and percent-encoded characters

/// The characters of `text` (with their byte offsets) that `encoding`
/// cannot represent.
fn unmappable(text: &str, encoding: &'static Encoding) -> Vec<(usize, char)> {
    let mut out = Vec::new();
    let mut known: HashMap<char, bool> = HashMap::new();
    let mut bytes = [0u8; 32];
    let mut one = [0u8; 4];
    for (at, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
        let lost = *known.entry(c).or_insert_with(|| {
            let mut encoder = encoding.new_encoder();
            let (result, _, _) = encoder.encode_from_utf8_without_replacement(
                c.encode_utf8(&mut one),
                &mut bytes,
                true,
            );
            matches!(result, EncoderResult::Unmappable(_))
        });
        if lost {
            out.push((at, c));
        }
    }
    out
}

/// Characters of a hierarchical URL's query that its encoding cannot
/// represent and that became `?` (Percent-encoding, step 5, as
/// `percent::encode_in` does it: no numeric references).
fn query_unmappable(f: &Forms<'_>) -> Option<Note> {
    let used = f.encoding.used;
    if used == UTF_8 || !f.resolved.hierarchical {
        return None;
    }
    let query = f.resolved.query.as_deref()?;
    let lost = unmappable(query, used);
    let (&(first, _), &(last, last_c)) = (lost.first()?, lost.last()?);
    let typed_here = f.parsed.query.is_some() && f.parsed.query == f.resolved.query;
    let span = f.parsed.span(Component::Query).filter(|_| typed_here);
    let from_base = if span.is_some() {
        ""
    } else {
        " (the query came from the base URL)"
    };
    Some(Note::new(
        NoteCode::QueryUnmappable,
        format!(
            "{} of the query cannot be written in {} and became '?'{from_base}: {}",
            count(lost.len(), "character", "characters"),
            used.name(),
            name_distinct(lost.iter().map(|&(_, c)| c))
        ),
        span.map(|s| s.start + first..s.start + last + last_c.len_utf8()),
    ))
}

/// The components whose ASCII characters canonicalization may
/// percent-encode, with the spec section that does it.
const ENCODED_COMPONENTS: [(Component, &str); 6] = [
    (Component::User, "Canonicalization, user-info"),
    (Component::Password, "Canonicalization, user-info"),
    (Component::Host, "CanonicalizeHost"),
    (Component::Path, "Canonicalization, path"),
    (Component::Query, "Canonicalization, query"),
    (Component::Fragment, "Canonicalization, fragment"),
];

/// How often each ASCII byte stands in `s` as it is, and as a `%XX` escape
/// (either case of hex): one pass, so large inputs stay cheap.
fn ascii_counts(s: &str) -> ([usize; 128], [usize; 128]) {
    let (mut literal, mut escaped) = ([0; 128], [0; 128]);
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match percent_byte_at(&bytes[i..]) {
            Some(b) if b < 0x80 => {
                escaped[usize::from(b)] += 1;
                i += 3;
                continue;
            }
            _ if bytes[i] < 0x80 => literal[usize::from(bytes[i])] += 1,
            _ => {}
        }
        i += 1;
    }
    (literal, escaped)
}

/// Whether `s` holds a `%XX` escape of an ASCII byte that
/// [`percent_encoded_notes`] reports (not a letter, digit or `%`).
fn has_reportable_escape(s: &str) -> bool {
    let bytes = s.as_bytes();
    // A vectorized search for `%`: this runs on every component of every row.
    memchr::memchr_iter(b'%', bytes).any(|i| {
        percent_byte_at(&bytes[i..])
            .is_some_and(|b| b < 0x80 && !b.is_ascii_alphanumeric() && b != b'%')
    })
}

/// One note per component in which canonicalization percent-encoded ASCII
/// characters (a space, `"`, `<`, `>`, controls, ...).
///
/// Found by comparing the component before and after canonicalization: a
/// character is counted when there are fewer of it and more of its escape
/// afterwards. (Non-ASCII characters are always encoded or always kept per
/// component, which users expect; they are not noted.)
fn percent_encoded_notes(f: &Forms<'_>) -> Vec<Note> {
    let mut out = Vec::new();
    for (c, section) in ENCODED_COMPONENTS {
        let (Some(before), Some(after)) = (f.resolved.get(c), f.outcome.url.get(c)) else {
            continue;
        };
        // The common case, without counting: canonicalization wrote no
        // escape of an ASCII character that the note could be about.
        if !has_reportable_escape(after) {
            continue;
        }
        let (lit_before, esc_before) = ascii_counts(before);
        let (lit_after, esc_after) = ascii_counts(after);
        let encoded: Vec<(char, usize)> = (0u8..0x80)
            .filter(|b| !b.is_ascii_alphanumeric() && *b != b'%')
            .filter_map(|b| {
                let i = usize::from(b);
                let was_encoded = lit_after[i] < lit_before[i] && esc_after[i] > esc_before[i];
                was_encoded.then(|| (char::from(b), lit_before[i] - lit_after[i]))
            })
            .collect();
        if !encoded.is_empty() {
            out.push(percent_encoded_note(f, c, section, &encoded));
        }
    }
    out
}

/// The note for the characters `encoded` (with how many of each) of
/// component `c`, pointing at them in the input when the input gave `c`.
fn percent_encoded_note(
    f: &Forms<'_>,
    c: Component,
    section: &str,
    encoded: &[(char, usize)],
) -> Note {
    let span = f.parsed.span(c);
    let typed = span.clone().and_then(|s| f.preprocessed.get(s));
    let mut positions: Vec<usize> = Vec::new();
    if let (Some(span), Some(typed)) = (&span, typed) {
        for (at, ch) in typed.char_indices() {
            if encoded.iter().any(|&(e, _)| e == ch) {
                positions.push(span.start + at);
            }
        }
    }
    let items: Vec<String> = encoded
        .iter()
        .map(|&(ch, n)| {
            let times = if n > 1 {
                format!(" ({n} times)")
            } else {
                String::new()
            };
            let escape = format!("%{:02X}", u32::from(ch));
            let shown = if ch == ' ' {
                "a space".to_owned()
            } else {
                describe_char(ch)
            };
            format!("{shown} became {escape}{times}")
        })
        .collect();
    let total: usize = encoded.iter().map(|&(_, n)| n).sum();
    let noun = if total == 1 { "it" } else { "they" };
    let place = if positions.is_empty() {
        String::new()
    } else {
        let at: Vec<String> = positions
            .iter()
            .take(LIST_MAX)
            .map(usize::to_string)
            .collect();
        let bytes = if positions.len() == 1 {
            "byte"
        } else {
            "bytes"
        };
        format!(" (at {bytes} {})", list_of(&at, positions.len()))
    };
    let range = match (positions.first(), positions.last()) {
        (Some(&a), Some(&b)) => {
            let len = f.preprocessed[b..].chars().next().map_or(1, char::len_utf8);
            Some(a..b + len)
        }
        _ => None,
    };
    Note::new(
        NoteCode::CharPercentEncoded,
        format!(
            "in the {c}, {}{place}: {noun} may not appear there as {} ({section})",
            list(&items),
            if total == 1 { "it is" } else { "they are" }
        ),
        range,
    )
}
