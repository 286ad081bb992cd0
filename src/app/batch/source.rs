//! Where the Batch view's lines come from: pasted text, a path typed into
//! the field, the desktop's open dialog (through `rfd`), or a file dropped
//! onto the window.
//!
//! The dialog ([`super::dialog`]) runs on a thread of its own, so the window
//! keeps drawing while it is open. Where the desktop offers no dialog, the
//! view says so and points at the path field, which is always there.

use std::path::PathBuf;

use super::super::command::Command;
use super::dialog::{Answer, Dialog};
use super::job::Input;
use super::settings::BatchSettings;

/// Pasted text above this size is not shown in the text area (laying out
/// megabytes every frame would stall the window); it is kept and run as is.
pub const PASTE_SHOWN: usize = 256 * 1024;

/// The text area's and the path field's contents, and an open dialog.
#[derive(Default)]
pub struct SourcePanel {
    /// The pasted lines.
    pub paste: String,
    dialog: Option<Dialog>,
}

impl SourcePanel {
    /// Draws the path field, the dialog button and the paste area; returns
    /// the input to run when the user asked for one.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut BatchSettings,
        commands: &mut Vec<Command>,
    ) -> Option<Input> {
        let mut run = self.poll_dialog(settings, commands);
        run = run.or_else(|| dropped_file(ui, settings));
        ui.horizontal(|ui| {
            let label = ui.label("File:");
            let field = ui.add(
                egui::TextEdit::singleline(&mut settings.path)
                    .hint_text(
                        "a path to a list of URLs, a CSV or JSON Lines file, or a FIFO (Ctrl+O)",
                    )
                    .desired_width((ui.available_width() - 330.0).max(160.0))
                    .id(path_field_id()),
            );
            let field = field.labelled_by(label.id);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .button("Open")
                .on_hover_text("Read the file named in the field (Enter does the same)")
                .clicked()
                || enter
            {
                run = run.take().or_else(|| path_input(settings, commands));
            }
            let browsing = self.dialog.is_some();
            if ui
                .add_enabled(!browsing, egui::Button::new("Browse…"))
                .on_hover_text("Choose a file with the desktop's dialog")
                .clicked()
            {
                self.open_dialog(ui.ctx());
            }
            run = run.take().or_else(|| recent_menu(ui, settings));
            ui.weak("or drop a file here");
        });
        ui.horizontal_top(|ui| {
            let height = 3.0 * ui.text_style_height(&egui::TextStyle::Monospace);
            let label = ui.label("Lines:");
            if self.paste.len() <= PASTE_SHOWN {
                ui.add(
                    egui::TextEdit::multiline(&mut self.paste)
                        .hint_text("or paste URLs here, one per line")
                        .code_editor()
                        .desired_rows(3)
                        .desired_width(ui.available_width() - 160.0)
                        .min_size(egui::vec2(0.0, height))
                        .id_salt("batch-paste"),
                )
                .labelled_by(label.id)
                .on_hover_text("Pasted lines: one URL per line, URL<TAB>BASE, CSV or JSON Lines");
            } else {
                ui.label(format!(
                    "{} bytes pasted (too many to show here)",
                    super::super::escape::group_digits(self.paste.len())
                ));
                if ui.button("Clear").clicked() {
                    self.paste.clear();
                }
            }
            if ui
                .add_enabled(
                    !self.paste.is_empty(),
                    egui::Button::new("Run pasted lines"),
                )
                .clicked()
            {
                run = Some(Input::Text(self.paste.clone()));
            }
        });
        run
    }

    fn open_dialog(&mut self, ctx: &egui::Context) {
        self.dialog = Dialog::open("batch-open-dialog", ctx, || {
            rfd::FileDialog::new()
                .set_title("Open a list of URLs")
                .pick_file()
        });
    }

    /// The dialog's answer, once it has one.
    fn poll_dialog(
        &mut self,
        settings: &mut BatchSettings,
        commands: &mut Vec<Command>,
    ) -> Option<Input> {
        let answer = self.dialog.as_mut()?.poll()?;
        self.dialog = None;
        match answer {
            Answer::Chosen(path) => {
                settings.path = path.display().to_string();
                Some(Input::File(path))
            }
            Answer::NoneChosen | Answer::Unavailable => {
                let quick = answer == Answer::Unavailable;
                let text = if quick {
                    "No file dialog could be shown on this desktop; type the file's path into the field and press Open."
                } else {
                    "No file chosen."
                };
                commands.push(Command::Report {
                    text: text.to_owned(),
                    error: quick,
                });
                None
            }
        }
    }
}

/// The path field's id (fixed, so a shortcut can focus it).
fn path_field_id() -> egui::Id {
    egui::Id::unique("batch-path")
}

/// Focuses the path field with its text selected, so typing replaces it.
pub fn focus_path_field(ctx: &egui::Context, path: &str) {
    let id = path_field_id();
    ctx.memory_mut(|m| m.request_focus(id));
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let all = egui::text::CCursorRange::two(
        egui::text::CCursor::new(0),
        egui::text::CCursor::new(path.chars().count()),
    );
    state.cursor.set_char_range(Some(all));
    state.store(ctx, id);
}

/// The file named in the path field, or a message saying what is wrong.
fn path_input(settings: &BatchSettings, commands: &mut Vec<Command>) -> Option<Input> {
    let path = settings.path.trim();
    if path.is_empty() {
        commands.push(Command::Report {
            text: "Type a file's path into the field first.".to_owned(),
            error: true,
        });
        return None;
    }
    Some(Input::File(expand_home(path)))
}

/// `~/x` means the home folder's `x`, as in a shell.
pub fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(path),
    }
}

/// A file dropped onto the window this frame.
fn dropped_file(ui: &egui::Ui, settings: &mut BatchSettings) -> Option<Input> {
    let dropped = ui.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()))?;
    settings.path = dropped.display().to_string();
    Some(Input::File(dropped))
}

/// The "Recent" menu: the files opened last; choosing one opens it.
fn recent_menu(ui: &mut egui::Ui, settings: &mut BatchSettings) -> Option<Input> {
    let mut chosen = None;
    let mut forget = false;
    ui.add_enabled_ui(!settings.recent.is_empty(), |ui| {
        ui.menu_button("Recent", |ui| {
            for path in &settings.recent {
                let button = egui::Button::new(egui::RichText::new(path).monospace());
                if ui.add(button).clicked() {
                    chosen = Some(path.clone());
                }
            }
            ui.separator();
            if ui.button("Forget these files").clicked() {
                forget = true;
            }
        })
        .response
        .on_hover_text("The files opened last (remembered)")
        .on_disabled_hover_text("No file opened yet");
    });
    if forget {
        settings.recent.clear();
    }
    let path = chosen?;
    settings.path.clone_from(&path);
    Some(Input::File(expand_home(&path)))
}
