//! The persisted state: what the window remembers across restarts (the last
//! inputs, the mode, the view settings, the recent inputs). Everything the
//! app only needs while it runs lives in [`super::app::InspectorApp`].
//!
//! Every field has a default (`#[serde(default)]`), so a state saved by an
//! older version, or a damaged one, still loads.

use serde::{Deserialize, Serialize};

use crate::engine::Mode;

use super::Launch;

/// Inputs longer than this are not written to disk: a 10 MB paste should not
/// make every start slow. The other settings are kept.
pub const MAX_PERSISTED_INPUT: usize = 64 * 1024;

/// How many recent inputs the history keeps.
pub const HISTORY_LEN: usize = 20;

/// The colour scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the desktop's setting.
    #[default]
    System,
    Dark,
    Light,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Dark, ThemeChoice::Light];

    pub const fn name(self) -> &'static str {
        match self {
            ThemeChoice::System => "System",
            ThemeChoice::Dark => "Dark",
            ThemeChoice::Light => "Light",
        }
    }

    pub fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
            ThemeChoice::Light => egui::ThemePreference::Light,
        }
    }
}

/// One remembered set of inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HistoryEntry {
    pub input: String,
    pub base: String,
    pub encoding: String,
    pub mode: Mode,
}

/// What is saved between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    /// The URL (or relative reference) being inspected.
    pub input: String,
    /// The base URL; empty means none.
    pub base: String,
    /// The query encoding label, as typed.
    pub encoding: String,
    pub mode: Mode,
    pub theme: ThemeChoice,
    /// Show invisible and control characters as `\u{…}` (in the fields too).
    pub escapes: bool,
    /// Show only the trace steps that changed something.
    pub changed_only: bool,
    /// Show the bytes of each component in hex.
    pub hex: bool,
    /// Stages folded away in the trace, by title.
    pub folded_stages: Vec<String>,
    /// Most recent first.
    pub history: Vec<HistoryEntry>,
}

impl Default for State {
    fn default() -> Self {
        State {
            input: "HTTP://User@Example.COM:80/a/./b/../c%7e?q=1&r=%41#Frag".to_owned(),
            base: String::new(),
            encoding: "utf-8".to_owned(),
            mode: Mode::This,
            theme: ThemeChoice::System,
            escapes: false,
            changed_only: false,
            hex: false,
            folded_stages: Vec::new(),
            history: Vec::new(),
        }
    }
}

impl State {
    /// The state to start with: the saved one (or the default), with what the
    /// command line gave taking precedence.
    pub fn with_launch(mut self, launch: &Launch) -> State {
        if let Some(input) = &launch.input {
            self.input.clone_from(input);
            // A URL given on the command line is a fresh question: an old base
            // would silently change its meaning.
            self.base.clear();
        }
        if let Some(base) = &launch.base {
            self.base.clone_from(base);
        }
        if let Some(encoding) = &launch.encoding {
            self.encoding.clone_from(encoding);
        }
        if let Some(mode) = launch.mode {
            self.mode = mode;
        }
        self
    }

    /// The state as it should be written to disk (huge inputs left out).
    pub fn for_saving(&self) -> State {
        let mut s = self.clone();
        if s.input.len() > MAX_PERSISTED_INPUT {
            s.input.clear();
        }
        if s.base.len() > MAX_PERSISTED_INPUT {
            s.base.clear();
        }
        s
    }

    /// The current inputs as a history entry.
    pub fn entry(&self) -> HistoryEntry {
        HistoryEntry {
            input: self.input.clone(),
            base: self.base.clone(),
            encoding: self.encoding.clone(),
            mode: self.mode,
        }
    }

    /// Puts the current inputs at the top of the history (once; small ones
    /// only: the history is for URLs, not for pasted documents).
    pub fn remember(&mut self) {
        if self.input.trim().is_empty() || self.input.len() > 4096 || self.base.len() > 4096 {
            return;
        }
        let entry = self.entry();
        self.history
            .retain(|e| !(e.input == entry.input && e.base == entry.base));
        self.history.insert(0, entry);
        self.history.truncate(HISTORY_LEN);
    }

    /// Takes the inputs of a history entry.
    pub fn restore(&mut self, entry: &HistoryEntry) {
        self.input.clone_from(&entry.input);
        self.base.clone_from(&entry.base);
        self.encoding.clone_from(&entry.encoding);
        self.mode = entry.mode;
    }

    /// Reads a state written by [`State::to_json`]; `None` if it is not one.
    pub fn from_json(json: &str) -> Option<State> {
        serde_json::from_str(json).ok()
    }

    /// The state as JSON (what the tests round-trip; eframe stores it as RON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.for_saving()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_take_defaults() {
        let s = State::from_json(r#"{"input":"http://a/"}"#).unwrap_or_default();
        assert_eq!(s.input, "http://a/");
        assert_eq!(s.encoding, "utf-8");
    }

    #[test]
    fn history_dedups_and_caps() {
        let mut s = State::default();
        for i in 0..30 {
            s.input = format!("http://h{}/", i % 25);
            s.remember();
        }
        assert_eq!(s.history.len(), HISTORY_LEN);
        assert_eq!(s.history[0].input, "http://h4/");
    }

    #[test]
    fn huge_inputs_are_not_saved() {
        let s = State {
            input: "a".repeat(MAX_PERSISTED_INPUT + 1),
            ..State::default()
        };
        assert!(s.for_saving().input.is_empty());
    }
}
