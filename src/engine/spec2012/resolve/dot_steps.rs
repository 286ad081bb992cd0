//! Remove dot-segments (RFC 3986 section 5.2.4, as the spec adapts it), one
//! recorded step per turn of the RFC's loop, the way the RFC's own example
//! table shows it: which rule applied, then the output and input buffers.
//!
//! Only traced runs come here, and only for a path that the fast
//! [`remove_dot_segments`](super::remove_dot_segments) changes, so untraced
//! runs never pay for it. Each step's `before`/`after` is the whole path as
//! it stands (the output buffer followed by the input buffer), so the steps
//! chain like every other change of the path, the last `after` is the
//! cleaned path, and the diff of a step is exactly what its rule did (rule E
//! only moves text between the buffers, so its diff is empty and its
//! buffers show the move). [`Step::buffers`] splits a value back into the two
//! buffers.
//!
//! Where the spec differs from the RFC, the steps say so: backslashes become
//! slashes first (a step of its own), and a segment written with `%2E` is a
//! dot-segment (the rule's decision names it).

use crate::engine::chars::dot_segment;
use crate::engine::model::Component;
use crate::engine::trace::{Step, StepId};

/// How many bytes of `before`/`after` text the per-turn steps of one path
/// may hold. A path of teaching size fits many times over; a path of a
/// megabyte gets its first turns and then one [`StepId::DotsRest`] step, so
/// a trace never grows with the square of the input.
pub const STEP_TEXT_BUDGET: usize = 1 << 20;

/// The rules of RFC 3986 5.2.4 step 2.
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
            Rule::A => StepId::DotsRuleA,
            Rule::B => StepId::DotsRuleB,
            Rule::C => StepId::DotsRuleC,
            Rule::D => StepId::DotsRuleD,
            Rule::E => StepId::DotsRuleE,
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

/// One turn of the loop: the rule that applied, the text at the start of
/// the input buffer it applied to (`"/./"`, `"/.."`, `"../"`, `"/a"`, ...),
/// and (rule C) what left the output buffer.
struct Turn<'a> {
    rule: Rule,
    taken: &'a str,
    removed: String,
}

/// Applies the first rule that fits to the buffers (RFC 3986 5.2.4, step 2).
///
/// The input buffer is always a suffix of the path or the one-character
/// string "/" that rules B and C leave when their segment ends the path, so
/// it can be a `&str` and each turn costs no copy of it.
fn turn<'a>(input: &mut &'a str, output: &mut String) -> Turn<'a> {
    let s: &'a str = input;
    let mut removed = String::new();
    let (rule, taken_len) = if let Some(tail) = s.strip_prefix('/') {
        let seg_len = tail.find('/').unwrap_or(tail.len());
        let followed_by_slash = seg_len < tail.len();
        match dot_segment(&tail[..seg_len]) {
            0 => {
                // Rule E: "/segment" moves to the output.
                output.push_str(&s[..1 + seg_len]);
                *input = &s[1 + seg_len..];
                (Rule::E, 1 + seg_len)
            }
            dots => {
                if dots == 2 {
                    // Rule C: the output also loses its last segment, with
                    // the slash before it.
                    let cut = output.rfind('/').unwrap_or(0);
                    removed = output.split_off(cut);
                }
                // Rules B and C: "/./" or a final "/." becomes "/" (and
                // the same for "..").
                let rule = if dots == 2 { Rule::C } else { Rule::B };
                if followed_by_slash {
                    *input = &s[1 + seg_len..];
                    (rule, 2 + seg_len)
                } else {
                    *input = "/";
                    (rule, s.len())
                }
            }
        }
    } else {
        let seg_len = s.find('/').unwrap_or(s.len());
        if dot_segment(&s[..seg_len]) == 0 {
            // Rule E for a first segment without a slash.
            output.push_str(&s[..seg_len]);
            *input = &s[seg_len..];
            (Rule::E, seg_len)
        } else if seg_len < s.len() {
            // Rule A: a leading "./" or "../".
            *input = &s[seg_len + 1..];
            (Rule::A, seg_len + 1)
        } else {
            // Rule D: the input is only "." or "..".
            *input = "";
            (Rule::D, s.len())
        }
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
    let at_end = !taken.ends_with('/');
    let mut text = match t.rule {
        Rule::A => format!("{taken:?} at the start of the input buffer is dropped"),
        Rule::B | Rule::C if at_end => format!("{taken:?} at the end becomes \"/\""),
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
    if t.rule != Rule::E && taken.contains('%') {
        text.push_str(" (the spec reads %2E as '.', which makes this a dot-segment)");
    }
    text
}

/// The steps of remove dot-segments on `path` and the cleaned path: the
/// backslash step if any, the start (RFC step 1), one step per turn of the
/// loop while [`STEP_TEXT_BUDGET`] lasts, then one step for the rest.
pub fn dot_segment_steps(path: &str) -> (Vec<Step>, String) {
    let mut steps = Vec::new();
    let slashed;
    let mut input: &str = path;
    if path.contains('\\') {
        slashed = path.replace('\\', "/");
        let n = path.matches('\\').count();
        steps.push(
            Step::change(
                StepId::DotsBackslash,
                Component::Path,
                Some(path),
                Some(&slashed),
            )
            .decide(match n {
                1 => "the backslash becomes '/'".to_owned(),
                _ => format!("{n} backslashes become '/'"),
            }),
        );
        input = &slashed;
    }
    // RFC 3986 5.2.4, step 1.
    steps.push(
        Step::change(
            StepId::RemoveDots,
            Component::Path,
            Some(input),
            Some(input),
        )
        .with_buffers(0)
        .decide("the loop starts with the whole path in the input buffer"),
    );
    let mut budget = STEP_TEXT_BUDGET.saturating_sub(2 * input.len());
    let mut now = input.to_owned();
    let mut output = String::with_capacity(input.len());
    // Turns left unrecorded once the budget is spent, counted per rule.
    let mut unrecorded = [0usize; 5];
    // RFC 3986 5.2.4, step 2.
    while !input.is_empty() {
        let t = turn(&mut input, &mut output);
        let size = now.len() + output.len() + input.len();
        if unrecorded.iter().sum::<usize>() == 0 && size <= budget {
            budget -= size;
            let after = format!("{output}{input}");
            steps.push(
                Step::change(t.rule.id(), Component::Path, Some(&now), Some(&after))
                    .with_buffers(output.len())
                    .decide(describe(&t)),
            );
            now = after;
        } else {
            unrecorded[t.rule as usize] += 1;
        }
    }
    // RFC 3986 5.2.4, step 3: the output buffer is the result.
    let turns: usize = unrecorded.iter().sum();
    if turns > 0 {
        let counts: Vec<String> = Rule::ALL
            .iter()
            .filter(|r| unrecorded[**r as usize] > 0)
            .map(|r| format!("{} ×{}", r.letter(), unrecorded[*r as usize]))
            .collect();
        steps.push(
            Step::change(StepId::DotsRest, Component::Path, Some(&now), Some(&output))
                .with_buffers(output.len())
                .decide(format!(
                    "{turns} more turns of the loop, too long to record one by one: rule {}",
                    counts.join(", ")
                )),
        );
    }
    (steps, output)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::resolve::remove_dot_segments;

    /// (rule id, output buffer, input buffer) of each turn.
    fn turns(path: &str) -> Vec<(&'static str, String, String)> {
        let (steps, _) = dot_segment_steps(path);
        steps
            .iter()
            .filter(|s| s.id.id().len() == "resolve.dots.x".len())
            .map(|s| {
                let (out, inp) = s.buffers().expect("every turn has buffers");
                (s.id.id(), out.to_owned(), inp.to_owned())
            })
            .collect()
    }

    fn rows(rows: &[(&'static str, &str, &str)]) -> Vec<(&'static str, String, String)> {
        rows.iter()
            .map(|(id, o, i)| (*id, (*o).to_owned(), (*i).to_owned()))
            .collect()
    }

    /// RFC 3986 5.2.4's first example table, row by row.
    #[test]
    fn rfc_3986_example_rule_by_rule() {
        assert_eq!(
            turns("/a/b/c/./../../g"),
            rows(&[
                ("resolve.dots.e", "/a", "/b/c/./../../g"),
                ("resolve.dots.e", "/a/b", "/c/./../../g"),
                ("resolve.dots.e", "/a/b/c", "/./../../g"),
                ("resolve.dots.b", "/a/b/c", "/../../g"),
                ("resolve.dots.c", "/a/b", "/../g"),
                ("resolve.dots.c", "/a", "/g"),
                ("resolve.dots.e", "/a/g", ""),
            ])
        );
        // The RFC's second table: a path without a leading slash.
        assert_eq!(
            turns("mid/content=5/../6"),
            rows(&[
                ("resolve.dots.e", "mid", "/content=5/../6"),
                ("resolve.dots.e", "mid/content=5", "/../6"),
                ("resolve.dots.c", "mid", "/6"),
                ("resolve.dots.e", "mid/6", ""),
            ])
        );
    }

    #[test]
    fn the_start_and_the_chain_of_values() {
        let (steps, out) = dot_segment_steps("/a/b/c/./../../g");
        assert_eq!(out, "/a/g");
        assert_eq!(steps[0].id, StepId::RemoveDots);
        assert_eq!(steps[0].buffers(), Some(("", "/a/b/c/./../../g")));
        for pair in steps.windows(2) {
            assert_eq!(pair[1].before, pair[0].after, "{:?}", pair[1].id);
        }
        assert_eq!(steps.last().and_then(|s| s.after.as_deref()), Some("/a/g"));
        // Rule B's value loses exactly its "/.", rule C's the segment and "/..".
        let b = &steps[4];
        assert_eq!(b.before.as_deref(), Some("/a/b/c/./../../g"));
        assert_eq!(b.after.as_deref(), Some("/a/b/c/../../g"));
        assert_eq!(b.decision.as_deref(), Some("\"/./\" becomes \"/\""));
        let c = &steps[5];
        assert_eq!(c.after.as_deref(), Some("/a/b/../g"));
        assert_eq!(
            c.decision.as_deref(),
            Some("\"/../\" becomes \"/\", and \"/c\" leaves the output buffer")
        );
    }

    #[test]
    fn endings_and_leading_dots_take_the_rfc_turns() {
        // "/.." at the end leaves "/" in the input, which rule E then moves.
        assert_eq!(
            turns("/a/b/.."),
            rows(&[
                ("resolve.dots.e", "/a", "/b/.."),
                ("resolve.dots.e", "/a/b", "/.."),
                ("resolve.dots.c", "/a", "/"),
                ("resolve.dots.e", "/a/", ""),
            ])
        );
        assert_eq!(
            turns("./../x/."),
            rows(&[
                ("resolve.dots.a", "", "../x/."),
                ("resolve.dots.a", "", "x/."),
                ("resolve.dots.e", "x", "/."),
                ("resolve.dots.b", "x", "/"),
                ("resolve.dots.e", "x/", ""),
            ])
        );
        assert_eq!(turns(".."), rows(&[("resolve.dots.d", "", "")]));
    }

    #[test]
    fn the_spec_changes_are_named() {
        let (steps, out) = dot_segment_steps("\\a\\%2e%2E\\b");
        assert_eq!(out, "/b");
        assert_eq!(steps[0].id, StepId::DotsBackslash);
        assert_eq!(steps[0].after.as_deref(), Some("/a/%2e%2E/b"));
        let c = steps
            .iter()
            .find(|s| s.id == StepId::DotsRuleC)
            .expect("rule C");
        let why = c.decision.as_deref().unwrap_or("");
        assert!(why.contains("reads %2E as '.'"), "{why}");
        assert!(why.contains("\"/%2e%2E/\""), "{why}");
    }

    #[test]
    fn a_long_path_ends_in_one_step_for_the_rest() {
        let path = "/a/./b/..".repeat(2_000);
        let (steps, out) = dot_segment_steps(&path);
        assert_eq!(out, remove_dot_segments(&path));
        let rest = steps.last().expect("steps");
        assert_eq!(rest.id, StepId::DotsRest);
        assert_eq!(rest.after.as_deref(), Some(out.as_str()));
        let text: usize = steps
            .iter()
            .map(|s| {
                s.before.as_ref().map_or(0, String::len) + s.after.as_ref().map_or(0, String::len)
            })
            .sum();
        // The start step holds the path twice; the turns stay in budget.
        assert!(text <= STEP_TEXT_BUDGET + 4 * path.len(), "{text}");
        assert!(steps.len() > 10, "the first turns are still recorded");
        for pair in steps.windows(2) {
            assert_eq!(pair[1].before, pair[0].after);
        }
    }
}
