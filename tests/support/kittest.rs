//! Queries on an egui_kittest harness that every view's tests ask: whether
//! some node of the accessibility tree has a label, whole or in part; and
//! waiting for a window whose background work is ending to come to rest.

use std::time::{Duration, Instant};

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

/// Runs frames until the window comes to rest, for at most `limit`. Where
/// threads are still finishing (a batch run, a filter, the worker), each
/// may ask for a frame as it ends, and on a loaded machine they end later:
/// `Harness::run` would count those frames against its few steps and fail,
/// so this tries again after a pause until one run settles.
pub fn settle<S>(h: &mut Harness<'_, S>, limit: Duration) {
    let deadline = Instant::now() + limit;
    while h.try_run().is_err() {
        assert!(Instant::now() < deadline, "the window never came to rest");
        std::thread::sleep(Duration::from_millis(10));
    }
}
