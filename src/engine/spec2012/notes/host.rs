//! The host's notes: a label that mixes scripts and a host that looks like
//! a different ASCII host (Unicode UTS #39, "Restriction-Level Detection"
//! and "Confusable Detection", through the `unicode-security` crate), and
//! the information that a host holds non-ASCII characters at all.

use std::ops::Range;

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

use super::naming::{describe_char, name_distinct, name_distinct_with};
use super::note::{Forms, Note, NoteCode};
use crate::engine::model::Component;
use crate::engine::percent::decode_to_bytes;

/// Label separators a person reads as a dot (CanonicalizeHost, step 15).
fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The Unicode form of an `xn--` label; other labels as they are.
fn decode_label(label: &str) -> String {
    let punycode = label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
    match punycode.then(|| idna::punycode::decode_to_string(&label[4..])) {
        Some(Some(unicode)) => unicode,
        _ => label.to_owned(),
    }
}

/// The host as a person reads it, one string per label: escapes decoded,
/// `xn--` labels decoded. A host that was not canonicalized is also
/// normalized the way Nameprep would (NFKC, lowercase).
fn readable_labels(host: &str, canonical: bool) -> Vec<String> {
    let decoded = String::from_utf8_lossy(&decode_to_bytes(host)).into_owned();
    let decoded = if canonical {
        decoded
    } else {
        decoded.nfkc().collect::<String>().to_lowercase()
    };
    decoded
        .split(is_label_separator)
        .map(decode_label)
        .collect()
}

/// How a host reads to a person, for a marker beside it: its Unicode form
/// (escapes and `xn--` labels decoded), whether that holds non-ASCII
/// characters, whether a label mixes scripts (UTS #39), and the ASCII host
/// it looks like when it looks like one it is not. Any resolver's host can
/// be asked, not only the 2012 engine's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostLook {
    /// The host as a person reads it.
    pub readable: String,
    /// The readable form holds non-ASCII characters.
    pub non_ascii: bool,
    /// Some label mixes scripts (what it mixes, in words).
    pub mixed_script: Option<String>,
    /// The all-ASCII host it looks like but is not.
    pub looks_like: Option<String>,
}

impl HostLook {
    /// Whether a person should be warned: it passes for another host.
    pub fn is_deceptive(&self) -> bool {
        self.mixed_script.is_some() || self.looks_like.is_some()
    }
}

/// How `host` reads (see [`HostLook`]). A plainly ASCII host with no `xn--`
/// label and no escape is answered at once.
pub fn host_look(host: &str) -> HostLook {
    if plainly_ascii(host) {
        return HostLook {
            readable: host.to_owned(),
            ..HostLook::default()
        };
    }
    let labels = readable_labels(host, true);
    let readable = labels.join(".");
    HostLook {
        non_ascii: !readable.is_ascii(),
        mixed_script: labels.iter().find_map(|l| mixed_script(l)),
        looks_like: ascii_lookalike(&readable),
        readable,
    }
}

/// The byte ranges of the labels of the host as typed, when it was typed.
fn typed_label_ranges(f: &Forms<'_>) -> Option<Vec<Range<usize>>> {
    let span = f.parsed.span(Component::Host)?;
    let typed = f.preprocessed.get(span.clone())?;
    let mut ranges = Vec::new();
    let mut start = 0;
    for (at, c) in typed.char_indices() {
        if is_label_separator(c) {
            ranges.push(span.start + start..span.start + at);
            start = at + c.len_utf8();
        }
    }
    ranges.push(span.start + start..span.end);
    Some(ranges)
}

/// The mixed-script, confusable and non-ASCII notes of the URL's host.
///
/// The host read is the canonical one when canonicalization succeeded (what
/// the result points at, in this mode), else the resolved one; its `xn--`
/// labels are decoded, so a Punycode host that spells a look-alike is caught
/// too. The ranges point at the host as typed in the input, when the input
/// gave the host (not the base).
pub(super) fn host_notes(f: &Forms<'_>) -> Vec<Note> {
    let canonical = f.outcome.canon.as_ref().and(f.outcome.url.host.as_deref());
    let Some(host) = canonical.or(f.resolved.host.as_deref()) else {
        return Vec::new();
    };
    if host.starts_with('[') {
        return Vec::new();
    }
    // The common case, with no copies: a host that is ASCII, as typed and
    // as canonicalized, with no escape or Punycode label that could decode
    // to anything else, can neither mix scripts nor look like another.
    let typed = f.resolved.host.as_deref().unwrap_or("");
    if plainly_ascii(host) && plainly_ascii(typed) {
        return Vec::new();
    }
    let labels = readable_labels(host, canonical.is_some());
    let readable = labels.join(".");
    let typed_here = f.parsed.host.is_some() && f.parsed.host == f.resolved.host;
    let host_span = f.parsed.span(Component::Host).filter(|_| typed_here);
    let label_ranges = typed_label_ranges(f)
        .filter(|r| typed_here && r.len() == labels.len())
        .unwrap_or_default();
    let from_base = if typed_here {
        ""
    } else {
        " (from the base URL)"
    };

    let mut out = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        if let Some(message) = mixed_script(label) {
            let range = label_ranges.get(i).cloned().or(host_span.clone());
            out.push(Note::new(
                NoteCode::HostMixedScript,
                format!("{message}{from_base}"),
                range,
            ));
        }
    }
    if let Some(lookalike) = ascii_lookalike(&readable) {
        let ascii = ascii_form(&labels, host);
        let written = if ascii == readable {
            String::new()
        } else {
            format!("; its ASCII form is {ascii}")
        };
        out.push(Note::new(
            NoteCode::HostConfusable,
            format!(
                "the host {readable}{from_base} looks like {lookalike}, but it is a different host{written}"
            ),
            host_span.clone(),
        ));
    }
    if out.is_empty() {
        out.extend(non_ascii(f, host, &readable, host_span, from_base));
    }
    out
}

/// Whether `host` reads as ASCII once decoded: no non-ASCII character, no
/// `%` escape and nothing that could start a Punycode label (`xn--`).
pub(super) fn plainly_ascii(host: &str) -> bool {
    // One pass, byte by byte: hosts are short, and this runs on every row
    // of a batch, where setting up a vectorized search costs more.
    let bytes = host.as_bytes();
    bytes.iter().enumerate().all(|(at, &b)| {
        let punycode = || {
            bytes[at..]
                .get(..4)
                .is_some_and(|w| w.eq_ignore_ascii_case(b"xn--"))
        };
        b.is_ascii() && b != b'%' && !((b | 0x20) == b'x' && punycode())
    })
}

/// The host in ASCII: the canonical host when it is ASCII, else each
/// non-ASCII label in Punycode.
fn ascii_form(labels: &[String], host: &str) -> String {
    if host.is_ascii() {
        return host.to_owned();
    }
    labels
        .iter()
        .map(|l| match idna::punycode::encode_str(l) {
            Some(p) if !l.is_ascii() => format!("xn--{p}"),
            _ => l.clone(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The information note for a host that holds non-ASCII characters as
/// typed or as canonicalized (a Punycode host that stays Punycode does not).
fn non_ascii(
    f: &Forms<'_>,
    host: &str,
    readable: &str,
    host_span: Option<Range<usize>>,
    from_base: &str,
) -> Option<Note> {
    let resolved = f.resolved.host.as_deref().unwrap_or("");
    let typed = String::from_utf8_lossy(&decode_to_bytes(resolved)).into_owned();
    if typed.is_ascii() && host.is_ascii() {
        return None;
    }
    let source = if typed.is_ascii() { readable } else { &typed };
    let non_ascii: Vec<char> = source.chars().filter(|c| !c.is_ascii()).collect();
    let several = non_ascii.iter().any(|&c| c != non_ascii[0]);
    let canonical = f.outcome.canon.as_ref().and(f.outcome.url.host.as_deref());
    let now = match canonical {
        Some(h) if h != typed => format!("; in {} mode the host is written {h}", f.mode),
        Some(_) => format!("; {} mode keeps them as they are", f.mode),
        None => String::new(),
    };
    // The range: the non-ASCII characters of the host as typed.
    let range = host_span.map(|span| {
        let text = &f.preprocessed[span.clone()];
        let first = text.find(|c: char| !c.is_ascii());
        let last = text.char_indices().rfind(|(_, c)| !c.is_ascii());
        match (first, last) {
            (Some(a), Some((b, c))) => span.start + a..span.start + b + c.len_utf8(),
            _ => span,
        }
    });
    Some(Note::new(
        NoteCode::HostNonAscii,
        format!(
            "the host {readable}{from_base} holds {}: {}{now}",
            if several {
                "non-ASCII characters"
            } else {
                "a non-ASCII character"
            },
            name_distinct(non_ascii)
        ),
        range,
    ))
}

/// Words for a restriction level, as UTS #39 names them.
fn level_name(level: RestrictionLevel) -> &'static str {
    match level {
        RestrictionLevel::ASCIIOnly => "ASCII only",
        RestrictionLevel::SingleScript => "single script",
        RestrictionLevel::HighlyRestrictive => "highly restrictive",
        RestrictionLevel::ModeratelyRestrictive => "moderately restrictive",
        RestrictionLevel::MinimallyRestrictive => "minimally restrictive",
        RestrictionLevel::Unrestricted => "unrestricted",
    }
}

/// Whether `c` belongs to every script (digits, '-', combining marks).
fn is_common(c: char) -> bool {
    matches!(
        c.script(),
        Script::Common | Script::Inherited | Script::Unknown
    )
}

/// The message for a label that mixes scripts, if it does.
///
/// Interpretation: UTS #39 restriction levels. Single-script labels, and
/// highly restrictive ones (Latin with Han, Japanese kana or Hangul, as in
/// Chinese, Japanese and Korean names), are left alone; moderately
/// restrictive and looser ones get a note. The level is taken over the
/// characters UTS #39 allows in identifiers, so an odd character does not
/// alone make a label "unrestricted".
fn mixed_script(label: &str) -> Option<String> {
    if label.is_ascii() {
        return None;
    }
    let allowed: String = label.chars().filter(|c| c.identifier_allowed()).collect();
    let level = allowed.as_str().detect_restriction_level();
    if level < RestrictionLevel::ModeratelyRestrictive {
        return None;
    }
    // The main script: the one most characters have (the first seen wins a tie).
    let mut counts: Vec<(Script, usize)> = Vec::new();
    for c in label.chars().filter(|&c| !is_common(c)) {
        match counts.iter_mut().find(|(s, _)| *s == c.script()) {
            Some((_, n)) => *n += 1,
            None => counts.push((c.script(), 1)),
        }
    }
    let main = counts
        .iter()
        .fold(None::<(Script, usize)>, |best, &(s, n)| match best {
            Some((_, m)) if m >= n => best,
            _ => Some((s, n)),
        })?
        .0;
    let others = label
        .chars()
        .filter(|&c| !is_common(c) && !c.script_extension().contains_script(main));
    let named = name_distinct_with(others, |c| {
        format!("{} ({})", describe_char(c), c.script().full_name())
    });
    Some(format!(
        "the label {label:?} mixes scripts (UTS #39 restriction level: {}): it is mostly {}, but holds {named}",
        level_name(level),
        main.full_name(),
    ))
}

/// The all-ASCII host `host` looks like, if it looks like one it is not.
///
/// Each character is replaced by its UTS #39 prototype (the character its
/// skeleton maps it to) where that is ASCII, so the result has the same
/// skeleton as `host`. A prototype of several characters (`rn` for an
/// `m`-like letter) is read back as the one ASCII character with that
/// skeleton, if there is one. Interpretation: only a result made of
/// letters, digits, '-' and '.' counts as a host a person could mistake
/// this one for.
fn ascii_lookalike(host: &str) -> Option<String> {
    if host.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(host.len());
    let mut buf = [0u8; 4];
    for c in host.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let prototype: String = unicode_security::skeleton(c.encode_utf8(&mut buf)).collect();
        if !prototype.is_ascii() {
            return None;
        }
        if prototype.chars().count() > 1
            && let Some(single) = ascii_with_skeleton(&prototype)
        {
            out.push(single);
        } else {
            out.push_str(&prototype);
        }
    }
    let out = out.to_ascii_lowercase();
    let plausible = !out.is_empty()
        && out
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'));
    (plausible && out != host).then_some(out)
}

/// The ASCII letter or digit whose skeleton is `skeleton`, if one is.
fn ascii_with_skeleton(skeleton: &str) -> Option<char> {
    let mut buf = [0u8; 4];
    ('0'..='9')
        .chain('a'..='z')
        .find(|c| unicode_security::skeleton(c.encode_utf8(&mut buf)).eq(skeleton.chars()))
}
