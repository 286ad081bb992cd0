//! Running a whole table: read, compute on all cores, hand rows over in
//! input order, in bounded memory, with progress counters and cancellation
//! that another thread can read and set.
//!
//! Three stages overlap:
//!
//! ```text
//! reader thread ──chunks of entries──▶ compute thread (rayon pool) ──chunks of rows──▶ caller: sink + summary
//! ```
//!
//! A chunk is at most [`CHUNK_LINES`] lines or [`CHUNK_BYTES`] bytes of
//! input, and each channel holds at most [`CHANNEL_CHUNKS`] chunks, so what
//! is in flight is bounded whatever the input's length: a 2 GB file and a
//! pipe that never ends use the same memory. Rows are computed in parallel
//! inside a chunk and collected in order, so the sink sees them in input
//! order.

use std::io::{self, BufRead};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

use rayon::prelude::*;

use crate::resolvers::Resolver;

use super::read::{Entry, Layout, ReadError, ReadOptions, TableReader};
use super::row::{self, Row};
use super::summary::Summary;

/// The most lines in one chunk.
pub const CHUNK_LINES: usize = 1024;
/// The most input bytes in one chunk (a chunk always holds at least a line).
pub const CHUNK_BYTES: u64 = 1 << 20;
/// The most chunks waiting in each channel between stages.
pub const CHANNEL_CHUNKS: usize = 2;

/// Progress counters and the cancel switch, shared with whoever watches
/// the run (a progress bar, a window). All reads and writes are relaxed:
/// they are counters, not synchronization.
#[derive(Debug, Default)]
pub struct Control {
    lines_read: AtomicU64,
    bytes_read: AtomicU64,
    rows_done: AtomicU64,
    cancel: AtomicBool,
    layout: OnceLock<Layout>,
    /// Run the pipeline's threads at a lower priority.
    background: bool,
}

impl Control {
    /// A control for a run in the background of an interactive program:
    /// the pipeline's threads (reader, computing pool) run at a lower
    /// priority ([`lower_priority`]), so the program's own thread gets a
    /// core when it needs one, even while the run keeps every core busy.
    pub fn background() -> Control {
        Control {
            background: true,
            ..Control::default()
        }
    }

    /// Asks the run to stop; it returns soon after with `cancelled` set.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Input lines read so far (a header included).
    pub fn lines_read(&self) -> u64 {
        self.lines_read.load(Ordering::Relaxed)
    }

    /// Input bytes read so far: against a file's size, how far along it is.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read.load(Ordering::Relaxed)
    }

    /// Rows handed to the sink so far.
    pub fn rows_done(&self) -> u64 {
        self.rows_done.load(Ordering::Relaxed)
    }

    /// How the input is read, once the first line is in.
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.get()
    }
}

/// What to run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub read: ReadOptions,
    /// The resolvers, one column each, in this order.
    pub resolvers: Vec<Resolver>,
    /// Threads computing rows; `None`: one per core.
    pub threads: Option<usize>,
}

/// Why a run stopped before the end of the input.
#[derive(Debug)]
pub enum RunError {
    /// Reading failed, or the CSV header lacks the columns asked for.
    Read(ReadError),
    /// The sink failed (writing the output, say).
    Sink(io::Error),
    /// The thread pool could not be started.
    Threads(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Read(e) => e.fmt(f),
            RunError::Sink(e) => write!(f, "cannot write the output: {e}"),
            RunError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Reads `source`, computes every row and hands each to `sink` in input
/// order; returns the summary of all rows (whatever the sink kept).
/// Stops early, with `cancelled` set, when `control` is cancelled.
pub fn run<R, F>(
    source: R,
    options: &RunOptions,
    control: &Control,
    mut sink: F,
) -> Result<Summary, RunError>
where
    R: BufRead + Send,
    F: FnMut(&Row) -> io::Result<()>,
{
    let background = control.background;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.unwrap_or(0))
        .thread_name(|i| format!("table-{i}"))
        .start_handler(move |_| {
            if background {
                lower_priority();
            }
        })
        .build()
        .map_err(|e| RunError::Threads(e.to_string()))?;
    let resolvers = &options.resolvers;
    let mut summary = Summary::new(resolvers);
    let (entries_tx, entries_rx) = sync_channel(CHANNEL_CHUNKS);
    let (rows_tx, rows_rx) = sync_channel(CHANNEL_CHUNKS);
    let (read_result, sink_result) = thread::scope(|scope| {
        let reader = scope.spawn(|| {
            if background {
                lower_priority();
            }
            read_chunks(source, &options.read, control, entries_tx)
        });
        scope.spawn(|| {
            if background {
                lower_priority();
            }
            compute_chunks(&pool, resolvers, entries_rx, rows_tx)
        });
        let sink_result = drain(rows_rx, control, &mut summary, &mut sink);
        let read_result = reader.join().unwrap_or_else(|_| {
            Err(ReadError::Io(io::Error::other(
                "the reader thread panicked",
            )))
        });
        (read_result, sink_result)
    });
    sink_result.map_err(RunError::Sink)?;
    let header_lines = read_result.map_err(RunError::Read)?;
    summary.header_lines = header_lines;
    summary.layout = control.layout().cloned();
    summary.cancelled = control.is_cancelled();
    Ok(summary)
}

/// Lowers the calling thread's priority (nice 10), where the system lets a
/// thread have its own (Linux: `setpriority` on the thread's id, see
/// setpriority(2), NOTES); elsewhere it does nothing. A failure is ignored:
/// the run is only less polite.
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions; setpriority takes plain integers
    // and only reads them.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10);
    }
}

/// The reader stage: sends chunks of entries until the input ends, the run
/// is cancelled or nobody listens; returns the number of header lines.
fn read_chunks<R: BufRead>(
    source: R,
    options: &ReadOptions,
    control: &Control,
    tx: SyncSender<Vec<Entry>>,
) -> Result<u64, ReadError> {
    let mut reader = TableReader::new(source, options.clone());
    loop {
        let mut chunk = Vec::with_capacity(CHUNK_LINES);
        let start = reader.bytes_read();
        let mut failed = None;
        while chunk.len() < CHUNK_LINES && reader.bytes_read() - start < CHUNK_BYTES {
            match reader.next_entry() {
                Ok(Some(entry)) => chunk.push(entry),
                Ok(None) => break,
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        if let Some(layout) = reader.layout() {
            // Set once; later calls find it set and do nothing.
            let _ = control.layout.set(layout.clone());
        }
        control
            .lines_read
            .store(reader.lines_read(), Ordering::Relaxed);
        control
            .bytes_read
            .store(reader.bytes_read(), Ordering::Relaxed);
        let last = chunk.len() < CHUNK_LINES && reader.bytes_read() - start < CHUNK_BYTES;
        if chunk.is_empty() || control.is_cancelled() || tx.send(chunk).is_err() || last {
            // The rows read before a failure are still sent, then the failure told.
            return failed.map_or(Ok(reader.header_lines()), Err);
        }
    }
}

/// The compute stage: each chunk's rows, computed in parallel, in order.
fn compute_chunks(
    pool: &rayon::ThreadPool,
    resolvers: &[Resolver],
    rx: Receiver<Vec<Entry>>,
    tx: SyncSender<Vec<Row>>,
) {
    for chunk in rx {
        let rows: Vec<Row> = pool.install(|| {
            chunk
                .into_par_iter()
                .map(|entry| row::compute(entry, resolvers))
                .collect()
        });
        if tx.send(rows).is_err() {
            return;
        }
    }
}

/// The caller's stage: hands rows to the sink and counts them.
fn drain<F: FnMut(&Row) -> io::Result<()>>(
    rx: Receiver<Vec<Row>>,
    control: &Control,
    summary: &mut Summary,
    sink: &mut F,
) -> io::Result<()> {
    for rows in rx {
        if control.is_cancelled() {
            return Ok(());
        }
        for row in &rows {
            summary.add(row);
            sink(row)?;
        }
        control
            .rows_done
            .fetch_add(rows.len() as u64, Ordering::Relaxed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::read::InputFormat;

    fn options(threads: usize) -> RunOptions {
        RunOptions {
            read: ReadOptions {
                format: Some(InputFormat::Lines),
                ..ReadOptions::default()
            },
            resolvers: vec![Resolver::This, Resolver::Whatwg],
            threads: Some(threads),
        }
    }

    #[test]
    fn rows_come_in_input_order_across_chunks_whatever_the_threads() {
        let lines: String = (0..3000).map(|i| format!("http://h/{i}\n")).collect();
        for threads in [1, 2, 4] {
            let mut seen = Vec::new();
            let control = Control::default();
            let summary = run(lines.as_bytes(), &options(threads), &control, |row| {
                seen.push((row.line, row.cells[0].canon().map(str::to_owned)));
                Ok(())
            })
            .expect("in-memory run");
            assert_eq!(seen.len(), 3000);
            for (i, (line, canon)) in seen.iter().enumerate() {
                assert_eq!(*line, i as u64 + 1);
                assert_eq!(canon.as_deref(), Some(format!("http://h/{i}").as_str()));
            }
            assert_eq!(summary.rows, 3000);
            assert_eq!(summary.distinct(0).count, 3000);
            assert_eq!(control.rows_done(), 3000);
            assert_eq!(control.lines_read(), 3000);
            assert_eq!(control.bytes_read(), lines.len() as u64);
        }
    }

    #[test]
    fn a_failing_sink_stops_the_run_with_its_error() {
        let lines = "a\n".repeat(5000);
        let mut calls = 0;
        let result = run(lines.as_bytes(), &options(2), &Control::default(), |_| {
            calls += 1;
            if calls == 10 {
                Err(io::Error::other("disk full"))
            } else {
                Ok(())
            }
        });
        assert!(matches!(result, Err(RunError::Sink(e)) if e.to_string() == "disk full"));
        assert_eq!(calls, 10);
    }

    #[test]
    fn cancelling_from_the_sink_stops_early() {
        let lines = "a\n".repeat(100_000);
        let control = Control::default();
        let mut rows = 0;
        let summary = run(lines.as_bytes(), &options(2), &control, |_| {
            rows += 1;
            if rows == 1 {
                control.cancel();
            }
            Ok(())
        })
        .expect("cancelling is not an error");
        assert!(summary.cancelled);
        assert!(rows < 100_000, "{rows}");
    }

    #[test]
    fn a_csv_header_without_the_columns_is_an_error_before_any_row() {
        let mut opts = options(1);
        opts.read.format = Some(InputFormat::Csv);
        let mut rows = 0;
        let result = run(&b"a,b\nx,y\n"[..], &opts, &Control::default(), |_| {
            rows += 1;
            Ok(())
        });
        assert!(
            matches!(result, Err(RunError::Read(ReadError::Columns(_)))),
            "{result:?}"
        );
        assert_eq!(rows, 0);
    }
}
