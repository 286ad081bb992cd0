//! Node.js 20.20.2's legacy `url.parse` and `url.resolve` (`lib/url.js`) as a resolver: the model of
//! [`crate::engine::servers::node_legacy`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `node-legacy` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "node-legacy.error", "Node.js 20.20.2, lib/url.js", "url.parse throws: the URL is refused";
}

/// The `node-legacy` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLegacy;

impl Resolve for NodeLegacy {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
