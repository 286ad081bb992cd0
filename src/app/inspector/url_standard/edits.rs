//! The URL as the user edits it through the URL API (no egui here): a copy
//! of the parsed URL, each setter applied to it with its own trace, and the
//! query edited as `URLSearchParams`.
//!
//! The getters follow the URL Standard's API section (the URL class's
//! getters): what each attribute reads as, so a row of the setters panel
//! shows the value its setter would be given.

use crate::engine::Trace;
use crate::engine::url_standard::{SearchParams, Setter, SetterRefused, Url};

/// What the last edit did.
#[derive(Clone, Debug)]
pub struct LastEdit {
    /// The setter run and the value it was given.
    pub setter: Setter,
    pub value: String,
    /// The href before the setter ran.
    pub before: String,
    /// `Err` when the Standard refused the value (the URL is unchanged).
    pub result: Result<(), SetterRefused>,
    /// The setter's steps.
    pub trace: Trace,
}

/// The edited URL and the text in each setter's field.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    /// The parsed URL as edited; `None` when the input does not parse.
    pub url: Option<Url>,
    /// The parsed URL before any edit (what "Reset" goes back to).
    pub original: Option<Url>,
    /// The text of each setter's field, indexed like [`Setter::ALL`].
    pub fields: [String; 10],
    pub last: Option<LastEdit>,
    /// The step selected in the last setter's trace.
    pub selected_step: Option<usize>,
    /// The query's name/value list (`URLSearchParams` over the edited URL).
    pub params: SearchParams,
    /// The name and value fields of the parameter editor.
    pub param_name: String,
    pub param_value: String,
}

impl Edits {
    /// Edits of a freshly parsed URL.
    pub fn start(url: Option<Url>) -> Edits {
        let mut e = Edits {
            original: url.clone(),
            url,
            ..Edits::default()
        };
        e.refill();
        e
    }

    /// Whether the URL was changed by an edit.
    pub fn changed(&self) -> bool {
        self.url != self.original
    }

    /// Every field and the parameter list read anew from the URL.
    fn refill(&mut self) {
        if let Some(url) = &self.url {
            for (i, s) in Setter::ALL.into_iter().enumerate() {
                self.fields[i] = getter(url, s);
            }
            self.params = SearchParams::parse(url.query().unwrap_or(""));
        }
    }

    /// Runs `setter` with the text of its field.
    pub fn apply_field(&mut self, setter: Setter) {
        let value = self.fields[index(setter)].clone();
        self.apply(setter, &value);
    }

    /// Runs `setter` with `value` on the edited URL, traced. A refused
    /// value leaves the URL as it was and its field as typed, so the user
    /// sees what was refused beside the reason.
    pub fn apply(&mut self, setter: Setter, value: &str) {
        let Some(url) = &mut self.url else { return };
        let before = url.href().to_owned();
        let mut trace = Trace::default();
        let result = url.set(setter, value, &mut trace);
        let refused = result.is_err();
        self.selected_step = None;
        self.last = Some(LastEdit {
            setter,
            value: value.to_owned(),
            before,
            result,
            trace,
        });
        if refused {
            return;
        }
        self.refill();
    }

    /// Writes the parameter list back into the URL (URLSearchParams's
    /// update steps): its serialization becomes the query, through the
    /// `search` setter, whose trace then shows.
    pub fn update_from_params(&mut self) {
        let serialized = self.params.serialize();
        let params = self.params.clone();
        self.apply(Setter::Search, &serialized);
        // The list as edited stays (the search setter parses it back the
        // same; keeping it also keeps the user's order exactly).
        self.params = params;
    }

    /// Back to the URL as parsed.
    pub fn reset(&mut self) {
        *self = Edits::start(self.original.clone());
    }
}

/// The position of `setter` in [`Setter::ALL`].
pub fn index(setter: Setter) -> usize {
    Setter::ALL
        .iter()
        .position(|s| *s == setter)
        .unwrap_or_default()
}

/// What the attribute of `setter` reads as (URL Standard, API, the URL
/// class's getters).
pub fn getter(url: &Url, setter: Setter) -> String {
    match setter {
        Setter::Href => url.href().to_owned(),
        // The protocol getter: the scheme followed by ':'.
        Setter::Protocol => format!("{}:", url.scheme()),
        Setter::Username => url.username().to_owned(),
        Setter::Password => url.password().to_owned(),
        // The host getter: empty for a null host, the host serialized, then
        // ':' and the port when the port is not null.
        Setter::Host => match (url.host(), url.port()) {
            (None, _) => String::new(),
            (Some(h), None) => h.text.to_owned(),
            (Some(h), Some(p)) => format!("{}:{p}", h.text),
        },
        Setter::Hostname => url.host().map(|h| h.text.to_owned()).unwrap_or_default(),
        Setter::Port => url.port().map(|p| p.to_string()).unwrap_or_default(),
        Setter::Pathname => url.path().to_owned(),
        // The search and hash getters: empty when null or empty, else
        // prefixed with '?' or '#'.
        Setter::Search => match url.query() {
            None | Some("") => String::new(),
            Some(q) => format!("?{q}"),
        },
        Setter::Hash => match url.fragment() {
            None | Some("") => String::new(),
            Some(f) => format!("#{f}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::url_standard::parse;
    use crate::engine::{NoTrace, QueryEncoding};

    fn edits_of(input: &str) -> Edits {
        Edits::start(
            parse(input, None, QueryEncoding::UTF8, &mut NoTrace)
                .url
                .ok(),
        )
    }

    #[test]
    fn getters_read_as_the_api_does() {
        let e = edits_of("https://u:p@example.com:8080/a/b?q=1#f");
        let field = |s| e.fields[index(s)].as_str();
        assert_eq!(field(Setter::Protocol), "https:");
        assert_eq!(field(Setter::Host), "example.com:8080");
        assert_eq!(field(Setter::Hostname), "example.com");
        assert_eq!(field(Setter::Port), "8080");
        assert_eq!(field(Setter::Search), "?q=1");
        assert_eq!(field(Setter::Hash), "#f");
        let empty = edits_of("https://example.com/?#");
        assert_eq!(empty.fields[index(Setter::Search)], "");
        assert_eq!(empty.fields[index(Setter::Hash)], "");
    }

    #[test]
    fn a_refused_port_leaves_the_url_and_keeps_the_typed_value() {
        let mut e = edits_of("http://example.com/");
        e.fields[index(Setter::Port)] = "99999".to_owned();
        e.apply_field(Setter::Port);
        assert_eq!(e.url.as_ref().map(Url::href), Some("http://example.com/"));
        assert!(e.last.as_ref().is_some_and(|l| l.result.is_err()));
        assert_eq!(e.fields[index(Setter::Port)], "99999");
        assert!(!e.changed());
    }

    #[test]
    fn params_edits_become_the_query() {
        let mut e = edits_of("http://example.com/?b=2&a=1");
        e.params.append("c", "3 4");
        e.params.sort();
        e.update_from_params();
        let href = e.url.as_ref().map(Url::href);
        assert_eq!(href, Some("http://example.com/?a=1&b=2&c=3+4"));
        e.params.delete("a", None);
        e.params.delete("b", None);
        e.params.delete("c", None);
        e.update_from_params();
        // An empty list leaves no query at all (the search setter's "").
        assert_eq!(e.url.as_ref().map(Url::href), Some("http://example.com/"));
    }
}
