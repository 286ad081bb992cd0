//! The components of a URL, by name: what a trace step, a note or an answer
//! says it is about. Both engines and every resolver use these names.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The components of a parsed URL, in serialization order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Component {
    Scheme,
    User,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl Component {
    /// All components in serialization order.
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name as the suite and the JSON output write it.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
