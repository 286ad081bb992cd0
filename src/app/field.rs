//! The three text fields of the input panel, named once: their visible
//! labels and their help text (their widget ids are the input panel's). A
//! leaf module with no egui type, so the state, the commands and the panels
//! can all name a field.

/// One of the input panel's text fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Input,
    Base,
    Encoding,
}

impl Field {
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
