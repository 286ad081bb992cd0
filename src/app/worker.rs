//! Off-thread computation for big inputs. A traced run over megabytes takes
//! longer than a frame, so such requests go to one worker thread; the window
//! keeps drawing the previous result meanwhile.
//!
//! The latest request wins: the worker skips every queued request but the
//! newest, and a result that arrives for a request that has since been
//! superseded (by a newer big one, or a small one computed in place) is
//! dropped.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread;

use super::analysis::{Analysis, Request, analyze};

/// Requests at most this large (input + base, in bytes) are computed on the
/// UI thread, within the frame: the result shows with no flicker. 16 KiB
/// keeps the traced run far below a millisecond.
pub const SYNC_LIMIT: usize = 16 * 1024;

struct Job {
    generation: u64,
    request: Request,
    ctx: egui::Context,
}

/// A finished computation, tagged with its request's generation.
type Done = (u64, Box<Analysis>);

/// The handle the app holds; the thread starts on the first big request and
/// ends when the handle is dropped.
#[derive(Default)]
pub struct Worker {
    channels: Option<(Sender<Job>, Receiver<Done>)>,
    /// The generation of the newest request, sync or not.
    latest: u64,
    /// Whether a big request is still being computed.
    pending: bool,
}

impl Worker {
    /// Computes `request`: at once when it is small, else on the worker (the
    /// result then comes from [`Worker::poll`]).
    pub fn submit(&mut self, request: Request, ctx: &egui::Context) -> Option<Analysis> {
        self.latest += 1;
        if request.size() <= SYNC_LIMIT {
            self.pending = false;
            return Some(analyze(&request));
        }
        let job = Job {
            generation: self.latest,
            request,
            ctx: ctx.clone(),
        };
        let sent = match &self.channels {
            Some((tx, _)) => tx.send(job).map_err(|e| e.0),
            None => Err(job),
        };
        match sent {
            Ok(()) => {
                self.pending = true;
                None
            }
            Err(job) => match self.start() {
                Some(tx) => match tx.send(job) {
                    Ok(()) => {
                        self.pending = true;
                        None
                    }
                    Err(e) => Some(analyze(&e.0.request)),
                },
                // No thread could be started: slow is better than nothing.
                None => Some(analyze(&job.request)),
            },
        }
    }

    /// Starts the thread; returns its request sender.
    fn start(&mut self) -> Option<&Sender<Job>> {
        let (job_tx, job_rx) = channel::<Job>();
        let (result_tx, result_rx) = channel::<Done>();
        let spawned = thread::Builder::new()
            .name("url-inspector worker".to_owned())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    // Skip to the newest queued request.
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    let analysis = analyze(&job.request);
                    if result_tx
                        .send((job.generation, Box::new(analysis)))
                        .is_err()
                    {
                        break;
                    }
                    job.ctx.request_repaint();
                }
            });
        if spawned.is_err() {
            return None;
        }
        self.channels = Some((job_tx, result_rx));
        self.channels.as_ref().map(|(tx, _)| tx)
    }

    /// The result of the newest request, if it has arrived.
    pub fn poll(&mut self) -> Option<Analysis> {
        let (_, rx) = self.channels.as_ref()?;
        let mut newest = None;
        loop {
            match rx.try_recv() {
                Ok((generation, analysis)) if generation == self.latest => newest = Some(*analysis),
                Ok(_) => {} // superseded
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    // The thread died (it panicked): start afresh next time.
                    self.channels = None;
                    self.pending = false;
                    break;
                }
            }
        }
        if newest.is_some() {
            self.pending = false;
        }
        newest
    }

    /// Whether a big request is being computed.
    pub fn is_pending(&self) -> bool {
        self.pending
    }
}
