//! Off-thread computation for big inputs, shared by the views that compute
//! on every keystroke (the Inspector's analysis, the Compare view's
//! comparison). A traced run over megabytes takes longer than a frame, so
//! such requests go to one thread of the view's own; the window keeps
//! drawing the previous result meanwhile.
//!
//! Why the latest request wins: while the user types into a big input, each
//! keystroke asks again, faster than a big request is computed. Computing
//! every one in turn would leave the screen further behind with each key;
//! only the newest request says what the user wants to see. So the thread
//! skips every queued request but the newest, and a result that arrives for
//! a request that has since been superseded (by a newer big one, or a small
//! one computed in place) is dropped rather than shown.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread;

/// Requests at most this large (input + base, in bytes) are computed on the
/// UI thread, within the frame: the result shows with no flicker. 16 KiB
/// keeps a traced run far below a millisecond.
pub const SYNC_LIMIT: usize = 16 * 1024;

/// A request on its way to the thread, tagged with its generation.
struct Asked<Req> {
    generation: u64,
    request: Req,
    ctx: egui::Context,
}

/// A finished computation, tagged with its request's generation (boxed: a
/// result may be large, and it only moves).
type Done<Out> = (u64, Box<Out>);

/// Where requests go to the thread, and where its results come back.
type Channels<Req, Out> = (Sender<Asked<Req>>, Receiver<Done<Out>>);

/// The handle a view holds: `compute` turns a `Req` into an `Out`, on the UI
/// thread for small requests and on the worker's thread for big ones. The
/// thread starts on the first big request and ends when the handle is
/// dropped.
pub struct Worker<Req, Out> {
    /// The thread's name (what a debugger or `top -H` shows).
    name: &'static str,
    /// The request's size in bytes, against [`SYNC_LIMIT`].
    size: fn(&Req) -> usize,
    compute: fn(&Req) -> Out,
    channels: Option<Channels<Req, Out>>,
    /// The generation of the newest request, small or big.
    latest: u64,
    /// Whether a big request is still being computed.
    pending: bool,
}

impl<Req: Send + 'static, Out: Send + 'static> Worker<Req, Out> {
    /// A worker whose thread is called `name`; no thread runs until the first
    /// big request.
    pub fn new(name: &'static str, size: fn(&Req) -> usize, compute: fn(&Req) -> Out) -> Self {
        Worker {
            name,
            size,
            compute,
            channels: None,
            latest: 0,
            pending: false,
        }
    }

    /// Computes `request`: at once when it is small, else on the thread (the
    /// result then comes from [`Worker::poll`], and `ctx` is repainted when
    /// it is ready).
    pub fn submit(&mut self, request: Req, ctx: &egui::Context) -> Option<Out> {
        self.latest += 1;
        if (self.size)(&request) <= SYNC_LIMIT {
            self.pending = false;
            return Some((self.compute)(&request));
        }
        let asked = Asked {
            generation: self.latest,
            request,
            ctx: ctx.clone(),
        };
        let asked = match &self.channels {
            Some((tx, _)) => match tx.send(asked) {
                Ok(()) => {
                    self.pending = true;
                    return None;
                }
                Err(e) => e.0,
            },
            None => asked,
        };
        // No thread yet, or it has died: start one. If none can be started,
        // slow is better than nothing.
        let sent = match self.start() {
            Some(tx) => tx.send(asked).map_err(|e| e.0),
            None => Err(asked),
        };
        match sent {
            Ok(()) => {
                self.pending = true;
                None
            }
            Err(asked) => {
                self.pending = false;
                Some((self.compute)(&asked.request))
            }
        }
    }

    /// Starts the thread; returns its request sender.
    fn start(&mut self) -> Option<&Sender<Asked<Req>>> {
        let (asked_tx, asked_rx) = channel::<Asked<Req>>();
        let (done_tx, done_rx) = channel::<Done<Out>>();
        let compute = self.compute;
        thread::Builder::new()
            .name(self.name.to_owned())
            .spawn(move || {
                while let Ok(mut asked) = asked_rx.recv() {
                    // Skip to the newest queued request.
                    while let Ok(newer) = asked_rx.try_recv() {
                        asked = newer;
                    }
                    let out = compute(&asked.request);
                    if done_tx.send((asked.generation, Box::new(out))).is_err() {
                        break;
                    }
                    asked.ctx.request_repaint();
                }
            })
            .ok()?;
        self.channels = Some((asked_tx, done_rx));
        self.channels.as_ref().map(|(tx, _)| tx)
    }

    /// The result of the newest request, if it has arrived.
    pub fn poll(&mut self) -> Option<Out> {
        let (_, rx) = self.channels.as_ref()?;
        let mut newest = None;
        loop {
            match rx.try_recv() {
                Ok((generation, out)) if generation == self.latest => newest = Some(*out),
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn worker() -> Worker<String, String> {
        // The result says which request it was computed for.
        Worker::new("worker test", String::len, String::clone)
    }

    /// Polls until a result arrives (a minute at most).
    fn wait(w: &mut Worker<String, String>) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(done) = w.poll() {
                return done;
            }
            assert!(Instant::now() < deadline, "no result within a minute");
            thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn small_requests_answer_at_once_and_big_ones_later_latest_wins() {
        let ctx = egui::Context::default();
        let mut w = worker();
        assert_eq!(w.submit("small".into(), &ctx).as_deref(), Some("small"));
        assert!(!w.is_pending());

        let big = |c: char| c.to_string().repeat(SYNC_LIMIT + 1);
        assert!(w.submit(big('x'), &ctx).is_none());
        assert!(w.submit(big('y'), &ctx).is_none());
        assert!(w.is_pending());
        assert_eq!(wait(&mut w), big('y'), "the newest request wins");
        assert!(!w.is_pending());
        assert_eq!(w.poll(), None, "a result is handed over once");
    }

    #[test]
    fn a_small_request_supersedes_a_big_one_under_way() {
        let ctx = egui::Context::default();
        let mut w = worker();
        assert!(w.submit("z".repeat(SYNC_LIMIT + 1), &ctx).is_none());
        assert_eq!(w.submit("small".into(), &ctx).as_deref(), Some("small"));
        assert!(!w.is_pending());
        // The big request's result, whenever it comes, is stale: the next
        // result handed over is the next big request's.
        assert!(w.submit("w".repeat(SYNC_LIMIT + 1), &ctx).is_none());
        assert_eq!(wait(&mut w), "w".repeat(SYNC_LIMIT + 1));
    }
}
