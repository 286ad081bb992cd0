//! The URL Standard's trace: one row per step (the state and its section,
//! the pointer and the code point there, the decision), and under the
//! selected row its details: the text read with the pointer marked, the
//! buffer, the validation error, and the URL record as it stands after the
//! step (the path as its list of segments).

use egui::{RichText, Ui};

use super::analysis::StandardAnalysis;
use super::errors_view::marked_text;
use crate::app::escape::shown;
use crate::engine::Step;
use crate::engine::trace::RecordSnapshot;

/// Draws the parse's trace (the base's steps first, marked).
pub fn trace_ui(ui: &mut Ui, a: &StandardAnalysis, selected: &mut Option<usize>, escapes: bool) {
    let steps = &a.trace.steps;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Trace: the basic URL parser, state by state").strong());
        ui.weak(format!("{} steps", steps.len()));
    });
    if a.trace_skipped {
        ui.weak(format!(
            "Not recorded: the URL and base are longer than {} KiB together, and each step keeps the URL record as it stands. The answer above is complete.",
            super::analysis::TRACE_LIMIT / 1024
        ));
        return;
    }
    ui.weak("Select a step to see the pointer, the buffer and the URL record after it.");
    ui.add_space(4.0);
    steps_ui(
        ui,
        steps,
        (&a.read, &a.base_read),
        selected,
        escapes,
        "standard-trace",
    );
}

/// Rows for `steps`; `texts` are what the pointers of the input's steps
/// and of the base's steps index.
pub fn steps_ui(
    ui: &mut Ui,
    steps: &[Step],
    texts: (&str, &str),
    selected: &mut Option<usize>,
    escapes: bool,
    salt: &str,
) {
    let mut base_heading = false;
    let mut input_heading = false;
    let has_base = steps.iter().any(|s| s.of_base);
    for (i, step) in steps.iter().enumerate() {
        if has_base && step.of_base && !base_heading {
            ui.label(RichText::new("The base URL").italics());
            base_heading = true;
        }
        if has_base && !step.of_base && !input_heading {
            ui.label(RichText::new("The input, against the base").italics());
            input_heading = true;
        }
        ui.push_id((salt, i), |ui| {
            let is_selected = *selected == Some(i);
            let r = ui
                .selectable_label(is_selected, row_text(ui, i, step, escapes))
                .on_hover_text(step.id.explanation());
            if r.clicked() {
                *selected = if is_selected { None } else { Some(i) };
            }
            if is_selected {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    let text = if step.of_base { texts.1 } else { texts.0 };
                    details_ui(ui, step, text, escapes);
                });
            }
        });
    }
}

/// The state's name as the Standard's sections call it.
pub fn state_name(step: &Step) -> &'static str {
    let citation = step.id.citation();
    citation.strip_prefix("URL Standard, ").unwrap_or(citation)
}

/// One row: number, state, code point, decision, error mark.
fn row_text(ui: &Ui, i: usize, step: &Step, escapes: bool) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let v = ui.visuals();
    let small = egui::TextFormat::simple(egui::FontId::monospace(11.0), v.weak_text_color());
    let body = egui::TextFormat::simple(egui::FontId::proportional(13.0), v.text_color());
    let mono = egui::TextFormat::simple(egui::FontId::monospace(13.0), v.strong_text_color());
    job.append(&format!("{:>3} ", i + 1), 0.0, small.clone());
    job.append(state_name(step), 0.0, body.clone());
    if step.pointer.is_some() {
        let c = match step.code_point {
            Some(c) => format!("'{}'", shown(&c.to_string(), escapes)),
            None => "EOF".to_owned(),
        };
        job.append(&c, 8.0, mono);
    }
    if let Some(d) = &step.decision {
        job.append(&format!("  {d}"), 0.0, body);
    }
    if let Some(e) = &step.validation_error {
        let err = egui::TextFormat::simple(egui::FontId::monospace(12.0), v.error_fg_color);
        job.append(&format!("  ▲ {e}"), 0.0, err);
    }
    if step.failed {
        let err = egui::TextFormat::simple(egui::FontId::proportional(13.0), v.error_fg_color);
        job.append("  failure", 0.0, err);
    }
    job
}

/// The selected step's details.
fn details_ui(ui: &mut Ui, step: &Step, text: &str, escapes: bool) {
    ui.label(RichText::new(step.id.citation()).small());
    ui.label(step.id.explanation());
    egui::Grid::new("step-details")
        .num_columns(2)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            if let Some(p) = step.pointer {
                ui.label("pointer");
                ui.label(marked_text(ui, text, None, Some(p as usize), escapes));
                ui.end_row();
            }
            if let Some(b) = &step.buffer {
                ui.label("buffer");
                if b.is_empty() {
                    ui.weak("empty");
                } else {
                    ui.monospace(shown(b, escapes));
                }
                ui.end_row();
            }
            if let (Some(before), Some(after)) = (&step.before, &step.after)
                && step.changes
            {
                ui.label("changed");
                ui.monospace(format!(
                    "{} → {}",
                    shown(before, escapes),
                    shown(after, escapes)
                ));
                ui.end_row();
            }
            if let Some(d) = &step.decision {
                ui.label("decision");
                ui.label(d.as_ref());
                ui.end_row();
            }
            if let Some(e) = &step.validation_error {
                ui.label("validation error");
                ui.label(
                    RichText::new(e.as_ref())
                        .monospace()
                        .color(ui.visuals().error_fg_color),
                );
                ui.end_row();
            }
        });
    if let Some(r) = &step.record {
        ui.add_space(4.0);
        ui.label(RichText::new("URL record after this step").strong());
        snapshot_ui(ui, r, escapes);
    }
}

/// A record as the step left it.
fn snapshot_ui(ui: &mut Ui, r: &RecordSnapshot, escapes: bool) {
    let value = |ui: &mut Ui, v: Option<&str>| match v {
        None => ui.weak("null"),
        Some("") => ui.weak("empty"),
        Some(v) => ui.monospace(shown(v, escapes)),
    };
    egui::Grid::new("step-record")
        .num_columns(2)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            for (name, v) in [
                ("scheme", Some(r.scheme())),
                ("username", Some(r.username())),
                ("password", Some(r.password())),
                ("host", r.host()),
            ] {
                ui.label(name);
                value(ui, v);
                ui.end_row();
            }
            ui.label("port");
            let port = r.port().map(|p| p.to_string());
            value(ui, port.as_deref());
            ui.end_row();
            ui.label("path");
            match r.segments() {
                None => {
                    value(ui, Some(r.path()));
                }
                Some(segs) => {
                    let list = segs
                        .iter()
                        .map(|s| format!("\"{}\"", shown(s, escapes)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.monospace(format!("[{list}]"));
                }
            }
            ui.end_row();
            for (name, v) in [("query", r.query()), ("fragment", r.fragment())] {
                ui.label(name);
                value(ui, v);
                ui.end_row();
            }
        });
}
