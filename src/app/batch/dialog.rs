//! The desktop's file dialogs (through `rfd`), open without freezing the
//! window: each runs as a [`Task`] of its own, and the view polls for the
//! path chosen.
//!
//! Where the desktop offers no dialog (no portal, no zenity), `rfd` gives
//! no file at once. An answer faster than [`NO_DIALOG`] is taken to mean
//! that, so the view can point at its path field, which is always there.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::runner::{Progress, Task};

/// A dialog that answers faster than this showed nothing to choose from.
pub const NO_DIALOG: Duration = Duration::from_millis(700);

/// How a dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The user chose this path.
    Chosen(PathBuf),
    /// The user closed the dialog without choosing.
    NoneChosen,
    /// No dialog could be shown (it answered at once, with nothing).
    Unavailable,
}

/// An open dialog.
pub struct Dialog {
    opened: Instant,
    task: Task<Option<PathBuf>>,
}

impl Dialog {
    /// Shows the dialog `pick` opens, on a thread called `name`; `None` if no
    /// thread could be started.
    pub fn open(
        name: &str,
        ctx: &egui::Context,
        pick: impl FnOnce() -> Option<PathBuf> + Send + 'static,
    ) -> Option<Dialog> {
        let task = Task::spawn(name, Arc::new(Progress::default()), ctx, move |_| pick()).ok()?;
        Some(Dialog {
            opened: Instant::now(),
            // A dialog waits for the user and cannot be cancelled: closing
            // the window must not wait for it.
            task: task.detached(),
        })
    }

    /// The dialog's answer, once it has one.
    pub fn poll(&mut self) -> Option<Answer> {
        // Asked before polling: a thread that had ended had sent its answer.
        let ended = self.task.is_finished();
        let picked = match self.task.poll() {
            Some(picked) => picked,
            // A dialog thread that died answered nothing.
            None if ended => None,
            None => return None,
        };
        Some(match picked {
            Some(path) => Answer::Chosen(path),
            None if self.opened.elapsed() < NO_DIALOG => Answer::Unavailable,
            None => Answer::NoneChosen,
        })
    }
}
