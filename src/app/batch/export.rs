//! Exporting the Batch view's rows, all of them or the filtered ones (in
//! the order shown), as CSV or JSON Lines, with the same columns as the
//! `table` command (the writer is [`crate::table::RowWriter`]).
//!
//! The file is written on a thread of its own (a million rows take a few
//! seconds); the window hears back when it is done. While it writes, a
//! progress bar shows the rows written out of the rows to write, with a
//! *Cancel* button: the thread and the window share a counter and a cancel
//! flag ([`Progress`]), and a cancelled export removes its partly
//! written file, so no file that looks complete but is not is left behind.
//! A path that cannot be written gives a message naming the path and the
//! reason, and the table stays as it was. The save dialog (through `rfd`)
//! only fills the path field, which is always there too.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::resolvers::Resolver;
use crate::table::{OutputFormat, RowWriter};

use super::super::command::Command;
use super::dialog::{Answer, Dialog};
use super::runner::{Progress, Task};
use super::settings::BatchSettings;
use super::store::{Segment, row_of};

/// The writer publishes its count and looks at the cancel flag once per
/// this many rows: often enough for a bar redrawn ten times a second and a
/// Cancel that acts at once (a few ms of rows), rarely enough that the
/// shared cache line costs nothing beside writing the rows.
const PROGRESS_ROWS: u64 = 4096;

/// How often the window redraws while an export writes, so the bar moves.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// What an export needs: the rows and which of them, in which order.
pub struct ExportJob {
    pub segments: Vec<Arc<Segment>>,
    /// The first `rows` rows of `segments`, when `order` is `None`.
    pub rows: usize,
    /// The rows shown, in order (the filtered view).
    pub order: Option<Arc<Vec<u32>>>,
    pub resolvers: Vec<Resolver>,
    /// The run's pair, for the `pair` column.
    pub pair: Option<crate::resolvers::pair::Pair>,
    pub format: OutputFormat,
    pub path: PathBuf,
}

impl ExportJob {
    /// How many rows the job writes (at most: a row missing from the
    /// segments is skipped).
    pub fn total(&self) -> u64 {
        match &self.order {
            Some(order) => order.len() as u64,
            None => self.rows as u64,
        }
    }
}

/// How an export ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportOutcome {
    /// Every row was written and the file synced: how many rows.
    Written(u64),
    /// Cancel was pressed; the partly written file was removed (or, if it
    /// could not be, why).
    Cancelled { removed: Result<(), String> },
    /// Writing failed: the message for the status bar.
    Failed(String),
}

/// An export under way: the writing task (its progress counts rows
/// written), and what the bar measures against.
struct Writing {
    task: Task<ExportOutcome>,
    total: u64,
    path: PathBuf,
}

/// The export controls' running parts: a save dialog, a write in progress,
/// an export waiting for the user to say whether to replace a file.
#[derive(Default)]
pub struct ExportPanel {
    dialog: Option<Dialog>,
    writing: Option<Writing>,
    /// An export to a file that exists, until the user replaces it or not.
    confirm: Option<ExportJob>,
    /// The path the save dialog chose: the dialog has asked about
    /// replacing it already.
    chosen: Option<PathBuf>,
}

impl ExportPanel {
    /// Draws the controls into `ui` (a row the caller lays out); returns
    /// `true` when the user asked to export
    /// (the caller gathers the rows and calls [`ExportPanel::start`]).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut BatchSettings,
        commands: &mut Vec<Command>,
    ) -> bool {
        self.poll(settings, commands);
        let mut go = false;
        let label = ui.label("Export:");
        egui::ComboBox::from_id_salt("batch-export-format")
            .selected_text(format_name(settings.export_format))
            .width(90.0)
            .show_ui(ui, |ui| {
                for f in [OutputFormat::Csv, OutputFormat::Jsonl] {
                    ui.selectable_value(&mut settings.export_format, f, format_name(f));
                }
            })
            .response
            .labelled_by(label.id);
        let format = settings.export_format;
        ui.checkbox(&mut settings.export_filtered, "only the rows shown")
            .on_hover_text(
                "The filtered rows in the order shown; otherwise every row in input order",
            );
        let to = ui.label("to");
        ui.add(
            egui::TextEdit::singleline(&mut settings.export_path)
                .hint_text("a path to write")
                .desired_width((ui.available_width() - 170.0).clamp(160.0, 600.0)),
        )
        .labelled_by(to.id);
        if ui
            .add_enabled(self.dialog.is_none(), egui::Button::new("Save as…"))
            .on_hover_text("Choose where with the desktop's dialog")
            .clicked()
        {
            self.open_dialog(ui.ctx(), format);
        }
        let busy = self.writing.is_some() || self.confirm.is_some();
        if ui
            .add_enabled(
                !busy,
                egui::Button::new(if busy { "Exporting…" } else { "Export" }),
            )
            .clicked()
        {
            go = true;
        }
        go
    }

    /// What goes under the controls: the question whether to replace an
    /// existing file, or the bar of an export under way.
    pub fn below_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &BatchSettings,
        commands: &mut Vec<Command>,
        ctx: &egui::Context,
    ) {
        self.progress_ui(ui);
        let Some(job) = &self.confirm else { return };
        let mut answer = None;
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} exists already.", job.path.display()),
            );
            if ui
                .button("Replace it")
                .on_hover_text("Write the export over the file that is there")
                .clicked()
            {
                answer = Some(true);
            }
            if ui
                .button("Keep it")
                .on_hover_text("Do not export; choose another path in the field")
                .clicked()
            {
                answer = Some(false);
            }
        });
        // The path changed under the question: it no longer applies.
        let moved = Path::new(settings.export_path.trim()) != job.path;
        match answer {
            Some(true) if !moved => {
                if let Some(job) = self.confirm.take() {
                    self.write(job, ctx, commands);
                }
            }
            Some(false) => {
                self.confirm = None;
                commands.push(Command::Report {
                    text: "Not exported: the file was kept.".to_owned(),
                    error: false,
                });
            }
            _ if moved => self.confirm = None,
            _ => {}
        }
    }

    /// Whether the panel is asking whether to replace a file.
    pub fn is_asking(&self) -> bool {
        self.confirm.is_some()
    }

    /// The bar and *Cancel* while a write is under way (nothing otherwise).
    fn progress_ui(&self, ui: &mut egui::Ui) {
        let Some(w) = &self.writing else { return };
        // The thread reports through a channel when it ends, not through a
        // repaint of its own while it writes: redraw on a timer so the bar
        // moves.
        ui.ctx().request_repaint_after(REDRAW_EVERY);
        let progress = w.task.shared();
        let written = progress.done().min(w.total);
        let fraction = if w.total == 0 {
            0.0
        } else {
            written as f32 / w.total as f32
        };
        let n = |x: u64| super::super::escape::group_digits(x as usize);
        let cancelling = progress.is_cancelled();
        let text = if cancelling {
            format!("Cancelling the export to {}…", w.path.display())
        } else {
            format!(
                "{} of {} rows written ({:.0}%)",
                n(written),
                n(w.total),
                f64::from(fraction) * 100.0
            )
        };
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(fraction)
                    .text(text)
                    .desired_width(520.0),
            );
            if ui
                .add_enabled(!cancelling, egui::Button::new("Cancel export"))
                .on_hover_text("Stop writing and remove the partly written file")
                .clicked()
            {
                w.task.cancel();
            }
        });
    }

    /// Starts writing `job`'s rows, or first asks whether to replace the
    /// regular file at its path (a FIFO or a device is written to as is; a
    /// path the save dialog chose was asked about there).
    pub fn start(&mut self, job: ExportJob, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let exists = std::fs::metadata(&job.path).is_ok_and(|m| m.is_file());
        if exists && self.chosen.as_deref() != Some(job.path.as_path()) {
            self.confirm = Some(job);
            return;
        }
        self.write(job, ctx, commands);
    }

    /// Writes `job`'s rows, replacing whatever is at its path.
    fn write(&mut self, job: ExportJob, ctx: &egui::Context, commands: &mut Vec<Command>) {
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
        let total = job.total();
        let path = job.path.clone();
        let progress = Arc::new(Progress::default());
        let spawned = Task::spawn("batch-export", progress, ctx, move |progress| {
            export(file, &job, progress)
        });
        match spawned {
            Ok(task) => self.writing = Some(Writing { task, total, path }),
            Err(e) => {
                // The file was created above; nothing will write it now.
                let _ = std::fs::remove_file(&path);
                commands.push(Command::Report {
                    text: format!("cannot start the export: {e}"),
                    error: true,
                });
            }
        }
    }

    /// Whether a write is under way.
    pub fn is_writing(&self) -> bool {
        self.writing.is_some()
    }

    fn poll(&mut self, settings: &mut BatchSettings, commands: &mut Vec<Command>) {
        if let Some(w) = &mut self.writing
            && let Some(outcome) = w.task.poll()
        {
            let path = w.path.display().to_string();
            self.writing = None;
            let (text, error) = match outcome {
                ExportOutcome::Written(rows) => (
                    format!(
                        "Exported {} rows to {path}.",
                        super::super::escape::group_digits(rows as usize),
                    ),
                    false,
                ),
                ExportOutcome::Cancelled { removed: Ok(()) } => {
                    (format!("Export cancelled; {path} was not kept."), false)
                }
                ExportOutcome::Cancelled { removed: Err(why) } => (
                    format!(
                        "Export cancelled, but the partly written {path} could not be removed: {why}."
                    ),
                    true,
                ),
                ExportOutcome::Failed(why) => (why, true),
            };
            commands.push(Command::Report { text, error });
        }
        if let Some(answer) = self.dialog.as_mut().and_then(Dialog::poll) {
            self.dialog = None;
            match answer {
                Answer::Chosen(path) => {
                    settings.export_path = path.display().to_string();
                    self.chosen = Some(path);
                }
                Answer::Unavailable => commands.push(Command::Report {
                    text: "No save dialog could be shown on this desktop; type the path into the field and press Export."
                        .to_owned(),
                    error: true,
                }),
                Answer::NoneChosen => {}
            }
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, format: OutputFormat) {
        let name = format!("urls.{}", format.name());
        self.dialog = Dialog::open("batch-save-dialog", ctx, move || {
            rfd::FileDialog::new()
                .set_title("Export the table")
                .set_file_name(name)
                .save_file()
        });
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

/// Writes `job`'s rows to `file` (opened at `job.path`) and says how it
/// ended; what the export thread runs. A cancelled export removes the file,
/// so a file at the path is always a whole export.
pub fn export(file: File, job: &ExportJob, progress: &Progress) -> ExportOutcome {
    match write_rows(file, job, progress) {
        Ok(Some(rows)) => ExportOutcome::Written(rows),
        Ok(None) => ExportOutcome::Cancelled {
            removed: std::fs::remove_file(&job.path).map_err(|e| e.to_string()),
        },
        Err(e) => ExportOutcome::Failed(cannot_write(&job.path, &e)),
    }
}

/// Writes the rows; how many, or `None` when cancelled (the file is then
/// closed unfinished, for the caller to remove).
pub fn write_rows(file: File, job: &ExportJob, progress: &Progress) -> io::Result<Option<u64>> {
    // Asked to stop before a row was written: not even the header.
    if progress.is_cancelled() {
        return Ok(None);
    }
    let out = BufWriter::with_capacity(1 << 16, file);
    let mut w = RowWriter::with_pair(out, job.format, &job.resolvers, job.pair)?;
    let mut written = 0u64;
    // Rows looked at (written or missing), so a run of missing rows still
    // reaches the checks below.
    let mut seen = 0u64;
    let mut write = |i: usize| -> io::Result<bool> {
        if let Some(r) = row_of(&job.segments, i) {
            w.write(&r.to_row())?;
            written += 1;
        }
        seen += 1;
        if seen.is_multiple_of(PROGRESS_ROWS) {
            progress.set_done(written);
            return Ok(!progress.is_cancelled());
        }
        Ok(true)
    };
    match &job.order {
        Some(order) => {
            for &i in order.iter() {
                if !write(i as usize)? {
                    return Ok(None);
                }
            }
        }
        None => {
            for i in 0..job.rows {
                if !write(i)? {
                    return Ok(None);
                }
            }
        }
    }
    progress.set_done(written);
    let file = w.into_inner()?.into_inner().map_err(|e| e.into_error())?;
    // On disk before "Exported" is said. Only a regular file: a named pipe
    // or a device has nothing to sync, and refuses (EINVAL) if asked.
    if file.metadata()?.is_file() {
        file.sync_all()?;
    }
    Ok(Some(written))
}
