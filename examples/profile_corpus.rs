//! A small driver for profilers: runs one implementation over the URL corpus
//! a given number of rounds and nothing else, so that `perf stat`, `perf
//! record` or `valgrind --tool=callgrind` see only that work (plus reading
//! the corpus, which the `none` implementation measures on its own).
//!
//! ```text
//! cargo build --release --no-default-features --features resolvers --example profile_corpus \
//!     --config 'profile.release.debug="line-tables-only"'
//! perf stat -e instructions:u target/release/examples/profile_corpus engine 5
//! valgrind --tool=callgrind target/release/examples/profile_corpus engine 1
//! ```
//!
//! (The `--config` adds line tables, so that profiles and
//! `callgrind_annotate --auto=yes` point at `src/engine` lines; given to
//! this package alone, under the release profile's link-time optimization,
//! they came out without file names.) Subtract
//! the `none` run from the others to get the cost of the work itself.
//!
//! Implementations: `none`, `engine`, `engine-base`, `engine-traced`, `url`,
//! `url-base`, `ada`, `ada-base`, and the URL Standard engine: `whatwg`,
//! `whatwg-base`, `whatwg-traced`, `whatwg-base-traced`. The corpus is the one the `corpus` bench
//! reads (`URL_INSPECTOR_CORPUS` overrides it). The count of valid results is
//! printed so that the work cannot be optimised away.

use std::hint::black_box;
use std::process::ExitCode;

use url_inspector::engine::url_standard;
use url_inspector::engine::{NoTrace, Options, QueryEncoding, Trace, run};

const BASE: &str = "http://example.org/a/b/c?q#f";

#[inline(never)]
fn run_rounds(which: &str, urls: &[String], rounds: usize) -> Option<usize> {
    let options = Options::default();
    let with_base = options.base(BASE);
    let base = url::Url::parse(BASE).expect("valid base");
    let ours_base = url_standard::parse(BASE, None, QueryEncoding::UTF8, &mut NoTrace)
        .url
        .ok();
    let ours = |u: &str, base: Option<&url_standard::Url>, traced: bool| {
        let utf8 = QueryEncoding::UTF8;
        if traced {
            url_standard::parse(u, base, utf8, &mut Trace::default())
                .url
                .is_ok()
        } else {
            url_standard::parse(u, base, utf8, &mut NoTrace).url.is_ok()
        }
    };
    let mut valid = 0;
    for _ in 0..rounds {
        for u in urls {
            let u = black_box(u.as_str());
            let ok = match which {
                "none" => !u.is_empty(),
                "engine" => run(u, &options, &mut NoTrace).canon.is_some(),
                "engine-base" => run(u, &with_base, &mut NoTrace).canon.is_some(),
                "engine-traced" => run(u, &options, &mut Trace::default()).canon.is_some(),
                "whatwg" => ours(u, None, false),
                "whatwg-base" => ours(u, ours_base.as_ref(), false),
                "whatwg-traced" => ours(u, None, true),
                "whatwg-base-traced" => ours(u, ours_base.as_ref(), true),
                "url" => url::Url::parse(u).is_ok(),
                "url-base" => base.join(u).is_ok(),
                "ada" => ada_url::Url::parse(u, None).is_ok(),
                "ada-base" => ada_url::Url::parse(u, Some(BASE)).is_ok(),
                _ => return None,
            };
            valid += usize::from(black_box(ok));
        }
    }
    Some(valid)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "engine".to_owned());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let path = std::env::var("URL_INSPECTOR_CORPUS").unwrap_or_else(|_| {
        format!(
            "{}/../shared/corpus/real-urls.txt",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("cannot read the corpus {path:?}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let urls: Vec<String> = text.lines().map(str::to_owned).collect();
    match run_rounds(&which, &urls, rounds) {
        Some(valid) => {
            println!(
                "{which}: {rounds} round(s) of {} URLs, {valid} valid",
                urls.len()
            );
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("unknown implementation {which:?}");
            ExitCode::FAILURE
        }
    }
}
