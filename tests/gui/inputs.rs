//! The input fields: pastes kept exactly, and values too long for a text
//! field (over 16 KiB), whose editor answers the keys a text field would
//! (Ctrl+L, then paste, copy, cut, typing, Delete, the caret keys, undo).
//! Driven through egui_kittest; tests/window/inspector.rs checks the same with real
//! keys and the real X clipboard.
#![cfg(feature = "gui")]

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};

fn big_input() -> String {
    format!("http://example.com/{}", "p".repeat(100 * 1024))
}

/// A window showing a too-long input, nothing focused.
fn window_with_big_input() -> (Harness<'static, InspectorApp>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let state = State {
        input: big_input(),
        ..State::default()
    };
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), app);
    h.run();
    (h, clipboard)
}

/// A window showing a too-long input, with the preview focused by Ctrl+L.
fn focused_preview() -> (Harness<'static, InspectorApp>, MemoryClipboard) {
    let (mut h, clipboard) = window_with_big_input();
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run();
    (h, clipboard)
}

#[test]
fn ctrl_l_then_paste_replaces_a_value_too_long_to_edit() {
    let (mut h, _) = focused_preview();
    h.event(Event::Paste("http://small.example/".into()));
    h.run();
    assert_eq!(h.state().state.input, "http://small.example/");
}

#[test]
fn ctrl_l_then_copy_copies_the_whole_value_and_cut_empties_it() {
    let (mut h, clipboard) = focused_preview();
    h.event(Event::Copy);
    h.run();
    assert_eq!(clipboard.contents(), Some(big_input()));
    assert_eq!(h.state().state.input, big_input());
    let mut clipboard2 = clipboard.clone();
    url_inspector::app::clipboard::Clipboard::set_text(&mut clipboard2, "nothing yet").unwrap();
    h.event(Event::Cut);
    h.run();
    assert_eq!(clipboard.contents(), Some(big_input()));
    assert!(h.state().state.input.is_empty());
}

#[test]
fn typing_or_delete_on_the_focused_preview_replaces_or_clears_it() {
    let (mut h, _) = focused_preview();
    h.event(Event::Text("h".into()));
    h.run();
    assert_eq!(h.state().state.input, "h");

    let (mut h, _) = focused_preview();
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().state.input.is_empty());
}

#[test]
fn without_focus_the_preview_leaves_keys_alone() {
    let (mut h, _) = window_with_big_input();
    h.event(Event::Paste("http://small.example/".into()));
    h.run();
    assert_eq!(h.state().state.input, big_input());
}

/// A window over `state` whose URL field has the focus.
fn focused_url(state: State) -> (Harness<'static, InspectorApp>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    // The fonts the real window has: a pasted U+FFFD is drawn, not a panic.
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_context_setup(url_inspector::app::fonts::install)
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), app);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run();
    (h, clipboard)
}

fn empty() -> State {
    State {
        input: String::new(),
        ..State::default()
    }
}

/// What `url-inspector canon` answers for `input` (the engine, run as the
/// command line runs it).
fn canon(input: &str) -> Option<String> {
    use url_inspector::engine::{self, NoTrace, Options};
    engine::run(input, &Options::default(), &mut NoTrace).canon
}

#[test]
fn a_paste_keeps_its_line_breaks_tabs_and_controls() {
    for pasted in [
        "http://example.com/a\n/b",
        "http://example.com/a\r\n/b\t?q=1\u{0}\u{85}#\u{FFFD}\u{FDD0}",
        "\n",
    ] {
        let (mut h, _) = focused_url(empty());
        h.event(Event::Paste(pasted.into()));
        h.run();
        assert_eq!(h.state().state.input, pasted, "{pasted:?}");
        let shown = h.state().analysis().and_then(|a| a.outcome.canon.clone());
        assert_eq!(shown, canon(pasted), "{pasted:?}");
    }
    // The line feed is removed by the spec's preprocessing, not by the field.
    assert_eq!(
        canon("http://example.com/a\n/b").as_deref(),
        Some("http://example.com/a/b")
    );
}

#[test]
fn a_paste_eframe_gave_without_its_carriage_returns_gets_them_back() {
    let (mut h, mut clipboard) = focused_url(empty());
    let copied = "http://example.com/a\r\n/b";
    url_inspector::app::clipboard::Clipboard::set_text(&mut clipboard, copied).unwrap();
    // eframe turns CR LF into LF on the way in.
    h.event(Event::Paste(copied.replace("\r\n", "\n")));
    h.run();
    assert_eq!(h.state().state.input, copied);
}

#[test]
fn a_paste_into_an_escaped_field_stays_literal() {
    let (mut h, _) = focused_url(State {
        escapes: true,
        ..empty()
    });
    h.event(Event::Paste("http://a/\\u{41}\u{200B}".into()));
    h.run();
    assert_eq!(h.state().state.input, "http://a/\\u{41}\u{200B}");
}

/// Frames until the worker has answered for a long value (a debug build
/// takes more frames than `Harness::run` allows), then until all is still.
fn settle(h: &mut Harness<'static, InspectorApp>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    h.step();
    while h.state().is_computing() {
        assert!(
            std::time::Instant::now() < deadline,
            "the worker never finished"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    super::kittest::settle(h, std::time::Duration::from_secs(60));
}

#[test]
fn a_long_paste_stays_editable_and_undoable() {
    let (mut h, clipboard) = focused_url(State {
        input: "http://start/".into(),
        ..State::default()
    });
    // Ctrl+L selected the start value: the paste replaces it.
    let big = format!("http://example.com/{}", "p".repeat(1024 * 1024));
    h.event(Event::Paste(big.clone()));
    settle(&mut h);
    assert_eq!(h.state().state.input, big);
    // Typing inserts at the caret, after the paste.
    h.event(Event::Text("x".into()));
    settle(&mut h);
    assert_eq!(h.state().state.input, format!("{big}x"));
    // Backspace, ← and typing work at the caret.
    h.key_press(Key::ArrowLeft);
    h.event(Event::Text("y".into()));
    settle(&mut h);
    assert_eq!(h.state().state.input, format!("{big}yx"));
    h.key_press(Key::Backspace);
    settle(&mut h);
    assert_eq!(h.state().state.input, format!("{big}x"));
    // Ctrl+L, Ctrl+C: the whole value.
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    settle(&mut h);
    h.event(Event::Copy);
    settle(&mut h);
    assert_eq!(clipboard.contents(), Some(format!("{big}x")));
    // Ctrl+Z takes back the edits one by one, then the paste.
    for expected in [format!("{big}yx"), format!("{big}x"), big.clone()] {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut h);
        assert!(
            h.state().state.input == expected,
            "undo gave {} bytes",
            h.state().state.input.len()
        );
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().state.input, "http://start/");
    // The small value is a text field again; Ctrl+Y from there is its own.
    assert_eq!(
        h.get_by_label("URL").value().as_deref(),
        Some("http://start/")
    );
}

/// A 10 MB paste stays a field that answers: each keystroke after it is one
/// frame that edits the value in place (the figures are printed, not
/// asserted: they depend on the machine; the window tests and
/// `benches/frames.rs` time the real thing).
#[test]
fn a_ten_megabyte_paste_takes_keystrokes_in_place() {
    let (mut h, _) = focused_url(empty());
    let big = "p".repeat(10 * 1024 * 1024);
    let pasted = std::time::Instant::now();
    h.event(Event::Paste(big.clone()));
    h.step();
    let paste_frame = pasted.elapsed();
    let mut slowest = std::time::Duration::ZERO;
    for c in ["a", "b", "c", "d", "e"] {
        let t = std::time::Instant::now();
        h.event(Event::Text(c.into()));
        h.step();
        slowest = slowest.max(t.elapsed());
    }
    println!(
        "10 MB: paste frame {paste_frame:?}, slowest keystroke frame {slowest:?} (debug build)"
    );
    assert_eq!(h.state().state.input.len(), big.len() + 5);
    assert!(h.state().state.input.ends_with("pabcde"));
}
