//! The four-way mode toggle (THIS, CHROME, GECKO, IE): the spec's own rules
//! or the emulation of a browser of 2011. The markers only select among the
//! steps of Nameprep and CanonicalizeHost, so each tooltip says what that
//! browser does differently with a host.

use egui::Response;

use crate::engine::Mode;

use super::keys::mode_shortcut;

/// What a mode changes, in a sentence or two.
pub fn tooltip(mode: Mode) -> &'static str {
    match mode {
        Mode::This => {
            "The spec's own choice: percent-escapes in the host are decoded as UTF-8, \
             Nameprep and Punycode apply, and characters that cannot appear in a URL are refused."
        }
        Mode::Chrome => {
            "Chrome: a host still holding '%' after decoding is refused, other disallowed characters \
             are percent-encoded, and escapes left at the end become Latin-1 characters."
        }
        Mode::Gecko => {
            "Gecko (Firefox): a failing host falls back to its lowercased input, escapes stay as typed, \
             Unicode is shown only under whitelisted top-level domains, and the old NFKC is used."
        }
        Mode::Ie => {
            "Internet Explorer: only escapes of letters, digits and a few marks are decoded, \
             labels must survive ToUnicode then ToASCII, and %00 or a bad escape is refused."
        }
    }
}

/// The one-line summary shown beside the toggle.
pub fn summary(mode: Mode) -> &'static str {
    match mode {
        Mode::This => "The spec's own rules. Only hosts differ between modes.",
        Mode::Chrome => "Emulating Chrome of 2011 (host rules only).",
        Mode::Gecko => "Emulating Gecko of 2011 (host rules only).",
        Mode::Ie => "Emulating Internet Explorer of 2011 (host rules only).",
    }
}

/// Draws the toggle; the response is marked changed when the mode changed.
pub fn mode_toggle_ui(ui: &mut egui::Ui, mode: &mut Mode) -> Response {
    let inner = ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        let mut changed = false;
        for m in Mode::ALL {
            let shortcut = mode_shortcut(ui.ctx(), m);
            let r = ui
                .selectable_label(
                    *mode == m,
                    egui::RichText::new(m.marker()).monospace().strong(),
                )
                .on_hover_text(format!("{} ({shortcut})", tooltip(m)));
            if r.clicked() && *mode != m {
                *mode = m;
                changed = true;
            }
        }
        changed
    });
    let mut response = inner.response;
    if inner.inner {
        response.mark_changed();
    }
    response
}
