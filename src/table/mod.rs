//! Many URLs at once: a table with one row per input line and, per chosen
//! resolver, the canonical URL or why the input is invalid.
//!
//! The pieces, usable alone (the `table` command and the window's Batch
//! view are built from them):
//!
//! | module | what |
//! |---|---|
//! | [`read`] | input formats (one URL per line, `URL<TAB>BASE`, CSV with a header, JSON Lines of `batch` requests), detected or chosen; [`TableReader`] yields one [`Entry`] per line, with its line number |
//! | [`row`] | [`compute`]: one entry under the chosen resolvers, a [`Row`] |
//! | [`write`] | [`RowWriter`]: CSV, TSV or JSON Lines, the same columns in each; [`write_table`]: the whole run written out, each chunk by the worker that computed it |
//! | [`group`] | [`write_grouped`]: the rows grouped by one resolver's canonical form, largest group first, with a group column (deduping) |
//! | [`summary`] | [`Summary`]: valid/invalid per resolver, disagreements per pair, distinct canonical URLs, note counts |
//! | [`run`](mod@run) | [`run()`]: the whole pipeline on all cores, rows in input order, bounded memory, with a [`Control`] for progress and cancellation from another thread; [`run_chunks`]: the same with a step of the caller's on each worker |
//!
//! ```
//! use url_inspector::table::{Control, RunOptions, run};
//! use url_inspector::resolvers::Resolver;
//!
//! let input = "http://a/b/../c\nhttp://a:99999/\n";
//! let options = RunOptions { resolvers: vec![Resolver::This], ..RunOptions::default() };
//! let mut canons = Vec::new();
//! let summary = run(input.as_bytes(), &options, &Control::default(), |row| {
//!     canons.push(row.cells[0].canon().map(str::to_owned));
//!     Ok(())
//! })
//! .unwrap();
//! assert_eq!(canons, [Some("http://a/c".to_owned()), None]);
//! assert_eq!((summary.valid[0], summary.invalid[0]), (1, 1));
//! ```

pub mod group;
pub mod read;
pub mod row;
pub mod run;
pub mod summary;
pub mod write;

pub use group::{Grouped, Grouping, write_grouped};
pub use read::{Entry, InputFormat, Layout, ReadError, ReadOptions, TableReader};
pub use row::{Cell, Row, compute};
pub use run::{Control, RunError, RunOptions, run, run_chunks};
pub use summary::{Summary, Tally};
pub use write::{OutputFormat, RowWriter, chunk_bytes, write_table};
