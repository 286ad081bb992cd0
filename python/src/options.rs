//! The arguments every function shares, read from Python and checked:
//! `mode` (a resolver's name), `encoding` (a WHATWG label), `base`, and the
//! pair (`check` and `fetch`, or a `stack`). A name or label that names
//! nothing raises `ValueError` naming it and, for the short lists, what
//! would have been accepted.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use url_inspector::engine::QueryEncoding;
use url_inspector::resolvers::Resolver;
use url_inspector::resolvers::pair::{Pair, Stack};

/// The resolver `mode` names (any ASCII case).
pub fn resolver(mode: &str) -> PyResult<Resolver> {
    Resolver::from_name(mode).ok_or_else(|| {
        let names: Vec<&str> = Resolver::EVERY.iter().map(|r| r.name()).collect();
        PyValueError::new_err(format!(
            "unknown mode {mode:?}; expected one of {}",
            names.join(", ")
        ))
    })
}

/// The query encoding `label` names. Unlike the command line, which falls
/// back to UTF-8 and says so in a note, a library call with a label that
/// names no encoding is a mistake in the program, so it raises. A label
/// naming an encoding that is not ASCII-compatible (UTF-16) is accepted:
/// the engines then use UTF-8, as the spec says, with the
/// `encoding-fallback` note.
pub fn encoding(label: &str) -> PyResult<QueryEncoding> {
    let encoding = QueryEncoding::from_label(label);
    if encoding.named.is_none() {
        return Err(PyValueError::new_err(format!(
            "unknown encoding label {label:?}: expected a label of the WHATWG Encoding \
             Standard such as \"utf-8\", \"shift_jis\", \"windows-1252\""
        )));
    }
    Ok(encoding)
}

/// The pair of parsers `check` and `fetch` name, or the one `stack` names.
pub fn pair(check: Option<&str>, fetch: Option<&str>, stack: Option<&str>) -> PyResult<Pair> {
    match (stack, check, fetch) {
        (Some(name), None, None) => Stack::from_name(name).map(Stack::pair).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown stack {name:?}; expected one of {}",
                Stack::names()
            ))
        }),
        (None, Some(check), Some(fetch)) => Ok(Pair {
            check: resolver(check)?,
            fetch: resolver(fetch)?,
        }),
        _ => Err(PyValueError::new_err(
            "name the pair of parsers: check= and fetch= (resolver names), or stack= alone",
        )),
    }
}

/// An optional pair: `None` when none of the three is given.
pub fn optional_pair(
    check: Option<&str>,
    fetch: Option<&str>,
    stack: Option<&str>,
) -> PyResult<Option<Pair>> {
    if check.is_none() && fetch.is_none() && stack.is_none() {
        return Ok(None);
    }
    pair(check, fetch, stack).map(Some)
}
