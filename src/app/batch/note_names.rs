//! Note codes as a person reads them: the summary, the note filter and a
//! row's detail name each note by a readable name (a step by the section it
//! cites, a validation error by the Standard's own name, another note in
//! words) and explain it in a tooltip, rather than list raw codes such as
//! `host.28`. The codes stay what the filter and the export use.

use crate::resolvers::NoteCode;
use crate::table::row::{NOTE_INTERNAL_ERROR, NOTE_NOT_UTF8, NOTE_UNKNOWN_ENCODING};

/// The table's own notes: code, name, meaning.
const TABLE_NOTES: [(&str, &str, &str); 3] = [
    (
        NOTE_NOT_UTF8,
        "line not UTF-8",
        "The line was not valid UTF-8; its bad bytes were read as U+FFFD.",
    ),
    (
        NOTE_UNKNOWN_ENCODING,
        "unknown encoding label",
        "The line's encoding label names no encoding; UTF-8 was used.",
    ),
    (
        NOTE_INTERNAL_ERROR,
        "internal error",
        "A resolver failed on this line (a bug of url-inspector's); its cell says which.",
    ),
];

/// Who a code's prefix stands for.
const PREFIXES: [(&str, &str); 6] = [
    ("rfc3986.", "RFC 3986"),
    ("opc.", "OPC"),
    ("rust-url.", "url crate"),
    ("whatwg.", "URL Standard"),
    ("set.", "setter"),
    ("table.", "table"),
];

/// A code's readable name.
pub fn note_name(code: &str) -> String {
    if let Some((_, name, _)) = TABLE_NOTES.iter().find(|(c, _, _)| *c == code) {
        return (*name).to_owned();
    }
    match NoteCode::from_code(code) {
        Some(NoteCode::Step(id)) => id.citation().to_owned(),
        Some(NoteCode::Validation(e)) => e.name().to_owned(),
        _ => {
            for (prefix, who) in PREFIXES {
                if let Some(rest) = code.strip_prefix(prefix) {
                    return format!("{who}: {}", rest.replace(['-', '.'], " "));
                }
            }
            code.replace('-', " ")
        }
    }
}

/// What a code means, with the code and what it cites.
pub fn note_text(code: &str) -> String {
    if let Some((_, _, text)) = TABLE_NOTES.iter().find(|(c, _, _)| *c == code) {
        return format!("{text} ({code})");
    }
    match NoteCode::from_code(code) {
        Some(c) => format!("{} ({code}; {})", c.text(), c.citation()),
        None => code.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_names_with_their_meaning() {
        assert_eq!(note_name("parse.no-scheme"), "Finding the scheme; Parsing");
        assert_eq!(note_name("invalid-URL-unit"), "invalid-URL-unit");
        assert_eq!(note_name("rfc3986.normalized"), "RFC 3986: normalized");
        assert_eq!(note_name("host-confusable"), "host confusable");
        assert_eq!(note_name(NOTE_NOT_UTF8), "line not UTF-8");
        let t = note_text("host-confusable");
        assert!(t.ends_with(")") && t.contains("host-confusable;"), "{t}");
        assert!(note_text("canon.port.invalid").contains("canon.port.invalid"));
    }
}
