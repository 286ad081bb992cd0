//! The Compare view's choices that are saved between runs.

use serde::{Deserialize, Serialize};

/// Which resolvers the Compare view shows, and which row the others are
/// compared with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CompareSettings {}
