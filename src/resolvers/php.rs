//! PHP 8.2.31's `parse_url` (`ext/standard/url.c`) as a resolver: the model of
//! [`crate::engine::servers::php`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `php` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "php.error", "PHP 8.2.31, ext/standard/url.c", "parse_url returns false: the URL is refused";
}

/// The `php` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Php;

impl Resolve for Php {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
