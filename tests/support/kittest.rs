//! Queries on an egui_kittest harness that every view's tests ask: whether
//! some node of the accessibility tree has a label, whole or in part.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Whether some node's label is `label`.
pub fn shows<S>(h: &Harness<'_, S>, label: &str) -> bool {
    h.query_all_by_label(label).next().is_some()
}

/// Whether some node's label contains `part`.
pub fn shows_part<S>(h: &Harness<'_, S>, part: &str) -> bool {
    h.query_all_by_label_contains(part).next().is_some()
}
