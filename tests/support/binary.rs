//! The binary under test, for the tests that run it.

use std::process::Command;

/// A command for the `url-inspector` binary, ready for arguments: the one
/// cargo built for these tests, or the one `URL_INSPECTOR_TEST_BIN` names.
/// CI's slow tier names a release build of the binary that way, so a debug
/// test harness drives an optimized binary without building every
/// dev-dependency in release as well.
pub fn bin() -> Command {
    match std::env::var_os("URL_INSPECTOR_TEST_BIN") {
        Some(path) => Command::new(path),
        None => Command::new(env!("CARGO_BIN_EXE_url-inspector")),
    }
}
