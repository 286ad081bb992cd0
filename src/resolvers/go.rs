//! Go's `net/url` as a resolver: the model of [`crate::engine::servers::go`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `go` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "go.error", "Go 1.27.3, src/net/url/url.go", "url.Parse returns an error: the URL is refused";
}

/// The `go` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go;

impl Resolve for Go {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let _ = request;
        Answer::invalid(Note::new(Code::Failure, "not built yet"))
    }
}
