//! The input panel: the URL, the base URL, the query encoding (a searchable
//! list of every label, free text allowed) and the mode. Edits go straight
//! into the [`State`]; the app recomputes on every change.
//!
//! The URL and base fields hold exactly what was typed or pasted: a paste
//! keeps its line breaks, tabs and other controls (a single-line text field
//! would turn line breaks into spaces), and the field draws each hidden
//! character as a visible picture in a muted style ([`super::visible`]),
//! so the engine sees the same text as `url-inspector canon` would. With
//! escapes on, the fields show and accept `\u{…}` (see [`super::escape`]):
//! each field edits a buffer that is the escaped form of the value.
//!
//! A value too long to lay out in a text field (a pasted document) is
//! edited by [`BigEdit`], which draws only the text around its caret; a
//! paste that would make a field that long is taken before the text field
//! sees it and becomes the first step that editor can undo.
//!
//! A URL is committed to the history by Enter in its field (and by the
//! shell on a copy, a change of view, or a pause in typing).
//!
//! Keyboard: Tab walks URL → Insert character → Base URL → Encoding → All
//! labels → the modes. The encoding's suggestions open only once something is
//! typed there, and Tab always leaves the field (Enter takes a suggestion).

use egui::text::{CCursor, CCursorRange};
use egui::text_edit::TextEditState;
use egui::{Event, FocusDirection, Id, Key, RichText, TextEdit, TextStyle};

use crate::engine::QueryEncoding;
use crate::engine::encoding::LABELS;

use super::big_field::BigEdit;
use super::command::Command;
use super::escape::{SPECIAL_CHARS, escape, group_digits, unescape};
use super::field::Field;
use super::keys;
use super::mode_toggle;
use super::state::{InspectorEngine, State};
use super::visible;

/// The text field's widget id (for focus).
pub fn field_id(field: Field) -> Id {
    Id::unique(match field {
        Field::Input => "field-url",
        Field::Base => "field-base",
        Field::Encoding => "field-encoding",
    })
}

/// Values longer than this (bytes) are not put in a text field: a text
/// field lays out its whole text on every change, and past 16 KiB a
/// keystroke costs more than a frame (see `benches/frames.rs`); [`BigEdit`]
/// edits them instead.
pub const EDIT_LIMIT: usize = 16 * 1024;

/// The edit buffer of one field: the value, escaped when escapes are on.
#[derive(Default)]
struct Buffer {
    text: String,
    /// The value the buffer was made from.
    synced: String,
    escaped: bool,
    /// The editor of the value while it is past [`EDIT_LIMIT`].
    big: BigEdit,
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

            if state.engine == InspectorEngine::UrlStandard {
                let label = ui
                    .label(RichText::new("Reading").strong())
                    .on_hover_text("The URL Standard's own reading, or a browser's of today");
                ui.horizontal_wrapped(|ui| {
                    let r = mode_toggle::browser_toggle_ui(ui, &mut state.browser)
                        .labelled_by(label.id);
                    changed |= r.changed();
                });
                ui.end_row();
            }
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
    let value = state.value_mut(field);
    let focused = ui.memory(|m| m.has_focus(field_id(field)));
    let mut changed = false;
    if focused && value.len() <= EDIT_LIMIT {
        buffer.sync(value, escapes);
        changed = divert_big_paste(ui, field, buffer, value);
    }
    // The field is drawn in the frame of a diverted paste too, by the editor
    // that now fits the value: a focused widget missing from a frame loses
    // the focus, and the keys after the paste would go nowhere.
    if value.len() > EDIT_LIMIT {
        changed |= big_field_ui(ui, field, value, &mut buffer.big, label, commands);
    } else {
        buffer.sync(value, escapes);
        if focused {
            keep_pasted_text(ui, field, buffer.escaped, commands);
        }
        changed |= small_field_ui(ui, field, buffer, value, label, commands);
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

/// The text field of a value up to [`EDIT_LIMIT`], hidden characters drawn
/// visibly. Returns whether the value changed.
fn small_field_ui(
    ui: &mut egui::Ui,
    field: Field,
    buffer: &mut Buffer,
    value: &mut String,
    label: Id,
    commands: &mut Vec<Command>,
) -> bool {
    let hint = match field {
        Field::Input => "Type or paste a URL, e.g. http://example.com/a/../b?q=1",
        _ => "None: the URL is resolved against itself",
    };
    // Room for the button beside the field.
    let width = (ui.available_width() - 130.0).max(160.0);
    let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
        visible::layout_field(ui, text.as_str())
    };
    let response = TextEdit::singleline(&mut buffer.text)
        .id(field_id(field))
        .hint_text(hint)
        .font(TextStyle::Monospace)
        .desired_width(width)
        .layouter(&mut layouter)
        .show(ui)
        .response
        .response
        .labelled_by(label);
    // Enter commits to the question (URL and base together).
    if response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
        commands.push(Command::Remember);
    }
    if !response.changed() {
        return false;
    }
    let new_value = buffer.value();
    if *value == new_value {
        return false;
    }
    buffer.synced.clone_from(&new_value);
    *value = new_value;
    // Edits in the text field end the long-value editor's history.
    buffer.big.forget();
    true
}

/// A value too long for a text field, edited by [`BigEdit`]: a frame like a
/// text field's, focusable (Ctrl+L, Tab, a click) and drawing the text
/// around the caret; beside it the size, Show all and Clear.
fn big_field_ui(
    ui: &mut egui::Ui,
    field: Field,
    value: &mut String,
    big: &mut BigEdit,
    label: Id,
    commands: &mut Vec<Command>,
) -> bool {
    let id = field_id(field);
    let focused = ui.memory(|m| m.has_focus(id));
    let changed = focused && big.handle_events(ui, field, value, commands);
    if focused && ui.input(|i| i.key_pressed(Key::Enter)) {
        commands.push(Command::Remember);
        ui.memory_mut(|m| m.surrender_focus(id));
    }
    // The job is made first: making it reads the fonts, which are locked while laying out.
    let job = big.layout(ui, value, focused);
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let margin = ui.spacing().button_padding;
    let width = (ui.available_width() - 330.0).max(160.0);
    let height = ui.text_style_height(&TextStyle::Monospace) + 2.0 * margin.y;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let response = ui
        .interact(rect, id, egui::Sense::click())
        .labelled_by(label);
    if response.clicked() {
        response.request_focus();
    }
    let size = group_digits(value.len());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::TextInput,
            true,
            format!("{} ({size} bytes, shown around the caret)", field.label()),
        )
    });
    let visuals = ui.visuals();
    let stroke = if response.has_focus() {
        visuals.selection.stroke
    } else {
        visuals.widgets.inactive.bg_stroke
    };
    let painter = ui.painter_at(rect);
    painter.rect(
        rect,
        2.0,
        visuals.extreme_bg_color,
        stroke,
        egui::StrokeKind::Inside,
    );
    painter.galley(rect.min + margin, galley, visuals.text_color());
    response.on_hover_text(format!(
        "{size} bytes: too long to lay out whole, so the start and the text around the caret are shown. \
         Typing and pasting insert at the caret; Ctrl+L or Ctrl+A selects it all; Ctrl+Z undoes."
    ));
    if ui.button("Show all").clicked() {
        commands.push(Command::ShowAll {
            title: field.label().to_owned(),
            text: value.clone(),
        });
    }
    if ui
        .button("Clear")
        .on_hover_text(format!("{size} bytes"))
        .clicked()
    {
        commands.push(Command::Clear(field));
    }
    changed
}

/// Takes a paste that would make the focused field longer than
/// [`EDIT_LIMIT`] before the text field sees it, and puts it in the value in
/// place of the text field's selection, as the long-value editor's first
/// undoable edit. Returns whether it took one.
fn divert_big_paste(
    ui: &mut egui::Ui,
    field: Field,
    buffer: &mut Buffer,
    value: &mut String,
) -> bool {
    let current = buffer.text.len();
    let big = ui.input_mut(|i| {
        let at = i
            .events
            .iter()
            .position(|e| matches!(e, Event::Paste(text) if current + text.len() > EDIT_LIMIT))?;
        match i.events.remove(at) {
            Event::Paste(text) => Some(text),
            _ => None,
        }
    });
    let Some(text) = big else {
        return false;
    };
    let range = selected_value_range(ui.ctx(), field, buffer, value);
    buffer.big.forget();
    buffer.big.replace(value, range, &text);
    true
}

/// The byte range of `value` that the text field's selection covers (its
/// caret when nothing is selected, the end when it has no cursor). With
/// escapes on the field shows the escaped form: the range is found by
/// reading back the text before and after the selection.
fn selected_value_range(
    ctx: &egui::Context,
    field: Field,
    buffer: &Buffer,
    value: &str,
) -> std::ops::Range<usize> {
    let end = value.len()..value.len();
    let Some(range) = TextEditState::load(ctx, field_id(field)).and_then(|s| s.cursor.char_range())
    else {
        return end;
    };
    let [a, b] = range.sorted_cursors();
    let (a, b) = (
        byte_at(&buffer.text, a.index.0),
        byte_at(&buffer.text, b.index.0),
    );
    let (start, tail) = if buffer.escaped {
        (
            unescape(&buffer.text[..a]).len(),
            unescape(&buffer.text[b..]).len(),
        )
    } else {
        (a, buffer.text.len() - b)
    };
    let stop = value.len().saturating_sub(tail);
    if start <= stop && value.is_char_boundary(start) && value.is_char_boundary(stop) {
        start..stop
    } else {
        end
    }
}

/// A paste goes into the focused field exactly as it was copied. The text
/// field would turn line breaks into spaces, so the paste is handed to it as
/// typed text, which it inserts as it is; a paste of a lone line break,
/// which the field reads as the Enter key, is inserted by the shell.
fn keep_pasted_text(ui: &mut egui::Ui, field: Field, escapes: bool, commands: &mut Vec<Command>) {
    ui.input_mut(|i| {
        i.events.retain_mut(|e| match e {
            Event::Paste(text) if text == "\n" || text == "\r" => {
                commands.push(Command::Insert {
                    field,
                    text: std::mem::take(text),
                });
                false
            }
            Event::Paste(text) => {
                // An escaped field reads `\u{…}` back: a pasted one stays literal.
                let text = std::mem::take(text);
                *e = Event::Text(if escapes {
                    escape(&text).into_owned()
                } else {
                    text
                });
                true
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
    // The label stays as typed; the encoding it names is shown beside it.
    let named = encoding_name(&state.encoding);
    if !named.is_empty() {
        ui.monospace(format!("→ {named}"))
            .on_hover_text("The encoding this label names (Encoding Standard)");
    }
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

/// The labels that contain what was typed, each with the encoding it names:
/// the label typed first when it is one (so Enter keeps `greek` rather than
/// take `csisolatingreek`), then the labels that start with it, then the rest.
fn suggestions(word: &str) -> Vec<egui::Suggestion> {
    let word = word.trim().to_ascii_lowercase();
    let mut matches: Vec<&str> = LABELS
        .iter()
        .copied()
        .filter(|l| l.contains(&word))
        .collect();
    if matches.len() == 1 && matches[0] == word {
        return Vec::new();
    }
    matches.sort_by_key(|l| (*l != word, !l.starts_with(&word)));
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
/// keeps the menu open) and every label that matches. From the keyboard:
/// ↓ and ↑ move the highlight, Enter takes the highlighted label, Escape
/// closes the menu.
fn all_labels_menu(ui: &mut egui::Ui, encoding: &mut String) {
    let search_id = Id::unique("encoding-search");
    let was_open_id = search_id.with("open");
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (button, inner) = egui::containers::menu::MenuButton::new("All labels")
        .config(config)
        .ui(ui, |ui| {
            let was_open = ui.data(|d| d.get_temp(was_open_id).unwrap_or(false));
            let mut search: String = ui.data(|d| d.get_temp(search_id)).unwrap_or_default();
            let needle = search.trim().to_ascii_lowercase();
            let shown: Vec<&str> = LABELS
                .iter()
                .copied()
                .filter(|l| l.contains(&needle))
                .collect();
            let highlight_id = search_id.with("highlight");
            let mut highlight: usize = ui.data(|d| d.get_temp(highlight_id)).unwrap_or(0);
            let (down, up, enter) = ui.input_mut(|i| {
                (
                    i.consume_key(egui::Modifiers::NONE, Key::ArrowDown),
                    i.consume_key(egui::Modifiers::NONE, Key::ArrowUp),
                    i.consume_key(egui::Modifiers::NONE, Key::Enter),
                )
            });
            if down {
                highlight += 1;
            }
            if up {
                highlight = highlight.saturating_sub(1);
            }
            highlight = highlight.min(shown.len().saturating_sub(1));
            let search_label = ui.label("Search (arrow keys to choose, Enter to take):");
            let r = ui
                .add(
                    TextEdit::singleline(&mut search)
                        .id(search_id)
                        .hint_text("e.g. jis, 1252, latin"),
                )
                .labelled_by(search_label.id);
            if !was_open {
                r.request_focus();
                highlight = 0;
            }
            if r.changed() {
                highlight = 0;
            }
            if enter && let Some(l) = shown.get(highlight) {
                *encoding = (*l).to_owned();
                ui.close();
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for (i, l) in shown.iter().enumerate() {
                        let item = ui.selectable_label(
                            i == highlight,
                            format!("{l}   ({})", encoding_name(l)),
                        );
                        if i == highlight && (down || up) {
                            item.scroll_to_me(None);
                        }
                        if item.clicked() {
                            *encoding = (*l).to_owned();
                            ui.close();
                        }
                    }
                });
            ui.data_mut(|d| {
                d.insert_temp(search_id, search);
                d.insert_temp(highlight_id, highlight);
            });
        });
    ui.data_mut(|d| d.insert_temp(was_open_id, inner.is_some()));
    button.on_hover_text(format!(
        "All {} labels the Encoding Standard knows",
        LABELS.len()
    ));
}

/// Inserts `text` into `field` at its cursor (replacing a selection), or at
/// the end when the field has no cursor. A value too long for a text field
/// takes it at its editor's caret, as an edit it can undo.
pub fn insert(
    ctx: &egui::Context,
    state: &mut State,
    fields: &mut Fields,
    field: Field,
    text: &str,
) {
    let escapes = state.escapes && field != Field::Encoding;
    let value = state.value_mut(field);
    let id = field_id(field);
    if field != Field::Encoding && value.len() > EDIT_LIMIT {
        let big = &mut buffer(fields, field).big;
        let at = big.caret(value);
        big.replace(value, at..at, text);
        ctx.memory_mut(|m| m.request_focus(id));
        return;
    }
    let cursor = TextEditState::load(ctx, id).and_then(|s| s.cursor.char_range());
    let shown = if escapes {
        escape(value).into_owned()
    } else {
        value.clone()
    };
    let (start, end) = match cursor {
        Some(r) => {
            let [a, b] = r.sorted_cursors();
            (byte_at(&shown, a.index.0), byte_at(&shown, b.index.0))
        }
        None => (shown.len(), shown.len()),
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
    if new_shown.len() <= EDIT_LIMIT {
        let at = new_shown[..start + inserted.len()].chars().count();
        let mut s = TextEditState::load(ctx, id).unwrap_or_default();
        s.cursor
            .set_char_range(Some(CCursorRange::one(CCursor::new(at))));
        s.store(ctx, id);
    }
    ctx.memory_mut(|m| m.request_focus(id));
}

/// Focuses `field` with all its text selected (Ctrl+L in the URL field, as
/// in a browser's address bar: the next keystroke or paste replaces it).
pub fn focus_and_select_all(ctx: &egui::Context, state: &State, fields: &mut Fields, field: Field) {
    let value = state.value(field);
    let id = field_id(field);
    ctx.memory_mut(|m| m.request_focus(id));
    if field != Field::Encoding && value.len() > EDIT_LIMIT {
        buffer(fields, field).big.select_all();
        return;
    }
    // The field shows the escaped form when escapes are on (not the encoding field).
    let shown_chars = if state.escapes && field != Field::Encoding {
        escape(value).chars().count()
    } else {
        value.chars().count()
    };
    let mut s = TextEditState::load(ctx, id).unwrap_or_default();
    s.cursor.set_char_range(Some(CCursorRange::two(
        CCursor::new(0),
        CCursor::new(shown_chars),
    )));
    s.store(ctx, id);
}

/// The byte offset of character `index` in `s` (clamped to the end).
fn byte_at(s: &str, index: usize) -> usize {
    s.char_indices().nth(index).map_or(s.len(), |(i, _)| i)
}
