//! Reading a file that may never end (a FIFO, a character device) as a
//! stream the user can cancel: the read never blocks for long, so the
//! pipeline's reader thread sees the cancel and ends.
//!
//! A regular file is read as usual (its reads do not block). Anything else is
//! opened non-blocking: a read with nothing to give waits a little and asks
//! again, checking the cancel switch in between.
//!
//! Interpretation: a FIFO that no writer has opened yet reads as empty, the
//! same as one whose writer has closed. Until the first byte arrives, empty
//! means "not yet" (the user may start the writer after opening the FIFO
//! here); after it, empty is the end of the input. A writer that opens and
//! closes without writing leaves the table waiting, until Cancel.

use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::table::Control;

/// How long a read with nothing to give waits before asking again.
const POLL: Duration = Duration::from_millis(20);

/// A file read until its end or until the run is cancelled.
pub struct CancellableFile {
    file: File,
    control: Arc<Control>,
    /// Whether the file may block (not a regular file).
    stream: bool,
    seen_data: bool,
}

/// What was opened: the reader and the file's size when it is a regular file.
pub fn open(path: &Path, control: Arc<Control>) -> io::Result<(CancellableFile, Option<u64>)> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(io::Error::other("it is a folder, not a file"));
    }
    let stream = !meta.is_file();
    let file = if stream {
        open_non_blocking(path)?
    } else {
        File::open(path)?
    };
    let size = (!stream).then_some(meta.len());
    let reader = CancellableFile {
        file,
        control,
        stream,
        seen_data: false,
    };
    Ok((reader, size))
}

#[cfg(unix)]
fn open_non_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK, which std does not name: Linux's value on every common
    // architecture, and the BSDs' and macOS's.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const O_NONBLOCK: i32 = 0o4000;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const O_NONBLOCK: i32 = 0x0004;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_non_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

impl Read for CancellableFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.control.is_cancelled() {
                // The end of the input: the run stops as a cancelled one,
                // keeping the rows it has.
                return Ok(0);
            }
            match self.file.read(buf) {
                Ok(0) if self.stream && !self.seen_data && !buf.is_empty() => {
                    std::thread::sleep(POLL);
                }
                Ok(n) => {
                    self.seen_data |= n > 0;
                    return Ok(n);
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => std::thread::sleep(POLL),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}
