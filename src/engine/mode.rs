//! The 2012 spec's modes: its own steps or one of the browsers its markers
//! describe. Shared because a trace step names the mode it was taken in.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which steps of the spec's host algorithms apply: the spec's own choice
/// (THIS) or the emulation of a browser of 2011 (the "browser markers").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The spec's own steps (marker THIS). The default.
    #[default]
    This,
    /// Chrome's behaviour (marker CHROME).
    Chrome,
    /// Gecko's (Firefox's) behaviour (marker GECKO).
    Gecko,
    /// Internet Explorer's behaviour (marker IE).
    Ie,
}

impl Mode {
    /// All four modes, THIS first.
    pub const ALL: [Mode; 4] = [Mode::This, Mode::Chrome, Mode::Gecko, Mode::Ie];

    /// The lowercase name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::This => "this",
            Mode::Chrome => "chrome",
            Mode::Gecko => "gecko",
            Mode::Ie => "ie",
        }
    }

    /// The marker as the spec writes it.
    pub const fn marker(self) -> &'static str {
        match self {
            Mode::This => "THIS",
            Mode::Chrome => "CHROME",
            Mode::Gecko => "GECKO",
            Mode::Ie => "IE",
        }
    }

    /// Parses a mode name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.marker())
    }
}
