//! The Batch view's choices that are saved between runs.

use serde::{Deserialize, Serialize};

/// The Batch view's saved choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BatchSettings {}
