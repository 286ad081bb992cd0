//! (to be written)
use super::CanonForm;
use crate::engine::Tracer;
pub fn canonicalize_url<T: Tracer>(
    _url: &str,
    _keep_fragments: bool,
    _tr: &mut T,
) -> Result<CanonForm, String> {
    Err("not modelled yet".into())
}
