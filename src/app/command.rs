//! What the panels ask the app to do. Panels draw from the analysis and the
//! state and push [`Command`]s; the app applies them after the frame (as
//! egui's demo app does). A leaf module: it names fields, history entries and
//! trace folds, but no panel and not the app, so no module cycle forms.

use crate::engine::{Component, Mode};

use super::field::Field;
use super::state::{FoldKey, HistoryEntry, ThemeChoice, View};

/// What the panels ask for; applied after the frame's drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Put `text` on the clipboard; `what` names it in the status message.
    Copy {
        what: String,
        text: String,
    },
    SetMode(Mode),
    SelectStep(Option<usize>),
    /// Move the step selection by this many visible steps.
    MoveSelection(isize),
    /// Select the first (`false`) or last (`true`) visible step.
    SelectEnd {
        last: bool,
    },
    /// Start or stop walking through the trace a step at a time.
    TogglePlay,
    SelectComponent(Option<Component>),
    /// Show only the steps of the selected component, or every step again.
    ToggleOnlyComponent,
    /// Mark a note's characters in the input (an index into the notes).
    SelectNote(Option<usize>),
    /// Fold or unfold one stage group of the trace.
    ToggleFold(FoldKey),
    Restore(HistoryEntry),
    ClearHistory,
    Remember,
    SetTheme(ThemeChoice),
    /// Insert text into a field at its cursor (special characters, big pastes).
    Insert {
        field: Field,
        text: String,
    },
    Clear(Field),
    /// Focus a field and select its text.
    Focus(Field),
    /// Open the full-text window for a value too long to show in place.
    ShowAll {
        title: String,
        text: String,
    },
    /// Set the share of the width the left column takes (the trace gets the rest).
    SetSplit(f32),
    /// Set the share of the trace panel's height its list of steps takes
    /// (the selected step's detail gets the rest).
    SetTraceSplit(f32),
    /// Set how many seconds the step player stays on each step.
    SetPlayInterval(f64),
    /// Show the URL Standard in the Inspector (the mode toggle's fifth choice).
    ShowUrlStandard,
    ToggleEscapes,
    ToggleChangedOnly,
    ToggleHex,
    CopyCanonical,
    /// Copy the command line that reproduces the view (`canon …` or `compare …`).
    CopyAsCommand,
    /// Copy the trace as Markdown, with that command line on top.
    CopyReport,
    /// Close the window (eframe saves the state first).
    Quit,
    /// Show another view (the inspector, Compare, Batch).
    SetView(View),
    /// Open the inspector in `mode` with step `step` of its trace selected
    /// (an index into the trace of the current inputs in that mode).
    OpenStep {
        mode: Mode,
        step: usize,
    },
    /// Put a message in the status bar (`error` shows it as a problem).
    Report {
        text: String,
        error: bool,
    },
}
