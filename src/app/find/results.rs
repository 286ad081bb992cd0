//! The Find view's results: one row per kind of URL that gets through,
//! shortest first, each opening to the pair's sentence and the step where
//! each parser took its host.

use egui::{RichText, ScrollArea};

use super::job::Found;
use crate::app::command::Command;
use crate::confuse::confirm::Side;
use crate::confuse::{self, Cause, Finding, report};
use crate::engine::hidden;
use crate::resolvers::Resolver;

/// Draws the summary line and the results; `opened` is the result shown
/// open (an index into the folded list).
pub fn results_ui(
    ui: &mut egui::Ui,
    found: &Found,
    opened: &mut Option<usize>,
    commands: &mut Vec<Command>,
) {
    let o = &found.outcome;
    let q = &found.question;
    ui.horizontal_wrapped(|ui| {
        let line = if o.findings.is_empty() {
            format!(
                "Nothing gets through {} then {}: {} candidates tried in {:.1} s.",
                q.pair.check.name(),
                q.pair.fetch.name(),
                o.tried,
                o.elapsed.as_secs_f64()
            )
        } else {
            format!(
                "{} URLs get through {} then {} ({} kinds), of {} candidates tried in {:.1} s{}.",
                o.findings.len(),
                q.pair.check.name(),
                q.pair.fetch.name(),
                found.folded.len(),
                o.tried,
                o.elapsed.as_secs_f64(),
                if found.live {
                    ", each confirmed by the real libraries"
                } else {
                    ""
                }
            )
        };
        ui.label(RichText::new(line).strong());
        if ui
            .button("Copy report")
            .on_hover_text("The defenders' report, as Markdown")
            .clicked()
        {
            commands.push(Command::Copy {
                what: "the Find report".to_owned(),
                text: report::markdown(q, o, &found.folded),
            });
        }
    });
    if !o.misses.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{} more that the models let through, the real libraries do not: the models' misses, not findings.", o.misses.len()),
        );
    }
    ui.separator();
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, f) in found.folded.iter().enumerate() {
                finding_ui(ui, i, f, &confuse::untraced_sides(q, f), opened, commands);
            }
        });
}

fn finding_ui(
    ui: &mut egui::Ui,
    i: usize,
    f: &Finding,
    untraced: &[Resolver],
    opened: &mut Option<usize>,
    commands: &mut Vec<Command>,
) {
    let is_open = *opened == Some(i);
    ui.horizontal(|ui| {
        let input = hidden::escape(&f.input);
        let header = egui::CollapsingHeader::new(RichText::new(input).monospace())
            .id_salt(("find-result", i))
            .open(Some(is_open))
            .show(ui, |_| {});
        if header
            .header_response
            .on_hover_text("Show where the two parsers part")
            .clicked()
        {
            *opened = if is_open { None } else { Some(i) };
        }
        if let Some(base) = &f.base {
            ui.weak(format!("against {}", hidden::escape(base)));
        }
        ui.weak(f.family);
        if f.others > 0 {
            ui.weak(format!("+{} like it", f.others));
        }
        if f.cause == Cause::Rule {
            ui.weak("(the rule's own weakness)");
        }
        if ui
            .small_button("Copy")
            .on_hover_text("Copy this URL")
            .clicked()
        {
            commands.push(Command::Copy {
                what: "the URL".to_owned(),
                text: f.input.clone(),
            });
        }
    });
    if !is_open {
        return;
    }
    ui.indent(("find-result", i), |ui| {
        ui.label(&f.sentence);
        for p in &f.parting {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{} step {}", p.resolver.name(), p.number)).strong(),
                );
                ui.label(RichText::new(p.step).monospace());
                ui.weak(p.citation);
            });
            ui.label(p.explanation);
        }
        for r in untraced {
            ui.weak(format!(
                "{}: the real library itself is asked; it records no steps",
                r.phrase()
            ));
        }
        if let Some(m) = &f.mutation {
            ui.weak(format!("Found by the search: {m}"));
        }
        if let Some(proof) = &f.proof {
            ui.weak(format!(
                "Real libraries: check {}; fetch {}",
                side(&proof.check),
                side(&proof.fetch)
            ));
        }
    });
    ui.add_space(2.0);
}

fn side(s: &Side) -> String {
    match s {
        Side::Itself => "the real library itself".to_owned(),
        Side::Confirmed { resolver } => format!("confirmed by {}", resolver.name()),
        Side::Refuted { resolver, .. } => format!("refuted by {}", resolver.name()),
        Side::Unavailable { resolver, note } => {
            format!("{} not available ({note})", resolver.name())
        }
        Side::NoneToAsk => "no real library to ask".to_owned(),
    }
}
