//! The URL API's setters and URLSearchParams operations, applied in order
//! to a parsed URL: what `url-inspector set` and `batch`'s `"set"` run,
//! through one function, [`apply`].
//!
//! The URL is parsed as the `whatwg` resolver parses it (the basic URL
//! parser, with the request's base and encoding); then each call runs on
//! it in the order given. A value the Standard refuses leaves the URL as it
//! was, and the answer gets a note naming the setter and why; the calls
//! after it still run, as a script's would.
//!
//! The implementation is, for now, the `url` crate's: `url::quirks::set_*`
//! (the crate's URL API setters) and `form_urlencoded` (the
//! application/x-www-form-urlencoded parser and serializer that comes with
//! it). Where the crate is known to get a setter wrong, the cases are named
//! in [`divergences`](super::rust_url::divergences).

use std::fmt;

use url::{Url, form_urlencoded, quirks};

use super::rust_url::{self, CrateRun};
use super::{Answer, Note, Request, Resolver};
use crate::engine::code_table::code_table;

code_table! {
    /// The notes of a setter run.
    pub enum Code;
    fn code, fn citation, fn text;

    Refused => "set.refused", "URL Standard, URL class (the setters), URLSearchParams",
        "a setter refused its value; the URL is left as it was";
}

/// The URL API's ten setters (URL Standard, the URL class).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setter {
    /// `href`: parses the value as a whole new URL.
    Href,
    /// `protocol`: the scheme.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: host and port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`: the path.
    Pathname,
    /// `search`: the query.
    Search,
    /// `hash`: the fragment.
    Hash,
}

impl Setter {
    /// All ten, in the order the URL class lists them.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The attribute's name in the URL API (`hostname`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }

    /// The setter of that attribute name (exactly as the URL API spells it).
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Setter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
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
/// An input that does not parse gives `whatwg`'s invalid answer.
pub fn apply(request: &Request<'_>, calls: &[SetterCall]) -> Answer {
    apply_steps(request, calls).0
}

/// [`apply`], with what each call did.
pub fn apply_steps(request: &Request<'_>, calls: &[SetterCall]) -> (Answer, Vec<Step>) {
    let parsed = rust_url::run(request.input, request.base(), request.encoding);
    let Ok(CrateRun {
        parsed: Ok(mut url),
        ..
    }) = parsed
    else {
        return (Resolver::Whatwg.resolve(request), Vec::new());
    };
    let mut steps = Vec::with_capacity(calls.len());
    for call in calls {
        let refused = apply_one(&mut url, call).err().map(|why| {
            Note::new(
                Code::Refused,
                format!("{call} was refused: {why}; the URL is left as it was"),
            )
        });
        steps.push(Step {
            call: call.clone(),
            href: url.as_str().to_owned(),
            refused,
        });
    }
    let answer = Answer {
        invalid: false,
        canon: Some(url.as_str().to_owned()),
        components: rust_url::components(&url),
        notes: steps.iter().filter_map(|s| s.refused.clone()).collect(),
        ..Answer::default()
    };
    (answer, steps)
}

/// Runs one call on `url`; `Err` says why the value was refused (the URL
/// is then unchanged).
fn apply_one(url: &mut Url, call: &SetterCall) -> Result<(), String> {
    let before = url.clone();
    let result = match call {
        SetterCall::Set(setter, value) => set(url, *setter, value),
        SetterCall::AppendParam(name, value) => {
            edit_params(url, |pairs| pairs.push((name.clone(), value.clone())))
        }
        SetterCall::SetParam(name, value) => {
            edit_params(url, |pairs| set_param(pairs, name, value))
        }
        SetterCall::DeleteParam(name) => edit_params(url, |pairs| pairs.retain(|(k, _)| k != name)),
        SetterCall::SortParams => edit_params(url, |pairs| sort_params(pairs)),
    };
    if result.is_err() {
        *url = before;
    }
    result
}

/// One setter through the crate's `quirks` functions, with why a refused
/// value is refused in the Standard's terms.
fn set(url: &mut Url, setter: Setter, value: &str) -> Result<(), String> {
    let opaque = url.cannot_be_a_base();
    let no_credentials = || {
        "the URL cannot have a user name, password or port (it has no host, an empty host, or is a file URL)"
            .to_owned()
    };
    match setter {
        // URL Standard, href setter: a value that does not parse throws.
        Setter::Href => quirks::set_href(url, value)
            .map_err(|e| format!("it is not a URL ({})", rust_url::error_note(e).message)),
        Setter::Protocol => quirks::set_protocol(url, value).map_err(|()| {
            "the scheme is not valid, or would switch between a special and a non-special scheme, or to file with credentials or a port, or from file with an empty host".to_owned()
        }),
        Setter::Username => quirks::set_username(url, value).map_err(|()| no_credentials()),
        Setter::Password => quirks::set_password(url, value).map_err(|()| no_credentials()),
        Setter::Host | Setter::Hostname if opaque => {
            Err("the URL has an opaque path, so it cannot have a host".to_owned())
        }
        Setter::Host => quirks::set_host(url, value)
            .map_err(|()| "the value is not a valid host (and port) for this URL".to_owned()),
        Setter::Hostname => quirks::set_hostname(url, value)
            .map_err(|()| "the value is not a valid host for this URL".to_owned()),
        Setter::Port => quirks::set_port(url, value).map_err(|()| {
            if url.has_host() && url.scheme() != "file" && url.host_str() != Some("") {
                "the value does not start with a port number from 0 to 65535".to_owned()
            } else {
                no_credentials()
            }
        }),
        Setter::Pathname if opaque => Err("the URL has an opaque path, which the pathname setter leaves alone".to_owned()),
        Setter::Pathname => {
            quirks::set_pathname(url, value);
            Ok(())
        }
        Setter::Search => {
            quirks::set_search(url, value);
            Ok(())
        }
        Setter::Hash => {
            quirks::set_hash(url, value);
            Ok(())
        }
    }
}

/// URLSearchParams: the query's name-value pairs (parsed as
/// application/x-www-form-urlencoded), changed by `edit`, then written back
/// by the URLSearchParams update steps: serialized, and an empty
/// serialization makes the query null.
fn edit_params(url: &mut Url, edit: impl FnOnce(&mut Vec<(String, String)>)) -> Result<(), String> {
    let mut pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    edit(&mut pairs);
    let serialized = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(&pairs)
        .finish();
    url.set_query((!serialized.is_empty()).then_some(serialized.as_str()));
    Ok(())
}

/// URLSearchParams `set(name, value)`: the first pair named `name` gets
/// `value` and the others of that name go; with none, the pair is appended.
fn set_param(pairs: &mut Vec<(String, String)>, name: &str, value: &str) {
    match pairs.iter().position(|(k, _)| k == name) {
        Some(first) => {
            pairs[first].1 = value.to_owned();
            let mut index = 0;
            pairs.retain(|(k, _)| {
                let keep = index <= first || k != name;
                index += 1;
                keep
            });
        }
        None => pairs.push((name.to_owned(), value.to_owned())),
    }
}

/// URLSearchParams `sort()`: a stable sort by name, compared as UTF-16
/// code units (as the Standard compares them, not as code points).
fn sort_params(pairs: &mut [(String, String)]) {
    pairs.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
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
