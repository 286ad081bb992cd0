//! "Compare with another URL": the second URL's field (B), the table's
//! "same as B?" column, and the line that counts the resolvers under which
//! the input and B come out the same. The verdicts are computed with the
//! comparison ([`super::compute`]) by [`crate::resolvers::same`].

use egui::RichText;

use crate::resolvers::Resolver;
use crate::resolvers::same::Verdict;

use super::Comparison;
use super::settings::CompareSettings;

/// The field's widget id (tests and the keyboard reach it by this).
pub const FIELD_ID: &str = "compare-other-url";

/// The field's label (and its accessible name).
pub const LABEL: &str = "B:";

/// The column's heading.
pub const TITLE: &str = "same as B?";

/// The column's width in characters.
pub const CHARS: usize = 12;

/// The toolbar's toggle: opens the field (empty) or closes it (its text
/// kept for the next time it opens in this run).
pub fn toggle_ui(ui: &mut egui::Ui, settings: &mut CompareSettings, kept: &mut String) {
    let mut on = settings.other.is_some();
    if ui
        .checkbox(&mut on, "Compare with another URL")
        .on_hover_text(
            "A second URL (B): each row then says whether the input and B come out the same \
             under that resolver, and the hover says at which step of each trace they became \
             equal, or which component differs.",
        )
        .changed()
    {
        if on {
            settings.other = Some(std::mem::take(kept));
        } else if let Some(text) = settings.other.take() {
            *kept = text;
        }
    }
}

/// The field for B, under the toolbar, when open.
pub fn field_ui(ui: &mut egui::Ui, settings: &mut CompareSettings) {
    let Some(other) = settings.other.as_mut() else {
        return;
    };
    ui.horizontal(|ui| {
        let label = ui
            .label(RichText::new(LABEL).strong())
            .on_hover_text("The URL to compare the input (A) with, against the same base");
        ui.add(
            egui::TextEdit::singleline(other)
                .id_salt(FIELD_ID)
                .hint_text("another URL, e.g. the same page spelled differently")
                .font(egui::TextStyle::Monospace)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    });
}

/// The line over the table: under how many of the shown resolvers the
/// input and B are the same, and which.
pub fn line(c: &Comparison, shown: &[Resolver]) -> Option<String> {
    if c.same.is_empty() {
        return None;
    }
    let asked: Vec<(Resolver, &Verdict)> = shown
        .iter()
        .filter_map(|&r| Some((r, c.same_as_other(r)?)))
        .collect();
    let same: Vec<&str> = asked
        .iter()
        .filter(|(_, v)| v.is_same())
        .map(|(r, _)| r.label())
        .collect();
    Some(match same.len() {
        0 => format!(
            "The input and B: different under all {} resolvers shown.",
            asked.len()
        ),
        n => format!(
            "The input and B: the same under {n} of {} resolvers ({}).",
            asked.len(),
            same.join(", ")
        ),
    })
}

/// One row's cell: = same, ≠ different, or — when either is invalid; the
/// hover gives the verdict's sentence.
pub fn cell_ui(ui: &mut egui::Ui, r: Resolver, verdict: Option<&Verdict>) {
    let Some(v) = verdict else {
        return;
    };
    let visuals = ui.visuals();
    let (text, color) = match v {
        Verdict::Same { .. } => ("= same", visuals.strong_text_color()),
        Verdict::Different { .. } => ("≠ different", visuals.warn_fg_color),
        Verdict::Invalid { .. } => ("— invalid", visuals.weak_text_color()),
    };
    let hover = match v {
        Verdict::Same { canon, .. } => format!("{}.\nBoth: {canon}", v.sentence()),
        Verdict::Different { a, b, .. } => format!("{}.\nA: {a}\nB: {b}", v.sentence()),
        Verdict::Invalid { .. } => format!("{}.", v.sentence()),
    };
    let spoken = format!("{TITLE} of {}: {}", r.label(), v.sentence());
    ui.scope_builder(egui::UiBuilder::new().accessibility_label(spoken), |ui| {
        ui.label(RichText::new(text).monospace().color(color))
            .on_hover_text(hover);
    });
}
