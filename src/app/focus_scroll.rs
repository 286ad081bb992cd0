//! A widget that takes the keyboard focus (Tab, a shortcut) is scrolled
//! into view. egui applies a scroll request only in the scroll area whose
//! contents make it, so the shell notes the newly focused widget at the
//! start of a frame ([`note_focus`]) and each scroll area asks, at the top
//! of its contents, whether that widget was in it ([`scroll_to_new_focus`]).

use egui::{Context, Id, Ui};

/// Where the widget that has just taken the focus is kept for the frame.
fn pending_id() -> Id {
    Id::unique("focus-scroll-pending")
}

/// Notes `newly_focused` (the widget that took the focus since the last
/// frame, or `None`) for this frame's scroll areas.
pub fn note_focus(ctx: &Context, newly_focused: Option<Id>) {
    ctx.data_mut(|d| d.insert_temp(pending_id(), newly_focused));
}

/// Called first thing inside a scroll area's contents: scrolls this area so
/// that the newly focused widget shows, if it was drawn in this area last
/// frame (the same layer, across the area's visible width).
pub fn scroll_to_new_focus(ui: &Ui) {
    let ctx = ui.ctx();
    let Some(id) = ctx.data(|d| d.get_temp::<Option<Id>>(pending_id()).flatten()) else {
        return;
    };
    let Some(response) = ctx.read_response(id) else {
        return;
    };
    let view = ui.clip_rect();
    let inside = response.layer_id == ui.layer_id()
        && response.rect.left() >= view.left() - 1.0
        && response.rect.right() <= view.right() + 1.0;
    if inside {
        ui.scroll_to_rect(response.rect, None);
        // Taken: an enclosing area must not move too.
        note_focus(ctx, None);
    }
}
