//! The *CanonicalizeHost algorithm* ("Domain name canonicalization"): from a
//! host as written to its canonical form, or "fail".
//!
//! The steps are numbered as in the spec and marked with the modes they apply
//! to. The parts live beside this file: [`nameprep`], [`ipv4`], [`ipv6`] and
//! Gecko's IDN tables in [`gecko_idn`].
//!
//! Whatever fails returns the *fallback* (step 3–4): "fail" in THIS, CHROME
//! and IE, the lowercased input in GECKO. [`HostFailure`] says which step
//! failed and why.

pub mod gecko_idn;
pub mod ipv4;
pub mod ipv6;
pub mod nameprep;

use std::borrow::Cow;

use super::chars::{AsciiSet, is_label_separator};
use super::failure::Reason;
use super::model::{Component, Mode};
use super::percent::{
    HexCase, OctetSet, decode_ascii_where, decode_to_bytes, encode_utf8, has_escape, is_escape_at,
};
use crate::engine::trace::{Step, StepId, Tracer};
use nameprep::{is_prohibited, nameprep};

/// Why a host failed, and at which step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFailure {
    pub step: StepId,
    pub reason: Reason,
}

/// Step 30, THIS: the octets percent-encoded in hosts (plus `@` outside
/// `file`).
const THIS_ENCODE: AsciiSet = AsciiSet::C0
    .add_all(b" !\"#$%&'()*,/;<=>?\\^`{|}")
    .add(0x7F);
/// Step 30, IE (with lowercase hex digits).
const IE_ENCODE: AsciiSet = AsciiSet::C0.add_all(b" \"<>\\^`{|}").add(0x7F);
/// Steps 14 and 30, CHROME.
const CHROME_ENCODE: AsciiSet = AsciiSet::EMPTY.add_all(b" !\"#$&'()*,<=>@^`{|}");
/// The step 30 (and 14) sets as tables; hosts keep non-ASCII characters.
const THIS_SET: OctetSet = OctetSet::new(THIS_ENCODE.add(b'@'), false);
const THIS_FILE_SET: OctetSet = OctetSet::new(THIS_ENCODE, false);
const IE_SET: OctetSet = OctetSet::new(IE_ENCODE, false);
const CHROME_SET: OctetSet = OctetSet::new(CHROME_ENCODE, false);
const GECKO_SET: OctetSet = OctetSet::new(AsciiSet::EMPTY, false);
/// Step 28: characters that make the host fail, per mode.
const THIS_FORBIDDEN: AsciiSet = AsciiSet::EMPTY.add_all(b"\0/%\\");
const CHROME_FORBIDDEN: AsciiSet = AsciiSet::C0.add_all(b"%/:;?[\\]^~").add(0x7F);
const IE_FORBIDDEN: AsciiSet = AsciiSet::EMPTY.add_all(b"\0/?\\");
/// Step 7, IE: the escapes IE decodes.
fn ie_decodes(b: u8) -> bool {
    matches!(b, 0x00..=0x20 | 0x22 | 0x2D..=0x39 | 0x3C | 0x3E | 0x3F | 0x41..=0x5A | 0x5C | 0x5E..=0x7F)
}

/// One run of CanonicalizeHost: the mode, the scheme and the fallback.
struct Run<'t, T> {
    mode: Mode,
    is_file: bool,
    fallback: Option<String>,
    tr: &'t mut T,
    /// The host as the last recorded step left it (kept only when tracing),
    /// so that a fallback can be recorded as a change from it.
    now: String,
    /// Steps 8 and 10: a trailing label separator was set aside.
    has_root_dot: bool,
    /// Step 9: the labels need the IDN steps (17–21).
    need_punycode: bool,
}

/// Passes steps on to `tr`, keeping `now` (a [`Run`]'s host as the last
/// recorded step left it) up to date with the host changes among them, so
/// a later fallback starts from the last of them.
struct Chained<'a, T> {
    tr: &'a mut T,
    now: &'a mut String,
}

impl<T: Tracer> Tracer for Chained<'_, T> {
    const ON: bool = T::ON;

    fn record(&mut self, make: impl FnOnce() -> Step) {
        let now = &mut *self.now;
        self.tr.record(|| {
            let step = make();
            if step.changes
                && step.component == Some(Component::Host)
                && let Some(after) = &step.after
            {
                now.clone_from(after);
            }
            step
        });
    }

    fn recorded(&self) -> usize {
        self.tr.recorded()
    }

    fn steps_since(&mut self, from: usize) -> &mut [Step] {
        self.tr.steps_since(from)
    }
}

/// What a group of steps leaves: the host to go on with, or the answer
/// (a value that needs no further step, or Gecko's fallback).
enum Next<'a> {
    Go(Cow<'a, str>),
    Done(Cow<'a, str>),
}

impl<T: Tracer> Run<'_, T> {
    /// Returns the fallback, recording the step that failed.
    fn fail(&mut self, step: StepId, reason: Reason) -> Result<String, HostFailure> {
        let fallback = self.fallback.as_deref();
        let now = self.now.as_str();
        self.tr.record(|| match fallback {
            Some(f) => Step::change(step, Component::Host, Some(now), Some(f)).decide(format!(
                "{reason}; Gecko falls back to the host as written, lowercased"
            )),
            None => Step::new(step)
                .about(Component::Host)
                .decide(reason.to_string())
                .fail(),
        });
        match &self.fallback {
            Some(f) => Ok(f.clone()),
            None => Err(HostFailure { step, reason }),
        }
    }

    /// [`Run::fail`] for a group of steps: the fallback is the answer.
    fn stop<'a>(&mut self, step: StepId, reason: Reason) -> Result<Next<'a>, HostFailure> {
        self.fail(step, reason).map(|f| Next::Done(Cow::Owned(f)))
    }

    /// Records a change of the host string made by `step`.
    fn changed(&mut self, step: StepId, before: &str, after: &str, marked: bool) {
        if T::ON {
            after.clone_into(&mut self.now);
        }
        let mode = self.mode;
        self.tr.record(|| {
            let s = Step::change(step, Component::Host, Some(before), Some(after));
            if marked { s.in_mode(mode) } else { s }
        });
    }

    fn is(&self, modes: &[Mode]) -> bool {
        modes.contains(&self.mode)
    }
}

/// Runs CanonicalizeHost on `host` (of a URL whose scheme is `scheme`).
///
/// `is_file` says whether the URL's scheme is `file` (steps 26 and 30 depend
/// on it). The host is borrowed back when no step changes it.
pub fn canonicalize_host<'a, T: Tracer>(
    host: &'a str,
    is_file: bool,
    mode: Mode,
    tr: &mut T,
) -> Result<Cow<'a, str>, HostFailure> {
    use Mode::{Gecko, This};
    // Fast path, THIS: a host of lowercase letters, digits, '-' and '.'
    // passes every step unchanged (nothing to decode, map, normalize or
    // encode; the root dot is removed and put back) unless it is an IPv4
    // address in another form.
    if mode == This
        && !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
    {
        return Ok(match ipv4::canonicalize_ipv4(host) {
            Some(v4) if v4 != host => {
                tr.record(|| {
                    Step::change(StepId::HostIpv4, Component::Host, Some(host), Some(&v4))
                });
                Cow::Owned(v4)
            }
            _ => Cow::Borrowed(host),
        });
    }
    // Step 2. Preprocessing has already removed these from a whole URL, so
    // only a direct caller of this function can reach the step.
    let s: Cow<'a, str> = if host.contains(['\t', '\n', '\r']) {
        let removed: String = host
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        tr.record(|| {
            Step::change(
                StepId::HostRemoveTabs,
                Component::Host,
                Some(host),
                Some(&removed),
            )
        });
        Cow::Owned(removed)
    } else {
        Cow::Borrowed(host)
    };
    // Steps 3–4
    let fallback = (mode == Gecko).then(|| s.to_ascii_lowercase());
    if let Some(f) = &fallback {
        tr.record(|| {
            Step::new(StepId::HostFallback)
                .in_mode(mode)
                .decide(format!("fallback: {f:?}"))
        });
    }
    let mut run = Run {
        mode,
        is_file,
        fallback,
        tr,
        now: if T::ON {
            s.clone().into_owned()
        } else {
            String::new()
        },
        has_root_dot: false,
        need_punycode: false,
    };
    let s = match decode_and_nameprep(s, &mut run)? {
        Next::Go(s) => s,
        Next::Done(answer) => return Ok(answer),
    };
    let s = match labels(s, &mut run)? {
        Next::Go(s) => s,
        Next::Done(answer) => return Ok(answer),
    };
    match address_and_characters(s, &mut run)? {
        Next::Go(s) | Next::Done(s) => Ok(s),
    }
}

/// Steps 5–13: decoding, the root dot of CHROME and IE, Nameprep without
/// bidi, and the checks that follow it.
fn decode_and_nameprep<'a, T: Tracer>(
    mut s: Cow<'a, str>,
    run: &mut Run<'_, T>,
) -> Result<Next<'a>, HostFailure> {
    use Mode::{Chrome, Gecko, Ie, This};
    let mode = run.mode;
    // Step 5
    if mode == This && (s.starts_with("%5B") || s.starts_with("%5b")) {
        return run.stop(StepId::HostBracketEscape, Reason::HostEscapedBracket);
    }
    // Step 6
    if run.is(&[This, Chrome]) && has_escape(&s) {
        let decoded = String::from_utf8_lossy(&decode_to_bytes(&s)).into_owned();
        run.changed(StepId::HostDecode, &s, &decoded, false);
        s = Cow::Owned(decoded);
    }
    // Step 7
    if mode == Ie
        && let Cow::Owned(decoded) = decode_ascii_where(&s, ie_decodes)
    {
        run.changed(StepId::HostIeDecode, &s, &decoded, true);
        s = Cow::Owned(decoded);
    }
    // Steps 8–9
    run.has_root_dot = false;
    run.need_punycode = !s.is_ascii();
    // Step 10
    if run.is(&[Chrome, Ie])
        && let Some(last) = s.chars().next_back()
        && is_label_separator(last)
    {
        run.has_root_dot = true;
        let trimmed = s[..s.len() - last.len_utf8()].to_owned();
        run.changed(StepId::HostRootDotEarly, &s, &trimmed, true);
        s = Cow::Owned(trimmed);
    }
    // Step 11: Nameprep's own steps are the host's changes; this step
    // then only names what they gave.
    if run.is(&[This, Gecko, Ie]) {
        let mut chained = Chained {
            tr: &mut *run.tr,
            now: &mut run.now,
        };
        match nameprep(&s, mode, false, true, &mut chained) {
            Ok(Cow::Borrowed(_)) => {}
            Ok(Cow::Owned(prepped)) => {
                run.tr.record(|| {
                    Step::new(StepId::HostNameprep)
                        .about(Component::Host)
                        .decide(format!("Nameprep gave {prepped:?}"))
                });
                s = Cow::Owned(prepped);
            }
            Err(e) => return run.stop(StepId::HostNameprep, e.into()),
        }
    }
    // Step 12
    if mode == Chrome && s.contains('%') {
        return run.stop(StepId::HostChromePercent, Reason::HostPercent);
    }
    // Step 13
    if mode == Gecko && s.contains(['\0', ' ']) {
        let fallback = run.fallback.clone().unwrap_or_default();
        if fallback.contains(['\0', ' ']) {
            run.fallback = None;
            return run.stop(StepId::HostGeckoNulSpace, Reason::HostNulOrSpace);
        }
        if fallback.chars().any(is_prohibited) {
            return run.stop(StepId::HostGeckoNulSpace, Reason::HostNulOrSpaceProhibited);
        }
    }
    Ok(Next::Go(s))
}

/// Steps 14–24: CHROME's encoding, label separators, the root dot of THIS,
/// the IDN steps per label, and CHROME's unescaping and lowercasing.
fn labels<'a, T: Tracer>(
    mut s: Cow<'a, str>,
    run: &mut Run<'_, T>,
) -> Result<Next<'a>, HostFailure> {
    use Mode::{Chrome, Ie, This};
    let mode = run.mode;
    // Step 14
    if mode == Chrome
        && let Cow::Owned(encoded) = encode_utf8(&s, &CHROME_SET, HexCase::Upper)
    {
        run.changed(StepId::HostChromeEncode, &s, &encoded, true);
        s = Cow::Owned(encoded);
    }
    // Step 15
    if !s.is_ascii() && s.chars().any(|c| c != '.' && is_label_separator(c)) {
        let replaced: String = s
            .chars()
            .map(|c| if is_label_separator(c) { '.' } else { c })
            .collect();
        run.changed(StepId::HostSeparators, &s, &replaced, false);
        s = Cow::Owned(replaced);
    }
    // Step 16
    if mode == This && s.ends_with('.') {
        run.has_root_dot = true;
        let trimmed = s[..s.len() - 1].to_owned();
        run.changed(StepId::HostRootDot, &s, &trimmed, false);
        s = Cow::Owned(trimmed);
    }
    // Steps 17–22 only change anything when IDN processing is needed.
    if mode == Ie && s.split('.').any(|l| l.starts_with("xn--")) {
        // Step 18
        run.tr.record(|| {
            Step::new(StepId::HostIeXn)
                .in_mode(mode)
                .decide("a label starts with xn--")
        });
        run.need_punycode = true;
    }
    if run.need_punycode {
        let labels = match idn_labels(&s, run)? {
            Ok(l) => l,
            Err(fallback) => return Ok(Next::Done(Cow::Owned(fallback))),
        };
        run.changed(StepId::HostJoin, &s, &labels, false);
        s = Cow::Owned(labels);
    }
    if run.has_root_dot {
        // Step 22
        let dotted = format!("{s}.");
        run.changed(StepId::HostJoin, &s, &dotted, false);
        s = Cow::Owned(dotted);
    }
    // Step 23
    if mode == Chrome && has_escape(&s) {
        let bytes = decode_to_bytes(&s);
        let latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
        run.changed(StepId::HostChromeUnescape, &s, &latin1, true);
        s = Cow::Owned(latin1);
    }
    // Step 24
    if mode == Chrome && s.bytes().any(|b| b.is_ascii_uppercase()) {
        let lower = s.to_ascii_lowercase();
        run.changed(StepId::HostChromeUnescape, &s, &lower, true);
        s = Cow::Owned(lower);
    }
    Ok(Next::Go(s))
}

/// Steps 25–30: IPv6 and IPv4 addresses, the colon and forbidden-character
/// checks, and the final percent-encoding.
fn address_and_characters<'a, T: Tracer>(
    mut s: Cow<'a, str>,
    run: &mut Run<'_, T>,
) -> Result<Next<'a>, HostFailure> {
    use Mode::{Chrome, Gecko, Ie, This};
    let mode = run.mode;
    // Step 25
    let bracketed = s.len() >= 2 && s.starts_with('[') && s.ends_with(']');
    if bracketed && let Some(v6) = ipv6::canonicalize_ipv6(&s[1..s.len() - 1]) {
        let out = format!("[{v6}]");
        run.changed(StepId::HostIpv6, &s, &out, false);
        return Ok(Next::Done(Cow::Owned(out)));
    }
    // Step 26 ("otherwise": a bracketed host that is no IPv6 address goes on
    // to the next steps with its colons)
    if mode == This && !bracketed && !run.is_file && s.contains(':') {
        return run.stop(StepId::HostColon, Reason::HostColon);
    }
    // Step 27
    if let Some(v4) = ipv4::canonicalize_ipv4(&s) {
        run.changed(StepId::HostIpv4, &s, &v4, false);
        return Ok(Next::Done(Cow::Owned(v4)));
    }
    // Step 28
    let forbidden = match mode {
        This => THIS_FORBIDDEN,
        Chrome => CHROME_FORBIDDEN,
        Ie => IE_FORBIDDEN,
        Gecko => AsciiSet::EMPTY,
    };
    if let Some(b) = s.bytes().find(|&b| forbidden.contains(b)) {
        return run.stop(StepId::HostForbidden, Reason::HostForbidden(char::from(b)));
    }
    // Step 29
    if mode == Ie {
        let b = s.as_bytes();
        let bad = (0..b.len())
            .any(|i| b[i] == b'%' && (!is_escape_at(b, i) || &b[i + 1..i + 3] == b"00"));
        if bad {
            return run.stop(StepId::HostIeBadEscape, Reason::HostBadEscape);
        }
    }
    // Step 30
    let (set, case) = match mode {
        This if run.is_file => (&THIS_FILE_SET, HexCase::Upper),
        This => (&THIS_SET, HexCase::Upper),
        Ie => (&IE_SET, HexCase::Lower),
        Chrome => (&CHROME_SET, HexCase::Upper),
        Gecko => (&GECKO_SET, HexCase::Upper),
    };
    if let Cow::Owned(encoded) = encode_utf8(&s, set, case) {
        run.changed(StepId::HostEncode, &s, &encoded, mode != This);
        s = Cow::Owned(encoded);
    }
    Ok(Next::Go(s))
}

/// Steps 17–21: the labels, each through the IDN steps of its mode, joined
/// again. `Ok(Err(fallback))` is a failure that returns Gecko's fallback.
fn idn_labels<T: Tracer>(
    s: &str,
    run: &mut Run<'_, T>,
) -> Result<Result<String, String>, HostFailure> {
    use Mode::{Chrome, Gecko, Ie, This};
    let mode = run.mode;
    macro_rules! fail {
        ($step:expr, $why:expr) => {
            return run.fail($step, $why).map(Err)
        };
    }
    // Step 20.1
    let mut idn_enabled = false;
    if mode == Gecko {
        let last = s.split('.').rev().find(|l| !l.is_empty()).unwrap_or("");
        let tld: Cow<'_, str> = if last.is_ascii() {
            Cow::Borrowed(last)
        } else {
            match idna::punycode::encode_str(last) {
                Some(p) => Cow::Owned(format!("xn--{p}")),
                None => Cow::Borrowed(""),
            }
        };
        idn_enabled =
            gecko_idn::is_idn_enabled_tld(&tld) && !s.chars().any(gecko_idn::is_blacklisted);
        run.tr.record(|| {
            Step::new(StepId::HostGeckoTld)
                .in_mode(mode)
                .decide(format!(
                    "TLD {tld:?}: Unicode is {}",
                    if idn_enabled { "shown" } else { "not shown" }
                ))
        });
    }
    let mut out = String::with_capacity(s.len() + 8);
    for (i, label) in s.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if mode == Ie {
            match ie_round_trip(label, run)? {
                Ok(l) => out.push_str(&l),
                Err(f) => return Ok(Err(f)),
            }
            continue;
        }
        // Step 20.2.1.1: THIS and GECKO only need the bidi check here.
        let label: Cow<'_, str> = if mode == Chrome {
            match nameprep(label, mode, true, false, run.tr) {
                Ok(l) => l,
                Err(e) => fail!(StepId::HostLabelBidi, e.into()),
            }
        } else if nameprep::bidi_ok(label, mode) {
            Cow::Borrowed(label)
        } else {
            fail!(StepId::HostLabelBidi, Reason::Bidi)
        };
        if !label.is_ascii() {
            // Step 20.2.1.2
            if idn_enabled {
                out.push_str(&label);
                continue;
            }
            if matches!(mode, This | Chrome) && label.starts_with("xn--") {
                fail!(StepId::HostPunycode, Reason::XnNotAscii);
            }
            let Some(encoded) = idna::punycode::encode_str(&label) else {
                fail!(StepId::HostPunycode, Reason::PunycodeOverflow);
            };
            if encoded.len() + 4 > 63 {
                fail!(StepId::HostPunycode, Reason::EncodedLabelTooLong);
            }
            let ace = format!("xn--{encoded}");
            run.tr.record(|| {
                Step::new(StepId::HostPunycode)
                    .about(Component::Host)
                    .decide(format!("label {label:?} → {ace:?}"))
            });
            out.push_str(&ace);
        } else {
            // Step 20.2.1.3
            let mut label = label;
            if mode == Gecko && label.len() > 62 {
                label = Cow::Owned(label[..62].to_owned());
            }
            if matches!(mode, This | Chrome) && label.is_empty() {
                fail!(StepId::HostAsciiLabel, Reason::EmptyLabel);
            }
            if label.len() > 63 {
                fail!(StepId::HostAsciiLabel, Reason::LabelTooLong);
            }
            out.push_str(&label);
        }
    }
    Ok(Ok(out))
}

/// Step 20.2.2 (IE): the modified ToUnicode round trip of one label.
fn ie_round_trip<T: Tracer>(
    label: &str,
    run: &mut Run<'_, T>,
) -> Result<Result<String, String>, HostFailure> {
    macro_rules! fail {
        ($why:expr) => {
            return run.fail(StepId::HostIeRoundTrip, $why).map(Err)
        };
    }
    // Step 20.2.2.1
    let p_label = if label.is_ascii() {
        label.to_owned()
    } else {
        match idna::punycode::encode_str(label) {
            Some(p) => format!("xn--{p}"),
            None => fail!(Reason::PunycodeOverflow),
        }
    };
    // Step 20.2.2.3
    let unicode = match p_label.strip_prefix("xn--") {
        Some(rest) => match idna::punycode::decode_to_string(rest) {
            Some(u) => u,
            None => fail!(Reason::NotPunycode),
        },
        None => p_label.clone(),
    };
    // Step 20.2.2.4
    let a_label = match to_ascii_std3(&unicode, run.tr) {
        Some(a) => a,
        None => fail!(Reason::ToAsciiFails),
    };
    // Step 20.2.2.5
    if a_label != p_label {
        run.tr.record(|| {
            Step::new(StepId::HostIeRoundTrip)
                .about(Component::Host)
                .in_mode(Mode::Ie)
                .decide(format!("ToASCII gives {a_label:?}, not {p_label:?}"))
        });
        fail!(Reason::RoundTripDiffers);
    }
    // Step 20.2.2.6
    if unicode.contains('\u{3002}') {
        fail!(Reason::IdeographicFullStop);
    }
    run.tr.record(|| {
        Step::new(StepId::HostIeRoundTrip)
            .about(Component::Host)
            .in_mode(Mode::Ie)
            .decide(format!("label {label:?} → {unicode:?}"))
    });
    Ok(Ok(unicode))
}

/// RFC 3490 ToASCII with UseSTD3ASCIIRules and without AllowUnassigned, using
/// this spec's Nameprep in IE mode.
fn to_ascii_std3<T: Tracer>(label: &str, tr: &mut T) -> Option<String> {
    let mut l = Cow::Borrowed(label);
    if !label.is_ascii() {
        if label.chars().any(stringprep::tables::unassigned_code_point) {
            return None;
        }
        l = Cow::Owned(
            nameprep(label, Mode::Ie, true, false, tr)
                .ok()?
                .into_owned(),
        );
    }
    let ldh = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80;
    if !l.bytes().all(ldh) || l.starts_with('-') || l.ends_with('-') {
        return None;
    }
    let out = if l.is_ascii() {
        l.into_owned()
    } else {
        if l.as_bytes()
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return None;
        }
        format!("xn--{}", idna::punycode::encode_str(&l)?)
    };
    (1..=63).contains(&out.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::NoTrace;

    fn h(s: &str, mode: Mode) -> Option<String> {
        canonicalize_host(s, false, mode, &mut NoTrace)
            .ok()
            .map(Cow::into_owned)
    }

    #[test]
    fn step_2_drops_tabs_and_says_so() {
        let mut trace = crate::engine::Trace::default();
        let out = canonicalize_host("ex\tam\nple.com", false, Mode::This, &mut trace);
        assert_eq!(out.ok().as_deref(), Some("example.com"));
        assert_eq!(trace.steps[0].id, StepId::HostRemoveTabs);
        assert_eq!(trace.steps[0].after.as_deref(), Some("example.com"));
    }

    #[test]
    fn this_mode() {
        assert_eq!(
            h("LocalHost%2a", Mode::This).as_deref(),
            Some("localhost%2A")
        );
        assert_eq!(
            h("b\u{FC}cher.de", Mode::This).as_deref(),
            Some("xn--bcher-kva.de")
        );
        assert_eq!(
            h("%E4%B8%80.com", Mode::This).as_deref(),
            Some("xn--4gq.com")
        );
        assert_eq!(h("0x7f.1", Mode::This).as_deref(), Some("127.0.0.1"));
        assert_eq!(h("[0:0::1]", Mode::This).as_deref(), Some("[::1]"));
        assert_eq!(h("a:b", Mode::This), None);
        assert_eq!(h("%5B::1]", Mode::This), None);
        assert_eq!(h("a%25b", Mode::This), None);
        assert_eq!(
            h("example.com.", Mode::This).as_deref(),
            Some("example.com.")
        );
        assert_eq!(h("a@b", Mode::This).as_deref(), Some("a%40b"));
        assert_eq!(
            canonicalize_host("a@b", true, Mode::This, &mut NoTrace)
                .ok()
                .as_deref(),
            Some("a@b")
        );
    }
}
