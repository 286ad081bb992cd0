//! What the fuzz targets that run the `url` crate share: the cases where
//! the crate, built with debug assertions as the targets are, may abort.

use url_inspector::resolvers::rust_url::divergences;

/// Whether the `url` crate may abort on this case: with debug assertions
/// on (as the fuzz targets are built), the `url` crate aborts on a drive-letter-shaped segment
/// that a `..` should remove when it is not the path's first
/// (servo/rust-url#1114; found by the `resolvers` target with base `file::///C:` and
/// input `..`, pinned by `the_drive_letter_shape_after_a_dot_dot_is_named`
/// in src/resolvers/rust_url/divergences.rs). The app and the tests build the crate
/// without them (Cargo.toml) and the resolver notes the wrong answer, so
/// the targets leave out, broadly, every `file` case with a `..` segment
/// and a drive-letter shape anywhere in input or base. Both are read as the
/// parser reads them: leading and trailing C0 controls and spaces trimmed
/// (a base `file:x//C:\0` ends in the segment `C:`), tabs and newlines
/// removed.
pub fn url_crate_may_abort(input: &str, base: Option<&str>) -> bool {
    let clean = |s: &str| -> String {
        s.trim_matches(|c: char| c <= ' ')
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let input_clean = clean(input);
    let base_clean = base.map(clean).unwrap_or_default();
    let drive_shape = |s: &str| {
        s.split(['/', '\\', '?', '#'])
            .any(|seg| matches!(seg.as_bytes(), [l, b':' | b'|'] if l.is_ascii_alphabetic()))
    };
    (input_clean.contains("file") || base_clean.contains("file"))
        && divergences::has_dot_dot_segment(input)
        && (drive_shape(&input_clean) || drive_shape(&base_clean))
}
