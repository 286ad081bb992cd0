//! Today's browsers as models: the URL Standard's parser with each
//! browser's departures from it, named, explained and recorded in the
//! trace where the browser departs. A model answers what the browser's
//! `new URL(input, base)` answers: its ten getters (href, protocol, …,
//! hash) or the `TypeError` it throws. `new URL` reads every URL as UTF-8,
//! whatever the page's encoding, so the models take no encoding.
//!
//! Each departure is a row of the one step table
//! ([`StepId`](crate::engine::StepId), stage
//! [`Departure`](crate::engine::Stage::Departure)): its id names the
//! browser and the departure (`chromium.host-space-escaped`), its citation
//! the place in the browser's source and its bug where one is, its
//! explanation the departure in a sentence. The rules were measured on
//! calls to the real browsers (`tests/data/browsers/`, 155,222 of them,
//! made by `scripts/browsers/`); the tests hold each model to those answers, and
//! `tests/data/browsers/known-failures.txt` names what a model does not
//! reproduce, with why.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`Browser`], [`parse`]: the base alone, then the call |
//! | [`model`] | one call: rewrites, the parse with quirks, edits |
//! | [`getters`] | the browser's answer: the ten getters, an href's parts |
//! | [`text`] | reading a URL's text where the departures need it |
//! | [`chromium`], [`firefox`], [`webkit`] | each browser's departures |
//! | [`chromium_filesystem`] | Chromium's `filesystem:` URLs, a URL inside a URL |
//! | [`firefox_own`] | Firefox's older parser, for its own schemes |

pub mod chromium;
pub mod chromium_filesystem;
pub mod firefox;
pub mod firefox_own;
pub mod getters;
pub mod model;
pub mod text;
pub mod webkit;

pub use getters::{Getters, Parts};
pub use model::Modelled;

use crate::engine::QueryEncoding;
use crate::engine::trace::{NoTrace, OfBase, Tracer};
use crate::engine::url_standard::Quirks;

use model::{Case, Rule};

/// A browser the models stand for, at the version measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Browser {
    Chromium,
    Firefox,
    WebKit,
}

impl Browser {
    pub const ALL: [Browser; 3] = [Browser::Chromium, Browser::Firefox, Browser::WebKit];

    /// The name the command line uses.
    pub const fn name(self) -> &'static str {
        match self {
            Browser::Chromium => "chromium",
            Browser::Firefox => "firefox",
            Browser::WebKit => "webkit",
        }
    }

    /// The browser and the major version modelled, as people name it.
    pub const fn label(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium 156",
            Browser::Firefox => "Firefox 153",
            Browser::WebKit => "WebKit 2.50",
        }
    }

    /// The exact version the model was measured against (Debian 12's
    /// packages), as the browser reports it.
    pub const fn version(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium 156.0.8078.108",
            Browser::Firefox => "Firefox ESR 153.8.0",
            Browser::WebKit => "WebKitGTK 2.50.6",
        }
    }

    /// The Debian package that installs the browser.
    pub const fn package(self) -> &'static str {
        match self {
            Browser::Chromium => "chromium",
            Browser::Firefox => "firefox-esr",
            Browser::WebKit => "libwebkit2gtk-4.1-0",
        }
    }

    fn rules(self) -> &'static [Rule] {
        match self {
            Browser::Chromium => chromium::RULES,
            Browser::Firefox => firefox::RULES,
            Browser::WebKit => webkit::RULES,
        }
    }

    fn quirks(self, case: &Case<'_>) -> Quirks {
        match self {
            Browser::Chromium => chromium::quirks(case),
            Browser::Firefox => firefox::quirks(case),
            Browser::WebKit => webkit::quirks(case),
        }
    }

    /// The browser called `name` (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Browser> {
        Browser::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(name))
    }
}

/// What `browser`'s `new URL(input, base)` gives, by its model: the base
/// is read alone first (a base the browser refuses throws, and only then
/// is its parse recorded, as the base's), then the call.
pub fn parse<T: Tracer>(
    browser: Browser,
    input: &str,
    base: Option<&str>,
    tracer: &mut T,
) -> Modelled {
    if let Some(b) = base {
        let alone = run(browser, b, None, &mut NoTrace);
        if alone.answer.is_none() {
            let traced = run(browser, b, None, &mut OfBase(tracer));
            return Modelled {
                base_refused: true,
                ..traced
            };
        }
    }
    run(browser, input, base, tracer)
}

/// One call by the model.
fn run<T: Tracer>(browser: Browser, input: &str, base: Option<&str>, tracer: &mut T) -> Modelled {
    let encoding = QueryEncoding::UTF8;
    let again: model::Again = match browser {
        Browser::Chromium => |i, b| parse(Browser::Chromium, i, b, &mut NoTrace).answer,
        Browser::Firefox => |i, b| parse(Browser::Firefox, i, b, &mut NoTrace).answer,
        Browser::WebKit => |i, b| parse(Browser::WebKit, i, b, &mut NoTrace).answer,
    };
    let case = Case::new(input, base, encoding, again);
    let quirks = browser.quirks(&case);
    model::run(&case, browser.rules(), &quirks, encoding, tracer)
}
