//! The window, driven through its accessibility tree with egui_kittest: the
//! way a screen reader (or a user with a keyboard) reaches it. Nothing is
//! rendered, so no GPU or display is needed: these run under plain
//! `cargo test`.
#![cfg(feature = "gui")]

use std::time::{Duration, Instant};

use super::kittest::{shows, shows_part};
use egui::accesskit::Role;
use egui::{Color32, Key, Modifiers, Rect, Theme};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::{FoldKey, Launch};
use url_inspector::app::{InspectorApp, State, theme};
use url_inspector::engine::{Component, Mode, Stage};

type App = InspectorApp;

/// A window over `state`, with a clipboard the test can read.
fn window(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    window_sized(state, 1400.0, 900.0)
}

/// A window of the given size (in points).
fn window_sized(state: State, width: f32, height: f32) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([width, height])
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
    assert!(shows_part(&h, "Position: bytes 19–23 of the input"));
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
    // Enter in the field puts the input in the history.
    h.get_by_label("URL").focus();
    h.run();
    h.key_press(Key::Enter);
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
fn a_one_megabyte_input_is_computed_off_the_ui_thread() {
    let big = format!(
        "http://example.com/{}?q={}",
        "a/".repeat(256 * 1024),
        "x".repeat(512 * 1024)
    );
    assert!(big.len() >= 1 << 20);
    let (mut h, _) = window(empty_state());
    h.get_by_label("URL").focus();
    h.run();
    // The frame that takes the paste hands the work to the worker thread
    // instead of doing it, so it ends with the computation pending. A
    // finished result is only taken at the start of a later frame, so this
    // does not race the worker. (How long frames take is measured in
    // release by benches/frames.rs, not asserted here.)
    h.event(egui::Event::Paste(big.clone()));
    h.step();
    assert!(
        h.state().is_computing(),
        "the frame that took the paste computed the big input itself"
    );
    let deadline = Instant::now() + Duration::from_secs(120);
    while h.state().is_computing() {
        assert!(Instant::now() < deadline, "the worker never finished");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(h.state().analysis().is_some_and(|a| a.request.input == big));
    // Frames after the answer reuse it: nothing is computed again.
    for _ in 0..10 {
        h.step();
        assert!(!h.state().is_computing(), "a frame started the work again");
    }
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
    // The long value's editor takes the text field's place, with Show all and Clear.
    assert!(shows(&h, "Show all"));
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
    // The Batch view's own keys are listed too, though that view reads them.
    assert!(shows_part(&h, "Batch view: go to the file path field"));
    assert!(shows_part(
        &h,
        "Batch view: export the rows to the export path"
    ));
}

/// The label of the focused widget, if any.
fn focused(h: &Harness<'_, App>) -> Option<String> {
    h.query_by(|n| n.is_focused())
        .map(|n| n.accesskit_node().label().unwrap_or_default())
}

/// Presses Tab `n` times and returns what had focus after each press.
fn tab_walk(h: &mut Harness<'_, App>, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            h.key_press(Key::Tab);
            h.run();
            focused(h).unwrap_or_default()
        })
        .collect()
}

/// A control below the fold that Tab reaches is scrolled into view.
#[test]
fn tab_scrolls_a_control_below_the_fold_into_view() {
    let height = 460.0;
    let (mut h, _) = window_sized(
        State {
            input: "http://u:p@a:8/p?x=1#f".into(),
            ..State::default()
        },
        1400.0,
        height,
    );
    h.run();
    let below = |h: &Harness<'_, App>| h.get_by_label("Copy query").rect().bottom() > height;
    assert!(below(&h), "the window is too tall for this test");
    let mut reached = false;
    for _ in 0..80 {
        h.key_press(Key::Tab);
        h.run();
        if focused(&h).as_deref() == Some("Copy query") {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab never reached Copy query");
    // The scroll may be animated: a few more frames.
    for _ in 0..10 {
        h.step();
    }
    let rect = h.get_by_label("Copy query").rect();
    assert!(
        rect.top() >= 0.0 && rect.bottom() <= height,
        "the focused button is out of view at {rect:?}"
    );
}

#[test]
fn tab_reaches_every_control_in_order_and_comes_back_around() {
    let (mut h, _) = window(State {
        input: "http://u@a/p?x=1".into(),
        ..State::default()
    });
    h.run();
    let walk = tab_walk(&mut h, 120);
    // The history is empty: walking through the fields commits to nothing
    // (an input joins it on Enter, a copy, a change of view or a pause in typing).
    let expected = [
        "History (0)",
        "View",
        "Share",
        "Keys",
        "Help",
        "URL",
        "Insert character",
        "Base URL",
        "Encoding",
        "All labels",
        "THIS",
        "CHROME",
        "GECKO",
        "IE",
        "Copy",
        "Copy scheme",
        "Copy user",
        "Copy host",
        "Copy path",
        "Copy query",
        "Divider between the components and the trace",
        "Copy as Markdown",
        "Copy as text",
        "Only steps that changed something",
        "▶ Play",
        "How long Play stays on each step",
    ];
    // Each is reached, in this order, in the first round.
    let mut from = 0;
    for want in expected {
        let at = walk[from..]
            .iter()
            .position(|f| f == want)
            .unwrap_or_else(|| panic!("Tab never reached {want:?} after {from}: {walk:#?}"));
        from += at + 1;
    }
    // The trace's groups and steps follow; after the last, Tab wraps to the start.
    let first_again = walk[1..]
        .iter()
        .position(|f| f.starts_with("History"))
        .map(|i| i + 1)
        .expect("Tab comes back around to the first control");
    assert_eq!(
        walk[first_again - 1],
        "Divider between the trace's steps and the selected step",
        "{walk:#?}"
    );
    // No trap: no control holds focus for two presses in a row.
    assert!(walk.windows(2).all(|w| w[0] != w[1]), "{walk:#?}");
}

#[test]
fn tab_leaves_the_encoding_field_even_with_suggestions_open() {
    let (mut h, _) = window(State {
        encoding: String::new(),
        ..State::default()
    });
    h.run();
    // Arriving by Tab opens no list.
    h.get_by_label("Base URL").focus();
    h.run();
    h.key_press(Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("Encoding"));
    assert!(h.query_by_label_contains("unicode-1-1-utf-8").is_none());
    // Typing opens it; Tab still moves on, and Shift+Tab back.
    h.get_by_label("Encoding").type_text("utf");
    h.run();
    assert!(h.query_by_label_contains("unicode-1-1-utf-8").is_some());
    h.key_press(Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("All labels"));
    assert_eq!(h.state().state.encoding, "utf", "Tab took no suggestion");
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("Encoding"));
    // With the list open again, Shift+Tab goes back, not on.
    h.get_by_label("Encoding").type_text("-");
    h.run();
    assert!(h.query_by_label_contains("unicode-1-1-utf-8").is_some());
    h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("Base URL"));
    h.key_press(Key::Tab);
    h.run();
    h.key_press(Key::Backspace);
    h.run();
    assert_eq!(h.state().state.encoding, "utf");
    // Enter takes the selected suggestion.
    h.get_by_label("Encoding").type_text("-8");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().state.encoding.contains("utf-8"));
}

/// The All labels menu's search box, whose label says how to use it from the keyboard.
const SEARCH: &str = "Search (arrow keys to choose, Enter to take):";

#[test]
fn the_all_labels_search_works() {
    let (mut h, _) = window(State::default());
    h.run();
    h.get_by_label("All labels").click();
    h.run();
    // The search box has focus on opening, and clicking it keeps the menu open.
    assert_eq!(focused(&h).as_deref(), Some(SEARCH));
    h.get_by_label(SEARCH).click();
    h.run();
    h.get_by_label(SEARCH).type_text("1252");
    h.run();
    assert!(h.query_by_label_contains("iso-8859-1 ").is_none());
    h.get_by_label_contains("windows-1252 ").click();
    h.run();
    assert_eq!(h.state().state.encoding, "windows-1252");
    assert!(
        h.query_by_label(SEARCH).is_none(),
        "the menu closes on a choice"
    );
}

#[test]
fn the_base_urls_steps_have_their_own_heading() {
    let (mut h, _) = window(State {
        input: "../d?q".into(),
        base: "HTTP://h/a/b/c".into(),
        ..State::default()
    });
    h.run();
    let a = h.state().analysis().expect("computed");
    let count = |of_base| {
        a.trace
            .steps
            .iter()
            .filter(|s| s.of_base == of_base && s.id.stage() == Stage::Parse)
            .count()
    };
    let (base_steps, input_steps) = (count(true), count(false));
    assert!(base_steps > 0 && input_steps > 0);
    // The base's parse steps are under their own heading, not the input's.
    assert!(shows(
        &h,
        &format!("▼ Parsing (of the base URL) ({base_steps})")
    ));
    assert!(shows(&h, &format!("▼ Parsing ({input_steps})")));
    // The groups fold apart, keyed by stage and whose steps they are.
    h.get_by_label_contains("▼ Parsing (of the base URL)")
        .click();
    h.run();
    assert_eq!(
        h.state().state.folds,
        vec![FoldKey {
            stage: Stage::Parse,
            of_base: true
        }]
    );
    assert!(shows(
        &h,
        &format!("▶ Parsing (of the base URL) ({base_steps})")
    ));
    assert!(shows(&h, &format!("▼ Parsing ({input_steps})")));
}

/// Every text colour against every background it is drawn on, per theme.
fn contrast_pairs(theme: Theme) -> Vec<(String, Color32, Color32)> {
    let v = theme::visuals(theme);
    let dark = v.dark_mode;
    let backgrounds = [
        ("panel", v.panel_fill),
        ("window", v.window_fill),
        ("text field", v.text_edit_bg_color()),
        ("header row", theme::faint_row(&v)),
    ];
    let mut texts = vec![
        ("text".to_owned(), v.text_color()),
        ("weak text".to_owned(), v.weak_text_color()),
        ("strong text".to_owned(), v.strong_text_color()),
        ("error".to_owned(), v.error_fg_color),
        ("warning".to_owned(), v.warn_fg_color),
    ];
    for c in Component::ALL {
        texts.push((format!("{c} colour"), theme::component_color(c, dark)));
    }
    let mut pairs = Vec::new();
    for (t, fg) in &texts {
        for (b, bg) in backgrounds {
            pairs.push((format!("{t} on {b}"), *fg, bg));
        }
    }
    for c in Component::ALL {
        let tint = theme::component_tint(c, &v);
        pairs.push((format!("text on the {c} tint"), v.text_color(), tint));
    }
    let (removed, added) = theme::change_backgrounds(&v);
    pairs.push(("removed characters".into(), v.strong_text_color(), removed));
    pairs.push(("added characters".into(), v.strong_text_color(), added));
    pairs.push((
        "selected row".into(),
        v.strong_text_color(),
        theme::selected_row(&v),
    ));
    pairs.push((
        "selected row, error".into(),
        v.error_fg_color,
        theme::selected_row(&v),
    ));
    // The warning strip and the non-ASCII marks.
    pairs.push((
        "strong text on a non-ASCII tint".into(),
        v.strong_text_color(),
        theme::non_ascii_tint(&v),
    ));
    // (A note is drawn on the header row's background, selected or not:
    // the light warning colour is under 4.5:1 on the selected row's.)
    pairs.push((
        "selected characters".into(),
        v.selection.stroke.color,
        v.selection.bg_fill,
    ));
    let button = v.widgets.inactive;
    pairs.push((
        "button text".into(),
        button.fg_stroke.color,
        button.weak_bg_fill,
    ));
    pairs
}

#[test]
fn text_meets_4_5_to_1_in_both_themes() {
    let mut failures = Vec::new();
    for t in [Theme::Dark, Theme::Light] {
        for (what, fg, bg) in contrast_pairs(t) {
            let ratio = theme::contrast(fg, bg);
            println!("{t:?}: {what}: {ratio:.2}:1");
            if ratio < 4.5 {
                failures.push(format!("{t:?}: {what}: {ratio:.2}:1"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // Light text fields have a visible edge (WCAG's 3:1 for boundaries).
    let light = theme::visuals(Theme::Light);
    let edge = light.widgets.inactive.bg_stroke;
    assert!(edge.width >= 1.0);
    assert!(theme::contrast(edge.color, light.panel_fill) >= 3.0);
    // What egui gives by default, for the record: its weak text falls short.
    let egui_dark = egui::Visuals::dark();
    let weak = egui_dark.weak_text_color();
    let shown = theme::mix(
        egui_dark.panel_fill,
        weak.to_opaque(),
        weak.a() as f32 / 255.0,
    );
    assert!(theme::contrast(shown, egui_dark.panel_fill) < 4.5);
}

#[test]
fn the_window_uses_the_checked_colours() {
    let (mut h, _) = window(State::default());
    h.run();
    for t in [Theme::Dark, Theme::Light] {
        let applied = h.ctx.style_of(t).visuals.clone();
        assert_eq!(applied, theme::visuals(t), "{t:?}");
    }
}

/// Whether a node's rect lies within the window.
fn inside(h: &Harness<'_, App>, r: Rect) -> bool {
    let screen = h.ctx.content_rect();
    r.min.x >= screen.min.x - 0.5
        && r.min.y >= screen.min.y - 0.5
        && r.max.x <= screen.max.x + 0.5
        && r.max.y <= screen.max.y + 0.5
}

#[test]
fn at_900_wide_nothing_is_clipped() {
    let (mut h, _) = window_sized(
        State {
            input: "http://user@example.com:8080/a/long/path?q=1#frag".into(),
            ..State::default()
        },
        900.0,
        800.0,
    );
    h.run();
    for label in [
        "Canonical",
        "Copy host",
        "Copy path",
        "Copy fragment",
        "Copy",
    ] {
        let node = h.get_by_label(label);
        assert!(inside(&h, node.rect()), "{label} at {:?}", node.rect());
    }
    // One column at a time: the trace is behind its switch, and then has
    // the window's width and the whole height under the switch.
    assert!(h.query_by_label_contains("▼ Parsing").is_none());
    h.get_by_label_contains("Trace (").click();
    h.run();
    let trace = h.get_by_label_contains("▼ Parsing").rect();
    assert!(trace.width() > 800.0, "{trace:?}");
    assert!(inside(&h, trace), "{trace:?}");
    assert!(h.query_by_label("Copy fragment").is_none());
    // Selecting a step from the components' side shows the trace too.
    h.get_by_label_contains("Input and components").click();
    h.run();
    h.key_press_modifiers(Modifiers::ALT, Key::ArrowDown);
    h.run();
    assert!(h.query_by_label_contains("▼ Parsing").is_some());
    assert!(shows_part(&h, "URL after this step:"));
}

#[test]
fn at_700_tall_the_parameter_table_shows_its_rows() {
    let query: Vec<String> = (1..=40)
        .map(|i| format!("name{i:02}=value{i:02}"))
        .collect();
    let (mut h, _) = window_sized(
        State {
            input: format!("http://example.com/?{}", query.join("&")),
            ..State::default()
        },
        1280.0,
        700.0,
    );
    h.run();
    h.get_by_label("Query parameter table").scroll_to_me();
    h.run();
    let visible = (1..=40)
        .filter(|i| {
            h.query_by_label(&format!("name{i:02}"))
                .is_some_and(|n| inside(&h, n.rect()))
        })
        .count();
    assert!(visible >= 10, "only {visible} parameter rows in sight");
    // The header is in sight with them.
    let header = h
        .get_by_label("Query parameter table")
        .get_by_label("name")
        .rect();
    assert!(inside(&h, header), "{header:?}");
}

#[test]
fn the_split_is_a_proportion_with_minimum_widths() {
    let (mut h, _) = window_sized(State::default(), 1400.0, 900.0);
    h.run();
    let divider = "Divider between the components and the trace";
    // Drag the divider to 70 % of the width.
    let from = h.get_by_label(divider).rect().center();
    let to = egui::pos2(1400.0 * 0.7, from.y);
    h.hover_at(from);
    h.drag_at(from);
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    h.run();
    let split = h.state().state.split;
    assert!((split - 0.7).abs() < 0.02, "split {split}");
    // Wider window: the divider keeps its proportion, not its pixels.
    h.set_size(egui::vec2(2000.0, 900.0));
    h.run();
    let x = h.get_by_label(divider).rect().center().x;
    assert!((x / 2000.0 - 0.7).abs() < 0.02, "divider at {x}");
    // By keyboard: Alt+→ narrows the trace; never below its minimum width.
    for _ in 0..20 {
        h.key_press_modifiers(Modifiers::ALT, Key::ArrowRight);
        h.run();
    }
    let x = h.get_by_label(divider).rect().center().x;
    assert!(2000.0 - x >= 320.0, "trace only {} wide", 2000.0 - x);
    assert!(inside(
        &h,
        h.get_by_label("Only steps that changed something").rect()
    ));
}

#[test]
fn selecting_a_step_does_not_move_the_list() {
    let (mut h, _) = window(State {
        input: "HTTP://a/b/../c".into(),
        ..State::default()
    });
    h.run();
    let row = |h: &Harness<'_, App>| {
        h.get_all_by_label_contains("parse.scheme")
            .find(|n| n.accesskit_node().role() == Role::Button)
            .expect("the step's row")
            .rect()
    };
    let before = row(&h);
    h.get_all_by_label_contains("parse.scheme")
        .find(|n| n.accesskit_node().role() == Role::Button)
        .expect("the step's row")
        .click();
    h.run();
    assert!(shows(&h, "Selected step"));
    assert_eq!(row(&h), before);
}

#[test]
fn long_values_are_shortened_in_the_middle() {
    let long_path = format!("/start{}end-of-path", "x".repeat(1000));
    let (mut h, _) = window(State {
        input: format!("http://example.com{long_path}"),
        ..State::default()
    });
    h.run();
    // Both ends stay in sight: the scheme and host, and the end of the path.
    let shown = canonical(&h).expect("the canonical URL is shown");
    assert!(shown.starts_with("http://example.com/start"), "{shown}");
    assert!(
        shown.contains("…") && shown.contains("end-of-path"),
        "{shown}"
    );
    assert!(shown.chars().count() < 600, "{shown}");
}

#[test]
fn history_recalls_a_relative_reference_with_its_base() {
    let (mut h, _) = window(empty_state());
    h.run();
    type_into(&mut h, "URL", "../d");
    // Tab to the base field.
    h.key_press(Key::Tab);
    h.run();
    h.key_press(Key::Tab);
    h.run();
    assert_eq!(focused(&h).as_deref(), Some("Base URL"));
    h.get_by_label("Base URL").type_text("http://h/a/b/c");
    h.run();
    // Enter commits the URL and the base together.
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(
        h.state().state.history.len(),
        1,
        "{:?}",
        h.state().state.history
    );
    // Something else, then back through the history.
    h.get_by_label("Base URL").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::B);
    h.run();
    h.key_press(Key::Backspace);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run();
    h.get_by_label("URL").type_text("http://other/");
    h.run();
    h.get_by_label_contains("History").click();
    h.run();
    h.get_by_label_contains("base http://h/a/b/c · mode THIS")
        .click();
    h.run();
    assert_eq!(h.state().state.base, "http://h/a/b/c");
    assert_eq!(canonical(&h).as_deref(), Some("http://h/a/d"));
}

#[test]
fn launching_with_a_url_and_no_mode_uses_this() {
    let saved = State {
        mode: Mode::Gecko,
        ..State::default()
    };
    let launch = Launch {
        input: Some("http://LocalHost%2a/".into()),
        ..Launch::default()
    };
    let (mut h, _) = window(saved.with_launch(&launch));
    h.run();
    assert_eq!(h.state().state.mode, Mode::This);
    assert!(row_shows(&h, "host", "localhost%2A"));
}

#[test]
fn an_empty_url_field_is_a_neutral_empty_state() {
    let (mut h, _) = window(empty_state());
    h.run();
    assert!(shows(&h, "No URL yet"));
    assert!(!shows(&h, "× Invalid URL"));
    assert!(!shows_part(&h, "Problem"));
    assert!(h.query_by_label("Copy host").is_none());
    // No failed steps in red either: the trace waits for a URL.
    assert!(!shows_part(&h, "× "));
    assert!(shows_part(&h, "once there is a URL"));
}

#[test]
fn an_invalid_url_leaves_no_copy_button_or_stale_status_active() {
    let (mut h, clipboard) = window(State {
        input: "http://example.com/".into(),
        ..State::default()
    });
    h.run();
    h.get_by_label("Copy host").click();
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some("example.com"));
    assert!(shows_part(&h, "Copied the host"));
    // Editing the URL makes it invalid: the status goes, the buttons disable.
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run();
    h.get_by_label("URL").type_text("http://example.com:99999/");
    h.run();
    assert!(shows(&h, "× Invalid URL"));
    assert!(!shows_part(&h, "Copied"));
    assert_eq!(h.state().status(), None);
    let copy = h.get_by_label("Copy host");
    assert!(copy.accesskit_node().is_disabled());
    copy.click();
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some("example.com"));
}

#[test]
fn the_insert_button_says_what_it_inserts() {
    let (mut h, _) = window(State {
        input: "http://a/".into(),
        ..State::default()
    });
    h.run();
    h.get_by_label("Insert character").click();
    h.run();
    h.get_by_label("Other code point: U+").click();
    h.run();
    h.get_by_label("Other code point: U+").type_text("200b");
    h.run();
    h.get_by_label("Insert U+200B").click();
    h.run();
    assert_eq!(h.state().state.input, "http://a/\u{200B}");
}

#[test]
fn unchanged_steps_are_marked_not_only_greyed() {
    let (mut h, _) = window(State {
        input: "HTTP://a/".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "Δ canon.scheme"));
    assert!(shows_part(&h, "· parse.scheme"));
}

#[test]
fn trace_groups_and_the_divider_work_from_the_keyboard() {
    let (mut h, _) = window(State {
        input: "HTTP://a/".into(),
        ..State::default()
    });
    h.run();
    // Tab to the first trace group and fold it with Space.
    let walk = tab_walk(&mut h, 80);
    assert!(walk.iter().any(|f| f.starts_with("▼ Parsing")), "{walk:#?}");
    while !focused(&h).is_some_and(|f| f.starts_with("▼ Parsing")) {
        h.key_press(Key::Tab);
        h.run();
    }
    h.key_press(Key::Space);
    h.run();
    assert!(h.state().state.folds.contains(&FoldKey {
        stage: Stage::Parse,
        of_base: false
    }));
    // The divider takes ← and → while focused (focus stays on it).
    let divider = "Divider between the components and the trace";
    while focused(&h).as_deref() != Some(divider) {
        h.key_press_modifiers(Modifiers::SHIFT, Key::Tab);
        h.run();
    }
    let before = h.state().state.split;
    h.key_press(Key::ArrowLeft);
    h.run();
    h.key_press(Key::ArrowLeft);
    h.run();
    assert!(
        h.state().state.split < before - 0.09,
        "{before} → {}",
        h.state().state.split
    );
    assert_eq!(focused(&h).as_deref(), Some(divider));
}

/// A character preprocessing removed is placed once, where it was in the
/// input as typed (the note says so); no second offset, of the input
/// after it was removed, is added beside it.
#[test]
fn a_removed_character_is_placed_once() {
    let (mut h, _) = window(State {
        input: "http://example.com/a\tb".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "TAB at byte 20"));
    assert!(!shows_part(&h, "(at byte"));
}
