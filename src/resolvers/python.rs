//! CPython's `urllib.parse` as a resolver: the model of [`crate::engine::servers::python`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `python` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "python.error", "CPython 3.11.7, Lib/urllib/parse.py", "urllib.parse raises an exception: the URL is refused";
}

/// The `python` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Python;

impl Resolve for Python {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let _ = request;
        Answer::invalid(Note::new(Code::Failure, "not built yet"))
    }
}
