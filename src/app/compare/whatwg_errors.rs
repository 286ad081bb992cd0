//! The URL Standard's validation errors, as the Compare view names and
//! explains them: each note of the `whatwg` answer under the Standard's own
//! name, with its explanation from the engine's table of validation errors
//! (or the resolver's own words for a bad base), whether parsing stopped
//! there, and the part of the input it is about.

use egui::RichText;

use crate::resolvers::{Answer, Note, NoteCode};

use super::super::escape::{byte_span, shorten};

/// How much of the input a note's excerpt shows.
const EXCERPT_CHARS: usize = 40;

/// What the view says about one note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The URL Standard's name, or `None` when the standard has none (a bad
    /// base, a failure the Standard names no error for).
    pub standard_name: Option<&'static str>,
    /// Whether parsing stops there (a failure), or goes on (a validation
    /// error the standard only reports).
    pub fatal: bool,
    /// What it means, in a sentence.
    pub meaning: &'static str,
}

/// The explanation of `note`, the answer's `index`th; `None` for a note
/// that is not the URL Standard's.
pub fn explain(answer: &Answer, index: usize) -> Option<Explained> {
    let note = answer.notes.get(index)?;
    let fatal = answer.invalid && index == 0;
    match note.code {
        NoteCode::Validation(error) => Some(Explained {
            standard_name: Some(error.name()),
            fatal,
            meaning: error.explanation(),
        }),
        NoteCode::Whatwg(code) => Some(Explained {
            standard_name: None,
            fatal,
            meaning: code.text(),
        }),
        // The `whatwg` resolver gives no other kind of note.
        NoteCode::Step(_)
        | NoteCode::Engine(_)
        | NoteCode::RustUrl(_)
        | NoteCode::Rfc3986(_)
        | NoteCode::Opc(_)
        | NoteCode::Set(_)
        | NoteCode::Live(_)
        | NoteCode::Python(_)
        | NoteCode::Go(_)
        | NoteCode::Curl(_)
        | NoteCode::NodeLegacy(_)
        | NoteCode::Urllib3(_)
        | NoteCode::Php(_)
        | NoteCode::Ruby(_)
        | NoteCode::JavaUri(_)
        | NoteCode::JavaUrl(_)
        | NoteCode::Perl(_)
        | NoteCode::CanonForms(_) => None,
    }
}

/// The part of `input` a note's range points at, shortened.
fn excerpt(note: &Note, input: &str) -> Option<String> {
    let range = note.range.clone()?;
    let text = input.get(range.clone())?;
    Some(format!(
        "at {}: \"{}\"",
        byte_span(&range),
        shorten(text, EXCERPT_CHARS, true)
    ))
}

/// Every note of the `whatwg` answer, named and explained.
pub fn whatwg_errors_ui(ui: &mut egui::Ui, answer: &Answer, input: &str) {
    if answer.notes.is_empty() {
        ui.label("No validation errors: the input is a valid URL string by the URL Standard.");
        return;
    }
    for (index, note) in answer.notes.iter().enumerate() {
        let Some(e) = explain(answer, index) else {
            continue;
        };
        let name = e.standard_name.unwrap_or(note.code.as_str());
        let meaning = e.meaning;
        let (mark, color) = if e.fatal {
            ("× fails:", ui.visuals().error_fg_color)
        } else {
            ("reports:", ui.visuals().warn_fg_color)
        };
        // One paragraph per error, wrapping within the section's width.
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{mark} {name}"))
                    .monospace()
                    .color(color),
            )
            .on_hover_text(format!(
                "{} (code {})",
                if e.fatal {
                    "Parsing stops here: the URL is invalid."
                } else {
                    "Parsing goes on; the standard only reports it."
                },
                note.code
            ));
            ui.label(meaning);
            if let Some(at) = excerpt(note, input) {
                ui.weak(at);
            }
        });
        ui.add_space(2.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::{Request, Resolver};

    #[test]
    fn every_note_the_resolver_gives_here_is_explained() {
        let inputs = [
            " http://u:p@a\\b\t/%zz^",
            "http:example.com",
            "file://C:/x",
            "http://a:99999/",
            "http://1.2.3.999/",
            "http://[1::2::3]/",
            "http://a b/",
            "rel",
            "http://",
            "http://xn--a.com/",
        ];
        for input in inputs {
            let a = Resolver::Whatwg.resolve(&Request::new(input));
            assert!(!a.notes.is_empty(), "{input:?}");
            for (i, n) in a.notes.iter().enumerate() {
                let e = explain(&a, i);
                let e =
                    e.unwrap_or_else(|| panic!("{input:?}: {} is not the URL Standard's", n.code));
                assert!(e.standard_name.is_some(), "{input:?}: {}", n.code);
                assert_eq!(
                    e.fatal,
                    a.invalid && n == &a.notes[0],
                    "{input:?}: {}",
                    n.code
                );
            }
        }
    }

    #[test]
    fn excerpts_quote_the_input() {
        let a = Resolver::Whatwg.resolve(&Request::new("http://a/b\tc"));
        let tab = a
            .notes
            .iter()
            .find(|n| n.code.as_str() == "invalid-URL-unit");
        let text = tab.and_then(|n| excerpt(n, "http://a/b\tc"));
        assert_eq!(text.as_deref(), Some("at byte 10: \"\\u{9}\""));
    }
}
