//! The Batch view: many URLs at once, as a table of every chosen resolver's
//! answer per line.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`BatchView`]: the layout, starting a run, the progress line |
//! | [`settings`] | what is saved between runs ([`BatchSettings`]) |
//! | [`source`] | where lines come from: paste, path field, open dialog, drop |
//! | [`options`] | input format, CSV columns, base, encoding, resolvers |
//! | [`runner`] | every background task: a named thread, progress, Cancel, its result |
//! | [`job`] | a run on all cores in the background, with progress and Cancel |
//! | [`stream`] | reading a FIFO or device so that Cancel ends the reader |
//! | [`store`] | the rows, stored compactly in shared segments |
//! | [`filter`] | the filters and the sort, computed off the UI thread |
//! | [`group_by`] | "group by": the rows grouped by a resolver's canonical form, largest group first (deduping) |
//! | [`table_view`] | the virtualized table; a click selects a row, a double click opens it |
//! | [`row_detail`] | the selected row's every value whole, its hosts, its notes |
//! | [`summary_view`] | valid/invalid per resolver, disagreements, distinct URLs, notes, of the rows shown |
//! | [`note_names`] | note codes by readable name, with what each means |
//! | [`export`] | CSV or JSON Lines of all or the shown rows |
//! | [`dialog`] | the desktop's open and save dialogs, without freezing the window |
//!
//! The pipeline is the `table` command's (`src/table`), so the window and
//! the command line read, compute and write rows the same way.

pub mod dialog;
pub mod export;
pub mod filter;
pub mod group_by;
pub mod job;
pub mod note_names;
pub mod options;
pub mod row_detail;
pub mod runner;
pub mod source;
pub mod store;
pub mod stream;
pub mod summary_view;
pub mod table_view;

/// The view's saved choices live in the state, a leaf every view reads.
pub use super::state::batch_settings as settings;
pub use settings::BatchSettings;

use std::time::Duration;

use super::command::Command;
use super::escape::group_digits;
use super::keys::{EXPORT, OPEN};
use super::state::State;
use settings::SortColumn;

/// How often the progress line is redrawn while a job runs.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// What the Batch view keeps while the app runs (its persisted choices are
/// [`BatchSettings`], in the state).
#[derive(Default)]
pub struct BatchView {
    source: source::SourcePanel,
    job: Option<job::Job>,
    table: store::Table,
    index: filter::ViewIndex,
    export: export::ExportPanel,
    /// The note codes in the table, and the row count they were taken at.
    codes: (usize, Vec<&'static str>),
    /// The row whose detail shows under the table (its number in the table).
    selected: Option<usize>,
}

/// Below this width (points) the summary goes under the table, folded,
/// rather than beside it: the table keeps the window's width.
const SUMMARY_BESIDE_FROM: f32 = 1000.0;

impl BatchView {
    /// Draws the view (it has its own input; the state holds its settings).
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx, commands);
        let settings = &mut state.batch;
        let (open, export) =
            ui.input_mut(|i| (i.consume_shortcut(&OPEN), i.consume_shortcut(&EXPORT)));
        if open {
            source::focus_path_field(&ctx, &settings.path);
        }
        if std::mem::take(&mut settings.open_at_start) {
            let path = source::expand_home(settings.path.trim());
            self.start(job::Input::File(path), settings, &ctx, commands);
        }
        egui::Panel::top("batch-inputs").show(ui, |ui| {
            if let Some(input) = self.source.ui(ui, settings, commands) {
                self.start(input, settings, &ctx, commands);
            }
            options::options_ui(ui, settings);
            ui.separator();
            self.progress_ui(ui, settings);
            ui.add_space(2.0);
        });
        let resolvers = self.table.resolvers.len();
        if matches!(settings.sort.column, SortColumn::Resolver(k) | SortColumn::Host(k) | SortColumn::Group(k) if k >= resolvers)
        {
            settings.sort = settings::Sort::default();
        }
        if self.table.pair.is_none() && settings.filter.through {
            settings.filter.through = false;
        }
        self.index
            .update(&self.table, &settings.filter, settings.sort, &ctx);
        let beside = ui.available_width() >= SUMMARY_BESIDE_FROM;
        if settings.show_summary && beside {
            // A quarter of the window at most by default, so the table keeps
            // most of it; the user can drag it wider.
            let width = (ui.available_width() * 0.25).clamp(200.0, 340.0);
            egui::Panel::right("batch-summary")
                .resizable(true)
                .default_size(width)
                .max_size(ui.available_width() * 0.6)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        super::focus_scroll::scroll_to_new_focus(ui);
                        self.summary_ui(ui, settings);
                    });
                });
        }
        if settings.show_summary && !beside {
            egui::Panel::bottom("batch-summary-below")
                .resizable(true)
                .show(ui, |ui| {
                    egui::CollapsingHeader::new("Summary")
                        .id_salt("batch-summary-folded")
                        .show(ui, |ui| {
                            egui::ScrollArea::vertical()
                                .max_height(ui.ctx().content_rect().height() * 0.4)
                                .show(ui, |ui| self.summary_ui(ui, settings));
                        });
                });
        }
        self.row_detail_panel(ui, commands);
        if self.codes.0 != self.table.len() {
            self.codes = (self.table.len(), self.table.note_codes());
        }
        // The rest in a panel of its own, so everything in it (the table's
        // width above all) ends where the summary begins.
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                self.table_area_ui(ui, settings, export, &ctx, commands)
            });
    }

    /// The filters, the columns and export controls, and the table.
    fn table_area_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut BatchSettings,
        export: bool,
        ctx: &egui::Context,
        commands: &mut Vec<Command>,
    ) {
        let resolvers = self.table.resolvers.clone();
        filter::filter_ui(
            ui,
            &mut settings.filter,
            self.table.pair_resolvers(),
            &self.codes.1,
            self.index.len(&self.table),
            self.table.len(),
            self.index.is_pending(),
        );
        ui.horizontal_wrapped(|ui| {
            group_by::group_by_ui(ui, &resolvers, &mut settings.sort, self.index.groups());
            table_view::columns_menu(ui, &resolvers, self.table.pair.is_some(), settings);
            ui.toggle_value(&mut settings.show_summary, "Summary panel")
                .on_hover_text("Show the summary beside the table (remembered)");
            ui.separator();
            if self.export.ui(ui, settings, commands) || (export && !self.export.is_writing()) {
                self.export_rows(settings, ctx, commands);
            }
        });
        self.export.below_ui(ui, settings, commands, ctx);
        ui.separator();
        table_view::table_ui(
            ui,
            &self.table,
            &self.index,
            settings,
            &mut self.selected,
            commands,
        );
    }

    /// The summary of the rows shown.
    fn summary_ui(&self, ui: &mut egui::Ui, settings: &mut BatchSettings) {
        let counted = match self.index.shown_summary() {
            Some(summary) => summary_view::Counted::Shown {
                summary,
                total: self.table.counts().rows,
            },
            None => summary_view::Counted::All(self.finished_summary()),
        };
        summary_view::summary_ui(ui, &self.table, counted, &mut settings.filter);
    }

    /// The selected row in full, under the table.
    fn row_detail_panel(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some(row) = self.selected.and_then(|n| self.table.row(n)) else {
            self.selected = None;
            return;
        };
        let height = ui.available_height();
        let mut close = false;
        egui::Panel::bottom("batch-row-detail")
            .resizable(true)
            .default_size((height * 0.35).max(140.0))
            .max_size(height * 0.7)
            .show(ui, |ui| {
                close = row_detail::row_detail_ui(ui, &row, &self.table.resolvers, commands);
            });
        if close {
            self.selected = None;
        }
    }

    /// Starts a run of `input` with the settings' options (replacing the
    /// table), or says what is wrong with them.
    pub fn start(
        &mut self,
        input: job::Input,
        settings: &mut BatchSettings,
        ctx: &egui::Context,
        commands: &mut Vec<Command>,
    ) {
        match options::run_options(settings) {
            Ok(options) => {
                if let job::Input::File(path) = &input {
                    settings.remember_file(&path.display().to_string());
                }
                self.table = store::Table::with_pair(options.resolvers.clone(), options.pair);
                self.index = filter::ViewIndex::default();
                self.selected = None;
                self.job = Some(job::Job::start(input, options, ctx));
            }
            Err(why) => commands.push(Command::Report {
                text: why,
                error: true,
            }),
        }
    }

    /// Rows stored (all of them, not only the ones shown).
    pub fn rows(&self) -> usize {
        self.table.len()
    }

    /// Rows shown under the filters.
    pub fn shown(&self) -> usize {
        self.index.len(&self.table)
    }

    /// Whether a run is under way.
    pub fn is_running(&self) -> bool {
        self.job.as_ref().is_some_and(job::Job::is_running)
    }

    /// Whether a run's thread (and its reader) has ended, or there is none.
    pub fn job_thread_ended(&self) -> bool {
        self.job.as_ref().is_none_or(job::Job::thread_ended)
    }

    /// Whether the view is still working: a run, a filter or an export.
    pub fn is_busy(&self) -> bool {
        self.is_running() || self.index.is_pending() || self.export.is_writing()
    }

    /// Asks the run to stop (the rows so far stay).
    pub fn cancel(&self) {
        if let Some(j) = &self.job {
            j.cancel();
        }
    }

    /// Memory the stored rows take, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The stored row `i` (input order), as the table's writers take it.
    pub fn row(&self, i: usize) -> Option<crate::table::Row> {
        self.table.row(i).map(|r| r.to_row())
    }

    fn finished_summary(&self) -> Option<&crate::table::Summary> {
        self.job.as_ref()?.outcome.as_ref()?.as_ref().ok()
    }

    /// Takes the job's new rows; says when it ended.
    fn poll(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some(job) = &mut self.job else { return };
        let was_running = job.is_running();
        job.poll(&mut self.table);
        if job.is_running() {
            ctx.request_repaint_after(PROGRESS_EVERY);
        } else if was_running {
            let (text, error) = match &job.outcome {
                Some(Ok(s)) if s.cancelled => (
                    format!("Cancelled: {} rows kept.", group_digits(self.table.len())),
                    false,
                ),
                Some(Ok(s)) => (
                    format!(
                        "Done: {} rows from {}.",
                        group_digits(s.rows as usize),
                        job.input_name
                    ),
                    false,
                ),
                Some(Err(why)) => (why.clone(), true),
                None => return,
            };
            commands.push(Command::Report { text, error });
        }
    }

    /// The progress bar while a job runs; what it did once it ended.
    fn progress_ui(&mut self, ui: &mut egui::Ui, settings: &BatchSettings) {
        let Some(job) = &self.job else {
            ui.weak("Open a file, drop one here, or paste lines and run them.");
            return;
        };
        let p = job.progress();
        let n = |x: u64| group_digits(x as usize);
        let rate = format!("{}{NBSP}rows/s", n(p.rows_per_second as u64));
        let stale = !job.is_running() && self.table.resolvers != settings.resolvers;
        ui.horizontal_wrapped(|ui| {
            if job.is_running() {
                let left = p
                    .time_left
                    .map_or("time left unknown".to_owned(), |t| format!("{} left", duration(t)));
                let text = format!("{} rows done · {rate} · {left}", n(p.rows));
                let bar = match p.fraction {
                    Some(f) => egui::ProgressBar::new(f),
                    None => egui::ProgressBar::new(0.0).animate(true),
                };
                ui.add(bar.text(text).desired_width(520.0));
                if ui.button("Cancel").clicked() {
                    job.cancel();
                }
            } else {
                ui.label(format!(
                    "{} rows from {}{}",
                    n(p.rows),
                    job.input_name,
                    job.took.map_or(String::new(), |t| took(t, p.rows))
                ));
                if stale {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        "· run with other resolvers than those ticked: open or run again to apply them",
                    );
                }
                if let Some(Err(why)) = &job.outcome {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
            }
            if let Some(layout) = job.control().layout() {
                ui.separator();
                ui.label(format!("format: {layout}"));
            }
            ui.separator();
            ui.label(format!("table: {}", size(self.table.bytes())))
                .on_hover_text("Memory the stored rows take");
            if job.full {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!(
                        "The table is full ({} MB): later rows are counted in the summary but not kept.",
                        job::MAX_TABLE_BYTES >> 20
                    ),
                );
            }
        });
    }

    /// Exports the rows (all, or the ones shown) to the path in the field.
    fn export_rows(
        &mut self,
        settings: &BatchSettings,
        ctx: &egui::Context,
        commands: &mut Vec<Command>,
    ) {
        let path = settings.export_path.trim();
        if path.is_empty() {
            commands.push(Command::Report {
                text: "Type the path to export to into the field first.".to_owned(),
                error: true,
            });
            return;
        }
        if self.table.is_empty() {
            commands.push(Command::Report {
                text: "Nothing to export: the table is empty.".to_owned(),
                error: true,
            });
            return;
        }
        let job = export::ExportJob {
            segments: self.table.segments().to_vec(),
            rows: self.table.len(),
            order: if settings.export_filtered {
                self.index.rows()
            } else {
                None
            },
            resolvers: self.table.resolvers.clone(),
            pair: self.table.pair_resolvers(),
            format: settings.export_format,
            path: path.into(),
        };
        self.export.start(job, ctx, commands);
    }
}

/// A no-break space: a number and its unit stay on one line when a
/// label wraps.
const NBSP: char = '\u{a0}';

/// A size in bytes as people read it: `420 KB`, `12.5 MB`.
fn size(bytes: usize) -> String {
    if bytes < 1 << 20 {
        format!("{}{NBSP}KB", bytes.div_ceil(1 << 10))
    } else {
        format!("{:.1}{NBSP}MB", bytes as f64 / f64::from(1 << 20))
    }
}

/// Below this, a run is too short for its rate to mean anything.
const RATE_FROM: Duration = Duration::from_millis(200);

/// How long a finished run took, and its rate when it ran long enough to
/// have one: ` in 12 ms`, ` in 3.4 s (41,000 rows/s)`.
pub fn took(t: Duration, rows: u64) -> String {
    if t < RATE_FROM {
        return format!(" in {}", duration(t));
    }
    let rate = rows as f64 / t.as_secs_f64();
    format!(
        " in {} ({}{NBSP}rows/s)",
        duration(t),
        group_digits(rate.round() as usize)
    )
}

/// A duration as people read it: `12 ms`, `0.8 s`, `42 s`, `3 min 5 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{}{NBSP}ms", d.as_millis())
    } else if s < 10.0 {
        format!("{s:.1}{NBSP}s")
    } else if s < 60.0 {
        format!("{s:.0}{NBSP}s")
    } else {
        format!("{}{NBSP}min {}{NBSP}s", d.as_secs() / 60, d.as_secs() % 60)
    }
}
