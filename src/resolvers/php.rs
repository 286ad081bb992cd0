//! PHP 8.2.31's `parse_url` (`ext/standard/url.c`) as a resolver: the model
//! of [`crate::engine::servers::php`].
//!
//! The request is the project's definition: `$r = parse_url($input)`. PHP
//! has no function that resolves a reference against a base, so with a
//! base the input is still parsed alone, as a PHP program does with a link
//! it reads; the answer's first note (`php.no-base`) says so, and nothing
//! here guesses a resolution. (On a refusal the failure comes first, as on
//! every invalid answer, and `php.no-base` second.)
//!
//! The answer:
//!
//! - a refusal (`parse_url` returns `false`) is invalid, its first note
//!   under `php.error`: "parse_url() returned false", and which check of
//!   the parser refused it (PHP does not say; the model knows);
//! - the components are PHP's array, key for key, present exactly where
//!   PHP returns the key, even empty (`?` alone gives an empty query,
//!   `#` alone an empty fragment, `''` an empty path): `scheme` as
//!   written (not lowercased), `user`, `pass` (the password), `host` as
//!   written (no lowercasing, no decoding, brackets kept), `port` (the
//!   number), `path`, `query`, `fragment`. Control bytes in any part are
//!   `_`, as PHP replaces them;
//! - the host is the one a PHP client connects to: `host`. (PHP code
//!   usually hands the URL itself to curl or `file_get_contents`, so the
//!   `php` and `curl` resolvers side by side are the stack to compare);
//! - `canon`: PHP has no serializer of `parse_url`'s parts, so the canon
//!   is **not PHP's output**: it is the parts put back the conventional
//!   way, as a PHP program doing so writes them: `scheme:` when there is a
//!   scheme, then `//` and `user[:pass]@`, the host and `:port` when there
//!   is a host (a user, a password or a port comes only with one), then
//!   the path, `?query` and `#fragment` for each part PHP returned. So
//!   `file:///x` gives `file:/x` and `http://h:080` gives `http://h:80`.
//!
//! Notes besides: a base it ignores; control bytes made `_`; a host read
//! with no `//` before it (`example.com:80/x`, where the URL Standard
//! sees a scheme); a port that `strtol` read from text that is not only
//! digits (`h:80x`, `h: 80`).
//!
//! [`answer_of_runner`] builds the same answer (canon, validity,
//! components; only the notes the line can tell) from one line of
//! `scripts/servers/php-runner.php`, for the live resolver that asks the
//! real PHP. A traced request records every decision of the model (stage
//! [`Php`](crate::engine::Stage::Php)); PHP reads bytes and has one stage,
//! so the request's encoding and last stage are not used.

use std::borrow::Cow;

use serde_json::Value;

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::php::{self, Url};
use crate::engine::trace::Tracer;

code_table! {
    /// The `php` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    NoBase => "php.no-base", "PHP 8.2.31, ext/standard/url.c",
        "PHP has no resolution of a reference against a base: parse_url reads the input alone, as a PHP program does with a link, and the base plays no part";
    Failure => "php.error", "PHP 8.2.31, ext/standard/url.c", "parse_url returns false: the URL is refused";
    ControlsReplaced => "php.controls-replaced", "PHP 8.2.31, ext/standard/url.c, php_replace_controlchars_ex",
        "control bytes (0x00 to 0x1F, 0x7F) in the parts became '_'; the URL is not refused for them";
    HostWithoutSlashes => "php.host-without-slashes", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "the host was read with no '//' before it: a ':' followed by digits made the text before it a host and a port, not a scheme";
    LenientPort => "php.lenient-port", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (strtol)",
        "the port was read by strtol from text that is not only digits: spaces and a sign before them, and anything after them, count for nothing";
}

/// The `php` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Php;

impl Resolve for Php {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let no_base = base.map(|_| Code::NoBase);
    match php::parse_url(input, tracer) {
        Err(why) => library::refusal(
            Code::Failure,
            format!("parse_url() returned false: {why}"),
            no_base,
        ),
        Ok(url) => {
            let mut notes: Vec<Note> = no_base.into_iter().map(Note::of).collect();
            notes.extend(facts(input, &url));
            let parts = Parts::of(&url);
            Answer {
                canon: Some(parts.canon()),
                components: parts.components(),
                notes,
                ..Answer::default()
            }
        }
    }
}

/// The notes the model's facts call for.
fn facts(input: &str, url: &Url<'_>) -> Vec<Note> {
    let mut notes = Vec::new();
    if url.facts.controls_replaced {
        notes.push(Note::of(Code::ControlsReplaced));
    }
    if url.facts.host_without_slashes {
        notes.push(Note::of(Code::HostWithoutSlashes));
    }
    if let Some(range) = url.facts.lenient_port.clone() {
        let text = input.get(range.clone()).unwrap_or_default();
        notes.push(
            Note::new(
                Code::LenientPort,
                format!(
                    "{}: {text:?} gave port {}",
                    Code::LenientPort.text(),
                    url.port.unwrap_or_default()
                ),
            )
            .at(range),
        );
    }
    notes
}

/// PHP's array as text, whoever made it (the model or the runner's line).
#[derive(Debug, Default)]
struct Parts<'p> {
    scheme: Option<&'p str>,
    host: Option<&'p str>,
    port: Option<String>,
    user: Option<&'p str>,
    pass: Option<&'p str>,
    path: Option<&'p str>,
    query: Option<&'p str>,
    fragment: Option<&'p str>,
}

impl<'p> Parts<'p> {
    fn of(url: &'p Url<'_>) -> Parts<'p> {
        Parts {
            scheme: url.scheme.as_deref(),
            host: url.host.as_deref(),
            port: url.port.map(|n| n.to_string()),
            user: url.user.as_deref(),
            pass: url.pass.as_deref(),
            path: url.path.as_deref(),
            query: url.query.as_deref(),
            fragment: url.fragment.as_deref(),
        }
    }

    /// The parts put back the conventional way (see the module docs): not
    /// PHP's output, as PHP has no such function.
    fn canon(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(host) = self.host {
            out.push_str("//");
            if let Some(user) = self.user {
                out.push_str(user);
                if let Some(pass) = self.pass {
                    out.push(':');
                    out.push_str(pass);
                }
                out.push('@');
            }
            out.push_str(host);
            if let Some(port) = &self.port {
                out.push(':');
                out.push_str(port);
            }
        }
        out.push_str(self.path.unwrap_or_default());
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    /// The components, present where PHP's array has the key.
    fn components(&self) -> Vec<(Component, String)> {
        library::present([
            (Component::Scheme, self.scheme),
            (Component::User, self.user),
            (Component::Password, self.pass),
            (Component::Host, self.host),
            (Component::Port, self.port.as_deref()),
            (Component::Path, self.path),
            (Component::Query, self.query),
            (Component::Fragment, self.fragment),
        ])
    }
}

/// The answer of one line of `php-runner.php`: the same validity, canon
/// and components as [`Php`] gives, with the notes the line can tell (a
/// base it ignored; on `false`, not which check refused).
pub fn answer_of_runner(v: &Value) -> Answer {
    let no_base = (v["base_ignored"] == Value::Bool(true)).then_some(Code::NoBase);
    if v["ok"] != Value::Bool(true) {
        let why = match v["error"].as_str() {
            Some("false") | None => "parse_url() returned false".to_owned(),
            Some(other) => format!("the runner failed: {other}"),
        };
        return library::refusal(Code::Failure, why, no_base);
    }
    let texts: Vec<Option<Cow<'_, str>>> = [
        "scheme", "host", "user", "pass", "path", "query", "fragment",
    ]
    .iter()
    .map(|key| library::runner_text(&v[*key]))
    .collect();
    let at = |i: usize| texts.get(i).and_then(|t| t.as_deref());
    let parts = Parts {
        scheme: at(0),
        host: at(1),
        port: v["port"].as_u64().map(|n| n.to_string()),
        user: at(2),
        pass: at(3),
        path: at(4),
        query: at(5),
        fragment: at(6),
    };
    Answer {
        canon: Some(parts.canon()),
        components: parts.components(),
        notes: no_base.into_iter().map(Note::of).collect(),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::NoteCode;
    use crate::resolvers::library::codes;

    fn run(input: &str, base: Option<&str>) -> Answer {
        Php.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_phps_keys_and_the_canon_puts_them_back() {
        let a = run("HTTP://u:@EX.com:0080/p?#", None);
        assert_eq!(a.canon.as_deref(), Some("HTTP://u:@EX.com:80/p?#"));
        assert_eq!(a.get(Component::Scheme), Some("HTTP"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some(""));
        assert_eq!(a.get(Component::Host), Some("EX.com"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
        library::assert_in_order(&a);
        let a = run("file:///x", None);
        assert_eq!(a.canon.as_deref(), Some("file:/x"));
        assert_eq!(a.get(Component::Host), None);
        let a = run("", None);
        assert_eq!(a.get(Component::Path), Some(""));
        assert_eq!(a.canon.as_deref(), Some(""));
    }

    #[test]
    fn a_refusal_says_false_and_which_check() {
        let a = run("http://h:99999/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, NoteCode::Php(Code::Failure));
        assert_eq!(
            a.notes[0].message,
            "parse_url() returned false: the port after the host's ':' is no number from 0 to 65535 (\"99999\")"
        );
        let a = run("http:///x", Some("http://b/"));
        assert_eq!(
            a.notes[0].message,
            "parse_url() returned false: the host is empty"
        );
        assert_eq!(codes(&a), ["php.error", "php.no-base"]);
    }

    #[test]
    fn a_base_is_ignored_and_said_first() {
        let a = run("/x", Some("http://good.com/a"));
        assert_eq!(a.canon.as_deref(), Some("/x"));
        assert_eq!(a.get(Component::Host), None);
        assert_eq!(codes(&a), ["php.no-base"]);
        assert!(run("/x", Some("")).notes.is_empty());
    }

    #[test]
    fn notes_say_what_php_did_quietly() {
        assert_eq!(
            codes(&run("http://evil.com\u{0}.good.com/", None)),
            ["php.controls-replaced"]
        );
        let a = run("evil.com:80/x", None);
        assert_eq!(a.get(Component::Host), Some("evil.com"));
        assert_eq!(codes(&a), ["php.host-without-slashes"]);
        let a = run("http://h:80x/", None);
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(codes(&a), ["php.lenient-port"]);
        assert_eq!(a.notes[0].range, Some(9..12));
    }

    #[test]
    fn a_runners_line_gives_the_same_answer() {
        for (input, base, line) in [
            (
                "http://u:p@h:80/p?q#f",
                None,
                r#"{"ok":true,"scheme":"http","host":"h","port":80,"user":"u","pass":"p","path":"/p","query":"q","fragment":"f"}"#,
            ),
            (
                "?",
                Some("http://b/"),
                r#"{"ok":true,"query":"","base_ignored":true}"#,
            ),
            (":", None, r#"{"ok":false,"error":"false"}"#),
        ] {
            let v: Value = serde_json::from_str(line).expect("JSON");
            let want = answer_of_runner(&v);
            let got = run(input, base);
            assert_eq!(
                (got.invalid, &got.canon, &got.components),
                (want.invalid, &want.canon, &want.components),
                "{input:?}"
            );
            assert_eq!(
                got.notes.first().map(|n| n.code),
                want.notes.first().map(|n| n.code)
            );
        }
        let v: Value =
            serde_json::from_str(r#"{"ok":true,"host":{"bytes":"61ff"}}"#).expect("JSON");
        assert_eq!(answer_of_runner(&v).get(Component::Host), Some("a\u{fffd}"));
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("http://u@h:1/p?q#f").with_base(Some("http://b/"));
        let (_, steps) = library::traced_as_untraced(Php, request);
        assert!(steps.len() > 5);
        assert!(
            steps
                .iter()
                .all(|s| s.id.stage() == crate::engine::Stage::Php)
        );
    }
}
