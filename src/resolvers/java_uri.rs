//! OpenJDK 17.0.15's `java.net.URI` as a resolver: the model of
//! [`crate::engine::servers::java_uri`].
//!
//! It answers what a Java 17 program reads of a URI: `new URI(input)`, or
//! `new URI(base).resolve(new URI(input))`, then its getters. The answer:
//!
//! - `canon` is `toString()`: the input itself for a parsed URI (Java
//!   keeps the string it was given), or the string `defineString` writes
//!   for one that `resolve` built;
//! - the components are the raw getters: the scheme when there is one;
//!   the user and the password are `getRawUserInfo()` split at its first
//!   ':' (Java hands the user info over whole; the split is what a program
//!   doing Basic authentication does with it); the host is `getHost()` as
//!   written, brackets of an IPv6 reference kept, absent when null (no
//!   authority, or a registry-based one: a client such as
//!   `java.net.http.HttpClient` then has no host to connect to); the port
//!   when it is not -1; the path is `getRawPath()`, or for an opaque URI
//!   `getRawSchemeSpecificPart()`; the query and the fragment when they are
//!   not null (an empty one included);
//! - a refusal is invalid, its first note the exception as Java prints it
//!   (`java.net.URISyntaxException: Illegal character in authority at
//!   index 7: http://a b/`), a second one when it was the base's;
//! - notes: a registry-based authority (no host), an opaque URI, a base
//!   that `resolve` ignores because it is opaque.
//!
//! A traced request records every decision of the library's code (see
//! [`Stage::JavaUri`](crate::engine::Stage::JavaUri)).

use super::library::{self, JavaGetters};
use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;
use crate::engine::servers::java_uri::{self, Where};
use crate::engine::trace::Tracer;

code_table! {
    /// The `java-uri` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "java-uri.error", "OpenJDK 17.0.15, java/net/URI.java", "new URI throws URISyntaxException: the URL is refused";
    BaseFailed => "java-uri.base-error", "OpenJDK 17.0.15, java/net/URI.java, URI(String)",
        "the exception is the base's: new URI(base) threw before the input was read";
    Registry => "java-uri.registry-authority", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseAuthority",
        "the authority does not parse as [user@]host[:port] and is kept whole as a registry name: getHost() is null, so a client has no host to connect to";
    Opaque => "java-uri.opaque", "OpenJDK 17.0.15, java/net/URI.java, Parser.parse",
        "no '/' after the scheme's colon: an opaque URI, with no authority, host or path";
    OpaqueBase => "java-uri.opaque-base", "OpenJDK 17.0.15, java/net/URI.java, resolve(URI, URI)",
        "the base is opaque: resolve gives the reference back unchanged";
}

/// The `java-uri` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaUri;

impl Resolve for JavaUri {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let uri = match java_uri::request(input, base, tracer) {
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
    let g = uri.getters(tracer);
    let mut notes = Vec::new();
    if g.raw_authority.is_some() && g.host.is_none() {
        notes.push(Note::of(Code::Registry));
    }
    if g.opaque {
        notes.push(Note::of(Code::Opaque));
    }
    if let Some(b) = base
        && !g.opaque
        && java_uri::parse(b, Where::Base, &mut crate::engine::NoTrace).is_ok_and(|b| b.is_opaque())
    {
        notes.push(Note::of(Code::OpaqueBase));
    }
    Answer {
        canon: Some(g.string.clone().into_owned()),
        components: JavaGetters {
            scheme: g.scheme,
            user_info: g.raw_user_info,
            host: g.host,
            port: g.port,
            path: if g.opaque {
                Some(&g.raw_ssp)
            } else {
                g.raw_path
            },
            query: g.raw_query,
            fragment: g.raw_fragment,
        }
        .components(),
        notes,
        ..Answer::default()
    }
}

/// The same [`Answer`] (canon, invalid, components; the refusal's notes)
/// built from one `uri` answer of `scripts/servers/JavaRunner.java`, for
/// the live resolver that asks the real library.
pub fn answer_of_runner(v: &serde_json::Value) -> Answer {
    if let Some(refused) = library::java_runner_refusal(v, Code::Failure, Code::BaseFailed) {
        return refused;
    }
    let s = |k: &str| v.get(k).and_then(serde_json::Value::as_str);
    let opaque = v.get("opaque").and_then(serde_json::Value::as_bool) == Some(true);
    Answer {
        canon: s("string").map(str::to_owned),
        components: JavaGetters {
            scheme: s("scheme"),
            user_info: s("raw_user_info"),
            host: s("host"),
            port: library::java_runner_port(v),
            path: if opaque { s("raw_ssp") } else { s("raw_path") },
            query: s("raw_query"),
            fragment: s("raw_fragment"),
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
        JavaUri.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_raw_getters() {
        let a = run("HTTP://u:p@[::1]:0080/a%20b?#", None);
        assert_eq!(a.canon.as_deref(), Some("HTTP://u:p@[::1]:0080/a%20b?#"));
        assert_eq!(a.get(Component::Scheme), Some("HTTP"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some("p"));
        assert_eq!(a.get(Component::Host), Some("[::1]"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Path), Some("/a%20b"));
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
        library::assert_in_order(&a);
    }

    #[test]
    fn refusals_and_notes_speak_as_java() {
        let a = run("http://a b/", None);
        assert!(a.invalid);
        assert_eq!(
            a.notes[0].message,
            "java.net.URISyntaxException: Illegal character in authority at index 7: http://a b/"
        );
        let b = run("x", Some("http://a b/"));
        assert_eq!(b.notes[1].code, NoteCode::JavaUri(Code::BaseFailed));
        let r = run("http://a_b/", None);
        assert_eq!(r.get(Component::Host), None);
        assert_eq!(r.notes[0].code, NoteCode::JavaUri(Code::Registry));
        let o = run("x", Some("mailto:a@b"));
        assert_eq!(o.canon.as_deref(), Some("x"));
        assert_eq!(o.notes[0].code, NoteCode::JavaUri(Code::OpaqueBase));
    }

    #[test]
    fn the_runner_answer_maps_to_the_same_answer() {
        let v = serde_json::json!({"ok":true,"string":"http://u@h:8/p?q#f","ascii":"http://u@h:8/p?q#f",
            "scheme":"http","raw_ssp":"//u@h:8/p?q","raw_authority":"u@h:8","raw_user_info":"u","host":"h",
            "port":8,"raw_path":"/p","path":"/p","raw_query":"q","raw_fragment":"f","opaque":false,"absolute":true});
        let a = run("http://u@h:8/p?q#f", None);
        let b = answer_of_runner(&v);
        assert_eq!(
            (a.invalid, &a.canon, &a.components),
            (b.invalid, &b.canon, &b.components)
        );
        let e = answer_of_runner(
            &serde_json::json!({"ok":false,"error":"java.net.URISyntaxException: x","stage":"base"}),
        );
        assert!(e.invalid && e.notes.len() == 2);
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(JavaUri, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
