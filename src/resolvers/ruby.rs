//! Ruby 3.1.2's `URI` library (`lib/uri/rfc3986_parser.rb`, `lib/uri/generic.rb`) as a resolver: the model of
//! [`crate::engine::servers::ruby`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `ruby` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "ruby.error", "Ruby 3.1.2, lib/uri/rfc3986_parser.rb", "URI raises URI::InvalidURIError: the URL is refused";
}

/// The `ruby` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruby;

impl Resolve for Ruby {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
