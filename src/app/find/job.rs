//! A Find run off the UI thread: the search takes its budget (seconds), so
//! the window keeps drawing while it runs and shows the outcome when it
//! comes back. A new run replaces the one before; the old thread's result
//! is dropped when it arrives.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

use crate::confuse::{self, Finding, Outcome, Question, confirm, fold};

/// What a finished run gives the view.
pub struct Found {
    pub question: Question,
    pub outcome: Outcome,
    /// The findings folded, shortest first.
    pub folded: Vec<Finding>,
    /// Whether the real libraries were asked.
    pub live: bool,
}

/// The run in progress, if any.
#[derive(Default)]
pub struct Job {
    running: Option<Receiver<Found>>,
}

impl Job {
    /// Starts `question` on a thread of its own (asking the real libraries
    /// afterwards when `live`), dropping any run still going.
    pub fn start(&mut self, ctx: &egui::Context, question: Question, live: bool) {
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let spawned = thread::Builder::new()
            .name("url-inspector find".into())
            .spawn(move || {
                let mut outcome = confuse::find(&question);
                if live {
                    confirm::with_real_ones(&question, &mut outcome);
                }
                let folded = fold::fold(outcome.findings.clone());
                let _ = tx.send(Found {
                    question,
                    outcome,
                    folded,
                    live,
                });
                ctx.request_repaint();
            });
        self.running = spawned.ok().map(|_| rx);
    }

    /// The run's result, once, when it has finished.
    pub fn poll(&mut self) -> Option<Found> {
        let rx = self.running.as_ref()?;
        match rx.try_recv() {
            Ok(found) => {
                self.running = None;
                Some(found)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.running = None;
                None
            }
        }
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}
