//! The history menu: the recent inputs (URL, base, encoding, mode, kept
//! together), newest first, to go back to with one click. An input joins
//! the history when the URL or base field loses focus (Enter, Tab or a click
//! elsewhere) or its canonical form is copied, so typing does not fill it
//! with half-typed URLs.

use egui::RichText;

use super::command::Command;
use super::escape::shorten;
use super::state::HistoryEntry;

/// Characters of each entry's URL shown in the menu.
const SHOWN: usize = 70;
/// Characters of each entry's base shown in the menu.
const SHOWN_BASE: usize = 40;

/// Draws the History menu.
pub fn history_menu(ui: &mut egui::Ui, history: &[HistoryEntry], commands: &mut Vec<Command>) {
    ui.menu_button(format!("History ({})", history.len()), |ui| {
        history_ui(ui, history, commands);
    });
}

/// The menu's contents (also usable outside a menu).
pub fn history_ui(ui: &mut egui::Ui, history: &[HistoryEntry], commands: &mut Vec<Command>) {
    if history.is_empty() {
        ui.weak(
            "No recent inputs yet. An input is kept when you leave the URL or base field or copy its result.",
        );
        return;
    }
    for entry in history {
        // The base is part of the question: a relative reference means
        // nothing without it, so the menu shows it, not only the tooltip.
        let mut text = shorten(&entry.input, SHOWN, true);
        if !entry.base.is_empty() {
            text.push_str("  against ");
            text.push_str(&shorten(&entry.base, SHOWN_BASE, true));
        }
        let hover = format!(
            "Mode {}, encoding {}{}",
            entry.mode.marker(),
            if entry.encoding.is_empty() {
                "(none)"
            } else {
                &entry.encoding
            },
            if entry.base.is_empty() {
                String::new()
            } else {
                format!("\nBase: {}", shorten(&entry.base, 200, true))
            }
        );
        let label = RichText::new(format!("{text}   [{}]", entry.mode.marker())).monospace();
        if ui.button(label).on_hover_text(hover).clicked() {
            commands.push(Command::Restore(entry.clone()));
            ui.close();
        }
    }
    ui.separator();
    if ui.button("Clear history").clicked() {
        commands.push(Command::ClearHistory);
        ui.close();
    }
}
