//! Python's `bytes.strip()` followed by the removal of every tab, CR and
//! LF, the first thing surt's `handyurl.parse` and gglsbl's
//! `URL.canonical` do to a URL.

/// Whether `bytes.strip()` strips `b`: ASCII space, tab, LF, VT, FF, CR.
fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// `url.strip()`, then each tab, CR and LF removed.
pub(crate) fn strip_and_drop_tabs_newlines(url: &[u8]) -> Vec<u8> {
    let start = url
        .iter()
        .position(|&b| !is_py_space(b))
        .unwrap_or(url.len());
    let end = url
        .iter()
        .rposition(|&b| !is_py_space(b))
        .map_or(start, |i| i + 1);
    url[start..end]
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\t' | b'\r' | b'\n'))
        .collect()
}
