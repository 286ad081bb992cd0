//! The trace: every step the engine took, grouped by stage (groups fold),
//! each with its id, the spec section it implements, our explanation, and
//! the value before → after with the changed characters marked. The steps
//! taken while parsing the base URL have groups of their own, headed "(of
//! the base URL)" as the command line heads them. Selecting a step shows it
//! in full below the list and marks its characters in the input and its
//! row in the components table, its output and input buffers for a turn of
//! remove dot-segments, and (in the left column, [`super::url_after`]) the
//! whole URL as it stands after it. A filter keeps only the steps that changed
//! something. Selecting a component (a row of the components table, or the
//! legend) marks the steps that read or changed it with "●" and a bar in its
//! colour, and a second filter keeps only those. Above the list: the step
//! player ([`super::step_player`]) and buttons that copy the whole trace as
//! Markdown or plain text (the engine's renderer, as `canon --trace` prints).
//!
//! Changed and unchanged steps differ by a mark and by weight, not by a
//! dimmer grey: a changed step starts with "Δ" in strong text, an unchanged
//! one with "·" in the normal text colour (both ≥ 4.5:1, see
//! [`crate::app::theme`]).
//!
//! The list is virtual ([`egui::ScrollArea::show_rows`]): only the rows on
//! screen are laid out, so a trace of thousands of steps, or steps holding
//! megabytes, scrolls as fast as a short one. Row text is cut to a window
//! around the change (O(window), never O(value)). The detail box has a fixed
//! place and height under the list, so selecting a step never moves the
//! list under the pointer.

use std::ops::Range;

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Id, RichText, Sense, Stroke, TextStyle};

use crate::engine::report::Format;
use crate::engine::{Component, Step};

use super::focus::TraceFocus;
use super::step_player;
use crate::app::analysis::{Analysis, StepView};
use crate::app::command::Command;
use crate::app::escape::{group_digits, shorten, shorten_end, shown};
use crate::app::focus_scroll;
use crate::app::keys;
use crate::app::state::{FoldKey, State, is_blank};
use crate::app::theme;

/// Characters of context shown around a change in a row.
const ROW_CONTEXT: usize = 14;
/// Characters of the change itself shown in a row.
const ROW_CHANGE: usize = 40;
/// Characters shown in the selected step's detail.
const DETAIL_CHARS: usize = 1500;

/// Where the list last scrolled to follow a keyboard-moved selection.
fn scrolled_to_id() -> Id {
    Id::unique("trace-scrolled-to")
}

/// One line of the list.
#[derive(Clone, Debug, PartialEq)]
enum Row {
    Header {
        key: FoldKey,
        count: usize,
        folded: bool,
    },
    Step(usize),
}

/// Whether the filters let step `i` through.
fn passes(a: &Analysis, i: usize, state: &State, focus: &TraceFocus) -> bool {
    let (v, s) = (&a.steps[i], &a.trace.steps[i]);
    let changed = !state.changed_only || v.changed || s.failed;
    changed && focus.narrowed_to().is_none_or(|c| a.touches(i, c))
}

/// The heading of a group: the stage, and whose steps they are.
pub fn group_title(key: FoldKey) -> String {
    if key.of_base {
        format!("{} (of the base URL)", key.stage.title())
    } else {
        key.stage.title().to_owned()
    }
}

/// The rows: a header per run of steps of one stage (of the input or of the
/// base), then its steps unless folded.
fn rows(a: &Analysis, state: &State, focus: &TraceFocus) -> Vec<Row> {
    let mut out = Vec::new();
    let mut i = 0;
    let key_of = |k: usize| FoldKey {
        stage: a.trace.steps[k].id.stage(),
        of_base: a.steps[k].of_base,
    };
    while i < a.steps.len() {
        let key = key_of(i);
        let mut j = i;
        while j < a.steps.len() && key_of(j) == key {
            j += 1;
        }
        let shown: Vec<usize> = (i..j).filter(|&k| passes(a, k, state, focus)).collect();
        if !shown.is_empty() {
            let folded = state.folds.contains(&key);
            out.push(Row::Header {
                key,
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
pub fn visible_steps(a: &Analysis, state: &State, focus: &TraceFocus) -> Vec<usize> {
    rows(a, state, focus)
        .into_iter()
        .filter_map(|r| match r {
            Row::Step(i) => Some(i),
            Row::Header { .. } => None,
        })
        .collect()
}

/// Draws the panel in the space it is given: the toolbar and the player,
/// the list, and the detail box in a fixed place below.
pub fn trace_ui(
    ui: &mut egui::Ui,
    analysis: Option<&Analysis>,
    state: &State,
    focus: &TraceFocus,
    commands: &mut Vec<Command>,
) {
    ui.add_space(4.0);
    let Some(a) = analysis.filter(|a| !is_blank(&a.request.input)) else {
        ui.heading("Trace");
        ui.label("Every step the engine takes shows here once there is a URL.");
        return;
    };
    toolbar_ui(ui, a, state, focus, commands);
    ui.add_space(2.0);
    let detail_h = (ui.available_height() * 0.35).clamp(110.0, 320.0);
    let list_h = (ui.available_height() - detail_h - 12.0).max(80.0);
    let width = ui.available_width();
    ui.allocate_ui(egui::vec2(width, list_h), |ui| {
        ui.set_min_size(egui::vec2(width, list_h));
        list_ui(ui, a, state, focus, commands);
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("trace-detail")
        .max_height(detail_h)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            focus_scroll::scroll_to_new_focus(ui);
            detail_ui(ui, a, focus.selected, state.escapes, commands);
        });
}

/// The title, the counts, the copy buttons, the filters and the player.
fn toolbar_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    state: &State,
    focus: &TraceFocus,
    commands: &mut Vec<Command>,
) {
    let changed = a.steps.iter().filter(|s| s.changed).count();
    ui.horizontal_wrapped(|ui| {
        ui.heading("Trace");
        ui.label(format!(
            "{} steps, {changed} changed something (Δ)",
            a.steps.len()
        ));
        copy_buttons(ui, a, commands);
    });
    // The filter and the player share a line (it wraps when narrow).
    ui.horizontal_wrapped(|ui| {
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
        ui.separator();
        let visible = visible_steps(a, state, focus);
        step_player::player_ui(ui, a, &visible, focus, commands);
    });
    if let Some(c) = focus.component {
        component_filter_ui(ui, a, c, focus.only_component, commands);
    }
}

/// Copy the whole trace, as the engine's report renderer writes it.
fn copy_buttons(ui: &mut egui::Ui, a: &Analysis, commands: &mut Vec<Command>) {
    for (format, label, what) in [
        (
            Format::Markdown,
            "Copy as Markdown",
            "the trace as Markdown",
        ),
        (Format::Text, "Copy as text", "the trace as text"),
    ] {
        let hover = format!(
            "Copy {what}: the inputs, every step (with the dot-segment buffers) and the result, \
             as `canon --trace --format {}` prints it",
            format.name()
        );
        if ui.small_button(label).on_hover_text(hover).clicked() {
            commands.push(Command::Copy {
                what: what.to_owned(),
                text: a.report(format),
            });
        }
    }
}

/// How many steps touched the selected component, and the filter to them.
fn component_filter_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    c: Component,
    only: bool,
    commands: &mut Vec<Command>,
) {
    let n = (0..a.steps.len()).filter(|&i| a.touches(i, c)).count();
    ui.horizontal_wrapped(|ui| {
        let color = theme::component_color(c, ui.visuals().dark_mode);
        ui.label(RichText::new("●").monospace().color(color).strong());
        ui.label(format!(
            "{n} step{} read or changed the {c} (marked",
            if n == 1 { "" } else { "s" }
        ));
        ui.label(RichText::new("●)").monospace());
        let mut checked = only;
        if ui
            .checkbox(&mut checked, format!("Only the {c}'s steps"))
            .on_hover_text("Hide the steps that did not touch this component")
            .changed()
        {
            commands.push(Command::ToggleOnlyComponent);
        }
        if ui
            .small_button("Clear")
            .on_hover_text(format!("Stop marking the {c}'s steps"))
            .clicked()
        {
            commands.push(Command::SelectComponent(None));
        }
    });
}

/// The virtual list of group headers and steps.
fn list_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    state: &State,
    focus: &TraceFocus,
    commands: &mut Vec<Command>,
) {
    let all_rows = rows(a, state, focus);
    if all_rows.is_empty() {
        ui.label("No step matches the filter.");
        return;
    }
    let selected = focus.selected;
    let row_h = ui.text_style_height(&TextStyle::Monospace) + 8.0;
    let mut scroll = egui::ScrollArea::vertical()
        .id_salt("trace-rows")
        .auto_shrink(false);
    // Keep the selection in view when it moves by keyboard.
    if let Some(sel) = selected
        && let Some(pos) = all_rows.iter().position(|r| *r == Row::Step(sel))
        && ui.ctx().data(|d| d.get_temp::<usize>(scrolled_to_id())) != Some(sel)
    {
        let pitch = row_h + ui.spacing().item_spacing.y;
        // Three rows of context above, starting on a row's edge (no sliver of a cut row).
        let y = pos.saturating_sub(3) as f32 * pitch;
        // Never past the end: an offset beyond it springs back, frame after frame.
        let content = all_rows.len() as f32 * pitch - ui.spacing().item_spacing.y;
        let max = (content - ui.available_height()).max(0.0);
        scroll = scroll.vertical_scroll_offset(y.min(max));
        ui.ctx().data_mut(|d| d.insert_temp(scrolled_to_id(), sel));
    }
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Trace steps"),
        |ui| {
            scroll.show_rows(ui, row_h, all_rows.len(), |ui, range| {
                focus_scroll::scroll_to_new_focus(ui);
                for row in &all_rows[range] {
                    match row {
                        Row::Header { key, count, folded } => {
                            header_row(ui, *key, *count, *folded, row_h, commands);
                        }
                        Row::Step(i) => {
                            let look = RowLook {
                                selected: selected == Some(*i),
                                touched: focus.component.map(|c| (c, a.touches(*i, c))),
                                escapes: state.escapes,
                                height: row_h,
                            };
                            step_row(ui, a, *i, &look, commands);
                        }
                    }
                }
            });
        },
    );
}

/// A group's header: click (or Space/Enter) folds or unfolds it.
fn header_row(
    ui: &mut egui::Ui,
    key: FoldKey,
    count: usize,
    folded: bool,
    row_h: f32,
    commands: &mut Vec<Command>,
) {
    let arrow = if folded { "▶" } else { "▼" };
    let title = format!("{} ({count})", group_title(key));
    let text = format!("{arrow} {title}");
    let (rect, r) = ui.allocate_exact_size(egui::vec2(ui.available_width(), row_h), Sense::click());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &text));
    let visuals = ui.visuals();
    ui.painter()
        .rect_filled(rect, 3.0, theme::faint_row(visuals));
    outline_if_active(ui, &r, rect);
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
        title,
        TextStyle::Body.resolve(ui.style()),
        visuals.strong_text_color(),
    );
    let r = r.on_hover_text(if folded {
        "Show these steps"
    } else {
        "Hide these steps"
    });
    if r.clicked() {
        commands.push(Command::ToggleFold(key));
    }
}

/// A hovered row gets a thin outline, a focused one a strong one (no fill,
/// so the text keeps its contrast).
fn outline_if_active(ui: &egui::Ui, r: &egui::Response, rect: egui::Rect) {
    let v = ui.visuals();
    let stroke = if r.has_focus() {
        v.selection.stroke
    } else if r.hovered() {
        Stroke::new(1.0, v.weak_text_color())
    } else {
        return;
    };
    ui.painter()
        .rect_stroke(rect, 3.0, stroke, egui::StrokeKind::Inside);
}

/// How one step's row is drawn.
struct RowLook {
    selected: bool,
    /// With a component selected: it, and whether this step touched it.
    touched: Option<(Component, bool)>,
    escapes: bool,
    height: f32,
}

/// One step: its mark, id, component, mode, and what it did, on one line.
fn step_row(
    ui: &mut egui::Ui,
    a: &Analysis,
    i: usize,
    look: &RowLook,
    commands: &mut Vec<Command>,
) {
    let (v, s) = (&a.steps[i], &a.trace.steps[i]);
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, look.height), Sense::click());
    let visuals = ui.visuals().clone();
    let job = row_job(ui, i, v, s, look, width - 12.0);
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let text = galley.text().to_owned();
    let selected = look.selected;
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &text));
    if selected {
        ui.painter()
            .rect_filled(rect, 3.0, theme::selected_row(&visuals));
    }
    if let Some((c, true)) = look.touched {
        // A bar in the component's colour beside the "●" mark.
        let bar = egui::Rect::from_min_size(rect.min, egui::vec2(3.0, rect.height()));
        ui.painter()
            .rect_filled(bar, 1.0, theme::component_color(c, visuals.dark_mode));
    }
    outline_if_active(ui, &response, rect);
    let y = rect.center().y - galley.size().y / 2.0;
    ui.painter().galley(
        egui::pos2(rect.left() + 6.0, y),
        galley,
        visuals.text_color(),
    );
    let mut hover = format!("{}\n{}", s.id.citation(), s.id.explanation());
    if let Some(d) = &s.decision {
        hover.push_str(&format!("\nDecision: {}", shorten(d, 300, look.escapes)));
    }
    let response = response.on_hover_text(hover);
    if response.clicked() {
        // A row picked with the pointer is in view already: no jump.
        ui.ctx().data_mut(|d| d.insert_temp(scrolled_to_id(), i));
        commands.push(Command::SelectStep(if selected { None } else { Some(i) }));
    }
}

/// The text of a step's row: its number, then its mark. A changed step is
/// marked "Δ" and written in the strong colour; an unchanged one is marked
/// "·" (never grey alone). With a component selected, the steps that
/// touched it start with "●".
fn row_job(
    ui: &egui::Ui,
    i: usize,
    v: &StepView,
    s: &Step,
    look: &RowLook,
    max_width: f32,
) -> LayoutJob {
    let visuals = ui.visuals();
    let mono = TextStyle::Monospace.resolve(ui.style());
    let mut job = LayoutJob::default();
    job.wrap.max_width = max_width;
    job.wrap.max_rows = 1;
    job.wrap.break_anywhere = true;
    let plain = |c: Color32| TextFormat::simple(mono.clone(), c);
    if let Some((c, touched)) = look.touched {
        let color = theme::component_color(c, visuals.dark_mode);
        job.append(if touched { "● " } else { "  " }, 0.0, plain(color));
    }
    let (mark, color) = if s.failed {
        ("× ", visuals.error_fg_color)
    } else if v.changed {
        ("Δ ", visuals.strong_text_color())
    } else {
        ("· ", visuals.text_color())
    };
    // The number the copied report and the player use for the step.
    job.append(&format!("{i:>2} "), 0.0, plain(visuals.text_color()));
    job.append(mark, 0.0, plain(color));
    job.append(s.id.id(), 0.0, plain(color));
    if let Some(c) = s.component {
        let c_color = theme::component_color(c, visuals.dark_mode);
        job.append(&format!(" {c}"), 6.0, plain(c_color));
    }
    if let Some(m) = s.mode {
        job.append(
            &format!(" [{}]", m.marker()),
            6.0,
            plain(visuals.text_color()),
        );
    }
    job.append("  ", 0.0, plain(visuals.text_color()));
    summary_into(
        &mut job,
        v,
        s,
        &mono,
        visuals,
        look.escapes,
        Some(ROW_CONTEXT),
    );
    job
}

/// Appends what the step did: before → after, or the value set, or the decision.
fn summary_into(
    job: &mut LayoutJob,
    view: &StepView,
    s: &Step,
    font: &FontId,
    v: &egui::Visuals,
    escapes: bool,
    context: Option<usize>,
) {
    let plain = TextFormat::simple(font.clone(), v.text_color());
    let weak = TextFormat::simple(font.clone(), v.weak_text_color());
    let (removed, added) = change_formats(font, v);
    match (&s.before, &s.after, &view.diff) {
        (Some(b), Some(af), Some((db, da))) => {
            append_marked(job, b, db.clone(), escapes, context, &plain, &removed);
            job.append(" → ", 0.0, weak.clone());
            append_marked(job, af, da.clone(), escapes, context, &plain, &added);
        }
        (None, Some(af), _) if s.changes => {
            // A value set (by parsing): as much as fits, not a window.
            job.append("= ", 0.0, weak.clone());
            append_marked(job, af, 0..0, escapes, context.map(|_| 200), &plain, &added);
        }
        (Some(b), None, _) if s.changes => {
            append_marked(job, b, 0..b.len(), escapes, context, &plain, &removed);
            job.append(" → absent", 0.0, weak.clone());
        }
        _ => {
            // A decision is read whole; the row is cut at its edge anyway.
            let text = s.decision.as_deref().unwrap_or(s.id.explanation());
            job.append(&shorten(text, 300, escapes), 0.0, plain);
        }
    }
}

/// How removed and added characters are marked (colour plus a line, so the
/// mark does not rest on colour alone).
fn change_formats(font: &FontId, v: &egui::Visuals) -> (TextFormat, TextFormat) {
    let (red, green) = theme::change_backgrounds(v);
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
    let start = mark.start.min(text.len());
    let mark = start..mark.end.min(text.len()).max(start);
    if !text.is_char_boundary(mark.start) || !text.is_char_boundary(mark.end) {
        job.append(&shorten(text, DETAIL_CHARS, escapes), 0.0, plain.clone());
        return;
    }
    if text.is_empty() {
        job.append("\"\"", 0.0, plain.clone());
        return;
    }
    let (head, middle, tail) = (&text[..mark.start], &text[mark.clone()], &text[mark.end..]);
    let limit = context.unwrap_or(DETAIL_CHARS);
    let change_limit = if context.is_some() {
        ROW_CHANGE
    } else {
        DETAIL_CHARS
    };
    // The head: its last `limit` characters.
    let head_start = match limit {
        0 => head.len(),
        n => head.char_indices().rev().nth(n - 1).map_or(0, |(i, _)| i),
    };
    if head_start > 0 {
        job.append("…", 0.0, plain.clone());
    }
    job.append(&shown(&head[head_start..], escapes), 0.0, plain.clone());
    if !middle.is_empty() {
        job.append(&shorten(middle, change_limit, escapes), 0.0, marked.clone());
    }
    job.append(&shorten_end(tail, limit, escapes), 0.0, plain.clone());
}

/// The selected step in full (or how to select one).
fn detail_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    selected: Option<usize>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let Some((i, v, s)) = selected.and_then(|i| Some((i, a.steps.get(i)?, a.step(i)?))) else {
        ui.label(format!(
            "Select a step to see it in full here, the whole URL after it on the left, and its characters marked in the input ({} / {} to step through, {} to play).",
            ui.ctx().format_shortcut(&keys::NEXT_STEP),
            ui.ctx().format_shortcut(&keys::PREV_STEP),
            ui.ctx().format_shortcut(&keys::PLAY)
        ));
        return;
    };
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Selected step"),
        |ui| {
            detail_header_ui(ui, i, v, s, commands);
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
            if s.changes {
                values_ui(ui, v, s, escapes, commands);
            }
            buffers_ui(ui, s, escapes);
            if let Some(r) = &v.input_range {
                ui.label(format!(
                    "Concerns bytes {}–{} of the input (marked in the input).",
                    group_digits(r.start),
                    group_digits(r.end)
                ));
            }
        },
    );
}

/// The detail's first line: failed mark, number, id, citation, whose step, Close.
fn detail_header_ui(
    ui: &mut egui::Ui,
    i: usize,
    v: &StepView,
    s: &Step,
    commands: &mut Vec<Command>,
) {
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
/// input buffer after it, as the RFC's own example table shows them.
fn buffers_ui(ui: &mut egui::Ui, s: &Step, escapes: bool) {
    let Some((output, input)) = s.buffers() else {
        return;
    };
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Dot-segment buffers"),
        |ui| {
            egui::Grid::new("dot-buffers")
                .num_columns(2)
                .spacing([8.0, 2.0])
                .show(ui, |ui| {
                    for (name, value) in [("output buffer", output), ("input buffer", input)] {
                        ui.label(RichText::new(name).strong());
                        let text = format!("\"{}\"", shorten(value, DETAIL_CHARS, escapes));
                        ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
                        ui.end_row();
                    }
                });
        },
    );
}
