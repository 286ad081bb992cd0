//! The Compare view in the real window: the binary under its own Xvfb
//! display, launched with a URL and `--base`, switched to the view with a
//! real F3, at 1280×800 (the size the view must fit without scrolling
//! sideways). For each case the window must still answer in the view
//! (Ctrl+L, Ctrl+C gives the URL field's text; Ctrl+Shift+C the canonical
//! URL where THIS finds one), and the view chosen must be the one saved
//! on Ctrl+Q. Screenshots go to `target/window-tests/compare-*.png` for a
//! person to look at (the README's are copied from there into `docs/`).
//!
//! Needs the tools tests/window/inspector.rs needs (`scripts/setup` installs them).

#![cfg(all(feature = "gui", feature = "cli"))]

use std::time::Duration;

use crate::xwindow::{
    ACTION_TIMEOUT, FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir,
};
use url_inspector::engine::{self, NoTrace, Options};

/// One screenshot: its name, the input and the base.
struct Case {
    name: &'static str,
    input: &'static str,
    base: &'static str,
}

const CASES: [Case; 4] = [
    // A relative reference on a page, as a link in HTML has it.
    Case {
        name: "compare-typical",
        input: "../images/photo.jpg?size=large&v=2#top",
        base: "https://www.example.com/blog/2024/05/post.html?ref=home",
    },
    // An IDN host: THIS and CHROME write Punycode, GECKO and IE keep
    // Unicode (GECKO for the top-level domains on its list, as .de is).
    Case {
        name: "compare-idn",
        input: "https://B\u{fc}cher.de/Stra\u{df}e?q=\u{e4}",
        base: "",
    },
    // More `..` than the base has segments.
    Case {
        name: "compare-dots",
        input: "../../../../g/./h?x",
        base: "http://a/b/c/d;p?q",
    },
    // A relationship target in an Office document: backslashes and a
    // trailing dot, against the part that holds it.
    Case {
        name: "compare-opc",
        input: "..\\media\\image1.png.",
        base: "/word/document.xml",
    },
];

/// The time given the view to lay itself out after F3 before a screenshot.
const SETTLE: Duration = Duration::from_millis(700);

#[test]
fn compare_view_in_the_real_window() {
    require_tools();
    let shots = screenshot_dir();
    for case in &CASES {
        let home = FreshHome::new(case.name);
        let mut args = vec![case.input];
        if !case.base.is_empty() {
            args.extend(["--base", case.base]);
        }
        let (display, app) = XDisplay::start_with_app(&home, &args);
        display.resize(&app, 1280, 800);

        // The window is ready once Ctrl+L, Ctrl+C gives the URL back.
        display.set_clipboard("nothing copied yet");
        display.press_until(&["ctrl+l", "ctrl+c"], case.input, START_TIMEOUT);
        display.press(&["F3"]);

        // In the Compare view the shortcuts still work: the URL field's
        // text, and the canonical URL where THIS finds one.
        display.set_clipboard("nothing copied yet");
        display.press_until(&["ctrl+l", "ctrl+c"], case.input, ACTION_TIMEOUT);
        if let Some(canon) = canonical(case.input, case.base) {
            display.press_until(&["ctrl+shift+c"], &canon, ACTION_TIMEOUT);
        }
        // Tab moves the focus out of the field, so its selection does not
        // stand out in the screenshot.
        display.press(&["Tab"]);
        std::thread::sleep(SETTLE);
        let path = shots.join(format!("{}.png", case.name));
        let brightness = display.screenshot(&app, &path);
        println!(
            "{}: {} (brightness {brightness:.2})",
            case.name,
            path.display()
        );

        app.quit(&display);
        let saved = home.saved_state();
        assert!(
            saved.contains("view:Compare"),
            "{}: F3 did not leave the window in the Compare view; saved: {saved:.300}",
            case.name
        );
    }
}

/// The light theme, with the Compare view chosen last time: the window opens
/// in it (no F3), and its marks are readable on a light background.
///
/// Interpretation: as in tests/window/inspector.rs, the theme and the view are seeded
/// in the saved state rather than chosen through menus by pointer position.
#[test]
fn light_theme_opens_in_the_compare_view_it_was_left_in() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("compare-light");
    home.seed_state("(theme: Light, view: Compare)");
    let case = &CASES[1];
    let (display, app) = XDisplay::start_with_app(&home, &[case.input]);
    display.resize(&app, 1280, 800);
    display.set_clipboard("nothing copied yet");
    let canon = canonical(case.input, case.base).expect("THIS finds the IDN example valid");
    display.press_until(&["ctrl+shift+c"], &canon, START_TIMEOUT);
    std::thread::sleep(SETTLE);
    let path = shots.join("compare-light.png");
    let brightness = display.screenshot(&app, &path);
    assert!(
        brightness > 0.6,
        "the light theme's window is dark (brightness {brightness:.2}): the seeded state was not read"
    );
    app.quit(&display);
    assert!(home.saved_state().contains("view:Compare"));
}

/// What the app copies with Ctrl+Shift+C: the engine's answer in mode THIS
/// (none when it finds the input invalid).
fn canonical(input: &str, base: &str) -> Option<String> {
    engine::run(input, &Options::default().base(base), &mut NoTrace).canon
}

/// The pair and the host matrix at 800×600, as a person checking an
/// application's URL filter sees them: the parser that checks (Python's
/// urllib) and the one that fetches (urllib3, what `requests` connects
/// to), chosen in the saved state, on a payload that gets through. The
/// first screenshot shows the pair's verdict above the table; the second,
/// scrolled down, the pair picker and the matrix with the pair's cell
/// outlined and the step where each side took its host.
///
/// Interpretation: as elsewhere here, the pair and the rows shown (the
/// libraries, THIS always) are seeded in the saved state rather than picked
/// by pointer position; the kittest test `compare::a_click_in_the_host_matrix…`
/// drives the picking itself.
#[test]
fn the_pair_and_the_host_matrix_at_800_by_600() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("compare-pair");
    home.seed_state(
        "(view: Compare, compare: (check: \"python\", fetch: \"urllib3\", \
         hidden_groups: [\"spec-2012\", \"browsers\"]))",
    );
    let input = "http://evil.com\\@good.com/";
    let (display, app) = XDisplay::start_with_app(&home, &[input]);
    display.resize(&app, 800, 600);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+l", "ctrl+c"], input, START_TIMEOUT);
    display.press(&["Tab"]);
    std::thread::sleep(SETTLE);
    let top = shots.join("compare-pair-800x600.png");
    display.screenshot(&app, &top);
    // Scroll the view down (the wheel over the table) to the pair picker,
    // then on to the matrix.
    for (clicks, name) in [
        ("5", "compare-pair-picker-800x600"),
        ("3", "compare-host-matrix-800x600"),
    ] {
        display
            .run(
                "xdotool",
                &[
                    "mousemove",
                    "--window",
                    &app.window,
                    "400",
                    "450",
                    "click",
                    "--repeat",
                    clicks,
                    "5",
                ],
            )
            .expect("xdotool could not scroll");
        display
            .run("xdotool", &["mousemove", "1599", "999"])
            .expect("xdotool could not move the pointer");
        std::thread::sleep(SETTLE);
        display.screenshot(&app, &shots.join(format!("{name}.png")));
    }
    app.quit(&display);
    let saved = home.saved_state();
    assert!(
        saved.contains("check:\\\"python\\\"") && saved.contains("fetch:\\\"urllib3\\\""),
        "the pair is kept: {saved:.400}"
    );
}

/// Compare with a second URL at 800×600, the 2012 spec's modes, the
/// browsers and the libraries folded away so the canonical forms are in
/// sight: the real binary
/// opened with the input, B's field holding the other spelling. Ctrl+Q
/// saves B with the view.
#[test]
fn two_urls_compared_at_800_by_600() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("compare-same");
    let b = "http://EXAMPLE.com:80/a?a=2&b=1";
    home.seed_state(&format!(
        "(view: Compare, compare: (other: Some(\"{b}\"), reference: \"whatwg\", \
         hidden_groups: [\"spec-2012\", \"standards\", \"browsers\", \"libraries\"]))"
    ));
    let input = "http://example.com/a?b=1&a=2";
    let (display, app) = XDisplay::start_with_app(&home, &[input]);
    display.resize(&app, 800, 600);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+l", "ctrl+c"], input, START_TIMEOUT);
    display.press(&["Tab"]);
    std::thread::sleep(SETTLE);
    display.screenshot(&app, &shots.join("compare-same-800x600.png"));
    // The wheel over the table, down to the canonical forms' rows.
    display
        .run(
            "xdotool",
            &[
                "mousemove",
                "--window",
                &app.window,
                "400",
                "450",
                "click",
                "--repeat",
                "2",
                "5",
            ],
        )
        .expect("xdotool could not scroll");
    display
        .run("xdotool", &["mousemove", "1599", "999"])
        .expect("xdotool could not move the pointer");
    std::thread::sleep(SETTLE);
    display.screenshot(&app, &shots.join("compare-same-forms-800x600.png"));
    app.quit(&display);
    let saved = home.saved_state();
    assert!(
        saved.contains("EXAMPLE.com:80/a?a=2&b=1"),
        "B is kept: {saved:.400}"
    );
}
