//! What the resolvers of the server-side libraries share (`python`, `go`,
//! `node-legacy`, `urllib3`, `php`, `ruby`, `java-uri`, `java-url`, `perl`,
//! and `curl`'s hex): a model run on a request, traced when asked; the
//! components made of the library's getters; the user and password of a
//! userinfo; a refusal in the library's own words; the strings of a
//! runner's JSON line (`scripts/servers/*-runner.*`); and what the two Java
//! resolvers read alike, the getters and `JavaRunner.java`'s refusal and
//! port.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde_json::Value;

use super::{Answer, Note, NoteCode, Request, with_tracer};
use crate::engine::{Component, NoTrace, Trace};

/// A library model's answer to `request`: `answer(input, base, tracer)`
/// on [`NoTrace`], or on a [`Trace`] that the answer then keeps when the
/// request asks for one. The model's one function, generic over the
/// tracer, is passed twice, once for each tracer, as a closure cannot be
/// generic: `library::resolve(request, answer, answer)`.
pub(crate) fn resolve(
    request: &Request<'_>,
    untraced: impl FnOnce(&str, Option<&str>, &mut NoTrace) -> Answer,
    traced: impl FnOnce(&str, Option<&str>, &mut Trace) -> Answer,
) -> Answer {
    let (input, base) = (request.input, request.base());
    with_tracer(
        request.trace,
        |t| untraced(input, base, t),
        |t| traced(input, base, t),
    )
}

/// The present components, in the order given (serialization order, as
/// an [`Answer`] holds them): each value the library gives (`Some`, an
/// empty one included) is one, an absent one (`None`) none.
pub(crate) fn present<S: Into<String>>(
    values: impl IntoIterator<Item = (Component, Option<S>)>,
) -> Vec<(Component, String)> {
    values
        .into_iter()
        .filter_map(|(c, v)| v.map(|v| (c, v.into())))
        .collect()
}

/// The user and the password of a userinfo, split at its first `:` as a
/// program doing Basic authentication splits it (a library that hands the
/// userinfo over whole leaves the split to it): the password only where
/// there is a `:`, neither without a userinfo.
pub(crate) fn userinfo(userinfo: Option<&str>) -> (Option<&str>, Option<&str>) {
    match userinfo {
        None => (None, None),
        Some(u) => match u.split_once(':') {
            Some((user, password)) => (Some(user), Some(password)),
            None => (Some(u), None),
        },
    }
}

/// A library's refusal: an invalid answer whose first note is the
/// library's own words under its `failure` code, then a note of each code
/// of `then` in its own sentence (whose the failure was, what it means).
pub(crate) fn refusal<C: Into<NoteCode>>(
    failure: C,
    words: impl Into<String>,
    then: impl IntoIterator<Item = C>,
) -> Answer {
    let mut answer = Answer::invalid(Note::new(failure, words));
    answer.notes.extend(then.into_iter().map(Note::of));
    answer
}

/// A string of a runner's JSON line: a JSON string as it is, or
/// `{"bytes":"<hex>"}` (what a runner writes where the library's string
/// is not UTF-8) shown with U+FFFD where its bytes are not UTF-8. `None`
/// for anything else: `null`, an absent key.
pub(crate) fn runner_text(v: &Value) -> Option<Cow<'_, str>> {
    match v {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Object(o) => {
            let hex = o.get("bytes")?.as_str()?;
            let bytes: Vec<u8> = (0..hex.len() / 2)
                .filter_map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
                .collect();
            Some(Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()))
        }
        _ => None,
    }
}

/// The bytes in lower-case hex, two digits each, as the runners write a
/// string that is not UTF-8 (`{"bytes":"<hex>"}`) and notes give bytes.
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The getters of `java.net.URI` or `java.net.URL` that an answer's
/// components come from, whoever read them (the model, or a line of
/// `scripts/servers/JavaRunner.java`).
pub(crate) struct JavaGetters<'p> {
    pub scheme: Option<&'p str>,
    /// The user info, handed over whole.
    pub user_info: Option<&'p str>,
    pub host: Option<&'p str>,
    /// `-1`: none.
    pub port: i32,
    pub path: Option<&'p str>,
    pub query: Option<&'p str>,
    pub fragment: Option<&'p str>,
}

impl JavaGetters<'_> {
    /// The components, in serialization order: the user info split at its
    /// first `:` ([`userinfo`]), the port where it is not `-1`.
    pub(crate) fn components(&self) -> Vec<(Component, String)> {
        let (user, password) = userinfo(self.user_info);
        let port = (self.port != -1).then(|| self.port.to_string());
        present([
            (Component::Scheme, self.scheme),
            (Component::User, user),
            (Component::Password, password),
            (Component::Host, self.host),
            (Component::Port, port.as_deref()),
            (Component::Path, self.path),
            (Component::Query, self.query),
            (Component::Fragment, self.fragment),
        ])
    }
}

/// The refusal a `JavaRunner.java` answer (its `uri` or its `url`) records,
/// when it records one: the exception as Java prints it under `failure`,
/// then `base_failed` when it was the base's constructor that threw.
pub(crate) fn java_runner_refusal<C: Into<NoteCode>>(
    v: &Value,
    failure: C,
    base_failed: C,
) -> Option<Answer> {
    let s = |k: &str| v.get(k).and_then(Value::as_str);
    let refused = v.get("ok").and_then(Value::as_bool) != Some(true);
    refused.then(|| {
        let of_base = s("stage") == Some("base");
        refusal(
            failure,
            s("error").unwrap_or(""),
            of_base.then_some(base_failed),
        )
    })
}

/// The port of a `JavaRunner.java` answer as Java's getters give it:
/// `-1` for none.
pub(crate) fn java_runner_port(v: &Value) -> i32 {
    v.get("port")
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .unwrap_or(-1)
}

/// Asserts that `resolver` answers `request` traced as it does untraced,
/// with steps besides, and gives the untraced answer and the steps for
/// the resolver's own checks on them.
#[cfg(test)]
pub(crate) fn traced_as_untraced(
    resolver: impl super::Resolve,
    request: Request<'_>,
) -> (Answer, Vec<crate::engine::Step>) {
    let plain = resolver.resolve(&request);
    let traced = resolver.resolve(&request.traced());
    let steps = traced.trace.clone().map(|t| t.steps).unwrap_or_default();
    assert!(!steps.is_empty(), "no steps recorded");
    assert_eq!(
        Answer {
            trace: None,
            ..traced
        },
        plain
    );
    (plain, steps)
}

/// The codes of an answer's notes, in order, as their stable strings.
#[cfg(test)]
pub(crate) fn codes(answer: &Answer) -> Vec<&'static str> {
    answer.notes.iter().map(|n| n.code.as_str()).collect()
}

/// Asserts that an answer's components stand in serialization order.
#[cfg(test)]
pub(crate) fn assert_in_order(answer: &Answer) {
    let order: Vec<Component> = answer.components.iter().map(|(c, _)| *c).collect();
    assert!(order.is_sorted(), "{order:?}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_userinfo_splits_at_its_first_colon() {
        assert_eq!(userinfo(None), (None, None));
        assert_eq!(userinfo(Some("u")), (Some("u"), None));
        assert_eq!(userinfo(Some("u:")), (Some("u"), Some("")));
        assert_eq!(userinfo(Some("u:p:q")), (Some("u"), Some("p:q")));
    }

    #[test]
    fn runner_strings_are_text_or_bytes() {
        let line: Value = serde_json::json!({"s": "a", "b": {"bytes": "61ff"}, "n": null, "k": 1});
        assert_eq!(runner_text(&line["s"]).as_deref(), Some("a"));
        assert_eq!(runner_text(&line["b"]).as_deref(), Some("a\u{fffd}"));
        assert_eq!(runner_text(&line["n"]), None);
        assert_eq!(runner_text(&line["k"]), None);
        assert_eq!(runner_text(&line["absent"]), None);
        assert_eq!(hex(b"a\xff"), "61ff");
    }
}
