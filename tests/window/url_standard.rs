//! The Inspector showing the URL Standard in the real window, for a person
//! to look at: the parser's states, the URL record with its path as a list,
//! the setters and the query's parameters. The engine is seeded in the saved
//! state (a URL given on the command line would start afresh in THIS).
#![cfg(all(feature = "gui", feature = "cli"))]

use std::time::Duration;

use crate::xwindow::{FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir};

#[test]
fn the_url_standard_view_in_the_real_window() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("url-standard");
    home.seed_state(
        "(input: \"http://user@example.com:80/a/./b/../c?b=2&a=1#top\", engine: url_standard)",
    );
    let (display, app) = XDisplay::start_with_app(&home, &[]);
    display.resize(&app, 1360, 900);
    display.set_clipboard("nothing copied yet");
    // Ctrl+Shift+C copies the href while the URL Standard is shown.
    display.press_until(
        &["ctrl+shift+c"],
        "http://user@example.com/a/c?b=2&a=1#top",
        START_TIMEOUT,
    );
    std::thread::sleep(Duration::from_millis(300));
    display.screenshot(&app, &shots.join("url-standard.png"));
    display.resize(&app, 900, 860);
    display.screenshot(&app, &shots.join("url-standard-narrow.png"));
    app.quit(&display);
}

/// The report of the trace on screen, from a window opened with `--mode
/// whatwg`: Ctrl+Shift+R puts the URL Standard's report on the clipboard
/// (its states, `--mode whatwg` in the command that reproduces it), the
/// same text `canon --mode whatwg --trace --format markdown` prints, and
/// not the 2012 engine's trace.
#[test]
fn ctrl_shift_r_copies_the_url_standard_report_of_the_trace_on_screen() {
    require_tools();
    let input = "http://example.com/a/./b/../c";
    let home = FreshHome::new("url-standard-report");
    let (display, app) = XDisplay::start_with_app(&home, &[input, "--mode", "whatwg"]);
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+shift+c"], "http://example.com/a/c", START_TIMEOUT);
    display.press(&["ctrl+shift+r"]);
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let report = loop {
        let got = display.clipboard();
        if got.starts_with("Reproduce with:") {
            break got;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no report on the clipboard: {got:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let canon = std::process::Command::new(env!("CARGO_BIN_EXE_url-inspector"))
        .args([
            "canon", "--mode", "whatwg", "--trace", "--format", "markdown", input,
        ])
        .output()
        .expect("run canon");
    let printed = String::from_utf8_lossy(&canon.stdout).into_owned();
    let (head, body) = report
        .split_once("```\n\n")
        .expect("the command's fence, then the report");
    assert!(head.contains("--mode whatwg"), "{head}");
    assert!(head.contains("--trace --format markdown"), "{head}");
    assert_eq!(body, printed, "the window's report is canon's");
    assert!(body.contains("`whatwg.scheme-start`"), "{body}");
    assert!(body.contains("path state, 1.2"), "{body}");
    assert!(!body.contains("parse.scheme") && !body.contains("mode: THIS"));
    app.quit(&display);
}
