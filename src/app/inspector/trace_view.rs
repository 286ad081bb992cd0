//! The trace: every step the engine took, grouped by stage (groups fold),
//! each with its id, the spec section it implements, our explanation, and
//! what it did: the value before → after with the changed characters
//! marked, remove dot-segments' buffers, or a state machine's code point
//! and decision. The steps taken while parsing the base URL have groups of
//! their own, headed "(of the base URL)" as the command line heads them.
//! Selecting a step shows it in full below the list ([`super::step_detail`]:
//! the URL after it, its values, buffers, pointer and record) and marks its
//! characters in the input. A filter keeps only the steps that changed
//! something. Selecting a component (a row of the components table, or the
//! legend) marks the steps that read or changed it with "●" and a bar in its
//! colour, and a second filter keeps only those. Above the list: the step
//! player ([`super::step_player`]) and buttons that copy the whole trace as
//! Markdown or plain text (the report `canon --trace` prints).
//!
//! It reads a [`TraceSource`], so the 2012 engine's trace and the URL
//! Standard's are the same panel, walked by the same player and keys.
//!
//! Changed and unchanged steps differ by a mark and by weight, not by a
//! dimmer grey: a changed step starts with "Δ" in strong text, an unchanged
//! one with "·" in the normal text colour (both ≥ 4.5:1, see
//! [`crate::app::theme`]).
//!
//! The list is virtual ([`egui::ScrollArea::show_rows`]): only the rows on
//! screen are laid out, so a trace of thousands of steps, or steps holding
//! megabytes, scrolls as fast as a short one. Row text is cut to a window
//! around the change (O(window), never O(value)). The detail has a fixed
//! place under the list, past a divider the user drags (its share of the
//! height is saved), so selecting a step never moves the list under the
//! pointer.

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Id, RichText, Sense, Stroke, TextStyle};

use crate::engine::report::Format;
use crate::engine::{Component, Stage, Step};

use super::change_marks::{ROW_CONTEXT, append_marked, change_formats};
use super::divider::{self, Split};
use super::focus::TraceFocus;
use super::step_detail;
use super::step_player;
use crate::app::command::Command;
use crate::app::escape::{plural, shorten, shown};
use crate::app::focus_scroll;
use crate::app::keys;
use crate::app::state::{FoldKey, State};
use crate::app::theme;
use crate::app::trace_source::{StepView, TraceSource};

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
fn passes(a: &dyn TraceSource, i: usize, state: &State, focus: &TraceFocus) -> bool {
    let (v, s) = (&a.views()[i], &a.steps()[i]);
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
fn rows(a: &dyn TraceSource, state: &State, focus: &TraceFocus) -> Vec<Row> {
    let mut out = Vec::new();
    let mut i = 0;
    let (steps, views) = (a.steps(), a.views());
    let key_of = |k: usize| FoldKey {
        stage: steps[k].id.stage(),
        of_base: views[k].of_base,
    };
    let n = steps.len().min(views.len());
    while i < n {
        let key = key_of(i);
        let mut j = i;
        while j < n && key_of(j) == key {
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
pub fn visible_steps(a: &dyn TraceSource, state: &State, focus: &TraceFocus) -> Vec<usize> {
    rows(a, state, focus)
        .into_iter()
        .filter_map(|r| match r {
            Row::Step(i) => Some(i),
            Row::Header { .. } => None,
        })
        .collect()
}

/// Draws the panel in the space it is given: the toolbar and the player,
/// the list, the divider, and the detail of the selected step below it.
pub fn trace_ui(
    ui: &mut egui::Ui,
    analysis: Option<&dyn TraceSource>,
    state: &State,
    focus: &TraceFocus,
    commands: &mut Vec<Command>,
) {
    ui.add_space(4.0);
    let Some(a) = analysis.filter(|a| !a.blank()) else {
        ui.heading("Trace");
        ui.label("Every step the engine takes shows here once there is a URL.");
        return;
    };
    if let Some(why) = a.not_recorded() {
        ui.heading(a.title());
        ui.label(why);
        return;
    }
    toolbar_ui(ui, a, state, focus, commands);
    ui.add_space(2.0);
    let area = ui.available_rect_before_wrap();
    let split = Split::rows(area, state.trace_split, 80.0, 90.0);
    ui.scope_builder(egui::UiBuilder::new().max_rect(split.first), |ui| {
        list_ui(ui, a, state, focus, commands);
    });
    divider::divider_ui(
        ui,
        &split,
        state.trace_split,
        "Divider between the trace's steps and the selected step",
        commands,
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(split.second), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("trace-detail")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                focus_scroll::scroll_to_new_focus(ui);
                step_detail::detail_ui(ui, a, focus.selected, state.escapes, commands);
            });
    });
    ui.advance_cursor_after_rect(area);
}

/// The title, the counts, the copy buttons, the filters and the player.
fn toolbar_ui(
    ui: &mut egui::Ui,
    a: &dyn TraceSource,
    state: &State,
    focus: &TraceFocus,
    commands: &mut Vec<Command>,
) {
    let changed = a.views().iter().filter(|s| s.changed).count();
    ui.horizontal_wrapped(|ui| {
        ui.heading(a.title());
        ui.label(format!(
            "{}, {changed} changed something (Δ)",
            plural(a.steps().len(), "step", "steps")
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
        step_player::player_ui(ui, a.steps().len(), &visible, focus, state, commands);
    });
    if let Some(c) = focus.component {
        component_filter_ui(ui, a, c, focus.only_component, commands);
    }
}

/// Copy the whole trace, as the engine's report renderer writes it.
fn copy_buttons(ui: &mut egui::Ui, a: &dyn TraceSource, commands: &mut Vec<Command>) {
    for (format, label, what) in [
        (
            Format::Markdown,
            "Copy as Markdown",
            "the trace as Markdown",
        ),
        (Format::Text, "Copy as text", "the trace as text"),
    ] {
        let hover = format!(
            "Copy {what}: the inputs, every step and the result, \
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
    a: &dyn TraceSource,
    c: Component,
    only: bool,
    commands: &mut Vec<Command>,
) {
    let n = (0..a.steps().len()).filter(|&i| a.touches(i, c)).count();
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
    a: &dyn TraceSource,
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
    a: &dyn TraceSource,
    i: usize,
    look: &RowLook,
    commands: &mut Vec<Command>,
) {
    let (v, s) = (&a.views()[i], &a.steps()[i]);
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
    } else if s.id.stage() == Stage::Departure {
        // Where a browser leaves the URL Standard.
        ("≠ ", visuals.warn_fg_color)
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

/// Appends what the step did: the buffers of a turn of remove
/// dot-segments, before → after, the value set, or a state machine's code
/// point, decision and validation error.
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
    if let Some((output, input)) = s.buffers() {
        // The path may be the same before and after (a segment only moves
        // from the input buffer to the output buffer): the buffers are
        // what the turn changed.
        let (gone, mark) = view.diff.clone().map_or((0..0, 0..0), |d| d);
        job.append("output ", 0.0, weak.clone());
        append_marked(job, output, mark, escapes, context, &plain, &added);
        // What left the output buffer (rule C): its text is in `before`,
        // which starts with the output buffer as the turn found it.
        if let Some(left) = s
            .before
            .as_deref()
            .and_then(|b| b.get(gone))
            .filter(|l| !l.is_empty())
        {
            append_marked(job, left, 0..left.len(), escapes, context, &plain, &removed);
        }
        job.append("  input ", 0.0, weak.clone());
        append_marked(job, input, 0..0, escapes, context, &plain, &added);
        return;
    }
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
            if s.pointer.is_some() {
                let c = match s.code_point {
                    Some(c) => format!("'{}' ", shown(&c.to_string(), escapes)),
                    None => "EOF ".to_owned(),
                };
                job.append(
                    &c,
                    0.0,
                    TextFormat::simple(font.clone(), v.strong_text_color()),
                );
            }
            // A decision is read whole; the row is cut at its edge anyway.
            let text = s.decision.as_deref().unwrap_or(s.id.explanation());
            job.append(&shorten(text, 300, escapes), 0.0, plain);
        }
    }
    if let Some(e) = &s.validation_error {
        let err = TextFormat::simple(font.clone(), v.error_fg_color);
        job.append(&format!("  ▲ {e}"), 0.0, err);
    }
}
