//! The JSON shapes of `batch` and `canon --json`: the request (read from a
//! loosely typed [`serde_json::Value`] so every mistake gets its own message),
//! the response, and [`answer`], which runs the engine on a request (or, for
//! the modes `whatwg`, `rfc3986` and `opc`, the [`resolvers`](crate::resolvers)).
//!
//! Responses are plain structs rather than `serde_json::Map`s so that the key
//! order is fixed by the declaration order, whatever serde_json features are on.

use serde::Serialize;
use serde_json::Value;

use crate::engine::{
    self, Component, Failure, NoTrace, Options, Outcome, ParsedUrl, QueryEncoding, Stage, Step,
    Trace, Until,
};
use crate::resolvers::{Answer, Note, Resolver};

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
    /// The response for an outcome, with the trace's steps when there is one.
    pub fn new(out: &Outcome, steps: Option<&[Step]>) -> Response {
        Response {
            invalid: out.url.invalid,
            canon: out.canon.clone(),
            components: Components::from(&out.url),
            notes: Vec::new(),
            failure: out.failure.as_ref().filter(|_| out.url.invalid).cloned(),
            trace: steps.map(|steps| steps.iter().map(StepJson::from).collect()),
        }
    }

    /// The response for another resolver's answer (no failure step, no trace).
    pub fn from_answer(answer: Answer) -> Response {
        Response {
            invalid: answer.invalid,
            canon: answer.canon,
            components: Components(answer.components),
            notes: answer.notes,
            failure: None,
            trace: None,
        }
    }
}

/// Runs the engine on a request; traces only when asked to. The resolvers
/// that are not the engine have no trace and ignore `trace`.
pub fn answer(req: &Request) -> Response {
    let base = req.base.as_deref();
    let Some(mode) = req.mode.mode() else {
        let answer = req
            .mode
            .resolve_until(&req.input, base, req.encoding, req.until);
        return Response::from_answer(answer);
    };
    let options = Options::default()
        .mode(mode)
        .until(req.until)
        .encoding(req.encoding)
        .base(base.unwrap_or_default())
        .keep(true);
    if req.trace {
        let mut trace = Trace::default();
        let out = engine::run(&req.input, &options, &mut trace);
        let notes = engine::notes::of_run(&req.input, &options, &out);
        Response::new(&out, Some(&trace.steps)).with_engine_notes(notes)
    } else {
        let out = engine::run(&req.input, &options, &mut NoTrace);
        let notes = engine::notes::of_run(&req.input, &options, &out);
        Response::new(&out, None).with_engine_notes(notes)
    }
}

impl Response {
    /// Adds the engine's notes, in the shape the other resolvers' notes
    /// have (the same `{"code", "message", "range"}` in JSON).
    fn with_engine_notes(mut self, notes: Vec<engine::Note>) -> Response {
        self.notes.extend(notes.into_iter().map(|n| Note {
            code: n.code.code(),
            message: n.message,
            range: n.range,
        }));
        self
    }
}

/// The `{"error": ...}` object a malformed batch line gets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorLine {
    pub error: String,
}
