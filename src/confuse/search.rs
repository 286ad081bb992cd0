//! The search past the families: small changes to candidates at the
//! places where the two parsers took their hosts.
//!
//! Where the traces part is, in the input, where each parser's host
//! begins and ends: a parser that ends the host one character early or
//! late is the confusion. So the search takes a candidate on which the
//! two parsers already disagree (or one that nearly got through), picks a
//! position next to where the allowed host or the target's spelling
//! begins or ends, or next to a delimiter of the authority, and inserts
//! one or two pieces there or replaces the character there. The pieces
//! come from the classes that the parsers' steps turn on: delimiters,
//! whitespace and controls, characters IDNA maps to delimiters, and
//! percent-encoded delimiters. (This is the reading of "where the traces
//! part" that an input position can be given for: a trace's step names a
//! rule, not always a position.)
//!
//! Every choice comes from [`Rng`], a SplitMix64 generator seeded by the
//! caller, so one seed gives one sequence of candidates on any machine.

/// The pieces the search inserts, by class.
pub const CLASSES: [(&str, &[&str]); 4] = [
    (
        "delimiter",
        &["@", "\\", "/", ":", "#", "?", ";", ".", "[", "]", "%"],
    ),
    (
        "whitespace",
        &["\t", "\n", "\r", " ", "\u{0}", "\u{b}", "\u{c}", "\u{a0}"],
    ),
    (
        "IDNA look-alike",
        &[
            "\u{3002}", "\u{ff0e}", "\u{ff20}", "\u{ff0f}", "\u{ff3c}", "\u{ff03}", "\u{ff1f}",
            "\u{fe6b}", "\u{ad}", "\u{200b}",
        ],
    ),
    (
        "percent-encoded",
        &[
            "%40", "%2f", "%5c", "%23", "%3f", "%2e", "%00", "%0a", "%09", "%25",
        ],
    ),
];

/// SplitMix64: small, fast and the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The positions (byte offsets, on character boundaries) worth changing
/// in `input`: either side of each occurrence of `allowed` and `target`,
/// and either side of each delimiter before the path.
pub fn positions(input: &str, allowed: &str, target: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for needle in [allowed, target] {
        if needle.is_empty() {
            continue;
        }
        for (start, _) in input.match_indices(needle) {
            out.push(start);
            out.push(start + needle.len());
        }
    }
    for (i, c) in input.char_indices().take(160) {
        if matches!(
            c,
            '@' | '\\' | '/' | ':' | '#' | '?' | '.' | '%' | '[' | ']'
        ) {
            out.push(i);
            out.push(i + c.len_utf8());
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// One change to `input`: the new input and what was done, in words.
pub fn mutate(rng: &mut Rng, input: &str, allowed: &str, target: &str) -> (String, String) {
    let places = positions(input, allowed, target);
    let at = if places.is_empty() {
        input.len()
    } else {
        *rng.pick(&places)
    };
    let (class, pieces) = *rng.pick(&CLASSES);
    let piece = *rng.pick(pieces);
    let mut out = String::with_capacity(input.len() + 8);
    out.push_str(&input[..at]);
    let what = match rng.below(3) {
        // Insert one piece.
        0 => {
            out.push_str(piece);
            out.push_str(&input[at..]);
            format!("inserted {piece:?} ({class}) at {at}")
        }
        // Insert two: this piece and another of any class.
        1 => {
            let (_, others) = *rng.pick(&CLASSES);
            let other = *rng.pick(others);
            out.push_str(piece);
            out.push_str(other);
            out.push_str(&input[at..]);
            format!("inserted {piece:?}{other:?} at {at}")
        }
        // Replace the character at the position.
        _ => {
            out.push_str(piece);
            let rest = &input[at..];
            let skip = rest.chars().next().map_or(0, char::len_utf8);
            out.push_str(&rest[skip..]);
            format!("replaced the character at {at} with {piece:?} ({class})")
        }
    };
    (out, what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_gives_one_sequence() {
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| {
                    mutate(
                        &mut rng,
                        "http://good.com\\@127.0.0.1/",
                        "good.com",
                        "127.0.0.1",
                    )
                    .0
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn mutations_stay_on_character_boundaries() {
        let mut rng = Rng::new(1);
        let input = "http://ｇｏｏｄ.com\u{3002}evil.com/é";
        // Slicing off a boundary would panic; a change replaces at most one
        // character, with a piece at least as long.
        for _ in 0..2000 {
            let (out, what) = mutate(&mut rng, input, "ｇｏｏｄ.com", "evil.com");
            assert!(
                out.chars().count() >= input.chars().count(),
                "{what}: {out:?}"
            );
        }
    }

    #[test]
    fn positions_are_next_to_the_hosts_and_the_delimiters() {
        let p = positions("http://a.b@c/", "a.b", "c");
        assert!(p.contains(&7) && p.contains(&10) && p.contains(&11) && p.contains(&12));
    }
}
