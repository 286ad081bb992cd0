//! The canonical forms' keys beside their URLs: urlcanon's SSURT for each of
//! its canonicalizers shown, and the host-suffix / path-prefix expressions a
//! Safe Browsing client looks up, in the published order.

use egui::RichText;

use crate::resolvers::Resolver;

use super::super::command::Command;
use super::Comparison;

/// Whether any shown resolver has a key or lookups to show.
pub fn has_any(c: &Comparison, shown: &[Resolver]) -> bool {
    shown
        .iter()
        .filter_map(|&r| c.answer(r))
        .any(|a| !a.invalid && (a.forms.key.is_some() || !a.forms.lookups.is_empty()))
}

/// The section: each key on a line under its resolver, then the lookups,
/// numbered; each copyable.
pub fn keys_ui(ui: &mut egui::Ui, c: &Comparison, shown: &[Resolver], commands: &mut Vec<Command>) {
    for &r in shown {
        let Some(a) = c.answer(r).filter(|a| !a.invalid) else {
            continue;
        };
        if let Some(key) = &a.forms.key {
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{} SSURT:", r.label())).strong());
                copyable(ui, key, &format!("{}'s SSURT", r.label()), commands);
            });
        }
        if !a.forms.lookups.is_empty() {
            ui.label(
                RichText::new(format!(
                    "{}: the {} expressions a client hashes and looks up, in order",
                    r.label(),
                    a.forms.lookups.len()
                ))
                .strong(),
            );
            for (i, l) in a.forms.lookups.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.weak(format!("{:>2}.", i + 1));
                    copyable(ui, l, "the lookup expression", commands);
                });
            }
        }
    }
}

/// A value in the monospace font; a click copies it.
fn copyable(ui: &mut egui::Ui, text: &str, what: &str, commands: &mut Vec<Command>) {
    let clicked = ui
        .add(egui::Label::new(RichText::new(text).monospace()).sense(egui::Sense::click()))
        .on_hover_text("Click to copy")
        .clicked();
    if clicked {
        commands.push(Command::Copy {
            what: what.to_owned(),
            text: text.to_owned(),
        });
    }
}
