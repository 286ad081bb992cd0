//! The history menu: the recent inputs (URL, base, encoding, mode), newest
//! first, to go back to with one click. An input joins the history when the
//! URL field loses focus (Enter, Tab or a click elsewhere) or its canonical
//! form is copied, so typing does not fill it with half-typed URLs.

use egui::RichText;

use super::app::Command;
use super::escape::{escape, truncate_chars};
use super::state::HistoryEntry;

/// Characters of each entry shown in the menu.
const SHOWN: usize = 70;

/// Draws the History menu.
pub fn history_menu(ui: &mut egui::Ui, history: &[HistoryEntry], commands: &mut Vec<Command>) {
    ui.menu_button(format!("History ({})", history.len()), |ui| {
        history_ui(ui, history, commands);
    });
}

/// The menu's contents (also usable outside a menu).
pub fn history_ui(ui: &mut egui::Ui, history: &[HistoryEntry], commands: &mut Vec<Command>) {
    if history.is_empty() {
        ui.weak("No recent inputs yet. An input is kept when you leave the URL field or copy its result.");
        return;
    }
    for entry in history {
        let (head, cut) = truncate_chars(&entry.input, SHOWN);
        let mut text = escape(head).into_owned();
        if cut {
            text.push('…');
        }
        let mut hover = format!("Mode {}, encoding {}", entry.mode.marker(), entry.encoding);
        if !entry.base.is_empty() {
            let (b, _) = truncate_chars(&entry.base, 200);
            hover.push_str(&format!("\nBase: {}", escape(b)));
        }
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
