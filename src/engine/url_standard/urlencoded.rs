//! application/x-www-form-urlencoded (URL Standard, section 5): the
//! parser and serializer, and [`SearchParams`], the list URLSearchParams
//! keeps.

use std::fmt;

use encoding_rs::Encoding;

use super::percent_sets::{self, FORM};

/// URL Standard, application/x-www-form-urlencoded parser.
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    let mut output = Vec::new();
    // Step 1-3.
    for sequence in input.split(|&b| b == b'&') {
        if sequence.is_empty() {
            continue;
        }
        // 3.2-3.3.
        let (name, value) = match sequence.iter().position(|&b| b == b'=') {
            Some(i) => (&sequence[..i], &sequence[i + 1..]),
            None => (sequence, &[][..]),
        };
        // 3.4-3.6: + is a space, then percent-decode and UTF-8 decode.
        let decode = |bytes: &[u8]| {
            let plus: Vec<u8> = bytes
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect();
            String::from_utf8_lossy(&percent_sets::decode(&plus)).into_owned()
        };
        output.push((decode(name), decode(value)));
    }
    output
}

/// URL Standard, application/x-www-form-urlencoded serializer.
pub fn serialize(pairs: &[(String, String)], encoding: &'static Encoding) -> String {
    let encoding = encoding.output_encoding();
    let mut output = String::new();
    for (i, (name, value)) in pairs.iter().enumerate() {
        if i > 0 {
            output.push('&');
        }
        percent_sets::push_encoded(&mut output, encoding, name, &FORM, true);
        output.push('=');
        percent_sets::push_encoded(&mut output, encoding, value, &FORM, true);
    }
    output
}

/// URLSearchParams's list (URL Standard, URLSearchParams class).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchParams {
    pub list: Vec<(String, String)>,
}

impl SearchParams {
    /// Initialize from a query (one leading `?` is removed).
    pub fn parse(query: &str) -> SearchParams {
        let q = query.strip_prefix('?').unwrap_or(query);
        SearchParams {
            list: parse(q.as_bytes()),
        }
    }

    /// append(name, value).
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// delete(name, value): every pair with `name` (and `value`, if given).
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| n != name || value.is_some_and(|value| v != value));
    }

    /// get(name): the first value.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// getAll(name).
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// has(name, value).
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// set(name, value): the first pair's value replaced, the others removed,
    /// or a new pair appended.
    pub fn set(&mut self, name: &str, value: &str) {
        let mut found = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if found {
                return false;
            }
            found = true;
            *v = value.to_owned();
            true
        });
        if !found {
            self.append(name, value);
        }
    }

    /// sort(): stable, by name compared as UTF-16 code units.
    pub fn sort(&mut self) {
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }

    /// The list serialized (UTF-8).
    pub fn serialize(&self) -> String {
        serialize(&self.list, encoding_rs::UTF_8)
    }
}

impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_serialize_and_sort() {
        let mut p = SearchParams::parse("?a=1&b=%20x+y&&c&a=2");
        assert_eq!(p.get_all("a"), ["1", "2"]);
        assert_eq!(p.get("b"), Some(" x y"));
        assert_eq!(p.get("c"), Some(""));
        p.set("a", "3");
        assert_eq!(p.serialize(), "a=3&b=+x+y&c=");
        p.append("\u{1F600}", "s");
        p.append("\u{FB03}", "l");
        p.sort();
        // U+1F600 is a surrogate pair (D83D), before U+FB03 in UTF-16.
        let names: Vec<&str> = p.list.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "\u{1F600}", "\u{FB03}"]);
        p.delete("b", Some("nope"));
        assert!(p.has("b", None));
        p.delete("b", None);
        assert!(!p.has("b", None));
        assert_eq!(
            serialize(
                &[("1+1 ≡ 2%20‽".into(), String::new())],
                encoding_rs::SHIFT_JIS
            ),
            "1%2B1+%81%DF+2%2520%26%238253%3B="
        );
    }
}
