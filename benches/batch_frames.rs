//! Frame times of the Batch view while a big file runs, and the memory its
//! table takes.
//!
//! The view is driven through egui_kittest (egui's full pass: layout,
//! interaction, the accessibility tree; no GPU) at about 60 frames a second
//! while a job reads `../shared/corpus/real-urls.txt` repeated to
//! 1,000,000 lines under the view's default resolvers (this, whatwg,
//! rfc3986) on every core. Each frame scrolls the table a little, and
//! after two seconds the "only invalid" filter is turned on, so the
//! filter's thread runs while rows arrive. Printed: p50 / p99 / max frame
//! time (wall clock, and the frame's own CPU time: on a busy machine a
//! frame also waits for a core), rows per second, the table's own count of its bytes, and the
//! process's resident memory (VmRSS, VmHWM) before and after.
//!
//! `cargo bench --bench batch_frames` runs the million lines (release
//! build); without `--bench` (as `cargo test --all-targets` runs it) it is
//! a smoke run of 20,000 lines. `BATCH_BENCH_LINES` sets the count and
//! `BATCH_BENCH_RESOLVERS` the resolvers (comma-separated names).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Event, Modifiers, MouseWheelUnit, TouchPhase, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::State;
use url_inspector::app::batch::BatchView;
use url_inspector::app::command::Command;
use url_inspector::resolvers::Resolver;

/// The view alone, with its state and the commands it pushes.
struct Alone {
    view: BatchView,
    state: State,
    commands: Vec<Command>,
}

/// The CPU time the calling thread has used (Linux); zero elsewhere. A
/// frame's CPU time is its own work, without the time it waited for a core
/// that other processes had.
fn thread_cpu() -> Duration {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec to write to; the clock id is a
        // constant the call accepts.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        if ok {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    Duration::ZERO
}

/// A field of /proc/self/status in KiB (Linux); 0 elsewhere.
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The corpus repeated to `n` lines, written to a file; its path.
fn input_file(n: usize) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::fs::read_to_string(dir.join("../shared/corpus/real-urls.txt")).ok()?;
    let lines: Vec<&str> = corpus.lines().collect();
    let path = std::env::temp_dir().join(format!("url-inspector-batch-bench-{n}.txt"));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).ok()?);
    for i in 0..n {
        writeln!(out, "{}", lines[i % lines.len()]).ok()?;
    }
    out.flush().ok()?;
    Some(path)
}

/// Three lines of the mouse wheel, down.
fn scroll() -> Event {
    Event::MouseWheel {
        unit: MouseWheelUnit::Line,
        delta: vec2(0.0, -3.0),
        phase: TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let n: usize = match std::env::var("BATCH_BENCH_LINES") {
        Ok(v) => v.parse().expect("BATCH_BENCH_LINES is a number"),
        Err(_) if full => 1_000_000,
        Err(_) => 20_000,
    };
    let Some(path) = input_file(n) else {
        println!("SKIPPED: ../shared/corpus/real-urls.txt not found");
        return;
    };
    let mut state = State::default();
    if let Ok(list) = std::env::var("BATCH_BENCH_RESOLVERS") {
        state.batch.resolvers = list.split(',').filter_map(Resolver::from_name).collect();
    }
    state.batch.path = path.display().to_string();
    let resolvers: Vec<&str> = state.batch.resolvers.iter().map(|r| r.name()).collect();
    let resolvers = resolvers.join(",");
    let alone = Alone {
        view: BatchView::default(),
        state,
        commands: Vec::new(),
    };
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(
            |ui, a: &mut Alone| a.view.ui(ui, &mut a.state, &mut a.commands),
            alone,
        );
    h.run();
    let rss_before = status_kib("VmRSS:");
    h.get_by_label("Open").click();
    let started = Instant::now();
    let mut frames = Vec::new();
    let mut frames_cpu = Vec::new();
    let mut filtered = false;
    let pace = Duration::from_micros(16_667);
    while h.state().view.is_running() || frames.is_empty() {
        let (t, cpu) = (Instant::now(), thread_cpu());
        h.event(scroll());
        h.step();
        let took = t.elapsed();
        frames.push(took);
        frames_cpu.push(thread_cpu().saturating_sub(cpu));
        if !filtered && started.elapsed() > Duration::from_secs(2) {
            filtered = true;
            h.state_mut().state.batch.filter.only_invalid = true;
        }
        std::thread::sleep(pace.saturating_sub(took));
    }
    let run_time = started.elapsed();
    // The same frames once the run has ended (the table full, the filter on).
    let mut idle = Vec::new();
    for _ in 0..120 {
        let t = Instant::now();
        h.event(scroll());
        h.step();
        idle.push(t.elapsed());
        std::thread::sleep(pace.saturating_sub(t.elapsed()));
    }
    idle.sort_unstable();
    let rows = h.state().view.rows();
    let table_bytes = h.state().view.table_bytes();
    let rss_after = status_kib("VmRSS:");
    let hwm = status_kib("VmHWM:");
    frames.sort_unstable();
    frames_cpu.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "batch view, {n} lines, resolvers {resolvers}, {} build, {} cores",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        std::thread::available_parallelism().map_or(1, |c| c.get())
    );
    println!(
        "run: {rows} rows in {:.1} s ({:.0} rows/s)",
        run_time.as_secs_f64(),
        rows as f64 / run_time.as_secs_f64()
    );
    println!(
        "frames while it ran: {}, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        frames.len(),
        ms(percentile(&frames, 0.5)),
        ms(percentile(&frames, 0.99)),
        ms(frames.last().copied().unwrap_or_default())
    );
    println!(
        "the same frames' own CPU time: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(percentile(&frames_cpu, 0.5)),
        ms(percentile(&frames_cpu, 0.99)),
        ms(frames_cpu.last().copied().unwrap_or_default())
    );
    println!(
        "frames after it ended: {}, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        idle.len(),
        ms(percentile(&idle, 0.5)),
        ms(percentile(&idle, 0.99)),
        ms(idle.last().copied().unwrap_or_default())
    );
    println!(
        "memory: table {:.1} MiB ({:.0} bytes/row); RSS {:.1} MiB before, {:.1} MiB after (+{:.1}), peak {:.1} MiB",
        table_bytes as f64 / 1048576.0,
        table_bytes as f64 / rows.max(1) as f64,
        mib(rss_before),
        mib(rss_after),
        mib(rss_after.saturating_sub(rss_before)),
        mib(hwm)
    );
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!("load average at the end: {}", load.trim());
    }
    let _ = std::fs::remove_file(&path);
}
