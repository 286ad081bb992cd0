//! The Find view (F5), driven through its accessibility tree: the question's
//! fields, a run off the UI thread that the window keeps drawing through,
//! the results folded with the first one open at its two parting steps,
//! and the report and a URL copied.

use std::time::{Duration, Instant};

use super::kittest::{shows, shows_part};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::{FindSettings, View};
use url_inspector::app::{InspectorApp, State};
use url_inspector::resolvers::pair::Stack;

type App = InspectorApp;

fn window(find: FindSettings) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let state = State {
        view: View::Find,
        find,
        ..State::default()
    };
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([800.0, 600.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    (harness, clipboard)
}

/// Runs frames until `label` shows (a run takes its budget: a second).
fn wait_for(h: &mut Harness<'_, App>, part: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !shows_part(h, part) {
        assert!(Instant::now() < deadline, "{part:?} never showed");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
}

fn python_stack(seconds: u32) -> FindSettings {
    let pair = Stack::Python.pair();
    FindSettings {
        check: Some(pair.check),
        fetch: Some(pair.fetch),
        allowed: "good.com".into(),
        target: "evil.com".into(),
        seconds,
        ..FindSettings::default()
    }
}

#[test]
fn find_runs_off_the_ui_thread_and_opens_the_first_result_at_its_parting_steps() {
    let (mut h, clipboard) = window(python_stack(1));
    h.run();
    assert!(shows(&h, "Allowed host:") && shows(&h, "Target:") && shows(&h, "Rule:"));
    h.get_by_label("Search").click();
    h.step();
    assert!(
        shows_part(&h, "Trying the families"),
        "the run shows while it goes"
    );
    wait_for(&mut h, "URLs get through python then urllib3");
    // The shortest result, opened: both parsers' steps.
    assert!(
        shows_part(&h, "http://evil.com\\@good.com/"),
        "the backslash-at payload"
    );
    assert!(shows_part(
        &h,
        "Python's urllib sees good.com; urllib3 (what requests connects to) goes to evil.com"
    ));
    assert!(shows(&h, "python.hostinfo") && shows(&h, "urllib3.parse-url.uri-re"));
    h.get_by_label("Copy report").click();
    h.run();
    let copied = clipboard.contents().unwrap_or_default();
    assert!(
        copied.starts_with("# Which URLs get through python → urllib3"),
        "{copied:.200}"
    );
}

#[test]
fn a_question_that_cannot_be_asked_says_why_and_runs_nothing() {
    let (mut h, _) = window(FindSettings {
        target: "evil.com/path".into(),
        ..python_stack(1)
    });
    h.run();
    h.get_by_label("Search").click();
    h.run();
    assert!(shows_part(
        &h,
        "Problem: the target \"evil.com/path\" is not a host"
    ));
    assert!(!shows_part(&h, "Trying the families"));
}

#[test]
fn f5_shows_the_find_view_and_nothing_through_says_how_many_were_tried() {
    let (mut h, _) = window(FindSettings {
        check: Some(url_inspector::resolvers::Resolver::Whatwg),
        fetch: Some(url_inspector::resolvers::Resolver::Whatwg),
        target: "127.0.0.1".into(),
        ..python_stack(1)
    });
    h.run();
    h.key_press(Key::F2);
    h.run();
    assert!(!shows(&h, "Allowed host:"));
    h.key_press(Key::F5);
    h.run();
    h.get_by_label("Search").click();
    wait_for(&mut h, "Nothing gets through whatwg then whatwg");
}
