//! The three text fields of the input panel, named once: their widget ids
//! (for focus), their visible labels and their help text. A leaf module, so
//! the state, the commands and the panels can all name a field.

#[cfg(feature = "gui")]
use egui::Id;

/// One of the input panel's text fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Input,
    Base,
    Encoding,
}

impl Field {
    /// The text field's widget id (for focus).
    #[cfg(feature = "gui")]
    pub fn id(self) -> Id {
        Id::unique(match self {
            Field::Input => "field-url",
            Field::Base => "field-base",
            Field::Encoding => "field-encoding",
        })
    }

    /// The visible (and accessible) label.
    pub const fn label(self) -> &'static str {
        match self {
            Field::Input => "URL",
            Field::Base => "Base URL",
            Field::Encoding => "Encoding",
        }
    }

    /// What the field is for, in the label's tooltip.
    pub const fn help(self) -> &'static str {
        match self {
            Field::Input => "The URL or relative reference to inspect",
            Field::Base => "The URL the input is resolved against; leave empty for none",
            Field::Encoding => "The encoding the query is percent-encoded in",
        }
    }
}
