//! The one rule for where THIS-mode canonicalization is known not to be
//! idempotent, shared by `tests/properties.rs` and the `resolvers` fuzz
//! target (`fuzz/fuzz_targets/resolvers.rs`), so the two cannot drift apart.
//! The minimal counterexamples are pinned by
//! `known_counterexamples_behave_as_documented` in `tests/properties.rs`.

use url_inspector::engine::Outcome;

/// Why a canonical URL is known not to canonicalize to itself, if it is one
/// of the cases the spec's own steps leave unstable:
///
/// - canonicalization decodes the escapes of unreserved characters once, so
///   a path escape that such decoding *creates* (`%%34%31` → `%41`,
///   `%2%65` → `%2e`) is decoded (or taken as a dot-segment) next time;
/// - resolution decodes `%2F` and `%5C` in `file` paths, but not in a base
///   path that is merged or copied, so they can survive into the result and
///   become slashes next time;
/// - the path of a URL that is not hierarchical keeps its spaces as written,
///   so when nothing follows it (an empty reference drops the base's
///   fragment: `""` against `foo:a b #x` gives `foo:a b `) the serialization
///   ends in a space, which Preprocessing (step 4) trims next time. Found by
///   the `resolvers` fuzz target. (The URL Standard later added "strip
///   trailing spaces from an opaque path" for this; the 2012 spec has
///   nothing like it.)
///
/// A canonical URL with any of these patterns cannot be stable, so skipping
/// exactly these keeps the property meaningful for everything else.
pub fn known_unstable(out: &Outcome) -> Option<&'static str> {
    let url = &out.url;
    let path = url.path.as_deref().unwrap_or("").as_bytes();
    let escapes = || {
        path.windows(3).filter_map(|w| {
            let hex = |b: u8| char::from(b).to_digit(16);
            (w[0] == b'%')
                .then(|| Some(hex(w[1])? * 16 + hex(w[2])?))
                .flatten()
        })
    };
    let decoded_paths = url.hierarchical || url.scheme.as_deref() == Some("mailto");
    let unreserved =
        |b: u32| u8::try_from(b).is_ok_and(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b));
    if decoded_paths && escapes().any(unreserved) {
        return Some("an escape of an unreserved character made by decoding");
    }
    if url.scheme.as_deref() == Some("file") && escapes().any(|b| b == 0x2F || b == 0x5C) {
        return Some("%2F or %5C in a file path");
    }
    // Preprocessing, step 4 trims U+000B, U+000C and U+0020 at both ends.
    let trimmed = |c: char| matches!(c, '\u{B}' | '\u{C}' | ' ');
    if out.canon.as_deref().is_some_and(|c| c.ends_with(trimmed)) {
        return Some("a serialization ending in a space that preprocessing trims");
    }
    None
}
