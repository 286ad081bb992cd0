//! Nothing lost, in the real window: the real binary under Xvfb with a
//! fresh HOME, driven by real key events (xdotool). SIGTERM and SIGINT save
//! the last input; a corrupted saved state starts the app with the defaults,
//! says so, and is kept aside; a settings folder that cannot be made is
//! told; a clipboard that goes away is told when copying.
//!
//! The screenshots go to `target/window-tests/state-*.png`.
#![cfg(all(feature = "gui", feature = "cli"))]

use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::xwindow::{ACTION_TIMEOUT, App, FreshHome, XDisplay, require_tools, screenshot_dir};
use url_inspector::app::State;

/// How long the app may take to save and end after a signal.
const EXIT_TIMEOUT: Duration = Duration::from_secs(20);

/// Types `text` as real key events into the focused field.
fn type_text(display: &XDisplay, text: &str) {
    display
        .run("xdotool", &["type", "--delay", "40", text])
        .unwrap_or_else(|| panic!("xdotool could not type {text:?}"));
    sleep(Duration::from_millis(300));
}

/// Replaces the URL field's text with `text` and waits until the app holds
/// it (Ctrl+L selects the field, Ctrl+C copies it back). Typed again if a
/// key was lost: a key sent before the frame that focuses the field goes
/// elsewhere, which is no fault of the app's.
fn set_input(display: &XDisplay, text: &str) {
    for _ in 0..3 {
        display.press(&["ctrl+l"]);
        sleep(Duration::from_millis(400));
        type_text(display, text);
        display.press(&["ctrl+l", "ctrl+c"]);
        if display
            .wait_for_clipboard(text, Duration::from_secs(3))
            .is_ok()
        {
            return;
        }
    }
    display.press_until(&["ctrl+l", "ctrl+c"], text, ACTION_TIMEOUT);
}

/// Sends `signal` (e.g. "TERM") to the app's process.
fn signal(app: &App, signal: &str) {
    let pid = app.child.id().to_string();
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &pid])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -{signal} {pid} failed");
}

/// Waits for the app to end; fails unless it ended on its own with status 0
/// (a process the signal killed ends with the signal, not 0).
fn wait_for_clean_exit(mut app: App, what: &str) {
    let deadline = Instant::now() + EXIT_TIMEOUT;
    loop {
        match app.child.try_wait() {
            Ok(Some(status)) => {
                assert!(
                    status.success(),
                    "after {what} the app ended with {status}, not by closing:\n{}",
                    app.log_text()
                );
                return;
            }
            Ok(None) if Instant::now() < deadline => sleep(Duration::from_millis(100)),
            _ => panic!("{what} did not end the app:\n{}", app.log_text()),
        }
    }
}

/// The folder of the saved state in `home` (eframe's storage folder).
fn state_dir(home: &FreshHome) -> PathBuf {
    let data = home
        .env()
        .into_iter()
        .find(|(name, _)| *name == "XDG_DATA_HOME")
        .map(|(_, path)| path)
        .expect("the fresh HOME sets XDG_DATA_HOME");
    data.join("url-inspector")
}

/// Whether eframe's file already holds `text` (a periodic save came first).
fn saved_file_holds(home: &FreshHome, text: &str) -> bool {
    std::fs::read_to_string(state_dir(home).join("app.ron")).is_ok_and(|s| s.contains(text))
}

#[test]
fn sigterm_and_sigint_save_the_last_input() {
    require_tools();
    let display = XDisplay::start();
    let home = FreshHome::new("state-signals");
    for (sig, typed) in [
        ("TERM", "http://saved.example/after-sigterm?q=1"),
        ("INT", "http://saved.example/after-sigint#f"),
    ] {
        let app = display.launch(&home, &[]);
        set_input(&display, typed);
        // The app saves every 5 s too; say which save the next start shows.
        let periodic = saved_file_holds(&home, typed);
        signal(&app, sig);
        wait_for_clean_exit(app, &format!("SIG{sig}"));
        println!(
            "SIG{sig}: the input was {} saved by the periodic save before the signal",
            if periodic { "already" } else { "not yet" }
        );
        assert!(
            saved_file_holds(&home, typed),
            "SIG{sig} left no save of {typed:?}"
        );

        let again = display.launch(&home, &[]);
        display.press_until(&["ctrl+l", "ctrl+c"], typed, ACTION_TIMEOUT);
        again.quit(&display);
    }
}

#[test]
fn a_corrupted_saved_state_starts_with_the_defaults_and_is_kept_aside() {
    require_tools();
    let display = XDisplay::start();
    let home = FreshHome::new("state-corrupt");
    let dir = state_dir(&home);
    std::fs::create_dir_all(&dir).expect("create the state folder");
    // A state cut off in the middle of a string, then bytes no editor wrote.
    let garbage: &[u8] = b"{\n    \"app\": \"(input:\\\"http://lost.example/\xff\xfe\x00\x01";
    std::fs::write(dir.join("app.ron"), garbage).expect("seed the garbage");

    let app = display.launch(&home, &[]);
    let shot = screenshot_dir().join("state-corrupted.png");
    display.screenshot(&app, &shot);
    // The defaults: the example URL is in the URL field.
    let default_input = State::default().input;
    display.press_until(&["ctrl+l", "ctrl+c"], &default_input, ACTION_TIMEOUT);

    let kept = kept_aside(&dir);
    assert_eq!(kept.len(), 1, "one file kept aside: {kept:?}");
    assert_eq!(std::fs::read(&kept[0]).ok().as_deref(), Some(garbage));
    // Quitting saves a good state, and leaves the old one as it was.
    app.quit(&display);
    assert_eq!(std::fs::read(&kept[0]).ok().as_deref(), Some(garbage));
    assert!(
        saved_file_holds(&home, "utf-8"),
        "no new state was saved after the corrupted one"
    );
    assert_eq!(kept_aside(&dir).len(), 1, "a good state is not moved aside");
}

/// The files named `app.ron.broken-*` in `dir`.
fn kept_aside(dir: &PathBuf) -> Vec<PathBuf> {
    let mut kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read the state folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("app.ron.broken-"))
        })
        .collect();
    kept.sort();
    kept
}

#[test]
fn a_settings_folder_that_cannot_be_made_is_told_and_the_app_works() {
    require_tools();
    let display = XDisplay::start();
    let home = FreshHome::new("state-unwritable");
    // XDG_DATA_HOME is a file: no folder can be made in it (not even by
    // root, who ignores permission bits).
    let data = state_dir(&home)
        .parent()
        .expect("the data folder")
        .to_path_buf();
    std::fs::remove_dir_all(&data).expect("remove the data folder");
    std::fs::write(&data, "not a folder").expect("put a file in its place");

    let app = display.launch(&home, &[]);
    display.screenshot(&app, &screenshot_dir().join("state-unwritable.png"));
    set_input(&display, "http://works.example/anyway");
    app.quit(&display);
    assert_eq!(
        std::fs::read_to_string(&data).ok().as_deref(),
        Some("not a folder")
    );
}

#[test]
fn a_clipboard_that_goes_away_is_told_when_copying() {
    require_tools();
    let display = XDisplay::start();
    let home = FreshHome::new("state-clipboard");
    let app = display.launch(&home, &[]);
    // First a copy that works.
    set_input(&display, "HTTP://Example.COM/a/../b");
    display.press_until(&["ctrl+shift+c"], "http://example.com/b", ACTION_TIMEOUT);

    // The app's clipboard connection (arboard's, shared with the text
    // fields) has the only window without a name; end that X client as the
    // server would end a lost connection. The window's own connection stays.
    let root = display
        .run("xdotool", &["search", "--maxdepth", "0", "--name", "^$"])
        .and_then(|out| crate::xwindow::first_line(&out))
        .expect("the root window");
    let unnamed = display
        .run("xdotool", &["search", "--maxdepth", "1", "--name", "^$"])
        .map(|out| String::from_utf8_lossy(&out).into_owned())
        .unwrap_or_default();
    let clipboard_windows: Vec<&str> = unnamed
        .lines()
        .map(str::trim)
        .filter(|id| !id.is_empty() && *id != root && *id != app.window)
        .collect();
    assert_eq!(
        clipboard_windows.len(),
        1,
        "expected arboard's one window, found {clipboard_windows:?}"
    );
    display
        .run("xdotool", &["windowkill", clipboard_windows[0]])
        .expect("xdotool could not end the clipboard's client");
    display
        .wait_for_clipboard("", ACTION_TIMEOUT)
        .unwrap_or_else(|got| panic!("the clipboard still holds {got:?} with its owner gone"));

    // Copying now fails, and says so (see the screenshot).
    display.press(&["ctrl+shift+c"]);
    let shot = screenshot_dir().join("state-no-clipboard.png");
    display.screenshot(&app, &shot);
    assert_eq!(
        display.clipboard(),
        "",
        "a copy with no clipboard cannot succeed"
    );
    // The app goes on: the URL field still takes keys, and Ctrl+Q ends it
    // with success.
    display.press(&["ctrl+l"]);
    type_text(&display, "http://still.example/");
    display.screenshot(&app, &screenshot_dir().join("state-no-clipboard-after.png"));
    app.quit(&display);
}
