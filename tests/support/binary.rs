//! The binary cargo built for these tests, for the tests that run it.

use std::process::Command;

/// A command for the `url-inspector` binary, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_url-inspector"))
}
