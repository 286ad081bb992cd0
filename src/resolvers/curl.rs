//! libcurl's URL API as a resolver: the real library installed on this machine.

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `curl` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "curl.error", "libcurl, lib/urlapi.c", "curl_url_set returns an error: the URL is refused";
}

/// The `curl` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Curl;

impl Resolve for Curl {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let _ = request;
        Answer::invalid(Note::new(Code::Failure, "not built yet"))
    }
}
