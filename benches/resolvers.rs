//! Speed of the compare resolvers: what `compare` and the window's
//! Compare view cost per keystroke, and each resolver's cost per URL.
//!
//! Groups:
//!
//! - `resolvers/one-url`: each resolver on one typical relative reference
//!   against a typical base, and `all`, the whole comparison (which has
//!   to stay well under a frame, 16 ms), and `compare-view`, what the
//!   window's Compare view computes per keystroke (every model, the spec's
//!   four traced, RFC 3986's resolved form and OPC's steps besides).
//! - `resolvers/corpus`: each resolver on every URL of
//!   `../shared/corpus/real-urls.txt` (or `URL_INSPECTOR_CORPUS`), with no
//!   base, so `this` is the same figure as `corpus/no-base/engine` in
//!   `benches/corpus.rs`. Throughput is in URLs, so `time / 100 000` is the
//!   time per URL.
//!
//! `cargo bench --bench resolvers` runs for about a minute once built; add
//! `-- --test` to run each benchmark once.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use url_inspector::engine::QueryEncoding;
use url_inspector::resolvers::{Request, Resolver};

/// A typical reference and base: a relative path with a query and a
/// fragment, against a page URL with a path of several segments.
const INPUT: &str = "../images/photo.jpg?size=large&v=2#top";
const BASE: &str = "https://www.example.com/blog/2024/05/post.html?ref=home";

fn one_url(c: &mut Criterion) {
    let enc = QueryEncoding::UTF8;
    let mut g = c.benchmark_group("resolvers/one-url");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for r in Resolver::ALL {
        g.bench_function(r.name(), |b| {
            b.iter(|| {
                black_box(
                    r.resolve(
                        &Request::new(black_box(INPUT))
                            .with_base(Some(BASE))
                            .with_encoding(enc),
                    ),
                )
            })
        });
    }
    g.bench_function("all", |b| {
        b.iter(|| {
            Resolver::ALL.map(|r| {
                black_box(
                    r.resolve(
                        &Request::new(black_box(INPUT))
                            .with_base(Some(BASE))
                            .with_encoding(enc),
                    ),
                )
            })
        })
    });
    #[cfg(feature = "gui")]
    {
        use url_inspector::app::compare::{CompareRequest, compare};
        let request = CompareRequest {
            input: INPUT.to_owned(),
            base: BASE.to_owned(),
            encoding: "utf-8".to_owned(),
            pair: None,
            other: None,
        };
        g.bench_function("compare-view", |b| {
            b.iter(|| black_box(compare(black_box(&request))))
        });
    }
    g.finish();
}

/// The corpus, one URL a line (`None` if it cannot be read).
fn load_corpus() -> Option<Vec<String>> {
    let path = std::env::var("URL_INSPECTOR_CORPUS").unwrap_or_else(|_| {
        format!(
            "{}/../shared/corpus/real-urls.txt",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    match std::fs::read(&path) {
        Ok(bytes) => Some(
            String::from_utf8_lossy(&bytes)
                .lines()
                .map(str::to_owned)
                .collect(),
        ),
        Err(e) => {
            eprintln!("resolvers bench: cannot read {path:?} ({e}); resolvers/corpus is skipped");
            None
        }
    }
}

fn corpus(c: &mut Criterion) {
    let Some(urls) = load_corpus() else {
        return;
    };
    let enc = QueryEncoding::UTF8;
    // How many URLs each resolver accepts, so that speed can be read
    // against what was done.
    let accepted: Vec<String> = Resolver::ALL
        .iter()
        .map(|r| {
            let n = urls
                .iter()
                .filter(|u| !r.resolve(&Request::new(u).with_encoding(enc)).invalid)
                .count();
            format!("{r} {n}")
        })
        .collect();
    eprintln!(
        "resolvers bench: {} URLs; valid without a base: {}",
        urls.len(),
        accepted.join(", ")
    );
    let mut g = c.benchmark_group("resolvers/corpus");
    g.throughput(Throughput::Elements(urls.len() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for r in Resolver::ALL {
        g.bench_function(r.name(), |b| {
            b.iter(|| {
                for u in &urls {
                    black_box(r.resolve(&Request::new(black_box(u)).with_encoding(enc)));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, one_url, corpus);
criterion_main!(benches);
