//! Colours, chosen for contrast: every text colour the app uses meets WCAG's
//! 4.5:1 against the backgrounds it is drawn on, in the dark and the light
//! theme (`tests/gui/inspector.rs` computes each pair). egui's own defaults do not:
//! its weak text is the normal colour at 60 % alpha (about 2.7:1 dark,
//! 2.9:1 light), its red is 3.8:1 on light panels, and light text fields
//! have no border. [`apply`] fixes those on the context; the component
//! colours come in a dark and a light set.
//!
//! Colour is never the only cue: components are named beside their colour,
//! changed characters are struck through or underlined, unchanged trace steps
//! carry a mark of their own, notes say their level in words, non-ASCII
//! characters are boxed as well as tinted.

use egui::{Color32, Stroke, Theme, Visuals};

use crate::engine::Component;

use super::state::ThemeChoice;

/// egui's name for the theme chosen in the View menu.
pub fn preference(choice: ThemeChoice) -> egui::ThemePreference {
    match choice {
        ThemeChoice::System => egui::ThemePreference::System,
        ThemeChoice::Dark => egui::ThemePreference::Dark,
        ThemeChoice::Light => egui::ThemePreference::Light,
    }
}

/// The visuals the app draws with in `theme`.
pub fn visuals(theme: Theme) -> Visuals {
    let mut v = match theme {
        Theme::Dark => Visuals::dark(),
        Theme::Light => Visuals::light(),
    };
    let (text, weak, error, warn) = match theme {
        Theme::Dark => (
            Color32::from_gray(200),
            Color32::from_gray(160),
            Color32::from_rgb(0xFF, 0x8C, 0x8C),
            Color32::from_rgb(0xFF, 0x8F, 0x00),
        ),
        Theme::Light => (
            Color32::from_gray(40),
            Color32::from_gray(90),
            Color32::from_rgb(0xC0, 0x00, 0x00),
            Color32::from_rgb(0xA8, 0x46, 0x00),
        ),
    };
    v.widgets.noninteractive.fg_stroke.color = text;
    v.weak_text_color = Some(weak);
    v.error_fg_color = error;
    v.warn_fg_color = warn;
    if theme == Theme::Light {
        // Text fields and buttons get a visible edge on the light panel.
        let edge = Stroke::new(1.0, Color32::from_gray(118));
        v.widgets.inactive.bg_stroke = edge;
        v.widgets.inactive.fg_stroke.color = Color32::from_gray(30);
    }
    v
}

/// Installs [`visuals`] for both themes on `ctx`.
pub fn apply(ctx: &egui::Context) {
    for theme in [Theme::Dark, Theme::Light] {
        ctx.set_visuals_of(theme, visuals(theme));
    }
}

/// The colour of a component's name and marks: light tones on the dark
/// theme, dark ones on the light theme (each ≥ 4.5:1 on the panel).
pub fn component_color(c: Component, dark: bool) -> Color32 {
    let (d, l) = match c {
        Component::Scheme => ([0xF0, 0x80, 0x80], [0xB0, 0x24, 0x24]),
        Component::User => ([0xF0, 0xA0, 0x50], [0x9A, 0x50, 0x00]),
        Component::Password => ([0xC8, 0x96, 0xF0], [0x7A, 0x32, 0xB0]),
        Component::Host => ([0x6C, 0xAE, 0xF5], [0x1A, 0x5C, 0xB0]),
        Component::Port => ([0x3C, 0xC8, 0xC8], [0x0A, 0x6E, 0x6E]),
        Component::Path => ([0x74, 0xC8, 0x78], [0x2A, 0x70, 0x2E]),
        Component::Query => ([0xE0, 0xC0, 0x30], [0x7A, 0x62, 0x00]),
        Component::Fragment => ([0xF0, 0x80, 0xC8], [0xA8, 0x20, 0x78]),
    };
    let [r, g, b] = if dark { d } else { l };
    Color32::from_rgb(r, g, b)
}

/// The background behind a component's characters in the coloured input:
/// a light tint of its colour, opaque, so the text on it keeps its contrast.
pub fn component_tint(c: Component, v: &Visuals) -> Color32 {
    let share = if v.dark_mode { 0.22 } else { 0.18 };
    mix(v.panel_fill, component_color(c, v.dark_mode), share)
}

/// The backgrounds of removed and added characters in the trace (the text
/// on them is the strong text colour, and struck through or underlined).
pub fn change_backgrounds(v: &Visuals) -> (Color32, Color32) {
    if v.dark_mode {
        (
            Color32::from_rgb(0x8B, 0x2A, 0x2A),
            Color32::from_rgb(0x1F, 0x6B, 0x2E),
        )
    } else {
        (
            Color32::from_rgb(0xF6, 0xC0, 0xC0),
            Color32::from_rgb(0xBF, 0xEB, 0xC6),
        )
    }
}

/// The background of a non-ASCII character in the coloured input: the
/// panel with a share of the warning colour (the text on it is the strong
/// text colour; the character is boxed too, so colour is not the only cue).
pub fn non_ascii_tint(v: &Visuals) -> Color32 {
    let share = if v.dark_mode { 0.30 } else { 0.22 };
    mix(v.panel_fill, v.warn_fg_color, share)
}

/// The background of a selected row (opaque: the text on it stays readable).
pub fn selected_row(v: &Visuals) -> Color32 {
    mix(v.panel_fill, v.selection.bg_fill, 0.6)
}

/// The background of a header or striped row: the panel, slightly shifted.
pub fn faint_row(v: &Visuals) -> Color32 {
    mix(
        v.panel_fill,
        if v.dark_mode {
            Color32::WHITE
        } else {
            Color32::BLACK
        },
        0.04,
    )
}

/// `a` mixed with `share` of `b` (per sRGB channel, opaque).
pub fn mix(a: Color32, b: Color32, share: f32) -> Color32 {
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - share) + f32::from(y) * share).round() as u8;
    Color32::from_rgb(m(a.r(), b.r()), m(a.g(), b.g()), m(a.b(), b.b()))
}

/// WCAG 2 relative luminance of an opaque colour.
pub fn luminance(c: Color32) -> f64 {
    let lin = |x: u8| {
        let s = f64::from(x) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
}

/// WCAG 2 contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}
