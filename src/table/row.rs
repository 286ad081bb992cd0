//! One row of a table: an entry run through each chosen resolver.
//!
//! A row holds, per resolver, the canonical URL or why the input is invalid
//! ([`Cell`]), and the codes of every note raised on the way: the table's own
//! (`table.not-utf8`, `table.unknown-encoding`, `table.internal-error`) and
//! the resolvers' (the failing step's id, the URL Standard's validation
//! errors, ...). A line the reader could not read becomes an error row with
//! no cells.

use std::panic::{self, AssertUnwindSafe};

use crate::engine::{Component, QueryEncoding};
use crate::resolvers::hosts::{self, Verdict};
use crate::resolvers::{Answer, Request, Resolver};

use super::read::{Entry, Target};

/// The note code of a line that was not valid UTF-8.
pub const NOTE_NOT_UTF8: &str = "table.not-utf8";
/// The note code of a JSON line whose encoding label names no encoding.
pub const NOTE_UNKNOWN_ENCODING: &str = "table.unknown-encoding";
/// The note code of a cell whose resolver panicked (a bug).
pub const NOTE_INTERNAL_ERROR: &str = "table.internal-error";

/// What one resolver made of a row's input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// The canonical URL.
    Canon(String),
    /// Why the input is invalid.
    Invalid(String),
}

impl Cell {
    /// The canonical URL, when valid.
    pub fn canon(&self) -> Option<&str> {
        match self {
            Cell::Canon(c) => Some(c),
            Cell::Invalid(_) => None,
        }
    }

    /// Why the input is invalid, when it is.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Cell::Canon(_) => None,
            Cell::Invalid(why) => Some(why),
        }
    }
}

/// One line of input, computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The input line number, from 1.
    pub line: u64,
    /// The input (for an error row: the line's text).
    pub input: String,
    /// The base used, if any.
    pub base: Option<String>,
    /// The query encoding used (empty for an error row).
    pub encoding: &'static str,
    /// One per chosen resolver, in their order (empty for an error row).
    pub cells: Vec<Cell>,
    /// The host each resolver's answer names (the component as that
    /// resolver reports it), by the same index as `cells`; `None` for an
    /// invalid answer or one without a host. May be shorter than `cells`
    /// (a row made without hosts).
    pub hosts: Vec<Option<String>>,
    /// The codes of the notes raised, each once, in the order first raised.
    pub notes: Vec<&'static str>,
    /// Why the line could not be read, for an error row.
    pub error: Option<String>,
}

impl Row {
    /// Whether the line could not be read (the row has no cells).
    pub fn is_error(&self) -> bool {
        self.error.is_some()
    }

    /// Whether the resolvers would connect to the same host (see
    /// [`hosts`](crate::resolvers::hosts)); `None` for an error row.
    pub fn host_verdict(&self) -> Option<Verdict> {
        (!self.is_error()).then(|| hosts::verdict(self.hosts.iter().map(Option::as_deref)))
    }

    /// Whether the resolvers at `check` and `fetch` (indexes into `cells`)
    /// would connect to the same host, by the rules of
    /// [`hosts`](crate::resolvers::hosts); `None` for an error row.
    /// `confusion` means the URL gets through the pair: both accept it and
    /// the fetch goes to another host than the check saw.
    pub fn pair_verdict(&self, check: usize, fetch: usize) -> Option<Verdict> {
        if self.is_error() {
            return None;
        }
        let host = |i: usize| self.hosts.get(i).and_then(Option::as_deref);
        Some(hosts::verdict([host(check), host(fetch)]))
    }

    /// Whether any resolver found the input invalid.
    pub fn any_invalid(&self) -> bool {
        self.cells.iter().any(|c| matches!(c, Cell::Invalid(_)))
    }

    /// Whether resolvers `a` and `b` (indexes into `cells`) disagree: one
    /// finds the input valid and the other not, or both do and their
    /// canonical URLs differ.
    ///
    /// Interpretation: two invalid answers agree, whatever their reasons:
    /// the reasons are worded by each resolver and never match.
    pub fn pair_disagrees(&self, a: usize, b: usize) -> bool {
        match (self.cells.get(a), self.cells.get(b)) {
            (Some(x), Some(y)) => x.canon() != y.canon(),
            _ => false,
        }
    }

    /// Whether any two resolvers disagree on this row.
    pub fn disagrees(&self) -> bool {
        let mut canons = self.cells.iter().map(Cell::canon);
        match canons.next() {
            Some(first) => canons.any(|c| c != first),
            None => false,
        }
    }
}

/// Computes the rows of a chunk of entries under `resolvers`, in order.
///
/// A live resolver is asked once for the whole chunk (one round trip to
/// its browser, [`Resolver::resolve_many`]); every other resolver answers
/// row by row.
pub fn compute_chunk(chunk: Vec<Entry>, resolvers: &[Resolver]) -> Vec<Row> {
    if !resolvers.iter().any(|r| r.is_live()) {
        return chunk
            .into_iter()
            .map(|entry| compute(entry, resolvers))
            .collect();
    }
    let requests: Vec<Request<'_>> = chunk
        .iter()
        .filter_map(|entry| entry.item.as_ref().ok())
        .map(request_of)
        .collect();
    let mut asked: Vec<Option<std::vec::IntoIter<Answer>>> = resolvers
        .iter()
        .map(|r| {
            r.is_live()
                .then(|| guarded(|| r.resolve_many(&requests)).unwrap_or_default())
                .map(Vec::into_iter)
        })
        .collect();
    drop(requests);
    chunk
        .into_iter()
        .map(|entry| {
            if entry.item.is_err() {
                return compute(entry, resolvers);
            }
            compute_with(entry, resolvers, |i, r, t| match &mut asked[i] {
                // A shortfall (a panic while asking) reads as a panic: an
                // internal-error cell, never a shifted row.
                Some(answers) => answers.next(),
                None => resolve_guarded(r, t),
            })
        })
        .collect()
}

/// Computes the row of `entry` under `resolvers`.
pub fn compute(entry: Entry, resolvers: &[Resolver]) -> Row {
    compute_with(entry, resolvers, |_, r, t| resolve_guarded(r, t))
}

/// Computes the row of `entry`, taking the `i`th resolver's answer from
/// `answer(i, resolver, target)`; `None` stands for a resolver that
/// panicked.
fn compute_with(
    entry: Entry,
    resolvers: &[Resolver],
    mut answer: impl FnMut(usize, Resolver, &Target) -> Option<Answer>,
) -> Row {
    let mut notes = Vec::new();
    if entry.lossy {
        notes.push(NOTE_NOT_UTF8);
    }
    let target = match entry.item {
        Ok(target) => target,
        Err(bad) => {
            return Row {
                line: entry.line,
                input: bad.text,
                base: None,
                encoding: "",
                cells: Vec::new(),
                hosts: Vec::new(),
                notes,
                error: Some(bad.why),
            };
        }
    };
    if target.unknown_encoding.is_some() {
        notes.push(NOTE_UNKNOWN_ENCODING);
    }
    let (cells, hosts) = resolvers
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            let Some(answer) = answer(i, r, &target) else {
                if !notes.contains(&NOTE_INTERNAL_ERROR) {
                    notes.push(NOTE_INTERNAL_ERROR);
                }
                return (panicked(r), None);
            };
            for note in &answer.notes {
                let code = note.code.as_str();
                if !notes.contains(&code) {
                    notes.push(code);
                }
            }
            let host = (!answer.invalid && r.names_a_host())
                .then(|| answer.get(Component::Host).map(str::to_owned))
                .flatten();
            (cell(answer), host)
        })
        .unzip();
    let Target {
        input,
        base,
        encoding,
        ..
    } = target;
    Row {
        line: entry.line,
        input,
        base,
        encoding: encoding_name(encoding),
        cells,
        hosts,
        notes,
        error: None,
    }
}

/// Runs one resolver; a panic (a bug) gives `None`, for an invalid cell
/// rather than the end of the run. The panic message still reaches stderr
/// through the panic hook.
fn resolve_guarded(r: Resolver, t: &Target) -> Option<Answer> {
    let request = request_of(t);
    guarded(|| r.resolve(&request))
}

/// What `f` gives, or `None` when it panics.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

/// The resolvers' request for a target.
fn request_of(t: &Target) -> Request<'_> {
    Request::new(&t.input)
        .with_base(t.base.as_deref())
        .with_encoding(t.encoding)
}

/// The cell of a resolver that panicked on the row's input (a bug): the
/// row goes on, the cell says so.
pub fn panicked(r: Resolver) -> Cell {
    Cell::Invalid(format!(
        "internal error: the {r} resolver panicked on this input"
    ))
}

/// What the cell of `answer` says, borrowed from it: `Ok` with the
/// canonical URL, or `Err` with why the input is invalid (the first note's
/// message).
pub fn outcome(answer: &Answer) -> Result<&str, &str> {
    if answer.invalid {
        return Err(answer
            .why_invalid()
            .map_or("invalid (no reason given)", |n| n.message.as_str()));
    }
    // Canonicalization always gives a string for a valid answer; an empty
    // one is written if a resolver ever does not.
    Ok(answer.canon.as_deref().unwrap_or_default())
}

/// The cell of an answer: its canonical URL, or the first note's message.
pub fn cell(answer: Answer) -> Cell {
    match outcome(&answer) {
        Err(why) => Cell::Invalid(why.to_owned()),
        Ok(_) => Cell::Canon(answer.canon.unwrap_or_default()),
    }
}

/// The name of the encoding used.
fn encoding_name(encoding: QueryEncoding) -> &'static str {
    encoding.used.name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::read::Unreadable;

    fn entry(input: &str, base: Option<&str>) -> Entry {
        Entry {
            line: 7,
            lossy: false,
            item: Ok(Target {
                input: input.to_owned(),
                base: base.map(str::to_owned),
                encoding: QueryEncoding::UTF8,
                unknown_encoding: None,
            }),
        }
    }

    #[test]
    fn a_row_has_a_cell_per_resolver_and_the_notes_raised() {
        let resolvers = [Resolver::This, Resolver::Whatwg, Resolver::Rfc3986];
        let row = compute(entry("../x", Some("http://a/b/c")), &resolvers);
        assert_eq!(row.line, 7);
        assert_eq!(row.cells.len(), 3);
        assert_eq!(row.cells[0], Cell::Canon("http://a/x".to_owned()));
        assert!(!row.disagrees(), "{row:?}");

        assert_eq!(
            row.hosts,
            [
                Some("a".to_owned()),
                Some("a".to_owned()),
                Some("a".to_owned())
            ]
        );

        let row = compute(entry("http://a:99999/", None), &resolvers);
        assert_eq!(row.hosts[..2], [None, None], "invalid answers name no host");
        assert!(row.any_invalid());
        assert!(
            row.cells[0].reason().is_some_and(|r| r.contains("65535")),
            "{row:?}"
        );
        assert!(row.notes.contains(&"canon.port.invalid"), "{:?}", row.notes);
    }

    #[test]
    fn resolvers_that_differ_disagree_and_two_invalid_answers_agree() {
        let resolvers = [Resolver::This, Resolver::Whatwg];
        // whatwg keeps `%7e` as it is; THIS decodes the unreserved `~`.
        let row = compute(entry("HTTP://A/%7e", None), &resolvers);
        assert_eq!(row.cells[0].canon(), Some("http://a/~"));
        assert!(row.pair_disagrees(0, 1), "{row:?}");
        assert!(row.disagrees());
        let row = compute(entry("http://a:99999/", None), &resolvers);
        assert!(row.cells.iter().all(|c| c.reason().is_some()), "{row:?}");
        assert!(!row.disagrees());
    }

    #[test]
    fn an_unreadable_line_is_an_error_row_with_its_text() {
        let e = Entry {
            line: 3,
            lossy: true,
            item: Err(Unreadable {
                text: "{oops".to_owned(),
                why: "not JSON".to_owned(),
            }),
        };
        let row = compute(e, &[Resolver::This]);
        assert!(row.is_error());
        assert_eq!(row.input, "{oops");
        assert!(row.cells.is_empty());
        assert_eq!(row.notes, [NOTE_NOT_UTF8]);
        assert!(!row.any_invalid() && !row.disagrees());
    }
}
