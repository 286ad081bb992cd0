//! Python strings into Rust ones, with the argument named when one cannot
//! be read. A Python `str` may hold a lone surrogate (`"\ud800"`), which is
//! no Unicode scalar value and has no UTF-8 form; such an input is refused
//! with its position, never repaired behind the caller's back.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Why a string could not be read, for a row of a column (the single-URL
/// functions raise it instead).
pub fn unreadable_reason(err: &PyErr, py: Python<'_>) -> String {
    not_unicode("the input", err, py)
}

/// `what` is not valid Unicode, with Python's own words for why.
fn not_unicode(what: &str, err: &PyErr, py: Python<'_>) -> String {
    format!(
        "{what} is not valid Unicode ({}); no URL parser can read it",
        err.value(py)
    )
}

/// `value` as a Rust string; `what` names the argument in the error.
pub fn string(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let Ok(s) = value.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a str, got {}",
            type_name(value)
        )));
    };
    s.to_cow()
        .map(|c| c.into_owned())
        .map_err(|e| PyValueError::new_err(not_unicode(what, &e, value.py())))
}

/// An optional string argument (`None` stays `None`).
pub fn optional(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => string(v, what).map(Some),
    }
}

/// The name of a value's type, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |n| n.to_string())
}
