//! Speed of `confuse`: candidates tried per second, each asked of both
//! parsers of the pair with their traces on, for every named stack, with
//! the budget a number of candidates (so every run does the same work:
//! the families, then the seeded search). `confuse/default-budget` runs
//! one question the way the command does by default, families and a
//! search of three seconds, and prints the candidates it got through.
//!
//! `cargo bench --bench confuse`; `-- --test` runs each case once.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use url_inspector::confuse::{self, Budget, DEFAULT_BUDGET, Question, Rule, Target};
use url_inspector::resolvers::pair::Stack;

const CANDIDATES: usize = 10_000;

fn question(stack: Stack, budget: Budget) -> Question {
    Question {
        pair: stack.pair(),
        rule: Rule::Suffix,
        allowed: "good.com".into(),
        target: Target::parse("127.0.0.1").expect("an address"),
        base: Some("http://good.com/a/b".into()),
        budget,
        seed: 1,
    }
}

fn stacks(c: &mut Criterion) {
    let mut g = c.benchmark_group("confuse");
    g.sample_size(10);
    g.throughput(Throughput::Elements(CANDIDATES as u64));
    for stack in Stack::ALL {
        let q = question(stack, Budget::Candidates(CANDIDATES));
        g.bench_function(stack.name(), |b| {
            b.iter(|| black_box(confuse::find(black_box(&q))))
        });
    }
    g.finish();
    // One default run, reported in candidates per second rather than timed
    // by criterion (it takes the budget's three seconds by design).
    if std::env::args().any(|a| a == "--bench") {
        let o = confuse::find(&question(Stack::Python, DEFAULT_BUDGET));
        println!(
            "confuse/default-budget python: {} candidates in {:.2} s ({:.0}/s), {} through",
            o.tried,
            o.elapsed.as_secs_f64(),
            o.tried as f64 / o.elapsed.as_secs_f64(),
            o.findings.len()
        );
    }
}

criterion_group!(benches, stacks);
criterion_main!(benches);
