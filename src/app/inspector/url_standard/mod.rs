//! The Inspector's URL Standard view: the input parsed by the URL
//! Standard's basic URL parser, the URL record, and the record edited
//! through the URL API's setters and `URLSearchParams`. Its trace, state by
//! state, is the Inspector's one trace panel, which reads the analysis
//! here as it reads the 2012 engine's.
//!
//! Edits never change the input field behind the user's back: they apply
//! to a copy of the parsed URL (the *edited URL*), shown with each setter's
//! trace; "Apply to input" puts the edited href into the URL field, which
//! the user can then undo like any edit. A new input starts the edits over.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`StandardView`]: the analysis, the edits, the left column |
//! | [`analysis`] | the computation (on the worker for big inputs), and the trace as the Inspector's trace panel reads it |
//! | [`record_view`] | the URL record: components, host kind, path segments, origin; the site and how it stands to the base |
//! | [`errors_view`] | the validation errors, their input ranges marked |
//! | [`trace_list`] | a setter's own steps, each with its details |
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

/// What the URL Standard view keeps while the app runs.
pub struct StandardView {
    analysis: Option<StandardAnalysis>,
    worker: Worker<StandardRequest, StandardAnalysis>,
    /// The input range the errors list asks to mark.
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

    /// Takes a result the worker finished; whether there was one.
    pub fn poll(&mut self) -> bool {
        let done = self.worker.poll();
        let arrived = done.is_some();
        if let Some(a) = done {
            self.set_analysis(a);
        }
        arrived
    }

    /// Computes the state's inputs (small ones within this frame); whether
    /// the result is here already.
    pub fn refresh(&mut self, ctx: &egui::Context, state: &State) -> bool {
        let request = StandardRequest {
            input: state.input.clone(),
            base: state.base.clone(),
            encoding: state.encoding.clone(),
            browser: state.browser.browser(),
        };
        let done = self.worker.submit(request, ctx);
        let arrived = done.is_some();
        if let Some(a) = done {
            self.set_analysis(a);
        }
        arrived
    }

    fn set_analysis(&mut self, a: StandardAnalysis) {
        self.marked = None;
        self.edits = Edits::start(a.url().cloned());
        self.analysis = Some(a);
    }

    /// The left column: the input as read (the errors' range marked, or
    /// the selected step's `pointer`), the record, the errors and the edits.
    pub fn left_ui(
        &mut self,
        ui: &mut egui::Ui,
        state: &mut State,
        pointer: Option<u32>,
        commands: &mut Vec<Command>,
    ) {
        let Some(a) = self.analysis.as_ref() else {
            ui.spinner();
            return;
        };
        // After a browser's rewrite the trace's pointers index another
        // text than the input shown here.
        let rewritten = a.browser.as_ref().is_some_and(|b| b.read.is_some());
        let mark = pointer
            .filter(|_| !rewritten)
            .map(|p| {
                let p = p as usize;
                let len = a
                    .read
                    .get(p..)
                    .and_then(|r| r.chars().next())
                    .map_or(0, char::len_utf8);
                p..p + len
            })
            .or_else(|| self.marked.clone());
        left_column(
            ui,
            a,
            &mut self.edits,
            &mut self.marked,
            mark,
            state,
            commands,
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
    mark: Option<std::ops::Range<usize>>,
    state: &mut State,
    commands: &mut Vec<Command>,
) {
    errors_view::input_ui(ui, a, mark, state.escapes);
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
    let base = a.base.as_ref().and_then(|b| b.as_ref().ok());
    record_view::record_ui(ui, url, base, state.escapes);
    ui.add_space(8.0);
    errors_view::errors_ui(ui, a, marked);
    ui.add_space(8.0);
    setters_panel::setters_ui(ui, edits, state, commands);
    ui.add_space(8.0);
    params_panel::params_ui(ui, edits);
}
