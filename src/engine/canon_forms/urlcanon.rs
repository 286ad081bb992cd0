//! (to be written)
use super::CanonForm;
use crate::engine::Tracer;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canonicalizer {
    Whatwg,
    Google,
    Semantic,
}
pub fn canonicalize<T: Tracer>(
    _url: &str,
    _which: Canonicalizer,
    _tr: &mut T,
) -> Result<CanonForm, String> {
    Err("not modelled yet".into())
}
