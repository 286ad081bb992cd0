//! The components table: a row each for scheme, user, password, host, port,
//! path, query and fragment, with the value as parsed from the input alone
//! and the canonical value, absent and empty told apart, plus the
//! percent-decoded text, the host's Unicode and Punycode forms, the bytes in
//! hex on demand, and a copy button. Then the query as a parameter table.
//!
//! Each row is a named group in the accessibility tree ("host row"), so a
//! screen reader (or a test) can find a component's values together. The
//! Copy buttons are in the Tab order, one per row; for an invalid URL they
//! are disabled (there is no canonical value to copy).
//!
//! The parameter table is part of the page, not a scroll area of its own:
//! it grows with its rows inside the window's scroll, lays out only the rows
//! in sight, and keeps its header at the top while its rows scroll under it.

use egui::{Align, Layout, Rect, RichText, Sense, UiBuilder, vec2};

use crate::engine::Component;

use crate::app::analysis::{Analysis, component_index};
use crate::app::command::Command;
use crate::app::escape::{preview, shorten, truncate_chars};
use crate::app::state::{State, is_blank};
use crate::app::theme;

/// Values are shown up to this many characters; "Show all" opens the rest.
const SHOWN_CHARS: usize = 160;
/// Bytes shown in hex.
const HEX_BYTES: usize = 96;

/// The widths of the table's columns.
struct Columns {
    name: f32,
    value: f32,
}

/// Draws the table.
pub fn components_ui(
    ui: &mut egui::Ui,
    analysis: Option<&Analysis>,
    state: &State,
    selected: Option<Component>,
    commands: &mut Vec<Command>,
) {
    ui.heading("Components");
    let Some(a) = analysis else { return };
    if is_blank(&a.request.input) {
        ui.weak("The components of the URL show here once there is one.");
        return;
    }
    let copy_w = 52.0;
    let name = 112.0;
    let spacing = 3.0 * ui.spacing().item_spacing.x + 8.0;
    let value = ((ui.available_width() - name - copy_w - spacing) / 2.0).max(100.0);
    let cols = Columns { name, value };

    header_ui(ui, a, &cols);
    ui.separator();
    for c in Component::ALL {
        component_row(ui, a, c, state, selected == Some(c), &cols, commands);
    }

    if !a.query_params.is_empty() {
        ui.add_space(8.0);
        query_table(ui, a, state.escapes);
    }
}

fn header_ui(ui: &mut egui::Ui, a: &Analysis, cols: &Columns) {
    let has_base = !a.request.base.is_empty();
    ui.horizontal(|ui| {
        column(ui, cols.name, |ui| {
            ui.strong("Component");
        });
        column(ui, cols.value, |ui| {
            ui.strong(if has_base {
                "Parsed (input alone)"
            } else {
                "Parsed"
            })
            .on_hover_text("What the parsing steps split out of the input, before any change");
        });
        column(ui, cols.value, |ui| {
            ui.strong(if a.outcome.url.invalid {
                "Canonical (stopped: URL invalid)"
            } else {
                "Canonical"
            })
            .on_hover_text("The value after resolution and canonicalization");
        });
    });
}

/// One component's row: name (selects it), parsed value, canonical value, Copy.
fn component_row(
    ui: &mut egui::Ui,
    a: &Analysis,
    c: Component,
    state: &State,
    is_selected: bool,
    cols: &Columns,
    commands: &mut Vec<Command>,
) {
    let color = theme::component_color(c, ui.visuals().dark_mode);
    let frame = egui::Frame::new()
        .inner_margin(vec2(2.0, 3.0))
        .corner_radius(3.0)
        .stroke(if is_selected {
            egui::Stroke::new(2.0, color)
        } else {
            egui::Stroke::NONE
        });
    ui.scope_builder(
        UiBuilder::new().accessibility_label(format!("{c} row")),
        |ui| {
            frame.show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    column(ui, cols.name, |ui| {
                        let text = RichText::new(format!("■ {c}"))
                            .monospace()
                            .color(color)
                            .strong();
                        let r = ui.selectable_label(is_selected, text).on_hover_text(
                            "Select: mark its characters in the input and its steps in the trace",
                        );
                        if r.clicked() {
                            commands.push(Command::SelectComponent(Some(c)));
                        }
                    });
                    column(ui, cols.value, |ui| parsed_cell(ui, a, c, state, commands));
                    column(ui, cols.value, |ui| {
                        let value = a.final_value(c);
                        value_ui(
                            ui,
                            value,
                            state.escapes,
                            &format!("{c} (canonical)"),
                            commands,
                        );
                        extras_ui(ui, a, c, value, state);
                    });
                    copy_button(ui, a, c, commands);
                });
            });
        },
    );
}

/// The value as parsed from the input alone, and after resolution when a
/// base changed it.
fn parsed_cell(
    ui: &mut egui::Ui,
    a: &Analysis,
    c: Component,
    state: &State,
    commands: &mut Vec<Command>,
) {
    value_ui(
        ui,
        a.parsed.get(c),
        state.escapes,
        &format!("{c} (parsed)"),
        commands,
    );
    let resolved = a.resolved.get(c);
    if !a.request.base.is_empty() && resolved != a.parsed.get(c) {
        ui.horizontal_wrapped(|ui| {
            ui.weak("after resolution:");
            value_ui(
                ui,
                resolved,
                state.escapes,
                &format!("{c} (resolved)"),
                commands,
            );
        });
    }
}

/// The row's Copy button: enabled only when there is a canonical value (an
/// invalid URL has none, whatever its parts held when it stopped).
fn copy_button(ui: &mut egui::Ui, a: &Analysis, c: Component, commands: &mut Vec<Command>) {
    let value = a.final_value(c).filter(|_| !a.outcome.url.invalid);
    let enabled = value.is_some();
    let hover = if a.outcome.url.invalid {
        "The URL is invalid: there is no canonical value to copy".to_owned()
    } else if enabled {
        format!("Copy the canonical {c}")
    } else {
        format!("The URL has no {c}")
    };
    let r = ui
        .add_enabled(enabled, egui::Button::new("Copy").small())
        .on_hover_text(&hover)
        .on_disabled_hover_text(&hover);
    let name = format!("Copy {c}");
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
    if r.clicked()
        && let Some(v) = value
    {
        commands.push(Command::Copy {
            what: format!("the {c}"),
            text: v.to_owned(),
        });
    }
}

/// A fixed-width column in a row.
fn column(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    ui.allocate_ui_with_layout(vec2(width, 0.0), Layout::top_down(Align::Min), |ui| {
        ui.set_width(width);
        add(ui);
    });
}

/// One value: absent, empty, or the text (cut short when long).
fn value_ui(
    ui: &mut egui::Ui,
    value: Option<&str>,
    escapes: bool,
    title: &str,
    commands: &mut Vec<Command>,
) {
    match value {
        None => {
            ui.label(RichText::new("absent").italics().weak())
                .on_hover_text("Not in the URL at all (no delimiter for it)");
        }
        Some("") => {
            ui.label(RichText::new("\"\" (empty)").italics())
                .on_hover_text("Present but empty: its delimiter is there with nothing after it");
        }
        Some(v) => {
            let (_, cut) = truncate_chars(v, SHOWN_CHARS);
            ui.add(
                egui::Label::new(RichText::new(preview(v, SHOWN_CHARS, escapes)).monospace())
                    .wrap(),
            );
            if cut && ui.small_button("Show all").clicked() {
                commands.push(Command::ShowAll {
                    title: title.to_owned(),
                    text: v.to_owned(),
                });
            }
        }
    }
}

/// Decoded text, host forms and hex under a canonical value.
fn extras_ui(ui: &mut egui::Ui, a: &Analysis, c: Component, value: Option<&str>, state: &State) {
    let small = |ui: &mut egui::Ui, label: &str, text: &str| {
        ui.horizontal_wrapped(|ui| {
            ui.weak(label);
            ui.add(
                egui::Label::new(
                    RichText::new(preview(text, SHOWN_CHARS, state.escapes))
                        .small()
                        .monospace(),
                )
                .wrap(),
            );
        });
    };
    if let Some(d) = a
        .extras
        .get(component_index(c))
        .and_then(|e| e.decoded.as_deref())
    {
        small(ui, "decoded:", d);
    }
    if c == Component::Host
        && let Some(h) = &a.host_forms
    {
        if Some(h.unicode.as_str()) != value {
            small(ui, "Unicode:", &h.unicode);
        }
        match &h.ascii {
            Ok(ascii) if Some(ascii.as_str()) != value => small(ui, "Punycode:", ascii),
            Ok(_) => {}
            Err(e) => small(ui, "Punycode:", e),
        }
    }
    if state.hex
        && let Some(v) = value
        && !v.is_empty()
    {
        let bytes = v.as_bytes();
        let mut hex: String = bytes
            .iter()
            .take(HEX_BYTES)
            .map(|b| format!("{b:02X} "))
            .collect();
        if bytes.len() > HEX_BYTES {
            hex.push_str(&format!("… ({} bytes)", bytes.len()));
        }
        small(ui, "bytes:", hex.trim_end());
    }
}

/// The query as name/value pairs, decoded in the query encoding: a table
/// in the page (no scroll area of its own) that lays out only the rows in
/// sight and keeps its header in sight while its rows scroll.
fn query_table(ui: &mut egui::Ui, a: &Analysis, escapes: bool) {
    ui.heading("Query parameters");
    let n = a.query_params.len();
    ui.weak(format!(
        "{n} parameter{}; '+' read as a space, escapes decoded as {}.",
        if n == 1 { "" } else { "s" },
        a.encoding.used
    ));
    let row_h = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
    let width = ui.available_width();
    let num_w = 56.0;
    let name_w = ((width - num_w) * 0.35).max(80.0);
    let widths = [num_w, name_w, (width - num_w - name_w).max(80.0)];
    ui.scope_builder(
        UiBuilder::new().accessibility_label("Query parameter table"),
        |ui| {
            let header = ui.allocate_exact_size(vec2(width, row_h), Sense::hover()).0;
            let (body, _) = ui.allocate_exact_size(vec2(width, row_h * n as f32), Sense::hover());
            let clip = ui.clip_rect();
            // Only the rows in sight are laid out (a pasted query can have thousands).
            let first = (((clip.top() - body.top()) / row_h).floor().max(0.0)) as usize;
            let last = ((((clip.bottom() - body.top()) / row_h).ceil()).max(0.0) as usize).min(n);
            for i in first..last {
                let rect =
                    Rect::from_min_size(body.min + vec2(0.0, row_h * i as f32), vec2(width, row_h));
                if i % 2 == 1 {
                    ui.painter()
                        .rect_filled(rect, 0.0, theme::faint_row(ui.visuals()));
                }
                let (k, v) = &a.query_params[i];
                let cells = [
                    RichText::new(format!("{}", i + 1)).weak(),
                    RichText::new(shorten(k, 120, escapes)).monospace(),
                    RichText::new(shorten(v, 120, escapes)).monospace(),
                ];
                table_row(ui, rect, &widths, cells);
            }
            // The header sticks to the top of the view while rows pass under it.
            let top = header
                .top()
                .max(clip.top())
                .min(body.bottom().max(header.top()));
            let header = Rect::from_min_size(egui::pos2(header.left(), top), header.size());
            ui.painter()
                .rect_filled(header, 0.0, ui.visuals().panel_fill);
            table_row(
                ui,
                header,
                &widths,
                [
                    RichText::new("#").strong(),
                    RichText::new("name").strong(),
                    RichText::new("value").strong(),
                ],
            );
        },
    );
}

/// One row of the parameter table, each cell cut to its column.
fn table_row(ui: &mut egui::Ui, rect: Rect, widths: &[f32; 3], cells: [RichText; 3]) {
    let mut x = rect.left();
    for (w, text) in widths.iter().zip(cells) {
        let cell = Rect::from_min_size(
            egui::pos2(x + 4.0, rect.top()),
            vec2(w - 8.0, rect.height()),
        );
        ui.scope_builder(
            UiBuilder::new()
                .max_rect(cell)
                .layout(Layout::left_to_right(Align::Center)),
            |ui| {
                ui.add(egui::Label::new(text).truncate());
            },
        );
        x += w;
    }
}
