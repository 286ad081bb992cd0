//! OpenJDK 17.0.15's `java.net.URL` and `URLStreamHandler.parseURL` as a resolver: the model of
//! [`crate::engine::servers::java_url`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `java-url` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "java-url.error", "OpenJDK 17.0.15, java/net/URL.java", "new URL throws MalformedURLException: the URL is refused";
}

/// The `java-url` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaUrl;

impl Resolve for JavaUrl {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
