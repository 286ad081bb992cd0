//! Running a whole table: read, compute on all cores, hand rows over in
//! input order, in bounded memory, with progress counters and cancellation
//! that another thread can read and set.
//!
//! Four stages overlap:
//!
//! ```text
//! block thread ──blocks of bytes──▶ reader thread ──numbered chunks of entries──▶ workers (one per core): rows, tally, finish ──numbered chunks──▶ caller: order, summary, sink
//! ```
//!
//! The block thread only reads the source, so the reader thread can tell a
//! quiet source from a busy one and send on the lines it has when the
//! source pauses ([`QUIET`]). A chunk is at most [`CHUNK_LINES`] lines or
//! [`CHUNK_BYTES`] bytes of input, and each channel holds at most
//! [`CHANNEL_CHUNKS`] chunks (or [`CHANNEL_BLOCKS`] blocks). Each worker
//! computes whole chunks, so chunks finish out of order; the caller keeps
//! the early ones until their turn, and the reader sends a chunk only for a
//! credit that the caller gives back when it has handed a chunk's rows on.
//! So what is in flight is bounded whatever the input's length (the
//! workers, plus twice the channels' chunks): a 2 GB file and a pipe that
//! never ends use the same memory, and the sink sees rows in input order.
//!
//! A worker also counts its chunk for the summary ([`Tally`]) and, with
//! [`run_chunks`], turns the rows into what the caller wants of them (the
//! `table` command: their CSV), so the rows are read while still in that
//! core's cache and freed by the thread that allocated them. [`run`] hands
//! the rows themselves to the caller, as the window needs them.
//!
//! Why not a rayon pool sharing each chunk out, as before: every chunk then
//! ended in a barrier (all its rows gathered before the next chunk
//! started), and from one thread to two the table sped up only 1.13× with
//! `this` and 1.42× with all seven resolvers; with a whole chunk per worker
//! it is about 1.5× and 1.9× (`cargo bench --bench table`, 2 cores).

use std::collections::BTreeMap;
use std::io::{self, BufRead, ErrorKind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::Duration;

use crate::resolvers::Resolver;
use crate::resolvers::pair::Pair;

use super::read::{Entry, Layout, ReadError, ReadOptions, TableReader, is_quiet};
use super::row::{self, Row};
use super::summary::{Summary, Tally};

/// The most lines in one chunk.
pub const CHUNK_LINES: usize = 1024;
/// The most input bytes in one chunk (a chunk always holds at least a line).
pub const CHUNK_BYTES: u64 = 1 << 20;
/// The most chunks waiting in each channel between stages.
pub const CHANNEL_CHUNKS: usize = 2;
/// How long the source may give nothing before the lines read so far are
/// sent on as a chunk of their own.
pub const QUIET: Duration = Duration::from_millis(50);
/// The most bytes read from the source at once.
const BLOCK_BYTES: usize = 1 << 16;
/// The most blocks waiting between the block stage and the reader stage.
const CHANNEL_BLOCKS: usize = 4;

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
    /// The parser that checks and the one that fetches, both among
    /// `resolvers`: the written rows get a `pair` column.
    pub pair: Option<Pair>,
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
///
/// The rows reach `sink` on the calling thread and are freed there; where
/// each chunk's rows can be turned into something smaller on the worker
/// that made them (written out, say), [`run_chunks`] does that.
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
    run_chunks(
        source,
        options,
        control,
        |rows| rows,
        |rows| rows.iter().try_for_each(&mut sink),
    )
}

/// Reads `source` and computes every row, as [`run`] does, but hands each
/// chunk's rows to `finish` on the worker that computed them, and only what
/// `finish` gives back to `sink`, chunk by chunk in input order.
///
/// Why: a row is made on a worker; writing it out there, while it is still
/// in that core's cache, and freeing it on the thread that allocated it,
/// costs less than sending it to the caller to be written and freed (the
/// `table` command writes each chunk's CSV this way, see
/// [`write_table`](super::write::write_table)). The summary's counts of a
/// chunk are made on its worker too ([`Tally`]).
pub fn run_chunks<R, T, F, S>(
    source: R,
    options: &RunOptions,
    control: &Control,
    finish: F,
    mut sink: S,
) -> Result<Summary, RunError>
where
    R: BufRead + Send,
    T: Send,
    F: Fn(Vec<Row>) -> T + Sync,
    S: FnMut(T) -> io::Result<()>,
{
    let background = control.background;
    let threads = options
        .threads
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let resolvers = &options.resolvers;
    let mut summary = Summary::new(resolvers);
    let (blocks_tx, blocks_rx) = sync_channel(CHANNEL_BLOCKS);
    let (entries_tx, entries_rx) = sync_channel(CHANNEL_CHUNKS);
    let (rows_tx, rows_rx) = sync_channel(CHANNEL_CHUNKS);
    // A credit per chunk that may be in flight (read, not yet drained).
    let window = threads + 2 * CHANNEL_CHUNKS;
    let (credits_tx, credits_rx) = sync_channel(window);
    for _ in 0..window {
        let _ = credits_tx.send(());
    }
    let (read_result, sink_result) = thread::scope(|scope| {
        scope.spawn(|| {
            if background {
                lower_priority();
            }
            read_blocks(source, blocks_tx)
        });
        let reader = scope.spawn(|| {
            if background {
                lower_priority();
            }
            let chunks = Chunks {
                tx: entries_tx,
                credits: credits_rx,
                next: 0,
            };
            read_chunks(Relay::new(blocks_rx), &options.read, control, chunks)
        });
        // Each worker takes the next chunk, computes its rows and sends them
        // on with the chunk's number; the caller puts them back in order.
        // A chunk is one worker's alone, so nothing waits for a whole chunk
        // to be shared out and gathered again.
        let entries_rx = Arc::new(Mutex::new(entries_rx));
        let finish = &finish;
        let mut started = 0;
        let mut failed_to_start = None;
        for i in 0..threads {
            let (rx, tx) = (Arc::clone(&entries_rx), rows_tx.clone());
            let worker = thread::Builder::new()
                .name(format!("table-{i}"))
                .spawn_scoped(scope, move || {
                    if background {
                        lower_priority();
                    }
                    compute_chunks(resolvers, finish, &rx, &tx);
                });
            match worker {
                Ok(_) => started += 1,
                Err(e) => failed_to_start = Some(e),
            }
        }
        // Only the workers hold these now: with none, the reader's next send
        // fails and the drain below ends at once.
        drop((entries_rx, rows_tx));
        let sink_result = drain(rows_rx, credits_tx, control, &mut summary, &mut sink);
        let read_result = reader.join().unwrap_or_else(|_| {
            Err(ReadError::Io(io::Error::other(
                "the reader thread panicked",
            )))
        });
        let no_worker = (started == 0).then_some(failed_to_start).flatten();
        (read_result, sink_result.map(|()| no_worker))
    });
    if let Some(e) = sink_result.map_err(RunError::Sink)? {
        return Err(RunError::Threads(e.to_string()));
    }
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
///
/// A chunk is sent when it is full, when the input ends, or when the source
/// has been quiet for [`QUIET`]: a slow pipe shows its rows as they come
/// rather than [`CHUNK_LINES`] at a time.
fn read_chunks<R: BufRead>(
    source: R,
    options: &ReadOptions,
    control: &Control,
    mut chunks: Chunks,
) -> Result<u64, ReadError> {
    let mut reader = TableReader::new(source, options.clone());
    loop {
        let mut chunk = Vec::with_capacity(CHUNK_LINES);
        let start = reader.bytes_read();
        let mut ended = false;
        let mut failed = None;
        while chunk.len() < CHUNK_LINES && reader.bytes_read() - start < CHUNK_BYTES {
            match reader.next_entry() {
                Ok(Some(entry)) => chunk.push(entry),
                Ok(None) => ended = true,
                Err(e) if is_quiet(&e) => {
                    if !chunk.is_empty() || control.is_cancelled() {
                        break;
                    }
                    continue;
                }
                Err(e) => failed = Some(e),
            }
            if ended || failed.is_some() {
                break;
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
        let last = ended || failed.is_some();
        if control.is_cancelled() || (!chunk.is_empty() && !chunks.send(chunk)) || last {
            // The rows read before a failure are still sent, then the failure told.
            return failed.map_or(Ok(reader.header_lines()), Err);
        }
    }
}

/// The bytes of the source, read in blocks by a thread of their own
/// ([`read_blocks`]) and handed to the reader stage through a channel. The
/// channel tells what a blocking read cannot: that the source has had
/// nothing to give for [`QUIET`], so the chunk so far can be sent
/// (`fill_buf` then fails with `WouldBlock`, and the next call waits again).
struct Relay {
    rx: Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    /// How much of `block` was consumed.
    pos: usize,
    ended: bool,
}

impl Relay {
    fn new(rx: Receiver<io::Result<Vec<u8>>>) -> Relay {
        Relay {
            rx,
            block: Vec::new(),
            pos: 0,
            ended: false,
        }
    }
}

impl io::Read for Relay {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Relay {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos >= self.block.len() && !self.ended {
            match self.rx.recv_timeout(QUIET) {
                Ok(Ok(block)) => {
                    self.block = block;
                    self.pos = 0;
                }
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => return Err(ErrorKind::WouldBlock.into()),
                // The block thread ended: the end of the input.
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
        Ok(self.block.get(self.pos..).unwrap_or_default())
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.block.len());
    }
}

/// The block stage: reads `source` in blocks of up to [`BLOCK_BYTES`] until
/// it ends, fails, or the reader stage stops listening.
fn read_blocks<R: io::Read>(mut source: R, tx: SyncSender<io::Result<Vec<u8>>>) {
    loop {
        let mut block = vec![0; BLOCK_BYTES];
        match source.read(&mut block) {
            Ok(0) => return,
            Ok(n) => {
                block.truncate(n);
                if tx.send(Ok(block)).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = tx.send(Err(e));
                return;
            }
        }
    }
}

/// Where the reader stage sends its chunks: numbered, and each only once a
/// credit says the caller has room for it.
struct Chunks {
    tx: SyncSender<(u64, Vec<Entry>)>,
    credits: Receiver<()>,
    next: u64,
}

impl Chunks {
    /// Sends `chunk`; `false` when nobody listens any more.
    fn send(&mut self, chunk: Vec<Entry>) -> bool {
        if self.credits.recv().is_err() || self.tx.send((self.next, chunk)).is_err() {
            return false;
        }
        self.next += 1;
        true
    }
}

/// A chunk done by a worker: what `finish` made of its rows, and their
/// counts.
struct Done<T> {
    number: u64,
    rows: u64,
    tally: Tally,
    out: T,
}

/// A worker of the compute stage: takes chunks until there are no more (or
/// nobody listens), computes and tallies each chunk's rows, and sends what
/// `finish` makes of them on with the chunk's number.
fn compute_chunks<T, F: Fn(Vec<Row>) -> T>(
    resolvers: &[Resolver],
    finish: &F,
    rx: &Mutex<Receiver<(u64, Vec<Entry>)>>,
    tx: &SyncSender<Done<T>>,
) {
    loop {
        // The lock is held while waiting: the other workers wait for it
        // rather than on the channel, which comes to the same.
        let next = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((number, chunk)) = next else {
            return;
        };
        let rows: Vec<Row> = row::compute_chunk(chunk, resolvers);
        let mut tally = Tally::new(resolvers.len());
        tally.add_rows(&rows);
        let done = Done {
            number,
            rows: rows.len() as u64,
            tally,
            out: finish(rows),
        };
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// The caller's stage: puts the chunks back in input order, adds their
/// tallies to the summary, hands what each chunk's `finish` made to the
/// sink, counts the rows, and gives a credit back per chunk done.
fn drain<T, S: FnMut(T) -> io::Result<()>>(
    rx: Receiver<Done<T>>,
    credits: SyncSender<()>,
    control: &Control,
    summary: &mut Summary,
    sink: &mut S,
) -> io::Result<()> {
    // Chunks that came before their turn; at most the credits' number.
    let mut early = BTreeMap::new();
    let mut next = 0;
    for done in rx {
        early.insert(done.number, done);
        while let Some(done) = early.remove(&next) {
            if control.is_cancelled() {
                return Ok(());
            }
            summary.merge(&done.tally);
            sink(done.out)?;
            control.rows_done.fetch_add(done.rows, Ordering::Relaxed);
            next += 1;
            let _ = credits.send(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::read::InputFormat;

    fn options(threads: usize) -> RunOptions {
        RunOptions {
            pair: None,
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

    /// A source that gives its first line at once and its second only
    /// after `pause`, noting when it has.
    struct SlowSource {
        lines: Vec<&'static [u8]>,
        pause: std::time::Duration,
        second_given: std::sync::Arc<AtomicBool>,
    }

    impl io::Read for SlowSource {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.lines.is_empty() {
                return Ok(0);
            }
            if self.lines.len() == 1 {
                thread::sleep(self.pause);
                self.second_given.store(true, Ordering::SeqCst);
            }
            let line = self.lines.remove(0);
            buf[..line.len()].copy_from_slice(line);
            Ok(line.len())
        }
    }

    #[test]
    fn a_slow_source_hands_over_each_row_before_the_next_line_comes() {
        let second_given = std::sync::Arc::new(AtomicBool::new(false));
        let source = io::BufReader::new(SlowSource {
            lines: vec![b"http://a/first\n", b"http://a/second\n"],
            pause: std::time::Duration::from_secs(2),
            second_given: second_given.clone(),
        });
        let mut seen = Vec::new();
        run(source, &options(2), &Control::default(), |row| {
            seen.push((row.line, second_given.load(Ordering::SeqCst)));
            Ok(())
        })
        .expect("in-memory run");
        // Before, the first row waited for a chunk of 1,024 lines or the end.
        assert_eq!(seen, [(1, false), (2, true)]);
    }

    #[test]
    fn run_chunks_finishes_each_chunk_on_a_worker_and_hands_them_on_in_order() {
        let lines: String = (0..5000).map(|i| format!("http://h/{i}\n")).collect();
        let mut firsts = Vec::new();
        let summary = run_chunks(
            lines.as_bytes(),
            &options(2),
            &Control::default(),
            |rows| {
                let here = thread::current().name().map(str::to_owned);
                (rows[0].line, rows.len(), here)
            },
            |(first, len, thread)| {
                assert!(
                    thread.as_deref().is_some_and(|t| t.starts_with("table-")),
                    "finished on {thread:?}"
                );
                firsts.push((first, len));
                Ok(())
            },
        )
        .expect("in-memory run");
        // Chunks in input order, each starting where the last one ended.
        let mut next = 1;
        for &(first, len) in &firsts {
            assert_eq!(first, next);
            next += len as u64;
        }
        assert_eq!(next, 5001);
        assert_eq!(summary.rows, 5000);
        assert_eq!(summary.distinct(0).count, 5000);
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
