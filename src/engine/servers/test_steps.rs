//! What the models' tests share: which of a model's steps (the rows of the
//! shared `StepId` table under its stage) a set of runs never recorded, so
//! that each model's inputs can be shown to reach every step it has.

use std::collections::BTreeSet;

use crate::engine::Stage;
use crate::engine::trace::StepId;

/// The ids of the steps of `stage` that are not in `reached`, in the
/// table's order: empty when the runs reached every one.
pub(super) fn unreached(stage: Stage, reached: &BTreeSet<StepId>) -> Vec<&'static str> {
    StepId::ALL
        .iter()
        .filter(|id| id.stage() == stage && !reached.contains(id))
        .map(|id| id.id())
        .collect()
}
