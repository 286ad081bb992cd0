//! The Inspector showing the URL Standard: its parser's states, the URL
//! record, the components edited through the URL API's setters, and the
//! query edited as URLSearchParams.
#![cfg(feature = "gui")]

use super::kittest::{shows, shows_part};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::{InspectorEngine, StandardBrowser};
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::report::Format;
use url_inspector::resolvers::{Request, Resolver, report};

type App = InspectorApp;

/// A window inspecting `input` with the URL Standard picked in the toggle.
fn standard_window(input: &str) -> Harness<'static, App> {
    let state = State {
        input: input.to_owned(),
        ..State::default()
    };
    let app = InspectorApp::new(state, Box::new(MemoryClipboard::default()));
    let mut h = Harness::builder()
        .with_size([1400.0, 2200.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    h.get_by_label("URL Standard").click();
    h.run();
    h
}

/// The field labelled `label` (not the label itself, which has its text).
fn field<'h>(h: &'h Harness<'_, App>, label: &'h str) -> egui_kittest::Node<'h> {
    let mut fields = h
        .query_all_by_label(label)
        .filter(|n| n.accesskit_node().role() != Role::Label);
    let first = fields
        .next()
        .unwrap_or_else(|| panic!("no field labelled {label}"));
    assert!(fields.next().is_none(), "two fields labelled {label}");
    first
}

fn href(h: &Harness<'_, App>) -> Option<String> {
    field(h, "href").value()
}

fn edited_href(h: &Harness<'_, App>) -> Option<String> {
    field(h, "Edited href").value()
}

/// Replaces the text of the field labelled `label` and presses Enter.
fn set_field(h: &mut Harness<'_, App>, label: &str, text: &str) {
    field(h, label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    field(h, label).type_text(text);
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn picking_the_url_standard_shows_its_states_and_the_path_as_segments() {
    let mut h = standard_window("http://example.com/a/./b/../c");
    assert_eq!(state_saved(&h), InspectorEngine::UrlStandard);
    assert_eq!(href(&h).as_deref(), Some("http://example.com/a/c"));
    for state in [
        "whatwg.scheme-start",
        "whatwg.scheme ",
        "whatwg.special-authority-slashes",
        "whatwg.host ",
        "whatwg.path-start",
        "whatwg.path.dot",
        "whatwg.path.double-dot",
        "whatwg.path.shorten",
    ] {
        assert!(shows_part(&h, state), "no step {state}");
    }
    // The record's path is the list the parser left: "a" then "c".
    let record = h.get_by_label("URL record table");
    assert!(record.query_by_label("a").is_some() && record.query_by_label("c").is_some());
    assert!(
        record.query_by_label("b").is_none(),
        "'b' was popped by '..'"
    );
    assert!(shows(&h, "domain"), "the host's kind");
    // A step's details: the pointer marked and the record after it.
    h.get_all_by_label_contains("whatwg.path.shorten")
        .next()
        .unwrap()
        .click();
    h.run();
    assert!(shows(&h, "URL record after this step"));
    assert!(shows_part(&h, "[\"a\"]"), "the segments after the pop");
    assert!(shows_part(&h, "URL Standard, shorten a URL's path"));
    assert!(shows_part(&h, "http://example.com/a"), "the URL after it");
    // Ctrl+1 goes back to the 2012 spec's THIS.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num1);
    h.run();
    assert!(!shows(&h, "URL record table"));
}

fn state_saved(h: &Harness<'_, App>) -> InspectorEngine {
    h.state().state.engine
}

#[test]
fn the_port_setter_changes_the_href_and_a_refused_port_leaves_it_with_the_reason() {
    let mut h = standard_window("http://example.com/a?x=1");
    set_field(&mut h, "url.port", "8080");
    assert_eq!(
        edited_href(&h).as_deref(),
        Some("http://example.com:8080/a?x=1")
    );
    assert!(shows_part(&h, "The port setter's trace"));
    // The input field is left alone until asked.
    assert_eq!(h.state().state.input, "http://example.com/a?x=1");

    set_field(&mut h, "url.port", "99999");
    assert_eq!(
        edited_href(&h).as_deref(),
        Some("http://example.com:8080/a?x=1"),
        "a refused port leaves the URL as it was"
    );
    assert!(shows_part(&h, "url.port = \"99999\" refused"));

    h.get_by_label("Apply to input").click();
    h.run();
    assert_eq!(h.state().state.input, "http://example.com:8080/a?x=1");
    assert_eq!(href(&h).as_deref(), Some("http://example.com:8080/a?x=1"));
}

#[test]
fn params_append_and_sort_rewrite_the_query() {
    let mut h = standard_window("https://example.com/?b=2&a=1");
    for (label, text) in [("param name", "c"), ("param value", "3 4")] {
        field(&h, label).focus();
        h.run();
        field(&h, label).type_text(text);
        h.run();
    }
    h.get_by_label("Append").click();
    h.run();
    assert_eq!(
        edited_href(&h).as_deref(),
        Some("https://example.com/?b=2&a=1&c=3+4")
    );
    h.get_by_label("Sort").click();
    h.run();
    assert_eq!(
        edited_href(&h).as_deref(),
        Some("https://example.com/?a=1&b=2&c=3+4")
    );
    h.get_by_label("Delete a=1").click();
    h.run();
    assert_eq!(
        edited_href(&h).as_deref(),
        Some("https://example.com/?b=2&c=3+4")
    );
}

#[test]
fn validation_errors_are_listed_with_their_range() {
    let h = standard_window("https:\\\\example.com\\a b");
    assert!(shows_part(&h, "invalid-reverse-solidus"));
    assert!(shows_part(&h, "special-scheme-missing-following-solidus"));
    assert_eq!(href(&h).as_deref(), Some("https://example.com/a%20b"));
}

/// A window on the URL Standard view, read by `browser`, with a clipboard
/// the test can read.
fn browser_window(
    input: &str,
    browser: StandardBrowser,
) -> (Harness<'static, App>, MemoryClipboard) {
    let state = State {
        input: input.to_owned(),
        engine: InspectorEngine::UrlStandard,
        browser,
        ..State::default()
    };
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let mut h = Harness::builder()
        .with_size([1400.0, 2200.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    h.run();
    (h, clipboard)
}

#[test]
fn a_browser_of_today_shows_its_href_and_where_it_leaves_the_standard() {
    let (mut h, _) = browser_window("file:///w|m", StandardBrowser::Chromium);
    assert_eq!(
        field(&h, "Chromium 156 href").value().as_deref(),
        Some("file:///w%7Cm")
    );
    // The departure is named in the strip and is a step of the trace.
    assert!(shows_part(
        &h,
        "Chromium 156 leaves the Standard at step 0:"
    ));
    assert!(shows_part(&h, "0 ≠ chromium.pipe-in-path"));
    // The Standard's own reading stays below it.
    assert_eq!(href(&h).as_deref(), Some("file:///w|m"));

    h.get_by_label("Firefox 153").click();
    h.run();
    assert_eq!(h.state().state.browser, StandardBrowser::Firefox);
    assert_eq!(
        field(&h, "Firefox 153 href").value().as_deref(),
        Some("file:///w|m")
    );
    assert!(shows_part(
        &h,
        "Firefox 153 reads this URL as the URL Standard does"
    ));
}

#[test]
fn a_browser_refusing_a_url_says_so_and_names_the_departure() {
    let (h, _) = browser_window("http://a.b.c.xn--pokxncvks", StandardBrowser::WebKit);
    assert!(shows_part(&h, "WebKit 2.50 throws a TypeError"));
    assert!(shows_part(&h, "WebKit 2.50 leaves the Standard at step"));
    // The Standard itself accepts it.
    assert_eq!(href(&h).as_deref(), Some("http://a.b.c.xn--pokxncvks/"));
}

#[test]
fn the_report_of_a_browser_is_the_command_lines() {
    let (mut h, clipboard) = browser_window("http://a b/x|y", StandardBrowser::Chromium);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::R);
    h.run();
    let copied = clipboard.contents().expect("the report was copied");
    let request = Request::new("http://a b/x|y").with_base(Some("")).traced();
    let answer = Resolver::Chromium.resolve(&request);
    let expected = report::report(
        Format::Markdown,
        Resolver::Chromium,
        &request,
        &answer,
        answer.trace.as_ref().map_or(&[][..], |t| &t.steps),
    );
    // The command that reproduces it, then the report itself.
    let (command, rest) = copied.split_once("```\n\n").expect("a command first");
    assert!(
        command.contains("canon 'http://a b/x|y' --mode chromium"),
        "{command}"
    );
    assert_eq!(rest, expected);
}
