//! The JSON shapes of `batch` and `canon --json`: the request (read from a
//! loosely typed [`serde_json::Value`] so every mistake gets its own message),
//! the response, and [`answer`], which runs the engine on a request (or, for
//! the modes `whatwg`, `rfc3986` and `opc`, the [`resolvers`](crate::resolvers)).
//!
//! Responses are plain structs rather than `serde_json::Map`s so that the key
//! order is fixed by the declaration order, whatever serde_json features are on.

use std::borrow::Cow;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{Component, Failure, ParsedUrl, QueryEncoding, Stage, Step, Until};
use crate::resolvers::{self, Answer, Note, Resolver};

/// The stage names a request may give, in order.
const STAGES: [(&str, Until); 3] = [
    ("parse", Until::Parse),
    ("resolve", Until::Resolve),
    ("canonicalize", Until::Canonicalize),
];

/// A checked request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub input: String,
    /// `None`: the spec's modes resolve the input against itself; `whatwg`
    /// and `rfc3986` have no base; `opc` takes the package root.
    pub base: Option<String>,
    pub encoding: QueryEncoding,
    /// One of the spec's modes or another resolver.
    pub mode: Resolver,
    pub until: Until,
    pub trace: bool,
}

impl Request {
    /// Checks one request object. Optional keys that are absent or `null` take
    /// their defaults; keys this format does not know are ignored, so callers
    /// may carry their own (an id, say) alongside.
    pub fn from_json(value: &Value) -> Result<Request, String> {
        let Value::Object(obj) = value else {
            return Err(format!("expected a JSON object, got {}", kind(value)));
        };
        let input = match obj.get("input") {
            Some(Value::String(s)) => s.as_str(),
            None => return Err("missing \"input\" (a string)".to_owned()),
            Some(other) => return Err(format!("\"input\" must be a string, got {}", kind(other))),
        };
        let base = optional_string(obj.get("base"), "base")?;
        let encoding = optional_string(obj.get("encoding"), "encoding")?;
        let mode = resolver_named(optional_string(obj.get("mode"), "mode")?)?;
        let until = stage_named(optional_string(obj.get("stage"), "stage")?)?;
        let trace = match obj.get("trace") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(format!(
                    "\"trace\" must be true or false, got {}",
                    kind(other)
                ));
            }
        };
        Ok(Request::new(input, base, encoding, mode, until, trace))
    }

    /// A request of checked parts.
    fn new(
        input: &str,
        base: Option<&str>,
        encoding: Option<&str>,
        mode: Resolver,
        until: Until,
        trace: bool,
    ) -> Request {
        Request {
            input: input.to_owned(),
            // An empty base means "no base", as the engine and the window read it.
            base: base.filter(|b| !b.is_empty()).map(str::to_owned),
            // An unknown label falls back to UTF-8 (`from_label` does that).
            encoding: encoding.map_or(QueryEncoding::UTF8, QueryEncoding::from_label),
            mode,
            until,
            trace,
        }
    }
}

/// The resolver a request names; absent: the default.
fn resolver_named(name: Option<&str>) -> Result<Resolver, String> {
    let Some(name) = name else {
        return Ok(Resolver::default());
    };
    Resolver::from_name(name).ok_or_else(|| {
        format!(
            "unknown \"mode\" {name:?}; expected one of {}",
            quoted_list(Resolver::ALL.map(Resolver::name))
        )
    })
}

/// The stage a request names; absent: the default.
fn stage_named(name: Option<&str>) -> Result<Until, String> {
    let Some(name) = name else {
        return Ok(Until::default());
    };
    STAGES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, until)| until)
        .ok_or_else(|| {
            format!(
                "unknown \"stage\" {name:?}; expected one of {}",
                quoted_list(STAGES.map(|(n, _)| n))
            )
        })
}

impl Request {
    /// Reads one request from its JSON text, with exactly the answers
    /// [`Request::from_json`] gives for the parsed value.
    pub fn from_text(text: &str) -> Result<Request, String> {
        // Most requests hold only strings, booleans and nulls under the keys
        // this format knows: those are read straight into their fields,
        // borrowing from the text, with no `Value` built. Anything else
        // (a wrong type, not an object, not JSON) takes the `Value` path,
        // so that every mistake gets the same message either way.
        if let Ok(Plain(fields)) = serde_json::from_str::<Plain>(text) {
            let f = fields;
            return Ok(Request::new(
                &f.input,
                f.base.as_deref(),
                f.encoding.as_deref(),
                // Every type is right here, so the first wrong name is the
                // mistake `from_json` would report.
                resolver_named(f.mode.as_deref())?,
                stage_named(f.stage.as_deref())?,
                f.trace,
            ));
        }
        let value: Value =
            serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
        Request::from_json(&value)
    }
}

/// The fields of a request whose values have the right JSON types, before
/// the names in them are checked (borrowed from the text where it has no
/// escapes).
#[derive(Default)]
struct Fields<'a> {
    input: Cow<'a, str>,
    base: Option<Cow<'a, str>>,
    encoding: Option<Cow<'a, str>>,
    mode: Option<Cow<'a, str>>,
    stage: Option<Cow<'a, str>>,
    trace: bool,
}

/// A request object whose known keys hold only what they may hold; failing
/// to read one means "use the `Value` path", never an answer of its own.
struct Plain<'a>(Fields<'a>);

/// A value as the known keys may hold it.
enum Loose<'a> {
    Null,
    Bool(bool),
    Str(Cow<'a, str>),
}

/// A key of a request object.
enum Key {
    Input,
    Base,
    Encoding,
    Mode,
    Stage,
    Trace,
    /// A key this format ignores.
    Other,
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                Ok(match key {
                    "input" => Key::Input,
                    "base" => Key::Base,
                    "encoding" => Key::Encoding,
                    "mode" => Key::Mode,
                    "stage" => Key::Stage,
                    "trace" => Key::Trace,
                    _ => Key::Other,
                })
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

impl<'de> Deserialize<'de> for Loose<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Loose<'de>, D::Error> {
        struct LooseVisitor;
        impl<'de> Visitor<'de> for LooseVisitor {
            type Value = Loose<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string, a boolean or null")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Loose<'de>, E> {
                Ok(Loose::Null)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Loose<'de>, E> {
                Ok(Loose::Bool(b))
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Loose<'de>, E> {
                Ok(Loose::Str(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Loose<'de>, E> {
                Ok(Loose::Str(Cow::Owned(s.to_owned())))
            }
        }
        d.deserialize_any(LooseVisitor)
    }
}

impl<'de> Deserialize<'de> for Plain<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Plain<'de>, D::Error> {
        struct PlainVisitor;
        impl<'de> Visitor<'de> for PlainVisitor {
            type Value = Plain<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a request object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Plain<'de>, A::Error> {
                let wrong = || de::Error::custom("not a plain request");
                let mut fields = Fields::default();
                let mut input = None;
                // A repeated key: the last one counts, as in a `Value`.
                while let Some(key) = map.next_key::<Key>()? {
                    let slot = match key {
                        Key::Input => {
                            input = match map.next_value()? {
                                Loose::Str(s) => Some(s),
                                _ => return Err(wrong()),
                            };
                            continue;
                        }
                        Key::Trace => {
                            fields.trace = match map.next_value()? {
                                Loose::Null => false,
                                Loose::Bool(b) => b,
                                Loose::Str(_) => return Err(wrong()),
                            };
                            continue;
                        }
                        Key::Other => {
                            // Read as a `Value` is, so that what `Value`
                            // rejects (a number out of range) fails here too.
                            map.next_value::<Value>()?;
                            continue;
                        }
                        Key::Base => &mut fields.base,
                        Key::Encoding => &mut fields.encoding,
                        Key::Mode => &mut fields.mode,
                        Key::Stage => &mut fields.stage,
                    };
                    *slot = match map.next_value()? {
                        Loose::Null => None,
                        Loose::Str(s) => Some(s),
                        Loose::Bool(_) => return Err(wrong()),
                    };
                }
                fields.input = input.ok_or_else(wrong)?;
                Ok(Plain(fields))
            }
        }
        d.deserialize_map(PlainVisitor)
    }
}

/// A string field that may be absent or `null`.
fn optional_string<'a>(value: Option<&'a Value>, key: &str) -> Result<Option<&'a str>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!(
            "{key:?} must be a string or null, got {}",
            kind(other)
        )),
    }
}

/// What sort of JSON value this is, for error messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `"a", "b", "c"`.
fn quoted_list<const N: usize>(names: [&str; N]) -> String {
    names.map(|n| format!("{n:?}")).join(", ")
}

/// The answer to a request, as `batch` and `canon --json` write it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Response {
    pub invalid: bool,
    /// `null` when the URL is invalid or canonicalization did not run.
    pub canon: Option<String>,
    pub components: Components,
    /// What a resolver other than the spec's modes has to say (validation
    /// errors, the rule that fails, ...); when invalid, the first is why.
    /// For the spec's modes, the engine's notes (`engine::notes`: look-alike
    /// hosts, unmappable query characters, ...). Left out when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Present only when the URL is invalid and the engine named a step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// Present only when a trace was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<StepJson>>,
}

/// The present components, in serialization order; absent ones are left out
/// (written as a JSON object keyed by component name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components(Vec<(Component, String)>);

impl From<&ParsedUrl> for Components {
    fn from(url: &ParsedUrl) -> Components {
        Components(url.components().map(|(c, v)| (c, v.to_owned())).collect())
    }
}

impl Components {
    /// The component `c`, if present.
    pub fn get(&self, c: Component) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.as_str())
    }
}

impl Serialize for Components {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (c, value) in &self.0 {
            map.serialize_entry(c.name(), value)?;
        }
        map.end()
    }
}

/// One step of a trace as the engine recorded it, with its entry of the
/// step table (stage, citation, explanation) spelled out, so the reader
/// needs nothing else to make sense of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepJson {
    #[serde(flatten)]
    pub step: Step,
    pub stage: Stage,
    pub citation: &'static str,
    pub explanation: &'static str,
}

impl From<&Step> for StepJson {
    fn from(s: &Step) -> StepJson {
        StepJson {
            step: s.clone(),
            stage: s.id.stage(),
            citation: s.id.citation(),
            explanation: s.id.explanation(),
        }
    }
}

impl Response {
    /// The response for `r`'s answer. The spec's modes name their failure
    /// apart (`failure`, with the step), so their notes are the engine's
    /// own, without the reason for invalidity that leads an answer's notes.
    pub fn from_answer(r: Resolver, answer: Answer) -> Response {
        let Answer {
            invalid,
            canon,
            components,
            notes,
            failure,
            trace,
            ..
        } = answer;
        let why_first = usize::from(invalid && r.mode().is_some());
        Response {
            invalid,
            canon,
            components: Components(components),
            notes: notes.into_iter().skip(why_first).collect(),
            failure,
            trace: trace.map(|t| t.steps.iter().map(StepJson::from).collect()),
        }
    }
}

/// Runs the request's resolver on it; traces only when asked to. Only the
/// spec's modes write a trace here: `batch` and `canon --json` document
/// the engine's steps, and the other resolvers answer without one.
pub fn answer(req: &Request) -> Response {
    let request = resolvers::Request {
        input: &req.input,
        base: req.base.as_deref(),
        encoding: req.encoding,
        until: req.until,
        trace: req.trace && req.mode.mode().is_some(),
    };
    Response::from_answer(req.mode, req.mode.resolve(&request))
}

/// The `{"error": ...}` object a malformed batch line gets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorLine {
    pub error: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `from_text` must answer exactly as `from_json` on the parsed value
    /// (or as the JSON error), whichever path it takes.
    fn through_value(text: &str) -> Result<Request, String> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
        Request::from_json(&value)
    }

    #[test]
    fn reading_the_text_directly_answers_as_reading_a_value() {
        let texts = [
            r#"{"input":"http://a/"}"#,
            r#"{"input":"http://a/\u00e9\"x\"","base":"http://b/","encoding":"windows-1252"}"#,
            r#"{"input":"a","base":"","mode":"gecko","stage":"Parse","trace":true}"#,
            r#"{"input":"a","base":null,"encoding":null,"mode":null,"stage":null,"trace":null}"#,
            r#"{"id":[1,{"x":2.5}],"input":"a","extra":null}"#,
            r#"{"input":"a","input":"b"}"#,
            r#"{"input":1,"input":"b"}"#,
            r#"{"input":"b","input":1}"#,
            r#"{"inp\u0075t":"escaped key"}"#,
            r#"{"input":"a","big":1e400}"#,
            r#"{"input":"a","mode":"netscape","stage":5}"#,
            r#"{"input":"a","mode":"netscape","stage":"all"}"#,
            r#"{"input":"a","stage":"all","trace":"yes"}"#,
            r#"{"input":"a","trace":"yes"}"#,
            r#"{"input":"a","base":true}"#,
            r#"{"input":"\ud800"}"#,
            r#"{"input":null}"#,
            r#"{"base":"http://b/"}"#,
            r#"{"input":"a"} x"#,
            r#"{"input":"a""#,
            r#"["input"]"#,
            r#""input""#,
            "  {\"input\" : \"a\" }  ",
        ];
        for text in texts {
            assert_eq!(Request::from_text(text), through_value(text), "{text}");
        }
    }
}
