//! Fewest surprises: results shortest first (of two as short, the one
//! with the plainer spelling of the target), and those with one effect
//! folded into one.
//!
//! Two results have one effect when they come from the same family and
//! each parser took its host at the same step in both: they are the same
//! trick, spelled differently. The shortest stands for the others and
//! counts them.

use std::collections::HashMap;

use super::Finding;

/// The results, sorted shortest first (in characters, then in text
/// order), one per effect.
pub fn fold(mut findings: Vec<Finding>) -> Vec<Finding> {
    sort(&mut findings);
    let mut index: HashMap<(&'static str, Vec<&'static str>), usize> = HashMap::new();
    let mut out: Vec<Finding> = Vec::new();
    for f in findings {
        let key = (f.family, f.parting.iter().map(|p| p.step).collect());
        match index.get(&key) {
            Some(&i) => out[i].others += 1 + f.others,
            None => {
                index.insert(key, out.len());
                out.push(f);
            }
        }
    }
    out
}

/// Shortest first, then the plainer spelling of the target, then in text
/// order, so that a run's output does not depend on the order the search
/// found things in.
pub fn sort(findings: &mut [Finding]) {
    let key = |f: &Finding| {
        (
            f.input.chars().count(),
            f.rank,
            f.input.clone(),
            f.base.clone(),
        )
    };
    findings.sort_by_cached_key(key);
}
