//! OpenJDK 17.0.15's `java.net.URI` (`java.base/share/classes/java/net/URI.java`) as a resolver: the model of
//! [`crate::engine::servers::java_uri`].

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;

code_table! {
    /// The `java-uri` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "java-uri.error", "OpenJDK 17.0.15, java/net/URI.java", "new URI throws URISyntaxException: the URL is refused";
}

/// The `java-uri` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaUri;

impl Resolve for JavaUri {
    fn resolve(&self, _request: &Request<'_>) -> Answer {
        Answer::invalid(Note::new(Code::Failure, "not modelled yet"))
    }
}
