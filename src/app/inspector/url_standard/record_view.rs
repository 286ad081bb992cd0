//! The URL record (URL Standard, URL representation) as a table: scheme,
//! username, password, host with its kind, port, path (its segments as a
//! numbered list, or the opaque path), query, fragment, and the origin.
//! Null and empty are told apart, as the Standard tells them apart.
//!
//! Below the origin, what a browser derives from it: the site (HTML
//! Standard, obtain a site), the host's registrable domain and public
//! suffix (URL Standard) under the Public Suffix List named beside them,
//! and, with a base, whether the URL is same origin and same site as it.

use egui::{RichText, Ui};

use crate::app::escape::shown;
use crate::engine::url_standard::site::{self, SiteFacts};
use crate::engine::url_standard::{HostKind, Origin, Url};

/// Draws the record of `url`, and its site against `base` (the base's
/// record, when a base was given).
pub fn record_ui(ui: &mut Ui, url: &Url, base: Option<&Url>, escapes: bool) {
    ui.label(RichText::new("URL record").strong());
    // A few lookups in the compiled-in list: cheap enough for each frame.
    let facts = site::facts(url, base);
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("URL record table"),
        |ui| {
            record_grid(ui, url, &facts, escapes);
        },
    );
}

/// The record's rows.
fn record_grid(ui: &mut Ui, url: &Url, facts: &SiteFacts, escapes: bool) {
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
            ui.monospace(facts.origin.to_string());
            ui.end_row();
            site_rows(ui, facts);
        });
}

/// The site, the registrable domain and public suffix, and the base.
fn site_rows(ui: &mut Ui, facts: &SiteFacts) {
    ui.label("site")
        .on_hover_text("HTML Standard, obtain a site: an opaque origin is its own site; else the scheme and the host's registrable domain, or the host itself when it has none");
    ui.vertical(|ui| {
        ui.monospace(facts.site.to_string());
        ui.label(RichText::new(facts.how()).small().italics());
        ui.label(RichText::new(site::PSL_LIST).small().weak())
            .on_hover_text("The list compiled into this build: its date is the day the psl crate's version was published, which follows the upstream list daily");
    });
    ui.end_row();
    let host_facts = matches!(facts.origin, Origin::Tuple { .. });
    ui.label("registrable domain");
    match (&facts.registrable_domain, &facts.public_suffix) {
        (Some(d), _) => ui.monospace(d),
        (None, Some(_)) => ui.weak("null (the host is a public suffix)"),
        (None, None) if host_facts => ui.weak("null (an IP address)"),
        (None, None) => ui.weak("null (opaque origin)"),
    };
    ui.end_row();
    ui.label("public suffix");
    match &facts.public_suffix {
        Some((suffix, section)) => {
            ui.horizontal(|ui| {
                ui.monospace(suffix);
                ui.label(RichText::new(section.describe()).small().italics());
            });
        }
        None if host_facts => {
            ui.weak("null (an IP address)");
        }
        None => {
            ui.weak("null (opaque origin)");
        }
    }
    ui.end_row();
    if let Some(base) = &facts.base {
        let yes = |b: bool| if b { "yes" } else { "no" };
        ui.label("against the base");
        let mut text = format!(
            "same origin: {}; same site: {}",
            yes(base.same_origin),
            yes(base.same_site)
        );
        if base.schemelessly_same_site && !base.same_site {
            text.push_str(" (schemelessly same site: yes)");
        }
        ui.label(text).on_hover_text(format!(
            "The base's origin is {}, its site {}. HTML Standard: same origin compares scheme, host and port; same site compares the sites' schemes and hosts. An opaque origin is same origin and same site with nothing else.",
            base.origin, base.site
        ));
        ui.end_row();
    }
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
