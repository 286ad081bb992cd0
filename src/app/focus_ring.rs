//! A ring around the widget that has the keyboard focus, whatever the
//! widget: egui marks a focused text field, but a focused button or tab
//! may look as it does unfocused (a selected tab keeps its fill), so a
//! person moving with Tab could lose their place. The ring is drawn in the
//! strong text colour (the most contrast there is on the window's ground)
//! on the widget's own layer, so a window above it covers it; and only
//! while the keyboard moves the focus, not after a click, as browsers
//! show `:focus-visible`.

use egui::{Event, Key, Stroke, StrokeKind};

/// Whether the focus was last moved by the keyboard.
#[derive(Default)]
pub struct FocusRing {
    by_keyboard: bool,
}

impl FocusRing {
    /// Notes this frame's input, and draws the ring if the keyboard moved
    /// the focus. Call once per frame, after the widgets are drawn.
    pub fn show(&mut self, ctx: &egui::Context) {
        let (tab, pointer) = ctx.input(|i| {
            let tab = i.events.iter().any(|e| {
                matches!(
                    e,
                    Event::Key {
                        key: Key::Tab,
                        pressed: true,
                        ..
                    }
                )
            });
            (tab, i.pointer.any_pressed())
        });
        if tab {
            self.by_keyboard = true;
        } else if pointer {
            self.by_keyboard = false;
        }
        if !self.by_keyboard {
            return;
        }
        let Some(r) = ctx
            .memory(|m| m.focused())
            .and_then(|id| ctx.read_response(id))
        else {
            return;
        };
        let rect = r.interact_rect;
        if !rect.is_positive() {
            return;
        }
        let color = ctx.global_style().visuals.strong_text_color();
        ctx.layer_painter(r.layer_id).rect_stroke(
            rect.expand(1.0),
            3.0,
            Stroke::new(2.0, color),
            StrokeKind::Outside,
        );
    }
}
