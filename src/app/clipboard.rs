//! Copying text out of the app. The app talks to a [`Clipboard`] trait:
//! [`SystemClipboard`] puts text on the desktop clipboard, [`MemoryClipboard`]
//! keeps it where a test can read it.
//!
//! The Copy buttons and Ctrl+Shift+C go through arboard, which says when it
//! fails, so a missing clipboard is told in the status bar ([`no_clipboard`])
//! rather than hidden. Ctrl+C, Ctrl+X and Ctrl+V in the text fields stay
//! eframe's (its `clipboard` feature). Both end at the same system clipboard:
//! eframe's X11 clipboard is arboard too (one connection, shared inside
//! arboard), and on Wayland arboard uses the data-control protocol (its
//! `wayland-data-control` feature, which eframe's `wayland` feature turns on)
//! and falls back to X11 through XWayland where the compositor lacks it.

use std::sync::{Arc, Mutex};

/// Somewhere to copy text to.
pub trait Clipboard {
    /// Puts `text` on the clipboard, or says why it could not.
    fn set_text(&mut self, text: &str) -> Result<(), String>;

    /// The text on the clipboard, if it can be read.
    fn get_text(&mut self) -> Option<String> {
        None
    }
}

/// Gives back the carriage returns of a paste. eframe hands a paste on with
/// every CR LF turned into LF; a URL field must hold exactly what was
/// copied, so a paste that has lost them is replaced by the clipboard's
/// text when that text, so changed, is the paste.
pub fn restore_carriage_returns(ctx: &egui::Context, clipboard: &mut dyn Clipboard) {
    let has_line_feed = ctx.input(|i| {
        i.events
            .iter()
            .any(|e| matches!(e, egui::Event::Paste(t) if t.contains('\n')))
    });
    if !has_line_feed {
        return;
    }
    let Some(copied) = clipboard.get_text().filter(|t| t.contains("\r\n")) else {
        return;
    };
    let as_pasted = copied.replace("\r\n", "\n");
    ctx.input_mut(|i| {
        for event in &mut i.events {
            if let egui::Event::Paste(text) = event
                && *text == as_pasted
            {
                text.clone_from(&copied);
            }
        }
    });
}

/// The reason a copy failed, as the status bar shows it: "no clipboard",
/// then why in a few words (arboard's own, up to the end of its first
/// sentence, so the status bar's one line holds it).
pub fn no_clipboard(error: &arboard::Error) -> String {
    let why = match error {
        arboard::Error::ClipboardNotSupported => "not supported on this desktop".to_owned(),
        arboard::Error::ClipboardOccupied => "another program holds it".to_owned(),
        arboard::Error::Unknown { description } => first_sentence(description),
        other => first_sentence(&other.to_string()),
    };
    format!("no clipboard ({why})")
}

/// `text` up to its first full stop, without it.
fn first_sentence(text: &str) -> String {
    let end = text.find(". ").unwrap_or(text.len());
    text[..end].trim_end_matches('.').to_owned()
}

/// The desktop clipboard, through arboard.
pub struct SystemClipboard {
    ctx: egui::Context,
    /// Connected at the first copy, and again after a failure (a clipboard
    /// that was missing may be there by the next copy).
    board: Option<arboard::Clipboard>,
}

impl SystemClipboard {
    /// The clipboard of the window that `ctx` draws (nothing is connected
    /// until the first copy).
    pub fn new(ctx: egui::Context) -> SystemClipboard {
        SystemClipboard { ctx, board: None }
    }

    fn try_set(&mut self, text: &str) -> Result<(), arboard::Error> {
        let board = match &mut self.board {
            Some(board) => board,
            None => self.board.insert(arboard::Clipboard::new()?),
        };
        board.set_text(text)
    }
}

impl Clipboard for SystemClipboard {
    /// Puts the text on the system clipboard through arboard. The
    /// arboard clipboard is kept while the app runs: on X11 the text is
    /// served from it, and is gone when it is dropped.
    ///
    /// Interpretation: when arboard fails, the text is still handed to
    /// eframe's clipboard (a paste inside the window may then work, and on
    /// Wayland without data-control eframe reaches the compositor through
    /// smithay-clipboard), but as that cannot be confirmed the copy is
    /// reported as failed, and the value stays on screen to select.
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        self.try_set(text).map_err(|e| {
            self.board = None;
            self.ctx.copy_text(text.to_owned());
            no_clipboard(&e)
        })
    }

    fn get_text(&mut self) -> Option<String> {
        let board = match &mut self.board {
            Some(board) => board,
            None => self.board.insert(arboard::Clipboard::new().ok()?),
        };
        board.get_text().ok()
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

    fn get_text(&mut self) -> Option<String> {
        self.contents()
    }
}
