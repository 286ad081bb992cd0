//! Reading the committed test data: a file's text, gunzipped when its name
//! ends in `.gz` (the oracle answers are committed compressed). Any
//! failure panics naming the file: a test cannot go on without its data.

use std::io::Read;
use std::path::Path;

/// The text of the file at `path`.
pub fn read_text(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    let fail = |e: &dyn std::fmt::Display| -> ! { panic!("{}: {e}", path.display()) };
    let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&e));
    if path.extension().is_some_and(|x| x == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap_or_else(|e| fail(&e));
        text
    } else {
        String::from_utf8(bytes).unwrap_or_else(|e| fail(&e))
    }
}
