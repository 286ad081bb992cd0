//! The summary of a table, accumulated row by row: valid and invalid per
//! resolver, how many rows each pair of resolvers disagrees on, how many
//! distinct canonical URLs each resolver gave, and how often each note was
//! raised.
//!
//! Distinct URLs are counted in bounded memory: each canonical URL is
//! hashed to 64 bits (SipHash-1-3 with fixed keys) and only the hash is
//! kept, in a set capped at [`DISTINCT_CAP`] entries per resolver (a table
//! of 2^20 slots, about 9 MiB). Past the cap the count stops and is reported
//! as a lower bound. Two different URLs with the same hash are counted once:
//! with n distinct URLs the expected number of such collisions is about
//! n² / 2^65, under 10^-7 for a million.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher};

use crate::resolvers::Resolver;

use super::read::Layout;
use super::row::{NOTE_NOT_UTF8, Row};

/// The most distinct hashes kept per resolver: seven eighths of 2^20, the
/// most a hash table of 2^20 slots holds before it doubles.
pub const DISTINCT_CAP: usize = (1 << 20) / 8 * 7;

/// The summary of a run (or of the rows seen so far).
#[derive(Clone, Debug)]
pub struct Summary {
    /// The resolvers, in column order.
    pub resolvers: Vec<Resolver>,
    /// How the input was read, once known.
    pub layout: Option<Layout>,
    /// Rows, error rows included.
    pub rows: u64,
    /// Rows whose line could not be read.
    pub error_rows: u64,
    /// Lines that were not valid UTF-8.
    pub lossy_lines: u64,
    /// Lines that were a header rather than a row.
    pub header_lines: u64,
    /// Per resolver: rows it found valid.
    pub valid: Vec<u64>,
    /// Per resolver: rows it found invalid.
    pub invalid: Vec<u64>,
    /// Per pair of resolvers `(a, b)` with `a < b`, in [`Summary::pairs`]
    /// order: rows they disagree on.
    pub disagreements: Vec<u64>,
    /// Rows on which any two resolvers disagree.
    pub disagreeing_rows: u64,
    /// How many rows raised each note code.
    pub notes: BTreeMap<&'static str, u64>,
    /// Whether the run was cancelled before the end of the input.
    pub cancelled: bool,
    distinct: Vec<Distinct>,
}

/// A set of 64-bit hashes of canonical URLs, capped at [`DISTINCT_CAP`].
#[derive(Clone, Debug, Default)]
struct Distinct {
    hashes: HashSet<u64, BuildHasherDefault<AlreadyHashed>>,
    /// Whether a new hash arrived when the set was full.
    capped: bool,
}

/// A count of distinct canonical URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistinctCount {
    pub count: u64,
    /// The count stopped at the cap: the true number is at least `count`.
    pub at_least: bool,
}

impl Summary {
    /// An empty summary for rows computed with `resolvers`.
    pub fn new(resolvers: &[Resolver]) -> Summary {
        let n = resolvers.len();
        Summary {
            resolvers: resolvers.to_vec(),
            layout: None,
            rows: 0,
            error_rows: 0,
            lossy_lines: 0,
            header_lines: 0,
            valid: vec![0; n],
            invalid: vec![0; n],
            disagreements: vec![0; n * n.saturating_sub(1) / 2],
            disagreeing_rows: 0,
            notes: BTreeMap::new(),
            cancelled: false,
            distinct: vec![Distinct::default(); n],
        }
    }

    /// The pairs of resolver indexes `(a, b)`, `a < b`, in the order of
    /// [`Summary::disagreements`].
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let n = self.resolvers.len();
        (0..n).flat_map(move |a| (a + 1..n).map(move |b| (a, b)))
    }

    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.rows += 1;
        for code in &row.notes {
            *self.notes.entry(code).or_default() += 1;
            if *code == NOTE_NOT_UTF8 {
                self.lossy_lines += 1;
            }
        }
        if row.is_error() {
            self.error_rows += 1;
            return;
        }
        for (i, cell) in row.cells.iter().enumerate().take(self.resolvers.len()) {
            match cell.canon() {
                Some(canon) => {
                    self.valid[i] += 1;
                    self.distinct[i].insert(canon);
                }
                None => self.invalid[i] += 1,
            }
        }
        let mut any = false;
        for (k, (a, b)) in self.pairs().enumerate() {
            if row.pair_disagrees(a, b) {
                self.disagreements[k] += 1;
                any = true;
            }
        }
        self.disagreeing_rows += u64::from(any);
    }

    /// The distinct canonical URLs resolver `i` gave.
    pub fn distinct(&self, i: usize) -> DistinctCount {
        self.distinct.get(i).map_or(
            DistinctCount {
                count: 0,
                at_least: false,
            },
            |d| DistinctCount {
                count: d.hashes.len() as u64,
                at_least: d.capped,
            },
        )
    }
}

impl Distinct {
    fn insert(&mut self, canon: &str) {
        let mut h = DefaultHasher::new();
        canon.hash(&mut h);
        let hash = h.finish();
        if self.hashes.len() < DISTINCT_CAP {
            self.hashes.insert(hash);
        } else if !self.hashes.contains(&hash) {
            self.capped = true;
        }
    }
}

/// The set's keys are hashes already: use them as they are.
#[derive(Clone, Copy, Debug, Default)]
struct AlreadyHashed(u64);

impl Hasher for AlreadyHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used (the keys are u64); fold anything else.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The summary for people: a few lines of text.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(layout) = &self.layout {
            writeln!(f, "input: {layout}")?;
        }
        write!(f, "{} rows", self.rows)?;
        if self.header_lines > 0 {
            write!(f, " (after {} header line)", self.header_lines)?;
        }
        writeln!(
            f,
            ", {} unreadable lines, {} lines not valid UTF-8{}",
            self.error_rows,
            self.lossy_lines,
            if self.cancelled {
                "; cancelled before the end"
            } else {
                ""
            }
        )?;
        let width = self
            .resolvers
            .iter()
            .map(|r| r.name().len())
            .max()
            .unwrap_or(0);
        for (i, r) in self.resolvers.iter().enumerate() {
            let d = self.distinct(i);
            writeln!(
                f,
                "  {:width$}  {} valid, {} invalid, {}{} distinct canonical URLs",
                r.name(),
                self.valid[i],
                self.invalid[i],
                if d.at_least { "at least " } else { "" },
                d.count,
            )?;
        }
        if self.resolvers.len() > 1 {
            writeln!(f, "disagreements ({} rows in all):", self.disagreeing_rows)?;
            for ((a, b), n) in self.pairs().zip(&self.disagreements) {
                let (a, b) = (self.resolvers[a].name(), self.resolvers[b].name());
                writeln!(f, "  {a} / {b}: {n}")?;
            }
        }
        if !self.notes.is_empty() {
            writeln!(f, "notes (rows raising each):")?;
            for (code, n) in &self.notes {
                writeln!(f, "  {code}: {n}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::row::Cell;

    fn row(cells: &[Option<&str>]) -> Row {
        Row {
            line: 1,
            input: String::new(),
            base: None,
            encoding: "UTF-8",
            cells: cells
                .iter()
                .map(|c| match c {
                    Some(u) => Cell::Canon((*u).to_owned()),
                    None => Cell::Invalid("bad".to_owned()),
                })
                .collect(),
            notes: vec!["n.a"],
            error: None,
        }
    }

    #[test]
    fn counts_validity_pairs_distinct_urls_and_notes() {
        let resolvers = [Resolver::This, Resolver::Chrome, Resolver::Whatwg];
        let mut s = Summary::new(&resolvers);
        s.add(&row(&[Some("http://a/"), Some("http://a/"), None]));
        s.add(&row(&[
            Some("http://a/"),
            Some("http://b/"),
            Some("http://b/"),
        ]));
        s.add(&row(&[None, None, None]));
        assert_eq!(s.rows, 3);
        assert_eq!(s.valid, [2, 2, 1]);
        assert_eq!(s.invalid, [1, 1, 2]);
        assert_eq!(s.pairs().collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(s.disagreements, [1, 2, 1]);
        assert_eq!(s.disagreeing_rows, 2);
        assert_eq!(
            s.distinct(0),
            DistinctCount {
                count: 1,
                at_least: false
            }
        );
        assert_eq!(s.distinct(1).count, 2);
        assert_eq!(s.notes.get("n.a"), Some(&3));
        let text = s.to_string();
        assert!(text.contains("this / whatwg: 2"), "{text}");
        assert!(text.contains("2 valid, 1 invalid, 2 distinct"), "{text}");
    }

    #[test]
    fn distinct_counting_stops_at_the_cap_and_says_so() {
        let mut d = Distinct::default();
        for i in 0..DISTINCT_CAP + 10 {
            d.insert(&format!("http://h/{i}"));
        }
        d.insert("http://h/0"); // already counted: does not cap
        assert_eq!(d.hashes.len(), DISTINCT_CAP);
        assert!(d.capped);
        // The table never grew past 2^20 slots.
        assert!(d.hashes.capacity() < 1 << 20, "{}", d.hashes.capacity());
    }
}
