//! What a run of the engine gives back: the URL, its serialization or why
//! it is invalid, and, when asked for, the forms it passed through.
//!
//! Like `options`, near the leaves of the engine: only types, no stage.

use serde::Serialize;

use super::failure::Failure;
use super::model::ParsedUrl;

/// The result of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The URL after the last stage run (invalid if any stage made it so).
    pub url: ParsedUrl,
    /// The serialization, when canonicalization ran and the URL is valid.
    pub canon: Option<String>,
    /// Why the URL is invalid, when it is.
    pub failure: Option<Failure>,
    /// The intermediate forms, when the run was asked to keep them
    /// (`Options::keep`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<Box<Kept>>,
}

/// The forms one run passed through, besides its outcome: what a viewer
/// shows next to the result without running the engine again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Kept {
    /// The input after preprocessing: every input range (the spans, the
    /// trace's ranges of input steps, the failure's range) points into it.
    pub preprocessed: String,
    /// The input alone, parsed, with the span of each component.
    pub parsed: ParsedUrl,
    /// The base URL, parsed; `None` when there was none (the input is then
    /// resolved against itself) or the run stopped after parsing.
    pub base: Option<ParsedUrl>,
    /// The URL after resolution, before canonicalization.
    pub resolved: ParsedUrl,
}
