//! OpenJDK 17.0.15's `java.net.URL` as a resolver: the model of
//! [`crate::engine::servers::java_url`].
//!
//! It answers what a Java 17 program fetches: `new URL(input)`, or `new
//! URL(new URL(base), input)`, then its getters. The answer:
//!
//! - `canon` is `toExternalForm()` (what `toString()` gives);
//! - the components: the scheme is `getProtocol()`; the user and the
//!   password are `getUserInfo()` split at its first ':' (the split a
//!   program doing Basic authentication makes); the host is the one an
//!   `HttpURLConnection` connects to: `getHost()` with one pair of
//!   brackets dropped, as `InetAddress.getAllByName` drops them before it
//!   reads an IPv6 literal, and absent when empty; the port is
//!   `getPort()` when it is not -1 (the handler's default, `getDefaultPort()`,
//!   is not shown); the path is `getPath()`; the query and the fragment are
//!   `getQuery()` and `getRef()` when they are not null (an empty one
//!   included);
//! - a refusal (`MalformedURLException`) is invalid, its first note the
//!   exception as Java prints it, a second one when it was the base's;
//! - notes: the host is empty (an `HttpURLConnection` would connect to the
//!   loopback address), the authority holds more than one '@' (no user
//!   info, an empty host), the base plays no part (another protocol).
//!
//! A traced request records every decision of the library's code (see
//! [`Stage::JavaUrl`](crate::engine::Stage::JavaUrl)).

use super::library::{self, JavaGetters};
use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;
use crate::engine::servers::java_url::{self, Handler, Where};
use crate::engine::trace::Tracer;

code_table! {
    /// The `java-url` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "java-url.error", "OpenJDK 17.0.15, java/net/URL.java", "new URL throws MalformedURLException: the URL is refused";
    BaseFailed => "java-url.base-error", "OpenJDK 17.0.15, java/net/URL.java, URL(String)",
        "the exception is the base's: new URL(base) threw before the input was read";
    EmptyHost => "java-url.empty-host", "OpenJDK 17.0.15, java/net/InetAddress.java, getAllByName",
        "getHost() is empty: an HttpURLConnection would connect to the loopback address";
    ManyAts => "java-url.many-at", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "the authority holds more than one '@': Java takes no user info and an empty host, and keeps the authority whole";
    BaseIgnored => "java-url.base-ignored", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "the input names another protocol than the base's: the base plays no part";
}

/// The `java-url` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaUrl;

impl Resolve for JavaUrl {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let url = match java_url::request(input, base, tracer) {
        Ok(u) => u,
        Err(e) => {
            let of_base = e.at == Where::Base;
            return library::refusal(
                Code::Failure,
                e.to_string(),
                of_base.then_some(Code::BaseFailed),
            );
        }
    };
    let external = url.to_external_form(tracer);
    let mut notes = Vec::new();
    let http_like = matches!(url.handler, Handler::Http | Handler::Https | Handler::Ftp);
    if http_like && url.host.as_deref().is_some_and(str::is_empty) {
        notes.push(Note::of(Code::EmptyHost));
    }
    if url
        .authority
        .as_deref()
        .is_some_and(|a| a.matches('@').count() > 1)
    {
        notes.push(Note::of(Code::ManyAts));
    }
    if let Some(b) = base
        && let Ok(b) = java_url::request(b, None, &mut crate::engine::NoTrace)
        && b.protocol != url.protocol
    {
        notes.push(Note::of(Code::BaseIgnored));
    }
    Answer {
        canon: Some(external),
        components: JavaGetters {
            scheme: Some(&url.protocol),
            user_info: url.user_info.as_deref(),
            host: java_url::connect_host(url.host.as_deref()),
            port: url.port,
            path: url.path.as_deref(),
            query: url.query.as_deref(),
            fragment: url.reference.as_deref(),
        }
        .components(),
        notes,
        ..Answer::default()
    }
}

/// The same [`Answer`] (canon, invalid, components; the refusal's notes)
/// built from one `url` answer of `scripts/servers/JavaRunner.java`, for
/// the live resolver that asks the real library.
pub fn answer_of_runner(v: &serde_json::Value) -> Answer {
    if let Some(refused) = library::java_runner_refusal(v, Code::Failure, Code::BaseFailed) {
        return refused;
    }
    let s = |k: &str| v.get(k).and_then(serde_json::Value::as_str);
    Answer {
        canon: s("external").map(str::to_owned),
        components: JavaGetters {
            scheme: s("protocol"),
            user_info: s("user_info"),
            host: java_url::connect_host(s("host")),
            port: library::java_runner_port(v),
            path: s("path"),
            query: s("query"),
            fragment: s("ref"),
        }
        .components(),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Component;
    use crate::resolvers::NoteCode;

    fn run(input: &str, base: Option<&str>) -> Answer {
        JavaUrl.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_getters_and_the_connected_host() {
        let a = run("http://u:p@[::1]:+80/a?#", None);
        assert_eq!(a.canon.as_deref(), Some("http://u:p@[::1]:+80/a?#"));
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some("p"));
        assert_eq!(a.get(Component::Host), Some("::1"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Path), Some("/a"));
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
        library::assert_in_order(&a);
    }

    #[test]
    fn refusals_and_notes_speak_as_java() {
        let a = run("foo:bar", None);
        assert!(a.invalid);
        assert_eq!(
            a.notes[0].message,
            "java.net.MalformedURLException: unknown protocol: foo"
        );
        let b = run("x", Some("abc"));
        assert_eq!(b.notes[1].code, NoteCode::JavaUrl(Code::BaseFailed));
        let m = run("http://a@b@c/", None);
        assert_eq!(m.get(Component::Host), None);
        assert_eq!(
            library::codes(&m),
            ["java-url.empty-host", "java-url.many-at"]
        );
        let o = run("ftp://x/", Some("http://h/"));
        assert_eq!(o.notes[0].code, NoteCode::JavaUrl(Code::BaseIgnored));
    }

    #[test]
    fn the_runner_answer_maps_to_the_same_answer() {
        let v = serde_json::json!({"ok":true,"external":"http://u@[::1]:8/p?q#f","protocol":"http",
            "authority":"u@[::1]:8","user_info":"u","host":"[::1]","port":8,"default_port":80,
            "path":"/p","query":"q","ref":"f","file":"/p?q"});
        let a = run("http://u@[::1]:8/p?q#f", None);
        let b = answer_of_runner(&v);
        assert_eq!(
            (a.invalid, &a.canon, &a.components),
            (b.invalid, &b.canon, &b.components)
        );
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(JavaUrl, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
