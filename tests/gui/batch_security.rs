//! The Batch view as a security engineer reads 5,000 log URLs: the host
//! each resolver would connect to in a column of its own (the Columns
//! menu), a look-alike host marked "▲" in its cells, notes named in words,
//! the summary counting the rows the filters show, and an unreadable line
//! never hidden by the invalid or disagreement filters.

use std::time::{Duration, Instant};

use super::kittest::{settle, shows, shows_part};
use egui::Event;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::View;
use url_inspector::app::{InspectorApp, State};
use url_inspector::resolvers::Resolver;

type App = InspectorApp;

/// A look-alike (Cyrillic а), a host hidden behind an encoded slash, an
/// invalid port, a relative reference without a base.
const LINES: &str =
    "https://\u{430}pple.com/login\nhttp://example.com%2F@evil.com/x\nhttp://a:99999/\n../rel\n";

fn window(format_jsonl: bool) -> Harness<'static, App> {
    let mut state = State {
        view: View::Batch,
        ..State::default()
    };
    state.batch.resolvers = vec![Resolver::This, Resolver::Whatwg];
    if format_jsonl {
        state.batch.format = Some(url_inspector::table::InputFormat::Jsonl);
    }
    let app = InspectorApp::new(state, Box::new(MemoryClipboard::default()));
    Harness::builder()
        .with_size([1500.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

fn run_lines(h: &mut Harness<'static, App>, lines: &str) {
    h.run();
    h.get_by_label("Lines:").focus();
    h.step();
    h.event(Event::Paste(lines.to_owned()));
    h.run();
    h.get_by_label("Run pasted lines").click();
    let n = lines.lines().count();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !shows(h, &format!("{n} of {n} rows shown")) {
        assert!(Instant::now() < deadline, "the rows never came");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    settle(h, Duration::from_secs(60));
}

#[test]
fn a_host_column_shows_where_each_resolver_would_connect() {
    let mut h = window(false);
    run_lines(&mut h, LINES);
    assert!(
        h.query_by_label("URL Standard host").is_none(),
        "off until asked"
    );
    h.get_by_label("Columns").click();
    h.run();
    h.get_by_label("URL Standard host").click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().state.batch.host_columns, ["whatwg"]);
    // The encoded slash hides nothing in the host column.
    assert!(shows_part(&h, "evil.com"));
    // The look-alike host is marked where it is written in Punycode too.
    assert!(
        h.query_all_by_label_contains("\u{25b2} xn--pple-43d.com")
            .next()
            .is_some(),
        "a marked host cell"
    );
    assert!(
        h.query_all_by_label_contains("\u{25b2} https://xn--pple-43d.com/login")
            .next()
            .is_some(),
        "a marked URL cell"
    );
}

#[test]
fn notes_are_named_in_words_and_the_summary_follows_the_filters() {
    let mut h = window(false);
    run_lines(&mut h, LINES);
    // A step's note by the section it cites, not by `parse.no-scheme` (the
    // summary of a finished run: on a busy machine it comes a frame later).
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows_part(&h, "Finding the scheme; Parsing: 1") {
        assert!(Instant::now() < deadline, "no note named in words");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(!shows_part(&h, "parse.no-scheme: "));
    h.get_by_label("only invalid").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows_part(&h, "shown, of 4") {
        assert!(Instant::now() < deadline, "no summary of the rows shown");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    // Two rows are invalid somewhere: the port, and the relative reference.
    assert!(shows_part(&h, "2 rows shown, of 4"), "the filtered count");
}

#[test]
fn an_unreadable_line_is_shown_under_every_trouble_filter_and_counted_once() {
    let mut h = window(true);
    run_lines(&mut h, "{\"input\": \"http://a/\"}\n{oops\n");
    h.get_by_label("only disagreeing").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows(&h, "1 of 2 rows shown") {
        assert!(Instant::now() < deadline, "the unreadable line was hidden");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    settle(&mut h, Duration::from_secs(30));
    assert!(shows_part(&h, "1 line not read"), "singular, and counted");
    assert!(!shows_part(&h, "1 lines"));
}

#[test]
fn hovering_a_cut_cell_shows_its_whole_text_once() {
    let mut h = window(false);
    let long = format!("http://example.com/{}", "segment/".repeat(40));
    run_lines(&mut h, &format!("{long}\n"));
    let before = h.query_all_by_label(&long).count();
    h.query_all_by_label(&long)
        .next()
        .expect("the input's cell")
        .hover();
    h.run();
    let tooltips = h.query_all_by_label(&long).count() - before;
    assert_eq!(tooltips, 1, "one tooltip with the whole text");
}

/// A pair chosen (the parser that checks, the one that fetches): the table
/// gets a Pair column, and "only getting through" keeps the payloads on
/// which the fetch goes elsewhere than the check saw.
#[test]
fn a_pair_marks_and_filters_the_rows_that_get_through() {
    let mut h = window(false);
    h.run();
    // The picker turns both resolvers on.
    h.get_by_label("check:").click();
    h.run();
    // The menu's item, not the resolver's checkbox of the same name.
    h.get_by_role_and_label(Role::Button, "Python 3.11")
        .click_accesskit();
    h.run();
    h.get_by_label("fetch:").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "libcurl")
        .click_accesskit();
    h.run();
    let batch = &h.state().state.batch;
    assert_eq!(batch.check, Some(Resolver::Python));
    assert_eq!(batch.fetch, Some(Resolver::Curl));
    assert!(
        batch.resolvers.contains(&Resolver::Python) && batch.resolvers.contains(&Resolver::Curl)
    );
    h.state_mut()
        .state
        .batch
        .set_pair(Some(url_inspector::resolvers::pair::Pair {
            check: Resolver::Whatwg,
            fetch: Resolver::Python,
        }));
    run_lines(
        &mut h,
        "http://example.com/\nhttp://good.com\\@evil.com/\nhttp://0x7f.1/\n",
    );
    assert!(h.query_by_label("Pair").is_some(), "the pair's column");
    assert!(shows(&h, "confusion"), "the row that gets through");
    h.get_by_label("only getting through").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows(&h, "1 of 3 rows shown") {
        assert!(Instant::now() < deadline, "the filter never applied");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(shows_part(&h, "good.com\\@evil.com"));
}
