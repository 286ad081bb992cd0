//! The host through IDNA, as urlcanon/canon.py's `punycode_special_host`
//! does it: first the `idna` package (3.20) with UTS #46 mapping,
//! `idna.encode(host, uts46=True)`; where that raises, its own fallback,
//! `idna.uts46_remap(host)` (STD3 rules on) and Python's IDNA 2003
//! `ToASCII` on each label; where that raises too, the host stays.
//!
//! Pieces met elsewhere in the engine: `idna.encode`'s label checks
//! (`alabel`, `ulabel`, `check_label`: IDNA 2008 with idna's Unicode 18.0
//! tables and CPython 3.11's `unicodedata`) are the urllib3 model's, which
//! calls the same package; `ToASCII` is [`python_idna`](super::super::python_idna)'s.
//! The UTS #46 mapping is ICU4X's table (Unicode 17), where idna 3.20
//! carries Unicode 18.0's; the two differ only on code points new in 18.0.

use icu_normalizer::uts46::Uts46MapperBorrowed;
use unicode_normalization::UnicodeNormalization;

use super::super::python_idna::to_ascii;
use crate::engine::NoTrace;
use crate::engine::servers::urllib3::idna::encode as idna_label;

/// idna's `_max_input_length`.
const MAX_INPUT_LENGTH: usize = 1024;
/// idna's `_max_domain_length` (a trailing dot allows one more).
const MAX_DOMAIN_LENGTH: usize = 253;

/// ICU4X's UTS #46 mapper.
const MAPPER: Uts46MapperBorrowed<'static> = Uts46MapperBorrowed::new();

/// idna's `_unicode_dots_re`: the four dots that separate labels.
fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{ff0e}' | '\u{ff61}')
}

/// idna's `_std3_disallowed_re` (on text already lowercased): the ASCII
/// that is neither a lowercase letter, a digit, '-' nor '.'.
fn std3_disallowed(c: char) -> bool {
    c.is_ascii() && !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

/// `idna.uts46_remap(domain, std3_rules)`: ASCII is only lowercased; other
/// text is mapped code point by code point (ignored ones dropped, mapped
/// ones replaced, deviations kept, a disallowed one raising), with STD3's
/// check on each piece when `std3_rules`, then NFC.
pub(super) fn uts46_remap(domain: &str, std3_rules: bool) -> Result<String, String> {
    if domain.chars().count() > MAX_INPUT_LENGTH {
        return Err("Domain too long".into());
    }
    if domain.is_ascii() {
        let out = domain.to_ascii_lowercase();
        if std3_rules && let Some(c) = out.chars().find(|&c| std3_disallowed(c)) {
            return Err(format!("Codepoint U+{:04X} not allowed", u32::from(c)));
        }
        return Ok(out);
    }
    let mut mapped = String::with_capacity(domain.len());
    for c in domain.chars() {
        let piece: String = MAPPER.map_normalize(std::iter::once(c)).collect();
        if piece.contains('\u{fffd}') {
            return Err(format!("Codepoint U+{:04X} not allowed", u32::from(c)));
        }
        if std3_rules && piece.chars().any(std3_disallowed) {
            return Err(format!("Codepoint U+{:04X} not allowed", u32::from(c)));
        }
        mapped.push_str(&piece);
    }
    Ok(mapped.nfc().collect())
}

/// `idna.encode(s, uts46=True)` (strict off, STD3 rules off): mapped, cut
/// at the four dots (a trailing empty label kept as a trailing dot), each
/// label `alabel`'d, the result at most 253 bytes (254 with the dot).
pub(super) fn idna_encode(s: &str) -> Result<Vec<u8>, String> {
    if s.chars().count() > MAX_INPUT_LENGTH {
        return Err("Domain too long".into());
    }
    let s = uts46_remap(s, false)?;
    if s.chars().count() > MAX_DOMAIN_LENGTH + 1 {
        return Err("Domain too long".into());
    }
    let mut labels: Vec<&str> = s.split(is_dot).collect();
    if labels == [""] {
        return Err("Empty domain".into());
    }
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::with_capacity(s.len());
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        let a = idna_label(label, &mut NoTrace).map_err(|e| e.to_string())?;
        out.extend_from_slice(a.as_bytes());
    }
    if trailing_dot {
        out.push(b'.');
    }
    if out.len() > MAX_DOMAIN_LENGTH + usize::from(trailing_dot) {
        return Err("Domain too long".into());
    }
    Ok(out)
}

/// How `punycode_special_host` ended.
pub(super) enum Outcome {
    /// `idna.encode` took it.
    Idna2008(Vec<u8>),
    /// `idna.encode` raised (the reason), the fallback took it.
    Idna2003(String, Vec<u8>),
    /// Both raised (the reasons): the host stays.
    Kept(String, String),
}

/// `punycode_special_host`'s `try` blocks for a host of special scheme.
pub(super) fn punycode(host: &[u8]) -> Outcome {
    let text = match std::str::from_utf8(host) {
        Ok(t) => t,
        Err(_) => {
            let e = "the host is not UTF-8 (UnicodeDecodeError)".to_owned();
            return Outcome::Kept(e.clone(), e);
        }
    };
    let first = match idna_encode(text) {
        Ok(b) => return Outcome::Idna2008(b),
        Err(e) => e,
    };
    // remapped = idna.uts46_remap(host) (std3_rules=True by default),
    // labels = remapped.split('.'), each through encodings.idna.ToASCII.
    let second = uts46_remap(text, true).and_then(|remapped| {
        let mut out = Vec::with_capacity(remapped.len());
        for (i, label) in remapped.split('.').enumerate() {
            if i > 0 {
                out.push(b'.');
            }
            let a = to_ascii(label).map_err(|()| format!("ToASCII refuses the label {label:?}"))?;
            out.extend_from_slice(&a);
        }
        Ok(out)
    });
    match second {
        Ok(b) => Outcome::Idna2003(first, b),
        Err(e) => Outcome::Kept(first, e),
    }
}
