//! The JSON shapes of `batch` and `canon --json`: the request (read from a
//! loosely typed [`serde_json::Value`] so every mistake gets its own message),
//! the response, and [`answer`], which runs the engine on a request (or, for
//! the modes `whatwg`, `rfc3986` and `opc`, the [`resolvers`](crate::resolvers)).
//!
//! A request may carry `"set"`, an object of URL API setters (`"hostname"`,
//! `"search"`, ...; the ten of [`Setter`]) applied in the order written
//! after the input is parsed as `whatwg` parses it; the answer is then that
//! of [`setters::apply`]. Its keys are read in the order of the text (a
//! JSON object's order is kept by reading it as a list of pairs).
//!
//! Responses are plain structs rather than `serde_json::Map`s so that the key
//! order is fixed by the declaration order, whatever serde_json features are on.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::canon_forms::FormOptions;
use super::setters::{self, Setter, SetterCall};
use super::{self as resolvers, Answer, Note, Resolver};
use crate::engine::preprocess::preprocess;
use crate::engine::trace::{RecordSnapshot, RecordView};
use crate::engine::url_standard::{self, site};
use crate::engine::{
    Component, Failure, NoTrace, ParsedUrl, QueryEncoding, Stage, Step, StepId, Until,
};

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
    /// The setters to apply after parsing, in order (`"set"`); `None`
    /// when the request has none.
    pub set: Option<Vec<SetterCall>>,
    /// The canonical forms' switches (the command line's `--surt-options`
    /// and `--keep-fragments`).
    pub forms: FormOptions,
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
        let mode_name = optional_string(obj.get("mode"), "mode")?;
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
        // Read only when `from_text`'s ordered reading failed, which it
        // does only on a mistake that this reports: the order of a
        // `Value`'s keys does not matter then.
        let set = match obj.get("set") {
            None | Some(Value::Null) => None,
            Some(Value::Object(calls)) => Some(
                calls
                    .iter()
                    .map(|(name, value)| match value {
                        Value::String(v) => Ok((name.clone(), v.clone())),
                        other => Err(format!(
                            "\"set\".{name:?} must be a string, got {}",
                            kind(other)
                        )),
                    })
                    .collect::<Result<Vec<_>, String>>()?,
            ),
            Some(other) => return Err(format!("\"set\" must be an object, got {}", kind(other))),
        };
        let (mode, set) = mode_and_setters(mode_name, set)?;
        let until = stage_named(optional_string(obj.get("stage"), "stage")?)?;
        Ok(Request::new(input, base, encoding, mode, until, trace).with_set(set))
    }

    /// The request with the setters `set` to apply.
    fn with_set(self, set: Option<Vec<SetterCall>>) -> Request {
        Request { set, ..self }
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
            set: None,
            forms: FormOptions::default(),
        }
    }
}

/// The resolver a request names and its setters, checked together: a
/// request with `"set"` is parsed as `whatwg` parses it (the setters are
/// the URL Standard's API), so its mode is `whatwg` or absent.
fn mode_and_setters(
    mode: Option<&str>,
    set: Option<Vec<(String, String)>>,
) -> Result<(Resolver, Option<Vec<SetterCall>>), String> {
    let Some(pairs) = set else {
        return Ok((resolver_named(mode)?, None));
    };
    let resolver = match mode {
        None => Resolver::Whatwg,
        Some(name) => resolver_named(Some(name))?,
    };
    if resolver != Resolver::Whatwg {
        return Err(format!(
            "\"set\" needs \"mode\": \"whatwg\" (the setters are the URL Standard's URL API), got {:?}",
            resolver.name()
        ));
    }
    let calls = pairs
        .into_iter()
        .map(|(name, value)| match Setter::from_name(&name) {
            Some(setter) => Ok(SetterCall::Set(setter, value)),
            None => Err(format!(
                "unknown setter {name:?} in \"set\"; expected one of {}",
                quoted_list(Setter::ALL.map(Setter::name))
            )),
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((resolver, Some(calls)))
}

/// The resolver a request names; absent: the default.
fn resolver_named(name: Option<&str>) -> Result<Resolver, String> {
    let Some(name) = name else {
        return Ok(Resolver::default());
    };
    Resolver::from_name(name).ok_or_else(|| {
        format!(
            "unknown \"mode\" {name:?}; expected one of {}",
            quoted_list(Resolver::EVERY.map(Resolver::name))
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
            // Every type is right here, so the first wrong name is the
            // mistake `from_json` would report.
            let (mode, set) = mode_and_setters(f.mode.as_deref(), f.set)?;
            return Ok(Request::new(
                &f.input,
                f.base.as_deref(),
                f.encoding.as_deref(),
                mode,
                stage_named(f.stage.as_deref())?,
                f.trace,
            )
            .with_set(set));
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
    /// `"set"`'s pairs, in the order written.
    set: Option<Vec<(String, String)>>,
}

/// The pairs of a `"set"` object in the order written, every value a
/// string (anything else fails, sending the request down the `Value` path
/// for its message).
struct OrderedPairs(Vec<(String, String)>);

impl<'de> Deserialize<'de> for OrderedPairs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OrderedPairs, D::Error> {
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = OrderedPairs;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of strings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedPairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    pairs.push((name, map.next_value::<String>()?));
                }
                Ok(OrderedPairs(pairs))
            }
        }
        d.deserialize_map(PairsVisitor)
    }
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
    Set,
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
                    "set" => Key::Set,
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
                        Key::Set => {
                            fields.set = map.next_value::<Option<OrderedPairs>>()?.map(|p| p.0);
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
    /// A key besides the canonical URL (urlcanon's SSURT); left out when
    /// the resolver makes none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The expressions a Safe Browsing client looks up; left out when
    /// empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lookups: Vec<String>,
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
/// needs nothing else to make sense of it. In a `batch` stream the entry
/// is written with a step id's first step only (`explain_once`):
/// it is the same text each time, and most of a trace's bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepJson {
    #[serde(flatten)]
    pub step: Step,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<Stage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citation: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<&'static str>,
}

impl From<Step> for StepJson {
    fn from(step: Step) -> StepJson {
        let id = step.id;
        StepJson {
            step,
            stage: Some(id.stage()),
            citation: Some(id.citation()),
            explanation: Some(id.explanation()),
        }
    }
}

impl StepJson {
    /// Appends the step as compact JSON, byte for byte what serde_json
    /// writes for it (its fields in the order `Step` declares them), with
    /// its strings copied whole when nothing in them needs an escape: a
    /// traced answer is mostly these strings.
    fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        let s = &self.step;
        out.extend_from_slice(b"{\"id\":");
        push_json_str(s.id.id(), out)?;
        if let Some(component) = s.component {
            push_field(out, "component", &component)?;
        }
        if let Some(before) = &s.before {
            push_str_field(out, "before", before)?;
        }
        if let Some(after) = &s.after {
            push_str_field(out, "after", after)?;
        }
        if s.changes {
            out.extend_from_slice(b",\"changes\":true");
        }
        if let Some(mode) = s.mode {
            push_field(out, "mode", &mode)?;
        }
        if let Some(decision) = &s.decision {
            push_str_field(out, "decision", decision)?;
        }
        if let Some(range) = &s.range {
            push_field(out, "range", range)?;
        }
        if s.failed {
            out.extend_from_slice(b",\"failed\":true");
        }
        if s.of_base {
            out.extend_from_slice(b",\"of_base\":true");
        }
        if let Some(len) = s.output_len {
            push_field(out, "output_len", &len)?;
        }
        if let Some(pointer) = s.pointer {
            push_field(out, "pointer", &pointer)?;
        }
        if let Some(c) = s.code_point {
            push_str_field(out, "code_point", c.encode_utf8(&mut [0; 4]))?;
        }
        if let Some(buffer) = &s.buffer {
            push_str_field(out, "buffer", buffer)?;
        }
        if let Some(record) = &s.record {
            out.extend_from_slice(b",\"record\":");
            write_record(&record.view(), out)?;
        }
        if let Some(error) = &s.validation_error {
            push_str_field(out, "validation_error", error)?;
        }
        if let Some(stage) = self.stage {
            push_field(out, "stage", &stage)?;
        }
        if let Some(citation) = self.citation {
            push_str_field(out, "citation", citation)?;
        }
        if let Some(explanation) = self.explanation {
            push_str_field(out, "explanation", explanation)?;
        }
        out.push(b'}');
        Ok(())
    }
}

/// Appends a record as serde_json writes a [`RecordView`].
fn write_record(r: &RecordView<'_>, out: &mut Vec<u8>) -> serde_json::Result<()> {
    out.extend_from_slice(b"{\"scheme\":");
    push_json_str(r.scheme, out)?;
    push_str_field(out, "username", r.username)?;
    push_str_field(out, "password", r.password)?;
    if let Some(host) = r.host {
        push_str_field(out, "host", host)?;
    }
    if let Some(port) = r.port {
        push_field(out, "port", &port)?;
    }
    push_str_field(out, "path", r.path)?;
    if let Some(segments) = r.segments {
        out.extend_from_slice(b",\"segments\":[");
        for (i, segment) in segments.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            push_json_str(segment, out)?;
        }
        out.push(b']');
    }
    if let Some(query) = r.query {
        push_str_field(out, "query", query)?;
    }
    if let Some(fragment) = r.fragment {
        push_str_field(out, "fragment", fragment)?;
    }
    out.push(b'}');
    Ok(())
}

/// Appends `,"name":` and `value` as a JSON string.
fn push_str_field(out: &mut Vec<u8>, name: &str, value: &str) -> serde_json::Result<()> {
    push_key(out, name);
    push_json_str(value, out)
}

/// Appends `,"name":` and `value` as serde_json writes it.
fn push_field(out: &mut Vec<u8>, name: &str, value: &impl Serialize) -> serde_json::Result<()> {
    push_key(out, name);
    serde_json::to_writer(out, value)
}

/// Appends `,"name":` (the names are this file's own: nothing to escape).
fn push_key(out: &mut Vec<u8>, name: &str) {
    out.push(b',');
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
}

impl Response {
    /// Shortens the trace for a stream of answers, leaving out what the
    /// reader has already been given:
    /// - the step table's entry (stage, citation, explanation) of every
    ///   step whose id is in `explained` already; the others' ids are
    ///   added to it, so over a stream each entry is written once;
    /// - a step's record when it is the record the step before it left
    ///   (the record stands until a step gives another).
    pub fn shorten_for_stream(&mut self, explained: &mut HashSet<StepId>) {
        let mut standing: Option<RecordSnapshot> = None;
        for s in self.trace.iter_mut().flatten() {
            if !explained.insert(s.step.id) {
                s.stage = None;
                s.citation = None;
                s.explanation = None;
            }
            if let Some(record) = &s.step.record {
                if standing.as_ref() == Some(record) {
                    s.step.record = None;
                } else {
                    standing = Some(record.clone());
                }
            }
        }
    }
}

impl Response {
    /// Why the URL is invalid, in the sentence `canon` prints: the reason,
    /// the text of the input it is about, and the step that failed with
    /// what it cites (`invalid URL: the port is larger than 65535: "99999"
    /// (step canon.port.invalid: …)`); for a resolver without steps, its
    /// first note and the note's code. `input` is the request's input (the
    /// failure's range is in it after preprocessing).
    pub fn why_invalid(&self, input: &str) -> String {
        let Some(f) = &self.failure else {
            // The other resolvers say why in their first note.
            return match self.notes.first() {
                Some(note) => format!("invalid URL: {} ({})", note.message, note.code),
                None => "invalid URL (the resolver named no reason)".to_owned(),
            };
        };
        let pre = preprocess(input, &mut NoTrace);
        let at = match f.range.clone().and_then(|r| pre.get(r)) {
            Some(text) if !text.is_empty() => format!(": {text:?}"),
            _ => String::new(),
        };
        format!(
            "invalid URL: {}{at} (step {}: {})",
            f.reason,
            f.step.id(),
            f.step.citation()
        )
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
            forms,
        } = answer;
        let why_first = usize::from(invalid && r.mode().is_some());
        Response {
            invalid,
            canon,
            components: Components(components),
            notes: notes.into_iter().skip(why_first).collect(),
            failure,
            key: forms.key,
            lookups: forms.lookups,
            trace: trace.map(|t| t.steps.into_iter().map(StepJson::from).collect()),
        }
    }
}

impl Response {
    /// Appends the response to `out` as compact JSON, byte for byte what
    /// `serde_json::to_writer` writes for it. The fields every answer has
    /// are written here, their strings copied as they are when nothing in
    /// them needs an escape (most URLs); the rare ones go through serde.
    pub fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        out.extend_from_slice(if self.invalid {
            b"{\"invalid\":true,\"canon\":"
        } else {
            b"{\"invalid\":false,\"canon\":"
        });
        match &self.canon {
            Some(canon) => push_json_str(canon, out)?,
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"components\":{");
        for (i, (c, value)) in self.components.0.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            // Component names are lowercase ASCII letters: nothing to escape.
            out.push(b'"');
            out.extend_from_slice(c.name().as_bytes());
            out.extend_from_slice(b"\":");
            push_json_str(value, out)?;
        }
        out.push(b'}');
        if !self.notes.is_empty() {
            out.extend_from_slice(b",\"notes\":");
            serde_json::to_writer(&mut *out, &self.notes)?;
        }
        if let Some(failure) = &self.failure {
            out.extend_from_slice(b",\"failure\":");
            serde_json::to_writer(&mut *out, failure)?;
        }
        if let Some(key) = &self.key {
            out.extend_from_slice(b",\"key\":");
            push_json_str(key, out)?;
        }
        if !self.lookups.is_empty() {
            out.extend_from_slice(b",\"lookups\":");
            serde_json::to_writer(&mut *out, &self.lookups)?;
        }
        if let Some(trace) = &self.trace {
            out.extend_from_slice(b",\"trace\":[");
            for (i, step) in trace.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                step.write_json(out)?;
            }
            out.push(b']');
        }
        out.push(b'}');
        Ok(())
    }
}

/// Appends `s` as a JSON string, as serde_json writes it: copied between
/// quotes when it holds no byte JSON escapes (RFC 8259, section 7: a
/// control character, `"` or `\\`), else escaped by serde_json.
fn push_json_str(s: &str, out: &mut Vec<u8>) -> serde_json::Result<()> {
    if needs_escape(s.as_bytes()) {
        return serde_json::to_writer(out, s);
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
    Ok(())
}

/// Whether `bytes` holds a byte below 0x20, `"` or `\\`: eight bytes at a
/// time, since every string of every answer is checked. (A word has a byte
/// below `n` when `x - n` borrows into the top bit of a byte whose own top
/// bit is clear; a byte equal to `c` is a zero byte of `x ^ c`.)
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & TOPS;
    let mut chunks = bytes.chunks_exact(8);
    let mut found = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        found |= below(x, 0x20) | below(x ^ (ONES * 0x22), 1) | below(x ^ (ONES * 0x5C), 1);
    }
    found != 0
        || chunks
            .remainder()
            .iter()
            .any(|&b| b < 0x20 || b == b'"' || b == b'\\')
}

/// Runs the request's resolver on it; traces only when asked to (a
/// resolver that records no steps answers without a trace).
pub fn answer(req: &Request) -> Response {
    let request = resolver_request(req);
    if let Some(calls) = &req.set {
        return Response::from_answer(req.mode, setters::apply(&request, calls));
    }
    Response::from_answer(req.mode, req.mode.resolve(&request))
}

/// The resolvers' form of a checked request.
pub fn resolver_request(req: &Request) -> resolvers::Request<'_> {
    resolvers::Request {
        input: &req.input,
        base: req.base.as_deref(),
        encoding: req.encoding,
        until: req.until,
        trace: req.trace,
        forms: req.forms,
    }
}

/// `canon --json`'s object (and the Python package's `parse`): `batch`'s
/// answer, then the site when there is one.
#[derive(Serialize)]
pub struct CanonJson<'a> {
    #[serde(flatten)]
    pub response: &'a Response,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<SiteJson>,
}

/// The `"site"` object of `canon --json` and `compare --json` (never of
/// `batch`): what a browser derives from the URL's origin (HTML Standard,
/// obtain a site; URL Standard, host public suffix and registrable domain)
/// and how it stands to the base's origin, with the Public Suffix List used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SiteJson {
    /// The origin serialized (`null` when opaque).
    pub origin: String,
    /// The site serialized (`null` when the origin is opaque).
    pub site: String,
    pub registrable_domain: Option<String>,
    pub public_suffix: Option<String>,
    /// The part of the list that decided the public suffix: `icann`,
    /// `private` or `default-rule` (no rule matched: `*`).
    pub public_suffix_section: Option<&'static str>,
    /// `null` when there is no base (or the base is no URL to this resolver).
    pub same_origin_as_base: Option<bool>,
    pub same_site_as_base: Option<bool>,
    /// The Public Suffix List's date and the crate that carries it.
    pub list: &'static str,
}

impl SiteJson {
    /// The JSON form of a URL's site facts.
    pub fn of(facts: &site::SiteFacts) -> SiteJson {
        SiteJson {
            origin: facts.origin.to_string(),
            site: facts.site.to_string(),
            registrable_domain: facts.registrable_domain.clone(),
            public_suffix: facts.public_suffix.as_ref().map(|(s, _)| s.clone()),
            public_suffix_section: facts
                .public_suffix
                .as_ref()
                .map(|(_, section)| section.name()),
            same_origin_as_base: facts.base.as_ref().map(|b| b.same_origin),
            same_site_as_base: facts.base.as_ref().map(|b| b.same_site),
            list: site::PSL_LIST,
        }
    }
}

/// Whether `r` answers with the href of a URL Standard record: the
/// Standard itself and today's browsers as modelled (not the live
/// browsers: asking one again for the base would cost a browser's run).
pub fn answers_a_url_record(r: Resolver) -> bool {
    matches!(
        r,
        Resolver::Whatwg | Resolver::Chromium | Resolver::Firefox | Resolver::WebKit
    )
}

/// The site facts of `resp`, `req`'s answer, for a resolver that answers
/// a URL Standard record: its href read back by the Standard's parser,
/// against the base's href as the same resolver answers it alone. `None`
/// for other resolvers and for an invalid URL.
pub fn site_facts(req: &Request, resp: &Response) -> Option<site::SiteFacts> {
    if !answers_a_url_record(req.mode) {
        return None;
    }
    let standard = |href: &str| {
        url_standard::parse(href, None, QueryEncoding::UTF8, &mut NoTrace)
            .url
            .ok()
    };
    let url = standard(resp.canon.as_deref().filter(|_| !resp.invalid)?)?;
    let base = req.base.as_deref().and_then(|text| {
        let alone = resolvers::Request::new(text).with_encoding(req.encoding);
        let answer = req.mode.resolve(&alone);
        standard(answer.valid_canon()?)
    });
    Some(site::facts(&url, base.as_ref()))
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
    fn a_response_is_written_as_serde_json_writes_it() {
        let inputs = [
            "http://example.com/a?b#c",
            "http://u:p@example.com:8080/a%20b",
            "http://a/\"quoted\"\\back\u{7f}\u{1}é日本",
            "http://раураl.com/\t<>",
            "http://a:99999/",
            "a/b",
            "",
            "http://a/0123456789abcdef\"0123456789abcdef\\",
        ];
        let mut explained = HashSet::new();
        for input in inputs {
            for mode in Resolver::ALL {
                for (trace, base) in [(false, None), (true, None), (true, Some("http://b/c/d"))] {
                    let req = Request::new(input, base, None, mode, Until::Canonicalize, trace);
                    let mut response = answer(&req);
                    // As `canon --json` writes it, then as a `batch` stream does.
                    for _ in 0..2 {
                        let mut written = Vec::new();
                        response.write_json(&mut written).unwrap();
                        let expected = serde_json::to_vec(&response).unwrap();
                        assert_eq!(
                            String::from_utf8_lossy(&written),
                            String::from_utf8_lossy(&expected),
                            "{input:?} {mode:?}"
                        );
                        response.shorten_for_stream(&mut explained);
                    }
                }
            }
        }
    }

    #[test]
    fn a_stream_leaves_out_only_records_the_reader_can_carry_forward() {
        let inputs = [
            "http://u@example.com:81/a/./b/../c?q#f",
            "a\\b",
            "https://a%2Fb/",
        ];
        let mut explained = HashSet::new();
        let mut left_out = 0;
        for input in inputs {
            let req = Request::new(
                input,
                Some("http://b/c"),
                None,
                Resolver::Whatwg,
                Until::Canonicalize,
                true,
            );
            let full = answer(&req);
            let mut short = full.clone();
            short.shorten_for_stream(&mut explained);
            let mut standing = None;
            for (f, s) in full
                .trace
                .iter()
                .flatten()
                .zip(short.trace.iter().flatten())
            {
                if s.step.record.is_some() {
                    standing = s.step.record.clone();
                } else if f.step.record.is_some() {
                    left_out += 1;
                }
                if f.step.record.is_some() {
                    assert_eq!(standing, f.step.record, "{input:?} {}", f.step.id);
                }
            }
        }
        assert!(left_out > 10, "records left out: {left_out}");
    }

    #[test]
    fn every_byte_that_json_escapes_is_found_at_every_place() {
        for b in 0u8..0x80 {
            let escaped = b < 0x20 || b == b'"' || b == b'\\';
            for at in 0..20 {
                let mut bytes = vec![b'a'; 20];
                bytes[at] = b;
                assert_eq!(needs_escape(&bytes), escaped, "{b:#x} at {at}");
            }
        }
        assert!(!needs_escape("é日本\u{7f}\u{FFFF}".as_bytes()));
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
