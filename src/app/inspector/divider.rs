//! The divider between the Inspector's columns: drag it, or focus it (Tab)
//! and press ← / →, to share the width out anew. It pushes the new share as
//! a [`Command::SetSplit`]; the state keeps it.

use egui::Rect;

use crate::app::command::Command;

/// How far ← / → (and Alt+← / Alt+→ from anywhere) move the divider, as a
/// share of the width.
pub const SPLIT_STEP: f32 = 0.05;

/// The divider between the columns: drag it, or focus it (Tab) and press
/// ← / → (Alt+← / Alt+→ from anywhere), to share the width out anew.
pub fn divider_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    full: Rect,
    split: f32,
    commands: &mut Vec<Command>,
) {
    let r = ui.interact(rect, egui::Id::unique("split-divider"), egui::Sense::drag());
    r.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Splitter,
            true,
            "Divider between the components and the trace",
        )
    });
    if r.hovered() || r.dragged() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::ResizeHorizontal);
    }
    if r.dragged()
        && let Some(p) = r.interact_pointer_pos()
    {
        commands.push(Command::SetSplit((p.x - full.left()) / full.width()));
    }
    if r.has_focus() {
        // The arrows move the divider, not the focus.
        let filter = egui::EventFilter {
            horizontal_arrows: true,
            ..Default::default()
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(r.id, filter));
        let (left, right) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
            )
        });
        if left || right {
            let step = if left { -SPLIT_STEP } else { SPLIT_STEP };
            commands.push(Command::SetSplit(split + step));
        }
    }
    let stroke = if r.has_focus() {
        ui.visuals().selection.stroke
    } else if r.hovered() || r.dragged() {
        ui.visuals().widgets.hovered.bg_stroke
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke
    };
    ui.painter().vline(rect.center().x, rect.y_range(), stroke);
}
