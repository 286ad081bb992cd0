//! Go's `net/url` as a resolver: the model of [`crate::engine::servers::go`]
//! (Go 1.27.3), held to the real library's answers on the requests of
//! `tests/data/servers/`.
//!
//! The request is the project's definition: `b, err := url.Parse(base)`,
//! then `u, err := b.Parse(input)`; without a base (an empty base counts as
//! none, as for every resolver), `url.Parse(input)`. A traced request
//! records every decision of the code (stage
//! [`Go`](crate::engine::Stage::Go)), the base's steps marked as the base's.
//! The request's encoding is not used (Go reads bytes and never re-encodes
//! a query), nor its last stage (Go has one).
//!
//! The answer:
//!
//! - `canon` is `u.String()`;
//! - a refusal's first note, under `go.error`, is `err.Error()` exactly as
//!   Go writes it (`parse "http://a b/": invalid character " " in host
//!   name`); when it was the base that failed, a `go.base-refused` note
//!   follows;
//! - the components are what the library reports, present where `String()`
//!   writes them: `scheme` when not empty; `user` when `u.User` is set
//!   (even to an empty name: Go writes `@`), `password` when one was set
//!   (even empty); `host` (`u.Hostname()`) where `String()` writes an
//!   authority (`//`), so `http:///x` has an empty host and `http:/x` none;
//!   `port` (`u.Port()`) when not empty; `path` always: `u.Path`, or for an
//!   opaque URL (`mailto:a@b`, `http:evil.com`) `u.Opaque`, as written,
//!   which Go keeps apart from the path; `query` (`u.RawQuery`, as written)
//!   when `String()` writes `?` (a `RawQuery` or `ForceQuery`); `fragment`
//!   (`u.Fragment`, decoded) when not empty, as Go drops an empty one.
//!
//! Go's strings are bytes and it percent-decodes the host, the path, the
//! fragment and the userinfo, so `%ff` gives the byte 0xFF. An answer holds
//! text: such a component is shown with U+FFFD for each byte that is not
//! UTF-8, and a `go.not-utf8` note gives its exact bytes in hex. `canon`
//! is always exact (`String()` escapes every byte of 0x80 or more). The
//! engine's [`Url`](crate::engine::servers::go::Url) has the bytes.

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::go::{self, Url};
use crate::engine::trace::Tracer;

code_table! {
    /// The `go` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "go.error", "Go 1.27.3, src/net/url/url.go",
        "url.Parse returns an error: the URL is refused";
    BaseRefused => "go.base-refused", "Go 1.27.3, src/net/url/url.go, Parse",
        "the error is the base's: url.Parse(base) failed, so the input was never resolved";
    NotUtf8 => "go.not-utf8", "Go 1.27.3, src/net/url/url.go, unescape",
        "a component percent-decodes to bytes that are not UTF-8; it is shown with U+FFFD, and the note gives its bytes";
}

/// The `go` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go;

impl Resolve for Go {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

fn answer<T: Tracer>(input: &str, base: Option<&str>, tr: &mut T) -> Answer {
    match go::request(input, base, tr) {
        Ok(url) => answer_of(&url, tr),
        Err(e) => library::refusal(
            Code::Failure,
            e.to_string(),
            e.of_base.then_some(Code::BaseRefused),
        ),
    }
}

/// A parsed URL as an answer (see the module docs for the components).
fn answer_of<T: Tracer>(url: &Url, tr: &mut T) -> Answer {
    let canon = url.string(tr);
    let mut notes = Vec::new();
    let mut components = Vec::with_capacity(8);
    if !url.scheme.is_empty() {
        components.push((Component::Scheme, url.scheme.clone()));
    }
    if let Some(user) = &url.user {
        components.push(decoded(Component::User, &user.username, &mut notes));
        if let Some(password) = &user.password {
            components.push(decoded(Component::Password, password, &mut notes));
        }
    }
    if url.has_authority() {
        let (hostname, port) = url.hostname_port(tr);
        components.push(decoded(Component::Host, hostname, &mut notes));
        if !port.is_empty() {
            // Port(): ASCII digits only.
            components.push((Component::Port, String::from_utf8_lossy(port).into_owned()));
        }
    }
    components.push(if url.opaque.is_empty() {
        decoded(Component::Path, &url.path, &mut notes)
    } else {
        (Component::Path, url.opaque.clone())
    });
    if url.force_query || !url.raw_query.is_empty() {
        components.push((Component::Query, url.raw_query.clone()));
    }
    if !url.fragment.is_empty() {
        components.push(decoded(Component::Fragment, &url.fragment, &mut notes));
    }
    Answer {
        canon: Some(canon),
        components,
        notes,
        ..Answer::default()
    }
}

/// A percent-decoded component as text: lossily where its bytes are not
/// UTF-8, with a note that gives them.
fn decoded(c: Component, value: &[u8], notes: &mut Vec<Note>) -> (Component, String) {
    match std::str::from_utf8(value) {
        Ok(text) => (c, text.to_owned()),
        Err(_) => {
            notes.push(Note::new(
                Code::NotUtf8,
                format!(
                    "the {c} is not UTF-8 after percent-decoding; its bytes: {}",
                    library::hex(value)
                ),
            ));
            (c, String::from_utf8_lossy(value).into_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepId;

    fn resolve(input: &str, base: Option<&str>) -> Answer {
        Go.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn answers_href_and_components_as_go_reports_them() {
        let a = resolve("HTTP://u:p@Host:8080/a/./b?q#f", None);
        assert_eq!(a.canon.as_deref(), Some("http://u:p@Host:8080/a/./b?q#f"));
        assert_eq!(a.get(Component::Host), Some("Host"));
        assert_eq!(a.get(Component::Port), Some("8080"));
        assert_eq!(a.get(Component::Path), Some("/a/./b"));
        let a = resolve("../x?", Some("http://h/a/b/c"));
        assert_eq!(a.canon.as_deref(), Some("http://h/a/x?"));
        assert_eq!(a.get(Component::Query), Some(""));
        let a = resolve("http:evil.com", None);
        assert_eq!(a.get(Component::Host), None);
        assert_eq!(a.get(Component::Path), Some("evil.com"));
        let a = resolve("http:///x", None);
        assert_eq!(a.get(Component::Host), Some(""));
    }

    #[test]
    fn a_refusal_is_the_error_text_under_go_error() {
        let a = resolve("http://good.com\\@evil.com/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, super::super::NoteCode::Go(Code::Failure));
        assert_eq!(
            a.notes[0].message,
            r#"parse "http://good.com\\@evil.com/": net/url: invalid userinfo"#
        );
        let a = resolve("x", Some("http://a b/"));
        assert!(a.invalid);
        assert_eq!(
            a.notes[1].code,
            super::super::NoteCode::Go(Code::BaseRefused)
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown_lossily_and_given_in_a_note() {
        let a = resolve("http://h/%ff?#%fe", None);
        assert_eq!(a.canon.as_deref(), Some("http://h/%ff?#%fe"));
        assert_eq!(a.get(Component::Path), Some("/\u{fffd}"));
        assert_eq!(a.get(Component::Fragment), Some("\u{fffd}"));
        let bytes: Vec<&str> = a.notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            bytes,
            [
                "the path is not UTF-8 after percent-decoding; its bytes: 2fff",
                "the fragment is not UTF-8 after percent-decoding; its bytes: fe"
            ]
        );
    }

    #[test]
    fn traced_and_untraced_answers_agree_and_every_step_is_go() {
        let request = Request::new("../a/%2e%2e/b?x#y").with_base(Some("http://u@h:1/p/q"));
        let (_, steps) = library::traced_as_untraced(Go, request);
        assert!(steps.len() > 10);
        assert!(steps.iter().any(|s| s.of_base));
        assert!(steps.iter().any(|s| s.id == StepId::GoResolveDots));
        assert!(
            steps
                .iter()
                .all(|s| s.id.stage() == crate::engine::Stage::Go)
        );
    }
}
