//! The JSON shapes of `batch` and `canon --json`: the request (read from a
//! loosely typed [`serde_json::Value`] so every mistake gets its own message),
//! the response, and [`answer`], which runs the engine on a request (or, for
//! the modes `whatwg`, `rfc3986` and `opc`, the [`resolvers`](crate::resolvers)).
//!
//! Responses are plain structs rather than `serde_json::Map`s so that the key
//! order is fixed by the declaration order, whatever serde_json features are on.

use serde::Serialize;
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
            Some(Value::String(s)) => s.clone(),
            None => return Err("missing \"input\" (a string)".to_owned()),
            Some(other) => return Err(format!("\"input\" must be a string, got {}", kind(other))),
        };
        // An empty base means "no base", as the engine and the window read it.
        let base = optional_string(obj.get("base"), "base")?.filter(|b| !b.is_empty());
        let encoding = match optional_string(obj.get("encoding"), "encoding")? {
            // An unknown label falls back to UTF-8 (`from_label` does that).
            Some(label) => QueryEncoding::from_label(&label),
            None => QueryEncoding::UTF8,
        };
        let mode = match optional_string(obj.get("mode"), "mode")? {
            Some(name) => Resolver::from_name(&name).ok_or_else(|| {
                format!(
                    "unknown \"mode\" {name:?}; expected one of {}",
                    quoted_list(Resolver::ALL.map(Resolver::name))
                )
            })?,
            None => Resolver::default(),
        };
        let until = match optional_string(obj.get("stage"), "stage")? {
            Some(name) => STAGES
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(&name))
                .map(|&(_, until)| until)
                .ok_or_else(|| {
                    format!(
                        "unknown \"stage\" {name:?}; expected one of {}",
                        quoted_list(STAGES.map(|(n, _)| n))
                    )
                })?,
            None => Until::default(),
        };
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
        Ok(Request {
            input,
            base,
            encoding,
            mode,
            until,
            trace,
        })
    }
}

/// A string field that may be absent or `null`.
fn optional_string(value: Option<&Value>, key: &str) -> Result<Option<String>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
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
