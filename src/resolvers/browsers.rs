//! Today's browsers as resolvers: `chromium`, `firefox` and `webkit`, the
//! models of [`crate::engine::browsers`] (the URL Standard engine with each
//! browser's departures), at the version measured.
//!
//! The answer has the shape every resolver's has:
//!
//! - `canon` is the browser's `href`; the components are what its getters
//!   return, the host being `hostname` (present, perhaps empty, where the
//!   href has an authority), the query and fragment present where the
//!   href has `?` or `#`;
//! - each departure the browser made is a note, under its step id
//!   (`chromium.pipe-in-path`), in the order made;
//! - a refusal's first note is why: the departure that refused, or the
//!   Standard's own failure where the browser refuses as the Standard
//!   does, or the base, when it is the base the browser refuses;
//! - a traced request keeps the trace: the Standard's steps with the
//!   departures at the steps where the browser leaves it.
//!
//! `new URL` reads every URL as UTF-8, so the request's encoding is not
//! used (a browser does use a page's encoding for the query of a link
//! resolved in that page; `new URL` does not).

use super::{Answer, Note, Request, Resolve, with_tracer};
use crate::engine::Component;
use crate::engine::browsers::{self, Browser, Getters, Modelled, Parts};
use crate::engine::trace::Tracer;

/// A browser's model, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model(pub Browser);

impl Resolve for Model {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let (browser, input, base) = (self.0, request.input, request.base());
        with_tracer(
            request.trace,
            |t| answer(browser, input, base, t),
            |t| answer(browser, input, base, t),
        )
    }
}

fn answer<T: Tracer>(browser: Browser, input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let modelled = browsers::parse(browser, input, base, tracer);
    answer_of(browser, &modelled)
}

/// A model's call as an [`Answer`].
pub fn answer_of(browser: Browser, modelled: &Modelled) -> Answer {
    let departures = modelled
        .departures
        .iter()
        .filter(|&&id| Some(id) != modelled.refused_by)
        .map(|&id| Note::of(id));
    match &modelled.answer {
        Some(getters) => Answer {
            invalid: false,
            canon: Some(getters.href.clone()),
            components: components(getters),
            notes: departures.collect(),
            ..Answer::default()
        },
        None => {
            let mut answer = Answer::invalid(why_refused(browser, modelled));
            answer.notes.extend(departures);
            answer
        }
    }
}

/// The first note of a refusal.
fn why_refused(browser: Browser, modelled: &Modelled) -> Note {
    let whose = if modelled.base_refused {
        "the base URL"
    } else {
        "this URL"
    };
    if let Some(id) = modelled.refused_by {
        return Note::new(
            id,
            format!("{} refuses {whose}: {}", browser.label(), id.explanation()),
        );
    }
    match &modelled.failure {
        Some(f) => {
            let words = match f.error {
                Some(e) => format!("{}: {}", e.name(), f.reason),
                None => f.reason.to_owned(),
            };
            let note = match f.error {
                Some(e) => Note::new(
                    e,
                    format!(
                        "{} refuses {whose}, as the URL Standard does: {words}",
                        browser.label()
                    ),
                ),
                None => Note::new(
                    super::whatwg::Code::Failure,
                    format!(
                        "{} refuses {whose}, as the URL Standard does: {words}",
                        browser.label()
                    ),
                ),
            };
            if modelled.base_refused {
                note
            } else {
                note.at(f.range.clone())
            }
        }
        None => Note::new(
            super::whatwg::Code::Failure,
            format!("{} refuses {whose}", browser.label()),
        ),
    }
}

/// The components, as the browser's getters give them.
pub fn components(g: &Getters) -> Vec<(Component, String)> {
    let parts = Parts::of(&g.href);
    let non_empty = |v: &str| Some(v.to_owned()).filter(|v| !v.is_empty());
    [
        (Component::Scheme, Some(g.scheme().to_owned())),
        (Component::User, non_empty(&g.username)),
        (Component::Password, non_empty(&g.password)),
        (
            Component::Host,
            parts.authority.as_ref().map(|_| g.hostname.clone()),
        ),
        (Component::Port, non_empty(&g.port)),
        (Component::Path, Some(g.pathname.clone())),
        (Component::Query, parts.query.clone()),
        (Component::Fragment, parts.fragment.clone()),
    ]
    .into_iter()
    .filter_map(|(c, v)| v.map(|v| (c, v)))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepId;

    fn resolve(browser: Browser, input: &str, base: Option<&str>) -> Answer {
        Model(browser).resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn the_pipe_in_a_file_path_is_chromium_s_alone() {
        let c = resolve(Browser::Chromium, "file:///w|m", None);
        assert_eq!(c.canon.as_deref(), Some("file:///w%7Cm"));
        assert_eq!(c.notes[0].code, StepId::ChromiumPipeInPath.into());
        for b in [Browser::Firefox, Browser::WebKit] {
            let a = resolve(b, "file:///w|m", None);
            assert_eq!(a.canon.as_deref(), Some("file:///w|m"), "{b:?}");
            assert!(a.notes.is_empty(), "{b:?}: {:?}", a.notes);
        }
    }

    #[test]
    fn a_refusal_names_the_departure_that_refused() {
        for b in [Browser::Firefox, Browser::WebKit] {
            let a = resolve(b, "http://a.b.c.xn--pokxncvks", None);
            assert!(a.invalid, "{b:?}");
            let why = a.why_invalid().expect("a reason");
            assert!(
                why.code.as_str().ends_with("invalid-xn-label-refused"),
                "{why:?}"
            );
            assert!(why.message.starts_with(b.label()), "{why:?}");
        }
        let c = resolve(Browser::Chromium, "http://a.b.c.xn--pokxncvks", None);
        assert_eq!(c.canon.as_deref(), Some("http://a.b.c.xn--pokxncvks/"));
    }

    #[test]
    fn a_refusal_the_standard_shares_names_the_standard_s_error() {
        let a = resolve(Browser::Chromium, "http://a:99999/", None);
        let why = a.why_invalid().expect("a reason");
        assert_eq!(why.code.as_str(), "port-out-of-range");
        assert!(why.message.contains("as the URL Standard does"), "{why:?}");
    }

    #[test]
    fn a_refused_base_is_said_to_be_the_base() {
        let a = resolve(Browser::WebKit, "x", Some("http://xn--a/"));
        let why = a.why_invalid().expect("a reason");
        assert!(why.message.contains("the base URL"), "{why:?}");
    }

    #[test]
    fn components_follow_the_getters() {
        let a = resolve(Browser::Firefox, "about:/../?q#", None);
        assert_eq!(a.canon.as_deref(), Some("about:/../?q#"));
        assert_eq!(a.get(Component::Path), Some("/../"));
        assert_eq!(a.get(Component::Query), Some("q"));
        assert_eq!(a.get(Component::Fragment), Some(""));
        assert_eq!(a.get(Component::Host), None);
        let f = resolve(Browser::Chromium, "file:///x", None);
        assert_eq!(f.get(Component::Host), Some(""));
    }

    #[test]
    fn a_traced_answer_holds_the_departure_step() {
        let a = Model(Browser::Chromium).resolve(&Request::new("file:///w|m").traced());
        let trace = a.trace.expect("a trace");
        assert!(
            trace
                .steps
                .iter()
                .any(|s| s.id == StepId::ChromiumPipeInPath)
        );
    }
}
