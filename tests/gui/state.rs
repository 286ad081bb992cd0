//! Nothing lost, without a display: the saved state read at start-up
//! ([`saved_state::prepare`]) from good, broken, unreadable and unwritable
//! places, the message the window then shows, and copying with no
//! clipboard (a clipboard failing with arboard's own error, and the real
//! arboard clipboard in a process with no display at all).
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::kittest::shows_part;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::{self, MemoryClipboard, SystemClipboard};
use url_inspector::app::saved_state::{self, Startup};
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::Mode;

type App = InspectorApp;

/// A folder of the test's own under target/tmp, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("gui-state-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch folder");
    dir
}

/// A fixed "now", so the name of the file kept aside is known.
fn at(secs: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(secs)
}

/// The window as `run` starts it: the state and the start-up message.
fn window(startup: Startup, clipboard: MemoryClipboard) -> Harness<'static, App> {
    let mut app = InspectorApp::new(startup.state, Box::new(clipboard));
    if let Some(message) = startup.message {
        app.report(message, startup.error);
    }
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h
}

#[test]
fn no_saved_state_starts_with_the_defaults_and_says_nothing() {
    let file = scratch("none").join("url-inspector").join("app.ron");
    let startup = saved_state::prepare(Some(&file), at(1));
    assert_eq!(startup.state, State::default());
    assert_eq!(startup.message, None);
    assert!(startup.may_save);
}

#[test]
fn a_good_saved_state_is_the_one_started_with() {
    let file = scratch("good").join("app.ron");
    let saved = State {
        input: "http://saved.example/".into(),
        mode: Mode::Gecko,
        ..State::default()
    };
    std::fs::write(&file, saved_state::to_file_bytes(&saved)).expect("write the state");
    let startup = saved_state::prepare(Some(&file), at(1));
    assert_eq!((startup.state, startup.message), (saved, None));
    assert!(file.exists(), "a good file stays where it is");
}

#[test]
fn a_corrupted_saved_state_is_kept_aside_and_the_window_says_so() {
    let dir = scratch("corrupt");
    let file = dir.join("app.ron");
    let garbage = b"{\"app\": \"(input: \\\"http://a/\\\", mode: \x00\xff\xfe";
    std::fs::write(&file, garbage).expect("write garbage");
    let startup = saved_state::prepare(Some(&file), at(1_700_000_000));

    assert_eq!(startup.state, State::default());
    let aside = dir.join("app.ron.broken-1700000000");
    assert_eq!(
        std::fs::read(&aside).expect("the broken file is kept aside"),
        garbage
    );
    assert!(!file.exists(), "eframe must not find it to write over");
    let message = startup.message.clone().expect("a message");
    assert!(message.contains("not UTF-8 text at byte"), "{message}");
    assert!(
        message.contains(&saved_state::for_people(&aside)),
        "{message}"
    );
    assert!(startup.error && startup.may_save);

    let h = window(startup, MemoryClipboard::default());
    assert!(shows_part(&h, "The saved settings could not be used"));
    assert!(shows_part(&h, "app.ron.broken-1700000000"));
}

#[test]
fn a_truncated_saved_state_is_reported_with_where_it_ends() {
    let dir = scratch("truncated");
    let file = dir.join("app.ron");
    let full = saved_state::to_file_bytes(&State::default());
    std::fs::write(&file, &full[..full.len() - 3]).expect("write a truncated state");
    let startup = saved_state::prepare(Some(&file), at(5));
    let message = startup.message.expect("a message");
    assert!(message.contains("not a RON map"), "{message}");
    assert!(dir.join("app.ron.broken-5").exists());
}

#[test]
fn a_state_entry_of_the_wrong_shape_is_reported() {
    let file = scratch("shape").join("app.ron");
    std::fs::write(&file, r#"{"app": "(input: 42)"}"#).expect("write");
    let startup = saved_state::prepare(Some(&file), at(5));
    let message = startup.message.expect("a message");
    assert!(message.contains("\"app\" entry"), "{message}");
    assert_eq!(startup.state, State::default());
}

#[test]
fn an_unreadable_saved_state_is_moved_aside_too() {
    // A folder where the file should be: reading it fails, for root too.
    let dir = scratch("unreadable");
    let file = dir.join("app.ron");
    std::fs::create_dir_all(file.join("inside")).expect("make the folder");
    let startup = saved_state::prepare(Some(&file), at(7));
    let message = startup.message.expect("a message");
    assert!(message.contains("unreadable"), "{message}");
    assert!(dir.join("app.ron.broken-7").join("inside").is_dir());
    assert!(startup.may_save);
}

#[test]
fn two_broken_files_in_one_second_keep_both() {
    let dir = scratch("twice");
    let file = dir.join("app.ron");
    for garbage in ["first", "second"] {
        std::fs::write(&file, garbage).expect("write");
        saved_state::prepare(Some(&file), at(9));
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("app.ron.broken-9")).ok(),
        Some("first".to_owned())
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("app.ron.broken-9-2")).ok(),
        Some("second".to_owned())
    );
}

#[test]
fn an_unwritable_settings_folder_is_told_once_and_the_app_runs() {
    // XDG_DATA_HOME naming a file: the folder cannot be made, even by root
    // (permission bits would not stop root, who runs CI).
    let dir = scratch("unwritable");
    let data_home = dir.join("data");
    std::fs::write(&data_home, "a file, not a folder").expect("write");
    let file = data_home.join("url-inspector").join("app.ron");
    let startup = saved_state::prepare(Some(&file), at(1));
    let message = startup.message.clone().expect("a message");
    assert!(
        message.starts_with("Settings will not be saved"),
        "{message}"
    );
    assert!(message.contains("cannot be made"), "{message}");
    assert_eq!(startup.state, State::default());

    let mut h = window(startup, MemoryClipboard::default());
    assert!(shows_part(&h, "Settings will not be saved"));
    // Said once: gone with the next change of the inputs, not repeated.
    h.get_by_label("URL").focus();
    h.run();
    h.get_by_label("URL").type_text("x");
    h.run();
    assert!(!shows_part(&h, "Settings will not be saved"));
}

#[test]
fn no_place_for_settings_at_all_is_told() {
    let startup = saved_state::prepare(None, at(1));
    assert!(!startup.may_save);
    assert!(
        startup
            .message
            .is_some_and(|m| m.starts_with("Settings will not be saved"))
    );
}

/// The status a copy without a clipboard gives, with arboard's words.
const NO_CLIPBOARD: &str = "no clipboard (not supported on this desktop)";

#[test]
fn copying_without_a_clipboard_says_so_and_the_value_stays_on_screen() {
    let failing = MemoryClipboard::failing(&clipboard::no_clipboard(
        &arboard::Error::ClipboardNotSupported,
    ));
    let startup = Startup {
        state: State {
            input: "HTTP://Example.COM/a/../b".into(),
            ..State::default()
        },
        message: None,
        error: false,
        may_save: true,
    };
    let mut h = window(startup, failing.clone());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::C);
    h.run();
    assert!(
        shows_part(
            &h,
            &format!("Could not copy the canonical URL: {NO_CLIPBOARD}")
        ),
        "no status naming the missing clipboard"
    );
    assert_eq!(failing.contents(), None);
    // The canonical URL is still shown, to select and copy by hand.
    assert_eq!(
        h.get_by_label("Canonical URL").value().as_deref(),
        Some("http://example.com/b")
    );
    // A row's Copy button fails the same way, and nothing else breaks.
    h.get_by_label("Copy host").click();
    h.run();
    assert!(shows_part(
        &h,
        &format!("Could not copy the host: {NO_CLIPBOARD}")
    ));
}

/// Set in the child process of the next test.
const CHILD: &str = "URL_INSPECTOR_NO_DISPLAY_CHILD";

#[test]
fn the_real_clipboard_with_no_display_reports_no_clipboard() {
    if std::env::var_os(CHILD).is_some() {
        return no_display_child();
    }
    // The same test binary, in a process with no X and no Wayland display,
    // runs the child part below: arboard itself finds no clipboard.
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            // The test's path in the test binary, module included.
            concat!(
                module_path!(),
                "::the_real_clipboard_with_no_display_reports_no_clipboard"
            )
            .split_once("::")
            .map_or("", |(_, path)| path),
            "--nocapture",
        ])
        .env(CHILD, "1")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("child: no clipboard reported"),
        "the child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn no_display_child() {
    let ctx = egui::Context::default();
    let mut real = SystemClipboard::new(ctx.clone());
    let failed = clipboard::Clipboard::set_text(&mut real, "http://a/")
        .expect_err("a copy with no display cannot succeed");
    assert!(failed.starts_with("no clipboard ("), "{failed}");

    // Through the window: the status says so, and the app goes on.
    let app = InspectorApp::new(State::default(), Box::new(real));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::C);
    h.run();
    assert!(shows_part(
        &h,
        "Could not copy the canonical URL: no clipboard ("
    ));
    println!("child: no clipboard reported ({failed})");
}
