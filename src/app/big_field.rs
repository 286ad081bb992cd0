//! The editor of a value too long to lay out in a text field (a pasted
//! document of megabytes). A text field lays out its whole text on every
//! change, which past [`EDIT_LIMIT`](super::inputs::EDIT_LIMIT) costs more
//! than a frame; this editor draws only the start of the value and the text
//! around its caret, and edits the value in place, so a keystroke costs the
//! same at 10 MB as at 20 KB.
//!
//! It acts as a text field does: typing and pasting insert at the caret (or
//! replace the whole value when it is all selected, after Ctrl+L or Ctrl+A),
//! Backspace and Delete remove a character, ←, →, Home and End move the
//! caret, Ctrl+C and Ctrl+X copy or cut the selection, and Ctrl+Z, Ctrl+Y
//! (or Ctrl+Shift+Z) undo and redo every edit, the paste that made the value
//! this long among them. Each undo step keeps only the text it removed and
//! inserted.

use std::ops::Range;

use egui::text::LayoutJob;
use egui::{Event, Key, Modifiers};

use super::command::Command;
use super::escape::group_digits;
use super::field::Field;
use super::visible::{self, Formats};

/// Characters shown from the start of the value and around the caret.
const SHOWN: usize = 40;
/// Edits kept for undo.
const UNDO_LEN: usize = 100;

/// One edit: `removed` at byte `at` was replaced by `inserted`.
#[derive(Clone, Debug)]
struct Edit {
    at: usize,
    removed: String,
    inserted: String,
}

/// The caret, the selection and the undo history of a long value.
#[derive(Default)]
pub struct BigEdit {
    /// Byte offset of the caret; `None` is the end of the value.
    caret: Option<usize>,
    /// The whole value is selected.
    all: bool,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
}

impl BigEdit {
    /// The caret in `value`, on a character boundary.
    pub fn caret(&self, value: &str) -> usize {
        let mut at = self.caret.unwrap_or(value.len()).min(value.len());
        while !value.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// What a typed or pasted text replaces: the selection, else the caret.
    fn selection(&self, value: &str) -> Range<usize> {
        if self.all {
            0..value.len()
        } else {
            let at = self.caret(value);
            at..at
        }
    }

    /// Selects the whole value.
    pub fn select_all(&mut self) {
        self.all = true;
    }

    /// Forgets the history (the value was changed elsewhere).
    pub fn forget(&mut self) {
        *self = BigEdit::default();
    }

    /// Replaces `range` of `value` with `text`, as one undoable edit; the
    /// caret goes after the inserted text.
    pub fn replace(&mut self, value: &mut String, range: Range<usize>, text: &str) {
        let edit = Edit {
            at: range.start,
            removed: value[range.clone()].to_owned(),
            inserted: text.to_owned(),
        };
        value.replace_range(range, text);
        self.caret = Some(edit.at + text.len());
        self.all = false;
        self.redo.clear();
        self.undo.push(edit);
        if self.undo.len() > UNDO_LEN {
            self.undo.remove(0);
        }
    }

    /// Takes back the last edit; `false` if there is none to take back. An
    /// edit whose text is no longer where it was put (the value was changed
    /// elsewhere) ends the history rather than corrupt the value.
    pub fn undo(&mut self, value: &mut String) -> bool {
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        let range = edit.at..edit.at + edit.inserted.len();
        if value.get(range.clone()) != Some(edit.inserted.as_str()) {
            self.forget();
            return false;
        }
        value.replace_range(range, &edit.removed);
        self.caret = Some(edit.at + edit.removed.len());
        self.all = false;
        self.redo.push(edit);
        true
    }

    /// Does again the last edit taken back.
    pub fn redo(&mut self, value: &mut String) -> bool {
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        let range = edit.at..edit.at + edit.removed.len();
        if value.get(range.clone()) != Some(edit.removed.as_str()) {
            self.forget();
            return false;
        }
        value.replace_range(range, &edit.inserted);
        self.caret = Some(edit.at + edit.inserted.len());
        self.all = false;
        self.undo.push(edit);
        true
    }

    /// Acts on the frame's keys, typed text and clipboard events (the
    /// editor has the focus). Returns whether the value changed.
    pub fn handle_events(
        &mut self,
        ui: &egui::Ui,
        field: Field,
        value: &mut String,
        commands: &mut Vec<Command>,
    ) -> bool {
        let events = ui.input_mut(|i| std::mem::take(&mut i.events));
        let mut changed = false;
        let mut left = Vec::with_capacity(events.len());
        for event in events {
            match self.on_event(&event, field, value, commands) {
                Some(c) => changed |= c,
                None => left.push(event),
            }
        }
        ui.input_mut(|i| i.events.extend(left));
        changed
    }

    /// One event: `Some(changed)` when the editor took it, `None` when it
    /// is not the editor's (Tab, the app's shortcuts).
    fn on_event(
        &mut self,
        event: &Event,
        field: Field,
        value: &mut String,
        commands: &mut Vec<Command>,
    ) -> Option<bool> {
        let copy = |text: &str| Command::Copy {
            what: format!("the whole {}", field.label().to_lowercase()),
            text: text.to_owned(),
        };
        match event {
            Event::Text(text) | Event::Paste(text) => {
                let range = self.selection(value);
                self.replace(value, range, text);
                Some(true)
            }
            Event::Copy => {
                if self.all {
                    commands.push(copy(value));
                }
                Some(false)
            }
            Event::Cut if self.all => {
                commands.push(copy(value));
                self.replace(value, 0..value.len(), "");
                Some(true)
            }
            Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } => self.on_key(*key, *modifiers, value),
            _ => None,
        }
    }

    /// A key press: editing and caret keys, undo and redo.
    fn on_key(&mut self, key: Key, modifiers: Modifiers, value: &mut String) -> Option<bool> {
        let command = modifiers.matches_logically(Modifiers::COMMAND);
        let caret = self.caret(value);
        match key {
            Key::Z if command && modifiers.shift => Some(self.redo(value)),
            Key::Y if command => Some(self.redo(value)),
            Key::Z if command => Some(self.undo(value)),
            Key::A if command => {
                self.all = true;
                Some(false)
            }
            _ if modifiers.any() && !modifiers.shift_only() => None,
            Key::Backspace | Key::Delete if self.all => {
                self.replace(value, 0..value.len(), "");
                Some(true)
            }
            Key::Backspace => {
                let start = value[..caret].char_indices().next_back().map(|(i, _)| i);
                Some(start.is_some_and(|start| {
                    self.replace(value, start..caret, "");
                    true
                }))
            }
            Key::Delete => {
                let next = value[caret..].chars().next().map(char::len_utf8);
                Some(next.is_some_and(|n| {
                    self.replace(value, caret..caret + n, "");
                    true
                }))
            }
            Key::ArrowLeft | Key::ArrowRight | Key::Home | Key::End => {
                self.caret = Some(match key {
                    Key::Home => 0,
                    Key::End => value.len(),
                    Key::ArrowLeft if !self.all => value[..caret]
                        .char_indices()
                        .next_back()
                        .map_or(0, |(i, _)| i),
                    Key::ArrowLeft => 0,
                    _ if self.all => value.len(),
                    _ => caret + value[caret..].chars().next().map_or(0, char::len_utf8),
                });
                self.all = false;
                Some(false)
            }
            _ => None,
        }
    }

    /// What the editor draws: the start of the value, the text around the
    /// caret with the caret marked, and the size; hidden characters as
    /// their pictures. All of it on the selection colour when all is
    /// selected.
    pub fn layout(&self, ui: &egui::Ui, value: &str, focused: bool) -> LayoutJob {
        let mut formats = Formats::monospace(ui);
        if self.all && focused {
            formats = formats.on(ui.visuals().selection.bg_fill);
        }
        let mut weak = formats.hidden.clone();
        weak.background = egui::Color32::TRANSPARENT;
        let caret = self.caret(value);
        let mut job = visible::single_line_job();
        let head_end = byte_after_chars(value, 0, SHOWN);
        let before = byte_before_chars(value, caret, SHOWN);
        if before <= head_end {
            visible::append(&mut job, &value[..caret], &formats);
        } else {
            visible::append(&mut job, &value[..head_end], &formats);
            job.append(" … ", 0.0, weak.clone());
            visible::append(&mut job, &value[before..caret], &formats);
        }
        if focused && !self.all {
            let mut marker = formats.plain.clone();
            marker.color = ui.visuals().selection.stroke.color;
            job.append("|", 0.0, marker);
        }
        let after = byte_after_chars(value, caret, SHOWN);
        visible::append(&mut job, &value[caret..after], &formats);
        if after < value.len() {
            job.append(" …", 0.0, weak.clone());
        }
        job.append(
            &format!("  ({} bytes)", group_digits(value.len())),
            0.0,
            weak,
        );
        job
    }
}

/// The byte offset `n` characters after byte `from` (or the end).
fn byte_after_chars(s: &str, from: usize, n: usize) -> usize {
    s[from..]
        .char_indices()
        .nth(n)
        .map_or(s.len(), |(i, _)| from + i)
}

/// The byte offset `n` characters before byte `to` (or the start).
fn byte_before_chars(s: &str, to: usize, n: usize) -> usize {
    match n {
        0 => to,
        _ => s[..to]
            .char_indices()
            .rev()
            .nth(n - 1)
            .map_or(0, |(i, _)| i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_undo_and_redo_in_order() {
        let mut value = "small".to_owned();
        let mut edit = BigEdit::default();
        edit.replace(&mut value, 5..5, &"é".repeat(1000));
        let end = value.len();
        edit.replace(&mut value, end..end, "x");
        assert_eq!(value.len(), 5 + 2000 + 1);
        assert!(edit.undo(&mut value));
        assert_eq!(value.len(), 2005);
        assert!(edit.undo(&mut value));
        assert_eq!(value, "small");
        assert!(!edit.undo(&mut value));
        assert!(edit.redo(&mut value));
        assert!(edit.redo(&mut value));
        assert!(value.ends_with("éx"));
    }

    #[test]
    fn an_edit_changed_elsewhere_is_not_undone() {
        let mut value = "abc".to_owned();
        let mut edit = BigEdit::default();
        edit.replace(&mut value, 3..3, "ééé");
        value = "x".to_owned();
        assert!(!edit.undo(&mut value));
        assert_eq!(value, "x");
    }

    #[test]
    fn the_caret_stays_on_a_character_boundary() {
        let value = "aé";
        let edit = BigEdit {
            caret: Some(2),
            ..BigEdit::default()
        };
        assert_eq!(edit.caret(value), 1);
        assert_eq!(byte_before_chars("aéb", 4, 2), 1);
        assert_eq!(byte_after_chars("aéb", 1, 1), 3);
    }
}
