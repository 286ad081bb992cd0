//! The Compare view: one input under every resolver of
//! [`crate::resolvers`], side by side, with where and why they differ.
//!
//! Scaffolding: the view is being built (issue 9); for now it says so.

mod settings;

pub use settings::CompareSettings;

use super::command::Command;
use super::state::State;

/// What the Compare view keeps while the app runs (its persisted choices are
/// [`CompareSettings`], in the state).
#[derive(Default)]
pub struct CompareView {}

impl CompareView {
    /// Draws the view for the inputs in `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        let _ = (state, commands);
        ui.label("The Compare view is not built yet.");
    }
}
