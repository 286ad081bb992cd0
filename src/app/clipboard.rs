//! Copying text out of the app. The app talks to a [`Clipboard`] trait:
//! [`SystemClipboard`] puts text on the desktop clipboard, [`MemoryClipboard`]
//! keeps it where a test can read it.
//!
//! The Copy buttons and Ctrl+Shift+C use the same clipboard as Ctrl+C, Ctrl+X
//! and Ctrl+V in the text fields: eframe's (its `clipboard` feature), which
//! talks to the compositor through smithay-clipboard on Wayland and to the X
//! server through arboard on X11. One clipboard for the whole window means a
//! Copy button and a text field can never disagree about what was copied last,
//! and Wayland works without any extra protocol.

use std::sync::{Arc, Mutex};

/// Somewhere to copy text to.
pub trait Clipboard {
    /// Puts `text` on the clipboard, or says why it could not.
    fn set_text(&mut self, text: &str) -> Result<(), String>;
}

/// The desktop clipboard, reached through the window's egui context.
pub struct SystemClipboard {
    ctx: egui::Context,
}

impl SystemClipboard {
    /// The clipboard of the window that `ctx` draws.
    pub fn new(ctx: egui::Context) -> SystemClipboard {
        SystemClipboard { ctx }
    }
}

impl Clipboard for SystemClipboard {
    /// Hands the text to eframe, which puts it on the system clipboard at the
    /// end of this frame.
    ///
    /// Interpretation: eframe reports no failure back; where no system
    /// clipboard can be reached it keeps the text in an in-app clipboard (so
    /// Ctrl+V in the window still pastes it) and logs the reason. So this
    /// never fails; the status message names the byte count either way.
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        self.ctx.copy_text(text.to_owned());
        Ok(())
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
