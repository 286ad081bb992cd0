//! The result panel: the canonical URL (selectable, with a copy button and
//! shortcut), or, for an invalid URL, the step that failed, why, and where
//! in the input. Under either, the warning strip ([`super::notes_strip`])
//! lists the result's notes, and the heading line counts the warnings, so a
//! look-alike host is flagged beside a canonical URL that reads like ASCII.
//! An empty URL field is not an error: it gets a neutral prompt.

use egui::text::{LayoutJob, TextFormat};
use egui::{RichText, TextEdit, TextStyle};

use super::analysis::{Analysis, FailureView};
use super::command::Command;
use super::escape::{byte_span, preview};
use super::keys;
use super::notes_strip;
use super::state::is_blank;
use super::symbols::with_words;

/// The canonical URL is shown in full up to this many characters (two or
/// three lines, its middle cut beyond: the rest is one click away, and the
/// copy is always whole).
const SHOWN_CHARS: usize = 300;

/// Draws the panel; `selected_note` is the note whose characters are
/// selected in the input.
pub fn result_ui(
    ui: &mut egui::Ui,
    analysis: Option<&Analysis>,
    escapes: bool,
    computing: bool,
    selected_note: Option<usize>,
    commands: &mut Vec<Command>,
) {
    let Some(a) = analysis else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Computing the first result…");
        });
        return;
    };
    if is_blank(&a.request.input) {
        ui.label(RichText::new("No URL yet").strong());
        ui.label("Type or paste a URL in the field above; the result follows every keystroke.");
        return;
    }
    if let Some(f) = &a.failure {
        failure_ui(ui, f, commands);
    } else if let Some(canon) = &a.outcome.canon {
        canonical_ui(ui, a, canon, escapes, computing, commands);
    } else {
        ui.label("No canonical form was produced.");
    }
    notes_strip::notes_ui(ui, a, selected_note, escapes, commands);
}

/// The canonical URL, its Copy button, and how many warnings the strip has.
fn canonical_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    canon: &str,
    escapes: bool,
    computing: bool,
    commands: &mut Vec<Command>,
) {
    let label = ui.horizontal(|ui| {
        let label = ui.label(RichText::new("Canonical URL").strong());
        let copy = ui.button("Copy").on_hover_text(format!(
            "Copy the canonical URL ({})",
            ui.ctx().format_shortcut(&keys::COPY)
        ));
        if copy.clicked() {
            commands.push(Command::CopyCanonical);
        }
        ui.weak(ui.ctx().format_shortcut(&keys::COPY));
        if canon.chars().nth(SHOWN_CHARS).is_some() && ui.button("Show all").clicked() {
            commands.push(Command::ShowAll {
                title: "Canonical URL".to_owned(),
                text: canon.to_owned(),
            });
        }
        if computing {
            ui.weak("(updating…)");
        }
        if a.already_canonical {
            ui.weak("· already canonical");
        }
        let warnings = notes_strip::warnings(&a.notes);
        if warnings > 0 {
            let words = format!(
                "{warnings} warning{} below: read before trusting this URL",
                if warnings == 1 { "" } else { "s" }
            );
            let color = ui.visuals().warn_fg_color;
            ui.label(with_words(ui, "▲", &words, color));
        }
        label.id
    });
    // The text goes on its own line: URLs are long. A read-only text field
    // is selectable and tells screen readers its value.
    let shown = preview(canon, SHOWN_CHARS, escapes);
    // Non-ASCII characters tinted and underlined: an IE-mode URL that reads
    // like ASCII shows where it is not.
    let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, wrap_width: f32| {
        let font = TextStyle::Monospace.resolve(ui.style());
        let plain = TextFormat::simple(font, ui.visuals().text_color());
        let mut job = LayoutJob::default();
        job.wrap.max_width = wrap_width;
        job.wrap.break_anywhere = true;
        notes_strip::append_marking_non_ascii(&mut job, text.as_str(), &plain, ui.visuals());
        ui.fonts_mut(|f| f.layout_job(job))
    };
    ui.add(
        TextEdit::multiline(&mut shown.as_str())
            .id(ui.make_persistent_id("canonical-url"))
            .font(TextStyle::Monospace)
            .desired_rows(1)
            .desired_width(f32::INFINITY)
            .layouter(&mut layouter),
    )
    .labelled_by(label.inner);
    let non_ascii = canon.chars().filter(|c| !c.is_ascii()).count();
    if non_ascii > 0 {
        ui.weak(format!(
            "Holds {non_ascii} non-ASCII character{} (underlined): not the ASCII letters they may look like.",
            if non_ascii == 1 { "" } else { "s" }
        ));
    }
}

fn failure_ui(ui: &mut egui::Ui, f: &FailureView, commands: &mut Vec<Command>) {
    let red = ui.visuals().error_fg_color;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("× Invalid URL").strong().color(red));
        ui.label(format!(
            "— failed at step {} ({}):",
            f.id.id(),
            f.id.citation()
        ));
        ui.label(RichText::new(&f.reason).color(red));
    });
    ui.horizontal_wrapped(|ui| {
        ui.weak(f.id.explanation());
        match &f.input_range {
            Some(r) => {
                ui.label(format!(
                    "Position: {} of the input (marked below).",
                    byte_span(r)
                ));
            }
            None => {
                ui.label("The problem is not in the input's own characters (it came from the base or a later step).");
            }
        }
        if let Some(i) = f.step_index
            && ui.button("Show the step").on_hover_text("Select the failing step in the trace").clicked()
        {
            commands.push(Command::SelectStep(Some(i)));
        }
    });
}
