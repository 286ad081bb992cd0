//! The lists of known failures beside the committed oracle answers
//! (`tests/data/servers/known-failures-*.txt`): one request a line, as
//! input (JSON) TAB base (JSON, `null` for none) TAB reason; `#` starts a
//! comment. A line without all three, or with an empty reason, panics.

use std::collections::BTreeMap;

/// The listed failures of `text`: (input, base) to the reason.
pub fn parse(text: &str) -> BTreeMap<(String, Option<String>), String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.splitn(3, '\t');
        let (Some(i), Some(base), Some(reason)) = (f.next(), f.next(), f.next()) else {
            panic!("a known failure needs input, base and reason: {line:?}");
        };
        let input: String = serde_json::from_str(i).expect("the input as JSON");
        let base: Option<String> = serde_json::from_str(base).expect("the base as JSON");
        assert!(!reason.trim().is_empty(), "no reason: {line:?}");
        out.insert((input, base), reason.to_owned());
    }
    out
}
