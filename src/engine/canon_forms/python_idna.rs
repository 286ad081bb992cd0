//! Python's IDNA 2003 codec (CPython 3.11, Lib/encodings/idna.py), as
//! `str.encode('idna')` and `encodings.idna.ToASCII` run it: Nameprep on
//! the 2012 engine's IE mode (Unicode 3.2's NFKC and bidi classes, no
//! check of unassigned code points, as Python's `nameprep` does), then
//! Punycode. The `surt` model encodes hosts with it, and `urlcanon` falls
//! back to its `ToASCII` label by label when the `idna` package refuses a
//! host.

use crate::engine::spec2012::host::nameprep::nameprep;
use crate::engine::{Mode, NoTrace};

/// Python's `str.encode('idna')` (Lib/encodings/idna.py, IDNA 2003):
/// an ASCII name checked label by label; otherwise split at the four dots
/// IDNA 2003 knows, each label through `ToASCII` (Nameprep as Python runs
/// it: no check of unassigned code points, Unicode 3.2's NFKC and bidi
/// classes, which the 2012 engine's IE mode also uses). An error is the
/// codec's `UnicodeError`, which surt catches, keeping the host as it was.
pub(crate) fn python_idna_encode(text: &str) -> Result<Vec<u8>, ()> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if text.is_ascii() {
        let labels: Vec<&str> = text.split('.').collect();
        let (last, init) = labels.split_last().ok_or(())?;
        if init.iter().any(|l| l.is_empty() || l.len() >= 64) || last.len() >= 64 {
            return Err(());
        }
        return Ok(text.as_bytes().to_vec());
    }
    let mut labels: Vec<&str> = text
        .split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
        .collect();
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::new();
    for label in labels {
        if !out.is_empty() {
            out.push(b'.');
        }
        out.extend_from_slice(&to_ascii(label)?);
    }
    if trailing_dot {
        out.push(b'.');
    }
    Ok(out)
}

/// encodings/idna.py's `ToASCII` for one label.
pub(crate) fn to_ascii(label: &str) -> Result<Vec<u8>, ()> {
    let sized = |l: &str| {
        if (1..64).contains(&l.len()) {
            Ok(l.as_bytes().to_vec())
        } else {
            Err(())
        }
    };
    if label.is_ascii() {
        return sized(label);
    }
    let prepped = nameprep(label, Mode::Ie, true, false, &mut NoTrace).map_err(|_| ())?;
    if prepped.is_ascii() {
        return sized(&prepped);
    }
    if prepped.starts_with("xn--") {
        return Err(());
    }
    let encoded = format!("xn--{}", idna::punycode::encode_str(&prepped).ok_or(())?);
    sized(&encoded)
}
