//! Percent-decoding as the Python packages do it, on bytes: CPython's
//! `urllib.parse.unquote_to_bytes` once, or again and again until nothing
//! changes (surt's `unescapeRepeatedly`, urlcanon's
//! `pct_decode_token_repeatedly`, gglsbl's `full_unescape_to_bytes`).

/// `urllib.parse.unquote_to_bytes`: each `%` followed by two hex digits
/// becomes that byte; anything else, a lone `%` included, is kept.
pub(crate) fn unquote_to_bytes(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|&c| hex(c)),
                b.get(i + 2).and_then(|&c| hex(c)),
            ) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// [`unquote_to_bytes`] until it no longer changes anything. Each pass
/// that changes something makes the bytes shorter, so this ends.
pub(crate) fn unquote_repeatedly(b: &[u8]) -> Vec<u8> {
    let mut cur = b.to_vec();
    loop {
        let next = unquote_to_bytes(&cur);
        if next == cur {
            return cur;
        }
        cur = next;
    }
}
