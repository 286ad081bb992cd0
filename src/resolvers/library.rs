//! What the resolvers of the server-side libraries share (`python`, `go`,
//! `node-legacy`, `urllib3`, `php`, `ruby`, `java-uri`, `java-url`,
//! `perl`): a model run on a request, traced when asked.

use super::{Answer, Request, with_tracer};
use crate::engine::{NoTrace, Trace};

/// A library model's answer to `request`: `answer(input, base, tracer)`
/// on [`NoTrace`], or on a [`Trace`] that the answer then keeps when the
/// request asks for one. The model's one function, generic over the
/// tracer, is passed twice, once for each tracer, as a closure cannot be
/// generic: `library::resolve(request, answer, answer)`.
pub(crate) fn resolve(
    request: &Request<'_>,
    untraced: impl FnOnce(&str, Option<&str>, &mut NoTrace) -> Answer,
    traced: impl FnOnce(&str, Option<&str>, &mut Trace) -> Answer,
) -> Answer {
    let (input, base) = (request.input, request.base());
    with_tracer(
        request.trace,
        |t| untraced(input, base, t),
        |t| traced(input, base, t),
    )
}
