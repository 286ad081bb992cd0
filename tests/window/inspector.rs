//! The real window, used the way a person uses it: the binary runs under its
//! own Xvfb display with a fresh HOME, text goes onto the X clipboard with
//! `xclip`, keys are real X key events from `xdotool`, and what the app
//! copied is read back from the X clipboard. This is the only test that goes
//! through eframe's clipboard and winit's keyboard handling; the kittest
//! suite (tests/gui/inspector.rs) injects egui events instead.
//!
//! It runs the binary `cargo test` builds, unoptimized: measured on a 2-core
//! machine, a 256 KiB paste has its canonical URL on the clipboard within
//! about a second even so (values over 16 KiB are shown as a preview, not
//! laid out in a text field), so neither a release build nor optimized
//! dependencies are needed, and the whole file runs in about 20 seconds.
//!
//! Covered: Ctrl+L (focus the URL field, select its text), Ctrl+C of that
//! selection, Ctrl+V, Ctrl+Shift+C (copy the canonical URL), Ctrl+X (cut
//! empties the field), a 256 KiB paste, Ctrl+L then Ctrl+C / Ctrl+V on a
//! value too long for a text field, Ctrl+Q. Screenshots of the states a
//! person meets first go to `target/window-tests/*.png` for a person to look at.
//!
//! Needs Xvfb, xdotool, xclip, ImageMagick's `import` and coreutils'
//! `timeout` (`scripts/setup` installs them). A missing tool is a failure
//! that names it, never a skip.

// The binary is built only with the command line (`cli`), and opens a window
// only with `gui`.
#![cfg(all(feature = "gui", feature = "cli"))]

use std::time::{Duration, Instant};

use crate::xwindow::{
    ACTION_TIMEOUT, FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir,
};
use url_inspector::engine::{self, NoTrace, Options};

/// The bound on "the window still answers within seconds" after a 256 KiB
/// paste: from Ctrl+V until its canonical URL is on the clipboard.
const BIG_PASTE_TIMEOUT: Duration = Duration::from_secs(20);

/// Paste, copy and cut through the real X clipboard, small and 256 KiB, with
/// screenshots of the start, the result, a narrow window and an empty field.
#[test]
fn clipboard_round_trips_through_the_real_window() {
    require_tools();
    let shots = screenshot_dir();
    let display = XDisplay::start();
    let home = FreshHome::new("clipboard");
    let start_url = "http://Start.example/a/../x";
    let app = display.launch(&home, &[start_url]);

    // Ctrl+L selects the whole URL field; Ctrl+C copies that selection. The
    // first frames may not be drawn yet, so the keys are repeated until the
    // window answers (this is also the wait for the window to be ready).
    display.set_clipboard("nothing copied yet");
    let started = Instant::now();
    display.press_until(&["ctrl+l", "ctrl+c"], start_url, START_TIMEOUT);
    println!("window answered {:?} after launch", started.elapsed());
    display.screenshot(&app, &shots.join("start.png"));

    // Ctrl+V into the selected field, then Ctrl+Shift+C copies the canonical URL.
    let small = "HTTP://Ex%41mple.COM:80/a/./b/../c";
    let small_canon = canonical(small);
    assert_ne!(
        small_canon, small,
        "the example must change when canonicalized"
    );
    display.set_clipboard(small);
    display.press(&["ctrl+l"]);
    display.press(&["ctrl+v"]);
    display.press_until(&["ctrl+shift+c"], &small_canon, ACTION_TIMEOUT);
    display.screenshot(&app, &shots.join("small-url.png"));

    // Ctrl+C of the selection copies the field's text, not the canonical URL.
    display.press_until(&["ctrl+l", "ctrl+c"], small, ACTION_TIMEOUT);

    // A narrow window, for a person to judge the layout at 900 px.
    display.resize(&app, 900, 860);
    display.screenshot(&app, &shots.join("narrow-900px.png"));
    display.resize(&app, 1360, 860);

    // Ctrl+X cuts: the clipboard gets the text and the field is left empty.
    display.set_clipboard("nothing cut yet");
    display.press(&["ctrl+l"]);
    display.press_until(&["ctrl+x"], small, ACTION_TIMEOUT);
    display.screenshot(&app, &shots.join("empty-url.png"));
    // Proof that the field is empty: with the cursor at the end, a paste
    // gives exactly the pasted URL (a field that kept its text would give
    // both, one after the other).
    let marker = "http://Marker.example/m/./n";
    display.set_clipboard(marker);
    display.press(&["End"]);
    display.press(&["ctrl+v"]);
    display.press_until(&["ctrl+shift+c"], &canonical(marker), ACTION_TIMEOUT);

    // 256 KiB: the paste goes through, the window keeps answering, and the
    // canonical URL on the clipboard is the engine's, whole.
    let big = big_url(256 * 1024);
    let big_canon = canonical(&big);
    assert!(big_canon.len() > 128 * 1024 && big_canon != big);
    display.set_clipboard(&big);
    display.press(&["ctrl+l"]);
    let pasted = Instant::now();
    display.press(&["ctrl+v"]);
    display.press_until(&["ctrl+shift+c"], &big_canon, BIG_PASTE_TIMEOUT);
    println!(
        "256 KiB paste: canonical URL ({} bytes) on the clipboard {:?} after Ctrl+V",
        big_canon.len(),
        pasted.elapsed()
    );
    display.screenshot(&app, &shots.join("big-url.png"));

    // Still answering with the 256 KiB value in place: another Ctrl+Shift+C
    // is served promptly.
    display.set_clipboard("nothing copied yet");
    let asked = Instant::now();
    display.press_until(&["ctrl+shift+c"], &big_canon, ACTION_TIMEOUT);
    let answered = asked.elapsed();
    println!("with 256 KiB in place, Ctrl+Shift+C answered in {answered:?}");
    assert!(
        answered < Duration::from_secs(5),
        "the window took {answered:?} to answer"
    );

    // A value over 16 KiB is shown as a preview, not a text field; Ctrl+L
    // focuses the preview, which then acts as a field with all its text
    // selected: Ctrl+C copies the whole value and Ctrl+V replaces it.
    display.press(&["ctrl+l"]);
    display.press_until(&["ctrl+c"], &big, ACTION_TIMEOUT);
    display.set_clipboard(small);
    display.press(&["ctrl+l"]);
    display.press(&["ctrl+v"]);
    display.press_until(&["ctrl+shift+c"], &small_canon, ACTION_TIMEOUT);

    app.quit(&display);
}

/// The light theme as a person who chose it last time sees it.
///
/// Interpretation: the theme is chosen with radio buttons in the View menu,
/// which has no keyboard shortcut; driving a menu by pointer coordinates
/// would break with every layout change, so the saved state in the fresh
/// HOME is seeded with the choice instead, exactly as the app saves it.
#[test]
fn light_theme_screenshot() {
    require_tools();
    let shots = screenshot_dir();
    let display = XDisplay::start();
    let home = FreshHome::new("light");
    home.seed_state("(theme: Light)");
    let url = "HTTP://User@Ex%41mple.COM:80/a/./b/../c%7e?q=1&r=%41#Frag";
    let app = display.launch(&home, &[url]);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], &canonical(url), START_TIMEOUT);
    let brightness = display.screenshot(&app, &shots.join("light-theme.png"));
    assert!(
        brightness > 0.6,
        "the light theme's window is dark (brightness {brightness:.2}): the seeded state was not read"
    );
    app.quit(&display);
}

/// The canonical URL the app should copy for `input`: the engine's answer
/// for the app's starting settings (no base, UTF-8, mode THIS).
fn canonical(input: &str) -> String {
    let out = engine::run(input, &Options::default(), &mut NoTrace);
    match out.canon {
        Some(canon) => canon,
        None => panic!("the engine finds {input:.80} invalid: {:?}", out.failure),
    }
}

/// A valid URL of exactly `len` bytes with work in every segment for the
/// canonicalizer (percent-escapes to decode, dot-segments to remove, a host to
/// lower-case).
fn big_url(len: usize) -> String {
    let mut url = String::from("HTTP://Ex%41mple.COM:80/");
    let segment = "Segment%7e%41bcdefgh/./x/../";
    while url.len() + segment.len() <= len {
        url.push_str(segment);
    }
    while url.len() < len {
        url.push('z');
    }
    url
}
