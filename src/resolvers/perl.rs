//! Perl's `URI` module 5.17 (`URI.pm`, `URI/_generic.pm`, `URI/_server.pm`) as a resolver: the model of
//! [`crate::engine::servers::perl`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `perl` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "perl.error", "URI 5.17, URI.pm", "URI refuses the URL";
}

/// The `perl` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perl;

impl Resolve for Perl {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
