//! The window, driven through its accessibility tree with egui_kittest: the
//! way a screen reader (or a user with a keyboard) reaches it. Nothing is
//! rendered, so no GPU or display is needed: these run under plain
//! `cargo test`.
#![cfg(feature = "gui")]

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::Mode;

type App = InspectorApp;

/// A window over `state`, with a clipboard the test can read.
fn window(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    (harness, clipboard)
}

fn empty_state() -> State {
    State {
        input: String::new(),
        ..State::default()
    }
}

fn canonical(h: &Harness<'_, App>) -> Option<String> {
    h.get_by_label("Canonical URL").value()
}

/// Whether the row of `component` shows a value equal to `text`.
fn row_shows(h: &Harness<'_, App>, component: &str, text: &str) -> bool {
    h.get_by_label(&format!("{component} row"))
        .query_all_by_label(text)
        .next()
        .is_some()
}

/// Whether some node's label is `text`.
fn shows(h: &Harness<'_, App>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

/// Whether some node's label contains `text`.
fn shows_part(h: &Harness<'_, App>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn type_into(h: &mut Harness<'_, App>, field: &str, text: &str) {
    h.get_by_label(field).focus();
    h.run();
    h.get_by_label(field).type_text(text);
    h.run();
}

#[test]
fn typing_an_input_and_a_base_shows_the_host_and_the_canonical_url() {
    let (mut h, _) = window(empty_state());
    h.run();
    type_into(&mut h, "URL", "../d/./e?q=\u{e9}");
    type_into(&mut h, "Base URL", "HTTP://Example.COM:80/a/b/c");
    assert_eq!(
        canonical(&h).as_deref(),
        Some("http://example.com/a/d/e?q=%C3%A9")
    );
    assert!(row_shows(&h, "host", "example.com"));
    // Parsed alone, the relative input has no host: shown as absent, not empty.
    assert!(row_shows(&h, "host", "absent"));
    // The query as a parameter table, decoded.
    assert!(
        h.get_by_label("Query parameter table")
            .query_by_label("\u{e9}")
            .is_some()
    );
}

#[test]
fn absent_and_empty_are_told_apart() {
    let (mut h, _) = window(State {
        input: "http://a/?".into(),
        ..State::default()
    });
    h.run();
    assert!(row_shows(&h, "query", "\"\" (empty)"));
    assert!(row_shows(&h, "fragment", "absent"));
    assert!(!row_shows(&h, "fragment", "\"\" (empty)"));
}

#[test]
fn the_mode_changes_the_host_where_browsers_differ() {
    let (mut h, _) = window(State {
        input: "http://LocalHost%2a/".into(),
        ..State::default()
    });
    h.run();
    assert!(row_shows(&h, "host", "localhost%2A"), "THIS");
    h.get_by_label("GECKO").click();
    h.run();
    assert_eq!(h.state().state.mode, Mode::Gecko);
    assert!(row_shows(&h, "host", "localhost%2a"), "GECKO");
    h.get_by_label("IE").click();
    h.run();
    assert!(row_shows(&h, "host", "localhost%2a"), "IE");
    // And back by keyboard.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num1);
    h.run();
    assert_eq!(h.state().state.mode, Mode::This);
    assert!(row_shows(&h, "host", "localhost%2A"));
}

#[test]
fn an_unknown_encoding_label_is_named_there() {
    let (mut h, _) = window(State {
        encoding: String::new(),
        ..State::default()
    });
    h.run();
    type_into(&mut h, "Encoding", "no-such-label");
    h.key_press(Key::Escape);
    h.run();
    assert!(shows_part(
        &h,
        "\"no-such-label\" is not a known encoding label"
    ));
    assert!(shows_part(&h, "the query uses UTF-8"));
}

#[test]
fn an_encoding_that_is_not_ascii_compatible_says_what_is_used() {
    let (mut h, _) = window(State {
        encoding: "utf-16le".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "so the query uses UTF-8"));
    let (mut h, _) = window(State {
        encoding: "shift_jis".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "The query is encoded in Shift_JIS"));
}

#[test]
fn an_invalid_url_shows_the_failing_step_and_where() {
    let (mut h, _) = window(State {
        input: "http://example.com:99999/".into(),
        ..State::default()
    });
    h.run();
    assert!(shows(&h, "× Invalid URL"));
    assert!(shows_part(&h, "canon.port.invalid"));
    assert!(shows_part(&h, "larger than 65535"));
    assert!(shows_part(&h, "Position: bytes 19–24"));
    // Showing the step selects it in the trace.
    h.get_by_label("Show the step").click();
    h.run();
    assert!(shows(&h, "Selected step"));
}

#[test]
fn the_copy_button_delivers_the_canonical_url() {
    let (mut h, clipboard) = window(State {
        input: "HTTP://Example.COM/a/../b".into(),
        ..State::default()
    });
    h.run();
    h.get_by_role_and_label(Role::Button, "Copy").click();
    h.run();
    assert_eq!(
        clipboard.contents().as_deref(),
        Some("http://example.com/b")
    );
    assert!(shows_part(&h, "Copied the canonical URL"));
    // A row's own copy button copies that component.
    h.get_by_label("Copy host").click();
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some("example.com"));
}

#[test]
fn copy_has_a_keyboard_shortcut_and_a_clear_message_without_a_clipboard() {
    let clipboard = MemoryClipboard::failing("no clipboard here");
    let app = InspectorApp::new(State::default(), Box::new(clipboard.clone()));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::C);
    h.run();
    assert!(shows_part(
        &h,
        "Could not copy the canonical URL: no clipboard here"
    ));
}

#[test]
fn state_survives_a_restart() {
    let (mut h, _) = window(empty_state());
    h.run();
    type_into(&mut h, "URL", "http://a/b?c");
    h.get_by_label("CHROME").click();
    h.run();
    // Leaving the field puts the input in the history.
    h.get_by_label("Base URL").focus();
    h.run();
    let saved = h.state().state.to_json();

    let restored = State::from_json(&saved).expect("the saved state reads back");
    let (mut h2, _) = window(restored);
    h2.run();
    assert_eq!(
        h2.get_by_label("URL").value().as_deref(),
        Some("http://a/b?c")
    );
    assert_eq!(h2.state().state.mode, Mode::Chrome);
    assert_eq!(h2.state().state.history.len(), 1);
    assert!(h2.query_by_label("History (1)").is_some());
}

#[test]
fn selecting_a_step_marks_it_and_the_filter_hides_steps_that_changed_nothing() {
    let (mut h, _) = window(State {
        input: "HTTP://a/".into(),
        ..State::default()
    });
    h.run();
    let all = h.state().analysis().map(|a| a.steps.len()).unwrap_or(0);
    assert!(all > 2);
    let step = h
        .get_all_by_label_contains("canon.scheme")
        .find(|n| n.accesskit_node().role() == Role::Button)
        .expect("the step's row");
    step.click();
    h.run();
    let detail = h.get_by_label("Selected step");
    assert!(
        detail
            .query_by_label_contains("The scheme is lowercased")
            .is_some()
    );
    // The filter: parse steps go, the scheme step stays.
    h.get_by_label("Only steps that changed something").click();
    h.run();
    assert!(h.state().state.changed_only);
    assert!(!shows_part(&h, "parse.component"));
    assert!(shows_part(&h, "canon.scheme"));
}

#[test]
fn stages_fold() {
    let (mut h, _) = window(State {
        input: "HTTP://a/".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "parse.component"));
    h.get_by_label_contains("▼ Parsing").click();
    h.run();
    assert!(!shows_part(&h, "parse.component"));
    assert!(shows_part(&h, "▶ Parsing"));
}

#[test]
fn invisible_characters_show_as_escapes_on_request() {
    let (mut h, _) = window(State {
        input: "http://a/\u{200B}x".into(),
        ..State::default()
    });
    h.run();
    assert_eq!(
        h.get_by_label("URL").value().as_deref(),
        Some("http://a/\u{200B}x")
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::E);
    h.run();
    assert_eq!(
        h.get_by_label("URL").value().as_deref(),
        Some("http://a/\\u{200B}x")
    );
    // Typing an escape enters the character it names.
    h.get_by_label("URL").focus();
    h.run();
    h.get_by_label("URL").type_text("\\u{202E}");
    h.run();
    assert_eq!(h.state().state.input, "http://a/\u{200B}x\u{202E}");
}

#[test]
fn the_host_shows_its_unicode_and_punycode_forms() {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(
        State {
            input: "http://xn--wgv71a119e.jp/".into(),
            ..State::default()
        },
        Box::new(clipboard),
    );
    // The Unicode form is Japanese: without a CJK system font (fonts-noto-cjk) it shows as boxes.
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .allow_missing_glyphs()
        .with_context_setup(url_inspector::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    let analysis = h.state().analysis().expect("computed");
    let forms = analysis.host_forms.as_ref().expect("host forms");
    assert_eq!(forms.unicode, "\u{65e5}\u{672c}\u{8a9e}.jp");
    assert_eq!(forms.ascii.as_deref(), Ok("xn--wgv71a119e.jp"));
}

#[test]
fn a_one_megabyte_input_keeps_frames_short() {
    let big = format!(
        "http://example.com/{}?q={}",
        "a/".repeat(256 * 1024),
        "x".repeat(512 * 1024)
    );
    assert!(big.len() >= 1 << 20);
    let (mut h, _) = window(State {
        input: big.clone(),
        ..State::default()
    });
    // The first frames come at once: the work is on the worker thread.
    let start = Instant::now();
    h.step();
    let first = start.elapsed();
    let deadline = Instant::now() + Duration::from_secs(120);
    while h.state().is_computing() {
        assert!(Instant::now() < deadline, "the worker never finished");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(h.state().analysis().is_some_and(|a| a.request.input == big));
    let mut worst = Duration::ZERO;
    for _ in 0..10 {
        let t = Instant::now();
        h.step();
        worst = worst.max(t.elapsed());
    }
    // Generous: this is a debug build; the release figures are in benches/frames.rs.
    assert!(first < Duration::from_secs(2), "first frame took {first:?}");
    assert!(
        worst < Duration::from_millis(1000),
        "a frame took {worst:?}"
    );
    // The big value is offered in full, not laid out.
    assert!(shows(&h, "Show all"));
}

#[test]
fn a_big_paste_goes_around_the_text_field() {
    let (mut h, _) = window(empty_state());
    h.run();
    h.get_by_label("URL").focus();
    h.run();
    let big = format!("http://example.com/{}", "p".repeat(200 * 1024));
    h.event(egui::Event::Paste(big.clone()));
    h.step();
    h.step();
    assert_eq!(h.state().state.input, big);
    // The field is replaced by a preview with Edit anyway, Show all and Clear.
    assert!(shows(&h, "Edit anyway"));
    h.get_by_label("Clear").click();
    h.step();
    h.step();
    assert!(h.state().state.input.is_empty());
}

#[test]
fn history_restores_an_entry() {
    let mut state = State {
        input: "http://first/".into(),
        ..State::default()
    };
    state.remember();
    state.input = "http://second/".into();
    let (mut h, _) = window(state);
    h.run();
    h.get_by_label("History (1)").click();
    h.run();
    h.get_by_label_contains("http://first/").click();
    h.run();
    assert_eq!(h.state().state.input, "http://first/");
    assert_eq!(canonical(&h).as_deref(), Some("http://first/"));
}

#[test]
fn the_special_character_menu_inserts_at_the_cursor() {
    let (mut h, _) = window(State {
        input: "http://a/".into(),
        ..State::default()
    });
    h.run();
    h.get_by_label("Insert character").click();
    h.run();
    h.get_by_label_contains("ZERO WIDTH SPACE").click();
    h.run();
    assert!(h.state().state.input.contains('\u{200B}'));
}

#[test]
fn ctrl_l_focuses_the_url_field_and_selects_its_text() {
    let (mut h, _) = window(State {
        input: "http://old.example/".into(),
        ..State::default()
    });
    h.run();
    h.get_by_label("Base URL").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run();
    assert!(h.get_by_label("URL").is_focused());
    // Everything is selected, so what is typed replaces it (as in a browser).
    h.get_by_label("URL").type_text("http://new.example/");
    h.run();
    assert_eq!(h.state().state.input, "http://new.example/");
    // The Keys menu lists it.
    h.get_by_label("Keys").click();
    h.run();
    assert!(shows_part(&h, "Go to the URL field and select its text"));
}
