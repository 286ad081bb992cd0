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
