//! The URL API's setters and URLSearchParams operations, applied in order
//! to a parsed URL: what `url-inspector set` and `batch`'s `"set"` run,
//! through one function, [`apply`].
//!
//! The URL is parsed as the `whatwg` resolver parses it (the engine's
//! basic URL parser, with the request's base and encoding); then each call
//! runs on it in the order given, through the engine's setters
//! ([`Url::set`]) and its [`SearchParams`]. A value the Standard refuses
//! leaves the URL as it was, and the answer gets a note naming the setter
//! and why; the calls after it still run, as a script's would.

use std::fmt;

use super::whatwg;
use super::{Answer, Note, Request, Resolver, with_tracer};
use crate::engine::code_table::code_table;
use crate::engine::trace::Tracer;
use crate::engine::url_standard::{self, SearchParams, SetterRefused, Url};

pub use crate::engine::url_standard::Setter;

code_table! {
    /// The notes of a setter run.
    pub enum Code;
    fn code, fn citation, fn text;

    Refused => "set.refused", "URL Standard, URL class (the setters), URLSearchParams",
        "a setter refused its value; the URL is left as it was";
}

/// One call on the URL: a setter with its value, or an operation on its
/// `searchParams`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetterCall {
    /// `url[setter] = value`.
    Set(Setter, String),
    /// `url.searchParams.append(name, value)`.
    AppendParam(String, String),
    /// `url.searchParams.set(name, value)`.
    SetParam(String, String),
    /// `url.searchParams.delete(name)`.
    DeleteParam(String),
    /// `url.searchParams.sort()`.
    SortParams,
}

impl fmt::Display for SetterCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetterCall::Set(setter, value) => write!(f, "{setter} = {value:?}"),
            SetterCall::AppendParam(k, v) => write!(f, "searchParams.append({k:?}, {v:?})"),
            SetterCall::SetParam(k, v) => write!(f, "searchParams.set({k:?}, {v:?})"),
            SetterCall::DeleteParam(k) => write!(f, "searchParams.delete({k:?})"),
            SetterCall::SortParams => f.write_str("searchParams.sort()"),
        }
    }
}

/// What one call did: the href after it, and the note when it was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The call.
    pub call: SetterCall,
    /// The href after it (the one before, when refused).
    pub href: String,
    /// Why the value was refused, when it was.
    pub refused: Option<Note>,
}

/// Parses the request's input against its base as `whatwg` does, then
/// applies `calls` in order; the answer's `canon` is the href after them.
/// An input that does not parse gives `whatwg`'s invalid answer. A traced
/// request gets the parse's steps and each setter's.
pub fn apply(request: &Request<'_>, calls: &[SetterCall]) -> Answer {
    apply_steps(request, calls).0
}

/// [`apply`], with what each call did.
pub fn apply_steps(request: &Request<'_>, calls: &[SetterCall]) -> (Answer, Vec<Step>) {
    let steps = std::cell::RefCell::new(Vec::with_capacity(calls.len()));
    let answer = with_tracer(
        request.trace,
        |t| run(request, calls, &mut steps.borrow_mut(), t),
        |t| run(request, calls, &mut steps.borrow_mut(), t),
    );
    (answer, steps.into_inner())
}

/// [`apply_steps`] on one tracer.
fn run<T: Tracer>(
    request: &Request<'_>,
    calls: &[SetterCall],
    steps: &mut Vec<Step>,
    tracer: &mut T,
) -> Answer {
    let base = match whatwg::parse_base(request.base(), request.encoding, tracer) {
        Ok(base) => base,
        Err(why) => return Answer::invalid(why),
    };
    let parsed = url_standard::parse(request.input, base.as_ref(), request.encoding, tracer);
    let Ok(mut url) = parsed.url else {
        return Resolver::Whatwg.resolve(&Request {
            trace: false,
            ..*request
        });
    };
    for call in calls {
        let refused = apply_one(&mut url, call, tracer).err().map(|why| {
            Note::new(
                Code::Refused,
                format!(
                    "{call} was refused: {}; the URL is left as it was",
                    why.trim_end_matches('.')
                ),
            )
        });
        steps.push(Step {
            call: call.clone(),
            href: url.href().to_owned(),
            refused,
        });
    }
    Answer {
        invalid: false,
        canon: Some(url.href().to_owned()),
        components: whatwg::components(&url),
        notes: steps.iter().filter_map(|s| s.refused.clone()).collect(),
        ..Answer::default()
    }
}

/// Runs one call on `url`; `Err` says why the value was refused (the URL
/// is then unchanged: the engine's setters leave it so).
fn apply_one<T: Tracer>(url: &mut Url, call: &SetterCall, tracer: &mut T) -> Result<(), String> {
    let result = match call {
        SetterCall::Set(setter, value) => url.set(*setter, value, tracer),
        SetterCall::AppendParam(name, value) => {
            edit_params(url, tracer, |params| params.append(name, value))
        }
        SetterCall::SetParam(name, value) => {
            edit_params(url, tracer, |params| params.set(name, value))
        }
        SetterCall::DeleteParam(name) => {
            edit_params(url, tracer, |params| params.delete(name, None))
        }
        SetterCall::SortParams => edit_params(url, tracer, SearchParams::sort),
    };
    result.map_err(|refused| refused.reason)
}

/// URLSearchParams: the query's name-value pairs, changed by `edit`, then
/// written back by the URLSearchParams update steps. Interpretation: the
/// update steps set the query to the serialization (null when empty); the
/// `search` setter with that serialization does the same, since the
/// serializer's output holds nothing the query percent-encode sets encode,
/// and it records the change as a step of the trace.
fn edit_params<T: Tracer>(
    url: &mut Url,
    tracer: &mut T,
    edit: impl FnOnce(&mut SearchParams),
) -> Result<(), SetterRefused> {
    let mut params = SearchParams::parse(url.query().unwrap_or(""));
    edit(&mut params);
    url.set(Setter::Search, &params.serialize(), tracer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn href_after(input: &str, calls: &[SetterCall]) -> Option<String> {
        apply(&Request::new(input), calls).canon
    }

    fn set_call(setter: Setter, value: &str) -> SetterCall {
        SetterCall::Set(setter, value.to_owned())
    }

    #[test]
    fn names_round_trip() {
        for s in Setter::ALL {
            assert_eq!(Setter::from_name(s.name()), Some(s));
        }
        assert_eq!(Setter::from_name("origin"), None);
    }

    #[test]
    fn calls_apply_in_order() {
        let host_then_port = [
            set_call(Setter::Host, "a.example:81"),
            set_call(Setter::Port, "82"),
        ];
        let port_then_host = [
            set_call(Setter::Port, "82"),
            set_call(Setter::Host, "a.example:81"),
        ];
        assert_eq!(
            href_after("http://h/", &host_then_port).as_deref(),
            Some("http://a.example:82/")
        );
        assert_eq!(
            href_after("http://h/", &port_then_host).as_deref(),
            Some("http://a.example:81/")
        );
    }

    #[test]
    fn a_refused_value_leaves_the_url_and_says_why() {
        let a = apply(
            &Request::new("http://h/p"),
            &[set_call(Setter::Port, "99999")],
        );
        assert_eq!(a.canon.as_deref(), Some("http://h/p"));
        assert_eq!(a.notes.len(), 1);
        assert_eq!(a.notes[0].code.as_str(), "set.refused");
        assert!(
            a.notes[0]
                .message
                .starts_with("port = \"99999\" was refused"),
            "{}",
            a.notes[0].message
        );
        let a = apply(
            &Request::new("mailto:x"),
            &[set_call(Setter::Hostname, "h")],
        );
        assert!(a.notes[0].message.contains("opaque path"), "{:?}", a.notes);
    }

    #[test]
    fn search_params_follow_url_search_params() {
        let calls = [
            SetterCall::AppendParam("b".into(), "1 2".into()),
            SetterCall::SetParam("a".into(), "x".into()),
            SetterCall::SortParams,
        ];
        assert_eq!(
            href_after("http://h/?a=1&b=0&a=2", &calls).as_deref(),
            Some("http://h/?a=x&b=0&b=1+2")
        );
        let delete = [SetterCall::DeleteParam("a".into())];
        assert_eq!(
            href_after("http://h/?a=1#f", &delete).as_deref(),
            Some("http://h/#f")
        );
    }

    #[test]
    fn an_input_that_does_not_parse_gives_whatwg_s_answer() {
        let a = apply(&Request::new("nope"), &[set_call(Setter::Hash, "x")]);
        assert!(a.invalid);
        assert_eq!(a, Resolver::Whatwg.resolve(&Request::new("nope")));
    }
}
