//! The URL record (URL Standard, URL representation) as a table: scheme,
//! username, password, host with its kind, port, path (its segments as a
//! numbered list, or the opaque path), query, fragment, and the origin.
//! Null and empty are told apart, as the Standard tells them apart.

use egui::{RichText, Ui};

use crate::app::escape::shown;
use crate::engine::url_standard::{HostKind, Url};

/// Draws the record of `url`.
pub fn record_ui(ui: &mut Ui, url: &Url, escapes: bool) {
    ui.label(RichText::new("URL record").strong());
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("URL record table"),
        |ui| {
            record_grid(ui, url, escapes);
        },
    );
}

/// The record's rows.
fn record_grid(ui: &mut Ui, url: &Url, escapes: bool) {
    egui::Grid::new("standard-record")
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            row(ui, "scheme", Some(url.scheme()), escapes);
            row(ui, "username", Some(url.username()), escapes);
            row(ui, "password", Some(url.password()), escapes);
            host_row(ui, url, escapes);
            let port = url.port().map(|p| p.to_string());
            ui.label("port");
            match port {
                Some(p) => ui.monospace(p),
                None => ui.weak("null (none, or the scheme's default)"),
            };
            ui.end_row();
            path_row(ui, url, escapes);
            row(ui, "query", url.query(), escapes);
            row(ui, "fragment", url.fragment(), escapes);
            ui.label("origin");
            ui.monospace(url.origin().to_string());
            ui.end_row();
        });
}

/// One component: its text in monospace, or "null".
fn row(ui: &mut Ui, name: &str, value: Option<&str>, escapes: bool) {
    ui.label(name);
    match value {
        None => ui.weak("null"),
        Some("") => ui.weak("empty string"),
        Some(v) => ui.monospace(shown(v, escapes)),
    };
    ui.end_row();
}

/// The host and its kind ("domain", "IPv4 address", ...).
fn host_row(ui: &mut Ui, url: &Url, escapes: bool) {
    ui.label("host");
    match url.host() {
        None => {
            ui.weak("null");
        }
        Some(h) => {
            ui.horizontal(|ui| {
                if h.text.is_empty() {
                    ui.weak("empty host");
                } else {
                    ui.monospace(shown(h.text, escapes));
                }
                let kind = match h.kind {
                    HostKind::Ipv4(a) => format!("{} ({a})", h.kind.name()),
                    k => k.name().to_owned(),
                };
                ui.label(RichText::new(kind).small().italics())
                    .on_hover_text("The host's kind in the URL Standard's host representation");
            });
        }
    }
    ui.end_row();
}

/// The path: a numbered list of segments, or the opaque path.
fn path_row(ui: &mut Ui, url: &Url, escapes: bool) {
    ui.label("path");
    match url.path_segments() {
        None => {
            ui.horizontal(|ui| {
                ui.monospace(shown(url.path(), escapes));
                ui.label(RichText::new("opaque path").small().italics());
            });
        }
        Some(segments) => {
            let segments: Vec<&str> = segments.collect();
            ui.vertical(|ui| {
                if segments.is_empty() {
                    ui.weak("empty list");
                }
                for (i, s) in segments.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.weak(format!("{i}"));
                        if s.is_empty() {
                            ui.weak("empty segment");
                        } else {
                            ui.monospace(shown(s, escapes));
                        }
                    });
                }
            });
        }
    }
    ui.end_row();
}
