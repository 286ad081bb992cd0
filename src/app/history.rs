//! The history menu: the recent inputs (URL, base, encoding, mode, kept
//! together), newest first, to go back to with one click, with a filter
//! field to find one. An input joins the history when the person commits to
//! it: Enter in the URL or base field, a copy of its result, its command
//! line or its report, a switch to another view, or a pause of two seconds
//! in typing ([`COMMIT_PAUSE`](super::app::COMMIT_PAUSE)); not on merely
//! leaving a field, and not on every keystroke.

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

/// The menu's contents (also usable outside a menu): the filter field, then
/// each matching entry with its base, mode and encoding shown.
pub fn history_ui(ui: &mut egui::Ui, history: &[HistoryEntry], commands: &mut Vec<Command>) {
    if history.is_empty() {
        ui.weak(
            "No recent inputs yet. An input is kept when you press Enter in its field, \
             copy its result, switch views, or stop typing for two seconds.",
        );
        return;
    }
    let filter_id = egui::Id::unique("history-filter");
    let mut filter: String = ui.data(|d| d.get_temp(filter_id)).unwrap_or_default();
    let label = ui.label("Filter:");
    ui.add(
        egui::TextEdit::singleline(&mut filter)
            .hint_text("part of a URL, base, mode or encoding")
            .desired_width(320.0),
    )
    .labelled_by(label.id);
    let shown: Vec<&HistoryEntry> = history.iter().filter(|e| matches(e, &filter)).collect();
    if shown.is_empty() {
        ui.weak(format!("No entry contains \"{}\".", filter.trim()));
    }
    let list_id = filter_id.with("entries");
    egui::ScrollArea::vertical()
        .max_height(480.0)
        .show(ui, |ui| {
            for entry in shown {
                // Each entry's button is named by the entry, not by its place:
                // an entry committed while the menu is open moves the others
                // down, and a click must still take the entry it was aimed at.
                let key = (&entry.input, &entry.base, &entry.encoding, entry.rules());
                let scope = egui::UiBuilder::new().scope_id(list_id.with(key));
                let button = ui.scope_builder(scope, |ui| {
                    ui.button(RichText::new(entry_text(entry)).monospace())
                        .on_hover_text(shorten(&entry.input, 400, true))
                });
                if button.inner.clicked() {
                    commands.push(Command::Restore(entry.clone()));
                    ui.close();
                }
            }
        });
    ui.data_mut(|d| d.insert_temp(filter_id, filter));
    ui.separator();
    if ui.button("Clear history").clicked() {
        commands.push(Command::ClearHistory);
        ui.close();
    }
}

/// An entry as the menu shows it: the URL, then its base (the base is part
/// of the question: a relative reference means nothing without it), mode
/// and encoding.
pub fn entry_text(entry: &HistoryEntry) -> String {
    let base = if entry.base.is_empty() {
        "(none)".to_owned()
    } else {
        shorten(&entry.base, SHOWN_BASE, true)
    };
    let encoding = if entry.encoding.is_empty() {
        "(none)"
    } else {
        &entry.encoding
    };
    format!(
        "{}\n  base {base} · mode {} · encoding {encoding}",
        shorten(&entry.input, SHOWN, true),
        entry.rules(),
    )
}

/// Whether `entry` contains every word of `filter` (ignoring case) in its
/// URL, base, mode or encoding.
pub fn matches(entry: &HistoryEntry, filter: &str) -> bool {
    let haystack = format!(
        "{}\n{}\n{}\n{}",
        entry.input,
        entry.base,
        entry.rules(),
        entry.encoding
    )
    .to_lowercase();
    filter
        .split_whitespace()
        .all(|word| haystack.contains(&word.to_lowercase()))
}
