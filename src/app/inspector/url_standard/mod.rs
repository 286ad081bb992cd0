//! The Inspector's URL Standard view: the input parsed by the URL
//! Standard's basic URL parser, its trace state by state, the URL record,
//! and the record edited through the URL API's setters and
//! `URLSearchParams`.
//!
//! Edits never change the input field behind the user's back: they apply
//! to a copy of the parsed URL (the *edited URL*), shown with each setter's
//! trace; "Apply to input" puts the edited href into the URL field, which
//! the user can then undo like any edit. A new input starts the edits over.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`StandardView`]: the analysis, the selection, the edits, the layout |
//! | [`analysis`] | the computation (on the worker for big inputs) |
//! | [`record_view`] | the URL record: components, host kind, path segments, origin |
//! | [`errors_view`] | the validation errors, their input ranges marked |
//! | [`trace_list`] | the parser's steps: state, pointer, buffer, record after |
//! | [`setters_panel`] | the ten setters, each an editable row |
//! | [`params_panel`] | the query as `URLSearchParams`: append, set, delete, sort |
//! | [`result_strip`] | the href (or the failure) under the input fields |
//! | [`edits`] | the edited URL and what the last setter did (no egui) |

pub mod analysis;
pub mod edits;
pub mod errors_view;
pub mod params_panel;
pub mod record_view;
pub mod result_strip;
pub mod setters_panel;
pub mod trace_list;

use egui::RichText;

use crate::app::command::Command;
use crate::app::state::State;
use crate::app::worker::Worker;

use analysis::{StandardAnalysis, StandardRequest, analyze_standard};
use edits::Edits;

/// The narrowest the left column gets beside the trace.
const MIN_LEFT: f32 = 460.0;
/// Below this width (points) the trace goes under the record, as the 2012
/// engine's columns do.
const STACK_BELOW: f32 = 1000.0;

/// What the URL Standard view keeps while the app runs.
pub struct StandardView {
    analysis: Option<StandardAnalysis>,
    worker: Worker<StandardRequest, StandardAnalysis>,
    /// The step whose details the trace shows.
    selected_step: Option<usize>,
    /// The input range the errors list or a step asks to mark.
    marked: Option<std::ops::Range<usize>>,
    edits: Edits,
}

impl Default for StandardView {
    fn default() -> Self {
        StandardView {
            analysis: None,
            worker: Worker::new(
                "url-inspector URL Standard worker",
                StandardRequest::size,
                analyze_standard,
            ),
            selected_step: None,
            marked: None,
            edits: Edits::default(),
        }
    }
}

impl StandardView {
    /// The result on screen (the newest finished computation).
    pub fn analysis(&self) -> Option<&StandardAnalysis> {
        self.analysis.as_ref()
    }

    /// Whether a big computation is still running.
    pub fn is_pending(&self) -> bool {
        self.worker.is_pending()
    }

    /// Takes a result the worker finished.
    pub fn poll(&mut self) {
        if let Some(a) = self.worker.poll() {
            self.set_analysis(a);
        }
    }

    /// Computes the state's inputs (small ones within this frame).
    pub fn refresh(&mut self, ctx: &egui::Context, state: &State) {
        let request = StandardRequest {
            input: state.input.clone(),
            base: state.base.clone(),
            encoding: state.encoding.clone(),
        };
        if let Some(a) = self.worker.submit(request, ctx) {
            self.set_analysis(a);
        }
    }

    fn set_analysis(&mut self, a: StandardAnalysis) {
        let same_steps = self.analysis.as_ref().is_some_and(|old| {
            old.trace
                .steps
                .iter()
                .map(|s| s.id)
                .eq(a.trace.steps.iter().map(|s| s.id))
        });
        if !same_steps {
            self.selected_step = None;
        }
        self.marked = None;
        self.edits = Edits::start(a.url().cloned());
        self.analysis = Some(a);
    }

    /// Draws the view: the record, the errors and the edits on the left,
    /// the trace on the right (under them when the window is narrow).
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        let Some(a) = self.analysis.as_ref() else {
            ui.spinner();
            return;
        };
        let full = ui.available_rect_before_wrap();
        if full.width() < STACK_BELOW {
            egui::ScrollArea::vertical()
                .id_salt("standard-stacked")
                .auto_shrink(false)
                .show(ui, |ui| {
                    left_column(ui, a, &mut self.edits, &mut self.marked, state, commands);
                    ui.separator();
                    trace_list::trace_ui(ui, a, &mut self.selected_step, state.escapes);
                });
            return;
        }
        let left_w = (state.split * full.width()).max(MIN_LEFT);
        let (left, right) = full.split_left_right_at_x(full.left() + left_w);
        ui.scope_builder(
            egui::UiBuilder::new().max_rect(left.shrink2([4.0, 0.0].into())),
            |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("standard-left")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        left_column(ui, a, &mut self.edits, &mut self.marked, state, commands);
                    });
            },
        );
        ui.scope_builder(
            egui::UiBuilder::new().max_rect(right.shrink2([6.0, 0.0].into())),
            |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("standard-trace")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        trace_list::trace_ui(ui, a, &mut self.selected_step, state.escapes);
                    });
            },
        );
    }
}

/// The input with the marked range, the record, the errors, the setters
/// and the query's parameters.
fn left_column(
    ui: &mut egui::Ui,
    a: &StandardAnalysis,
    edits: &mut Edits,
    marked: &mut Option<std::ops::Range<usize>>,
    state: &mut State,
    commands: &mut Vec<Command>,
) {
    errors_view::input_ui(ui, a, marked.clone(), state.escapes);
    ui.add_space(6.0);
    let Some(url) = a.url() else {
        if let Some((what, f)) = a.failure() {
            ui.label(
                RichText::new(format!("The {what} does not parse: {}", f.reason))
                    .color(ui.visuals().error_fg_color),
            );
        }
        errors_view::errors_ui(ui, a, marked);
        return;
    };
    record_view::record_ui(ui, url, state.escapes);
    ui.add_space(8.0);
    errors_view::errors_ui(ui, a, marked);
    ui.add_space(8.0);
    setters_panel::setters_ui(ui, edits, state, commands);
    ui.add_space(8.0);
    params_panel::params_ui(ui, edits);
}
