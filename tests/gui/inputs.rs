//! The input fields with values too long for a text field (over 16 KiB):
//! the preview shown instead still answers the keys a field whose text is
//! all selected would (Ctrl+L, then paste, copy, cut, typing, Delete).
//! Driven through egui_kittest; tests/window/inspector.rs checks the same with real
//! keys and the real X clipboard.
#![cfg(feature = "gui")]

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
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
