//! The marks the Inspector puts on a URL, for the cells of Compare and
//! Batch: non-ASCII characters tinted and underlined, and a "▲" before a
//! value whose host passes for another (a label mixing scripts, or a host
//! that looks like an ASCII one it is not, UTS #39), with a tooltip that
//! says which host it is and which it looks like. `https://xn--pple-43d.com/`
//! gets one: the URL Standard writes the Cyrillic а of `аpple.com` in
//! Punycode, which hides it as well as the Cyrillic letter does.

use egui::text::{LayoutJob, TextFormat};
use egui::{RichText, TextStyle};

use crate::engine::notes::{HostLook, host_look};

use super::notes_strip::append_marking_non_ascii;
use super::symbols::with_words;

/// What a value's host calls for: nothing, or a warning in words.
pub fn host_warning(host: &str) -> Option<String> {
    let look: HostLook = host_look(host);
    let reads = if look.readable == host {
        String::new()
    } else {
        format!(" (it reads {})", look.readable)
    };
    if let Some(like) = &look.looks_like {
        return Some(format!(
            "The host {host}{reads} looks like {like}, but it is a different host."
        ));
    }
    look.mixed_script
        .as_ref()
        .map(|mixed| format!("The host {host}{reads}: {mixed}."))
}

/// `text` in the monospace font, non-ASCII characters marked, after a "▲"
/// when `warning` is given; one line, cut to the width there is.
pub fn marked_job(ui: &egui::Ui, text: &str, warning: bool, strong: bool) -> LayoutJob {
    let font = TextStyle::Monospace.resolve(ui.style());
    let v = ui.visuals();
    let color = if strong {
        v.strong_text_color()
    } else {
        v.text_color()
    };
    let mut job = LayoutJob::default();
    job.wrap.max_width = ui.available_width();
    job.wrap.max_rows = 1;
    job.wrap.break_anywhere = true;
    if warning {
        job.append("▲ ", 0.0, TextFormat::simple(font.clone(), v.warn_fg_color));
    }
    append_marking_non_ascii(&mut job, text, &TextFormat::simple(font, color), v);
    job
}

/// A cell holding `text` (a URL, a host, an input) whose host is `host`:
/// marked as [`marked_job`] marks it, the whole text and the warning in its
/// tooltip. Cheap for the common case: a plainly ASCII host is not looked
/// at further, and an ASCII text is one run.
pub fn marked_cell(ui: &mut egui::Ui, text: &str, host: Option<&str>) -> egui::Response {
    let warning = host.and_then(host_warning);
    let job = marked_job(ui, text, warning.is_some(), false);
    // One tooltip: egui shows its own for a cut label, which would stand
    // above the one below, saying the same again.
    let r = ui.add(
        egui::Label::new(job)
            .selectable(false)
            .show_tooltip_when_elided(false),
    );
    if text.is_empty() {
        return r;
    }
    r.on_hover_ui(|ui| {
        ui.label(RichText::new(text).monospace());
        if let Some(w) = &warning {
            ui.separator();
            ui.label(with_words(ui, "▲", w, ui.visuals().warn_fg_color));
        } else if !text.is_ascii() {
            ui.label("Holds non-ASCII characters (underlined): not the ASCII letters they may look like.");
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_alike_host_is_warned_of_and_a_plain_one_is_not() {
        let w = host_warning("xn--pple-43d.com").unwrap_or_default();
        assert!(w.contains("looks like apple.com"), "{w}");
        assert!(w.contains("reads \u{430}pple.com"), "{w}");
        assert_eq!(host_warning("apple.com"), None);
        assert_eq!(
            host_warning("b\u{fc}cher.de"),
            None,
            "one script, no look-alike"
        );
    }
}
