//! The Help menu: the sheet of every shortcut (the one table in
//! [`keys`](super::keys), as the Keys menu lists it) in a window that stays
//! open, and About: the version, the license and the documentation pages,
//! which are built into the binary so they always match it and open
//! without a network.

use super::command::Command;
use super::keys;

/// The documentation pages About offers, by file name.
const DOCS: [(&str, &str); 4] = [
    ("docs/window.md", include_str!("../../docs/window.md")),
    ("docs/cli.md", include_str!("../../docs/cli.md")),
    ("docs/resolvers.md", include_str!("../../docs/resolvers.md")),
    ("README.md", include_str!("../../README.md")),
];

/// Which of the Help windows are open.
#[derive(Default)]
pub struct HelpWindows {
    sheet: bool,
    about: bool,
}

impl HelpWindows {
    /// The Help menu in the menu bar.
    pub fn menu(&mut self, ui: &mut egui::Ui) {
        ui.menu_button("Help", |ui| {
            if ui.button("Keyboard shortcuts").clicked() {
                self.sheet = true;
                ui.close();
            }
            if ui.button("About url-inspector").clicked() {
                self.about = true;
                ui.close();
            }
        });
    }

    /// The open Help windows.
    pub fn show(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.sheet)
            .resizable(true)
            .vscroll(true)
            .show(ctx, |ui| shortcut_sheet(ui, "shortcut-sheet"));
        egui::Window::new("About url-inspector")
            .open(&mut self.about)
            .resizable(false)
            .show(ctx, |ui| about(ui, commands));
    }
}

/// Every shortcut of [`keys::BINDINGS`], then the keys the widgets read.
pub fn shortcut_sheet(ui: &mut egui::Ui, id: &str) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for binding in &keys::BINDINGS {
                ui.monospace(ui.ctx().format_shortcut(&binding.shortcut));
                ui.label(binding.what);
                ui.end_row();
            }
            for (keys, what) in keys::WIDGET_KEYS {
                ui.monospace(keys);
                ui.label(what);
                ui.end_row();
            }
        });
}

/// The version, the license and the documentation.
fn about(ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    ui.heading(format!("url-inspector {}", env!("CARGO_PKG_VERSION")));
    ui.label(env!("CARGO_PKG_DESCRIPTION"));
    ui.label(format!("License: {}", env!("CARGO_PKG_LICENSE")));
    ui.separator();
    ui.label("Documentation (the pages of this version):");
    for (name, text) in DOCS {
        if ui.link(name).clicked() {
            commands.push(Command::ShowAll {
                title: name.to_owned(),
                text: text.to_owned(),
            });
        }
    }
}
