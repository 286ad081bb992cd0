//! urllib3 2.8.0's `urllib3.util.parse_url` (`src/urllib3/util/url.py`) as a resolver: the model of
//! [`crate::engine::servers::urllib3`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `urllib3` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "urllib3.error", "urllib3 2.8.0, src/urllib3/util/url.py", "parse_url raises LocationParseError: the URL is refused";
}

/// The `urllib3` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Urllib3;

impl Resolve for Urllib3 {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
