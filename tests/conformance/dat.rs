//! Reader for the suite's `.dat` format (see `../shared/conformance/README.md`):
//! records that start at `#data`, fields that start at `#NAME words…`, values
//! on the lines below a header or, when there are none, the header's first
//! word; `escaped` headers with `\uXXXX`/`\UXXXXXXXX`; `| ` prefixes on `data`
//! and `path` lines; `X8` fields that replace `X`.

use std::collections::BTreeMap;

/// One record: its fields by name, and the line its `#data` header is on.
#[derive(Debug, Clone)]
pub struct Record {
    pub line: usize,
    pub fields: BTreeMap<String, String>,
}

impl Record {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    /// A boolean field: present with a non-empty value other than `0`.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.get(name).map(|v| !v.is_empty() && v != "0")
    }
}

/// Replaces `\uXXXX` and `\UXXXXXXXX`. Code points a Rust string cannot hold
/// (surrogates, values past U+10FFFF) become U+FFFD, which is what
/// preprocessing turns them into anyway.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let digits = match tail.as_bytes().get(1) {
            Some(b'u') => 4,
            Some(b'U') => 8,
            _ => 0,
        };
        let hex = tail
            .get(2..2 + digits)
            .filter(|h| digits > 0 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        match hex {
            Some(h) => {
                let cp = u32::from_str_radix(h, 16).unwrap_or(0xFFFD);
                out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                rest = &tail[2 + digits..];
            }
            None => {
                out.push('\\');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

struct Field {
    name: String,
    first_word: Option<String>,
    escaped: bool,
    lines: Vec<String>,
}

impl Field {
    fn value(mut self) -> (String, String) {
        while self.lines.last().is_some_and(|l| l.is_empty()) {
            self.lines.pop();
        }
        let value = if self.lines.is_empty() {
            self.first_word.unwrap_or_default()
        } else {
            let strip = self.name == "data" || self.name == "path";
            let lines: Vec<&str> = self
                .lines
                .iter()
                .map(|l| {
                    if strip {
                        l.strip_prefix("| ").unwrap_or(l)
                    } else {
                        l.as_str()
                    }
                })
                .collect();
            let joined = lines.join("\n");
            if self.escaped {
                unescape(&joined)
            } else {
                joined
            }
        };
        (self.name, value)
    }
}

/// Parses a whole file.
pub fn parse(text: &str) -> Vec<Record> {
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    let mut field: Option<Field> = None;
    let finish_field = |record: &mut Option<Record>, field: &mut Option<Field>| {
        if let (Some(r), Some(f)) = (record.as_mut(), field.take()) {
            let (name, value) = f.value();
            r.fields.insert(name, value);
        }
    };
    for (n, line) in text.lines().enumerate() {
        if let Some(header) = line.strip_prefix('#') {
            finish_field(&mut current, &mut field);
            let mut words = header.split(' ');
            let name = words.next().unwrap_or("").to_owned();
            let words: Vec<&str> = words.filter(|w| !w.is_empty()).collect();
            if name == "data" {
                records.extend(current.take());
                current = Some(Record {
                    line: n + 1,
                    fields: BTreeMap::new(),
                });
            }
            field = Some(Field {
                name,
                escaped: words.last() == Some(&"escaped"),
                first_word: words.first().map(|w| (*w).to_owned()),
                lines: Vec::new(),
            });
        } else if let Some(f) = field.as_mut() {
            f.lines.push(line.to_owned());
        }
    }
    finish_field(&mut current, &mut field);
    records.extend(current);
    // `X8` replaces `X`.
    for r in &mut records {
        let eights: Vec<(String, String)> = r
            .fields
            .iter()
            .filter_map(|(k, v)| k.strip_suffix('8').map(|base| (base.to_owned(), v.clone())))
            .collect();
        for (k, v) in eights {
            r.fields.insert(k, v);
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format() {
        let recs = parse(
            "#data\n| #foo\n#base http://a/\n#host \n#path\n\n#data escaped\nx\\u0041\\U0001F600\\uD800\n#canon escaped\n\
             a\\u0042\n#invalid 1\n#path8 /p\n",
        );
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].get("data"), Some("#foo"));
        assert_eq!(recs[0].get("base"), Some("http://a/"));
        assert_eq!(recs[0].get("host"), Some(""));
        assert_eq!(recs[0].get("path"), Some(""));
        assert_eq!(recs[1].get("data"), Some("xA\u{1F600}\u{FFFD}"));
        assert_eq!(recs[1].get("canon"), Some("aB"));
        assert_eq!(recs[1].flag("invalid"), Some(true));
        assert_eq!(recs[1].get("path"), Some("/p"));
        assert_eq!(recs[1].line, 7);
    }
}
