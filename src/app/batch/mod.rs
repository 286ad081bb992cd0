//! The Batch view: many URLs at once, as a table of every chosen resolver's
//! answer per line.
//!
//! Scaffolding: the view is being built (issue 11); for now it says so.

mod settings;

pub use settings::BatchSettings;

use super::command::Command;
use super::state::State;

/// What the Batch view keeps while the app runs (its persisted choices are
/// [`BatchSettings`], in the state).
#[derive(Default)]
pub struct BatchView {}

impl BatchView {
    /// Draws the view (it has its own input; the state holds its settings).
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        let _ = (state, commands);
        ui.label("The Batch view is not built yet.");
    }
}
