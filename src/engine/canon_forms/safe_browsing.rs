//! (to be written)
use super::CanonForm;
use crate::engine::Tracer;
pub fn canonicalize<T: Tracer>(_url: &str, _tr: &mut T) -> Result<CanonForm, String> {
    Err("not modelled yet".into())
}
