//! Committing to a case and handing it on: the history (kept on Enter, a
//! copy, a change of view or a pause in typing; not on leaving a field;
//! filtered), the encoding field (the typed label kept, the encoding it
//! names beside it, the list of labels from the keyboard), Copy as command
//! and Copy report, and the Help menu.
#![cfg(feature = "gui")]

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::kittest::{shows, shows_part};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::{HistoryEntry, View};
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::Mode;

type App = InspectorApp;

fn window(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    (h, clipboard)
}

fn empty() -> State {
    State {
        input: String::new(),
        ..State::default()
    }
}

fn type_url(h: &mut Harness<'_, App>, text: &str) {
    h.get_by_label("URL").focus();
    h.run();
    h.get_by_label("URL").type_text(text);
    h.run();
}

fn inputs(h: &Harness<'_, App>) -> Vec<String> {
    h.state()
        .state
        .history
        .iter()
        .map(|e| e.input.clone())
        .collect()
}

#[test]
fn enter_commits_and_leaving_the_field_does_not() {
    let (mut h, _) = window(empty());
    type_url(&mut h, "http://a/");
    h.get_by_label("Base URL").focus();
    h.run();
    assert!(inputs(&h).is_empty(), "leaving the field kept it");
    type_url(&mut h, "x");
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(inputs(&h).first().map(String::as_str), Some("http://a/x"));
}

#[test]
fn a_pause_in_typing_commits_and_typing_does_not() {
    let (mut h, _) = window(empty());
    assert!(inputs(&h).is_empty());
    type_url(&mut h, "http://paused/");
    // Each step is a quarter of a second.
    for _ in 0..10 {
        h.step();
    }
    assert_eq!(inputs(&h), ["http://paused/"]);
}

#[test]
fn a_copy_or_another_view_commits() {
    let (mut h, clipboard) = window(empty());
    type_url(&mut h, "http://copied/");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::C);
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some("http://copied/"));
    assert_eq!(inputs(&h), ["http://copied/"]);
    type_url(&mut h, "x");
    h.key_press(Key::F3);
    h.run();
    assert_eq!(inputs(&h), ["http://copied/x", "http://copied/"]);
}

fn entry(input: &str, base: &str, encoding: &str, mode: Mode) -> HistoryEntry {
    HistoryEntry {
        input: input.into(),
        base: base.into(),
        encoding: encoding.into(),
        mode,
        ..HistoryEntry::default()
    }
}

#[test]
fn the_history_shows_base_mode_and_encoding_and_restores() {
    let state = State {
        history: vec![
            entry("../rel", "http://base.example/a/", "greek", Mode::Gecko),
            entry("http://other.example/", "", "utf-8", Mode::This),
        ],
        ..State::default()
    };
    let (mut h, _) = window(state);
    h.get_by_label("History (2)").click();
    h.run();
    assert!(shows_part(
        &h,
        "base http://base.example/a/ · mode GECKO · encoding greek"
    ));
    assert!(shows_part(&h, "base (none) · mode THIS · encoding utf-8"));
    assert!(url_inspector::app::history::matches(
        &h.state().state.history[0],
        "GREEK gecko"
    ));
    assert!(!url_inspector::app::history::matches(
        &h.state().state.history[1],
        "GREEK gecko"
    ));
    h.get_by_label_contains("../rel").click();
    h.run();
    let s = &h.state().state;
    assert_eq!(
        (
            s.input.as_str(),
            s.base.as_str(),
            s.encoding.as_str(),
            s.mode
        ),
        ("../rel", "http://base.example/a/", "greek", Mode::Gecko)
    );
}

#[test]
fn the_encoding_keeps_the_typed_label_and_names_its_encoding() {
    let (mut h, _) = window(State::default());
    h.get_by_label("Encoding").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Encoding").type_text("greek");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().state.encoding, "greek");
    assert!(shows(&h, "→ ISO-8859-7"));
}

#[test]
fn the_list_of_labels_works_from_the_keyboard() {
    let (mut h, _) = window(State::default());
    h.get_by_label("All labels").click();
    h.run();
    // The search field has the focus: type, go down one, take it.
    h.get_by_label("Search (arrow keys to choose, Enter to take):")
        .type_text("1252");
    h.run();
    let first_two: Vec<String> = url_inspector::engine::encoding::LABELS
        .iter()
        .filter(|l| l.contains("1252"))
        .take(2)
        .map(|l| (*l).to_owned())
        .collect();
    assert_eq!(first_two.len(), 2);
    h.key_press(Key::ArrowDown);
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().state.encoding, first_two[1]);
    // Escape closes the list without taking anything.
    h.get_by_label("All labels").click();
    h.run();
    assert!(shows_part(&h, "Search ("));
    h.key_press(Key::Escape);
    h.run();
    assert!(!shows_part(&h, "Search ("));
    assert_eq!(h.state().state.encoding, first_two[1]);
}

fn copy_item(h: &mut Harness<'_, App>, item: &str) {
    h.get_by_label("Share").click();
    h.run();
    h.get_by_label_contains(item).click();
    h.run();
}

#[test]
fn copy_as_command_quotes_the_case_and_report_puts_it_on_top() {
    let state = State {
        input: "http://example.com/it's a\nb".into(),
        base: "http://b.example/".into(),
        encoding: "greek".into(),
        mode: Mode::Ie,
        ..State::default()
    };
    let (mut h, clipboard) = window(state);
    copy_item(&mut h, "Copy as command");
    let line = "url-inspector canon $'http://example.com/it\\'s a\\012b' \
                --base http://b.example/ --mode ie --encoding greek";
    assert_eq!(clipboard.contents().as_deref(), Some(line));
    copy_item(&mut h, "Copy report");
    let report = clipboard.contents().unwrap_or_default();
    assert!(report.starts_with("Reproduce with:"), "{report}");
    assert!(report.contains(line));
    assert!(report.contains("| "), "the trace's tables: {report}");
    // From Compare, the command is `compare`, without a mode.
    h.key_press(Key::F3);
    h.run();
    copy_item(&mut h, "Copy as command");
    let compare = clipboard.contents().unwrap_or_default();
    assert!(
        compare.starts_with("url-inspector compare $'")
            && compare.ends_with("--base http://b.example/ --encoding greek"),
        "{compare}"
    );
    assert_eq!(h.state().state.view, View::Compare);
}

#[test]
fn a_case_with_nul_has_no_command_and_says_why() {
    let (mut h, clipboard) = window(State {
        input: "http://a/\u{0}".into(),
        ..State::default()
    });
    copy_item(&mut h, "Copy as command");
    assert_eq!(clipboard.contents(), None);
    let status = h.state().status().cloned().expect("a status");
    assert!(status.error && status.text.contains("U+0000"), "{status:?}");
}

#[test]
fn help_lists_every_shortcut_and_about_names_version_and_license() {
    let (mut h, _) = window(State::default());
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Keyboard shortcuts").click();
    h.run();
    for binding in &url_inspector::app::keys::BINDINGS {
        assert!(
            h.query_all_by_label(binding.what).count() >= 1,
            "{}",
            binding.what
        );
    }
    assert!(shows(&h, "Batch view: go to the file path field"));
    assert!(shows(&h, "Batch view: export the rows to the export path"));
    let (mut h, _) = window(State::default());
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("About url-inspector").click();
    h.run();
    assert!(shows_part(&h, env!("CARGO_PKG_VERSION")));
    assert!(shows_part(&h, "License: MIT OR Apache-2.0"));
    // About leads to the documentation (drawn as pages: tests/gui/help.rs).
    assert!(shows(&h, "Documentation (the pages of this version)"));
}

#[test]
fn a_launch_opens_the_view_it_names() {
    let launch = url_inspector::app::Launch {
        input: Some("http://a/".into()),
        view: Some(View::Compare),
        ..url_inspector::app::Launch::default()
    };
    let s = State::default().with_launch(&launch);
    assert_eq!((s.view, s.input.as_str()), (View::Compare, "http://a/"));
}
