//! The package's exception: `InvalidUrlError`, raised by `canon` when the
//! resolver finds the input invalid. It is a `ValueError`, its message is
//! the line `url-inspector canon` prints on stderr (the reason, the text at
//! fault, the step that failed and what it cites), and its attributes carry
//! the same facts for a program: `input`, `mode`, `step`, `code`, `reason`
//! and `range`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use url_inspector::resolvers::json::{Request, Response};

create_exception!(
    url_inspector,
    InvalidUrlError,
    PyValueError,
    "The resolver found the URL invalid. The message names the failing step; the attributes \
     input, mode, step (the step id, or None for a resolver without steps), code (the note \
     code of the reason), reason and range (the (start, end) bytes of the input at fault, or \
     None) say the same for a program."
);

/// The exception for `req`'s invalid answer `resp`.
pub fn invalid_url(py: Python<'_>, req: &Request, resp: &Response) -> PyErr {
    let err = InvalidUrlError::new_err(resp.why_invalid(&req.input));
    if let Err(failed) = set_attributes(py, &err, req, resp) {
        // The message is there in any case; the attributes are a help.
        return failed;
    }
    err
}

/// Sets the facts of the failure on the exception object.
fn set_attributes(py: Python<'_>, err: &PyErr, req: &Request, resp: &Response) -> PyResult<()> {
    let value = err.value(py);
    value.setattr("input", &req.input)?;
    value.setattr("mode", req.mode.name())?;
    let first = resp.notes.first();
    let (step, code, reason, range) = match &resp.failure {
        Some(f) => (
            Some(f.step.id()),
            f.step.id().to_owned(),
            f.reason.to_string(),
            f.range.clone(),
        ),
        None => (
            None,
            first.map_or_else(String::new, |n| n.code.as_str().to_owned()),
            first.map_or_else(String::new, |n| n.message.clone()),
            first.and_then(|n| n.range.clone()),
        ),
    };
    value.setattr("step", step)?;
    value.setattr("code", code)?;
    value.setattr("reason", reason)?;
    value.setattr("range", range.map(|r| (r.start, r.end)))?;
    Ok(())
}
