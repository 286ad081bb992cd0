//! The Compare view's section on today's browsers: for each browser model
//! shown, the departures from the URL Standard it made on this input, each
//! named, explained and cited (the browser's source file and its bug), and
//! how the browser installed here answered, when it was asked.

use egui::RichText;

use crate::resolvers::{Answer, NoteCode, Resolver};

use super::super::symbols::with_words;
use super::compute::Comparison;
use super::group_rows::differs_from_model;

/// Whether the section has anything to say for the `shown` rows.
pub fn has_any(c: &Comparison, shown: &[Resolver]) -> bool {
    shown
        .iter()
        .filter(|r| r.browser().is_some() && !r.is_live())
        .any(|&r| c.answer(r).is_some())
}

/// The section's body.
pub fn departures_ui(ui: &mut egui::Ui, c: &Comparison, shown: &[Resolver]) {
    for &r in shown
        .iter()
        .filter(|r| r.browser().is_some() && !r.is_live())
    {
        let Some(answer) = c.answer(r) else { continue };
        let departures: Vec<_> = answer
            .notes
            .iter()
            .filter_map(|n| match n.code {
                NoteCode::Step(id) => Some((id, n)),
                _ => None,
            })
            .collect();
        ui.label(RichText::new(r.label()).strong());
        ui.indent(r.name(), |ui| {
            if departures.is_empty() {
                ui.weak(if answer.invalid {
                    "refuses this URL as the URL Standard does"
                } else {
                    "follows the URL Standard here"
                });
            }
            for (id, note) in departures {
                ui.label(RichText::new(id.id()).monospace())
                    .on_hover_text(id.citation());
                ui.indent(id.id(), |ui| {
                    ui.label(&note.message);
                    ui.weak(id.citation());
                });
            }
            if let Some(live) = r.counterpart().filter(|l| shown.contains(l)) {
                live_line(ui, answer, c.answer(live));
            }
        });
    }
}

/// How the browser installed here answered, beside its model.
fn live_line(ui: &mut egui::Ui, model: &Answer, live: Option<&Answer>) {
    let Some(live) = live else {
        ui.weak("asking the browser installed here…");
        return;
    };
    let by = live
        .notes
        .iter()
        .find(|n| n.code == crate::resolvers::live::Code::AnsweredBy.into());
    if let Some(why) = live
        .why_invalid()
        .filter(|_| live.canon.is_none() && by.is_none())
    {
        ui.weak(format!("live: {}", why.message));
        return;
    }
    let who = by.map_or("the browser installed here", |n| n.message.as_str());
    if differs_from_model(model, live) {
        let color = ui.visuals().warn_fg_color;
        let words = format!("{who}, which answers otherwise than the model");
        ui.label(with_words(ui, "≠", &words, color));
    } else {
        ui.weak(format!("= {who}, as the model says"));
    }
}
