//! The Batch view, driven through its accessibility tree with egui_kittest
//! (as tests/gui/inspector.rs drives the inspector): paste lines and see their rows,
//! filter, open a row in the inspector, export and read the file back, an
//! export that cannot be written, and a FIFO fed slowly that is cancelled
//! half-way (a stream that never ends is cancellable, and the rows
//! so far stay). Then an export's progress bar and its Cancel (the file is
//! not kept), the cell menu's copies, and the status bar's step figures,
//! which belong to the inspector's URL and not to the Batch view.
#![cfg(feature = "gui")]

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::kittest::{shows, shows_part};
use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::batch::BatchView;
use url_inspector::app::batch::export::{ExportJob, ExportOutcome, export};
use url_inspector::app::batch::runner::{Progress, Shared};
use url_inspector::app::batch::store::{SEGMENT_ROWS, SegmentBuilder};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::command::Command;
use url_inspector::app::state::View;
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::Mode;
use url_inspector::resolvers::Resolver;
use url_inspector::table::{Cell, Control, OutputFormat, Row, RunOptions, run};

type App = InspectorApp;

/// The three lines pasted: one valid everywhere, one invalid (port out of
/// range), one relative (resolved against the global base).
const LINES: &str = "HTTP://Example.COM/a/./b\nhttp://h:99999/\n../up?q=1\n";
const BASE: &str = "http://base.example/x/y";

fn batch_state(dir: &str) -> State {
    let mut state = State {
        view: View::Batch,
        ..State::default()
    };
    state.batch.resolvers = vec![Resolver::This, Resolver::Whatwg];
    state.batch.base = BASE.to_owned();
    state.batch.export_path = dir.to_owned();
    state
}

fn window(state: State) -> Harness<'static, App> {
    window_with_clipboard(state).0
}

/// The window, and the clipboard its copies land on.
fn window_with_clipboard(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([1500.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    (harness, clipboard)
}

/// Steps frames until `done` holds, for at most `limit`.
fn wait_until(
    h: &mut Harness<'static, App>,
    limit: Duration,
    done: impl Fn(&Harness<'_, App>) -> bool,
) {
    let deadline = Instant::now() + limit;
    while !done(h) {
        assert!(Instant::now() < deadline, "timed out waiting");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.step();
}

/// Pastes `LINES` into the Batch view's text area and runs them.
fn paste_and_run(h: &mut Harness<'static, App>) {
    h.run();
    h.get_by_label("Lines:").focus();
    h.step();
    h.event(Event::Paste(LINES.to_owned()));
    h.run();
    h.get_by_label("Run pasted lines").click();
    // The rows can be on screen before the run ends, and the run's end sets
    // the status: wait for it too, or it can replace a status the test is
    // about to look for (it did once, for the export error).
    wait_until(h, Duration::from_secs(30), |h| {
        shows(h, "3 of 3 rows shown") && shows_part(h, "3 rows from ")
    });
}

/// The rows the pipeline gives for `LINES` (what the window must show).
fn expected_rows() -> Vec<Row> {
    let mut options = RunOptions {
        resolvers: vec![Resolver::This, Resolver::Whatwg],
        ..RunOptions::default()
    };
    options.read.base = Some(BASE.to_owned());
    let mut rows = Vec::new();
    run(LINES.as_bytes(), &options, &Control::default(), |r| {
        rows.push(r.clone());
        Ok(())
    })
    .expect("in-memory run");
    rows
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("gui_batch-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn pasted_lines_become_rows_and_the_filter_keeps_the_invalid_one() {
    let mut h = window(batch_state(""));
    paste_and_run(&mut h);
    let rows = expected_rows();
    // Each row's input and its canonical URL under THIS are on screen.
    for r in &rows {
        assert!(shows(&h, &r.input), "{} not shown", r.input);
        if let Some(canon) = r.cells[0].canon() {
            assert!(shows(&h, canon), "{canon} not shown");
        }
    }
    assert!(shows(&h, "http://base.example/up?q=1"));
    assert!(shows_part(&h, "invalid: "), "the invalid port is told");

    h.get_by_label("only invalid").click();
    wait_until(&mut h, Duration::from_secs(10), |h| {
        shows(h, "1 of 3 rows shown")
    });
    assert!(shows(&h, "http://h:99999/"));
    assert!(
        !shows(&h, "HTTP://Example.COM/a/./b"),
        "a valid row is still shown"
    );
    assert!(
        h.state().state.batch.filter.only_invalid,
        "the filter is kept in the settings"
    );
}

#[test]
fn clicking_a_row_shows_it_whole_and_opens_it_in_the_inspector() {
    let mut h = window(batch_state(""));
    paste_and_run(&mut h);
    h.get_by_label("../up?q=1").click();
    h.run();
    // A click selects the row: its detail shows every value whole, and
    // the hosts each resolver reads.
    assert_eq!(h.state().state.view, View::Batch);
    assert!(shows_part(&h, "Line "));
    assert!(shows(&h, "THIS host"));
    assert!(shows(&h, "http://base.example/up?q=1"));
    h.get_by_label("Inspect in THIS").click();
    h.run();
    let s = &h.state().state;
    assert_eq!(s.view, View::Inspector);
    assert_eq!(s.input, "../up?q=1");
    assert_eq!(s.base, BASE);
    assert_eq!(s.encoding, "UTF-8");
    assert_eq!(s.mode, Mode::This);
    // The inspector shows the same canonical URL the row did.
    h.run();
    assert_eq!(
        h.get_by_label("Canonical URL").value().as_deref(),
        Some("http://base.example/up?q=1")
    );
}

#[test]
fn an_exported_csv_parses_back_to_the_same_rows() {
    let dir = temp_dir("export");
    let path = dir.join("rows.csv");
    let mut h = window(batch_state(&path.display().to_string()));
    paste_and_run(&mut h);
    h.get_by_label("Export").click();
    wait_until(&mut h, Duration::from_secs(30), |h| {
        h.state()
            .status()
            .is_some_and(|s| s.text.starts_with("Exported"))
    });
    let status = h.state().status().expect("a status").clone();
    assert!(
        !status.error && status.text.contains("3 rows"),
        "{status:?}"
    );
    let mut reader = csv::Reader::from_path(&path).expect("the file is there");
    let header = reader.headers().expect("a header").clone();
    assert_eq!(
        header.iter().collect::<Vec<_>>(),
        [
            "line",
            "input",
            "base",
            "encoding",
            "this",
            "this_error",
            "whatwg",
            "whatwg_error",
            "notes",
            "hosts",
            "error"
        ]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("valid CSV")).collect();
    let rows = expected_rows();
    assert_eq!(records.len(), rows.len());
    for (rec, row) in records.iter().zip(&rows) {
        assert_eq!(rec[0].parse::<u64>().ok(), Some(row.line));
        assert_eq!(&rec[1], row.input);
        assert_eq!(&rec[2], row.base.as_deref().unwrap_or(""));
        assert_eq!(&rec[3], row.encoding);
        for (k, cell) in row.cells.iter().enumerate() {
            assert_eq!(&rec[4 + 2 * k], cell.canon().unwrap_or(""));
            assert_eq!(&rec[5 + 2 * k], cell.reason().unwrap_or(""));
        }
        assert_eq!(&rec[8], row.notes.join(" "));
    }
}

#[test]
fn an_export_that_cannot_be_written_names_the_path_and_keeps_the_table() {
    let dir = temp_dir("unwritable");
    // A regular file where a folder should be: no one can write below it,
    // not even root.
    let blocker = dir.join("not-a-folder");
    std::fs::write(&blocker, "x").expect("write the blocker");
    let path = blocker.join("rows.csv");
    let mut h = window(batch_state(&path.display().to_string()));
    paste_and_run(&mut h);
    h.get_by_label("Export").click();
    h.run();
    let status = h.state().status().expect("a status").clone();
    assert!(status.error, "{status:?}");
    assert!(
        status.text.contains(&path.display().to_string()),
        "{status:?}"
    );
    assert!(
        status.text.to_lowercase().contains("not a directory"),
        "{status:?}"
    );
    assert!(shows(&h, "3 of 3 rows shown"));
    assert!(shows(&h, "HTTP://Example.COM/a/./b"));
}

/// The view alone, with its state and the commands it pushes.
struct Alone {
    view: BatchView,
    state: State,
    commands: Vec<Command>,
}

/// The Batch view alone with `state`, its path opened (one frame run).
fn open_alone(state: State) -> Harness<'static, Alone> {
    let alone = Alone {
        view: BatchView::default(),
        state,
        commands: Vec::new(),
    };
    let mut h = Harness::builder()
        .with_size([1400.0, 800.0])
        .build_ui_state(
            |ui, a: &mut Alone| a.view.ui(ui, &mut a.state, &mut a.commands),
            alone,
        );
    h.run();
    h.get_by_label("Open").click();
    h.step();
    h
}

#[cfg(unix)]
#[test]
fn a_fifo_fed_slowly_is_read_as_a_stream_and_cancel_keeps_the_rows_so_far() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("urls.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo failed");
    let mut state = State::default();
    state.batch.resolvers = vec![Resolver::This];
    state.batch.path = fifo.display().to_string();
    let mut h = open_alone(state);
    // A writer that sends 3000 lines at once, then one line every 50 ms,
    // and never closes on its own (the test ends it).
    let writer_fifo = fifo.clone();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop_writer = stop.clone();
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&writer_fifo)
            .expect("open the FIFO for writing");
        let burst: String = (0..3000).map(|i| format!("http://h/{i}\n")).collect();
        let _ = f.write_all(burst.as_bytes());
        let mut i = 3000;
        while !stop_writer.load(std::sync::atomic::Ordering::Relaxed) {
            if f.write_all(format!("http://h/{i}\n").as_bytes()).is_err() {
                break; // the reader has gone
            }
            i += 1;
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.state().view.rows() < 2048 {
        assert!(
            Instant::now() < deadline,
            "rows from the FIFO did not arrive"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(
        h.state().view.is_running(),
        "a FIFO that is still open has no end"
    );
    h.get_by_label("Cancel").click();
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state().view.is_running() || !h.state().view.job_thread_ended() {
        assert!(
            Instant::now() < deadline,
            "the job did not end after Cancel"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    let kept = h.state().view.rows();
    assert!(kept >= 2048, "{kept} rows kept");
    // The rows kept are the first lines, in order.
    let last = h.state().view.row(kept - 1).expect("the last row kept");
    assert_eq!(last.line, kept as u64);
    assert_eq!(last.input, format!("http://h/{}", kept - 1));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.join().expect("the writer ends");
    let said = h.state().commands.iter().any(
        |c| matches!(c, Command::Report { text, error: false } if text.starts_with("Cancelled")),
    );
    assert!(said, "{:?}", h.state().commands);
}

/// A file dropped onto the window, as eframe hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_dropped_csv_file_is_read_with_its_columns_and_bad_lines_become_error_rows() {
    let dir = temp_dir("drop");
    let path = dir.join("links.csv");
    // A CSV header with the input and base columns; line 3 has a stray
    // quote, line 4 is not UTF-8.
    std::fs::write(
        &path,
        b"id,url,base\n1,../a,http://b.example/x/\n2,\"open,http://c/\n3,caf\xE9,http://d.example/\n",
    )
    .expect("write the CSV");
    // The fonts the real window has (U+FFFD is not in egui's own).
    let app = InspectorApp::new(batch_state(""), Box::new(MemoryClipboard::default()));
    let mut h = Harness::builder()
        .with_size([1500.0, 900.0])
        .with_context_setup(url_inspector::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    // The rows can be on screen before the run ends (a quiet source's lines
    // are handed on after 50 ms), and the summary's counts come with the
    // end: wait for the finished progress line too.
    wait_until(&mut h, Duration::from_secs(30), |h| {
        shows(h, "3 of 3 rows shown") && shows_part(h, "3 rows from ")
    });
    assert_eq!(h.state().state.batch.path, path.display().to_string());
    assert!(
        shows(&h, "http://b.example/a"),
        "line 2 resolved against its base"
    );
    assert!(
        shows_part(
            &h,
            "line not read: field 2 opens a quote that is never closed"
        ),
        "line 3 is an error row with its reason"
    );
    assert!(shows(&h, "caf\u{FFFD}"), "line 4 decoded with U+FFFD");
    assert!(shows_part(
        &h,
        "csv (detected), input column \"url\", base column \"base\""
    ));
    assert!(
        shows_part(&h, "not valid UTF-8"),
        "the summary counts the lossy line"
    );
}

/// The view alone with a file of `lines` generated URLs opened and read to
/// the end, the export path set to `export_to`.
fn alone_with_rows(
    dir: &std::path::Path,
    lines: usize,
    export_to: &std::path::Path,
) -> Harness<'static, Alone> {
    let source = dir.join("many.txt");
    let text: String = (0..lines)
        .map(|i| format!("http://h.example/{i}\n"))
        .collect();
    std::fs::write(&source, text).expect("write the lines");
    let mut state = State::default();
    state.batch.resolvers = vec![Resolver::This];
    state.batch.path = source.display().to_string();
    state.batch.export_path = export_to.display().to_string();
    let mut h = open_alone(state);
    let deadline = Instant::now() + Duration::from_secs(300);
    while h.state().view.is_busy() || h.state().view.rows() < lines {
        assert!(Instant::now() < deadline, "the {lines} lines were not read");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    h
}

/// The status texts the view has pushed so far.
fn reports(h: &Harness<'_, Alone>) -> Vec<(String, bool)> {
    h.state()
        .commands
        .iter()
        .filter_map(|c| match c {
            Command::Report { text, error } => Some((text.clone(), *error)),
            _ => None,
        })
        .collect()
}

/// Clicks Export and steps until the export's bar is on screen. The export
/// writes into a FIFO that nobody reads yet, so it cannot end first.
fn export_until_the_bar_shows(h: &mut Harness<'static, Alone>) {
    h.get_by_label("Export").click();
    step_until(h, "the export's bar", |h| {
        h.query_all_by_label_contains("rows written (")
            .next()
            .is_some()
    });
}

/// Steps the window until `done` holds. The deadline only turns a hang into
/// a failure; nothing here depends on how fast a frame or the writer is.
fn step_until(
    h: &mut Harness<'static, Alone>,
    what: &str,
    done: impl Fn(&Harness<'static, Alone>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(h) {
        assert!(
            Instant::now() < deadline,
            "waited two minutes for {what}: {:?}",
            reports(h)
        );
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
}

/// The number the export's bar shows as written, if the bar is there.
fn bar_count(h: &Harness<'static, Alone>) -> Option<u64> {
    let bar = h.query_all_by_label_contains("rows written (").next()?;
    let label = bar.accesskit_node().label().unwrap_or_default();
    let digits: String = label
        .split(" of ")
        .next()
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// A FIFO at `path` and the reader at its other end, on a thread of its
/// own: it reads `first` bytes, says so, then reads the rest once told to,
/// and hands back everything it read. The writer (the export) can only get
/// ahead of the reader by the pipe's buffer, so the test decides how far the
/// export has come when it looks, not the speed of the machine.
struct FifoReader {
    first_read: std::sync::mpsc::Receiver<()>,
    go_on: std::sync::mpsc::Sender<()>,
    all: std::thread::JoinHandle<Vec<u8>>,
}

fn fifo_reader(path: &std::path::Path, first: usize) -> FifoReader {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
    let (first_tx, first_read) = std::sync::mpsc::channel();
    let (go_on, go_rx) = std::sync::mpsc::channel::<()>();
    let path = path.to_owned();
    let all = std::thread::spawn(move || {
        use std::io::Read;
        let mut fifo = std::fs::File::open(&path).expect("the FIFO opens for reading");
        let mut bytes = vec![0; first];
        fifo.read_exact(&mut bytes).expect("the first bytes arrive");
        let _ = first_tx.send(());
        let _ = go_rx.recv();
        fifo.read_to_end(&mut bytes).expect("the rest arrives");
        bytes
    });
    FifoReader {
        first_read,
        go_on,
        all,
    }
}

/// What could be observed: the bar and its Cancel while the thread writes,
/// Cancel landing before the end, the bar's count between 0 and the total,
/// and the file gone afterwards. The export writes into a FIFO whose reader
/// the test holds back (see [`fifo_reader`]), so every one of these is
/// reached whatever the machine's speed. Cancel before the first row is the
/// next test's, without the window.
#[test]
fn an_export_shows_its_progress_and_cancel_leaves_no_file() {
    const LINES: usize = 200_000;
    // More than the rows of one progress report (4,096 rows of about 30
    // bytes) plus a pipe's buffer (64 KiB): the writer has published a count
    // by the time the reader has this much.
    const FIRST: usize = 1 << 20;
    let dir = temp_dir("export-cancel");
    let path = dir.join("many.csv");
    let mut h = alone_with_rows(&dir, LINES, &path);

    // Cancelled: the reader takes the first part and waits; Cancel is
    // clicked; then the reader drains, the writer reaches its next check of
    // the flag, stops, and removes what it wrote.
    let reader = fifo_reader(&path, FIRST);
    export_until_the_bar_shows(&mut h);
    let bar = h.get_by_label_contains("rows written (");
    let label = bar.accesskit_node().label().unwrap_or_default();
    assert!(
        label.contains(" of 200,000 rows written ("),
        "the bar counts against every row: {label}"
    );
    reader
        .first_read
        .recv()
        .expect("the reader got its first part");
    assert!(h.state().view.is_busy(), "the export cannot have ended");
    h.get_by_label("Cancel export").click();
    h.step();
    let _ = reader.go_on.send(());
    step_until(&mut h, "the export to stop", |h| !h.state().view.is_busy());
    let written = reader.all.join().expect("the reader thread");
    assert!(written.len() >= FIRST);
    h.step();
    let said = reports(&h);
    let expected = format!("Export cancelled; {} was not kept.", path.display());
    assert!(
        said.iter().any(|(text, error)| !error && *text == expected),
        "{said:?}"
    );
    assert!(!path.exists(), "the partly written file was kept");
    let lines_written = written.iter().filter(|&&b| b == b'\n').count();
    assert!(
        lines_written < LINES,
        "Cancel landed only after every row ({lines_written} lines)"
    );
    assert!(
        h.query_all_by_label_contains("rows written (")
            .next()
            .is_none(),
        "the bar stays after the export ended"
    );
    assert!(
        h.query_by_label("Cancel export").is_none(),
        "Cancel stays after the export ended"
    );

    // Left to finish: while the reader holds back, the bar shows a count
    // between 0 and the total; then every row arrives, and it says so.
    h.state_mut().commands.clear();
    let reader = fifo_reader(&path, FIRST);
    export_until_the_bar_shows(&mut h);
    reader
        .first_read
        .recv()
        .expect("the reader got its first part");
    step_until(&mut h, "a count between 0 and the total", |h| {
        bar_count(h).is_some_and(|n| n > 0 && n < LINES as u64)
    });
    let _ = reader.go_on.send(());
    step_until(&mut h, "the export to finish", |h| {
        !h.state().view.is_busy()
    });
    let written = reader.all.join().expect("the reader thread");
    h.step();
    let said = reports(&h);
    assert!(
        said.iter()
            .any(|(text, error)| !error && text.starts_with("Exported 200,000 rows to ")),
        "{said:?}"
    );
    let records = csv::Reader::from_reader(written.as_slice())
        .records()
        .count();
    assert_eq!(records, LINES);
}

/// `n` rows of one resolver in the view's storage, as an export takes them.
fn job_of(n: usize, path: PathBuf) -> ExportJob {
    let mut segments = Vec::new();
    let mut builder = SegmentBuilder::new(1);
    for i in 0..n {
        builder.push(&Row {
            line: i as u64 + 1,
            input: format!("http://h/{i}"),
            base: None,
            encoding: "UTF-8",
            cells: vec![Cell::Canon(format!("http://h/{i}"))],
            hosts: vec![Some("h".to_owned())],
            notes: Vec::new(),
            error: None,
        });
        if builder.is_full() {
            let full = std::mem::replace(&mut builder, SegmentBuilder::new(1));
            segments.push(std::sync::Arc::new(full.finish()));
        }
    }
    if !builder.is_empty() {
        segments.push(std::sync::Arc::new(builder.finish()));
    }
    assert_eq!(segments.len(), n.div_ceil(SEGMENT_ROWS));
    ExportJob {
        segments,
        rows: n,
        order: None,
        resolvers: vec![Resolver::This],
        pair: None,
        format: OutputFormat::Csv,
        path,
    }
}

/// What the export thread does, without the window: cancelled before the
/// first row, the file opened for it is removed and nothing is counted;
/// not cancelled, every row is written and the shared count ends at it.
#[test]
fn an_export_cancelled_before_it_writes_removes_its_file_and_one_left_alone_writes_all() {
    let dir = temp_dir("export-flag");
    let path = dir.join("cancelled.csv");
    let job = job_of(10_000, path.clone());
    let file = std::fs::File::create(&path).expect("create the file");
    let progress = Progress::default();
    progress.cancel();
    let outcome = export(file, &job, &progress);
    assert_eq!(outcome, ExportOutcome::Cancelled { removed: Ok(()) });
    assert!(!path.exists(), "the cancelled export's file was kept");
    assert_eq!(progress.done(), 0);

    let path = dir.join("whole.csv");
    let job = job_of(10_000, path.clone());
    let file = std::fs::File::create(&path).expect("create the file");
    let progress = Progress::default();
    assert_eq!(
        export(file, &job, &progress),
        ExportOutcome::Written(10_000)
    );
    assert_eq!(progress.done(), 10_000);
    let mut reader = csv::Reader::from_path(&path).expect("the file is there");
    let last = reader.records().last().expect("rows").expect("valid CSV");
    assert_eq!(&last[0], "10000");
    assert_eq!(&last[1], "http://h/9999");
}

#[test]
fn a_cells_menu_copies_the_cell_or_the_row_as_csv() {
    let (mut h, clipboard) = window_with_clipboard(batch_state(""));
    paste_and_run(&mut h);
    // The relative line's input and its answer under `this` (the second
    // lies in a column of the row a left click would open).
    h.get_by_label("../up?q=1").click_secondary();
    h.run();
    h.get_by_label("Copy this cell").click();
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some("../up?q=1"));
    let status = h.state().status().expect("a status").clone();
    assert!(
        !status.error && status.text.starts_with("Copied the input of line 3"),
        "{status:?}"
    );
    assert_eq!(
        h.state().state.view,
        View::Batch,
        "a right click does not open the row"
    );
    assert!(
        h.query_by_label("Copy this cell").is_none(),
        "the menu closes after a copy"
    );

    // An invalid answer is copied whole, as the cell shows it.
    // (Both resolvers find the port invalid: the first of the two. The
    // summary's note code `canon.port.invalid` matches too; a label's text
    // is its node's value.)
    let invalid = h
        .query_all_by_label_contains("invalid: ")
        .find(|n| n.value().is_some_and(|v| v.starts_with("invalid: ")))
        .expect("an invalid answer on screen");
    let shown = invalid.value().unwrap_or_default();
    invalid.click_secondary();
    h.run();
    h.get_by_label("Copy this cell").click();
    h.run();
    assert_eq!(clipboard.contents(), Some(shown));

    // The row as CSV: one record, no header, the export's columns.
    h.get_by_label("../up?q=1").click_secondary();
    h.run();
    h.get_by_label("Copy the row as CSV").click();
    h.run();
    let copied = clipboard.contents().expect("a row was copied");
    assert!(!copied.ends_with('\n'), "{copied:?}");
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(copied.as_bytes());
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("valid CSV")).collect();
    assert_eq!(records.len(), 1, "one record, no header: {copied:?}");
    let rec = &records[0];
    let row = &expected_rows()[2];
    assert_eq!(rec.len(), 11);
    assert_eq!(&rec[0], "3");
    assert_eq!(&rec[1], row.input);
    assert_eq!(&rec[2], row.base.as_deref().unwrap_or(""));
    assert_eq!(&rec[3], row.encoding);
    assert_eq!(&rec[4], row.cells[0].canon().unwrap_or(""));
    assert_eq!(&rec[6], row.cells[1].canon().unwrap_or(""));
    assert_eq!(&rec[8], row.notes.join(" "));
    assert!(
        h.state()
            .status()
            .is_some_and(|s| s.text.starts_with("Copied line 3 as CSV")),
        "{:?}",
        h.state().status()
    );
}

#[test]
fn the_status_bars_step_figures_show_in_the_inspector_and_not_in_batch() {
    let mut state = batch_state("");
    state.view = View::Inspector;
    state.input = "http://example.com/a/../b".to_owned();
    let mut h = window(state);
    h.run();
    let figures = |h: &Harness<'_, App>| shows_part(h, " steps · ") && shows_part(h, " bytes");
    assert!(figures(&h), "the inspector shows its run's figures");
    h.get_by_label("Batch").click();
    h.run();
    assert_eq!(h.state().state.view, View::Batch);
    assert!(
        h.state().analysis().is_some(),
        "the inspector's run is still there"
    );
    assert!(!figures(&h), "the Batch view shows the inspector's figures");
    h.get_by_label("Compare").click();
    h.run();
    assert!(figures(&h), "Compare shows the same URL's figures");
}

/// Group by: set after a run, the rows are grouped by a resolver's
/// canonical form, and the number of groups is said beside the control
/// (the order itself is checked by the grouping's unit test).
#[test]
fn grouping_by_surt_counts_the_groups() {
    use url_inspector::app::batch::settings::{Sort, SortColumn};
    let mut state = batch_state("");
    state.batch.resolvers = vec![Resolver::Surt];
    state.batch.base = String::new();
    let mut h = window(state);
    h.run();
    h.get_by_label("Lines:").focus();
    h.step();
    // surt drops www. and :80 and lowercases: the first and third lines
    // are one page; the last has a port out of range and is in no group.
    h.event(Event::Paste(
        "http://www.a.example/x\nhttp://b.example/\nhttp://A.example:80/x\nhttp://c.example:99999/\n"
            .to_owned(),
    ));
    h.run();
    h.get_by_label("Run pasted lines").click();
    wait_until(&mut h, Duration::from_secs(30), |h| {
        shows(h, "4 of 4 rows shown")
    });
    // The menu lists the table's resolvers; choosing surt sets this sort.
    h.state_mut().state.batch.sort = Sort {
        column: SortColumn::Group(0),
        descending: false,
    };
    // The grouping runs on a thread of its own, which asks for frames as
    // it ends: step until it has, rather than `run`, which counts them.
    wait_until(&mut h, Duration::from_secs(30), |h| shows(h, "2 groups"));
    assert!(shows(&h, "4 of 4 rows shown"));
}
