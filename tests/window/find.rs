//! The Find view in the real window at 800×600: the binary under its own
//! Xvfb display, its question seeded in the saved state, searched with a
//! real Enter (the view opens with the cursor in its first field), the
//! first result open at its two parting steps. Ctrl+Shift+C copies that
//! result's URL through the real X clipboard, and it must be a URL that
//! gets through the pair on the models. The screenshot goes to
//! `target/window-tests/find-800x600.png` for a person to look at (the
//! docs' copy is taken from there).

use std::time::Duration;

use crate::xwindow::{FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir};
use url_inspector::confuse::{self, Rule, Target};
use url_inspector::resolvers::Request;
use url_inspector::resolvers::pair::Stack;

#[test]
fn find_at_800_by_600_with_a_result_open() {
    require_tools();
    let shots = screenshot_dir();
    let home = FreshHome::new("find");
    home.seed_state(
        "(view: Find, find: (check: \"python\", fetch: \"urllib3\", allowed: \"good.com\", \
         target: \"127.0.0.1\", rule: \"equals\", seconds: 1))",
    );
    let (display, app) = XDisplay::start_with_app(&home, &[]);
    display.resize(&app, 800, 600);
    display.set_clipboard("nothing copied yet");
    // Enter in the focused field searches (a second); Ctrl+Shift+C copies
    // the open result once there is one.
    let deadline = std::time::Instant::now() + START_TIMEOUT;
    display.press(&["Return"]);
    let url = loop {
        std::thread::sleep(Duration::from_millis(500));
        display.press(&["ctrl+shift+c"]);
        let got = display.clipboard();
        if got != "nothing copied yet" {
            break got;
        }
        assert!(std::time::Instant::now() < deadline, "no result was copied");
    };
    let stack = Stack::Python.pair();
    let request = Request::new(&url);
    let check = stack.check.resolve(&request);
    let fetch = stack.fetch.resolve(&request);
    assert!(Rule::Equals.passes(&check, "good.com"), "{url}: {check:?}");
    assert!(
        confuse::reaches(&fetch, &Target::parse("127.0.0.1").expect("an address")),
        "{url}: {fetch:?}"
    );
    display
        .run("xdotool", &["mousemove", "1599", "999"])
        .expect("xdotool could not move the pointer");
    std::thread::sleep(Duration::from_millis(700));
    display.screenshot(&app, &shots.join("find-800x600.png"));
    app.quit(&display);
    let saved = home.saved_state();
    assert!(
        saved.contains("view:Find"),
        "the view is kept: {saved:.300}"
    );
}
