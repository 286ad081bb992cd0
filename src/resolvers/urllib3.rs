//! urllib3 2.8.0's `parse_url` as a resolver: the model of
//! [`crate::engine::servers::urllib3`], held to the real library's answers
//! on the requests of `tests/data/servers/`.
//!
//! The request is the project's definition: with a base (an empty one
//! counts as none, as for every resolver), `joined =
//! urllib.parse.urljoin(base, input)` first, as a `requests` user
//! resolving a link does; then `u = parse_url(joined or input)`. A traced
//! request records every decision (stage
//! [`Urllib3`](crate::engine::Stage::Urllib3), and urljoin's own steps
//! under [`Python`](crate::engine::Stage::Python)). The request's encoding
//! and last stage are not used.
//!
//! The answer:
//!
//! - `canon` is `u.url`, the library's own serializer (it writes `://`
//!   after any scheme, so `mailto:a@b` comes back as `mailto:///a@b`);
//! - a refusal's first note, under `urllib3.error`, is the exception as
//!   Python prints it, class and message (`LocationParseError: Failed to
//!   parse: Name 'é_' is not a valid IDNA label`, or urljoin's
//!   `ValueError: Invalid IPv6 URL`);
//! - the components are the fields of the `Url` named tuple, present where
//!   the field is not `None`: `scheme`; `user` and `password` from `auth`,
//!   split at its first `:` as `Url.auth_decoded` splits it but not
//!   decoded (`auth` stays percent-encoded, as urllib3 keeps it; `password`
//!   only when there is a `:`); `host` (`u.host`, the name `requests`
//!   connects to: lowercased and IDNA-encoded for http, https and no
//!   scheme, as written for any other scheme; empty for `http://:80`);
//!   `port`; `path`, `query` and `fragment` (an empty query or fragment is
//!   present: urllib3 keeps `?` and `#` with nothing after them).
//!
//! Notes of this resolver say what a user should know: that `parse_url`
//! found no scheme and read the text as an authority (`example.com/x` has
//! the host `example.com`); that a scheme other than http or https left
//! everything as written; that a host of numbers is kept as written and
//! the operating system reads it (`0x7f.1` is 127.0.0.1 to `getaddrinfo`);
//! that urljoin refused the base.

use serde_json::Value;

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::python::Where;
use crate::engine::servers::urllib3::{self, Error, Url};
use crate::engine::trace::Tracer;

code_table! {
    /// The `urllib3` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "urllib3.error", "urllib3 2.8.0, src/urllib3/util/url.py", "parse_url raises LocationParseError (or urljoin, first, a ValueError): the URL is refused";
    BaseRefused => "urllib3.base-refused", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "the exception is the base's: urljoin splits the base before the input, so parse_url is never reached";
    NoScheme => "urllib3.no-scheme", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "no scheme: parse_url puts '//' in front and reads the text as an authority, so its start is the host (requests would then refuse the URL for its missing scheme)";
    NotNormalized => "urllib3.not-normalized", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url and _normalize_host",
        "the scheme is not http or https: the userinfo, host, path, query and fragment are kept as written (no lowercasing, no IDNA, no encoding, no dot segments removed)";
    NumericHost => "urllib3.numeric-host", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host (_IPV4_RE)",
        "the host is numbers and dots, kept as written: the operating system's getaddrinfo reads it the inet_aton way (0x7f.1, 2130706433 and 0177.0.0.1 are 127.0.0.1)";
}

/// The `urllib3` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Urllib3;

impl Resolve for Urllib3 {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let joined = match urllib3::join(input, base, tracer) {
        Ok(joined) => joined,
        Err(e) => return refused(&e),
    };
    let text = joined.text();
    let url = match urllib3::parse_url(text, tracer) {
        Ok(url) => url,
        Err(e) => return refused(&Error::Parse(e)),
    };
    let read = url.read(tracer);
    let mut notes = Vec::new();
    let scheme = url.scheme.as_deref();
    if scheme.is_none() && url.host.is_some() && !text.starts_with('/') {
        notes.push(Note::of(Code::NoScheme));
    }
    if scheme.is_some_and(|s| s != "http" && s != "https") {
        notes.push(Note::of(Code::NotNormalized));
    }
    if scheme.is_none_or(|s| s == "http" || s == "https")
        && url.host.as_deref().is_some_and(numeric)
    {
        notes.push(Note::of(Code::NumericHost));
    }
    Answer {
        canon: Some(read.url),
        components: components(&url),
        notes,
        ..Answer::default()
    }
}

/// Whether a host is what `_IPV4_RE` keeps as written: one to four
/// dot-separated numbers, decimal or `0x` hex.
fn numeric(host: &str) -> bool {
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() <= 4
        && parts.iter().all(|p| {
            let hex = p
                .strip_prefix("0x")
                .or_else(|| p.strip_prefix("0X"))
                .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()));
            hex || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// A refusal: the exception's text, and whose it was.
fn refused(e: &Error) -> Answer {
    let of_base = matches!(e, Error::Join(e) if e.at == Where::Base);
    library::refusal(
        Code::Failure,
        e.to_string(),
        of_base.then_some(Code::BaseRefused),
    )
}

/// The components of the fields (see the module docs).
fn components_of(
    scheme: Option<&str>,
    auth: Option<&str>,
    host: Option<&str>,
    port: Option<String>,
    path: Option<&str>,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Vec<(Component, String)> {
    let (user, password) = library::userinfo(auth);
    library::present([
        (Component::Scheme, scheme),
        (Component::User, user),
        (Component::Password, password),
        (Component::Host, host),
        (Component::Port, port.as_deref()),
        (Component::Path, path),
        (Component::Query, query),
        (Component::Fragment, fragment),
    ])
}

fn components(url: &Url<'_>) -> Vec<(Component, String)> {
    components_of(
        url.scheme.as_deref(),
        url.auth.as_deref(),
        url.host.as_deref(),
        url.port.map(|p| p.to_string()),
        url.path.as_deref(),
        url.query.as_deref(),
        url.fragment.as_deref(),
    )
}

/// The [`Answer`] of one line of `scripts/servers/urllib3-runner.py` (the
/// live resolver asks the real library): the same `canon`, `invalid` and
/// components as the model's, and the failure's text; notes other than
/// the failure are not rebuilt. A string the runner could not write as
/// UTF-8 (`{"bytes": …}`, never seen with well-formed input) is absent.
pub fn answer_of_runner(v: &Value) -> Answer {
    if v["ok"] != Value::Bool(true) {
        let error = match &v["error"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        return Answer::invalid(Note::new(Code::Failure, error));
    }
    let s = |key: &str| v[key].as_str();
    Answer {
        canon: s("url").map(str::to_owned),
        components: components_of(
            s("scheme"),
            s("auth"),
            s("host"),
            v["port"].as_u64().map(|p| p.to_string()),
            s("path"),
            s("query"),
            s("fragment"),
        ),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::NoteCode;
    use crate::resolvers::library::codes;

    fn run(input: &str, base: Option<&str>) -> Answer {
        Urllib3.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_fields() {
        let a = run("HTTP://u%41:p@B@Ex.COM:0080/a/../b?q r#", None);
        assert_eq!(
            a.canon.as_deref(),
            Some("http://u%41:p%40B@ex.com:80/b?q%20r#")
        );
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u%41"));
        assert_eq!(a.get(Component::Password), Some("p%40B"));
        assert_eq!(a.get(Component::Host), Some("ex.com"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Path), Some("/b"));
        assert_eq!(a.get(Component::Query), Some("q%20r"));
        assert_eq!(a.get(Component::Fragment), Some(""));
        library::assert_in_order(&a);
    }

    #[test]
    fn a_failure_is_the_librarys_own_text() {
        let a = run("http://é_/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, NoteCode::Urllib3(Code::Failure));
        assert_eq!(
            a.notes[0].message,
            "LocationParseError: Failed to parse: Name 'é_' is not a valid IDNA label"
        );
        let base = run("x", Some("http://[::1/"));
        assert_eq!(base.notes[0].message, "ValueError: Invalid IPv6 URL");
        assert_eq!(base.notes[1].code, NoteCode::Urllib3(Code::BaseRefused));
    }

    #[test]
    fn notes_say_what_parse_url_did() {
        assert_eq!(codes(&run("evil.com/x", None)), ["urllib3.no-scheme"]);
        assert_eq!(
            codes(&run("ftp://EX.com/a/../b", None)),
            ["urllib3.not-normalized"]
        );
        assert_eq!(
            codes(&run("http://0x7f.1/", None)),
            ["urllib3.numeric-host"]
        );
        assert_eq!(
            run("http://0X7F.1/", None).get(Component::Host),
            Some("0X7F.1")
        );
    }

    #[test]
    fn a_runner_line_gives_the_same_answer() {
        let line: Value = serde_json::from_str(
            r#"{"ok":true,"url":"http://u:@h:8/p?#f","scheme":"http","auth":"u:","host":"h","hostname":"h","port":8,"path":"/p","query":"","fragment":"f","request_uri":"/p?","netloc":"h:8","authority":"u:@h:8"}"#,
        )
        .unwrap_or_default();
        let model = run("http://u:@h:8/p?#f", None);
        let real = answer_of_runner(&line);
        assert_eq!(real.canon, model.canon);
        assert_eq!(real.components, model.components);
        let fail: Value = serde_json::from_str(
            r#"{"ok":false,"error":"LocationParseError: Failed to parse: http://h:99999","stage":"parse_url"}"#,
        )
        .unwrap_or_default();
        let real = answer_of_runner(&fail);
        let model = run("http://h:99999", None);
        assert!(real.invalid && model.invalid);
        assert_eq!(real.notes[0].message, model.notes[0].message);
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(Urllib3, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
