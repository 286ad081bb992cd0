//! The summary of a table, accumulated row by row: valid and invalid per
//! resolver, how many rows each pair of resolvers disagrees on, how many
//! distinct canonical URLs each resolver gave, and how often each note was
//! raised.
//!
//! Distinct URLs are counted in bounded memory: each canonical URL is
//! hashed (SipHash-1-3 with fixed keys) and only 57 bits of the hash are
//! kept, in one table shared by all resolvers: one `u64` per URL, the hash
//! in its high bits and the set of resolvers that gave it in the low seven
//! (a bit each). The table holds at most [`DISTINCT_CAP`] hashes for one
//! resolver (a table of 2^20 slots, about 9 MiB at most) and twice as many
//! for more (2^21 slots, about 18 MiB); past the cap a new hash is not kept
//! and the counts of the resolvers that gave it are reported as lower
//! bounds. Two different URLs with the same hash are counted once: with n
//! distinct URLs the expected number of such collisions is about n² / 2^58,
//! under 4·10^-6 for a million.
//!
//! A row costs little however many resolvers there are: its canonical URLs
//! are grouped first (resolvers that agree share a group), so each distinct
//! URL of the row is hashed and looked up once, and two resolvers disagree
//! exactly when their groups differ.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher};

use crate::resolvers::Resolver;

use super::read::Layout;
use super::row::{NOTE_NOT_UTF8, Row};

/// The most distinct hashes kept for one resolver: one fewer than seven
/// eighths of 2^20, the most a hash table of 2^20 slots holds before it
/// doubles (one slot stays free because updating a kept hash reserves one
/// first). Two or more resolvers share a table of twice the slots.
pub const DISTINCT_CAP: usize = (1 << 20) / 8 * 7 - 1;

/// The most resolvers whose distinct URLs are counted (one bit each, in
/// the low bits of a kept hash); a table has at most the seven there are.
const MAX_COUNTED: usize = 7;
/// The low bits of a kept hash that hold its resolvers.
const MEMBER_BITS: u64 = (1 << MAX_COUNTED) - 1;

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
    /// Per cell of the row being added: its group (the first cell with the
    /// same canonical URL), or [`INVALID`]. Kept to reuse its memory.
    groups: Vec<usize>,
}

/// The group of an invalid answer (all invalid answers agree).
const INVALID: usize = usize::MAX;

/// The 64-bit hashes of canonical URLs, each with the resolvers that gave
/// it, capped at [`DISTINCT_CAP`] hashes.
#[derive(Clone, Debug, Default)]
struct Distinct {
    seen: HashSet<Kept, BuildHasherDefault<AlreadyHashed>>,
    /// The most hashes kept.
    cap: usize,
    /// Per resolver: distinct hashes it gave.
    counts: Vec<u64>,
    /// Per resolver: whether a new hash of it arrived when the table was full.
    capped: Vec<bool>,
}

/// A kept hash: the URL's hash in the high 57 bits, its resolvers in the
/// low 7. Two are the same URL when their high bits are.
#[derive(Clone, Copy, Debug)]
struct Kept(u64);

impl PartialEq for Kept {
    fn eq(&self, other: &Kept) -> bool {
        self.0 & !MEMBER_BITS == other.0 & !MEMBER_BITS
    }
}

impl Eq for Kept {}

impl Hash for Kept {
    /// The 57 hash bits, with their low 7 repeated at the top: the table
    /// takes a slot from the low bits and a tag from the top 7.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let h = self.0 >> MAX_COUNTED;
        state.write_u64(h | h << (64 - MAX_COUNTED));
    }
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
            distinct: Distinct {
                seen: HashSet::default(),
                cap: if n > 1 {
                    2 * DISTINCT_CAP
                } else {
                    DISTINCT_CAP
                },
                counts: vec![0; n],
                capped: vec![false; n],
            },
            groups: Vec::with_capacity(n),
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
        for &code in &row.notes {
            self.count_note(code);
        }
        if row.is_error() {
            self.error_rows += 1;
            return;
        }
        let n = self.resolvers.len().min(row.cells.len());
        let cells = &row.cells[..n];
        // Group the answers: each valid one joins the first earlier group
        // with the same canonical URL (compared with group leaders only).
        let groups = &mut self.groups;
        groups.clear();
        for (i, cell) in cells.iter().enumerate() {
            let group = match cell.canon() {
                None => {
                    self.invalid[i] += 1;
                    INVALID
                }
                Some(canon) => {
                    self.valid[i] += 1;
                    (0..i)
                        .find(|&j| groups[j] == j && cells[j].canon() == Some(canon))
                        .unwrap_or(i)
                }
            };
            groups.push(group);
        }
        // Each group's URL is hashed once and counted for all its members.
        for (leader, cell) in cells.iter().enumerate() {
            if groups[leader] != leader {
                continue;
            }
            if let Some(canon) = cell.canon() {
                let members = groups
                    .iter()
                    .enumerate()
                    .filter(|&(j, &g)| g == leader && j < MAX_COUNTED)
                    .fold(0u64, |m, (j, _)| m | 1 << j);
                self.distinct.insert(hash(canon), members);
            }
        }
        let mut any = false;
        let mut k = 0;
        for a in 0..self.resolvers.len() {
            for b in a + 1..self.resolvers.len() {
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
    }

    fn count_note(&mut self, code: &'static str) {
        if code == NOTE_NOT_UTF8 {
            self.lossy_lines += 1;
        }
        let slot = self
            .note_counts
            .iter()
            .position(|(c, _)| std::ptr::eq(*c, code))
            .or_else(|| self.note_counts.iter().position(|(c, _)| *c == code));
        match slot {
            Some(i) => self.note_counts[i].1 += 1,
            None => self.note_counts.push((code, 1)),
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

/// The 64-bit hash of a canonical URL.
fn hash(canon: &str) -> u64 {
    let mut h = DefaultHasher::new();
    canon.hash(&mut h);
    h.finish()
}

impl Distinct {
    /// Counts `hash` for the resolvers in `members` (a bit each, the first
    /// [`MAX_COUNTED`] resolvers).
    fn insert(&mut self, hash: u64, members: u64) {
        let probe = Kept(hash & !MEMBER_BITS | members);
        let new = match self.seen.get(&probe) {
            Some(&Kept(known)) => {
                let new = members & !known;
                if new != 0 {
                    self.seen.replace(Kept(known | members));
                }
                new
            }
            None if self.seen.len() < self.cap => {
                self.seen.insert(probe);
                members
            }
            None => {
                for (i, capped) in self.capped.iter_mut().enumerate().take(MAX_COUNTED) {
                    *capped |= members & 1 << i != 0;
                }
                0
            }
        };
        for (i, count) in self.counts.iter_mut().enumerate().take(MAX_COUNTED) {
            *count += u64::from(new & 1 << i != 0);
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
        assert_eq!(s.notes().get("n.a"), Some(&3));
        let text = s.to_string();
        assert!(text.contains("this / whatwg: 2"), "{text}");
        assert!(text.contains("2 valid, 1 invalid, 2 distinct"), "{text}");
    }

    #[test]
    fn distinct_counting_stops_at_the_cap_and_says_so() {
        let mut d = Distinct {
            seen: HashSet::default(),
            cap: DISTINCT_CAP,
            counts: vec![0; 2],
            capped: vec![false; 2],
        };
        for i in 0..DISTINCT_CAP as u64 + 10 {
            d.insert(hash(&format!("http://h/{i}")), 0b01);
        }
        assert_eq!(d.counts, [DISTINCT_CAP as u64, 0]);
        assert_eq!(d.capped, [true, false]);
        // A hash already kept still counts for another resolver: no growth.
        d.insert(hash("http://h/0"), 0b10);
        assert_eq!(d.counts, [DISTINCT_CAP as u64, 1]);
        assert!(!d.capped[1]);
        // The table never grew past 2^20 slots.
        assert_eq!(d.seen.len(), DISTINCT_CAP);
        assert!(d.seen.capacity() < 1 << 20, "{}", d.seen.capacity());
    }
}
