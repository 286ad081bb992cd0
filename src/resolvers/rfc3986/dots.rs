//! RFC 3986 5.2.4, remove_dot_segments, exactly as written: the input and
//! output buffers and rules A to E, on the literal segments `.` and `..`
//! only. A percent-encoded dot (`%2E`) is an ordinary character here; only
//! normalization (6.2.2.2) may decode it, and only after resolution.
//!
//! Traced, each turn of the loop is one step whose `after` is the output
//! buffer followed by the input buffer ([`Step::with_buffers`]), as the
//! RFC's own example table shows them. A path too long to record turn by
//! turn gets its first turns and then one step for the rest, so a trace
//! never grows with the square of the input.

use crate::engine::{Component, Step, StepId, Tracer};

/// How many bytes of `before`/`after` text the per-turn steps of one path
/// may hold.
const STEP_TEXT_BUDGET: usize = 1 << 20;

/// The rules of RFC 3986 5.2.4, step 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    A,
    B,
    C,
    D,
    E,
}

impl Rule {
    const ALL: [Rule; 5] = [Rule::A, Rule::B, Rule::C, Rule::D, Rule::E];

    fn id(self) -> StepId {
        match self {
            Rule::A => StepId::Rfc3986DotsA,
            Rule::B => StepId::Rfc3986DotsB,
            Rule::C => StepId::Rfc3986DotsC,
            Rule::D => StepId::Rfc3986DotsD,
            Rule::E => StepId::Rfc3986DotsE,
        }
    }

    fn letter(self) -> char {
        match self {
            Rule::A => 'A',
            Rule::B => 'B',
            Rule::C => 'C',
            Rule::D => 'D',
            Rule::E => 'E',
        }
    }
}

/// One turn of the loop: the rule, the text at the start of the input
/// buffer it applied to, and (rule C) what left the output buffer.
struct Turn<'a> {
    rule: Rule,
    taken: &'a str,
    removed: String,
}

/// Applies the first rule of RFC 3986 5.2.4 step 2 that fits. The input
/// buffer is a suffix of the path or the `"/"` that rules B and C leave at
/// the end, so it is a `&str` and a turn copies nothing of it.
fn turn<'a>(input: &mut &'a str, output: &mut String) -> Turn<'a> {
    let s: &'a str = input;
    let mut removed = String::new();
    let (rule, taken_len) =
        if let Some(rest) = s.strip_prefix("../").or_else(|| s.strip_prefix("./")) {
            // Rule A: a leading "../" or "./" is dropped.
            *input = rest;
            (Rule::A, s.len() - rest.len())
        } else if let Some(tail) = s.strip_prefix('/') {
            let seg_len = tail.find('/').unwrap_or(tail.len());
            let segment = &tail[..seg_len];
            let followed_by_slash = seg_len < tail.len();
            if segment == "." || segment == ".." {
                if segment == ".." {
                    // Rule C: the output buffer also loses its last segment
                    // and the '/' before it, if any.
                    let cut = output.rfind('/').unwrap_or(0);
                    removed = output.split_off(cut);
                }
                let rule = if segment == ".." { Rule::C } else { Rule::B };
                // Rules B and C: "/./" and "/../" become "/", and so do "/."
                // and "/.." at the end.
                if followed_by_slash {
                    *input = &tail[seg_len..];
                    (rule, 2 + seg_len)
                } else {
                    *input = "/";
                    (rule, s.len())
                }
            } else {
                // Rule E: "/segment" moves to the output buffer.
                output.push_str(&s[..1 + seg_len]);
                *input = &tail[seg_len..];
                (Rule::E, 1 + seg_len)
            }
        } else if s == "." || s == ".." {
            // Rule D: the input buffer is only "." or "..".
            *input = "";
            (Rule::D, s.len())
        } else {
            // Rule E for a first segment with no '/' before it.
            let seg_len = s.find('/').unwrap_or(s.len());
            output.push_str(&s[..seg_len]);
            *input = &s[seg_len..];
            (Rule::E, seg_len)
        };
    Turn {
        rule,
        taken: &s[..taken_len],
        removed,
    }
}

/// What a turn did, in words.
fn describe(t: &Turn<'_>) -> String {
    let taken = t.taken;
    let mut text = match t.rule {
        Rule::A => format!("{taken:?} at the start of the input buffer is dropped"),
        Rule::B | Rule::C if !taken.ends_with('/') => {
            format!("{taken:?} at the end becomes \"/\"")
        }
        Rule::B | Rule::C => format!("{taken:?} becomes \"/\""),
        Rule::D => format!("the input buffer is only {taken:?}: it is dropped"),
        Rule::E => format!("{taken:?} moves to the output buffer"),
    };
    if t.rule == Rule::C {
        if t.removed.is_empty() {
            text.push_str("; the output buffer is empty, so nothing else goes");
        } else {
            text.push_str(&format!(", and {:?} leaves the output buffer", t.removed));
        }
    }
    if t.rule == Rule::E && t.taken.contains('%') {
        text.push_str(" (a percent-encoded dot is no dot-segment in resolution)");
    }
    text
}

/// RFC 3986 5.2.4 on `path`, each turn recorded on `tr`.
pub fn remove_dot_segments<T: Tracer>(path: &str, tr: &mut T) -> String {
    // Step 1: the path in the input buffer, the output buffer empty.
    let mut input: &str = path;
    let mut output = String::with_capacity(path.len());
    tr.record(|| {
        Step::change(StepId::Rfc3986Dots, Component::Path, Some(path), Some(path))
            .with_buffers(0)
            .decide("the loop starts with the whole path in the input buffer")
    });
    let mut budget = STEP_TEXT_BUDGET.saturating_sub(2 * path.len());
    let mut now = if T::ON {
        path.to_owned()
    } else {
        String::new()
    };
    // Turns left unrecorded once the budget is spent, counted per rule.
    let mut unrecorded = [0usize; 5];
    // Step 2: until the input buffer is empty.
    while !input.is_empty() {
        let t = turn(&mut input, &mut output);
        if !T::ON {
            continue;
        }
        let size = now.len() + output.len() + input.len();
        if unrecorded.iter().sum::<usize>() == 0 && size <= budget {
            budget -= size;
            let after = format!("{output}{input}");
            tr.record(|| {
                Step::change(t.rule.id(), Component::Path, Some(&now), Some(&after))
                    .with_buffers(output.len())
                    .decide(describe(&t))
            });
            now = after;
        } else {
            unrecorded[t.rule as usize] += 1;
        }
    }
    // Step 3: the output buffer is the result.
    let turns: usize = unrecorded.iter().sum();
    if turns > 0 {
        let counts: Vec<String> = Rule::ALL
            .iter()
            .filter(|r| unrecorded[**r as usize] > 0)
            .map(|r| format!("{} ×{}", r.letter(), unrecorded[*r as usize]))
            .collect();
        tr.record(|| {
            Step::change(
                StepId::Rfc3986DotsRest,
                Component::Path,
                Some(&now),
                Some(&output),
            )
            .with_buffers(output.len())
            .decide(format!(
                "{turns} more turns of the loop, too long to record one by one: rule {}",
                counts.join(", ")
            ))
        });
    }
    output
}

/// Whether `path` holds a literal dot-segment, so that 5.2.4 could change it.
pub fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, Trace};

    fn rds(path: &str) -> String {
        remove_dot_segments(path, &mut NoTrace)
    }

    /// (rule id, output buffer, input buffer) of each turn.
    fn turns(path: &str) -> Vec<(&'static str, String, String)> {
        let mut trace = Trace::default();
        remove_dot_segments(path, &mut trace);
        trace
            .steps
            .iter()
            .skip(1)
            .map(|s| {
                let (out, inp) = s.buffers().expect("every turn has buffers");
                (s.id.id(), out.to_owned(), inp.to_owned())
            })
            .collect()
    }

    #[test]
    fn rfc_5_2_4_first_example_turn_by_turn() {
        let expected = [
            ("rfc3986.5.2.4.e", "/a", "/b/c/./../../g"),
            ("rfc3986.5.2.4.e", "/a/b", "/c/./../../g"),
            ("rfc3986.5.2.4.e", "/a/b/c", "/./../../g"),
            ("rfc3986.5.2.4.b", "/a/b/c", "/../../g"),
            ("rfc3986.5.2.4.c", "/a/b", "/../g"),
            ("rfc3986.5.2.4.c", "/a", "/g"),
            ("rfc3986.5.2.4.e", "/a/g", ""),
        ];
        let expected: Vec<_> = expected
            .iter()
            .map(|(id, o, i)| (*id, (*o).to_owned(), (*i).to_owned()))
            .collect();
        assert_eq!(turns("/a/b/c/./../../g"), expected);
    }

    #[test]
    fn rfc_5_2_4_second_example() {
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn only_literal_dots_are_dot_segments() {
        assert_eq!(rds("/b/c/%2e%2E/"), "/b/c/%2e%2E/");
        assert_eq!(rds("/b/%2E/./c"), "/b/%2E/c");
        assert_eq!(rds("/.../..a/a../"), "/.../..a/a../");
    }

    #[test]
    fn rootless_paths_lose_their_dot_segments_too() {
        assert_eq!(rds("a/b/../c"), "a/c");
        assert_eq!(rds("a/../b"), "/b");
        assert_eq!(rds("../g"), "g");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("./"), "");
        assert_eq!(rds("/.."), "/");
    }

    #[test]
    fn a_long_path_ends_with_one_step_for_the_rest() {
        let path = "/a".repeat(STEP_TEXT_BUDGET / 4) + "/..";
        let mut trace = Trace::default();
        let out = remove_dot_segments(&path, &mut trace);
        assert_eq!(out, rds(&path));
        let last = trace.steps.last().expect("steps");
        assert_eq!(last.id, StepId::Rfc3986DotsRest);
        assert_eq!(last.after.as_deref(), Some(out.as_str()));
        let text: usize = trace
            .steps
            .iter()
            .map(|s| s.before.as_ref().map_or(0, String::len))
            .sum();
        assert!(text <= 2 * STEP_TEXT_BUDGET, "{text}");
    }
}
