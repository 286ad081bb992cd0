//! The components table: a row each for scheme, user, password, host, port,
//! path, query and fragment, with the value as parsed from the input alone
//! and the canonical value, absent and empty told apart, plus the
//! percent-decoded text, the host's Unicode and Punycode forms, the bytes in
//! hex on demand, and a copy button. Then the query as a parameter table.
//!
//! Each row is a named group in the accessibility tree ("host row"), so a
//! screen reader (or a test) can find a component's values together.

use egui::{Align, Layout, RichText, UiBuilder, vec2};

use crate::engine::Component;

use super::analysis::{Analysis, component_index};
use super::app::Command;
use super::escape::{escape, preview, truncate_chars};
use super::highlight::component_color;
use super::state::State;

/// Values are shown up to this many characters; "Show all" opens the rest.
const SHOWN_CHARS: usize = 160;
/// Bytes shown in hex.
const HEX_BYTES: usize = 96;

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
    let invalid = a.outcome.url.invalid;
    let has_base = !a.request.base.is_empty();

    let name_w = 112.0;
    let copy_w = 52.0;
    let value_w = ((ui.available_width() - name_w - copy_w - 24.0) / 2.0).max(120.0);

    ui.horizontal(|ui| {
        column(ui, name_w, |ui| {
            ui.strong("Component");
        });
        column(ui, value_w, |ui| {
            ui.strong(if has_base {
                "Parsed (input alone)"
            } else {
                "Parsed"
            })
            .on_hover_text("What the parsing steps split out of the input, before any change");
        });
        column(ui, value_w, |ui| {
            ui.strong(if invalid {
                "Canonical (stopped: URL invalid)"
            } else {
                "Canonical"
            })
            .on_hover_text("The value after resolution and canonicalization");
        });
    });
    ui.separator();

    for c in Component::ALL {
        let row_label = format!("{c} row");
        let is_selected = selected == Some(c);
        let frame = egui::Frame::new()
            .inner_margin(vec2(2.0, 3.0))
            .corner_radius(3.0)
            .stroke(if is_selected {
                egui::Stroke::new(2.0, component_color(c))
            } else {
                egui::Stroke::NONE
            });
        ui.scope_builder(UiBuilder::new().accessibility_label(row_label), |ui| {
            frame.show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    column(ui, name_w, |ui| {
                        let text = RichText::new(format!("■ {c}"))
                            .monospace()
                            .color(component_color(c))
                            .strong();
                        let r = ui
                            .selectable_label(is_selected, text)
                            .on_hover_text("Select: mark its characters in the input");
                        if r.clicked() {
                            commands.push(Command::SelectComponent(Some(c)));
                        }
                    });
                    column(ui, value_w, |ui| {
                        value_ui(
                            ui,
                            a.parsed.get(c),
                            state.escapes,
                            &format!("{c} (parsed)"),
                            commands,
                        );
                        let resolved = a.resolved.get(c);
                        if has_base && resolved != a.parsed.get(c) {
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
                    });
                    column(ui, value_w, |ui| {
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
                    let value = a.final_value(c);
                    let r = ui
                        .add_enabled(value.is_some(), egui::Button::new("Copy").small())
                        .on_hover_text(format!("Copy the canonical {c}"));
                    let enabled = value.is_some();
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
                });
            });
        });
    }

    if !a.query_params.is_empty() {
        ui.add_space(8.0);
        query_table(ui, a, state.escapes);
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

/// The query as name/value pairs, decoded in the query encoding.
fn query_table(ui: &mut egui::Ui, a: &Analysis, escapes: bool) {
    ui.heading("Query parameters");
    ui.weak(format!(
        "{} parameter{}; '+' read as a space, escapes decoded as {}.",
        a.query_params.len(),
        if a.query_params.len() == 1 { "" } else { "s" },
        a.encoding.used
    ));
    let row_h = ui.text_style_height(&egui::TextStyle::Monospace) + 2.0;
    ui.scope_builder(
        UiBuilder::new().accessibility_label("Query parameter table"),
        |ui| {
            egui::ScrollArea::vertical()
                .id_salt("query-params")
                .max_height(240.0)
                .auto_shrink([false, true])
                .show_rows(ui, row_h, a.query_params.len(), |ui, rows| {
                    egui::Grid::new("query-grid")
                        .num_columns(3)
                        .striped(true)
                        .min_col_width(40.0)
                        .show(ui, |ui| {
                            if rows.start == 0 {
                                ui.weak("#");
                                ui.strong("name");
                                ui.strong("value");
                                ui.end_row();
                            }
                            for i in rows {
                                let (k, v) = &a.query_params[i];
                                ui.weak(format!("{}", i + 1));
                                let show = |s: &str| {
                                    let (head, cut) = truncate_chars(s, 120);
                                    let mut t = if escapes {
                                        escape(head).into_owned()
                                    } else {
                                        head.to_owned()
                                    };
                                    if cut {
                                        t.push('…');
                                    }
                                    t
                                };
                                ui.monospace(show(k));
                                ui.monospace(show(v));
                                ui.end_row();
                            }
                        });
                });
        },
    );
}
