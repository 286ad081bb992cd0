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

use egui::text::{CCursor, CCursorRange};
use egui::text_edit::TextEditState;
use egui::{Event, Id, RichText, TextEdit, TextStyle};

use crate::engine::encoding::LABELS;
use crate::engine::{Mode, QueryEncoding};

use super::app::{Command, keys};
use super::escape::{SPECIAL_CHARS, escape, group_digits, preview, unescape};
use super::mode_toggle;
use super::state::State;

/// Values longer than this (bytes) are not put in a text field unless asked:
/// a text field lays out its whole text on every change, and past 16 KiB a
/// keystroke costs more than a frame (see `benches/frames.rs`).
pub const EDIT_LIMIT: usize = 16 * 1024;

/// "Edit anyway" works up to this size; beyond it typing would stall.
pub const FORCED_EDIT_LIMIT: usize = 256 * 1024;

/// The three text fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Input,
    Base,
    Encoding,
}

impl Field {
    /// The text field's widget id (for focus).
    pub fn id(self) -> Id {
        Id::unique(match self {
            Field::Input => "field-url",
            Field::Base => "field-base",
            Field::Encoding => "field-encoding",
        })
    }

    /// The visible (and accessible) label.
    pub const fn label(self) -> &'static str {
        match self {
            Field::Input => "URL",
            Field::Base => "Base URL",
            Field::Encoding => "Encoding",
        }
    }

    fn value(self, state: &mut State) -> &mut String {
        match self {
            Field::Input => &mut state.input,
            Field::Base => &mut state.base,
            Field::Encoding => &mut state.encoding,
        }
    }
}

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
    let label_width = 72.0;
    egui::Grid::new("inputs-grid")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .min_col_width(label_width)
        .show(ui, |ui| {
            for field in [Field::Input, Field::Base] {
                let shortcut = if field == Field::Input {
                    keys::FOCUS_INPUT
                } else {
                    keys::FOCUS_BASE
                };
                let label = ui
                    .label(RichText::new(field.label()).strong())
                    .on_hover_text(format!(
                        "{} ({})",
                        field_help(field),
                        ui.ctx().format_shortcut(&shortcut)
                    ));
                ui.horizontal(|ui| {
                    changed |= text_field(ui, field, state, fields, label.id, commands);
                });
                ui.end_row();
            }

            let label = ui
                .label(RichText::new("Encoding").strong())
                .on_hover_text(format!(
                    "The encoding the query is percent-encoded in ({})",
                    ui.ctx().format_shortcut(&keys::FOCUS_ENCODING)
                ));
            ui.horizontal(|ui| {
                changed |= encoding_field(ui, state, label.id);
            });
            ui.end_row();

            let label = ui.label(RichText::new("Mode").strong()).on_hover_text(
                "Whose rules apply where browsers of 2011 differed (only the host steps differ)",
            );
            ui.horizontal(|ui| {
                let r = mode_toggle::mode_toggle_ui(ui, &mut state.mode).labelled_by(label.id);
                if r.changed() {
                    changed = true;
                }
                ui.weak(mode_toggle::summary(state.mode));
            });
            ui.end_row();
        });
    changed
}

fn field_help(field: Field) -> &'static str {
    match field {
        Field::Input => "The URL or relative reference to inspect",
        Field::Base => "The URL the input is resolved against; leave empty for none",
        Field::Encoding => "",
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
    let value = field.value(state);
    let buffer = match field {
        Field::Base => &mut fields.base,
        _ => &mut fields.input,
    };
    let limit = if buffer.force {
        FORCED_EDIT_LIMIT
    } else {
        EDIT_LIMIT
    };
    if value.len() > limit {
        // Too long to edit: a preview and what can be done with it.
        buffer.force = false;
        ui.label(RichText::new(preview(value, 100, escapes)).monospace())
            .on_hover_text("Too long to edit comfortably: typing in it would be slow");
        if value.len() <= FORCED_EDIT_LIMIT
            && ui
                .button("Edit anyway")
                .on_hover_text("Each keystroke will take longer than a frame")
                .clicked()
        {
            buffer.force = true;
        }
        if ui.button("Show all").clicked() {
            commands.push(Command::ShowAll {
                title: field.label().to_owned(),
                text: value.clone(),
            });
        }
        if ui
            .button("Clear")
            .on_hover_text(format!("{} bytes", group_digits(value.len())))
            .clicked()
        {
            commands.push(Command::Clear(field));
        }
        return false;
    }
    if value.len() <= EDIT_LIMIT {
        buffer.force = false;
    }
    buffer.sync(value, escapes);

    // A paste that would make the field huge goes around the text field.
    let id = field.id();
    if ui.memory(|m| m.has_focus(id)) {
        let current = buffer.text.len();
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

    let hint = match field {
        Field::Input => "Type or paste a URL, e.g. http://example.com/a/../b?q=1",
        _ => "None: the URL is resolved against itself",
    };
    let width = (ui.available_width() - 90.0).max(200.0);
    let out = TextEdit::singleline(&mut buffer.text)
        .id(id)
        .hint_text(hint)
        .font(TextStyle::Monospace)
        .desired_width(width)
        .show(ui);
    let response = out.response.response.labelled_by(label);
    let mut changed = false;
    if response.changed() {
        let new_value = buffer.value();
        if *value != new_value {
            buffer.synced.clone_from(&new_value);
            *value = new_value;
            changed = true;
        }
    }
    if field == Field::Input && response.lost_focus() {
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

/// The menu of characters that are hard to type.
fn insert_menu(ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    ui.menu_button("Insert", |ui| {
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
        ui.horizontal(|ui| {
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
            let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui
                .add_enabled(c.is_some(), egui::Button::new("Insert"))
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
        });
        ui.weak("Surrogates (D800–DFFF) become U+FFFD, as in a Rust string.");
    })
    .response
    .on_hover_text("Insert a character that is hard to type");
}

/// The encoding label field with its suggestions and the verdict on the label.
fn encoding_field(ui: &mut egui::Ui, state: &mut State, label: Id) -> bool {
    let before = state.encoding.clone();
    let output = egui::CompletionPopup::new(Field::Encoding.id())
        .word_boundary(|_| false)
        .max_height(260.0)
        .show(
            ui,
            TextEdit::singleline(&mut state.encoding)
                .hint_text("utf-8")
                .desired_width(160.0),
            |query| {
                let word = query.word.trim().to_ascii_lowercase();
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
                    .map(|l| {
                        let name = QueryEncoding::from_label(l).named.map_or("", |e| e.name());
                        egui::Suggestion::new(l).description(name)
                    })
                    .collect()
            },
        );
    output.text_edit.response.response.labelled_by(label);

    let all = ui.menu_button("All labels", |ui| {
        let id = Id::unique("encoding-search");
        let mut search: String = ui.data(|d| d.get_temp(id)).unwrap_or_default();
        let search_label = ui.label("Search:");
        ui.add(TextEdit::singleline(&mut search).hint_text("e.g. jis, 1252, latin"))
            .labelled_by(search_label.id);
        let needle = search.trim().to_ascii_lowercase();
        egui::ScrollArea::vertical()
            .max_height(320.0)
            .show(ui, |ui| {
                for l in LABELS.iter().filter(|l| l.contains(&needle)) {
                    let name = QueryEncoding::from_label(l).named.map_or("", |e| e.name());
                    if ui.button(format!("{l}   ({name})")).clicked() {
                        state.encoding = (*l).to_owned();
                        ui.close();
                    }
                }
            });
        ui.data_mut(|d| d.insert_temp(id, search));
    });
    all.response.on_hover_text(format!(
        "All {} labels the Encoding Standard knows",
        LABELS.len()
    ));

    let q = QueryEncoding::from_label(&state.encoding);
    let label_text = state.encoding.trim();
    let (text, warn) = match q.named {
        None if label_text.is_empty() => (
            format!("No label: the query uses {}.", q.used.name()),
            false,
        ),
        None => (
            format!(
                "Unknown encoding label \"{label_text}\": the query uses {}.",
                q.used.name()
            ),
            true,
        ),
        Some(e) if e == q.used => (format!("Query encoded in {}.", e.name()), false),
        Some(e) => (
            format!(
                "{} does not keep ASCII as ASCII, so the query uses {}.",
                e.name(),
                q.used.name()
            ),
            true,
        ),
    };
    if warn {
        ui.colored_label(ui.visuals().warn_fg_color, text);
    } else {
        ui.weak(text);
    }
    state.encoding != before
}

/// Inserts `text` into `field` at its cursor (replacing a selection), or at
/// the end when the field has no cursor or is too long to edit.
pub fn insert(ctx: &egui::Context, state: &mut State, field: Field, text: &str) {
    let escapes_on = state.escapes;
    let value = field.value(state);
    // Only a field small enough to be a text field shows escapes.
    let escapes = escapes_on && value.len() <= FORCED_EDIT_LIMIT;
    let id = field.id();
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
    let value = match field {
        Field::Input => &state.input,
        Field::Base => &state.base,
        Field::Encoding => &state.encoding,
    };
    // The field shows the escaped form when escapes are on (not the encoding field).
    let shown_chars = if state.escapes && field != Field::Encoding {
        escape(value).chars().count()
    } else {
        value.chars().count()
    };
    let id = field.id();
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

/// Kept for the mode toggle's shortcut hints.
pub fn mode_shortcut(ctx: &egui::Context, mode: Mode) -> String {
    let i = Mode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
    ctx.format_shortcut(&keys::MODES[i])
}
