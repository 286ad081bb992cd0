//! The real programs installed here as resolvers: the server libraries
//! (`python-live` and the others, [`servers`]) and the browsers.
//!
//! The real browsers as resolvers: `chromium-live`, `firefox-live` and
//! `webkit-live` send the input to the browser installed on this machine,
//! driven headless ([`driver`]): Chromium over the DevTools protocol,
//! Firefox over WebDriver BiDi, WebKitGTK through its GObject API from
//! Python, on GTK's Broadway display server (no X). Each browser is
//! started once, on first use, and kept for every later request, so that
//! `table` and `batch` send thousands of URLs a second through it
//! ([`resolve_many`] sends them in batches).
//!
//! The answer is the browser's own `new URL(input, base)`: `canon` its
//! `href`, the components its getters (as the models give them,
//! [`super::browsers::components`]), a note naming the exact version that
//! answered. A `TypeError` is an invalid answer whose note quotes it.
//!
//! Nothing is lost and nothing hangs: a browser that is not installed
//! gives an invalid answer naming the Debian packages to install; one that
//! dies or stops answering mid-run is started again and the batch sent
//! again, once; if it fails again, every request of the batch gets an
//! invalid answer saying so.

pub mod driver;
pub mod process;
pub mod servers;

use std::sync::Mutex;

use super::browsers::components;
use super::{Answer, Note, Request, Resolve};
use crate::engine::browsers::Browser;
use crate::engine::code_table::code_table;
use driver::{Driver, Raw, Trouble};

code_table! {
    /// The live resolvers' note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    AnsweredBy => "live.answered-by", "the browser or library installed on this machine",
        "the answer is the installed browser's or library's own";
    Threw => "live.threw", "the browser's new URL(input, base)",
        "the browser throws a TypeError: the URL is invalid to it";
    NotInstalled => "live.not-installed", "scripts/setup browsers; scripts/setup servers",
        "the browser or library, or what drives it, is not installed";
    Stopped => "live.stopped", "the browser or library installed on this machine",
        "the browser or library did not start, or stopped answering";
}

/// How many requests go to a browser in one round trip.
pub const BATCH: usize = 2000;

/// A real browser, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Live(pub Browser);

impl Resolve for Live {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        resolve_many(self.0, std::slice::from_ref(request))
            .pop()
            .unwrap_or_else(|| Answer::invalid(Note::of(Code::Stopped)))
    }
}

/// The running browsers, one slot each, started on first use.
static RUNNING: [Mutex<Option<Driver>>; 3] = [const { Mutex::new(None) }; 3];

fn slot(browser: Browser) -> &'static Mutex<Option<Driver>> {
    &RUNNING[match browser {
        Browser::Chromium => 0,
        Browser::Firefox => 1,
        Browser::WebKit => 2,
    }]
}

/// `browser`'s answers to `requests`, in order, one per request.
pub fn resolve_many(browser: Browser, requests: &[Request<'_>]) -> Vec<Answer> {
    let mut answers = Vec::with_capacity(requests.len());
    // A poisoned lock only means another thread panicked mid-batch; the
    // driver is then started again.
    let mut running = slot(browser).lock().unwrap_or_else(|p| p.into_inner());
    for batch in requests.chunks(BATCH) {
        let pairs: Vec<(&str, Option<&str>)> = batch.iter().map(|r| (r.input, r.base())).collect();
        match ask(browser, &mut running, &pairs) {
            Ok((version, raw)) => {
                answers.extend(raw.into_iter().map(|r| answer(browser, &version, r)))
            }
            Err(trouble) => {
                let note = trouble_note(browser, &trouble);
                answers.extend(batch.iter().map(|_| Answer::invalid(note.clone())));
            }
        }
    }
    answers
}

/// Whether `browser` can be asked: started (or starting it now), or why
/// not.
pub fn check(browser: Browser) -> Result<String, Note> {
    let mut running = slot(browser).lock().unwrap_or_else(|p| p.into_inner());
    match ask(browser, &mut running, &[]) {
        Ok((version, _)) => Ok(version),
        Err(trouble) => Err(trouble_note(browser, &trouble)),
    }
}

/// Asks the running browser, starting it first if need be; on trouble,
/// starts it again and asks once more.
fn ask(
    browser: Browser,
    running: &mut Option<Driver>,
    pairs: &[(&str, Option<&str>)],
) -> Result<(String, Vec<Raw>), Trouble> {
    let mut last = None;
    for _ in 0..2 {
        if running.is_none() {
            match Driver::start(browser) {
                Ok(d) => *running = Some(d),
                // Nothing to try again for a program that is not there.
                Err(missing @ Trouble::Missing { .. }) => return Err(missing),
                Err(stopped) => {
                    last = Some(stopped);
                    continue;
                }
            }
        }
        let Some(driver) = running.as_mut() else {
            continue;
        };
        if pairs.is_empty() {
            return Ok((driver.version.clone(), Vec::new()));
        }
        match driver.ask(pairs) {
            Ok(raw) => return Ok((driver.version.clone(), raw)),
            Err(trouble) => {
                *running = None;
                last = Some(trouble);
            }
        }
    }
    Err(last.unwrap_or_else(|| Trouble::Stopped("did not start".into())))
}

/// One raw answer as an [`Answer`].
fn answer(browser: Browser, version: &str, raw: Raw) -> Answer {
    let by = Note::new(
        Code::AnsweredBy,
        format!(
            "answered by the {} installed here: {version}",
            browser_name(browser)
        ),
    );
    match raw {
        Raw::Parsed(getters) => Answer {
            invalid: false,
            canon: Some(getters.href.clone()),
            components: components(&getters),
            notes: vec![by],
            ..Answer::default()
        },
        Raw::Threw(error) => {
            let mut a =
                Answer::invalid(Note::new(Code::Threw, format!("{version} throws {error}")));
            a.notes.push(by);
            a
        }
    }
}

fn browser_name(browser: Browser) -> &'static str {
    match browser {
        Browser::Chromium => "Chromium",
        Browser::Firefox => "Firefox",
        Browser::WebKit => "WebKitGTK",
    }
}

/// The note for a browser that cannot answer.
fn trouble_note(browser: Browser, trouble: &Trouble) -> Note {
    match trouble {
        Trouble::Missing { what, packages } => Note::new(
            Code::NotInstalled,
            format!(
                "{} cannot be asked: {what} is not installed. Install Debian's {packages} \
                 (`scripts/setup browsers` installs all three), or use `{}`, the model",
                browser_name(browser),
                browser.name()
            ),
        ),
        Trouble::Stopped(why) => Note::new(
            Code::Stopped,
            format!("{} stopped answering: {why}", browser_name(browser)),
        ),
    }
}
