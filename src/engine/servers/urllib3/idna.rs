//! The `idna` package (3.20) as urllib3's `_idna_encode` calls it on a host
//! label that is not ASCII: `idna.encode(name.lower(), strict=True,
//! std3_rules=True)`. That is IDNA 2008 (RFC 5891-5893), not UTS #46: no
//! mapping (`uts46` is off, so `std3_rules` is never read), only checks.
//!
//! | function of `idna/core.py` (and CPython) | here |
//! |---|---|
//! | `str.lower()` (CPython `Objects/unicodeobject.c`, `lower_ucs4`, `handle_capital_sigma`) | [`py_lower`] |
//! | `encode` (`strict`: only `.` separates labels) and `alabel` | [`encode`] |
//! | `ulabel` | `ulabel` |
//! | `check_label` | `check_label` |
//! | `check_nfc` (`unicodedata.normalize`) | `check_nfc` |
//! | `check_hyphen_ok` | in `check_label` |
//! | `check_initial_combiner` | in `check_label` |
//! | `valid_contextj`, `_combining_class`, `_joining_type` | `valid_contextj` |
//! | `valid_contexto`, `_is_script` | `valid_contexto` |
//! | `check_bidi` | `check_bidi` |
//! | `Lib/encodings/punycode.py`: `punycode_encode`, `punycode_decode` | `punycode_encode`, `punycode_decode` |
//!
//! Two sources of Unicode data meet here, and both are the oracle's:
//! idna's own tables (`idnadata.py`, Unicode 18.0: PVALID, CONTEXTJ,
//! CONTEXTO, joining types, scripts) and CPython 3.11's `unicodedata`
//! (Unicode 14.0: bidirectional class, category, combining class, names,
//! and `str.lower()`). `scripts/gen-idna2008-tables.py` writes both into
//! `idna_tables` from the installed package and the running
//! interpreter. NFC is `unicode-normalization`'s, applied between the code
//! points CPython 3.11 does not know (and surrogates): for those its NFC
//! leaves them in place and never composes across them, and for the code
//! points it knows, Unicode's normalization stability makes any later
//! version's NFC the same.
//!
//! urllib3 turns every `IDNAError` into its own message, so which check
//! failed shows only in the trace; the error texts here are idna's, for it.

use std::fmt;

use unicode_normalization::UnicodeNormalization;

use super::idna_tables::{self as tables, Bidi, Joining};
use crate::engine::servers::python::py_repr;
use crate::engine::trace::{Step, StepId, Tracer};

/// `idna`'s `_max_input_length`.
pub(super) const MAX_INPUT_LENGTH: usize = 1024;
/// `idna`'s `_max_domain_length` (a trailing dot allows one more).
const MAX_DOMAIN_LENGTH: usize = 253;

/// Why `idna.encode` raised, in idna's words (urllib3 shows none of
/// them: see the module docs). A label is kept as code points, as a
/// decoded A-label may hold a surrogate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdnaError {
    /// `Domain too long` (more than 1,024, or 254, code points).
    DomainTooLong,
    /// `Label too long`.
    LabelTooLong,
    /// `Empty Label`.
    EmptyLabel,
    /// `Label must be in Normalization Form C`.
    NotNfc,
    /// `Label has disallowed hyphens in 3rd and 4th position`.
    Hyphen34,
    /// `Label must not start or end with a hyphen`.
    HyphenStartEnd,
    /// `Label begins with an illegal combining character`.
    LeadingCombiner,
    /// A code point that is not PVALID, CONTEXTJ or CONTEXTO.
    Disallowed(Vec<u32>, usize),
    /// A joiner whose context rule fails.
    ContextJ(Vec<u32>, usize),
    /// A joiner next to a code point `unicodedata` has no name for.
    UnknownNextToJoiner(Vec<u32>, usize),
    /// A CONTEXTO code point whose rule fails.
    ContextO(Vec<u32>, usize),
    /// A code point with no bidirectional class (unknown to CPython 3.11).
    UnknownDirection(Vec<u32>, usize),
    /// Bidi Rule 1: the first code point is not L, R or AL.
    BidiFirst(Vec<u32>),
    /// Bidi Rule 2 (right-to-left) or 5 (left-to-right) at a position.
    BidiDirection { rtl: bool, at: usize },
    /// Bidi Rule 4: both EN and AN in a right-to-left label.
    BidiNumerals,
    /// Bidi Rule 3 or 6: the label ends badly.
    BidiEnding,
    /// `Malformed A-label, no Punycode eligible content found`.
    EmptyALabel,
    /// `A-label must not end with a hyphen`.
    ALabelHyphen,
    /// `Invalid A-label`: Punycode decoding failed.
    InvalidALabel,
    /// `A-label is not the canonical Punycode encoding of its U-label`.
    NotCanonical,
}

/// A label of code points as Python's `repr` writes it (a surrogate,
/// which no Rust string holds, is shown as U+FFFD).
fn repr_points(label: &[u32]) -> String {
    let text: String = label
        .iter()
        .map(|&c| char::from_u32(c).unwrap_or('\u{fffd}'))
        .collect();
    py_repr(&text)
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cp = |label: &[u32], pos: usize| label.get(pos).copied().unwrap_or(0);
        match self {
            IdnaError::DomainTooLong => f.write_str("Domain too long"),
            IdnaError::LabelTooLong => f.write_str("Label too long"),
            IdnaError::EmptyLabel => f.write_str("Empty Label"),
            IdnaError::NotNfc => f.write_str("Label must be in Normalization Form C"),
            IdnaError::Hyphen34 => {
                f.write_str("Label has disallowed hyphens in 3rd and 4th position")
            }
            IdnaError::HyphenStartEnd => f.write_str("Label must not start or end with a hyphen"),
            IdnaError::LeadingCombiner => {
                f.write_str("Label begins with an illegal combining character")
            }
            IdnaError::Disallowed(label, pos) => write!(
                f,
                "Codepoint U+{:04X} at position {} of {} not allowed",
                cp(label, *pos),
                pos + 1,
                repr_points(label)
            ),
            IdnaError::ContextJ(label, pos) => write!(
                f,
                "Joiner U+{:04X} not allowed at position {} in {}",
                cp(label, *pos),
                pos + 1,
                repr_points(label)
            ),
            IdnaError::UnknownNextToJoiner(label, pos) => write!(
                f,
                "Unknown codepoint adjacent to joiner U+{:04X} at position {} in {}",
                cp(label, *pos),
                pos + 1,
                repr_points(label)
            ),
            IdnaError::ContextO(label, pos) => write!(
                f,
                "Codepoint U+{:04X} not allowed at position {} in {}",
                cp(label, *pos),
                pos + 1,
                repr_points(label)
            ),
            IdnaError::UnknownDirection(label, idx) => write!(
                f,
                "Unknown directionality in label {} at position {idx}",
                repr_points(label)
            ),
            IdnaError::BidiFirst(label) => write!(
                f,
                "First codepoint in label {} must be directionality L, R or AL",
                repr_points(label)
            ),
            IdnaError::BidiDirection { rtl, at } => write!(
                f,
                "Invalid direction for codepoint at position {at} in a {} label",
                if *rtl {
                    "right-to-left"
                } else {
                    "left-to-right"
                }
            ),
            IdnaError::BidiNumerals => {
                f.write_str("Can not mix numeral types in a right-to-left label")
            }
            IdnaError::BidiEnding => {
                f.write_str("Label ends with illegal codepoint directionality")
            }
            IdnaError::EmptyALabel => {
                f.write_str("Malformed A-label, no Punycode eligible content found")
            }
            IdnaError::ALabelHyphen => f.write_str("A-label must not end with a hyphen"),
            IdnaError::InvalidALabel => f.write_str("Invalid A-label"),
            IdnaError::NotCanonical => {
                f.write_str("A-label is not the canonical Punycode encoding of its U-label")
            }
        }
    }
}

/// Whether `c` is in the sorted inclusive ranges `table`.
fn in_ranges(table: &[(u32, u32)], c: u32) -> bool {
    let i = table.partition_point(|&(first, _)| first <= c);
    i > 0 && table[i - 1].1 >= c
}

/// The tag of `c` in the sorted inclusive tagged ranges `table`.
fn tag_of<K: Copy>(table: &[(u32, u32, K)], c: u32) -> Option<K> {
    let i = table.partition_point(|&(first, _, _)| first <= c);
    (i > 0 && table[i - 1].1 >= c).then(|| table[i - 1].2)
}

/// `unicodedata.bidirectional(c)`; `None` for `''` (CPython 3.11 does not
/// know the code point).
fn bidi(c: u32) -> Option<Bidi> {
    tag_of(&tables::BIDI, c)
}

/// `str.lower()` as CPython 3.11 does it: each code point's full
/// lowercase mapping (Unicode 14.0), U+03A3 as final sigma in its
/// context; a copy only for the text that is not ASCII.
pub fn py_lower(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if c == '\u{3a3}' {
            out.push(if final_sigma(s, i) { 'ς' } else { 'σ' });
        } else {
            let n = u32::from(c);
            match tables::LOWER.binary_search_by_key(&n, |&(k, _)| k) {
                Ok(at) => out.push_str(tables::LOWER[at].1),
                Err(_) => out.push(c),
            }
        }
    }
    out
}

/// CPython's `handle_capital_sigma`: the sigma at byte `at` is final when
/// a cased code point precedes it (case-ignorable ones skipped) and none
/// follows it (likewise).
fn final_sigma(s: &str, at: usize) -> bool {
    let ignorable = |c: char| in_ranges(&tables::CASE_IGNORABLE, u32::from(c));
    let cased = |c: char| in_ranges(&tables::CASED, u32::from(c));
    let before = s[..at].chars().rev().find(|&c| !ignorable(c));
    if !before.is_some_and(cased) {
        return false;
    }
    let after = s[at + 'Σ'.len_utf8()..].chars().find(|&c| !ignorable(c));
    !after.is_some_and(cased)
}

/// `idna.encode(lowered, strict=True)` of one label (urllib3 has cut the
/// host at `.` already, and lowercasing makes no `.`): the A-label, or why
/// idna refused it. `lowered` is `name.lower()`; its steps are recorded.
pub fn encode<T: Tracer>(lowered: &str, tracer: &mut T) -> Result<String, IdnaError> {
    let points: Vec<u32> = lowered.chars().map(u32::from).collect();
    // encode: the whole domain first, then valid_string_length(s, trailing_dot=True)
    let too_long = points.len() > MAX_INPUT_LENGTH || points.len() > MAX_DOMAIN_LENGTH + 1;
    tracer.record(|| {
        let step = Step::new(StepId::Urllib3IdnaEncode);
        if too_long {
            step.decide(format!(
                "Domain too long: {} code points, over 254",
                points.len()
            ))
            .fail()
        } else if lowered.is_ascii() {
            step.decide("the lowercased label is ASCII: ulabel checks it, and it is kept as it is")
        } else {
            step.decide(format!(
                "{} code points: check_label, then Punycode",
                points.len()
            ))
        }
    });
    if too_long {
        return Err(IdnaError::DomainTooLong);
    }
    // strict: labels = s.split('.'), here one label and not empty
    let label = alabel(lowered, &points, tracer)?;
    // encode: valid_string_length of the result, at most 253 (a label is
    // at most 63 by now, so this never fails)
    Ok(label)
}

/// `alabel(label)`.
fn alabel<T: Tracer>(label: &str, points: &[u32], tracer: &mut T) -> Result<String, IdnaError> {
    if points.len() > MAX_INPUT_LENGTH {
        return Err(IdnaError::LabelTooLong);
    }
    if label.is_ascii() {
        // alabel: an ASCII label is validated by ulabel and kept
        ulabel(label, tracer)?;
        if label.len() > 63 {
            tracer.record(|| {
                Step::new(StepId::Urllib3IdnaAlabel)
                    .decide(format!("Label too long: {} bytes, over 63", label.len()))
                    .fail()
            });
            return Err(IdnaError::LabelTooLong);
        }
        return Ok(label.to_owned());
    }
    check_label(points, tracer)?;
    let mut out = String::with_capacity(label.len() + 8);
    out.push_str("xn--");
    punycode_encode(points, &mut out);
    let long = out.len() > 63;
    tracer.record(|| {
        let step = Step {
            before: Some(label.to_owned()),
            after: Some(out.clone()),
            changes: true,
            ..Step::new(StepId::Urllib3IdnaAlabel)
        };
        if long {
            step.decide(format!("Label too long: {} bytes, over 63", out.len()))
                .fail()
        } else {
            step.decide("'xn--' and the Punycode of the label")
        }
    });
    if long {
        return Err(IdnaError::LabelTooLong);
    }
    Ok(out)
}

/// `ulabel(label)` for an ASCII label (`alabel` passes it as bytes).
fn ulabel<T: Tracer>(label: &str, tracer: &mut T) -> Result<(), IdnaError> {
    let lower = label.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("xn--") else {
        tracer.record(|| {
            Step::new(StepId::Urllib3IdnaUlabel)
                .decide("no 'xn--' prefix: the label is checked as it is")
        });
        let points: Vec<u32> = lower.chars().map(u32::from).collect();
        return check_label(&points, tracer);
    };
    let decoded = if rest.is_empty() {
        Err(IdnaError::EmptyALabel)
    } else if rest.ends_with('-') {
        Err(IdnaError::ALabelHyphen)
    } else {
        match punycode_decode(rest.as_bytes()) {
            None => Err(IdnaError::InvalidALabel),
            Some(points) => {
                // ulabel: RFC 5891 5.3, the decoded label must encode back to it
                let mut again = String::with_capacity(rest.len());
                punycode_encode(&points, &mut again);
                if again == rest {
                    Ok(points)
                } else {
                    Err(IdnaError::NotCanonical)
                }
            }
        }
    };
    tracer.record(|| {
        let step = Step::new(StepId::Urllib3IdnaUlabel);
        match &decoded {
            Ok(points) => step.decide(format!(
                "'xn--': the Punycode decodes to {}, which is checked",
                repr_points(points)
            )),
            Err(e) => step.decide(e.to_string()).fail(),
        }
    });
    check_label(&decoded?, tracer)
}

/// Records a failed check and gives its error.
fn refuse<T: Tracer>(tracer: &mut T, id: StepId, e: IdnaError) -> Result<(), IdnaError> {
    tracer.record(|| Step::new(id).decide(e.to_string()).fail());
    Err(e)
}

/// `check_label(label)`: the IDNA 2008 checks of one label, in idna's
/// order.
fn check_label<T: Tracer>(label: &[u32], tracer: &mut T) -> Result<(), IdnaError> {
    if label.len() > MAX_INPUT_LENGTH {
        return Err(IdnaError::LabelTooLong);
    }
    if label.is_empty() {
        return Err(IdnaError::EmptyLabel);
    }
    // check_label: valid_string_length(label, trailing_dot=True)
    if label.len() > MAX_DOMAIN_LENGTH + 1 {
        return Err(IdnaError::LabelTooLong);
    }
    // check_nfc
    if !check_nfc(label) {
        return refuse(tracer, StepId::Urllib3IdnaNfc, IdnaError::NotNfc);
    }
    tracer.record(|| Step::new(StepId::Urllib3IdnaNfc).decide("in NFC"));
    // check_hyphen_ok
    if label.get(2..4) == Some(&[0x2d, 0x2d]) {
        return refuse(tracer, StepId::Urllib3IdnaHyphen, IdnaError::Hyphen34);
    }
    if label.first() == Some(&0x2d) || label.last() == Some(&0x2d) {
        return refuse(tracer, StepId::Urllib3IdnaHyphen, IdnaError::HyphenStartEnd);
    }
    tracer.record(|| Step::new(StepId::Urllib3IdnaHyphen).decide("hyphens where they may be"));
    // check_initial_combiner: unicodedata.category(label[0])[0] == 'M'
    if in_ranges(&tables::MARK, label[0]) {
        return refuse(
            tracer,
            StepId::Urllib3IdnaCombiner,
            IdnaError::LeadingCombiner,
        );
    }
    tracer.record(|| {
        Step::new(StepId::Urllib3IdnaCombiner).decide("the first code point is no combining mark")
    });
    // check_label: each code point PVALID, or CONTEXTJ/CONTEXTO in context
    for (pos, &c) in label.iter().enumerate() {
        if in_ranges(&tables::PVALID, c) {
            continue;
        }
        let e = if in_ranges(&tables::CONTEXTJ, c) {
            match valid_contextj(label, pos) {
                Err(()) => Some(IdnaError::UnknownNextToJoiner(label.to_vec(), pos)),
                Ok(false) => Some(IdnaError::ContextJ(label.to_vec(), pos)),
                Ok(true) => None,
            }
        } else if in_ranges(&tables::CONTEXTO, c) {
            (!valid_contexto(label, pos)).then(|| IdnaError::ContextO(label.to_vec(), pos))
        } else {
            Some(IdnaError::Disallowed(label.to_vec(), pos))
        };
        if let Some(e) = e {
            return refuse(tracer, StepId::Urllib3IdnaCodepoints, e);
        }
    }
    tracer.record(|| {
        Step::new(StepId::Urllib3IdnaCodepoints)
            .decide("every code point PVALID, or CONTEXTJ/CONTEXTO with its rule met")
    });
    check_bidi(label, tracer)
}

/// `unicodedata.normalize("NFC", label) == label`, with CPython 3.11's
/// data: the runs between code points it does not know (and surrogates)
/// are normalized apart, as those are starters that compose with nothing.
fn check_nfc(label: &[u32]) -> bool {
    let inert = |c: u32| bidi(c).is_none() || (0xD800..=0xDFFF).contains(&c);
    label.split(|&c| inert(c)).all(|run| {
        // every code point of a run is a scalar value
        let text: String = run.iter().filter_map(|&c| char::from_u32(c)).collect();
        text.nfc().eq(text.chars())
    })
}

/// idna's `_combining_class`: `unicodedata.combining`, but an error for a
/// code point of class 0 that has no name; here only whether it is 9.
fn is_virama(c: u32) -> Result<bool, ()> {
    if in_ranges(&tables::VIRAMA, c) {
        Ok(true)
    } else if in_ranges(&tables::UNNAMED, c) {
        // every unnamed code point has class 0
        Err(())
    } else {
        Ok(false)
    }
}

/// `_joining_type`.
fn joining(c: u32) -> Option<Joining> {
    tag_of(&tables::JOINING, c)
}

/// `valid_contextj(label, pos)` (RFC 5892 A.1 and A.2); `Err` where
/// `_combining_class` raises.
fn valid_contextj(label: &[u32], pos: usize) -> Result<bool, ()> {
    let c = label[pos];
    if c == 0x200C {
        // A.1: after a virama
        if pos > 0 && is_virama(label[pos - 1])? {
            return Ok(true);
        }
        // A.1: (L|D) T* before, T* (R|D) after
        let before = label[..pos]
            .iter()
            .rev()
            .map(|&c| joining(c))
            .find(|j| *j != Some(Joining::T));
        if !matches!(before, Some(Some(Joining::L | Joining::D))) {
            return Ok(false);
        }
        let after = label[pos + 1..]
            .iter()
            .map(|&c| joining(c))
            .find(|j| *j != Some(Joining::T));
        return Ok(matches!(after, Some(Some(Joining::R | Joining::D))));
    }
    if c == 0x200D {
        // A.2: after a virama only
        return Ok(pos > 0 && is_virama(label[pos - 1])?);
    }
    Ok(false)
}

/// `valid_contexto(label, pos)` (RFC 5892 A.3-A.9).
fn valid_contexto(label: &[u32], pos: usize) -> bool {
    let c = label[pos];
    let len = label.len();
    match c {
        // A.3 middle dot: between two 'l'
        0x00B7 => 0 < pos && pos < len - 1 && label[pos - 1] == 0x6C && label[pos + 1] == 0x6C,
        // A.4 Greek keraia: a Greek code point follows
        0x0375 => pos < len - 1 && len > 1 && in_ranges(&tables::SCRIPT_GREEK, label[pos + 1]),
        // A.5, A.6 geresh, gershayim: after a Hebrew code point
        0x05F3 | 0x05F4 => pos > 0 && in_ranges(&tables::SCRIPT_HEBREW, label[pos - 1]),
        // A.7 katakana middle dot: some Hiragana, Katakana or Han besides
        0x30FB => label.iter().filter(|&&x| x != 0x30FB).any(|&x| {
            in_ranges(&tables::SCRIPT_HIRAGANA, x)
                || in_ranges(&tables::SCRIPT_KATAKANA, x)
                || in_ranges(&tables::SCRIPT_HAN, x)
        }),
        // A.8, A.9: no mix of Arabic-Indic and extended Arabic-Indic digits
        0x0660..=0x0669 => !label.iter().any(|x| (0x06F0..=0x06F9).contains(x)),
        0x06F0..=0x06F9 => !label.iter().any(|x| (0x0660..=0x0669).contains(x)),
        _ => false,
    }
}

/// `check_bidi(label)` (RFC 5893): only for a label holding R, AL or AN;
/// but any code point with no class refuses every label.
fn check_bidi<T: Tracer>(label: &[u32], tracer: &mut T) -> Result<(), IdnaError> {
    let mut rtl_label = false;
    for (idx, &c) in label.iter().enumerate() {
        match bidi(c) {
            None => {
                return refuse(
                    tracer,
                    StepId::Urllib3IdnaBidi,
                    IdnaError::UnknownDirection(label.to_vec(), idx + 1),
                );
            }
            Some(Bidi::R | Bidi::AL | Bidi::AN) => rtl_label = true,
            Some(_) => {}
        }
    }
    if !rtl_label {
        tracer.record(|| {
            Step::new(StepId::Urllib3IdnaBidi)
                .decide("no right-to-left code point: the Bidi Rule does not apply")
        });
        return Ok(());
    }
    // Rule 1
    let rtl = match bidi(label[0]) {
        Some(Bidi::R | Bidi::AL) => true,
        Some(Bidi::L) => false,
        _ => {
            return refuse(
                tracer,
                StepId::Urllib3IdnaBidi,
                IdnaError::BidiFirst(label.to_vec()),
            );
        }
    };
    let mut valid_ending = false;
    let mut number: Option<Bidi> = None;
    for (idx, &c) in label.iter().enumerate() {
        let Some(d) = bidi(c) else {
            // every class was found above
            continue;
        };
        if rtl {
            // Rule 2
            if !matches!(
                d,
                Bidi::R
                    | Bidi::AL
                    | Bidi::AN
                    | Bidi::EN
                    | Bidi::ES
                    | Bidi::CS
                    | Bidi::ET
                    | Bidi::ON
                    | Bidi::BN
                    | Bidi::NSM
            ) {
                return refuse(
                    tracer,
                    StepId::Urllib3IdnaBidi,
                    IdnaError::BidiDirection { rtl, at: idx + 1 },
                );
            }
            // Rule 3
            if matches!(d, Bidi::R | Bidi::AL | Bidi::EN | Bidi::AN) {
                valid_ending = true;
            } else if d != Bidi::NSM {
                valid_ending = false;
            }
            // Rule 4
            if matches!(d, Bidi::AN | Bidi::EN) {
                match number {
                    None => number = Some(d),
                    Some(n) if n != d => {
                        return refuse(tracer, StepId::Urllib3IdnaBidi, IdnaError::BidiNumerals);
                    }
                    Some(_) => {}
                }
            }
        } else {
            // Rule 5
            if !matches!(
                d,
                Bidi::L
                    | Bidi::EN
                    | Bidi::ES
                    | Bidi::CS
                    | Bidi::ET
                    | Bidi::ON
                    | Bidi::BN
                    | Bidi::NSM
            ) {
                return refuse(
                    tracer,
                    StepId::Urllib3IdnaBidi,
                    IdnaError::BidiDirection { rtl, at: idx + 1 },
                );
            }
            // Rule 6
            if matches!(d, Bidi::L | Bidi::EN) {
                valid_ending = true;
            } else if d != Bidi::NSM {
                valid_ending = false;
            }
        }
    }
    if !valid_ending {
        return refuse(tracer, StepId::Urllib3IdnaBidi, IdnaError::BidiEnding);
    }
    tracer.record(|| {
        Step::new(StepId::Urllib3IdnaBidi).decide(if rtl {
            "a right-to-left label that meets the Bidi Rule"
        } else {
            "a left-to-right label with right-to-left numbers that meets the Bidi Rule"
        })
    });
    Ok(())
}

/// Punycode's `T(j, bias)`.
fn threshold(j: u64, bias: u64) -> u64 {
    (36 * (j + 1)).saturating_sub(bias).clamp(1, 26)
}

/// Punycode's `adapt`.
fn adapt(delta: u64, first: bool, numchars: u64) -> u64 {
    let mut delta = if first { delta / 700 } else { delta / 2 };
    delta += delta / numchars;
    let mut divisions = 0;
    while delta > 455 {
        delta /= 35;
        divisions += 36;
    }
    divisions + (36 * delta) / (delta + 38)
}

/// CPython's `punycode_encode` (`Lib/encodings/punycode.py`), appended to
/// `out`: the basic code points, `-` if there were any, then the deltas.
fn punycode_encode(text: &[u32], out: &mut String) {
    let base: Vec<u32> = text.iter().copied().filter(|&c| c < 0x80).collect();
    out.extend(base.iter().filter_map(|&c| char::from_u32(c)));
    let mut extended: Vec<u32> = text.iter().copied().filter(|&c| c >= 0x80).collect();
    extended.sort_unstable();
    extended.dedup();
    // insertion_unsort
    let mut deltas = Vec::new();
    let mut oldchar = 0x80u64;
    let mut oldindex: i64 = -1;
    for &c in &extended {
        let char = u64::from(c);
        let curlen = text.iter().filter(|&&x| u64::from(x) < char).count() as u64;
        let mut delta = (curlen + 1) * (char - oldchar);
        // selective_find, over the positions where c stands
        let mut index: i64 = -1;
        for &x in text {
            if x == c {
                index += 1;
                delta = (delta as i64 + index - oldindex) as u64;
                deltas.push(delta - 1);
                oldindex = index;
                delta = 0;
            } else if x < c {
                index += 1;
            }
        }
        oldchar = char;
    }
    if !base.is_empty() {
        out.push('-');
    }
    // generate_integers
    const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut bias = 72;
    for (points, &delta) in deltas.iter().enumerate() {
        let mut n = delta;
        let mut j = 0;
        loop {
            let t = threshold(j, bias);
            if n < t {
                out.push(char::from(DIGITS[n as usize]));
                break;
            }
            out.push(char::from(DIGITS[(t + (n - t) % (36 - t)) as usize]));
            n = (n - t) / (36 - t);
            j += 1;
        }
        bias = adapt(delta, points == 0, (base.len() + points + 1) as u64);
    }
}

/// CPython's `punycode_decode` (strict): the code points, or `None` where
/// it raises `UnicodeError`. A number too big for 64 bits stands for one
/// that makes a code point over U+10FFFF, which is refused either way.
fn punycode_decode(text: &[u8]) -> Option<Vec<u32>> {
    let (base, extended) = match text.iter().rposition(|&b| b == b'-') {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (&text[..0], text),
    };
    let mut out: Vec<u32> = base.iter().map(|&b| u32::from(b)).collect();
    let mut char = 0x80u64;
    let mut pos: u64 = u64::MAX; // -1, as the first delta adds 1
    let mut bias = 72;
    let mut at = 0;
    while at < extended.len() {
        let first = at == 0;
        // decode_generalized_number
        let (mut result, mut w, mut j) = (0u64, 1u64, 0u64);
        let delta = loop {
            let b = *extended.get(at)?;
            at += 1;
            let digit = match b.to_ascii_uppercase() {
                d @ b'A'..=b'Z' => u64::from(d - b'A'),
                d @ b'0'..=b'9' => u64::from(d - b'0') + 26,
                _ => return None,
            };
            let t = threshold(j, bias);
            result = result.saturating_add(digit.saturating_mul(w));
            if digit < t {
                break result;
            }
            w = w.saturating_mul(36 - t);
            j += 1;
        };
        // insertion_sort
        pos = pos.wrapping_add(1).saturating_add(delta);
        let len = out.len() as u64 + 1;
        char = char.saturating_add(pos / len);
        if char > 0x10FFFF {
            return None;
        }
        pos %= len;
        out.insert(pos as usize, char as u32);
        bias = adapt(delta, first, out.len() as u64);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoTrace;

    fn enc(label: &str) -> Result<String, IdnaError> {
        encode(&py_lower(label), &mut NoTrace)
    }

    #[test]
    fn punycode_round_trips_as_python_writes_it() {
        // idna's own test vectors (kjd/idna tests/test_idna.py)
        for (u, a) in [
            ("测试", "xn--0zwm56d"),
            ("परीक्षा", "xn--11b5bs3a9aj6g"),
            ("한국", "xn--3e0b707e"),
            ("испытание", "xn--80akhbyknj4f"),
            ("δοκιμή", "xn--jxalpdlp"),
            ("テスト", "xn--zckzah"),
            ("إختبار", "xn--kgbechtv"),
            ("straße", "xn--strae-oqa"),
            ("königsgäßchen", "xn--knigsgchen-b4a3dun"),
        ] {
            assert_eq!(enc(u).as_deref(), Ok(a), "{u}");
            let points = punycode_decode(&a.as_bytes()[4..]).expect("decodes");
            let back: String = points.iter().filter_map(|&c| char::from_u32(c)).collect();
            assert_eq!(back, u);
        }
        assert_eq!(punycode_decode(b"a!"), None);
        assert_eq!(punycode_decode(b"9999999999999999999999a"), None);
    }

    #[test]
    fn lowercases_as_python_does() {
        assert_eq!(py_lower("ΟΔΟΣ"), "οδος");
        assert_eq!(py_lower("ΣΑ"), "σα");
        assert_eq!(py_lower("Α'Σ"), "α'ς");
        assert_eq!(py_lower("İ"), "i\u{307}");
        assert_eq!(py_lower("\u{212a}"), "k");
        // U+A7DC is unknown to Unicode 14.0: Python leaves it
        assert_eq!(py_lower("\u{a7dc}"), "\u{a7dc}");
    }

    #[test]
    fn checks_as_idna_does() {
        assert_eq!(enc("\u{212a}"), Ok("k".into()));
        assert_eq!(enc("\u{212a}-"), Err(IdnaError::HyphenStartEnd));
        assert_eq!(enc("é_"), Err(IdnaError::Disallowed(vec![0xe9, 0x5f], 1)));
        assert!(matches!(enc("a\u{200c}é"), Err(IdnaError::ContextJ(..))));
        assert_eq!(
            enc("क\u{94d}\u{200d}").map(|s| s.starts_with("xn--")),
            Ok(true)
        );
        assert!(matches!(enc("\u{378}é"), Err(IdnaError::Disallowed(..))));
        assert_eq!(enc("l·lé").map(|s| s.starts_with("xn--")), Ok(true));
        assert!(matches!(enc("a·lé"), Err(IdnaError::ContextO(..))));
        assert_eq!(enc("\u{301}é"), Err(IdnaError::LeadingCombiner));
        assert_eq!(enc("e\u{301}"), Err(IdnaError::NotNfc));
        assert_eq!(enc("ab--é"), Err(IdnaError::Hyphen34));
        assert_eq!(enc("\u{5d0}1"), Ok("xn--1-zhc".into()));
        assert_eq!(
            enc("\u{5d0}a"),
            Err(IdnaError::BidiDirection { rtl: true, at: 2 })
        );
        assert_eq!(
            enc("a\u{5d0}"),
            Err(IdnaError::BidiDirection { rtl: false, at: 2 })
        );
        assert_eq!(enc("\u{5d0}\u{660}1"), Err(IdnaError::BidiNumerals));
        assert_eq!(enc("\u{5d0}-\u{5d0}-"), Err(IdnaError::HyphenStartEnd));
        assert_eq!(
            enc("1\u{5d0}"),
            Err(IdnaError::BidiFirst(vec![0x31, 0x5d0]))
        );
        assert_eq!(enc(&"é".repeat(255)), Err(IdnaError::DomainTooLong));
        assert_eq!(enc(&"é".repeat(60)), Err(IdnaError::LabelTooLong));
        // ASCII after lowering: 'xn--' must be canonical Punycode
        assert_eq!(enc("xn--\u{212a}gbechtv"), Ok("xn--kgbechtv".into()));
        assert_eq!(enc("xn--\u{212a}"), Err(IdnaError::InvalidALabel));
        assert_eq!(enc("\u{212a}xn--zckzah"), Ok("kxn--zckzah".into()));
    }
}
