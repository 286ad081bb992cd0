//! The summary of a table, accumulated row by row: valid and invalid per
//! resolver, how many rows each pair of resolvers disagrees on, how many
//! distinct canonical URLs each resolver gave, and how often each note was
//! raised.
//!
//! Distinct URLs are counted in bounded memory: each canonical URL is
//! hashed (foldhash, a fixed seed) to 64 bits, kept in one table shared by
//! all resolvers: one `u128` per URL, the hash in its high half and the set
//! of resolvers that gave it in the low half (a bit each, so up to 64
//! resolvers, every one there is). The table is a flat array of such values
//! with linear probing (an empty slot is 0: a kept value always names a
//! resolver). It starts small, doubles when three quarters full, and stops
//! at [`MAX_SLOTS`] (16 MiB); then it holds at most [`DISTINCT_CAP`]
//! hashes: past that, a new hash is not kept and the counts of the
//! resolvers that gave it are reported as lower bounds. Two different URLs
//! with the same hash are counted once: with n distinct URLs the expected
//! number of such collisions is about n² / 2^65, under 3·10^-8 for a
//! million.
//!
//! A row costs little however many resolvers there are: its canonical URLs
//! are grouped first (resolvers that agree share a group), so each distinct
//! URL of the row is hashed and looked up once, and two resolvers disagree
//! exactly when their groups differ.
//!
//! Counting is in two halves. A [`Tally`] counts some rows and hashes their
//! URLs, touching nothing shared: a run's workers each tally their own
//! chunk, while its rows are still in the cache. [`Summary::merge`] adds a
//! tally and looks its URLs up in the table, whose slots it fetches ahead
//! first, so the lookups seldom wait for memory (with a large table,
//! waiting for memory was most of the summary's cost).

use std::collections::BTreeMap;
use std::fmt;
use std::hash::BuildHasher;
use std::mem::take;

use crate::resolvers::Resolver;

use super::read::Layout;
use super::row::{Cell, NOTE_NOT_UTF8, Row};

/// The most slots of the distinct-URL table: 2^20 `u128`s, 16 MiB. The
/// table is doubled by making the new one before freeing the old, so its
/// peak is half as much again; `tests/table.rs` holds a million distinct
/// rows under 100 MB with it.
pub const MAX_SLOTS: usize = 1 << 20;
/// The most distinct hashes kept: three quarters of [`MAX_SLOTS`], so a
/// lookup's probe stays short.
pub const DISTINCT_CAP: usize = MAX_SLOTS / 4 * 3;
/// The slots of a new table (8 KiB).
const FIRST_SLOTS: usize = 1 << 10;

/// The most resolvers whose distinct URLs are counted (one bit each, in
/// the low bits of a kept hash): every resolver there is.
const MAX_COUNTED: usize = Resolver::EVERY.len();
const _: () = assert!(
    MAX_COUNTED <= 64,
    "one bit per resolver in a slot's low half"
);
/// The low half of a kept value, which holds its resolvers.
const MEMBER_BITS: u128 = u64::MAX as u128;

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
    /// Whether the run was cancelled before the end of the input.
    pub cancelled: bool,
    /// How many rows raised each note code (see [`Summary::notes`]), in the
    /// order first raised: a short list searched by address first, since
    /// the codes are the resolvers' own constants.
    note_counts: Vec<(&'static str, u64)>,
    distinct: Distinct,
    /// The tally of the rows being added, kept to reuse its memory.
    scratch: Tally,
}

/// The counts of some rows, made where the rows were made: each worker of
/// a run tallies its own chunk, and the run adds the tallies to the
/// [`Summary`] in input order ([`Summary::merge`]). All but the distinct
/// URLs are sums; those are kept as the values the distinct table stores
/// (a hash with the resolvers that gave it), for the summary to look up.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    resolvers: usize,
    rows: u64,
    error_rows: u64,
    lossy_lines: u64,
    valid: Vec<u64>,
    invalid: Vec<u64>,
    disagreements: Vec<u64>,
    disagreeing_rows: u64,
    note_counts: Vec<(&'static str, u64)>,
    /// Per distinct canonical URL of each row: its hash's high bits and,
    /// in the low [`MAX_COUNTED`] bits, the resolvers that gave it.
    urls: Vec<u128>,
    /// Per cell of the row being tallied: its group (the index of the
    /// row's first cell with the same canonical URL), or [`INVALID`].
    groups: Vec<usize>,
}

/// The group of an invalid answer (all invalid answers agree).
const INVALID: usize = usize::MAX;

/// The 56-bit hashes of canonical URLs, each with the resolvers that gave
/// it (see the module doc).
#[derive(Clone, Debug)]
struct Distinct {
    /// A power of two of slots; 0 is empty.
    slots: Vec<u128>,
    /// Slots in use.
    len: usize,
    /// Per resolver: distinct hashes it gave.
    counts: Vec<u64>,
    /// Per resolver: whether a new hash of it arrived when the table was full.
    capped: Vec<bool>,
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
            cancelled: false,
            note_counts: Vec::new(),
            distinct: Distinct::new(n),
            scratch: Tally::new(n),
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
        self.add_rows(std::slice::from_ref(row));
    }

    /// Counts rows, as [`Summary::add`] on each would: tallies them
    /// ([`Tally`]) and adds the tally.
    pub fn add_rows(&mut self, rows: &[Row]) {
        let mut tally = take(&mut self.scratch);
        tally.clear(self.resolvers.len());
        tally.add_rows(rows);
        self.merge(&tally);
        self.scratch = tally;
    }

    /// Adds the counts of `tally`, made on rows computed with the same
    /// resolvers. Its URLs' slots are fetched ahead first, so the lookups
    /// that follow seldom wait for memory.
    pub fn merge(&mut self, tally: &Tally) {
        for &url in &tally.urls {
            self.distinct.prefetch(url);
        }
        self.rows += tally.rows;
        self.error_rows += tally.error_rows;
        self.lossy_lines += tally.lossy_lines;
        self.disagreeing_rows += tally.disagreeing_rows;
        add_each(&mut self.valid, &tally.valid);
        add_each(&mut self.invalid, &tally.invalid);
        add_each(&mut self.disagreements, &tally.disagreements);
        for &(code, n) in &tally.note_counts {
            *note_count(&mut self.note_counts, code) += n;
        }
        for &url in &tally.urls {
            self.distinct.insert(url);
        }
    }

    /// How many rows raised each note code, by code.
    pub fn notes(&self) -> BTreeMap<&'static str, u64> {
        let mut notes = BTreeMap::new();
        for &(code, n) in &self.note_counts {
            *notes.entry(code).or_default() += n;
        }
        notes
    }

    /// The distinct canonical URLs resolver `i` gave.
    pub fn distinct(&self, i: usize) -> DistinctCount {
        DistinctCount {
            count: self.distinct.counts.get(i).copied().unwrap_or(0),
            at_least: self.distinct.capped.get(i).copied().unwrap_or(false),
        }
    }
}

impl Tally {
    /// An empty tally for rows computed with `resolvers` resolvers.
    pub fn new(resolvers: usize) -> Tally {
        let mut tally = Tally::default();
        tally.clear(resolvers);
        tally
    }

    /// Empties the tally, keeping its memory.
    fn clear(&mut self, resolvers: usize) {
        let reset = |v: &mut Vec<u64>, n: usize| {
            v.clear();
            v.resize(n, 0);
        };
        self.resolvers = resolvers;
        self.rows = 0;
        self.error_rows = 0;
        self.lossy_lines = 0;
        reset(&mut self.valid, resolvers);
        reset(&mut self.invalid, resolvers);
        reset(
            &mut self.disagreements,
            resolvers * resolvers.saturating_sub(1) / 2,
        );
        self.disagreeing_rows = 0;
        self.note_counts.clear();
        self.urls.clear();
    }

    /// Counts rows.
    pub fn add_rows(&mut self, rows: &[Row]) {
        for row in rows {
            self.add(row);
        }
    }

    /// Counts one row: its notes, then (unless an error row) each
    /// resolver's validity, each distinct URL once with the resolvers that
    /// gave it, and each pair of resolvers whose groups differ.
    fn add(&mut self, row: &Row) {
        self.rows += 1;
        for &code in &row.notes {
            if code == NOTE_NOT_UTF8 {
                self.lossy_lines += 1;
            }
            *note_count(&mut self.note_counts, code) += 1;
        }
        if row.is_error() {
            self.error_rows += 1;
            return;
        }
        // One cell per resolver at most.
        let cells = &row.cells[..self.resolvers.min(row.cells.len())];
        let mut groups = take(&mut self.groups);
        groups.clear();
        group(cells, &mut groups);
        for (i, &g) in groups.iter().enumerate() {
            if g == INVALID {
                self.invalid[i] += 1;
            } else {
                self.valid[i] += 1;
            }
        }
        for (leader, cell) in cells.iter().enumerate() {
            if groups[leader] != leader {
                continue;
            }
            let Some(canon) = cell.canon() else { continue };
            let members = groups
                .iter()
                .enumerate()
                .filter(|&(j, &g)| g == leader && j < MAX_COUNTED)
                .fold(0u128, |m, (j, _)| m | 1 << j);
            if members != 0 {
                self.urls.push(u128::from(hash(canon)) << 64 | members);
            }
        }
        let mut any = false;
        let mut k = 0;
        for a in 0..self.resolvers {
            for b in a + 1..self.resolvers {
                // A cell past the row's cells (a short row) agrees with all.
                if let (Some(x), Some(y)) = (groups.get(a), groups.get(b))
                    && x != y
                {
                    self.disagreements[k] += 1;
                    any = true;
                }
                k += 1;
            }
        }
        self.disagreeing_rows += u64::from(any);
        self.groups = groups;
    }
}

/// Adds `more` to `counts`, element by element.
fn add_each(counts: &mut [u64], more: &[u64]) {
    for (c, m) in counts.iter_mut().zip(more) {
        *c += m;
    }
}

/// The count of `code` in `counts`, added at 0 if missing. The list is
/// short and the codes are the resolvers' own constants, so it is searched
/// by address first.
fn note_count<'a>(counts: &'a mut Vec<(&'static str, u64)>, code: &'static str) -> &'a mut u64 {
    let slot = counts
        .iter()
        .position(|(c, _)| std::ptr::eq(*c, code))
        .or_else(|| counts.iter().position(|(c, _)| *c == code));
    let i = slot.unwrap_or_else(|| {
        counts.push((code, 0));
        counts.len() - 1
    });
    &mut counts[i].1
}

/// The 64-bit hash of a canonical URL: foldhash's quality variant with a
/// fixed seed, several times faster than SipHash on URL-sized strings (the
/// table is never fed by an adversary who could aim at collisions: a
/// collision only makes a count one less).
fn hash(canon: &str) -> u64 {
    const SEED: u64 = 0x75_72_6c_2d_69_6e_73_70; // "url-insp"
    foldhash::quality::FixedState::with_seed(SEED).hash_one(canon)
}

/// Pushes the group of each of `cells`: a valid answer joins the first
/// earlier group with the same canonical URL (compared with group leaders
/// only), else leads its own; an invalid one is [`INVALID`].
fn group(cells: &[Cell], groups: &mut Vec<usize>) {
    let start = groups.len();
    for (i, cell) in cells.iter().enumerate() {
        let g = match cell.canon() {
            None => INVALID,
            Some(canon) => (0..i)
                .find(|&j| groups[start + j] == j && cells[j].canon() == Some(canon))
                .unwrap_or(i),
        };
        groups.push(g);
    }
}

impl Distinct {
    fn new(resolvers: usize) -> Distinct {
        Distinct {
            slots: vec![0; FIRST_SLOTS],
            len: 0,
            counts: vec![0; resolvers],
            capped: vec![false; resolvers],
        }
    }

    /// The slot where the probe for a value starts: the low bits of its
    /// hash (the high half; foldhash's bits are as good as any).
    fn home(&self, value: u128) -> usize {
        (value >> 64) as usize & (self.slots.len() - 1)
    }

    /// Asks the processor to fetch the slot of `url` (a hash, or a value
    /// with one) into its cache.
    fn prefetch(&self, url: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot = &self.slots[self.home(url)];
            // SAFETY: a prefetch is a hint that reads nothing and never
            // faults; the address is that of a slot besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(slot).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = url;
    }

    /// Counts a URL (a hash's high bits) for the resolvers in the low
    /// [`MAX_COUNTED`] bits of `url` (a bit each).
    fn insert(&mut self, url: u128) {
        let (key, members) = (url & !MEMBER_BITS, url & MEMBER_BITS);
        if members == 0 {
            return;
        }
        let new = loop {
            let mask = self.slots.len() - 1;
            let mut i = self.home(url);
            // Linear probing: the first empty slot ends the search.
            while self.slots[i] != 0 && self.slots[i] & !MEMBER_BITS != key {
                i = (i + 1) & mask;
            }
            let known = self.slots[i];
            if known != 0 {
                self.slots[i] = known | members;
                break members & !known;
            }
            if (self.len + 1) * 4 > self.slots.len() * 3 {
                if self.slots.len() < MAX_SLOTS {
                    self.grow();
                    continue;
                }
                for (i, capped) in self.capped.iter_mut().enumerate().take(MAX_COUNTED) {
                    *capped |= members & 1 << i != 0;
                }
                break 0;
            }
            self.slots[i] = key | members;
            self.len += 1;
            break members;
        };
        for (i, count) in self.counts.iter_mut().enumerate().take(MAX_COUNTED) {
            *count += u64::from(new & 1 << i != 0);
        }
    }

    /// Doubles the table, placing every kept value anew.
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for value in old.into_iter().filter(|&v| v != 0) {
            let mut i = self.home(value);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = value;
        }
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
        let notes = self.notes();
        if !notes.is_empty() {
            writeln!(f, "notes (rows raising each):")?;
            for (code, n) in &notes {
                writeln!(f, "  {code}: {n}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            hosts: Vec::new(),
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
        assert_eq!(s.notes().get("n.a"), Some(&3));
        let text = s.to_string();
        assert!(text.contains("this / whatwg: 2"), "{text}");
        assert!(text.contains("2 valid, 1 invalid, 2 distinct"), "{text}");
    }

    #[test]
    fn rows_added_together_count_as_rows_added_one_by_one() {
        let resolvers = [Resolver::This, Resolver::Chrome, Resolver::Whatwg];
        let rows: Vec<Row> = (0..3000)
            .map(|i| {
                let a = format!("http://h/{}", i % 700);
                let b = format!("http://h/{}", i % 900);
                match i % 4 {
                    0 => row(&[Some(&a), Some(&a), Some(&b)]),
                    1 => row(&[None, Some(&b), Some(&b)]),
                    2 => row(&[Some(&a), None, None]),
                    _ => Row {
                        error: Some("unreadable".to_owned()),
                        cells: Vec::new(),
                        hosts: Vec::new(),
                        ..row(&[])
                    },
                }
            })
            .collect();
        let mut one_by_one = Summary::new(&resolvers);
        rows.iter().for_each(|r| one_by_one.add(r));
        let mut together = Summary::new(&resolvers);
        rows.chunks(1024).for_each(|c| together.add_rows(c));
        assert_eq!(together.to_string(), one_by_one.to_string());
        // As a run's workers do: a tally per chunk, merged afterwards.
        let tallies: Vec<Tally> = rows
            .chunks(500)
            .map(|c| {
                let mut t = Tally::new(resolvers.len());
                t.add_rows(c);
                t
            })
            .collect();
        let mut merged = Summary::new(&resolvers);
        tallies.iter().for_each(|t| merged.merge(t));
        assert_eq!(merged.to_string(), one_by_one.to_string());
        for r in 0..resolvers.len() {
            assert_eq!(merged.distinct(r), one_by_one.distinct(r));
        }
        for r in 0..resolvers.len() {
            let exact: std::collections::HashSet<&str> = rows
                .iter()
                .filter_map(|row| row.cells.get(r)?.canon())
                .collect();
            assert_eq!(
                together.distinct(r).count,
                exact.len() as u64,
                "resolver {r}"
            );
            assert!(exact.len() > 300, "the rows repeat URLs of many kinds");
        }
        assert_eq!(together.error_rows, 750);
    }

    #[test]
    fn distinct_counting_stops_at_the_cap_and_says_so() {
        let mut d = Distinct::new(2);
        for i in 0..DISTINCT_CAP as u64 + 10 {
            d.insert(u128::from(hash(&format!("http://h/{i}"))) << 64 | 0b01);
        }
        assert_eq!(d.counts, [DISTINCT_CAP as u64, 0]);
        assert_eq!(d.capped, [true, false]);
        // A hash already kept still counts for another resolver: no growth.
        d.insert(u128::from(hash("http://h/0")) << 64 | 0b10);
        assert_eq!(d.counts, [DISTINCT_CAP as u64, 1]);
        assert!(!d.capped[1]);
        // The table never grew past its most slots.
        assert_eq!(d.len, DISTINCT_CAP);
        assert_eq!(d.slots.len(), MAX_SLOTS);
    }
}
