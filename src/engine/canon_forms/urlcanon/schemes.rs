//! What the parser and the canonicalizer steps both read: urlcanon's
//! special schemes, and bytes shown as text in a step.

/// urlcanon/__init__.py's `SPECIAL_SCHEMES`: the special schemes and their
/// default ports (`file` has none).
pub(super) const SPECIAL_SCHEMES: [(&[u8], Option<&[u8]>); 7] = [
    (b"ftp", Some(b"21")),
    (b"gopher", Some(b"70")),
    (b"http", Some(b"80")),
    (b"https", Some(b"443")),
    (b"ws", Some(b"80")),
    (b"wss", Some(b"443")),
    (b"file", None),
];

/// `scheme in urlcanon.SPECIAL_SCHEMES` (bytes, exactly: the steps ask it
/// of the scheme as it stands).
pub(super) fn is_special(scheme: &[u8]) -> bool {
    SPECIAL_SCHEMES.iter().any(|(s, _)| *s == scheme)
}

/// Bytes as text for a step (not UTF-8: U+FFFD in their place).
pub(super) fn shown(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
