//! The eframe app: the runtime state around the persisted [`State`], the
//! frame layout, the keyboard shortcuts, and the [`Command`]s the panels
//! return, applied after they are drawn.
//!
//! A frame: take a finished result from the worker; read the shortcuts; draw
//! the input fields (which edit the state in place); recompute if the inputs
//! changed (small inputs within the frame, so the result below is current);
//! draw the result, then the body; apply commands.
//!
//! The view (F2, F3, F4) decides what the body shows: the inspector below,
//! the Compare view ([`compare`]) under the same input fields, or the Batch
//! view ([`batch`]), which has inputs of its own.
//!
//! The inspector's body is two columns (input by component and components on the left,
//! the trace on the right) split at a proportion of the width that the user
//! drags (kept as a proportion, so it follows the window, with minimum
//! widths on both sides). Below [`STACK_BELOW`] points the trace goes under
//! the components instead, so neither is clipped. Each column scrolls as a
//! whole; tables grow inside it rather than in scroll areas of their own.
//!
//! Explaining (issue 10): the app keeps the selected note (its characters
//! are selected in the input), the component whose steps the trace marks
//! (and whether the trace shows only those), and the step player's clock:
//! while playing, each frame past the next tick moves the selection one
//! visible step on and asks for a repaint at the tick after.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use egui::{Rect, UiBuilder, pos2, vec2};

use crate::engine::{Component, Mode, Step};

use super::analysis::{Analysis, Request, analyze};
use super::clipboard::Clipboard;
use super::command::Command;
use super::field::Field;
use super::state::{State, ThemeChoice, View};
use super::step_player::PLAY_INTERVAL;
use super::trace_view::TraceFocus;
use super::worker::Worker;
use super::{
    batch, compare, components, highlight, history, inputs, keys, result, theme, trace_view,
    url_after, viewer,
};

/// Below this width (points) the trace is stacked under the components.
pub const STACK_BELOW: f32 = 1000.0;
/// The narrowest the left column and the trace get side by side.
const MIN_LEFT: f32 = 440.0;
const MIN_TRACE: f32 = 320.0;
const DIVIDER: f32 = 8.0;
/// How far Alt+← / Alt+→ move the divider (a share of the width).
const SPLIT_STEP: f32 = 0.05;

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The running app.
pub struct InspectorApp {
    /// What is saved between runs.
    pub state: State,
    analysis: Option<Analysis>,
    worker: Worker<Request, Analysis>,
    /// The inputs changed since the last computation was started.
    dirty: bool,
    clipboard: Box<dyn Clipboard>,
    status: Option<Status>,
    selected_step: Option<usize>,
    /// The component whose steps the trace marks (a component row or the
    /// legend selected it); kept while steps are selected.
    selected_component: Option<Component>,
    /// The trace shows only the selected component's steps.
    only_component: bool,
    /// The note whose characters are selected in the input.
    selected_note: Option<usize>,
    /// While the step player plays: the time (egui's clock, seconds) of
    /// its next step.
    play_next: Option<f64>,
    fields: inputs::Fields,
    viewer: Option<viewer::Viewer>,
    theme_applied: Option<ThemeChoice>,
    compare: compare::CompareView,
    batch: batch::BatchView,
    /// A step to select once the trace of a newly asked mode arrives
    /// ([`Command::OpenStep`]).
    pending_step: Option<usize>,
    /// Set from outside the UI thread (a signal) to close the window the
    /// way Ctrl+Q does, saving the state.
    quit_flag: Option<Arc<AtomicBool>>,
}

impl InspectorApp {
    /// An app over `state`, copying to `clipboard`.
    pub fn new(state: State, clipboard: Box<dyn Clipboard>) -> InspectorApp {
        InspectorApp {
            state,
            analysis: None,
            worker: Worker::new("url-inspector worker", Request::size, analyze),
            dirty: true,
            clipboard,
            status: None,
            selected_step: None,
            selected_component: None,
            only_component: false,
            selected_note: None,
            play_next: None,
            fields: inputs::Fields::default(),
            viewer: None,
            theme_applied: None,
            compare: compare::CompareView::default(),
            batch: batch::BatchView::default(),
            pending_step: None,
            quit_flag: None,
        }
    }

    /// Shows `text` in the status bar (e.g. a problem found at start-up).
    pub fn report(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Closes the window, as Ctrl+Q does, once `flag` is set (by a signal
    /// handler; whoever sets it should also ask the context to repaint).
    pub fn quit_when(&mut self, flag: Arc<AtomicBool>) {
        self.quit_flag = Some(flag);
    }

    /// The step selected in the trace, if any.
    pub fn selected_step(&self) -> Option<usize> {
        self.selected_step
    }

    /// Whether the step player is playing.
    pub fn is_playing(&self) -> bool {
        self.play_next.is_some()
    }

    /// The steps the trace list shows (and the player walks), in order.
    pub fn visible_steps(&self) -> Vec<usize> {
        self.analysis
            .as_ref()
            .map(|a| trace_view::visible_steps(a, &self.state, &self.trace_focus()))
            .unwrap_or_default()
    }

    /// What the trace panel shows besides the analysis.
    fn trace_focus(&self) -> TraceFocus {
        TraceFocus {
            selected: self.selected_step,
            component: self.selected_component,
            only_component: self.only_component,
            playing: self.play_next.is_some(),
        }
    }

    /// The result on screen (the newest finished computation).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Whether a big input is still being computed off the UI thread.
    pub fn is_computing(&self) -> bool {
        self.dirty || self.worker.is_pending()
    }

    /// The status bar's message.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    fn request(&self) -> Request {
        Request {
            input: self.state.input.clone(),
            base: self.state.base.clone(),
            encoding: self.state.encoding.clone(),
            mode: self.state.mode,
        }
    }

    /// Starts a computation if the inputs changed; small ones finish here.
    fn refresh(&mut self, ctx: &egui::Context) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        if let Some(a) = self.worker.submit(self.request(), ctx) {
            self.set_analysis(a);
        }
    }

    /// The inputs changed: recompute, and drop a status that spoke of the
    /// old result ("Copied …" would claim a copy of what is no longer shown).
    fn inputs_changed(&mut self) {
        self.dirty = true;
        self.status = None;
    }

    fn set_analysis(&mut self, a: Analysis) {
        // A selection only means something in a trace of the same steps
        // (values may differ: typing changes them, not which steps ran).
        let shape = |s: &Step| (s.id, s.component, s.of_base);
        let same_trace = self.analysis.as_ref().is_some_and(|old| {
            old.trace
                .steps
                .iter()
                .map(shape)
                .eq(a.trace.steps.iter().map(shape))
        });
        if !same_trace {
            self.selected_step = None;
            self.play_next = None;
        }
        // A note keeps its selection while the same kind of note is there.
        let note_code = |a: &Analysis, i: usize| a.notes.get(i).map(|n| n.code);
        if let (Some(i), Some(old)) = (self.selected_note, &self.analysis)
            && note_code(old, i) != note_code(&a, i)
        {
            self.selected_note = None;
        }
        if let Some(step) = self.pending_step.take() {
            self.selected_step = (step < a.steps.len()).then_some(step);
            self.selected_component = None;
        }
        self.analysis = Some(a);
    }

    /// Draws the whole window (eframe calls this through [`eframe::App::ui`];
    /// the tests call it directly).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(a) = self.worker.poll() {
            self.set_analysis(a);
        }
        if self.theme_applied != Some(self.state.theme) {
            theme::apply(&ctx);
            ctx.set_theme(self.state.theme.preference());
            self.theme_applied = Some(self.state.theme);
        }

        let mut commands = Vec::new();
        if self
            .quit_flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            commands.push(Command::Quit);
        }
        self.shortcuts(&ctx, &mut commands);
        self.play_tick(&ctx);
        self.top_panels(ui, &mut commands);
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default().show(ui, |ui| match self.state.view {
            View::Inspector => self.body(ui, &mut commands),
            View::Compare => self.compare.ui(ui, &mut self.state, &mut commands),
            View::Batch => self.batch.ui(ui, &mut self.state, &mut commands),
        });

        if let Some(v) = &mut self.viewer
            && !v.show(&ctx, self.state.escapes)
        {
            self.viewer = None;
        }
        for command in commands {
            self.apply(command, &ctx);
        }
        if self.dirty {
            self.refresh(&ctx);
            ctx.request_repaint();
        }
    }

    /// The menu bar, the input fields and the result.
    fn top_panels(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        egui::Panel::top("bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.strong("url-inspector");
                ui.separator();
                history::history_menu(ui, &self.state.history, commands);
                self.view_menu(ui, commands);
                keys_menu(ui);
                ui.separator();
                self.view_tabs(ui, commands);
                if self.is_computing() {
                    ui.separator();
                    ui.spinner();
                    ui.label("computing…");
                }
            });
        });
        if self.state.view == View::Batch {
            // The Batch view has its own inputs and no single result.
            return;
        }
        egui::Panel::top("inputs").show(ui, |ui| {
            ui.add_space(4.0);
            if inputs::inputs_ui(ui, &mut self.state, &mut self.fields, commands) {
                self.inputs_changed();
            }
        });
        // Small inputs are computed now, so the panels below show this frame's result.
        self.refresh(ui.ctx());
        egui::Panel::top("result").show(ui, |ui| {
            ui.add_space(4.0);
            let computing = self.is_computing();
            result::result_ui(
                ui,
                self.analysis.as_ref(),
                self.state.escapes,
                computing,
                self.selected_note,
                commands,
            );
            ui.add_space(4.0);
        });
    }

    /// One tab per view, each naming its shortcut.
    fn view_tabs(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        for view in View::ALL {
            let shortcut = keys::view_shortcut(ui.ctx(), view);
            if ui
                .selectable_label(self.state.view == view, view.name())
                .on_hover_text(format!("Show the {} view ({shortcut})", view.name()))
                .clicked()
            {
                commands.push(Command::SetView(view));
            }
        }
    }

    /// The columns, side by side or stacked by the width there is.
    fn body(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // No fading at the scroll edges: it would dim the text there below
        // 4.5:1 (a row cut off at the edge still shows there is more).
        ui.spacing_mut().scroll.fade.strength = 0.0;
        let full = ui.available_rect_before_wrap();
        if full.width() < STACK_BELOW {
            self.stacked(ui, full, commands);
        } else {
            self.side_by_side(ui, full, commands);
        }
    }

    /// Narrow windows: one scroll, the trace under the components.
    fn stacked(&mut self, ui: &mut egui::Ui, full: Rect, commands: &mut Vec<Command>) {
        egui::ScrollArea::vertical()
            .id_salt("stacked")
            .auto_shrink(false)
            .show(ui, |ui| {
                self.left_column(ui, commands);
                ui.add_space(8.0);
                ui.separator();
                // The trace's own list scrolls; give it most of a screen.
                let height = (full.height() * 0.9).max(360.0);
                let width = ui.available_width();
                ui.allocate_ui(vec2(width, height), |ui| {
                    ui.set_min_size(vec2(width, height));
                    self.trace(ui, commands);
                });
            });
    }

    /// Wide windows: two columns and a divider kept as a proportion.
    fn side_by_side(&mut self, ui: &mut egui::Ui, full: Rect, commands: &mut Vec<Command>) {
        let max_left = (full.width() - MIN_TRACE - DIVIDER).max(MIN_LEFT);
        let left_w = (self.state.split * full.width()).clamp(MIN_LEFT, max_left);
        let left = Rect::from_min_size(full.min, vec2(left_w, full.height()));
        let divider =
            Rect::from_min_size(pos2(left.right(), full.top()), vec2(DIVIDER, full.height()));
        let right = Rect::from_min_max(pos2(divider.right() + 4.0, full.top()), full.max);

        ui.scope_builder(UiBuilder::new().max_rect(left), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("left-column")
                .auto_shrink(false)
                .show(ui, |ui| self.left_column(ui, commands));
        });
        divider_ui(ui, divider, full, self.state.split, commands);
        ui.scope_builder(UiBuilder::new().max_rect(right), |ui| {
            self.trace(ui, commands);
        });
    }

    /// The input by component, the URL after the selected step, then the
    /// components and parameters.
    fn left_column(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let a = self.analysis.as_ref();
        let selected_range = self
            .selected_step
            .and_then(|i| a?.steps.get(i)?.input_range.clone())
            .or_else(|| a?.notes.get(self.selected_note?)?.range.clone());
        // The selected step's component, else the one selected by its row.
        let selected_component = self
            .selected_step
            .and_then(|i| a?.step(i)?.component)
            .or(self.selected_component);
        highlight::highlight_ui(
            ui,
            a,
            &self.state,
            selected_range,
            selected_component,
            commands,
        );
        if let (Some(a), Some(i)) = (a, self.selected_step) {
            ui.add_space(8.0);
            url_after::url_after_ui(ui, a, i, self.state.escapes, commands);
        }
        ui.add_space(8.0);
        components::components_ui(ui, a, &self.state, selected_component, commands);
    }

    fn trace(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        trace_view::trace_ui(
            ui,
            self.analysis.as_ref(),
            &self.state,
            &self.trace_focus(),
            commands,
        );
    }

    /// The step player's clock: past the next tick, move one step on (and
    /// stop at the last); while playing, ask for a frame at the next tick.
    fn play_tick(&mut self, ctx: &egui::Context) {
        let Some(next) = self.play_next else { return };
        let now = ctx.input(|i| i.time);
        if now >= next {
            let visible = self.visible_steps();
            let at_end = visible.is_empty() || self.selected_step == visible.last().copied();
            if at_end {
                self.play_next = None;
                return;
            }
            self.move_selection(1);
            let last = self.selected_step == visible.last().copied();
            // The walk ends on the last step: nothing further to wait for.
            self.play_next = (!last).then_some(now + PLAY_INTERVAL);
        }
        if let Some(next) = self.play_next {
            ctx.request_repaint_after(Duration::from_secs_f64((next - now).max(0.0)));
        }
    }

    /// Play from the selected step (from the first when none is selected,
    /// or the last is), or pause.
    fn toggle_play(&mut self, ctx: &egui::Context) {
        if self.play_next.take().is_some() {
            return;
        }
        let visible = self.visible_steps();
        let Some(&last) = visible.last() else { return };
        if self
            .selected_step
            .is_none_or(|s| s == last || !visible.contains(&s))
        {
            self.selected_step = visible.first().copied();
            self.selected_note = None;
        }
        let now = ctx.input(|i| i.time);
        self.play_next = Some(now + PLAY_INTERVAL);
        ctx.request_repaint_after(Duration::from_secs_f64(PLAY_INTERVAL));
    }

    /// Reads the global shortcuts (before any widget can take the keys).
    fn shortcuts(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let split = self.state.split;
        ctx.input_mut(|i| {
            let table = [
                (keys::FOCUS_INPUT, Command::Focus(Field::Input)),
                (keys::FOCUS_BASE, Command::Focus(Field::Base)),
                (keys::FOCUS_ENCODING, Command::Focus(Field::Encoding)),
                (keys::COPY, Command::CopyCanonical),
                (keys::ESCAPES, Command::ToggleEscapes),
                (keys::CHANGED_ONLY, Command::ToggleChangedOnly),
                (keys::HEX, Command::ToggleHex),
                (keys::NEXT_STEP, Command::MoveSelection(1)),
                (keys::PREV_STEP, Command::MoveSelection(-1)),
                (keys::FIRST_STEP, Command::SelectEnd { last: false }),
                (keys::LAST_STEP, Command::SelectEnd { last: true }),
                (keys::PLAY, Command::TogglePlay),
                (keys::SPLIT_LEFT, Command::SetSplit(split - SPLIT_STEP)),
                (keys::SPLIT_RIGHT, Command::SetSplit(split + SPLIT_STEP)),
                (keys::QUIT, Command::Quit),
            ];
            for (shortcut, command) in table {
                if i.consume_shortcut(&shortcut) {
                    commands.push(command);
                }
            }
            for (shortcut, view) in keys::VIEWS.iter().zip(View::ALL) {
                if i.consume_shortcut(shortcut) {
                    commands.push(Command::SetView(view));
                }
            }
            for (shortcut, mode) in keys::MODES.iter().zip(Mode::ALL) {
                if i.consume_shortcut(shortcut) {
                    commands.push(Command::SetMode(mode));
                }
            }
        });
    }

    fn view_menu(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.menu_button("View", |ui| {
            let ctx = ui.ctx().clone();
            let shortcut = |s: &egui::KeyboardShortcut| ctx.format_shortcut(s);
            let mut escapes = self.state.escapes;
            if ui
                .checkbox(&mut escapes, "Show invisible characters as \\u{…}")
                .on_hover_text(format!(
                    "Controls, invisible and bidi characters, U+FFFD ({})",
                    shortcut(&keys::ESCAPES)
                ))
                .changed()
            {
                commands.push(Command::ToggleEscapes);
            }
            let mut hex = self.state.hex;
            if ui
                .checkbox(&mut hex, "Show bytes in hex")
                .on_hover_text(shortcut(&keys::HEX))
                .changed()
            {
                commands.push(Command::ToggleHex);
            }
            if ui.button("Reset the split").clicked() {
                commands.push(Command::SetSplit(super::state::DEFAULT_SPLIT));
            }
            ui.separator();
            ui.label("Theme");
            for t in ThemeChoice::ALL {
                if ui.radio(self.state.theme == t, t.name()).clicked() {
                    commands.push(Command::SetTheme(t));
                }
            }
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            match &self.status {
                Some(s) if s.error => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("Problem: {}", s.text));
                }
                Some(s) => {
                    ui.label(&s.text);
                }
                None => {
                    ui.label("Type or paste a URL; results follow every keystroke.");
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // The figures are the inspector's run of the one URL, which
                // Compare shows too; the Batch view has no such URL.
                let one_url = matches!(self.state.view, View::Inspector | View::Compare);
                if let Some(a) = self.analysis.as_ref().filter(|_| one_url) {
                    ui.label(format!(
                        "{} steps · {:.1} ms · input {} bytes",
                        a.steps.len(),
                        a.elapsed.as_secs_f64() * 1000.0,
                        super::escape::group_digits(a.request.input.len())
                    ));
                }
            });
        });
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::Copy { what, text } => self.copy(&what, &text),
            Command::CopyCanonical => self.copy_canonical(),
            Command::SetMode(m) => {
                if self.state.mode != m {
                    self.state.mode = m;
                    self.inputs_changed();
                }
            }
            Command::SelectStep(i) => {
                self.selected_step = i;
                self.selected_note = None;
            }
            Command::MoveSelection(delta) => self.move_selection(delta),
            Command::SelectEnd { last } => self.select_end(last),
            Command::TogglePlay => self.toggle_play(ctx),
            Command::SelectComponent(c) => {
                self.selected_component = if self.selected_component == c {
                    None
                } else {
                    c
                };
                if self.selected_component.is_none() {
                    self.only_component = false;
                }
                self.selected_step = None;
                self.selected_note = None;
            }
            Command::ToggleOnlyComponent => {
                self.only_component = !self.only_component && self.selected_component.is_some();
                let visible = self.visible_steps();
                if self.selected_step.is_some_and(|s| !visible.contains(&s)) {
                    self.selected_step = None;
                }
            }
            Command::SelectNote(n) => {
                self.selected_note = n;
                self.selected_step = None;
            }
            Command::ToggleFold(key) => self.state.toggle_fold(key),
            Command::Restore(entry) => {
                self.state.restore(&entry);
                self.inputs_changed();
            }
            Command::ClearHistory => self.state.history.clear(),
            Command::Remember => self.state.remember(),
            Command::SetTheme(t) => self.state.theme = t,
            Command::Insert { field, text } => {
                inputs::insert(ctx, &mut self.state, field, &text);
                self.inputs_changed();
            }
            Command::Clear(field) => {
                self.state.value_mut(field).clear();
                self.inputs_changed();
            }
            Command::Focus(field) => inputs::focus_and_select_all(ctx, &self.state, field),
            Command::ShowAll { title, text } => {
                self.viewer = Some(viewer::Viewer::new(title, text));
            }
            Command::SetSplit(share) => self.state.split = share.clamp(0.2, 0.8),
            Command::ToggleEscapes => self.state.escapes = !self.state.escapes,
            Command::ToggleChangedOnly => self.state.changed_only = !self.state.changed_only,
            Command::ToggleHex => self.state.hex = !self.state.hex,
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::SetView(view) => self.state.view = view,
            Command::OpenStep { mode, step } => {
                self.state.view = View::Inspector;
                self.pending_step = Some(step);
                if self.state.mode != mode {
                    self.state.mode = mode;
                    self.inputs_changed();
                } else if let Some(a) = self.analysis.take() {
                    // Same mode: the trace on screen is the one meant.
                    self.set_analysis(a);
                }
            }
            Command::Report { text, error } => self.report(text, error),
        }
    }

    fn copy_canonical(&mut self) {
        match self.analysis.as_ref().and_then(|a| a.outcome.canon.clone()) {
            Some(canon) => {
                self.copy("the canonical URL", &canon);
                self.state.remember();
            }
            None => {
                self.status = Some(Status {
                    text: "Nothing to copy: the URL is invalid.".to_owned(),
                    error: true,
                });
            }
        }
    }

    fn copy(&mut self, what: &str, text: &str) {
        self.status = Some(match self.clipboard.set_text(text) {
            Ok(()) => Status {
                text: format!(
                    "Copied {what} ({} bytes).",
                    super::escape::group_digits(text.len())
                ),
                error: false,
            },
            Err(e) => Status {
                text: format!("Could not copy {what}: {e}. Select the text and copy it by hand."),
                error: true,
            },
        });
    }

    /// Selects the first or the last visible step.
    fn select_end(&mut self, last: bool) {
        let visible = self.visible_steps();
        let end = if last {
            visible.last()
        } else {
            visible.first()
        };
        if let Some(&i) = end {
            self.selected_step = Some(i);
            self.selected_note = None;
        }
    }

    fn move_selection(&mut self, delta: isize) {
        let visible = self.visible_steps();
        if visible.is_empty() {
            return;
        }
        let pos = self
            .selected_step
            .and_then(|s| visible.iter().position(|&v| v == s));
        let next = match pos {
            None if delta >= 0 => 0,
            None => visible.len() - 1,
            Some(p) => p.saturating_add_signed(delta).min(visible.len() - 1),
        };
        self.selected_step = Some(visible[next]);
        self.selected_note = None;
    }
}

/// The divider between the columns: drag it, or focus it (Tab) and press
/// ← / → (Alt+← / Alt+→ from anywhere), to share the width out anew.
fn divider_ui(ui: &mut egui::Ui, rect: Rect, full: Rect, split: f32, commands: &mut Vec<Command>) {
    let r = ui.interact(rect, egui::Id::unique("split-divider"), egui::Sense::drag());
    r.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Splitter,
            true,
            "Divider between the components and the trace",
        )
    });
    if r.hovered() || r.dragged() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::ResizeHorizontal);
    }
    if r.dragged()
        && let Some(p) = r.interact_pointer_pos()
    {
        commands.push(Command::SetSplit((p.x - full.left()) / full.width()));
    }
    if r.has_focus() {
        // The arrows move the divider, not the focus.
        let filter = egui::EventFilter {
            horizontal_arrows: true,
            ..Default::default()
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(r.id, filter));
        let (left, right) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
            )
        });
        if left || right {
            let step = if left { -SPLIT_STEP } else { SPLIT_STEP };
            commands.push(Command::SetSplit(split + step));
        }
    }
    let stroke = if r.has_focus() {
        ui.visuals().selection.stroke
    } else if r.hovered() || r.dragged() {
        ui.visuals().widgets.hovered.bg_stroke
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke
    };
    ui.painter().vline(rect.center().x, rect.y_range(), stroke);
}

/// The Keys menu: every shortcut, so keyboard users can find them.
fn keys_menu(ui: &mut egui::Ui) {
    ui.menu_button("Keys", |ui| {
        egui::Grid::new("keys")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (shortcut, what) in keys::all() {
                    ui.monospace(ui.ctx().format_shortcut(&shortcut));
                    ui.label(what);
                    ui.end_row();
                }
                for (keys, what) in [
                    ("Tab / Shift+Tab", "Move between fields and buttons"),
                    (
                        "Space / Enter",
                        "Press the focused button, fold a trace group",
                    ),
                    ("Enter", "In the URL or base field: keep it in the history"),
                    ("Enter", "In the encoding field: take the suggestion"),
                    ("Escape", "Close a menu or the suggestions"),
                ] {
                    ui.monospace(keys);
                    ui.label(what);
                    ui.end_row();
                }
            });
    });
}

impl eframe::App for InspectorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state.for_saving());
    }

    /// Saved every few seconds too, so a killed app loses little typing.
    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(5)
    }
}
