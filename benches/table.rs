//! Benchmark of the table pipeline (being written).

fn main() {}
