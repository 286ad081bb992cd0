//! The real browsers in the Compare view: when the settings ask for them,
//! the live resolvers are asked off the UI thread (a browser takes a moment
//! to start, then answers at once), and their answers join the comparison
//! on screen once they are of its inputs. Until then their rows say they
//! are being asked.

use crate::resolvers::{Answer, Request, Resolver};

use super::super::state::State;
use super::super::worker::Worker;
use super::compute::Comparison;

/// What the browsers are asked: the inputs, and which live resolvers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRequest {
    pub input: String,
    pub base: String,
    pub resolvers: Vec<Resolver>,
}

/// Their answers, with what they answer.
#[derive(Clone, Debug)]
pub struct LiveAnswers {
    pub request: LiveRequest,
    pub answers: Vec<(Resolver, Answer)>,
}

/// Asks the live resolvers, each in turn (`new URL` takes the page's
/// encoding for nothing, so the encoding is not sent).
fn ask(request: &LiveRequest) -> LiveAnswers {
    let base = Some(request.base.as_str()).filter(|b| !b.is_empty());
    let answers = request
        .resolvers
        .iter()
        .map(|&r| (r, r.resolve(&Request::new(&request.input).with_base(base))))
        .collect();
    LiveAnswers {
        request: request.clone(),
        answers,
    }
}

/// The view's handle on the live browsers.
pub struct LiveAsker {
    worker: Worker<LiveRequest, LiveAnswers>,
    asked: Option<LiveRequest>,
    got: Option<LiveAnswers>,
}

impl Default for LiveAsker {
    fn default() -> Self {
        LiveAsker {
            // Always on the worker's thread: no request is small enough to
            // wait for a browser within a frame.
            worker: Worker::new("url-inspector live browsers", |_| usize::MAX, ask),
            asked: None,
            got: None,
        }
    }
}

impl LiveAsker {
    /// Asks again when the inputs or the live rows shown changed, and puts
    /// the answers that are of `c`'s inputs into `c`.
    pub fn refresh(&mut self, ctx: &egui::Context, state: &State, c: &mut Comparison) {
        if let Some(done) = self.worker.poll() {
            self.got = Some(done);
        }
        let resolvers: Vec<Resolver> = state
            .compare
            .shown()
            .into_iter()
            .filter(|r| r.is_live())
            .collect();
        if resolvers.is_empty() {
            self.asked = None;
            c.answers.retain(|(r, _)| !r.is_live());
            return;
        }
        let request = LiveRequest {
            input: state.input.clone(),
            base: state.base.clone(),
            resolvers,
        };
        if self.asked.as_ref() != Some(&request) {
            self.asked = Some(request.clone());
            // The thread's answer comes from `poll`.
            let _ = self.worker.submit(request, ctx);
        }
        let Some(got) = &self.got else { return };
        let same_inputs =
            got.request.input == c.request.input && got.request.base == c.request.base;
        if !same_inputs {
            c.answers.retain(|(r, _)| !r.is_live());
            return;
        }
        for (r, answer) in &got.answers {
            match c.answers.iter_mut().find(|(k, _)| k == r) {
                Some((_, a)) => a.clone_from(answer),
                None => c.answers.push((*r, answer.clone())),
            }
        }
    }

    /// Whether the browsers are being asked.
    pub fn is_pending(&self) -> bool {
        self.worker.is_pending()
    }
}
