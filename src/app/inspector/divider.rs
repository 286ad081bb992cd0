//! The Inspector's two dividers: between its columns (a vertical bar) and,
//! in the trace, between the list of steps and the selected step's detail
//! (a horizontal bar). Drag one, or focus it (Tab) and press the arrows
//! across it (← / → for the columns, ↑ / ↓ for the trace), to share the
//! space out anew. Each pushes its new share as a [`Command`]; the state
//! keeps it, as a proportion, so the split follows the window's size.

use egui::{Rect, pos2, vec2};

use crate::app::command::Command;

/// How far the arrow keys (and Alt+← / Alt+→ from anywhere, for the
/// columns) move a divider, as a share of the space.
pub const SPLIT_STEP: f32 = 0.05;

/// The bar's thickness, in points.
const BAR: f32 = 8.0;

/// Which way a space is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Across {
    /// Side by side: the bar is vertical, the share is of the width.
    Columns,
    /// One above the other: the bar is horizontal, the share of the height.
    Rows,
}

/// A space split in two at a share, with the bar between.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    pub first: Rect,
    pub bar: Rect,
    pub second: Rect,
    full: Rect,
    across: Across,
}

impl Split {
    /// `full` split side by side: the left part takes `share` of the
    /// width, kept within the minimum widths of both parts.
    pub fn columns(full: Rect, share: f32, min_first: f32, min_second: f32) -> Split {
        let max_first = (full.width() - min_second - BAR).max(min_first);
        let w = (share * full.width()).clamp(min_first, max_first);
        let first = Rect::from_min_size(full.min, vec2(w, full.height()));
        let bar = Rect::from_min_size(pos2(first.right(), full.top()), vec2(BAR, full.height()));
        let second = Rect::from_min_max(pos2(bar.right() + 4.0, full.top()), full.max);
        Split {
            first,
            bar,
            second,
            full,
            across: Across::Columns,
        }
    }

    /// `full` split one above the other: the upper part takes `share` of
    /// the height, kept within the minimum heights of both parts.
    pub fn rows(full: Rect, share: f32, min_first: f32, min_second: f32) -> Split {
        let max_first = (full.height() - min_second - BAR).max(min_first);
        let h = (share * full.height()).clamp(min_first, max_first);
        let first = Rect::from_min_size(full.min, vec2(full.width(), h));
        let bar = Rect::from_min_size(pos2(full.left(), first.bottom()), vec2(full.width(), BAR));
        let second = Rect::from_min_max(pos2(full.left(), bar.bottom()), full.max);
        Split {
            first,
            bar,
            second,
            full,
            across: Across::Rows,
        }
    }

    /// The command that sets the share to `share`.
    fn command(&self, share: f32) -> Command {
        match self.across {
            Across::Columns => Command::SetSplit(share),
            Across::Rows => Command::SetTraceSplit(share),
        }
    }
}

/// The bar of `split`, whose share is `share` now: drag it, or focus it
/// and press the arrows across it. `label` names it for screen readers.
pub fn divider_ui(
    ui: &mut egui::Ui,
    split: &Split,
    share: f32,
    label: &str,
    commands: &mut Vec<Command>,
) {
    let id = egui::Id::unique(label);
    let r = ui.interact(split.bar, id, egui::Sense::drag());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Splitter, true, label));
    let (cursor, full) = (split.across, split.full);
    if r.hovered() || r.dragged() {
        ui.ctx().set_cursor_icon(match cursor {
            Across::Columns => egui::CursorIcon::ResizeHorizontal,
            Across::Rows => egui::CursorIcon::ResizeVertical,
        });
    }
    if r.dragged()
        && let Some(p) = r.interact_pointer_pos()
    {
        let share = match cursor {
            Across::Columns => (p.x - full.left()) / full.width(),
            Across::Rows => (p.y - full.top()) / full.height(),
        };
        commands.push(split.command(share));
    }
    if r.has_focus() {
        // The arrows across the bar move it, not the focus.
        let filter = egui::EventFilter {
            horizontal_arrows: cursor == Across::Columns,
            vertical_arrows: cursor == Across::Rows,
            ..Default::default()
        };
        ui.memory_mut(|m| m.set_focus_lock_filter(r.id, filter));
        let (back, on) = ui.input(|i| match cursor {
            Across::Columns => (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
            ),
            Across::Rows => (
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::ArrowDown),
            ),
        });
        if back || on {
            let step = if back { -SPLIT_STEP } else { SPLIT_STEP };
            commands.push(split.command(share + step));
        }
    }
    let v = ui.visuals();
    let stroke = if r.has_focus() {
        v.selection.stroke
    } else if r.hovered() || r.dragged() {
        v.widgets.hovered.bg_stroke
    } else {
        v.widgets.noninteractive.bg_stroke
    };
    let painter = ui.painter();
    match cursor {
        Across::Columns => {
            painter.vline(split.bar.center().x, split.bar.y_range(), stroke);
        }
        Across::Rows => {
            painter.hline(split.bar.x_range(), split.bar.center().y, stroke);
            // A grip in the middle, so the bar reads as something to drag.
            let c = split.bar.center();
            for dx in [-6.0, 0.0, 6.0] {
                painter.circle_filled(pos2(c.x + dx, c.y), 1.5, stroke.color);
            }
        }
    }
    if r.has_focus() {
        painter.rect_stroke(split.bar, 2.0, stroke, egui::StrokeKind::Inside);
    }
}
