//! What is pasted is what is inspected, in the real window: the binary
//! under Xvfb, real keys from `xdotool`, the real X clipboard through
//! `xclip`. A URL with a line feed (and one with CR LF, tabs and invisible
//! characters) is pasted into the URL field; the canonical URL the window
//! copies is the one `url-inspector canon` prints for the same text, and
//! the field copies back exactly what was pasted. A 1 MB paste stays a
//! field: one typed character goes at the end, and Ctrl+L, Ctrl+C read
//! back the whole input with that character.
//!
//! Screenshots: `target/window-tests/control-characters.png` (the field
//! drawing each hidden character as a muted picture) and
//! `long-value-typed.png`.
#![cfg(all(feature = "gui", feature = "cli"))]

use std::time::Instant;

use crate::xwindow::{
    ACTION_TIMEOUT, FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir,
};

/// What `url-inspector canon INPUT` prints for `input`, without its newline.
fn canon_of(input: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_url-inspector"))
        .args(["canon", "--", input])
        .output()
        .expect("run url-inspector canon");
    assert!(out.status.success(), "canon refused {input:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    text.strip_suffix('\n').unwrap_or(&text).to_owned()
}

/// Pastes `text` over the URL field's content (Ctrl+L, Ctrl+V).
fn paste_into_url(display: &XDisplay, text: &str) {
    display.set_clipboard(text);
    display.press(&["ctrl+l"]);
    display.press(&["ctrl+v"]);
}

#[test]
fn a_pasted_line_feed_reaches_the_engine_as_canon_sees_it() {
    require_tools();
    let shots = screenshot_dir();
    let display = XDisplay::start();
    let home = FreshHome::new("fidelity");
    let app = display.launch(&home, &["http://start.example/"]);
    display.set_clipboard("nothing copied yet");
    display.press_until(
        &["ctrl+l", "ctrl+c"],
        "http://start.example/",
        START_TIMEOUT,
    );

    let cases = [
        "http://example.com/a\n/b",
        "http://example.com/a\r\n/b\t/c",
        "http://Ex\tample.com/x\u{200B}y/\u{202E}z?q=\u{85}1",
    ];
    for pasted in cases {
        let expected = canon_of(pasted);
        paste_into_url(&display, pasted);
        display.press_until(&["ctrl+shift+c"], &expected, ACTION_TIMEOUT);
        // The field holds the text exactly as pasted (CR LF included).
        display.press_until(&["ctrl+l", "ctrl+c"], pasted, ACTION_TIMEOUT);
        println!("{pasted:?}: window and canon agree on {expected:?}");
    }
    // The spec's preprocessing removes the line feed; the field did not
    // turn it into a space (which would give `a%20/b`).
    assert_eq!(canon_of(cases[0]), "http://example.com/a/b");
    display.press(&["End"]);
    display.screenshot(&app, &shots.join("control-characters.png"));
    app.quit(&display);
}

#[test]
fn a_one_megabyte_paste_takes_a_typed_character_at_the_end() {
    require_tools();
    let shots = screenshot_dir();
    let display = XDisplay::start();
    let home = FreshHome::new("long-value");
    let app = display.launch(&home, &["http://start.example/"]);
    display.set_clipboard("nothing copied yet");
    display.press_until(
        &["ctrl+l", "ctrl+c"],
        "http://start.example/",
        START_TIMEOUT,
    );

    let big = format!("http://example.com/{}", "p".repeat(1024 * 1024));
    paste_into_url(&display, &big);
    // The paste has arrived when Ctrl+L, Ctrl+C give it back.
    display.press_until(&["ctrl+l", "ctrl+c"], &big, ACTION_TIMEOUT);
    // The caret goes to the end (End), one character is typed there.
    display.press(&["End"]);
    let typed = Instant::now();
    display.press(&["z"]);
    let expected = format!("{big}z");
    display.press_until(&["ctrl+l", "ctrl+c"], &expected, ACTION_TIMEOUT);
    println!(
        "1 MB value: the typed character read back {:?} after the key",
        typed.elapsed()
    );
    display.press(&["End"]);
    display.screenshot(&app, &shots.join("long-value-typed.png"));
    // Ctrl+Z twice: the character, then the paste.
    display.press(&["ctrl+z"]);
    display.press_until(&["ctrl+l", "ctrl+c"], &big, ACTION_TIMEOUT);
    display.press(&["End", "ctrl+z"]);
    display.press_until(
        &["ctrl+l", "ctrl+c"],
        "http://start.example/",
        ACTION_TIMEOUT,
    );
    app.quit(&display);
}
