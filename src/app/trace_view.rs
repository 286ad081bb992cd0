//! The trace: every step the engine took, grouped by stage (groups fold),
//! each with its id, the spec section it implements, our explanation, and
//! the value before → after with the changed characters marked. Selecting a
//! step shows it in full and marks its characters in the input and its row
//! in the components table. A filter keeps only the steps that changed
//! something.
//!
//! The list is virtual ([`egui::ScrollArea::show_rows`]): only the rows on
//! screen are laid out, so a trace of thousands of steps, or steps holding
//! megabytes, scrolls as fast as a short one. Row text is cut to a window
//! around the change (O(window), never O(value)).

use std::ops::Range;

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, RichText, Sense, Stroke, TextStyle};

use crate::engine::Stage;

use super::analysis::{Analysis, StepView};
use super::app::{Command, keys, stage_key};
use super::escape::{escape, group_digits};
use super::highlight::component_color;
use super::state::State;

/// Characters of context shown around a change in a row.
const ROW_CONTEXT: usize = 14;
/// Characters of the change itself shown in a row.
const ROW_CHANGE: usize = 40;
/// Characters shown in the selected step's detail.
const DETAIL_CHARS: usize = 1500;

/// One line of the list.
#[derive(Clone, Debug, PartialEq)]
enum Row {
    Header {
        key: String,
        stage: Stage,
        of_base: bool,
        count: usize,
        folded: bool,
    },
    Step(usize),
}

fn passes(s: &StepView, state: &State) -> bool {
    !state.changed_only || s.changed || s.step.failed
}

/// The rows: a header per run of steps of one stage, then its steps unless folded.
fn rows(a: &Analysis, state: &State) -> Vec<Row> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < a.steps.len() {
        let stage = a.steps[i].step.id.stage();
        let of_base = a.steps[i].of_base;
        let mut j = i;
        while j < a.steps.len()
            && a.steps[j].step.id.stage() == stage
            && a.steps[j].of_base == of_base
        {
            j += 1;
        }
        let shown: Vec<usize> = (i..j).filter(|&k| passes(&a.steps[k], state)).collect();
        if !shown.is_empty() {
            let key = stage_key(stage, of_base);
            let folded = state.folded_stages.contains(&key);
            out.push(Row::Header {
                key,
                stage,
                of_base,
                count: shown.len(),
                folded,
            });
            if !folded {
                out.extend(shown.into_iter().map(Row::Step));
            }
        }
        i = j;
    }
    out
}

/// The indices of the steps the list shows (for keyboard stepping).
pub fn visible_steps(a: &Analysis, state: &State) -> Vec<usize> {
    rows(a, state)
        .into_iter()
        .filter_map(|r| match r {
            Row::Step(i) => Some(i),
            Row::Header { .. } => None,
        })
        .collect()
}

/// Draws the panel.
pub fn trace_ui(
    ui: &mut egui::Ui,
    analysis: Option<&Analysis>,
    state: &State,
    selected: Option<usize>,
    commands: &mut Vec<Command>,
) {
    // Fill the panel: a resizable panel keeps the width of its content, and
    // while the first result is computed there is next to none.
    ui.set_min_width(ui.available_width());
    ui.add_space(4.0);
    let Some(a) = analysis else {
        ui.heading("Trace");
        return;
    };
    let changed = a.steps.iter().filter(|s| s.changed).count();
    ui.horizontal(|ui| {
        ui.heading("Trace");
        ui.weak(format!(
            "{} steps, {changed} changed something",
            a.steps.len()
        ));
    });
    ui.horizontal(|ui| {
        let mut only = state.changed_only;
        if ui
            .checkbox(&mut only, "Only steps that changed something")
            .on_hover_text(format!(
                "Hide steps that only looked or decided; parsing only splits, so it counts as no change ({})",
                ui.ctx().format_shortcut(&keys::CHANGED_ONLY)
            ))
            .changed()
        {
            commands.push(Command::ToggleChangedOnly);
        }
    });

    detail_ui(ui, a, selected, state.escapes, commands);
    ui.separator();

    let all_rows = rows(a, state);
    if all_rows.is_empty() {
        ui.weak("No step matches the filter.");
        return;
    }
    let row_h = ui.text_style_height(&TextStyle::Monospace) + 8.0;
    let mut scroll = egui::ScrollArea::vertical()
        .id_salt("trace-rows")
        .auto_shrink(false);
    // Keep the selection in view when it moves by keyboard.
    if let Some(sel) = selected
        && let Some(pos) = all_rows.iter().position(|r| *r == Row::Step(sel))
        && ui
            .ctx()
            .data(|d| d.get_temp::<usize>(egui::Id::unique("trace-scrolled-to")))
            != Some(sel)
    {
        let spacing = ui.spacing().item_spacing.y;
        let y = pos as f32 * (row_h + spacing);
        scroll = scroll.vertical_scroll_offset((y - 3.0 * row_h).max(0.0));
        ui.ctx()
            .data_mut(|d| d.insert_temp(egui::Id::unique("trace-scrolled-to"), sel));
    }
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Trace steps"),
        |ui| {
            scroll.show_rows(ui, row_h, all_rows.len(), |ui, range| {
                for row in &all_rows[range] {
                    match row {
                        Row::Header {
                            key,
                            stage,
                            of_base,
                            count,
                            folded,
                        } => {
                            header_row(ui, key, *stage, *of_base, *count, *folded, row_h, commands);
                        }
                        Row::Step(i) => step_row(
                            ui,
                            a,
                            *i,
                            selected == Some(*i),
                            state.escapes,
                            row_h,
                            commands,
                        ),
                    }
                }
            });
        },
    );
}

#[allow(clippy::too_many_arguments)]
fn header_row(
    ui: &mut egui::Ui,
    key: &str,
    stage: Stage,
    of_base: bool,
    count: usize,
    folded: bool,
    row_h: f32,
    commands: &mut Vec<Command>,
) {
    let arrow = if folded { "▶" } else { "▼" };
    let title = if of_base {
        format!("{} — base URL", stage.title())
    } else {
        stage.title().to_owned()
    };
    let text = format!("{arrow} {title} ({count})");
    let (rect, r) = ui.allocate_exact_size(egui::vec2(ui.available_width(), row_h), Sense::click());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &text));
    let visuals = ui.visuals();
    let fill = if r.hovered() {
        visuals.widgets.hovered.weak_bg_fill
    } else {
        visuals.faint_bg_color
    };
    ui.painter().rect_filled(rect, 3.0, fill);
    if r.has_focus() {
        ui.painter().rect_stroke(
            rect,
            3.0,
            visuals.selection.stroke,
            egui::StrokeKind::Inside,
        );
    }
    // The arrow in the monospace font: egui's own proportional font has no arrows.
    let arrow_rect = ui.painter().text(
        egui::pos2(rect.left() + 6.0, rect.center().y),
        egui::Align2::LEFT_CENTER,
        arrow,
        TextStyle::Monospace.resolve(ui.style()),
        visuals.strong_text_color(),
    );
    ui.painter().text(
        egui::pos2(arrow_rect.right() + 6.0, rect.center().y),
        egui::Align2::LEFT_CENTER,
        format!("{title} ({count})"),
        TextStyle::Body.resolve(ui.style()),
        visuals.strong_text_color(),
    );
    let r = r.on_hover_text(if folded {
        "Show these steps"
    } else {
        "Hide these steps"
    });
    if r.clicked() {
        commands.push(Command::ToggleStage(key.to_owned()));
    }
}

fn step_row(
    ui: &mut egui::Ui,
    a: &Analysis,
    i: usize,
    selected: bool,
    escapes: bool,
    row_h: f32,
    commands: &mut Vec<Command>,
) {
    let s = &a.steps[i];
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, row_h), Sense::click());
    let visuals = ui.visuals().clone();
    let mono = TextStyle::Monospace.resolve(ui.style());
    let mut job = LayoutJob::default();
    job.wrap.max_width = width - 12.0;
    job.wrap.max_rows = 1;
    job.wrap.break_anywhere = true;
    let plain = |c: Color32| TextFormat::simple(mono.clone(), c);
    if s.step.failed {
        job.append("× ", 0.0, plain(visuals.error_fg_color));
    }
    job.append(s.step.id.id(), 0.0, plain(visuals.weak_text_color()));
    if let Some(c) = s.step.component {
        job.append(&format!(" {c}"), 6.0, plain(component_color(c)));
    }
    if let Some(m) = s.step.mode {
        job.append(
            &format!(" [{}]", m.marker()),
            6.0,
            plain(visuals.weak_text_color()),
        );
    }
    job.append("  ", 0.0, plain(visuals.text_color()));
    summary_into(&mut job, s, &mono, &visuals, escapes, Some(ROW_CONTEXT));

    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let text = galley.text().to_owned();
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &text));
    if selected {
        ui.painter()
            .rect_filled(rect, 3.0, visuals.selection.bg_fill.gamma_multiply(0.6));
    } else if response.hovered() {
        ui.painter()
            .rect_filled(rect, 3.0, visuals.widgets.hovered.weak_bg_fill);
    }
    if response.has_focus() {
        ui.painter().rect_stroke(
            rect,
            3.0,
            visuals.selection.stroke,
            egui::StrokeKind::Inside,
        );
    }
    let y = rect.center().y - galley.size().y / 2.0;
    ui.painter().galley(
        egui::pos2(rect.left() + 6.0, y),
        galley,
        visuals.text_color(),
    );
    let mut hover = format!("{}\n{}", s.step.id.citation(), s.step.id.explanation());
    if let Some(d) = &s.step.decision {
        hover.push_str(&format!("\nDecision: {}", shown(d, escapes, 300, true)));
    }
    let response = response.on_hover_text(hover);
    if response.clicked() {
        // A row picked with the pointer is in view already: no jump.
        ui.ctx()
            .data_mut(|d| d.insert_temp(egui::Id::unique("trace-scrolled-to"), i));
        commands.push(Command::SelectStep(if selected { None } else { Some(i) }));
    }
}

/// Appends what the step did: before → after, or the value set, or the decision.
fn summary_into(
    job: &mut LayoutJob,
    s: &StepView,
    font: &FontId,
    v: &egui::Visuals,
    escapes: bool,
    context: Option<usize>,
) {
    let plain = TextFormat::simple(font.clone(), v.text_color());
    let weak = TextFormat::simple(font.clone(), v.weak_text_color());
    let (removed, added) = change_formats(font, v);
    match (&s.step.before, &s.step.after, &s.diff) {
        (Some(b), Some(af), Some((db, da))) => {
            append_marked(job, b, db.clone(), escapes, context, &plain, &removed);
            job.append(" → ", 0.0, weak.clone());
            append_marked(job, af, da.clone(), escapes, context, &plain, &added);
        }
        (None, Some(af), _) if s.step.changes => {
            // A value set (by parsing): as much as fits, not a window.
            job.append("= ", 0.0, weak.clone());
            append_marked(job, af, 0..0, escapes, context.map(|_| 200), &plain, &added);
        }
        (Some(b), None, _) if s.step.changes => {
            append_marked(job, b, 0..b.len(), escapes, context, &plain, &removed);
            job.append(" → absent", 0.0, weak.clone());
        }
        _ => {
            // A decision is read whole; the row is cut at its edge anyway.
            let text = s
                .step
                .decision
                .as_deref()
                .unwrap_or(s.step.id.explanation());
            job.append(&shown(text, escapes, 300, true), 0.0, weak);
        }
    }
}

/// How removed and added characters are marked (colour plus a line, so the
/// mark does not rest on colour alone).
fn change_formats(font: &FontId, v: &egui::Visuals) -> (TextFormat, TextFormat) {
    let (red, green) = if v.dark_mode {
        (
            Color32::from_rgb(0x8B, 0x2A, 0x2A),
            Color32::from_rgb(0x1F, 0x6B, 0x2E),
        )
    } else {
        (
            Color32::from_rgb(0xF6, 0xC0, 0xC0),
            Color32::from_rgb(0xBF, 0xEB, 0xC6),
        )
    };
    let mut removed = TextFormat::simple(font.clone(), v.strong_text_color());
    removed.background = red;
    removed.strikethrough = Stroke::new(1.0, v.strong_text_color());
    let mut added = TextFormat::simple(font.clone(), v.strong_text_color());
    added.background = green;
    added.underline = Stroke::new(1.0, v.strong_text_color());
    (removed, added)
}

/// Appends `text` with `mark` (a byte range) in the marked format. With
/// `context`, only a window around the mark is appended.
fn append_marked(
    job: &mut LayoutJob,
    text: &str,
    mark: Range<usize>,
    escapes: bool,
    context: Option<usize>,
    plain: &TextFormat,
    marked: &TextFormat,
) {
    let mark = mark.start.min(text.len())..mark.end.min(text.len()).max(mark.start.min(text.len()));
    if !text.is_char_boundary(mark.start) || !text.is_char_boundary(mark.end) {
        job.append(
            &shown(text, escapes, DETAIL_CHARS, false),
            0.0,
            plain.clone(),
        );
        return;
    }
    let (head, middle, tail) = (&text[..mark.start], &text[mark.clone()], &text[mark.end..]);
    let limit = context.unwrap_or(DETAIL_CHARS);
    let change_limit = if context.is_some() {
        ROW_CHANGE
    } else {
        DETAIL_CHARS
    };
    if text.is_empty() {
        job.append("\"\"", 0.0, plain.clone());
        return;
    }
    // The head: its last `limit` characters.
    let head_start = if limit == 0 {
        head.len()
    } else {
        head.char_indices()
            .rev()
            .nth(limit - 1)
            .map_or(0, |(i, _)| i)
    };
    if head_start > 0 {
        job.append("…", 0.0, plain.clone());
    }
    job.append(
        &shown(&head[head_start..], escapes, usize::MAX, false),
        0.0,
        plain.clone(),
    );
    if !middle.is_empty() {
        job.append(
            &shown(middle, escapes, change_limit, true),
            0.0,
            marked.clone(),
        );
    }
    job.append(&shown(tail, escapes, limit, true), 0.0, plain.clone());
}

/// At most `max` characters of `s`, escaped if asked, with "…" when cut.
fn shown(s: &str, escapes: bool, max: usize, ellipsis: bool) -> String {
    let (head, cut) = super::escape::truncate_chars(s, max);
    let mut out = if escapes {
        escape(head).into_owned()
    } else {
        head.to_owned()
    };
    if cut && ellipsis {
        out.push('…');
    }
    out
}

/// The selected step in full.
fn detail_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    selected: Option<usize>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let Some(s) = selected.and_then(|i| a.steps.get(i)) else {
        ui.weak(format!(
            "Select a step to see it in full and mark its characters in the input ({} / {} to step through).",
            ui.ctx().format_shortcut(&keys::NEXT_STEP),
            ui.ctx().format_shortcut(&keys::PREV_STEP)
        ));
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.scope_builder(
            egui::UiBuilder::new().accessibility_label("Selected step"),
            |ui| {
                ui.horizontal_wrapped(|ui| {
                    if s.step.failed {
                        ui.colored_label(ui.visuals().error_fg_color, "× failed here");
                    }
                    ui.label(RichText::new(s.step.id.id()).monospace().strong());
                    ui.label(RichText::new(s.step.id.citation()).italics());
                    if s.of_base {
                        ui.weak("(while parsing the base URL)");
                    }
                    if ui
                        .small_button("Close")
                        .on_hover_text("Clear the selection")
                        .clicked()
                    {
                        commands.push(Command::SelectStep(None));
                    }
                });
                ui.label(s.step.id.explanation());
                if let Some(c) = s.step.component {
                    ui.horizontal(|ui| {
                        ui.weak("component:");
                        ui.colored_label(component_color(c), c.to_string());
                        if let Some(m) = s.step.mode {
                            ui.weak(format!("· only in mode {}", m.marker()));
                        }
                    });
                }
                if let Some(d) = &s.step.decision {
                    ui.horizontal_wrapped(|ui| {
                        ui.weak("decision:");
                        ui.label(shown(d, escapes, DETAIL_CHARS, true));
                    });
                }
                let font = TextStyle::Monospace.resolve(ui.style());
                let visuals = ui.visuals().clone();
                let (removed, added) = change_formats(&font, &visuals);
                let plain = TextFormat::simple(font.clone(), visuals.text_color());
                let both = s.diff.clone();
                for (label, value, mark, format) in [
                    (
                        "before:",
                        &s.step.before,
                        both.as_ref().map(|d| d.0.clone()),
                        &removed,
                    ),
                    (
                        "after:",
                        &s.step.after,
                        both.as_ref().map(|d| d.1.clone()),
                        &added,
                    ),
                ] {
                    if !s.step.changes {
                        continue;
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.weak(label);
                        match value {
                            None => {
                                ui.label(RichText::new("absent").italics().weak());
                            }
                            Some(v) => {
                                let mut job = LayoutJob::default();
                                job.wrap.max_width = ui.available_width();
                                job.wrap.break_anywhere = true;
                                append_marked(
                                    &mut job,
                                    v,
                                    mark.unwrap_or(0..0),
                                    escapes,
                                    None,
                                    &plain,
                                    format,
                                );
                                ui.label(job);
                                if v.chars().nth(DETAIL_CHARS).is_some()
                                    && ui.small_button("Show all").clicked()
                                {
                                    commands.push(Command::ShowAll {
                                        title: format!("{} {label}", s.step.id.id()),
                                        text: v.clone(),
                                    });
                                }
                            }
                        }
                    });
                }
                if let Some(r) = &s.input_range {
                    ui.weak(format!(
                        "Concerns bytes {}–{} of the input (marked in the input).",
                        group_digits(r.start),
                        group_digits(r.end)
                    ));
                }
            },
        );
    });
}
