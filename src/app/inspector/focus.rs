//! What the trace shows besides the analysis and the saved settings: the
//! selected step, the marked component, whether the player plays. A leaf of
//! the inspector, so the trace and its step player both read it.

use crate::engine::Component;

/// What the panel shows besides the analysis and the saved settings: the
/// selected step, the component whose steps are marked, and the player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceFocus {
    pub selected: Option<usize>,
    /// The component selected in the components table or the legend.
    pub component: Option<Component>,
    /// Show only that component's steps.
    pub only_component: bool,
    /// The player is walking through the steps.
    pub playing: bool,
}

impl TraceFocus {
    /// The component the list is narrowed to, if it is.
    pub fn narrowed_to(&self) -> Option<Component> {
        self.component.filter(|_| self.only_component)
    }
}
