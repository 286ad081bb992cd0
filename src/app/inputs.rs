//! The input panel: the URL, the base URL, the query encoding (a searchable
//! list of every label, free text allowed) and the mode. Edits go straight
//! into the [`State`]; the app recomputes on every change.
//!
//! With escapes on, the fields show and accept `\u{…}` (see
//! [`super::escape`]): each field edits a buffer that is the escaped form of
//! the value. A value too long to edit comfortably (a pasted document) is
//! shown cut short, with a way to see it all and to clear it; a paste that
//! would make a field that long is taken before the text field sees it, so
//! it never lays out megabytes of text.
//!
//! Keyboard: Tab walks URL → Insert character → Base URL → Encoding → All
//! labels → the modes. The encoding's suggestions open only once something is
//! typed there, and Tab always leaves the field (Enter takes a suggestion).

use egui::text::{CCursor, CCursorRange};
use egui::text_edit::TextEditState;
use egui::{Event, FocusDirection, Id, Key, RichText, TextEdit, TextStyle};

use crate::engine::QueryEncoding;
use crate::engine::encoding::LABELS;

use super::command::Command;
use super::escape::{SPECIAL_CHARS, escape, group_digits, preview, unescape};
use super::field::Field;
use super::keys;
use super::mode_toggle;
use super::state::State;

/// The text field's widget id (for focus).
pub fn field_id(field: Field) -> Id {
    Id::unique(match field {
        Field::Input => "field-url",
        Field::Base => "field-base",
        Field::Encoding => "field-encoding",
    })
}

/// Values longer than this (bytes) are not put in a text field unless asked:
/// a text field lays out its whole text on every change, and past 16 KiB a
/// keystroke costs more than a frame (see `benches/frames.rs`).
pub const EDIT_LIMIT: usize = 16 * 1024;

/// "Edit anyway" works up to this size; beyond it typing would stall.
pub const FORCED_EDIT_LIMIT: usize = 256 * 1024;

/// The edit buffer of one field: the value, escaped when escapes are on.
#[derive(Default)]
struct Buffer {
    text: String,
    /// The value the buffer was made from.
    synced: String,
    escaped: bool,
    /// The user chose to edit a value past [`EDIT_LIMIT`] (slow, but theirs to choose).
    force: bool,
}

impl Buffer {
    /// Remakes the buffer if the value changed elsewhere or escapes toggled.
    fn sync(&mut self, value: &str, escapes: bool) {
        if self.synced != value
            || self.escaped != escapes
            || self.text.is_empty() != value.is_empty()
        {
            self.text = if escapes {
                escape(value).into_owned()
            } else {
                value.to_owned()
            };
            value.clone_into(&mut self.synced);
            self.escaped = escapes;
        }
    }

    /// The value the buffer now stands for.
    fn value(&self) -> String {
        if self.escaped {
            unescape(&self.text).into_owned()
        } else {
            self.text.clone()
        }
    }
}

/// The edit buffers of the URL and base fields.
#[derive(Default)]
pub struct Fields {
    input: Buffer,
    base: Buffer,
}

/// Draws the panel; returns whether any input changed.
pub fn inputs_ui(
    ui: &mut egui::Ui,
    state: &mut State,
    fields: &mut Fields,
    commands: &mut Vec<Command>,
) -> bool {
    let mut changed = false;
    egui::Grid::new("inputs-grid")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .min_col_width(72.0)
        .show(ui, |ui| {
            for (field, shortcut) in [
                (Field::Input, keys::FOCUS_INPUT),
                (Field::Base, keys::FOCUS_BASE),
            ] {
                let label = field_label(ui, field, &shortcut);
                ui.horizontal(|ui| {
                    changed |= text_field(ui, field, state, fields, label, commands);
                });
                ui.end_row();
            }

            let label = field_label(ui, Field::Encoding, &keys::FOCUS_ENCODING);
            ui.horizontal_wrapped(|ui| {
                changed |= encoding_field(ui, state, label);
            });
            ui.end_row();

            let label = ui.label(RichText::new("Mode").strong()).on_hover_text(
                "Whose rules apply where browsers of 2011 differed (only the host steps differ)",
            );
            ui.horizontal_wrapped(|ui| {
                let r = mode_toggle::mode_toggle_ui(ui, &mut state.mode, &mut state.engine)
                    .labelled_by(label.id);
                changed |= r.changed();
                ui.weak(mode_toggle::engine_summary(state.engine, state.mode));
            });
            ui.end_row();
        });
    changed
}

/// A field's label, with its help and shortcut in the tooltip.
fn field_label(ui: &mut egui::Ui, field: Field, shortcut: &egui::KeyboardShortcut) -> Id {
    let help = format!("{} ({})", field.help(), ui.ctx().format_shortcut(shortcut));
    ui.label(RichText::new(field.label()).strong())
        .on_hover_text(help)
        .id
}

/// The buffer behind the URL or base field.
fn buffer(fields: &mut Fields, field: Field) -> &mut Buffer {
    match field {
        Field::Base => &mut fields.base,
        _ => &mut fields.input,
    }
}

/// The URL or base field. Returns whether the value changed.
fn text_field(
    ui: &mut egui::Ui,
    field: Field,
    state: &mut State,
    fields: &mut Fields,
    label: Id,
    commands: &mut Vec<Command>,
) -> bool {
    let escapes = state.escapes;
    let buffer = buffer(fields, field);
    let limit = if buffer.force {
        FORCED_EDIT_LIMIT
    } else {
        EDIT_LIMIT
    };
    let value = state.value_mut(field);
    if value.len() > limit {
        buffer.force = false;
        too_long_ui(ui, field, value, escapes, &mut buffer.force, commands);
        return false;
    }
    if value.len() <= EDIT_LIMIT {
        buffer.force = false;
    }
    buffer.sync(value, escapes);
    divert_big_paste(ui, field, buffer.text.len(), limit, commands);

    let hint = match field {
        Field::Input => "Type or paste a URL, e.g. http://example.com/a/../b?q=1",
        _ => "None: the URL is resolved against itself",
    };
    // Room for the button beside the field.
    let width = (ui.available_width() - 130.0).max(160.0);
    let response = TextEdit::singleline(&mut buffer.text)
        .id(field_id(field))
        .hint_text(hint)
        .font(TextStyle::Monospace)
        .desired_width(width)
        .show(ui)
        .response
        .response
        .labelled_by(label);
    let mut changed = false;
    if response.changed() {
        let new_value = buffer.value();
        if *value != new_value {
            buffer.synced.clone_from(&new_value);
            *value = new_value;
            changed = true;
        }
    }
    // Leaving either field keeps the question (URL and base together).
    if response.lost_focus() {
        commands.push(Command::Remember);
    }
    if field == Field::Input {
        insert_menu(ui, commands);
    } else if !value.is_empty()
        && ui
            .small_button("Clear")
            .on_hover_text("Remove the base URL")
            .clicked()
    {
        commands.push(Command::Clear(field));
    }
    changed
}

/// A value too long to edit: a preview and what can be done with it.
fn too_long_ui(
    ui: &mut egui::Ui,
    field: Field,
    value: &str,
    escapes: bool,
    force: &mut bool,
    commands: &mut Vec<Command>,
) {
    let shown = ui
        .label(RichText::new(preview(value, 100, escapes)).monospace())
        .on_hover_text(
            "Too long to edit comfortably: typing in it would be slow. \
             Focused (Ctrl+L), a paste or a keystroke replaces it and Ctrl+C copies it all.",
        );
    whole_value_keys(ui, field, value, shown.rect, commands);
    if value.len() <= FORCED_EDIT_LIMIT
        && ui
            .button("Edit anyway")
            .on_hover_text("Each keystroke will take longer than a frame")
            .clicked()
    {
        *force = true;
    }
    if ui.button("Show all").clicked() {
        commands.push(Command::ShowAll {
            title: field.label().to_owned(),
            text: value.to_owned(),
        });
    }
    if ui
        .button("Clear")
        .on_hover_text(format!("{} bytes", group_digits(value.len())))
        .clicked()
    {
        commands.push(Command::Clear(field));
    }
}

/// The preview of a value too long to edit stands in for its text field:
/// it takes the field's focus (so Ctrl+L reaches it) and then acts as a
/// field whose whole text is selected would. A paste or typed text replaces
/// the value, Ctrl+C copies it all, Ctrl+X cuts it, Backspace or Delete
/// empties the field.
fn whole_value_keys(
    ui: &mut egui::Ui,
    field: Field,
    value: &str,
    rect: egui::Rect,
    commands: &mut Vec<Command>,
) {
    let response = ui.interact(
        rect,
        field_id(field),
        egui::Sense::focusable_noninteractive(),
    );
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::TextInput,
            true,
            format!("{} (too long to edit; shown cut short)", field.label()),
        )
    });
    if !response.has_focus() {
        return;
    }
    ui.painter().rect_stroke(
        rect.expand(2.0),
        2.0,
        ui.visuals().selection.stroke,
        egui::StrokeKind::Outside,
    );
    let copy = || Command::Copy {
        what: format!("the whole {}", field.label().to_lowercase()),
        text: value.to_owned(),
    };
    ui.input_mut(|i| {
        for event in std::mem::take(&mut i.events) {
            match event {
                Event::Paste(text) | Event::Text(text) => {
                    commands.push(Command::Clear(field));
                    commands.push(Command::Insert { field, text });
                }
                Event::Copy => commands.push(copy()),
                Event::Cut => {
                    commands.push(copy());
                    commands.push(Command::Clear(field));
                }
                Event::Key {
                    key: Key::Backspace | Key::Delete,
                    pressed: true,
                    ..
                } => commands.push(Command::Clear(field)),
                other => i.events.push(other),
            }
        }
    });
}

/// Takes a paste that would make the focused field longer than `limit`
/// before the text field sees it: it is inserted around the text field.
fn divert_big_paste(
    ui: &mut egui::Ui,
    field: Field,
    current: usize,
    limit: usize,
    commands: &mut Vec<Command>,
) {
    if !ui.memory(|m| m.has_focus(field_id(field))) {
        return;
    }
    ui.input_mut(|i| {
        i.events.retain(|e| match e {
            Event::Paste(text) if current + text.len() > limit => {
                commands.push(Command::Insert {
                    field,
                    text: text.clone(),
                });
                false
            }
            _ => true,
        });
    });
}

/// The menu of characters that are hard to type. Its button says what it
/// inserts and where.
fn insert_menu(ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    // Clicking the code point field must not close the menu.
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (button, _) = egui::containers::menu::MenuButton::new("Insert character")
        .config(config)
        .ui(ui, |ui| {
            ui.label("Insert at the cursor of the URL field:");
            for &(c, name) in SPECIAL_CHARS {
                let text = format!("U+{:04X}  {name}", u32::from(c));
                if ui.button(text).clicked() {
                    commands.push(Command::Insert {
                        field: Field::Input,
                        text: c.to_string(),
                    });
                    ui.close();
                }
            }
            ui.separator();
            ui.horizontal(|ui| code_point_ui(ui, commands));
            ui.weak("Surrogates (D800–DFFF) become U+FFFD, as in a Rust string.");
        });
    button.on_hover_text(
        "Insert a character that is hard to type (invisible, bidi, controls) into the URL",
    );
}

/// "Other code point: U+____ [Insert]".
fn code_point_ui(ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    let id = Id::unique("insert-codepoint");
    let mut hex: String = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let label = ui.label("Other code point: U+");
    let r = ui
        .add(
            TextEdit::singleline(&mut hex)
                .desired_width(70.0)
                .hint_text("hex"),
        )
        .labelled_by(label.id);
    let code = u32::from_str_radix(hex.trim(), 16).ok();
    let c = code.map(|n| char::from_u32(n).unwrap_or('\u{FFFD}'));
    let enter = r.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
    let name = match c {
        Some(c) => format!("Insert U+{:04X}", u32::from(c)),
        None => "Insert".to_owned(),
    };
    if (ui
        .add_enabled(c.is_some(), egui::Button::new(name))
        .clicked()
        || enter)
        && let Some(c) = c
    {
        commands.push(Command::Insert {
            field: Field::Input,
            text: c.to_string(),
        });
        ui.close();
    }
    ui.data_mut(|d| d.insert_temp(id, hex));
}

/// The encoding label field with its suggestions, the list of every label,
/// and the engine's verdict on the label. Returns whether the label changed.
fn encoding_field(ui: &mut egui::Ui, state: &mut State, label: Id) -> bool {
    let before = state.encoding.clone();
    encoding_edit(ui, &mut state.encoding, label);
    all_labels_menu(ui, &mut state.encoding);

    // One verdict, the engine's (the same words the command line prints).
    let q = QueryEncoding::from_label(&state.encoding);
    let message = q.message(&state.encoding);
    if q.verdict(&state.encoding).is_fallback() {
        ui.colored_label(ui.visuals().warn_fg_color, message);
    } else {
        ui.weak(message);
    }
    state.encoding != before
}

/// The encoding text field and its suggestion list. The list opens only
/// after typing in the field (not on arriving there by Tab), Enter takes a
/// suggestion, and Tab or Shift+Tab always move on: the field is no trap.
fn encoding_edit(ui: &mut egui::Ui, encoding: &mut String, label: Id) {
    let id = field_id(Field::Encoding);
    let typed_id = id.with("typed");
    let mut typed: bool = ui.data(|d| d.get_temp(typed_id)).unwrap_or(false);
    if ui.memory(|m| m.has_focus(id)) {
        // Shift+Tab first: a match on no modifiers would take it too.
        let tab = ui.input_mut(|i| {
            if i.consume_key(egui::Modifiers::SHIFT, Key::Tab) {
                Some(FocusDirection::Previous)
            } else if i.consume_key(egui::Modifiers::NONE, Key::Tab) {
                Some(FocusDirection::Next)
            } else {
                None
            }
        });
        if let Some(direction) = tab {
            // The open list holds Tab for itself; leave it closed and move on.
            typed = false;
            ui.memory_mut(|m| m.move_focus(direction));
        }
    }
    let output = egui::CompletionPopup::new(id)
        .word_boundary(|_| false)
        .max_height(260.0)
        .accept_keys([Key::Enter])
        // Below the field, not over the URL and base fields above it.
        .align(egui::RectAlign::BOTTOM_START)
        .show(
            ui,
            TextEdit::singleline(encoding)
                .hint_text("utf-8")
                .desired_width(160.0),
            |query| {
                if typed {
                    suggestions(query.word)
                } else {
                    Vec::new()
                }
            },
        );
    let response = output.text_edit.response.response.labelled_by(label);
    if response.changed() {
        typed = true;
    }
    if !response.has_focus() || output.accepted.is_some() {
        typed = false;
    }
    ui.data_mut(|d| d.insert_temp(typed_id, typed));
}

/// The labels that contain what was typed, each with the encoding it names.
fn suggestions(word: &str) -> Vec<egui::Suggestion> {
    let word = word.trim().to_ascii_lowercase();
    let matches: Vec<&str> = LABELS
        .iter()
        .copied()
        .filter(|l| l.contains(&word))
        .collect();
    if matches.len() == 1 && matches[0] == word {
        return Vec::new();
    }
    matches
        .into_iter()
        .map(|l| egui::Suggestion::new(l).description(encoding_name(l)))
        .collect()
}

/// The name of the encoding `label` names ("" for none).
fn encoding_name(label: &str) -> &'static str {
    QueryEncoding::from_label(label)
        .named
        .map_or("", |e| e.name())
}

/// The "All labels" menu: a search box (focused on opening; clicking it
/// keeps the menu open) and every label that matches.
fn all_labels_menu(ui: &mut egui::Ui, encoding: &mut String) {
    let search_id = Id::unique("encoding-search");
    let was_open_id = search_id.with("open");
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (button, inner) = egui::containers::menu::MenuButton::new("All labels")
        .config(config)
        .ui(ui, |ui| {
            let mut search: String = ui.data(|d| d.get_temp(search_id)).unwrap_or_default();
            let search_label = ui.label("Search:");
            let r = ui
                .add(
                    TextEdit::singleline(&mut search)
                        .id(search_id)
                        .hint_text("e.g. jis, 1252, latin"),
                )
                .labelled_by(search_label.id);
            if !ui.data(|d| d.get_temp(was_open_id).unwrap_or(false)) {
                r.request_focus();
            }
            let needle = search.trim().to_ascii_lowercase();
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for l in LABELS.iter().filter(|l| l.contains(&needle)) {
                        if ui.button(format!("{l}   ({})", encoding_name(l))).clicked() {
                            *encoding = (*l).to_owned();
                            ui.close();
                        }
                    }
                });
            ui.data_mut(|d| d.insert_temp(search_id, search));
        });
    ui.data_mut(|d| d.insert_temp(was_open_id, inner.is_some()));
    button.on_hover_text(format!(
        "All {} labels the Encoding Standard knows",
        LABELS.len()
    ));
}

/// Inserts `text` into `field` at its cursor (replacing a selection), or at
/// the end when the field has no cursor or is too long to edit.
pub fn insert(ctx: &egui::Context, state: &mut State, field: Field, text: &str) {
    let escapes_on = state.escapes;
    let value = state.value_mut(field);
    // Only a field small enough to be a text field shows escapes.
    let escapes = escapes_on && value.len() <= FORCED_EDIT_LIMIT;
    let id = field_id(field);
    let cursor = TextEditState::load(ctx, id).and_then(|s| s.cursor.char_range());
    let shown = if escapes {
        escape(value).into_owned()
    } else {
        value.clone()
    };
    let (start, end) = match cursor {
        Some(r) if shown.len() <= FORCED_EDIT_LIMIT => {
            let [a, b] = r.sorted_cursors();
            (byte_at(&shown, a.index.0), byte_at(&shown, b.index.0))
        }
        _ => (shown.len(), shown.len()),
    };
    let inserted = if escapes {
        escape(text).into_owned()
    } else {
        text.to_owned()
    };
    let mut new_shown = String::with_capacity(shown.len() + inserted.len());
    new_shown.push_str(&shown[..start]);
    new_shown.push_str(&inserted);
    new_shown.push_str(&shown[end..]);
    *value = if escapes {
        unescape(&new_shown).into_owned()
    } else {
        new_shown.clone()
    };
    if new_shown.len() <= FORCED_EDIT_LIMIT {
        let at = new_shown[..start + inserted.len()].chars().count();
        let mut s = TextEditState::load(ctx, id).unwrap_or_default();
        s.cursor
            .set_char_range(Some(CCursorRange::one(CCursor::new(at))));
        s.store(ctx, id);
        ctx.memory_mut(|m| m.request_focus(id));
    }
}

/// Focuses `field` with all its text selected (Ctrl+L in the URL field, as
/// in a browser's address bar: the next keystroke or paste replaces it).
pub fn focus_and_select_all(ctx: &egui::Context, state: &State, field: Field) {
    let value = state.value(field);
    // The field shows the escaped form when escapes are on (not the encoding field).
    let shown_chars = if state.escapes && field != Field::Encoding {
        escape(value).chars().count()
    } else {
        value.chars().count()
    };
    let id = field_id(field);
    let mut s = TextEditState::load(ctx, id).unwrap_or_default();
    s.cursor.set_char_range(Some(CCursorRange::two(
        CCursor::new(0),
        CCursor::new(shown_chars),
    )));
    s.store(ctx, id);
    ctx.memory_mut(|m| m.request_focus(id));
}

/// The byte offset of character `index` in `s` (clamped to the end).
fn byte_at(s: &str, index: usize) -> usize {
    s.char_indices().nth(index).map_or(s.len(), |(i, _)| i)
}
