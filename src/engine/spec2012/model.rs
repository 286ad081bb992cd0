//! The parsed-URL model ("Parsed URL" section); [`Mode`] and [`Component`]
//! are shared with the rest of the engine and re-exported here.
//!
//! Every component is an `Option<String>`: `None` is *absent*, `Some("")` is
//! *empty*, and the spec tells them apart everywhere (`http://a/?` has an empty
//! query, `http://a/` none). The two flags of the spec, *invalid* and
//! *hierarchical*, are plain booleans.

use std::ops::Range;

use serde::{Deserialize, Serialize};

pub use crate::engine::component::Component;
pub use crate::engine::mode::Mode;

/// A parsed URL: components that may each be absent, plus the two flags.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParsedUrl {
    pub scheme: Option<String>,
    pub user: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// Set when the URL has no scheme (a relative reference), cannot be
    /// resolved, or fails canonicalization.
    pub invalid: bool,
    /// Set when the URL was split into authority, path, query and fragment.
    pub hierarchical: bool,
    /// Where each component came from: its byte range in the preprocessed
    /// input, when it is a slice of it (not when it came from the base or
    /// was built by a step). Indexed like [`Component::ALL`].
    #[serde(skip)]
    pub spans: [Option<Range<usize>>; 8],
}

impl ParsedUrl {
    /// An invalid URL with no components.
    pub fn invalid() -> ParsedUrl {
        ParsedUrl {
            invalid: true,
            ..ParsedUrl::default()
        }
    }

    /// The component `c`, borrowed.
    pub fn get(&self, c: Component) -> Option<&str> {
        match c {
            Component::Scheme => self.scheme.as_deref(),
            Component::User => self.user.as_deref(),
            Component::Password => self.password.as_deref(),
            Component::Host => self.host.as_deref(),
            Component::Port => self.port.as_deref(),
            Component::Path => self.path.as_deref(),
            Component::Query => self.query.as_deref(),
            Component::Fragment => self.fragment.as_deref(),
        }
    }

    /// Where component `c` came from in the preprocessed input, if known.
    pub fn span(&self, c: Component) -> Option<Range<usize>> {
        self.spans[c as usize].clone()
    }

    /// The component `c`, for changing it.
    pub fn get_mut(&mut self, c: Component) -> &mut Option<String> {
        match c {
            Component::Scheme => &mut self.scheme,
            Component::User => &mut self.user,
            Component::Password => &mut self.password,
            Component::Host => &mut self.host,
            Component::Port => &mut self.port,
            Component::Path => &mut self.path,
            Component::Query => &mut self.query,
            Component::Fragment => &mut self.fragment,
        }
    }

    /// Whether the URL has an authority: any of user, password, host or port.
    pub fn has_authority(&self) -> bool {
        self.user.is_some() || self.password.is_some() || self.host.is_some() || self.port.is_some()
    }

    /// The authority as written, rebuilt from its parts: parsing splits it
    /// at the last `@`, the first `:` of the user-info and the last `:` of
    /// the rest, so joining the parts back gives the text exactly.
    /// Resolution reads it: a scheme-relative `file` reference takes the
    /// whole authority as its host.
    pub fn authority_text(&self) -> Option<String> {
        self.has_authority().then(|| {
            let mut out = String::new();
            self.push_authority(&mut out);
            out
        })
    }

    /// Appends `[user[:password]@]host[:port]` (what is present) to `out`.
    pub fn push_authority(&self, out: &mut String) {
        if self.user.is_some() || self.password.is_some() {
            out.push_str(self.user.as_deref().unwrap_or(""));
            if let Some(password) = &self.password {
                out.push(':');
                out.push_str(password);
            }
            out.push('@');
        }
        out.push_str(self.host.as_deref().unwrap_or(""));
        if let Some(port) = &self.port {
            out.push(':');
            out.push_str(port);
        }
    }

    /// Whether the scheme is `name`, ignoring ASCII case.
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(name))
    }

    /// The present components, moved out, in serialization order.
    pub fn into_components(self) -> Vec<(Component, String)> {
        let ParsedUrl {
            scheme,
            user,
            password,
            host,
            port,
            path,
            query,
            fragment,
            ..
        } = self;
        let values = [scheme, user, password, host, port, path, query, fragment];
        Component::ALL
            .into_iter()
            .zip(values)
            .filter_map(|(c, v)| v.map(|v| (c, v)))
            .collect()
    }

    /// The present components with their values, in serialization order.
    pub fn components(&self) -> impl Iterator<Item = (Component, &str)> {
        Component::ALL
            .into_iter()
            .filter_map(|c| self.get(c).map(|v| (c, v)))
    }
}
