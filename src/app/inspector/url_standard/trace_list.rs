//! A setter's own steps, in a short list under the setter's row: one row
//! per step (the state and its section, the code point at the pointer, the
//! decision), and under the selected row its details (the pointer in the
//! value, the buffer, the validation error and the URL record after the
//! step, as the trace's detail shows a state machine's step).

use egui::{RichText, Ui};

use crate::app::escape::shown;
use crate::app::inspector::step_detail::state_machine_ui;
use crate::engine::Step;

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
    if let Some(d) = &step.decision {
        ui.horizontal_wrapped(|ui| {
            ui.label("decision:");
            ui.label(d.as_ref());
        });
    }
    if let (Some(before), Some(after)) = (&step.before, &step.after)
        && step.changes
    {
        ui.horizontal_wrapped(|ui| {
            ui.label("changed:");
            ui.monospace(format!(
                "{} → {}",
                shown(before, escapes),
                shown(after, escapes)
            ));
        });
    }
    state_machine_ui(ui, step, text, escapes);
}
