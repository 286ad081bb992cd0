//! Rows per second of the table pipeline (`table::write_table`: read,
//! compute and write CSV on a worker per core, copy out in order) against
//! calling the resolvers directly on the same lines, with one resolver and
//! with every model ([`Resolver::ALL`]), on one thread and on one per core.
//!
//! A custom harness rather than criterion: one measurement is a million
//! rows (seconds each with every resolver), so criterion's default of
//! 100 samples would take an hour; here each case runs [`REPEATS`] times
//! and the fastest run is kept (the least disturbed by other work).
//!
//! `cargo bench --bench table` runs on `../shared/corpus/real-urls.txt`
//! repeated to 1,000,000 lines (`TABLE_BENCH_LINES` changes that;
//! `URL_INSPECTOR_CORPUS` points at another corpus folder). Without
//! `--bench` (as `cargo test --all-targets` runs it) it is a smoke test of
//! 10,000 lines, run once.

use std::hint::black_box;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use url_inspector::resolvers::{Request, Resolver};
use url_inspector::table::run::CHUNK_LINES;
use url_inspector::table::{
    Control, OutputFormat, ReadOptions, RowWriter, RunOptions, Summary, TableReader, compute, run,
    write_table,
};

/// Runs kept per case; the fastest counts.
const REPEATS: usize = 3;

/// What one run took: wall-clock time and the process's CPU time (all
/// threads). CPU time stays meaningful when other work shares the cores.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Took {
    wall: Duration,
    cpu: Duration,
}

/// The process's user + system CPU time, from /proc/self/stat (fields 14
/// and 15, in clock ticks of 10 ms); zero where there is no /proc.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // The command name (field 2) is parenthesized and may hold spaces.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    Duration::from_millis(fields.iter().sum::<u64>() * 10)
}

/// Times `f` in wall-clock and CPU time.
fn timed(f: impl FnOnce()) -> Took {
    let (wall, cpu) = (Instant::now(), cpu_time());
    f();
    Took {
        wall: wall.elapsed(),
        cpu: cpu_time().saturating_sub(cpu),
    }
}

fn corpus() -> Option<String> {
    let dir = std::env::var_os("URL_INSPECTOR_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    std::fs::read_to_string(dir.join("real-urls.txt")).ok()
}

/// The corpus's lines repeated to `n` lines, as one text.
fn repeated(corpus: &str, n: usize) -> String {
    let lines: Vec<&str> = corpus.lines().collect();
    let mut text = String::with_capacity(n * 64);
    for i in 0..n {
        text.push_str(lines[i % lines.len()]);
        text.push('\n');
    }
    text
}

/// The resolvers alone: every line under every resolver, on `threads`.
fn direct(lines: &[&str], resolvers: &[Resolver], threads: usize) -> Took {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    timed(|| {
        let total: usize = pool.install(|| {
            lines
                .par_iter()
                .map(|line| {
                    resolvers
                        .iter()
                        .map(|r| {
                            let a = r.resolve(&Request::new(line));
                            a.canon.map_or(0, |c| c.len())
                        })
                        .sum::<usize>()
                })
                .sum()
        });
        black_box(total);
    })
}

/// The pipeline as the window runs it: every row handed to this thread
/// (`table::run`), written here as CSV to nowhere.
fn rows_to_caller(text: &str, resolvers: &[Resolver], threads: usize) -> Took {
    let options = RunOptions {
        read: ReadOptions::default(),
        resolvers: resolvers.to_vec(),
        threads: Some(threads),
        ..RunOptions::default()
    };
    timed(|| {
        let mut writer =
            RowWriter::new(io::sink(), OutputFormat::Csv, resolvers).expect("io::sink accepts");
        let summary = run(text.as_bytes(), &options, &Control::default(), |row| {
            writer.write(row)
        })
        .expect("an in-memory run");
        black_box(summary.rows);
    })
}

/// The pipeline as the `table` command runs it (`table::write_table`):
/// each worker writes its chunk's CSV; to nowhere.
fn pipeline(text: &str, resolvers: &[Resolver], threads: usize) -> Took {
    let options = RunOptions {
        read: ReadOptions::default(),
        resolvers: resolvers.to_vec(),
        threads: Some(threads),
        ..RunOptions::default()
    };
    timed(|| {
        let (summary, _) = write_table(
            text.as_bytes(),
            &options,
            &Control::default(),
            OutputFormat::Csv,
            &|_| true,
            io::sink(),
            || {},
        )
        .expect("an in-memory run");
        black_box(summary.rows);
    })
}

/// Where the table's time goes, on one thread with no pipeline: each stage
/// added to the one before (read; + compute rows; + summary; + CSV), as CPU
/// time per row, fastest of `repeats`.
fn stages(text: &str, resolvers: &[Resolver], repeats: usize) -> [Duration; 4] {
    let n = text.lines().count().max(1) as u32;
    let mut best = [Duration::MAX; 4];
    for _ in 0..repeats {
        for (stage, slot) in best.iter_mut().enumerate() {
            let took = timed(|| {
                let reader = TableReader::new(text.as_bytes(), ReadOptions::default());
                let mut summary = Summary::new(resolvers);
                let mut writer = RowWriter::new(io::sink(), OutputFormat::Csv, resolvers)
                    .expect("io::sink accepts");
                let mut count = 0usize;
                // A chunk at a time, as the pipeline hands rows over.
                let mut rows = Vec::with_capacity(CHUNK_LINES);
                let mut entries = reader.map(|e| e.expect("in-memory input")).peekable();
                while entries.peek().is_some() {
                    rows.clear();
                    for entry in entries.by_ref().take(CHUNK_LINES) {
                        if stage == 0 {
                            count += entry.line as usize;
                            continue;
                        }
                        rows.push(compute(entry, resolvers));
                    }
                    if stage >= 2 {
                        summary.add_rows(&rows);
                    }
                    for row in &rows {
                        if stage >= 3 {
                            writer.write(row).expect("io::sink accepts");
                        }
                        count += row.cells.len();
                    }
                }
                black_box((count, summary.rows));
            });
            *slot = (*slot).min(took.cpu / n);
        }
    }
    best
}

/// The run with the least wall-clock time, and the least CPU time of any run.
fn fastest(repeats: usize, mut f: impl FnMut() -> Took) -> Took {
    let runs: Vec<Took> = (0..repeats).map(|_| f()).collect();
    Took {
        wall: runs.iter().map(|t| t.wall).min().unwrap_or_default(),
        cpu: runs.iter().map(|t| t.cpu).min().unwrap_or_default(),
    }
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let Some(corpus) = corpus() else {
        println!("SKIPPED: ../shared/corpus/real-urls.txt not found (set URL_INSPECTOR_CORPUS)");
        return;
    };
    let n: usize = match std::env::var("TABLE_BENCH_LINES") {
        Ok(v) => v.parse().expect("TABLE_BENCH_LINES is a number"),
        Err(_) if full => 1_000_000,
        Err(_) => 10_000,
    };
    let repeats = if full { REPEATS } else { 1 };
    let text = repeated(&corpus, n);
    let lines: Vec<&str> = text.lines().collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("table pipeline on {n} lines, {cores} cores, fastest of {repeats}");
    println!(
        "{:<10} {:>7} {:>13} {:>13} {:>9} {:>12} {:>12} {:>9}",
        "resolvers",
        "threads",
        "direct row/s",
        "table row/s",
        "overhead",
        "direct cpu",
        "table cpu",
        "overhead"
    );
    let one = [Resolver::This];
    // `TABLE_BENCH_SET=this` (or `all`) times one set of resolvers only.
    let set = std::env::var("TABLE_BENCH_SET").unwrap_or_default();
    let wanted = |name: &str| set.is_empty() || name.starts_with(set.as_str());
    // `TABLE_BENCH_ONLY=stages` skips the comparison (for profiling);
    // `direct`, `table` or `caller` runs that one once on one thread and
    // nothing else: under `valgrind --tool=callgrind`, two such runs give
    // the instructions the table adds, whatever else the machine is doing.
    let only = std::env::var("TABLE_BENCH_ONLY").unwrap_or_default();
    if matches!(only.as_str(), "direct" | "table" | "caller") {
        let resolvers: &[Resolver] = if set.starts_with("all") {
            &Resolver::ALL
        } else {
            &one
        };
        let took = match only.as_str() {
            "direct" => direct(&lines, resolvers, 1),
            "table" => pipeline(&text, resolvers, 1),
            _ => rows_to_caller(&text, resolvers, 1),
        };
        println!("{only}: {:?} CPU", took.cpu);
        return;
    }
    let compare = only != "stages";
    // `TABLE_BENCH_CALLER=1` also times the rows handed to the caller.
    let show_caller = std::env::var_os("TABLE_BENCH_CALLER").is_some();
    for (name, resolvers) in [("this", &one[..]), ("all", &Resolver::ALL[..])] {
        if !compare {
            break;
        }
        if !wanted(name) {
            continue;
        }
        let mut table_walls = Vec::new();
        for threads in [1, cores] {
            let d = fastest(repeats, || direct(&lines, resolvers, threads));
            let t = fastest(repeats, || pipeline(&text, resolvers, threads));
            let rate = |t: Duration| n as f64 / t.as_secs_f64();
            let per_row = |t: Duration| format!("{:.0} ns/row", t.as_secs_f64() * 1e9 / n as f64);
            let over = |t: Duration, d: Duration| (t.as_secs_f64() / d.as_secs_f64() - 1.0) * 100.0;
            println!(
                "{name:<10} {threads:>7} {:>13.0} {:>13.0} {:>8.1}% {:>12} {:>12} {:>8.1}%",
                rate(d.wall),
                rate(t.wall),
                over(t.wall, d.wall),
                per_row(d.cpu),
                per_row(t.cpu),
                over(t.cpu, d.cpu),
            );
            table_walls.push(t.wall);
            if show_caller {
                let c = fastest(repeats, || rows_to_caller(&text, resolvers, threads));
                println!(
                    "{:<10} {threads:>7} {:>13} {:>13.0} {:>8.1}% {:>12} {:>12} {:>8.1}%  (rows to the caller, as the window runs it)",
                    "",
                    "",
                    rate(c.wall),
                    over(c.wall, d.wall),
                    "",
                    per_row(c.cpu),
                    over(c.cpu, d.cpu),
                );
            }
        }
        println!(
            "{name:<10} speed-up of the table from 1 thread to {cores}: {:.2}x",
            table_walls[0].as_secs_f64() / table_walls[1].as_secs_f64()
        );
    }
    println!("where a row's CPU time goes (one thread, no pipeline; each stage adds to the last):");
    for (name, resolvers) in [("this", &one[..]), ("all", &Resolver::ALL[..])] {
        if !wanted(name) {
            continue;
        }
        let [read, rows, summary, csv] = stages(&text, resolvers, repeats);
        let ns = |d: Duration| d.as_nanos();
        println!(
            "{name:<10} read {} ns, + compute {} ns, + summary {} ns, + CSV {} ns",
            ns(read),
            ns(rows.saturating_sub(read)),
            ns(summary.saturating_sub(rows)),
            ns(csv.saturating_sub(summary)),
        );
    }
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!(
            "load average at the end (other work on the machine): {}",
            load.trim()
        );
    }
}
