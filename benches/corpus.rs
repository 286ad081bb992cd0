//! Throughput of the engine on real URLs, next to the `url` crate (rust-url,
//! WHATWG) and `ada-url` (the C++ ada parser), measured in one run so that the
//! ratios between them mean something on whatever machine runs it.
//!
//! Groups:
//!
//! - `corpus/no-base`: every URL of the corpus on its own.
//! - `corpus/with-base`: every URL resolved against one fixed base.
//! - `corpus/traced`: the engine with and without the step-by-step record.
//! - `url-standard/no-base`, `url-standard/with-base`: the URL Standard's
//!   parser, untraced, as the `url` crate and `ada-url` implement it (ada
//!   given the base as a string, as its API takes it; the crate with the
//!   base parsed once) and ours (`engine::url_standard`, the base parsed
//!   once), untraced and traced (`ours-traced`).
//! - `scaling`: one URL of 1 KiB, 64 KiB and 1 MiB, to show that the time
//!   grows linearly with the length of the input.
//!
//! One iteration of a corpus benchmark runs through all the URLs, and the
//! throughput is given in elements, so criterion's "thrpt" is URLs per second
//! and `time / 100 000` is the time per URL. The corpus is
//! `../shared/corpus/real-urls.txt` next to the crate, or the file named by
//! `URL_INSPECTOR_CORPUS`; without it the corpus groups are skipped and only
//! `scaling` runs.
//!
//! `cargo bench --bench corpus` runs for about a minute once built; add
//! `-- --test` to run each benchmark once as a smoke test. Only the engine is
//! measured, so `--no-default-features` (no window) builds less.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group,
    criterion_main, measurement::WallTime,
};
use url_inspector::engine::parse::parse;
use url_inspector::engine::url_standard;
use url_inspector::engine::{NoTrace, Options, QueryEncoding, Trace, run};

/// The base of `corpus/with-base`: it has a path of several segments, a query
/// and a fragment, so every kind of relative reference has something to use.
const BASE: &str = "http://example.org/a/b/c?q#f";

/// Where the corpus is, and the URLs it holds (`None` if it cannot be read).
fn load_corpus() -> Option<(String, Vec<String>)> {
    let path = std::env::var("URL_INSPECTOR_CORPUS").unwrap_or_else(|_| {
        format!(
            "{}/../shared/corpus/real-urls.txt",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    match std::fs::read(&path) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            let urls: Vec<String> = text.lines().map(str::to_owned).collect();
            Some((path, urls))
        }
        Err(e) => {
            eprintln!(
                "corpus bench: cannot read the URL corpus {path:?} ({e}); \
                 the corpus/* groups are skipped. Set URL_INSPECTOR_CORPUS to a file with one URL a line."
            );
            None
        }
    }
}

/// How many URLs each implementation accepts: printed once, so that a large
/// difference in speed can be read against a difference in what was done.
fn print_acceptance(path: &str, urls: &[String]) {
    let engine = urls
        .iter()
        .filter(|u| run(u, &Options::default(), &mut NoTrace).canon.is_some())
        .count();
    let rust_url = urls.iter().filter(|u| url::Url::parse(u).is_ok()).count();
    let ada = urls
        .iter()
        .filter(|u| ada_url::Url::parse(u.as_str(), None).is_ok())
        .count();
    let bytes: usize = urls.iter().map(String::len).sum();
    eprintln!(
        "corpus bench: {} URLs ({bytes} bytes) from {path}; valid without a base: engine {engine}, url {rust_url}, ada {ada}",
        urls.len()
    );
}

/// Settings for a group whose iterations take a sizeable fraction of a second:
/// few samples, each one iteration long.
fn slow_group<'a>(
    c: &'a mut Criterion,
    name: &str,
    throughput: Throughput,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(throughput)
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g
}

fn corpus(c: &mut Criterion) {
    let Some((path, urls)) = load_corpus() else {
        return;
    };
    print_acceptance(&path, &urls);
    let n = Throughput::Elements(urls.len() as u64);
    let options = Options::default();

    let mut g = slow_group(c, "corpus/no-base", n.clone());
    g.bench_function("engine", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(run(black_box(u), &options, &mut NoTrace));
            }
        })
    });
    g.bench_function("url", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(url::Url::parse(black_box(u)));
            }
        })
    });
    g.bench_function("ada", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(ada_url::Url::parse(black_box(u.as_str()), None));
            }
        })
    });
    g.finish();

    let mut g = slow_group(c, "corpus/with-base", n.clone());
    // The engine and the url crate parse the base once and resolve each
    // reference against it; ada takes the base as a string and parses it on
    // every call, as its API does. "engine-base-string" is the engine given
    // the base as a string each time (what the CLI's batch does).
    let parsed_base = parse(BASE, &mut NoTrace);
    let with_parsed_base = options.parsed_base(&parsed_base);
    g.bench_function("engine", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(run(black_box(u), &with_parsed_base, &mut NoTrace));
            }
        })
    });
    let with_base = options.base(BASE);
    g.bench_function("engine-base-string", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(run(black_box(u), &with_base, &mut NoTrace));
            }
        })
    });
    let base = url::Url::parse(BASE).expect("the bench base is a valid URL");
    g.bench_function("url", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(base.join(black_box(u)));
            }
        })
    });
    g.bench_function("ada", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(ada_url::Url::parse(black_box(u.as_str()), Some(BASE)));
            }
        })
    });
    g.finish();

    let mut g = slow_group(c, "corpus/traced", n);
    g.bench_function("untraced", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(run(black_box(u), &options, &mut NoTrace));
            }
        })
    });
    g.bench_function("traced", |b| {
        b.iter(|| {
            for u in &urls {
                let mut trace = Trace::default();
                black_box(run(black_box(u), &options, &mut trace));
                black_box(trace);
            }
        })
    });
    g.finish();
}

/// A URL of exactly `len` bytes (all ASCII): `http://example.com/`, then a
/// path of three quarters of the length made of plain, percent-escaped and
/// dot segments, then a query of the rest. Deterministic.
fn long_url(len: usize) -> String {
    const PREFIX: &str = "http://example.com/";
    const PATH_UNITS: [&str; 6] = [
        "seg%41b/",
        "./",
        "d%2Fe/",
        "x/../",
        "%7Euser%20name/",
        "%2e%2E/",
    ];
    const QUERY_UNITS: [&str; 4] = ["k=v%20w&", "a=%C3%A9&", "s=x y&", "z=%zz&"];
    let path_end = PREFIX.len() + (len - PREFIX.len()) * 3 / 4;
    let mut s = String::with_capacity(len);
    s.push_str(PREFIX);
    fill(&mut s, &PATH_UNITS, path_end - 1);
    s.push('?');
    fill(&mut s, &QUERY_UNITS, len);
    assert_eq!(s.len(), len);
    s
}

/// Appends the units in turn while they fit under `end` bytes, then pads
/// with `a` to exactly `end`.
fn fill(s: &mut String, units: &[&str], end: usize) {
    for unit in units.iter().cycle() {
        if s.len() + unit.len() > end {
            break;
        }
        s.push_str(unit);
    }
    while s.len() < end {
        s.push('a');
    }
}

fn scaling(c: &mut Criterion) {
    let mut g = c.benchmark_group("scaling");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (label, len) in [("1KiB", 1 << 10), ("64KiB", 1 << 16), ("1MiB", 1 << 20)] {
        let input = long_url(len);
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_with_input(BenchmarkId::new("engine", label), &input, |b, input| {
            b.iter(|| black_box(run(black_box(input), &Options::default(), &mut NoTrace)))
        });
        g.bench_with_input(BenchmarkId::new("url", label), &input, |b, input| {
            b.iter(|| black_box(url::Url::parse(black_box(input))))
        });
    }
    g.finish();
}

/// The URL Standard's parser on the corpus, no base and with [`BASE`],
/// untraced: the libraries our URL Standard engine is measured against.
fn url_standard(c: &mut Criterion) {
    let Some((_, urls)) = load_corpus() else {
        return;
    };
    let n = Throughput::Elements(urls.len() as u64);
    let base = url::Url::parse(BASE).expect("the bench base is a valid URL");

    let mut g = slow_group(c, "url-standard/no-base", n.clone());
    g.bench_function("url", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(url::Url::parse(black_box(u)));
            }
        })
    });
    g.bench_function("ada", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(ada_url::Url::parse(black_box(u.as_str()), None));
            }
        })
    });
    bench_ours(&mut g, &urls, None);
    g.finish();

    let mut g = slow_group(c, "url-standard/with-base", n);
    g.bench_function("url", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(base.join(black_box(u)));
            }
        })
    });
    g.bench_function("ada", |b| {
        b.iter(|| {
            for u in &urls {
                let _ = black_box(ada_url::Url::parse(black_box(u.as_str()), Some(BASE)));
            }
        })
    });
    // Ours with the base parsed once, as for the url crate.
    let our_base = url_standard::parse(BASE, None, QueryEncoding::UTF8, &mut NoTrace)
        .url
        .expect("the bench base is a valid URL");
    bench_ours(&mut g, &urls, Some(&our_base));
    g.finish();
}

criterion_group!(benches, corpus, url_standard, scaling);
criterion_main!(benches);

/// Our URL Standard engine over `urls` against `base`, untraced (`ours`)
/// and traced (`ours-traced`, a new `Trace` per URL, as the window makes).
fn bench_ours(
    g: &mut BenchmarkGroup<'_, WallTime>,
    urls: &[String],
    base: Option<&url_standard::Url>,
) {
    g.bench_function("ours", |b| {
        b.iter(|| {
            for u in urls {
                black_box(url_standard::parse(
                    black_box(u),
                    base,
                    QueryEncoding::UTF8,
                    &mut NoTrace,
                ));
            }
        })
    });
    g.bench_function("ours-traced", |b| {
        b.iter(|| {
            for u in urls {
                let mut trace = Trace::default();
                black_box(url_standard::parse(
                    black_box(u),
                    base,
                    QueryEncoding::UTF8,
                    &mut trace,
                ));
                black_box(trace);
            }
        })
    });
}
