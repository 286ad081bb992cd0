//! Copying text out of the app. The app talks to a [`Clipboard`] trait:
//! [`SystemClipboard`] puts text on the desktop clipboard through `arboard`,
//! [`MemoryClipboard`] keeps it where a test can read it.
//!
//! A machine without a clipboard (no X server, a bare CI box) is normal, not
//! an error to crash on: every failure comes back as a message for the
//! status bar.

use std::sync::{Arc, Mutex};

/// Somewhere to copy text to.
pub trait Clipboard {
    /// Puts `text` on the clipboard, or says why it could not.
    fn set_text(&mut self, text: &str) -> Result<(), String>;
}

/// The desktop clipboard. Opened on first use, so an app that never copies
/// never touches the display's clipboard.
#[derive(Default)]
pub struct SystemClipboard {
    inner: Option<arboard::Clipboard>,
}

impl Clipboard for SystemClipboard {
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        if self.inner.is_none() {
            let opened = arboard::Clipboard::new()
                .map_err(|e| format!("no clipboard is available ({e})"))?;
            self.inner = Some(opened);
        }
        let Some(clipboard) = self.inner.as_mut() else {
            return Err("no clipboard is available".to_owned());
        };
        clipboard.set_text(text.to_owned()).map_err(|e| {
            // A broken connection may recover when reopened next time.
            self.inner = None;
            format!("the clipboard refused the text ({e})")
        })
    }
}

/// A clipboard in memory whose contents can be read back through any clone:
/// the tests' clipboard.
#[derive(Clone, Default)]
pub struct MemoryClipboard {
    contents: Arc<Mutex<Option<String>>>,
    /// When set, every copy fails with this message (to test the status).
    pub fail_with: Option<String>,
}

impl MemoryClipboard {
    /// A clipboard on which every copy fails with `message`.
    pub fn failing(message: &str) -> MemoryClipboard {
        MemoryClipboard {
            fail_with: Some(message.to_owned()),
            ..MemoryClipboard::default()
        }
    }

    /// What was copied last.
    pub fn contents(&self) -> Option<String> {
        self.contents.lock().map(|c| c.clone()).unwrap_or(None)
    }
}

impl Clipboard for MemoryClipboard {
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        if let Some(message) = &self.fail_with {
            return Err(message.clone());
        }
        let mut contents = self
            .contents
            .lock()
            .map_err(|_| "the clipboard is broken".to_owned())?;
        *contents = Some(text.to_owned());
        Ok(())
    }
}
