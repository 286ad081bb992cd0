//! The selected step in full, under the trace's list: what it is (number,
//! id, citation, explanation), the whole URL as it stands after it (near the
//! top, so stepping keeps it in sight however small the window), and then
//! whatever the step holds: the decision, the value before → after with the
//! change marked, remove dot-segments' output and input buffers, a state
//! machine's pointer in the text it reads, its buffer, the validation error
//! and the URL record after the step, and the input bytes it concerns.
//!
//! Every engine's steps are the one [`Step`] type, so one detail serves
//! them all: a field a step does not hold is not shown.

use egui::text::{LayoutJob, TextFormat};
use egui::{RichText, TextStyle};

use super::pointer_text::marked_text;
use crate::app::command::Command;
use crate::app::escape::{byte_span, shorten, shown};
use crate::app::keys;
use crate::app::symbols::with_words;
use crate::app::theme;
use crate::app::trace_source::{StepView, TraceSource, UrlAfterLine};
use crate::engine::Step;
use crate::engine::trace::RecordSnapshot;

use super::change_marks::{DETAIL_CHARS, append_marked, change_formats};

/// The selected step in full (or how to select one).
pub fn detail_ui(
    ui: &mut egui::Ui,
    a: &dyn TraceSource,
    selected: Option<usize>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let found = selected.and_then(|i| Some((i, a.views().get(i)?, a.steps().get(i)?)));
    let Some((i, v, s)) = found else {
        ui.label(format!(
            "Select a step to see it in full here, with the whole URL after it ({} / {} to step through, {} to play).",
            ui.ctx().format_shortcut(&keys::NEXT_STEP),
            ui.ctx().format_shortcut(&keys::PREV_STEP),
            ui.ctx().format_shortcut(&keys::PLAY)
        ));
        return;
    };
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Selected step"),
        |ui| {
            header_ui(ui, i, v, s, commands);
            if let Some(after) = a.url_after(i) {
                url_after_line(ui, i, &after, escapes, commands);
            }
            ui.label(s.id.explanation());
            if let Some(c) = s.component {
                ui.horizontal(|ui| {
                    ui.label("component:");
                    let color = theme::component_color(c, ui.visuals().dark_mode);
                    ui.colored_label(color, c.to_string());
                    if let Some(m) = s.mode {
                        ui.label(format!("· only in mode {}", m.marker()));
                    }
                });
            }
            if let Some(d) = &s.decision {
                ui.horizontal_wrapped(|ui| {
                    ui.label("decision:");
                    ui.label(shorten(d, DETAIL_CHARS, escapes));
                });
            }
            if s.changes && s.buffers().is_none() {
                values_ui(ui, v, s, escapes, commands);
            }
            buffers_ui(ui, v, s, escapes);
            let text = a.pointer_text(s.of_base).unwrap_or("");
            state_machine_ui(ui, s, text, escapes);
            if let Some(r) = &v.input_range {
                ui.label(format!(
                    "Concerns {} of the input (marked in the input; the first byte is 0).",
                    byte_span(r)
                ));
            }
        },
    );
}

/// The detail's first line: failed mark, number, id, citation, whose step, Close.
fn header_ui(ui: &mut egui::Ui, i: usize, v: &StepView, s: &Step, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        if s.failed {
            ui.colored_label(ui.visuals().error_fg_color, "× failed here");
        }
        ui.label(
            RichText::new(format!("#{i} {}", s.id.id()))
                .monospace()
                .strong(),
        );
        ui.label(RichText::new(s.id.citation()).italics());
        if v.of_base {
            ui.label("(while parsing the base URL)");
        }
        if ui
            .small_button("Close")
            .on_hover_text("Clear the selection")
            .clicked()
        {
            commands.push(Command::SelectStep(None));
        }
    });
}

/// "URL after this step": the whole URL in one line, with the component
/// the step changed named.
fn url_after_line(
    ui: &mut egui::Ui,
    i: usize,
    after: &UrlAfterLine,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        let whose = if after.of_base {
            "Base URL after this step:"
        } else {
            "URL after this step:"
        };
        ui.label(RichText::new(whose).strong());
        let text = if after.text.is_empty() {
            "(nothing parsed yet)".to_owned()
        } else {
            shorten(&after.text, DETAIL_CHARS, escapes)
        };
        ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
        if let Some(c) = after.changed {
            let color = theme::component_color(c, ui.visuals().dark_mode);
            ui.label(with_words(
                ui,
                "◀",
                &format!("this step changed the {c}"),
                color,
            ));
        }
        if after.text.chars().nth(DETAIL_CHARS).is_some() && ui.small_button("Show all").clicked() {
            commands.push(Command::ShowAll {
                title: format!("The URL after step #{i}"),
                text: after.text.clone(),
            });
        }
    });
}

/// The value before and after the step, with the change marked.
fn values_ui(
    ui: &mut egui::Ui,
    v: &StepView,
    s: &Step,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let font = TextStyle::Monospace.resolve(ui.style());
    let visuals = ui.visuals().clone();
    let (removed, added) = change_formats(&font, &visuals);
    let plain = TextFormat::simple(font.clone(), visuals.text_color());
    let marks = v.diff.clone().map_or((0..0, 0..0), |d| d);
    for (label, value, mark, format) in [
        ("before:", &s.before, marks.0, &removed),
        ("after:", &s.after, marks.1, &added),
    ] {
        ui.horizontal_wrapped(|ui| {
            ui.label(label);
            let Some(value) = value else {
                ui.label(RichText::new("absent").italics());
                return;
            };
            let mut job = LayoutJob::default();
            job.wrap.max_width = ui.available_width();
            job.wrap.break_anywhere = true;
            append_marked(&mut job, value, mark, escapes, None, &plain, format);
            ui.label(job);
            if value.chars().nth(DETAIL_CHARS).is_some() && ui.small_button("Show all").clicked() {
                commands.push(Command::ShowAll {
                    title: format!("{} {label}", s.id.id()),
                    text: value.clone(),
                });
            }
        });
    }
}

/// For a turn of remove dot-segments (RFC 3986 5.2.4): the output and the
/// input buffer after it, as the RFC's own example table shows them, with
/// what the turn changed in the output buffer marked.
fn buffers_ui(ui: &mut egui::Ui, v: &StepView, s: &Step, escapes: bool) {
    let Some((output, input)) = s.buffers() else {
        return;
    };
    let font = TextStyle::Monospace.resolve(ui.style());
    let visuals = ui.visuals().clone();
    let (removed, added) = change_formats(&font, &visuals);
    let plain = TextFormat::simple(font, visuals.text_color());
    let (gone, mark) = v.diff.clone().map_or((0..0, 0..0), |d| d);
    // What left the output buffer (rule C), struck through after it: its
    // text is in `before`, which starts with the buffer the turn found.
    let left = s.before.as_deref().and_then(|b| b.get(gone)).unwrap_or("");
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Dot-segment buffers"),
        |ui| {
            egui::Grid::new("dot-buffers")
                .num_columns(2)
                .spacing([8.0, 2.0])
                .show(ui, |ui| {
                    for (name, value, mark) in [
                        ("output buffer", output, mark.clone()),
                        ("input buffer", input, 0..0),
                    ] {
                        ui.label(RichText::new(name).strong());
                        let mut job = LayoutJob::default();
                        job.wrap.max_width = ui.available_width();
                        job.wrap.break_anywhere = true;
                        job.append("\"", 0.0, plain.clone());
                        append_marked(&mut job, value, mark, escapes, None, &plain, &added);
                        job.append("\"", 0.0, plain.clone());
                        if name == "output buffer" && !left.is_empty() {
                            job.append("  ", 0.0, plain.clone());
                            append_marked(
                                &mut job,
                                left,
                                0..left.len(),
                                escapes,
                                None,
                                &plain,
                                &removed,
                            );
                        }
                        ui.label(job);
                        ui.end_row();
                    }
                });
        },
    );
}

/// What a state machine's step holds: its pointer in `text` (what the
/// pointer indexes), its buffer, the validation error, and the URL record
/// as the step left it. Nothing for a step of another kind.
pub fn state_machine_ui(ui: &mut egui::Ui, step: &Step, text: &str, escapes: bool) {
    let has_any =
        step.pointer.is_some() || step.buffer.is_some() || step.validation_error.is_some();
    if has_any {
        egui::Grid::new("step-machine")
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
                if let Some(e) = &step.validation_error {
                    ui.label("validation error");
                    ui.label(
                        RichText::new(format!("▲ {e}"))
                            .monospace()
                            .color(ui.visuals().error_fg_color),
                    );
                    ui.end_row();
                }
            });
    }
    if let Some(r) = &step.record {
        ui.add_space(4.0);
        ui.label(RichText::new("URL record after this step").strong());
        record_ui(ui, r, escapes);
    }
}

/// A URL record as a step left it: each component (null and empty told
/// apart), the path as its list of segments.
pub fn record_ui(ui: &mut egui::Ui, r: &RecordSnapshot, escapes: bool) {
    let value = |ui: &mut egui::Ui, v: Option<&str>| match v {
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
