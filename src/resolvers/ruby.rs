//! Ruby's `URI` library as a resolver: the model of
//! [`crate::engine::servers::ruby`] (Ruby 3.1.2, uri 0.11.0), held to the
//! real library's answers on the requests of `tests/data/servers/`.
//!
//! The request is the project's definition: `URI.parse(input)`, or with a
//! base (an empty base counts as none, as for every resolver)
//! `URI.join(base, input)`. A traced request records every decision of the
//! library's code (stage [`Ruby`](crate::engine::Stage::Ruby)), the base's
//! steps marked as the base's. Ruby keeps the query as it is (no encoding
//! is chosen) and has one stage, so the request's encoding and last stage
//! are not used.
//!
//! The answer:
//!
//! - `canon` is `u.to_s`;
//! - a refusal's first note, under `ruby.error`, is the exception's class
//!   and message as the runner records them (`URI::InvalidURIError: bad
//!   URI(is not URI?): "http://a b/"`); a `ruby.base-refused` note follows
//!   when it was the base that failed, a `ruby.ftp-merge` note when it is
//!   `URI::FTP#merge`'s `NoMethodError`;
//! - the components are the getters, present where Ruby gives a value
//!   (not nil): `scheme` (lowercased); `user` and `password` as written
//!   (an empty one included); the host is `hostname`, the host a client
//!   connects to (`Net::HTTP` passes it to the socket): `host` with one
//!   pair of enclosing brackets removed, so `[::1]` gives `::1`, and an
//!   empty string for a file URL without a host; the port is `port`, the
//!   class's default filled in (`http://h/` has port 80) and any number of
//!   digits kept (`99999999999999999999` is a port to Ruby); the path is
//!   `path` (for FTP its getter's value, without the leading `/`), or for
//!   an opaque URL, whose path is nil, `opaque` (`http:evil.com` gives the
//!   path `evil.com` and no host); the query and the fragment whenever not
//!   nil, an empty one included, as `to_s` writes `?` and `#` for them;
//! - notes where Ruby does what a reader should know: the input's own
//!   scheme made the base play no part; the base's userinfo survived into a
//!   reference with a host of its own; a host with a stray bracket (the
//!   relative-reference regexp's IP-literal lost one); an opaque URL of a
//!   scheme with an authority (no host at all); no host, but a `to_s` that
//!   parses back with one (`http:////evil.com/x` writes
//!   `http://evil.com/x`).

use std::borrow::Cow;

use serde_json::Value;

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::ruby::{self, At, ErrorClass, Join, Uri};
use crate::engine::trace::Tracer;

code_table! {
    /// The `ruby` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "ruby.error", "Ruby 3.1.2 (uri 0.11.0), lib/uri/",
        "URI raises an exception: the URL is refused";
    BaseRefused => "ruby.base-refused", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, join",
        "the exception is the base's: URI.join parses the base first, so the input was never read";
    FtpMerge => "ruby.ftp-merge", "Ruby 3.1.2 (uri 0.11.0), lib/uri/ftp.rb, URI::FTP#merge",
        "URI::FTP#merge asks the reference for its typecode whenever the result differs from the base, but URI.join hands it a String: every join against an FTP base that changes anything raises NoMethodError";
    BaseIgnored => "ruby.base-ignored", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "the input has a scheme of its own: merge returns it as it is and the base plays no part";
    CredentialsKept => "ruby.credentials-kept", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge and set_userinfo",
        "the base's userinfo (or password) is kept although the reference names a host of its own: the credentials go to the new host (uri 0.12.4 and later clear them)";
    StrayBracket => "ruby.stray-bracket", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_relative_ref",
        "the host holds a bracket without its partner, which hostname keeps: the relative-reference regexp's IP-literal lost a bracket";
    HostInToS => "ruby.host-in-to-s", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, to_s",
        "there is no host, but the path starts with '//' and to_s writes it right after the scheme: the string to_s gives parses back with a host";
    OpaqueNoHost => "ruby.opaque-no-host", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, split",
        "no '//' after the scheme: the rest is an opaque part, with no host and no path, though the class has a default port";
}

/// The `ruby` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruby;

impl Resolve for Ruby {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    match ruby::request(input, base, tracer) {
        Ok(u) => answer_of(&u, tracer),
        Err(e) => refusal(&e.to_string(), e.at, e.class),
    }
}

/// A refusal: the exception's text, and why where it helps.
fn refusal(text: &str, at: At, class: ErrorClass) -> Answer {
    let then = [
        (at == At::Base).then_some(Code::BaseRefused),
        (class == ErrorClass::NoMethod).then_some(Code::FtpMerge),
    ];
    library::refusal(Code::Failure, text, then.into_iter().flatten())
}

/// The object as an answer (see the module docs for the components).
fn answer_of<T: Tracer>(u: &Uri<'_>, tracer: &mut T) -> Answer {
    let g = u.read(tracer);
    let components = components([
        g.scheme.map(Cow::Borrowed),
        g.user.map(Cow::Borrowed),
        g.password.map(Cow::Borrowed),
        g.hostname.map(Cow::Borrowed),
        g.port.map(Cow::Borrowed),
        g.path.clone().or(g.opaque.map(Cow::Borrowed)),
        g.query.map(Cow::Borrowed),
        g.fragment.map(Cow::Borrowed),
    ]);
    let mut notes = Vec::new();
    match u.join {
        Join::Absolute => notes.push(Note::of(Code::BaseIgnored)),
        Join::Authority {
            credentials_kept: true,
        } => notes.push(Note::new(
            Code::CredentialsKept,
            format!(
                "{}: the result's userinfo is {:?}",
                Code::CredentialsKept.text(),
                g.userinfo.as_deref().unwrap_or("")
            ),
        )),
        _ => {}
    }
    if let Some(host) = g.host
        && host.starts_with('[') != host.ends_with(']')
    {
        notes.push(Note::new(
            Code::StrayBracket,
            format!("{}: the host is {host:?}", Code::StrayBracket.text()),
        ));
    }
    if g.host.is_none()
        && g.path.as_deref().is_some_and(|p| p.starts_with("//"))
        && !matches!(g.scheme, Some("file" | "postgres"))
    {
        notes.push(Note::new(
            Code::HostInToS,
            format!("{}: {}", Code::HostInToS.text(), g.to_s),
        ));
    }
    if g.opaque.is_some() && u.class.default_port().is_some() {
        notes.push(Note::of(Code::OpaqueNoHost));
    }
    Answer {
        canon: Some(g.to_s),
        components,
        notes,
        ..Answer::default()
    }
}

/// The present components, in order: scheme, user, password, host, port,
/// path, query, fragment.
fn components(values: [Option<Cow<'_, str>>; 8]) -> Vec<(Component, String)> {
    library::present(Component::ALL.into_iter().zip(values))
}

/// A runner string: a JSON string, or `{"bytes":"<hex>"}` shown lossily;
/// a port's number as its digits.
fn text_of(v: &Value) -> Option<Cow<'_, str>> {
    match v {
        Value::Number(n) => Some(Cow::Owned(n.to_string())),
        other => library::runner_text(other),
    }
}

/// The [`Answer`] of one line of `scripts/servers/ruby-runner.rb`, for the
/// live resolver that asks the real library: the same `invalid`, `canon`,
/// components and first note as [`Ruby`] gives (its other notes come from
/// the model's bookkeeping, and only the base's refusal and FTP's
/// `NoMethodError` are kept here).
pub fn answer_of_runner(v: &Value) -> Answer {
    if v["ok"] != Value::Bool(true) {
        let text = text_of(&v["error"]).unwrap_or(Cow::Borrowed("the runner gave no error text"));
        let at = match v["stage"].as_str() {
            Some("base") => At::Base,
            Some("join") => At::Join,
            _ => At::Input,
        };
        let class = if text.starts_with("NoMethodError:") {
            ErrorClass::NoMethod
        } else {
            ErrorClass::InvalidUri
        };
        return refusal(&text, at, class);
    }
    let get = |key: &str| text_of(&v[key]);
    Answer {
        canon: get("to_s").map(Cow::into_owned),
        components: components([
            get("scheme"),
            get("user"),
            get("password"),
            get("hostname"),
            get("port"),
            get("path").or_else(|| get("opaque")),
            get("query"),
            get("fragment"),
        ]),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepId;
    use crate::resolvers::NoteCode;
    use crate::resolvers::library::codes;

    fn resolve(input: &str, base: Option<&str>) -> Answer {
        Ruby.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_getters_with_hostname_as_the_host() {
        let a = resolve("HTTP://u:@[::1]/p?#", None);
        assert_eq!(a.canon.as_deref(), Some("http://u:@[::1]/p?#"));
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some(""));
        assert_eq!(a.get(Component::Host), Some("::1"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
        let a = resolve("http:evil.com", None);
        assert_eq!(a.get(Component::Host), None);
        assert_eq!(a.get(Component::Path), Some("evil.com"));
        assert_eq!(codes(&a), ["ruby.opaque-no-host"]);
        let a = resolve("ftp://h/%2Fetc;type=d", None);
        assert_eq!(a.get(Component::Path), Some("/etc"));
        assert_eq!(a.canon.as_deref(), Some("ftp://h/%2Fetc;type=d"));
    }

    #[test]
    fn a_refusal_is_the_exception_under_ruby_error() {
        let a = resolve("http://a b/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, NoteCode::Ruby(Code::Failure));
        assert_eq!(
            a.notes[0].message,
            r#"URI::InvalidURIError: bad URI(is not URI?): "http://a b/""#
        );
        assert_eq!(
            codes(&resolve("x", Some("http://h/é")))[1],
            "ruby.base-refused"
        );
        let a = resolve("c", Some("ftp://h/a/b"));
        assert_eq!(
            a.notes[0].message,
            "NoMethodError: undefined method `typecode' for \"c\":String"
        );
        assert_eq!(codes(&a)[1], "ruby.ftp-merge");
    }

    #[test]
    fn notes_say_where_ruby_surprises() {
        let a = resolve("//evil.example/", Some("http://user:pass@good.example/"));
        assert_eq!(a.canon.as_deref(), Some("http://user:pass@evil.example/"));
        assert_eq!(codes(&a), ["ruby.credentials-kept"]);
        let a = resolve("//[::1/x", Some("http://h/"));
        assert_eq!(a.get(Component::Host), Some("[::1"));
        assert_eq!(codes(&a), ["ruby.stray-bracket"]);
        assert_eq!(
            codes(&resolve("https://x/", Some("http://h/"))),
            ["ruby.base-ignored"]
        );
        let a = resolve("http:////evil.com/x", None);
        assert_eq!(a.get(Component::Host), None);
        assert_eq!(a.canon.as_deref(), Some("http://evil.com/x"));
        assert_eq!(codes(&a), ["ruby.host-in-to-s"]);
    }

    #[test]
    fn the_runners_answers_read_the_same() {
        for (input, base) in [
            ("HTTP://u:@[::1]:99999999999999999999/p?#", None),
            ("mailto:a@b?x", None),
            ("http://a b/", None),
            ("x", Some("http://h/é")),
            ("c", Some("ftp://h/a/b")),
        ] {
            let model = resolve(input, base);
            let line = match ruby::request(input, base, &mut crate::engine::NoTrace) {
                Ok(u) => {
                    let g = u.read(&mut crate::engine::NoTrace);
                    serde_json::json!({
                        "ok": true, "to_s": g.to_s, "scheme": g.scheme, "user": g.user,
                        "password": g.password, "hostname": g.hostname, "port": g.port,
                        "path": g.path, "opaque": g.opaque, "query": g.query, "fragment": g.fragment,
                    })
                }
                Err(e) => {
                    serde_json::json!({ "ok": false, "error": e.to_string(), "stage": e.at.as_str() })
                }
            };
            let runner = answer_of_runner(&line);
            assert_eq!(runner.invalid, model.invalid, "{input}");
            assert_eq!(runner.canon, model.canon, "{input}");
            assert_eq!(runner.components, model.components, "{input}");
            assert_eq!(
                runner.notes.first().map(|n| &n.message),
                model.notes.first().map(|n| &n.message)
            );
        }
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../g?y#s").with_base(Some("http://a/b/c/d;p?q"));
        let (plain, steps) = library::traced_as_untraced(Ruby, request);
        assert_eq!(plain.canon.as_deref(), Some("http://a/b/g?y#s"));
        assert!(steps.iter().any(|s| s.of_base));
        assert!(steps.iter().any(|s| s.id == StepId::RubyMergePath));
        assert!(
            steps
                .iter()
                .all(|s| s.id.stage() == crate::engine::Stage::Ruby)
        );
    }
}
