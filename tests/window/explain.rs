//! The real window explaining what happened, for a person to
//! look at: the binary runs under its own Xvfb display (the harness in
//! tests/support/xwindow.rs), is driven with real X key events, and
//! screenshots go to `target/window-tests/`:
//!
//! - `explain-dots-midway.png`: the teaching example `../../a/./b?x#y`
//!   against `http://example.com/p/q/r`, walked with the step keys to the
//!   first `..` of remove dot-segments: the step with its output and input
//!   buffers, and the URL after it in the left column;
//! - `explain-cyrillic-ie.png`: `http://раураl.com/login` in IE mode, whose
//!   canonical URL reads like ASCII, with the warning strip under it;
//! - `step-20-at-800x600.png`: the teaching example in an 800×600 window,
//!   stepped with Alt+↓ to step 20: the window shows one column, the
//!   trace, with the step selected, its detail and the URL after it.
//!
//! What is asserted through the real clipboard: the window answers the
//! keys, and after walking the trace (and playing it) Ctrl+Shift+C still
//! copies the engine's canonical URL for those inputs and that mode.
//!
//! Needs the tools tests/window/inspector.rs needs (`scripts/setup` installs them);
//! a missing tool is a failure that names it, never a skip.
#![cfg(all(feature = "gui", feature = "cli"))]

use std::thread::sleep;
use std::time::Duration;

use crate::xwindow::{
    ACTION_TIMEOUT, FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir,
};
use url_inspector::engine::{Mode, Options, StepId, Trace};

const TEACHING: &str = "../../a/./b?x#y";
const TEACHING_BASE: &str = "http://example.com/p/q/r";
/// `раураl.com`: five Cyrillic letters and a Latin `l`.
const CYRILLIC: &str = "http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/login";

/// The engine's canonical URL and the index of the first rule C step (the
/// first `..`) for the inputs, as the window computes them (UTF-8).
fn engine(input: &str, base: Option<&str>, mode: Mode) -> (String, Option<usize>) {
    let mut trace = Trace::default();
    let options = Options::default().mode(mode).base(base.unwrap_or_default());
    let out = url_inspector::engine::run(input, &options, &mut trace);
    let canon = out
        .canon
        .unwrap_or_else(|| panic!("the engine finds {input} invalid: {:?}", out.failure));
    let first_climb = trace.steps.iter().position(|s| s.id == StepId::DotsRuleC);
    (canon, first_climb)
}

#[test]
fn the_teaching_example_mid_way_through_the_dot_segments() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("explain-dots");
    let (canon, first_climb) = engine(TEACHING, Some(TEACHING_BASE), Mode::This);
    let first_climb = first_climb.expect("the teaching example climbs with '..'");
    let (display, app) = XDisplay::start_with_app(&home, &[TEACHING, "--base", TEACHING_BASE]);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canon, START_TIMEOUT);

    // Play a little (the player's key), pause, then walk from the first step
    // to the first '..' with Alt+Home and Alt+↓, as a student would.
    display.press(&["alt+p"]);
    sleep(Duration::from_millis(1600));
    display.press(&["alt+p"]);
    display.press(&["alt+Home"]);
    for _ in 0..first_climb {
        display.press(&["alt+Down"]);
    }
    // Give the trace more of the width, so rows show their change whole.
    display.press(&["alt+Left"]);
    display.screenshot(&app, &shots.join("explain-dots-midway.png"));

    // Walking the trace changes no result: the copy is still the canonical URL.
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canon, ACTION_TIMEOUT);
    app.quit(&display);
}

#[test]
fn the_cyrillic_host_in_ie_mode_shows_its_warnings() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("explain-cyrillic");
    let (canon, _) = engine(CYRILLIC, None, Mode::Ie);
    // IE keeps the Unicode host: the canonical URL is the input, and reads
    // like paypal's (the other modes give the xn-- form).
    assert_eq!(canon, CYRILLIC);
    assert_ne!(engine(CYRILLIC, None, Mode::This).0, CYRILLIC);
    let (display, app) = XDisplay::start_with_app(&home, &[CYRILLIC, "--mode", "IE"]);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canon, START_TIMEOUT);
    display.screenshot(&app, &shots.join("explain-cyrillic-ie.png"));
    // Ctrl+1 (mode THIS) copies the ASCII form: the mode really was IE.
    display.press(&["ctrl+1"]);
    let (this_canon, _) = engine(CYRILLIC, None, Mode::This);
    display.press_until(&["ctrl+shift+c"], &this_canon, ACTION_TIMEOUT);
    app.quit(&display);
}

/// At 800×600, stepping to step 20 keeps the step, its detail and the URL
/// after it on screen: walking the trace shows the trace column.
#[test]
fn stepping_to_step_20_in_an_800_by_600_window() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("explain-small");
    let (canon, _) = engine(TEACHING, Some(TEACHING_BASE), Mode::This);
    let (display, app) = XDisplay::start_with_app(&home, &[TEACHING, "--base", TEACHING_BASE]);
    display.resize(&app, 800, 600);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canon, START_TIMEOUT);
    display.press(&["alt+Home"]);
    for _ in 0..20 {
        display.press(&["alt+Down"]);
    }
    display.screenshot(&app, &shots.join("step-20-at-800x600.png"));
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canon, ACTION_TIMEOUT);
    app.quit(&display);
}
