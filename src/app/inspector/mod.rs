//! The Inspector view (F2): one URL, its input coloured by component, its
//! components, and the trace of every step, with what is selected in them.
//!
//! [`InspectorView`] keeps the analysis of the window's one URL (computed by
//! the [`worker`](crate::app::worker), small inputs within the frame) and
//! what the user selected in it. Its [`ui`](InspectorView::ui) draws the two
//! columns; the shell draws the shared input fields and the result above
//! them (the Compare view sits under them too) and calls the methods here to
//! carry out the commands the panels push.
//!
//! The trace on screen is the 2012 engine's or the URL Standard's, read
//! through one [`TraceSource`]: the same panel, the same step selection,
//! player and keys, the same Copy, whichever engine ran.
//!
//! The columns (input by component and components on the left, the trace on
//! the right) are split at a proportion of the width that the user drags
//! (kept as a proportion, so it follows the window, with minimum widths on
//! both sides). Below [`STACK_BELOW`] points there is room for one column
//! only: a switch at the top shows either, and walking the trace (a step
//! selected, the player, the step keys) shows the trace, whose detail holds
//! the URL after the step. Each column scrolls as a whole; tables grow
//! inside it rather than in scroll areas of their own.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`InspectorView`]: the analysis, the selection, the columns |
//! | [`highlight`] | the input coloured by component, notes marked |
//! | [`url_after`] | the URL as it stands after the selected step |
//! | [`components`] | the components and the query's parameters |
//! | [`trace_view`] | the trace, grouped by stage, folded, filtered |
//! | [`step_detail`] | the selected step in full, under the trace |
//! | [`change_marks`] | a value with its changed characters marked |
//! | [`pointer_text`] | a state machine's text with its pointer marked |
//! | [`step_player`] | walking the trace a step at a time |
//! | [`focus`] | what the trace shows besides the analysis (a leaf) |
//! | [`divider`] | the dividers between the columns and in the trace |
//! | [`url_standard`] | the URL Standard's view (when the mode toggle picks it) |

pub mod change_marks;
pub mod components;
pub mod divider;
pub mod focus;
pub mod highlight;
pub mod pointer_text;
pub mod step_detail;
pub mod step_player;
pub mod trace_view;
pub mod url_after;
pub mod url_standard;

use std::time::Duration;

use egui::{Rect, UiBuilder};

use crate::engine::{Component, Mode, StepId};

use crate::app::analysis::{Analysis, Request, analyze};
use crate::app::command::Command;
use crate::app::focus_scroll;
use crate::app::state::{InspectorEngine, State};
use crate::app::trace_source::TraceSource;
use crate::app::worker::Worker;

use divider::Split;
use focus::TraceFocus;
use url_standard::StandardView;
use url_standard::analysis::StandardAnalysis;

/// Below this width (points) one column is shown at a time.
pub const STACK_BELOW: f32 = 1000.0;
/// The narrowest the left column and the trace get side by side.
const MIN_LEFT: f32 = 440.0;
const MIN_TRACE: f32 = 320.0;

/// Which column a narrow window shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pane {
    /// The input, the components (or the URL record) and what goes with them.
    #[default]
    Components,
    /// The trace, with the selected step and the URL after it.
    Trace,
}

/// What tells one trace's steps from another's: a selection means the same
/// in a trace of the same steps (values may differ: typing changes them,
/// not which steps ran).
type Shape = Vec<(StepId, Option<Component>, bool)>;

/// What the Inspector keeps while the app runs (its saved choices, such as
/// the folds and the split, are in the [`State`]).
pub struct InspectorView {
    analysis: Option<Analysis>,
    worker: Worker<Request, Analysis>,
    /// The inputs changed since the last computation was started.
    dirty: bool,
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
    /// A step to select once the trace of a newly asked mode arrives
    /// ([`Command::OpenStep`]).
    pending_step: Option<usize>,
    /// The URL Standard's view, computed instead of the 2012 analysis
    /// while the mode toggle picks the URL Standard.
    standard: StandardView,
    /// The engine of the last computation started.
    engine: InspectorEngine,
    /// The shape of the trace the selection was made in.
    shape: Shape,
    /// The column a narrow window shows.
    pane: Pane,
}

impl Default for InspectorView {
    fn default() -> Self {
        InspectorView {
            analysis: None,
            worker: Worker::new("url-inspector worker", Request::size, analyze),
            // Nothing is computed yet: the first frame asks.
            dirty: true,
            selected_step: None,
            selected_component: None,
            only_component: false,
            selected_note: None,
            play_next: None,
            pending_step: None,
            standard: StandardView::default(),
            engine: InspectorEngine::Spec2012,
            shape: Shape::new(),
            pane: Pane::default(),
        }
    }
}

impl InspectorView {
    /// The result on screen (the newest finished computation).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The step selected in the trace, if any.
    pub fn selected_step(&self) -> Option<usize> {
        self.selected_step
    }

    /// The note whose characters are selected in the input, if any.
    pub fn selected_note(&self) -> Option<usize> {
        self.selected_note
    }

    /// Whether the step player is playing.
    pub fn is_playing(&self) -> bool {
        self.play_next.is_some()
    }

    /// Whether the inputs changed and their result is not on screen yet.
    pub fn is_computing(&self) -> bool {
        self.dirty || self.worker.is_pending() || self.standard.is_pending()
    }

    /// The URL Standard's result, while the Inspector shows the URL
    /// Standard (the shell then draws its result strip instead).
    pub fn standard_analysis(&self) -> Option<Option<&StandardAnalysis>> {
        (self.engine == InspectorEngine::UrlStandard).then(|| self.standard.analysis())
    }

    /// What "copy the canonical URL" copies: the 2012 engine's canonical
    /// form, or the URL Standard's href while that is shown.
    pub fn canonical(&self) -> Option<String> {
        match self.standard_analysis() {
            Some(a) => a.and_then(|a| a.url()).map(|u| u.href().to_owned()),
            None => self.analysis()?.outcome.canon.clone(),
        }
    }

    /// Whether the inputs changed since the last computation was started.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The trace on screen: the 2012 engine's or the URL Standard's.
    pub fn shown(&self) -> Option<&dyn TraceSource> {
        match self.engine {
            InspectorEngine::Spec2012 => self.analysis.as_ref().map(|a| a as &dyn TraceSource),
            InspectorEngine::UrlStandard => self.standard.analysis().map(|a| a as &dyn TraceSource),
        }
    }

    /// The engine whose result is on screen.
    pub fn engine(&self) -> InspectorEngine {
        self.engine
    }

    /// The column a narrow window shows.
    pub fn pane(&self) -> Pane {
        self.pane
    }

    /// Shows `pane` in a narrow window.
    pub fn show_pane(&mut self, pane: Pane) {
        self.pane = pane;
    }

    /// The steps the trace list shows (and the player walks), in order.
    pub fn visible_steps(&self, state: &State) -> Vec<usize> {
        self.shown()
            .map(|a| trace_view::visible_steps(a, state, &self.trace_focus()))
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

    /// The inputs changed: compute them anew.
    pub fn inputs_changed(&mut self) {
        self.dirty = true;
    }

    /// Takes a result the worker finished.
    pub fn poll(&mut self) {
        if let Some(a) = self.worker.poll() {
            self.set_analysis(a);
        }
        if self.standard.poll() {
            self.trace_arrived();
        }
    }

    /// Starts a computation if the inputs changed; small ones finish here.
    pub fn refresh(&mut self, ctx: &egui::Context, state: &State) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        if self.engine != state.engine {
            // Another engine's trace: its steps are others.
            self.engine = state.engine;
            self.trace_arrived();
        }
        if state.engine == InspectorEngine::UrlStandard {
            if self.standard.refresh(ctx, state) {
                self.trace_arrived();
            }
            return;
        }
        let request = Request {
            input: state.input.clone(),
            base: state.base.clone(),
            encoding: state.encoding.clone(),
            mode: state.mode,
        };
        if let Some(a) = self.worker.submit(request, ctx) {
            self.set_analysis(a);
        }
    }

    fn set_analysis(&mut self, a: Analysis) {
        // A note keeps its selection while the same kind of note is there.
        let note_code = |a: &Analysis, i: usize| a.notes.get(i).map(|n| n.code);
        if let (Some(i), Some(old)) = (self.selected_note, &self.analysis)
            && note_code(old, i) != note_code(&a, i)
        {
            self.selected_note = None;
        }
        self.analysis = Some(a);
        if self.engine == InspectorEngine::Spec2012 {
            self.trace_arrived();
        }
    }

    /// A new trace is on screen: the selection stays if its steps are the
    /// same ones; a step asked for before it arrived is selected now.
    fn trace_arrived(&mut self) {
        let shape: Shape = self
            .shown()
            .map(|a| {
                a.steps()
                    .iter()
                    .map(|s| (s.id, s.component, s.of_base))
                    .collect()
            })
            .unwrap_or_default();
        if shape != self.shape {
            self.selected_step = None;
            self.play_next = None;
            self.shape = shape;
        }
        if let Some(step) = self.pending_step.take() {
            self.selected_step = (step < self.shape.len()).then_some(step);
            self.selected_component = None;
        }
    }

    /// Draws the view: the columns, side by side or one at a time by the
    /// width there is.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        // No fading at the scroll edges: it would dim the text there below
        // 4.5:1 (a row cut off at the edge still shows there is more).
        ui.spacing_mut().scroll.fade.strength = 0.0;
        if self.engine == InspectorEngine::UrlStandard && self.standard.analysis().is_none() {
            ui.spinner();
            return;
        }
        let full = ui.available_rect_before_wrap();
        if full.width() < STACK_BELOW {
            self.one_column(ui, state, commands);
        } else {
            self.side_by_side(ui, full, state, commands);
        }
    }

    /// Narrow windows: a switch between the two columns, each with the
    /// whole height.
    fn one_column(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        let steps = self.shown().map_or(0, |a| a.steps().len());
        ui.horizontal(|ui| {
            let left = match self.engine {
                InspectorEngine::Spec2012 => "Input and components",
                InspectorEngine::UrlStandard => "Input and URL record",
            };
            let trace = format!("Trace ({})", crate::app::escape::plural(steps, "step", "steps"));
            for (pane, words) in [(Pane::Components, left.to_owned()), (Pane::Trace, trace)] {
                if ui
                    .selectable_label(self.pane == pane, words)
                    .on_hover_text("The window is narrow: one column at a time (walking the trace shows the trace)")
                    .clicked()
                {
                    self.pane = pane;
                }
            }
        });
        ui.separator();
        match self.pane {
            Pane::Components => {
                egui::ScrollArea::vertical()
                    .id_salt("one-column")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        focus_scroll::scroll_to_new_focus(ui);
                        self.left_column(ui, state, commands);
                    });
            }
            Pane::Trace => self.trace(ui, state, commands),
        }
    }

    /// Wide windows: two columns and a divider kept as a proportion.
    fn side_by_side(
        &mut self,
        ui: &mut egui::Ui,
        full: Rect,
        state: &mut State,
        commands: &mut Vec<Command>,
    ) {
        let split = Split::columns(full, state.split, MIN_LEFT, MIN_TRACE);
        ui.scope_builder(UiBuilder::new().max_rect(split.first), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("left-column")
                .auto_shrink(false)
                .show(ui, |ui| {
                    focus_scroll::scroll_to_new_focus(ui);
                    self.left_column(ui, state, commands);
                });
        });
        divider::divider_ui(
            ui,
            &split,
            state.split,
            "Divider between the components and the trace",
            commands,
        );
        ui.scope_builder(UiBuilder::new().max_rect(split.second), |ui| {
            self.trace(ui, state, commands);
        });
    }

    /// The engine's left column: the 2012 engine's input by component and
    /// components, or the URL Standard's record, errors and edits.
    fn left_column(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        if self.engine == InspectorEngine::UrlStandard {
            let pointer = self
                .selected_step
                .and_then(|i| self.standard.analysis()?.trace.steps.get(i))
                .filter(|s| !s.of_base)
                .and_then(|s| s.pointer);
            self.standard.left_ui(ui, state, pointer, commands);
        } else {
            self.spec2012_left(ui, state, commands);
        }
    }

    /// The input by component, the URL after the selected step, then the
    /// components and parameters.
    fn spec2012_left(&self, ui: &mut egui::Ui, state: &State, commands: &mut Vec<Command>) {
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
        highlight::highlight_ui(ui, a, state, selected_range, selected_component, commands);
        if let (Some(a), Some(i)) = (a, self.selected_step) {
            ui.add_space(8.0);
            url_after::url_after_ui(ui, a, i, state.escapes, commands);
        }
        ui.add_space(8.0);
        components::components_ui(ui, a, state, selected_component, commands);
    }

    fn trace(&self, ui: &mut egui::Ui, state: &State, commands: &mut Vec<Command>) {
        trace_view::trace_ui(ui, self.shown(), state, &self.trace_focus(), commands);
    }

    /// The step player's clock: past the next tick, move one step on (and
    /// stop at the last); while playing, ask for a frame at the next tick.
    /// The shell runs it every frame, whichever view is shown.
    pub fn play_tick(&mut self, ctx: &egui::Context, state: &State) {
        let Some(next) = self.play_next else { return };
        let now = ctx.input(|i| i.time);
        if now >= next {
            let visible = self.visible_steps(state);
            let at_end = visible.is_empty() || self.selected_step == visible.last().copied();
            if at_end {
                self.play_next = None;
                return;
            }
            self.move_selection(state, 1);
            let last = self.selected_step == visible.last().copied();
            // The walk ends on the last step: nothing further to wait for.
            self.play_next = (!last).then_some(now + state.play_interval);
        }
        if let Some(next) = self.play_next {
            ctx.request_repaint_after(Duration::from_secs_f64((next - now).max(0.0)));
        }
    }

    /// Play from the selected step (from the first when none is selected,
    /// or the last is), or pause.
    pub fn toggle_play(&mut self, ctx: &egui::Context, state: &State) {
        if self.play_next.take().is_some() {
            return;
        }
        let visible = self.visible_steps(state);
        let Some(&last) = visible.last() else { return };
        if self
            .selected_step
            .is_none_or(|s| s == last || !visible.contains(&s))
        {
            self.selected_step = visible.first().copied();
            self.selected_note = None;
        }
        let now = ctx.input(|i| i.time);
        self.play_next = Some(now + state.play_interval);
        self.pane = Pane::Trace;
        ctx.request_repaint_after(Duration::from_secs_f64(state.play_interval));
    }

    /// Selects a step of the trace (or none); a narrow window shows the
    /// trace for it.
    pub fn select_step(&mut self, step: Option<usize>) {
        self.selected_step = step;
        self.selected_note = None;
        if step.is_some() {
            self.pane = Pane::Trace;
        }
    }

    /// Selects the first or the last visible step.
    pub fn select_end(&mut self, state: &State, last: bool) {
        let visible = self.visible_steps(state);
        let end = if last {
            visible.last()
        } else {
            visible.first()
        };
        if let Some(&i) = end {
            self.select_step(Some(i));
        }
    }

    /// Moves the step selection by `delta` visible steps.
    pub fn move_selection(&mut self, state: &State, delta: isize) {
        let visible = self.visible_steps(state);
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
        self.select_step(Some(visible[next]));
    }

    /// Marks a component's steps in the trace (selecting it again unmarks).
    pub fn select_component(&mut self, component: Option<Component>) {
        self.selected_component = if self.selected_component == component {
            None
        } else {
            component
        };
        if self.selected_component.is_none() {
            self.only_component = false;
        }
        self.selected_step = None;
        self.selected_note = None;
    }

    /// Shows only the marked component's steps, or every step again.
    pub fn toggle_only_component(&mut self, state: &State) {
        self.only_component = !self.only_component && self.selected_component.is_some();
        let visible = self.visible_steps(state);
        if self.selected_step.is_some_and(|s| !visible.contains(&s)) {
            self.selected_step = None;
        }
    }

    /// Marks a note's characters in the input (or none).
    pub fn select_note(&mut self, note: Option<usize>) {
        self.selected_note = note;
        self.selected_step = None;
    }

    /// Selects `step` of the trace in `mode`: at once when that trace is on
    /// screen, else when it arrives. Returns whether the mode must change
    /// (the caller sets it and tells of the changed inputs).
    pub fn open_step(&mut self, current: Mode, mode: Mode, step: usize) -> bool {
        self.pending_step = Some(step);
        if current != mode || self.engine != InspectorEngine::Spec2012 {
            return true;
        }
        // Same mode: the trace on screen is the one meant.
        self.trace_arrived();
        false
    }
}
