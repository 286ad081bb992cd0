//! One run of the table in the background: the pipeline of `src/table`
//! (all cores, rows in input order) on a thread of its own, its rows stored
//! compactly ([`super::store`]) and handed to the window segment by segment,
//! with progress counters and Cancel.
//!
//! The window never waits for the job: it takes whatever segments arrived
//! since the last frame ([`Job::poll`]). The job asks for a repaint when it
//! sends something, so the table fills while the user watches.
//!
//! Memory is bounded: once the stored rows reach [`MAX_TABLE_BYTES`] the job
//! stops keeping rows and only counts them (the summary covers every row);
//! the view says so.

use std::io::{BufRead, BufReader, Cursor};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use crate::table::{Control, Row, RunOptions, Summary, run};

use super::runner::Task;
use super::store::{Segment, SegmentBuilder, Table};
use super::stream;

/// The most memory the stored rows take before the job only counts rows.
pub const MAX_TABLE_BYTES: usize = 1 << 30;

/// How often a partial segment is sent, so a slow run still fills the table.
const SEND_EVERY: Duration = Duration::from_millis(150);

/// Where the lines come from.
#[derive(Clone, Debug)]
pub enum Input {
    /// Pasted text.
    Text(String),
    /// A file, a FIFO or a device, read as a stream.
    File(PathBuf),
}

impl Input {
    /// What to call it in messages.
    pub fn name(&self) -> String {
        match self {
            Input::Text(_) => "the pasted lines".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }
}

/// What the job thread tells the window while it runs (its end is the
/// task's result).
enum Update {
    /// The input is open; its size when known (a file, pasted text).
    Opened(Option<u64>),
    /// Segment `index`: new, or a fuller copy of the partial last one.
    Segment(usize, Arc<Segment>),
    /// The rows reached the memory budget; later rows are only counted.
    Full,
}

/// A run in the background.
pub struct Job {
    control: Arc<Control>,
    rx: Receiver<Update>,
    /// The run's thread; `None` when none could be started.
    task: Option<Task<Result<Summary, String>, Control>>,
    started: Instant,
    pub input_name: String,
    /// The input's size in bytes, when known.
    pub size: Option<u64>,
    /// The run's end: its summary or an error; `None` while it runs.
    pub outcome: Option<Result<Summary, String>>,
    /// How long the run took, once it ended.
    pub took: Option<Duration>,
    /// Whether rows stopped being stored (memory budget reached).
    pub full: bool,
}

/// Progress figures for the progress bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    pub rows: u64,
    pub rows_per_second: f64,
    /// How far along, when the input's size is known.
    pub fraction: Option<f32>,
    pub time_left: Option<Duration>,
}

impl Job {
    /// Starts a run of `input` under `options`; repaints `ctx` as rows arrive.
    pub fn start(input: Input, options: RunOptions, ctx: &egui::Context) -> Job {
        // Its threads yield to the window's: frames stay short while every
        // core computes rows.
        let control = Arc::new(Control::background());
        let (tx, rx) = channel();
        let input_name = input.name();
        let repaint = ctx.clone();
        let task = Task::spawn("batch-job", Arc::clone(&control), ctx, move |control| {
            run_job(input, &options, control, &tx, &repaint)
        });
        let (task, outcome) = match task {
            Ok(t) => (Some(t), None),
            Err(e) => (
                None,
                Some(Err(format!("cannot start the job's thread: {e}"))),
            ),
        };
        Job {
            control,
            rx,
            task,
            started: Instant::now(),
            input_name,
            size: None,
            outcome,
            took: None,
            full: false,
        }
    }

    /// Asks the run to stop; the rows so far stay.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    pub fn is_running(&self) -> bool {
        self.outcome.is_none()
    }

    /// Whether the job's thread (and so the pipeline's reader) has ended.
    pub fn thread_ended(&self) -> bool {
        self.task.as_ref().is_none_or(Task::is_finished)
    }

    /// The pipeline's counters (the detected layout among them).
    pub fn control(&self) -> &Control {
        &self.control
    }

    /// Takes what arrived into `table`; whether anything did.
    pub fn poll(&mut self, table: &mut Table) -> bool {
        // The result first: every update was sent before it, so once it is
        // here the updates below are all there are.
        let ended = self.task.as_mut().and_then(Task::poll);
        let mut changed = false;
        while let Ok(update) = self.rx.try_recv() {
            changed = true;
            match update {
                Update::Opened(size) => self.size = size,
                Update::Segment(i, s) => table.set_segment(i, s),
                Update::Full => self.full = true,
            }
        }
        if let Some(result) = ended {
            changed = true;
            self.took = Some(self.started.elapsed());
            self.outcome = Some(result);
        }
        changed
    }

    /// Rows done, rows per second and time left.
    pub fn progress(&self) -> Progress {
        let elapsed = self.took.unwrap_or_else(|| self.started.elapsed());
        let rows = self.control.rows_done();
        let secs = elapsed.as_secs_f64().max(1e-3);
        let fraction = self
            .size
            .filter(|&n| n > 0)
            .map(|n| (self.control.bytes_read() as f64 / n as f64).min(1.0));
        let time_left = fraction
            .filter(|&f| f > 0.01 && self.is_running())
            .map(|f| Duration::from_secs_f64(secs * (1.0 - f) / f));
        Progress {
            rows,
            rows_per_second: rows as f64 / secs,
            fraction: fraction.map(|f| f as f32),
            time_left,
        }
    }
}

/// The job thread's work: open, run, store rows. (A job replaced or closed
/// is cancelled and waited for by its task.)
fn run_job(
    input: Input,
    options: &RunOptions,
    control: &Arc<Control>,
    tx: &Sender<Update>,
    ctx: &egui::Context,
) -> Result<Summary, String> {
    let (source, size): (Box<dyn BufRead + Send>, Option<u64>) = match input {
        Input::Text(text) => {
            let len = text.len() as u64;
            (Box::new(Cursor::new(text.into_bytes())), Some(len))
        }
        Input::File(path) => {
            let (file, size) = stream::open(&path, Arc::clone(control))
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            (Box::new(BufReader::with_capacity(1 << 16, file)), size)
        }
    };
    let _ = tx.send(Update::Opened(size));
    let mut sink = Sink {
        builder: SegmentBuilder::new(options.resolvers.len()),
        resolvers: options.resolvers.len(),
        index: 0,
        stored_bytes: 0,
        full: false,
        last_send: Instant::now(),
        tx,
        ctx,
    };
    let summary = run(source, options, control, |row| {
        sink.push(row);
        Ok(())
    });
    sink.send_partial();
    summary.map_err(|e| e.to_string())
}

/// Stores rows into segments and sends them to the window.
struct Sink<'a> {
    builder: SegmentBuilder,
    resolvers: usize,
    index: usize,
    stored_bytes: usize,
    full: bool,
    last_send: Instant,
    tx: &'a Sender<Update>,
    ctx: &'a egui::Context,
}

impl Sink<'_> {
    fn push(&mut self, row: &Row) {
        if self.full {
            return;
        }
        self.builder.push(row);
        if self.builder.is_full() {
            let done = std::mem::replace(&mut self.builder, SegmentBuilder::new(self.resolvers));
            let segment = done.finish();
            self.stored_bytes += segment.bytes();
            self.send(Update::Segment(self.index, Arc::new(segment)));
            self.index += 1;
            if self.stored_bytes >= MAX_TABLE_BYTES {
                self.full = true;
                self.send(Update::Full);
            }
        } else if self.last_send.elapsed() >= SEND_EVERY {
            self.send_partial();
        }
    }

    /// Sends the partial segment as it is now.
    fn send_partial(&mut self) {
        if !self.builder.is_empty() {
            let s = self.builder.snapshot();
            self.send(Update::Segment(self.index, Arc::new(s)));
        }
    }

    fn send(&mut self, update: Update) {
        let _ = self.tx.send(update);
        self.last_send = Instant::now();
        self.ctx.request_repaint();
    }
}
