//! The *steps to serialize a parsed URL* ("Serialization" section).

use super::model::ParsedUrl;

/// Serializes `u`; `None` for an invalid URL (step 2).
pub fn serialize(u: &ParsedUrl) -> Option<String> {
    if u.invalid {
        return None;
    }
    let len = [
        &u.scheme,
        &u.user,
        &u.password,
        &u.host,
        &u.port,
        &u.path,
        &u.query,
        &u.fragment,
    ]
    .iter()
    .map(|c| c.as_deref().map_or(0, |s| s.len() + 1))
    .sum::<usize>()
        + 3;
    let mut s = String::with_capacity(len);
    // Steps 4–5
    s.push_str(u.scheme.as_deref().unwrap_or(""));
    s.push(':');
    // Step 6
    if u.has_authority() {
        s.push_str("//");
        u.push_authority(&mut s);
    }
    // Steps 7–9
    s.push_str(u.path.as_deref().unwrap_or(""));
    if let Some(q) = &u.query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = &u.fragment {
        s.push('#');
        s.push_str(f);
    }
    Some(s)
}
