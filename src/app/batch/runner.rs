//! The one way the Batch view works in the background: a [`Task`] runs a
//! closure on a named thread of lower priority, shares a progress counter
//! and a cancel switch with the window, hands back the closure's result, and
//! repaints the window when it has.
//!
//! The window never waits for a task while it runs: it polls. Dropping a
//! task (the view replaced it, or the window closes) cancels it and waits
//! for its thread, so no task outlives its view: an export asked to stop
//! removes its partly written file before the process ends, and a run's
//! reader lets go of its file. Work that cannot be cancelled (a desktop
//! dialog waits for the user) is spawned [`Task::detached`] instead.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use crate::table::Control;
use crate::table::run::lower_priority;

/// What a task and the window share: they agree on how to ask it to stop.
pub trait Shared: Send + Sync + 'static {
    /// Asks the task to stop soon.
    fn cancel(&self);
}

/// The shared part of most tasks: a counter of work done and a cancel flag.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU64,
    cancel: AtomicBool,
}

impl Progress {
    /// Work done so far, as last published by the task.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Publishes the work done so far.
    pub fn set_done(&self, n: u64) {
        self.done.store(n, Ordering::Relaxed);
    }

    /// Whether the task was asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl Shared for Progress {
    fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A run of the table pipeline shares its own counters and switch.
impl Shared for Control {
    fn cancel(&self) {
        Control::cancel(self);
    }
}

/// A closure running on a thread of its own, and what it will hand back.
pub struct Task<T, S: Shared = Progress> {
    shared: Arc<S>,
    result: Receiver<T>,
    thread: Option<JoinHandle<()>>,
    /// Whether dropping the task waits for its thread.
    join: bool,
}

impl<T: Send + 'static, S: Shared> Task<T, S> {
    /// Runs `work` on a thread called `name`, at a priority below the
    /// window's so that frames stay short while it computes; `ctx` is
    /// repainted when the result is ready. Fails only when no thread can be
    /// started.
    pub fn spawn<F>(
        name: &str,
        shared: Arc<S>,
        ctx: &egui::Context,
        work: F,
    ) -> std::io::Result<Self>
    where
        F: FnOnce(&Arc<S>) -> T + Send + 'static,
    {
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                lower_priority();
                let _ = tx.send(work(&theirs));
                ctx.request_repaint();
            })?;
        Ok(Task {
            shared,
            result: rx,
            thread: Some(thread),
            join: true,
        })
    }

    /// The task, not waited for when dropped: for work that cannot be
    /// cancelled, so that closing the window never waits on it.
    pub fn detached(mut self) -> Self {
        self.join = false;
        self
    }

    /// The result, once (`None` while the task runs, after the result was
    /// taken, or when the task died without one).
    pub fn poll(&mut self) -> Option<T> {
        self.result.try_recv().ok()
    }

    /// Whether the thread has ended (with or without a result).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Asks the task to stop; its result still comes.
    pub fn cancel(&self) {
        self.shared.cancel();
    }

    /// What the task shares with the window.
    pub fn shared(&self) -> &S {
        &self.shared
    }
}

impl<T, S: Shared> Drop for Task<T, S> {
    fn drop(&mut self) {
        self.shared.cancel();
        if let Some(thread) = self.thread.take()
            && self.join
        {
            // A task that panicked has nothing more to say.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_hands_back_its_result_once_and_names_its_thread() {
        let ctx = egui::Context::default();
        let progress = Arc::new(Progress::default());
        let task = Task::spawn("runner-test", progress, &ctx, |p: &Arc<Progress>| {
            p.set_done(3);
            std::thread::current().name().map(str::to_owned)
        });
        let mut task = task.expect("a thread starts");
        let name = loop {
            if let Some(name) = task.poll() {
                break name;
            }
            std::thread::yield_now();
        };
        assert_eq!(name.as_deref(), Some("runner-test"));
        assert_eq!(task.shared().done(), 3);
        assert!(task.poll().is_none());
    }

    #[test]
    fn cancel_reaches_the_work_and_drop_waits_for_it() {
        let ctx = egui::Context::default();
        let progress = Arc::new(Progress::default());
        let seen = Arc::new(AtomicBool::new(false));
        let seen_by_task = Arc::clone(&seen);
        let task = Task::spawn("runner-test", Arc::clone(&progress), &ctx, move |p| {
            while !p.is_cancelled() {
                std::thread::yield_now();
            }
            seen_by_task.store(true, Ordering::Relaxed);
        })
        .expect("a thread starts");
        drop(task);
        // Dropping returned only once the work had seen the cancel.
        assert!(seen.load(Ordering::Relaxed));
        assert!(progress.is_cancelled());
    }

    #[test]
    fn a_detached_task_is_not_waited_for() {
        let ctx = egui::Context::default();
        let (release, wait) = channel::<()>();
        let task = Task::spawn(
            "runner-test",
            Arc::new(Progress::default()),
            &ctx,
            move |_| {
                let _ = wait.recv();
            },
        )
        .expect("a thread starts")
        .detached();
        // The work ends only once `release` is sent, after the drop: a drop
        // that waited would never return (the test would hang, not pass).
        drop(task);
        assert!(release.send(()).is_ok(), "the work is still waiting");
    }
}
