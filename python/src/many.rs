//! Columns at a time: `canon_many` and `parse_many`. The rows are cut into
//! chunks computed on rayon's pool with the GIL released; each chunk fills
//! its own pieces of the output columns ([`build`](crate::build)), joined
//! in row order at the end.
//!
//! A row's answer is the table's (`url-inspector table`): the canonical URL
//! or, when invalid, the table's reason ([`row::outcome`]); the codes of the
//! answer's notes, each once, in the order raised; a resolver that panics
//! (a bug) gives the table's internal-error cell, not a crash. A null input
//! gives a null row; an input that is no Unicode (a lone surrogate) an
//! invalid row that says so.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StructArray};
use arrow_pyarrow::ToPyArrow;
use arrow_schema::{Field, Fields};
use pyo3::prelude::*;
use rayon::prelude::*;
use url_inspector::engine::{Component, QueryEncoding};
use url_inspector::resolvers::{Answer, Request, Resolver};
use url_inspector::table::row::{self, NOTE_INTERNAL_ERROR};

use crate::build::{self, StringLists, Strings};
use crate::column::{Column, Value};
use crate::options;

/// Rows per chunk: enough to make a task's overhead small, few enough
/// that two cores share a 100,000-row column evenly.
const CHUNK: usize = 2048;

/// The code of the note on a row whose input is no Unicode.
pub const NOTE_NOT_UNICODE: &str = "python.not-unicode";

/// What one row came to.
enum Outcome {
    /// A null input.
    Null,
    /// The resolver's answer.
    Answer(Answer),
    /// No answer: an input that is no Unicode, or a resolver that
    /// panicked; why, in the table's words, and the note's code.
    Refused(String, &'static str),
}

/// The question every row of a call is asked.
#[derive(Clone, Copy)]
struct Job {
    resolver: Resolver,
    encoding: QueryEncoding,
}

impl Job {
    /// Row `i`'s outcome.
    fn row(self, inputs: &Column, bases: &Column, i: usize) -> Outcome {
        let input = match inputs.get(i) {
            Value::Null => return Outcome::Null,
            Value::Unreadable(why) => return Outcome::unreadable(why),
            Value::Text(s) => s,
        };
        let base = match bases.get(i) {
            Value::Text(b) => Some(b),
            Value::Null => None,
            Value::Unreadable(why) => return Outcome::unreadable(why),
        };
        let request = Request::new(input)
            .with_base(base)
            .with_encoding(self.encoding);
        let resolver = self.resolver;
        match panic::catch_unwind(AssertUnwindSafe(|| resolver.resolve(&request))) {
            Ok(answer) => Outcome::Answer(answer),
            Err(_) => Outcome::panicked(resolver),
        }
    }

    /// Every row's outcome for a live resolver, asked in one batch (a
    /// browser or a runtime is one process, asked a chunk at a time).
    fn live_rows(self, inputs: &Column, bases: &Column, rows: usize) -> Vec<Outcome> {
        let texts: Vec<(usize, &str, Option<&str>)> = (0..rows)
            .filter_map(|i| match (inputs.get(i), bases.get(i)) {
                (Value::Text(s), Value::Text(b)) => Some((i, s, Some(b))),
                (Value::Text(s), Value::Null) => Some((i, s, None)),
                _ => None,
            })
            .collect();
        let requests: Vec<Request<'_>> = texts
            .iter()
            .map(|(_, s, b)| Request::new(s).with_base(*b).with_encoding(self.encoding))
            .collect();
        let mut answers = self.resolver.resolve_many(&requests).into_iter();
        let mut next = texts.iter().map(|(i, _, _)| *i).peekable();
        (0..rows)
            .map(|i| {
                if next.peek() == Some(&i) {
                    next.next();
                    return answers
                        .next()
                        .map_or_else(|| Outcome::panicked(self.resolver), Outcome::Answer);
                }
                self.row(inputs, bases, i)
            })
            .collect()
    }
}

impl Outcome {
    fn unreadable(why: &str) -> Outcome {
        Outcome::Refused(why.to_owned(), NOTE_NOT_UNICODE)
    }

    fn panicked(resolver: Resolver) -> Outcome {
        let why = row::panicked(resolver)
            .reason()
            .unwrap_or_default()
            .to_owned();
        Outcome::Refused(why, NOTE_INTERNAL_ERROR)
    }

    /// What the row's table cell says: `Ok` with the canonical URL or
    /// `Err` with why the input is invalid; `None` for a null input.
    fn verdict(&self) -> Option<Result<&str, &str>> {
        match self {
            Outcome::Null => None,
            Outcome::Answer(answer) => Some(row::outcome(answer)),
            Outcome::Refused(why, _) => Some(Err(why)),
        }
    }

    /// The codes of the notes raised, each once, in the order raised.
    fn notes(&self) -> Vec<&'static str> {
        match self {
            Outcome::Null => Vec::new(),
            Outcome::Refused(_, code) => vec![*code],
            Outcome::Answer(answer) => {
                let mut codes: Vec<&'static str> = Vec::with_capacity(answer.notes.len());
                for note in &answer.notes {
                    let code = note.code.as_str();
                    if !codes.contains(&code) {
                        codes.push(code);
                    }
                }
                codes
            }
        }
    }
}

/// The rows' outcomes, chunk by chunk, each chunk turned into its pieces by
/// `fill` on a worker, in row order.
fn chunks<P: Send>(
    job: Job,
    inputs: &Column,
    bases: &Column,
    rows: usize,
    fill: impl Fn(&mut dyn Iterator<Item = Outcome>) -> P + Sync,
) -> Vec<P> {
    if job.resolver.is_live() {
        let all = job.live_rows(inputs, bases, rows);
        return vec![fill(&mut all.into_iter())];
    }
    let starts: Vec<usize> = (0..rows).step_by(CHUNK).collect();
    starts
        .into_par_iter()
        .map(|start| {
            let end = (start + CHUNK).min(rows);
            fill(&mut (start..end).map(|i| job.row(inputs, bases, i)))
        })
        .collect()
}

/// The arguments of both functions, read and checked.
fn read_args(
    inputs: &Bound<'_, PyAny>,
    bases: Option<&Bound<'_, PyAny>>,
    mode: &str,
    encoding: &str,
) -> PyResult<(Job, Column, Column, usize)> {
    let job = Job {
        resolver: options::resolver(mode)?,
        encoding: options::encoding(encoding)?,
    };
    let inputs = Column::read(inputs, "inputs")?;
    let rows = inputs.len().unwrap_or(0);
    let bases = Column::read_bases(bases)?;
    bases.check_rows(rows)?;
    Ok((job, inputs, bases, rows))
}

/// The canonical URL of every input, as a pyarrow `string` array
/// (`large_string` past 2 GiB of text): null where the input is invalid or
/// null. `inputs`: a list of str (or None), or an Arrow array of strings;
/// `bases`: None, one str for every row, or a column like `inputs`.
/// Computed on every core with the GIL released.
#[pyfunction]
#[pyo3(signature = (inputs, bases=None, mode="whatwg", encoding="utf-8"))]
pub fn canon_many<'py>(
    py: Python<'py>,
    inputs: &Bound<'py, PyAny>,
    bases: Option<&Bound<'py, PyAny>>,
    mode: &str,
    encoding: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (job, inputs, bases, rows) = read_args(inputs, bases, mode, encoding)?;
    let array = py.detach(|| {
        let pieces = chunks(
            job,
            &inputs,
            &bases,
            rows,
            |outcomes: &mut dyn Iterator<Item = Outcome>| {
                let mut canons = Strings::with_capacity(CHUNK);
                for o in outcomes {
                    canons.push(o.verdict().and_then(Result::ok));
                }
                canons
            },
        );
        build::strings(&pieces.iter().collect::<Vec<_>>())
    });
    array.to_data().to_pyarrow(py)
}

/// The fields of `parse_many`'s struct, in order, after `invalid`,
/// `canon` and `error`; then `notes`.
const COMPONENTS: [Component; 8] = Component::ALL;

/// One chunk's pieces of `parse_many`'s columns.
struct Parsed {
    present: Vec<bool>,
    invalid: Vec<bool>,
    canon: Strings,
    error: Strings,
    components: [Strings; 8],
    notes: StringLists,
}

impl Parsed {
    fn new() -> Parsed {
        Parsed {
            present: Vec::with_capacity(CHUNK),
            invalid: Vec::with_capacity(CHUNK),
            canon: Strings::with_capacity(CHUNK),
            error: Strings::default(),
            components: std::array::from_fn(|_| Strings::default()),
            notes: StringLists::default(),
        }
    }

    fn push(&mut self, o: Outcome) {
        let Some(verdict) = o.verdict() else {
            self.present.push(false);
            self.invalid.push(false);
            self.canon.push(None);
            self.error.push(None);
            for c in &mut self.components {
                c.push(None);
            }
            self.notes.push(None::<[&str; 0]>);
            return;
        };
        self.present.push(true);
        self.invalid.push(verdict.is_err());
        self.canon.push(verdict.ok());
        self.error.push(verdict.err());
        let answer = match &o {
            Outcome::Answer(answer) => Some(answer),
            _ => None,
        };
        for (strings, c) in self.components.iter_mut().zip(COMPONENTS) {
            strings.push(answer.and_then(|a| a.get(c)));
        }
        self.notes.push(Some(o.notes()));
    }
}

/// Every input's answer as a pyarrow struct array with the fields
/// `invalid` (bool), `canon` (the canonical URL, null when invalid),
/// `error` (why invalid, the table's reason), `scheme`, `user`,
/// `password`, `host`, `port`, `path`, `query`, `fragment` (the components
/// as the resolver reports them, null when absent) and `notes` (the codes
/// of the notes raised, each once). A null input is a null row. Arguments
/// as for `canon_many`.
#[pyfunction]
#[pyo3(signature = (inputs, bases=None, mode="whatwg", encoding="utf-8"))]
pub fn parse_many<'py>(
    py: Python<'py>,
    inputs: &Bound<'py, PyAny>,
    bases: Option<&Bound<'py, PyAny>>,
    mode: &str,
    encoding: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (job, inputs, bases, rows) = read_args(inputs, bases, mode, encoding)?;
    let array = py.detach(|| {
        let pieces = chunks(
            job,
            &inputs,
            &bases,
            rows,
            |outcomes: &mut dyn Iterator<Item = Outcome>| {
                let mut parsed = Parsed::new();
                for o in outcomes {
                    parsed.push(o);
                }
                parsed
            },
        );
        parsed_struct(&pieces, rows)
    });
    array.to_data().to_pyarrow(py)
}

/// The chunks' pieces joined into `parse_many`'s struct column.
fn parsed_struct(pieces: &[Parsed], rows: usize) -> ArrayRef {
    let strings =
        |f: &dyn Fn(&Parsed) -> &Strings| build::strings(&pieces.iter().map(f).collect::<Vec<_>>());
    let mut columns: Vec<(&str, ArrayRef)> = vec![
        (
            "invalid",
            build::booleans(pieces.iter().flat_map(|p| p.invalid.iter().copied()), None),
        ),
        ("canon", strings(&|p| &p.canon)),
        ("error", strings(&|p| &p.error)),
    ];
    for (k, c) in COMPONENTS.iter().enumerate() {
        columns.push((c.name(), strings(&|p| &p.components[k])));
    }
    columns.push((
        "notes",
        build::string_lists(&pieces.iter().map(|p| &p.notes).collect::<Vec<_>>()),
    ));
    let nulls = build::nulls(pieces.iter().flat_map(|p| p.present.iter().copied()), rows);
    let fields: Fields = columns
        .iter()
        .map(|(name, a)| Arc::new(Field::new(*name, a.data_type().clone(), true)))
        .collect();
    let arrays = columns.into_iter().map(|(_, a)| a).collect();
    Arc::new(
        StructArray::try_new(fields, arrays, nulls)
            .unwrap_or_else(|e| unreachable!("columns of one length, nullable fields: {e}")),
    )
}
