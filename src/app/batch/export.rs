//! Exporting the Batch view's rows, all of them or the filtered ones (in
//! the order shown), as CSV or JSON Lines, with the same columns as the
//! `table` command (the writer is [`crate::table::RowWriter`]).
//!
//! The file is written on a thread of its own (a million rows take a few
//! seconds); the window hears back when it is done. A path that cannot be
//! written gives a message naming the path and the reason, and the table
//! stays as it was. The save dialog (through `rfd`) only fills the path
//! field, which is always there too.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::resolvers::Resolver;
use crate::table::{OutputFormat, RowWriter};

use super::super::command::Command;
use super::settings::BatchSettings;
use super::store::{Segment, row_of};

/// A dialog that answers faster than this showed nothing to choose from.
const NO_DIALOG: Duration = Duration::from_millis(700);

/// What an export needs: the rows and which of them, in which order.
pub struct ExportJob {
    pub segments: Vec<Arc<Segment>>,
    /// The first `rows` rows of `segments`, when `order` is `None`.
    pub rows: usize,
    /// The rows shown, in order (the filtered view).
    pub order: Option<Arc<Vec<u32>>>,
    pub resolvers: Vec<Resolver>,
    pub format: OutputFormat,
    pub path: PathBuf,
}

/// The export controls' running parts: a save dialog, a write in progress.
#[derive(Default)]
pub struct ExportPanel {
    dialog: Option<(Instant, Receiver<Option<PathBuf>>)>,
    writing: Option<Receiver<Result<u64, String>>>,
}

impl ExportPanel {
    /// Draws the controls; returns `true` when the user asked to export
    /// (the caller gathers the rows and calls [`ExportPanel::start`]).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut BatchSettings,
        commands: &mut Vec<Command>,
    ) -> bool {
        self.poll(settings, commands);
        let mut go = false;
        ui.horizontal(|ui| {
            let label = ui.label("Export:");
            let mut format = settings.output_format();
            egui::ComboBox::from_id_salt("batch-export-format")
                .selected_text(format_name(format))
                .width(90.0)
                .show_ui(ui, |ui| {
                    for f in [OutputFormat::Csv, OutputFormat::Jsonl] {
                        ui.selectable_value(&mut format, f, format_name(f));
                    }
                })
                .response
                .labelled_by(label.id);
            settings.export_format = format.name().to_owned();
            ui.checkbox(&mut settings.export_filtered, "only the rows shown")
                .on_hover_text(
                    "The filtered rows in the order shown; otherwise every row in input order",
                );
            let to = ui.label("to");
            ui.add(
                egui::TextEdit::singleline(&mut settings.export_path)
                    .hint_text("a path to write")
                    .desired_width((ui.available_width() - 200.0).max(120.0)),
            )
            .labelled_by(to.id);
            if ui
                .add_enabled(self.dialog.is_none(), egui::Button::new("Save as…"))
                .on_hover_text("Choose where with the desktop's dialog")
                .clicked()
            {
                self.open_dialog(ui.ctx(), format);
            }
            let busy = self.writing.is_some();
            if ui
                .add_enabled(
                    !busy,
                    egui::Button::new(if busy { "Exporting…" } else { "Export" }),
                )
                .clicked()
            {
                go = true;
            }
        });
        go
    }

    /// Starts writing `job`'s rows.
    pub fn start(&mut self, job: ExportJob, ctx: &egui::Context, commands: &mut Vec<Command>) {
        // Opened here, so a path that cannot be written is told at once.
        let file = match File::create(&job.path) {
            Ok(f) => f,
            Err(e) => {
                commands.push(Command::Report {
                    text: cannot_write(&job.path, &e),
                    error: true,
                });
                return;
            }
        };
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("batch-export".to_owned())
            .spawn(move || {
                crate::table::run::lower_priority();
                let result = write_rows(file, &job).map_err(|e| cannot_write(&job.path, &e));
                let _ = tx.send(result);
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => self.writing = Some(rx),
            Err(e) => commands.push(Command::Report {
                text: format!("cannot start the export: {e}"),
                error: true,
            }),
        }
    }

    /// Whether a write is under way.
    pub fn is_writing(&self) -> bool {
        self.writing.is_some()
    }

    fn poll(&mut self, settings: &mut BatchSettings, commands: &mut Vec<Command>) {
        if let Some(rx) = &self.writing
            && let Ok(result) = rx.try_recv()
        {
            self.writing = None;
            let (text, error) = match result {
                Ok(rows) => (
                    format!(
                        "Exported {} rows to {}.",
                        super::super::escape::group_digits(rows as usize),
                        settings.export_path
                    ),
                    false,
                ),
                Err(why) => (why, true),
            };
            commands.push(Command::Report { text, error });
        }
        if let Some((opened, rx)) = &self.dialog
            && let Ok(answer) = rx.try_recv()
        {
            let quick = opened.elapsed() < NO_DIALOG;
            self.dialog = None;
            match answer {
                Some(path) => settings.export_path = path.display().to_string(),
                None if quick => commands.push(Command::Report {
                    text: "No save dialog could be shown on this desktop; type the path into the field and press Export."
                        .to_owned(),
                    error: true,
                }),
                None => {}
            }
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, format: OutputFormat) {
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let name = format!("urls.{}", format.name());
        let spawned = std::thread::Builder::new()
            .name("batch-save-dialog".to_owned())
            .spawn(move || {
                let picked = rfd::FileDialog::new()
                    .set_title("Export the table")
                    .set_file_name(name)
                    .save_file();
                let _ = tx.send(picked);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.dialog = Some((Instant::now(), rx));
        }
    }
}

fn format_name(f: OutputFormat) -> &'static str {
    match f {
        OutputFormat::Csv => "CSV",
        OutputFormat::Tsv => "TSV",
        OutputFormat::Jsonl => "JSON Lines",
    }
}

/// The message for a path that cannot be written: the path and the reason.
fn cannot_write(path: &Path, e: &io::Error) -> String {
    format!(
        "Cannot write {}: {e}. The table is unchanged.",
        path.display()
    )
}

/// Writes the rows; how many.
pub fn write_rows(file: File, job: &ExportJob) -> io::Result<u64> {
    let out = BufWriter::with_capacity(1 << 16, file);
    let mut w = RowWriter::new(out, job.format, &job.resolvers)?;
    let mut written = 0;
    let mut write = |i: usize| -> io::Result<()> {
        if let Some(r) = row_of(&job.segments, i) {
            w.write(&r.to_row())?;
            written += 1;
        }
        Ok(())
    };
    match &job.order {
        Some(order) => {
            for &i in order.iter() {
                write(i as usize)?;
            }
        }
        None => {
            for i in 0..job.rows {
                write(i)?;
            }
        }
    }
    w.into_inner()?
        .into_inner()
        .map_err(|e| e.into_error())?
        .sync_all()?;
    Ok(written)
}
