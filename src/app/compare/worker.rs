//! Comparisons of big inputs off the UI thread. Seven resolvers, four of
//! them traced, take longer than a frame on megabytes, so a request over
//! the inspector's [`SYNC_LIMIT`] goes to a thread of the view's own; the
//! view keeps showing the previous comparison meanwhile.
//!
//! The latest request wins, as in the inspector's worker: the thread skips
//! to the newest queued request, and a result for a request that has since
//! been superseded is dropped.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread;

use super::super::worker::SYNC_LIMIT;
use super::compute::{CompareRequest, Comparison, compare};

struct Job {
    generation: u64,
    request: CompareRequest,
    ctx: egui::Context,
}

/// A finished comparison, tagged with its request's generation.
type Done = (u64, Box<Comparison>);

/// The handle the view holds; the thread starts on the first big request
/// and ends when the handle is dropped.
#[derive(Default)]
pub struct CompareWorker {
    channels: Option<(Sender<Job>, Receiver<Done>)>,
    /// The generation of the newest request, small or big.
    latest: u64,
    pending: bool,
}

impl CompareWorker {
    /// Compares `request`: at once when it is small, else on the thread
    /// (the result then comes from [`CompareWorker::poll`]).
    pub fn submit(&mut self, request: CompareRequest, ctx: &egui::Context) -> Option<Comparison> {
        self.latest += 1;
        if request.size() <= SYNC_LIMIT {
            self.pending = false;
            return Some(compare(&request));
        }
        let job = Job {
            generation: self.latest,
            request,
            ctx: ctx.clone(),
        };
        let job = match &self.channels {
            Some((tx, _)) => match tx.send(job) {
                Ok(()) => {
                    self.pending = true;
                    return None;
                }
                Err(e) => e.0,
            },
            None => job,
        };
        // No thread yet, or it has died: start one. If none can be started,
        // slow is better than nothing.
        let sent = match self.start() {
            Some(tx) => tx.send(job).map_err(|e| e.0),
            None => Err(job),
        };
        match sent {
            Ok(()) => {
                self.pending = true;
                None
            }
            Err(job) => Some(compare(&job.request)),
        }
    }

    /// Starts the thread; returns its request sender.
    fn start(&mut self) -> Option<&Sender<Job>> {
        let (job_tx, job_rx) = channel::<Job>();
        let (done_tx, done_rx) = channel::<Done>();
        thread::Builder::new()
            .name("url-inspector compare".to_owned())
            .spawn(move || {
                while let Ok(mut job) = job_rx.recv() {
                    while let Ok(newer) = job_rx.try_recv() {
                        job = newer;
                    }
                    let done = compare(&job.request);
                    if done_tx.send((job.generation, Box::new(done))).is_err() {
                        break;
                    }
                    job.ctx.request_repaint();
                }
            })
            .ok()?;
        self.channels = Some((job_tx, done_rx));
        self.channels.as_ref().map(|(tx, _)| tx)
    }

    /// The comparison of the newest request, if it has arrived.
    pub fn poll(&mut self) -> Option<Comparison> {
        let (_, rx) = self.channels.as_ref()?;
        let mut newest = None;
        loop {
            match rx.try_recv() {
                Ok((generation, done)) if generation == self.latest => newest = Some(*done),
                Ok(_) => {} // superseded
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    // The thread died: start afresh on the next request.
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

    /// Whether a big request is being compared.
    pub fn is_pending(&self) -> bool {
        self.pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn request(input: String) -> CompareRequest {
        CompareRequest {
            input,
            base: String::new(),
            encoding: "utf-8".into(),
        }
    }

    #[test]
    fn small_requests_answer_at_once_and_big_ones_later_latest_wins() {
        let ctx = egui::Context::default();
        let mut w = CompareWorker::default();
        assert!(w.submit(request("http://a/".into()), &ctx).is_some());
        assert!(!w.is_pending());

        let big = |c: char| format!("http://a/{}", c.to_string().repeat(SYNC_LIMIT));
        assert!(w.submit(request(big('x')), &ctx).is_none());
        assert!(w.submit(request(big('y')), &ctx).is_none());
        assert!(w.is_pending());
        let deadline = Instant::now() + Duration::from_secs(60);
        let done = loop {
            if let Some(done) = w.poll() {
                break done;
            }
            assert!(Instant::now() < deadline, "no comparison within a minute");
            thread::sleep(Duration::from_millis(10));
        };
        assert!(done.request.input.ends_with('y'), "the newest request wins");
        assert!(!w.is_pending());
    }
}
