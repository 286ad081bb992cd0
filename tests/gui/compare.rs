//! The Compare view (F3), driven through its accessibility tree with
//! egui_kittest, as tests/gui/inspector.rs drives the inspector: the rows, the marks
//! on cells that differ, the step where two modes part (and the click that
//! opens it in the trace), the rows chosen surviving a restart, the
//! Markdown copy, and a big input compared off the UI thread.
#![cfg(feature = "gui")]

use std::time::{Duration, Instant};

use super::kittest::{shows, shows_part};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::state::View;
use url_inspector::app::worker::SYNC_LIMIT;
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::{self, Mode, Options, Step, Trace};
use url_inspector::resolvers::{Request, Resolver};

type App = InspectorApp;

/// A typical relative reference and the page it is on.
const TYPICAL: &str = "../images/photo.jpg?size=large#top";
const TYPICAL_BASE: &str = "https://www.example.com/blog/2024/post.html";
/// An IDN host: THIS and CHROME write it in Punycode, GECKO and IE keep it
/// (GECKO only under a top-level domain on its list, as `.de` is).
const IDN: &str = "http://B\u{fc}cher.de/";

/// A 1280×800 window over `state` (the size the view must fit).
fn window(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    (harness, clipboard)
}

fn compare_state(input: &str, base: &str) -> State {
    State {
        input: input.into(),
        base: base.into(),
        view: View::Compare,
        ..State::default()
    }
}

/// The resolvers whose rows are on screen.
fn rows(h: &Harness<'_, App>) -> Vec<Resolver> {
    Resolver::ALL
        .into_iter()
        .filter(|r| shows(h, &format!("{} row", r.label())))
        .collect()
}

#[test]
fn f3_shows_seven_rows_for_a_typical_url() {
    let (mut h, _) = window(State {
        input: TYPICAL.into(),
        base: TYPICAL_BASE.into(),
        ..State::default()
    });
    h.run();
    assert!(rows(&h).is_empty(), "the inspector shows no compare rows");
    h.key_press(Key::F3);
    h.run();
    assert_eq!(h.state().state.view, View::Compare);
    assert_eq!(rows(&h), Resolver::ALL);
    // Every row's canonical cell holds that resolver's own answer.
    for r in Resolver::ALL {
        let answer = r.resolve(&Request::new(TYPICAL).with_base(Some(TYPICAL_BASE)));
        let canon = answer.valid_canon().unwrap_or("invalid");
        let cell = format!("canonical, or why invalid of {}: {canon}", r.label());
        assert!(shows_part(&h, &cell), "{cell}");
    }
}

#[test]
fn cells_that_differ_from_the_reference_are_marked_and_say_from_what() {
    let (mut h, _) = window(compare_state(IDN, ""));
    h.run();
    let this = Resolver::This.resolve(&Request::new(IDN));
    let gecko = Resolver::Gecko.resolve(&Request::new(IDN));
    let (this, gecko) = (this.valid_canon(), gecko.valid_canon());
    assert_ne!(
        this, gecko,
        "the example must be one where the modes differ"
    );
    let expected = format!(
        "canonical, or why invalid of GECKO: {}, differs from THIS: {}",
        gecko.unwrap_or_default(),
        this.unwrap_or_default()
    );
    assert!(shows(&h, &expected), "{expected}");
    // CHROME agrees with THIS: no mark.
    assert!(!shows_part(
        &h,
        "of CHROME: http://xn--bcher-kva.de/, differs"
    ));
    assert!(shows_part(&h, "THIS = CHROME"));

    // Another reference: the marks follow it.
    h.get_by_label("reference row").click();
    h.run();
    h.get_by_label_contains("GECKO — ").click();
    h.run();
    assert_eq!(h.state().state.compare.reference, Resolver::Gecko);
    assert!(shows_part(
        &h,
        "of THIS: http://xn--bcher-kva.de/, differs from GECKO"
    ));
}

/// The first step at which two traces differ (computed here from the
/// engine's traces, apart from the view's own code).
fn first_difference(a: &[Step], b: &[Step]) -> usize {
    let strip = |s: &Step| Step {
        mode: None,
        ..s.clone()
    };
    a.iter()
        .zip(b)
        .position(|(x, y)| strip(x) != strip(y))
        .unwrap_or(a.len().min(b.len()))
}

#[test]
fn where_gecko_parts_from_this_is_named_and_opens_in_the_trace() {
    let trace = |m| {
        let mut trace = Trace::default();
        engine::run(IDN, &Options::default().mode(m), &mut trace);
        trace.steps
    };
    let (this, gecko) = (trace(Mode::This), trace(Mode::Gecko));
    let step = first_difference(&this, &gecko);
    let gecko_id = gecko[step].id;
    let this_id = this[step].id;

    let (mut h, _) = window(compare_state(IDN, ""));
    h.run();
    assert!(shows(
        &h,
        &format!("GECKO parts from THIS at trace step {}", step + 1)
    ));
    assert!(shows_part(&h, &format!("THIS: {}", this_id.id())));
    // CHROME takes other steps (Nameprep per label) to THIS's answer.
    assert!(shows(&h, "(other steps, the same answer)"));
    let link = format!("GECKO: {} · {}", gecko_id.id(), gecko_id.citation());
    // The parting list sits below the table, which the browser rows make tall.
    h.get_by_label(&link).scroll_to_me();
    h.run();
    h.get_by_label(&link).click();
    h.run();
    let app = h.state();
    assert_eq!(app.state.view, View::Inspector);
    assert_eq!(app.state.mode, Mode::Gecko);
    assert_eq!(app.selected_step(), Some(step));
}

#[test]
fn a_resolver_turned_off_stays_off_after_a_restart() {
    let (mut h, _) = window(compare_state(TYPICAL, TYPICAL_BASE));
    h.run();
    h.get_by_label_contains(&format!("Resolvers: {n} of {n}", n = Resolver::ALL.len()))
        .click();
    h.run();
    h.get_by_label_contains("IE — ").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    let expected: Vec<Resolver> = Resolver::ALL
        .into_iter()
        .filter(|&r| r != Resolver::Ie)
        .collect();
    assert_eq!(rows(&h), expected);
    assert!(shows_part(
        &h,
        &format!(
            "Resolvers: {} of {}",
            Resolver::ALL.len() - 1,
            Resolver::ALL.len()
        )
    ));

    // The reference row cannot be turned off.
    h.get_by_label_contains(&format!(
        "Resolvers: {} of {}",
        Resolver::ALL.len() - 1,
        Resolver::ALL.len()
    ))
    .click();
    h.run();
    h.get_by_label_contains("THIS — ").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(rows(&h), expected);

    let saved = h.state().state.to_json();
    let restored = State::from_json(&saved).expect("the saved state reads back");
    let (mut h, _) = window(restored);
    h.run();
    assert_eq!(rows(&h), expected);
}

#[test]
fn copy_as_markdown_gives_a_table_of_the_shown_rows() {
    let (mut h, clipboard) = window(compare_state(IDN, ""));
    h.run();
    h.get_by_label("Copy as Markdown").click();
    h.run();
    let md = clipboard.contents().unwrap_or_default();
    let table: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), 2 + Resolver::ALL.len(), "{md}");
    assert!(
        table[0].starts_with("| resolver | canonical, or why invalid |"),
        "{md}"
    );
    assert!(table[1].starts_with("|---|---|"), "{md}");
    // Cells are split at every '|' not escaped.
    let cells = |row: &str| row.replace("\\|", "").matches('|').count();
    assert!(table.iter().all(|l| cells(l) == cells(table[0])), "{md}");
    for (line, r) in table[2..].iter().zip(Resolver::ALL) {
        assert!(line.starts_with(&format!("| {}", r.label())), "{line}");
    }
    let gecko = Resolver::Gecko.resolve(&Request::new(IDN));
    let gecko_row = format!(
        "| GECKO | ≠ `{}` |",
        gecko.valid_canon().unwrap_or_default()
    );
    assert!(table[4].starts_with(&gecko_row), "{md}");
    assert!(h.state().status().is_some_and(|s| !s.error));
}

#[test]
fn clicking_a_cell_copies_its_whole_value() {
    let (mut h, clipboard) = window(compare_state(TYPICAL, TYPICAL_BASE));
    h.run();
    let whatwg = Resolver::Whatwg.resolve(&Request::new(TYPICAL).with_base(Some(TYPICAL_BASE)));
    let path = whatwg
        .get(url_inspector::engine::Component::Path)
        .unwrap_or_default()
        .to_owned();
    h.get_by_label(&format!("path of URL Standard: {path}"))
        .click();
    h.run();
    assert_eq!(clipboard.contents().as_deref(), Some(path.as_str()));
}

#[test]
fn every_keystroke_updates_the_comparison() {
    let (mut h, _) = window(compare_state("http://a.example/", ""));
    h.run();
    assert!(shows_part(&h, "of THIS: http://a.example/"));
    h.get_by_label("URL").focus();
    h.run();
    h.key_press(Key::End);
    h.get_by_label("URL").type_text("x");
    h.run();
    assert!(shows_part(&h, "of THIS: http://a.example/x"));
}

#[test]
fn a_big_input_is_compared_off_the_ui_thread() {
    let (mut h, _) = window(compare_state("http://small.example/", ""));
    h.run();
    let input = format!("http://big.example/{}", "a/".repeat(SYNC_LIMIT));
    h.state_mut().state.input = input.clone();
    h.step();
    // The frame that saw the change did not wait for the answer: the old
    // comparison is still shown, and the view says it is comparing.
    assert!(shows(&h, "comparing…"));
    assert!(shows_part(&h, "of THIS: http://small.example/"));
    let deadline = Instant::now() + Duration::from_secs(120);
    while !shows_part(&h, "of THIS: http://big.example/a/a/") {
        assert!(
            Instant::now() < deadline,
            "no comparison within two minutes"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert_eq!(rows(&h), Resolver::ALL);
    assert!(!shows(&h, "comparing…"));
}

/// `other-resolvers.md` section 4: `?` against a base with a fragment,
/// shown for every resolver (OPC's row says which part-name rule fails).
#[test]
fn the_fragment_example_shows_every_resolvers_answer() {
    let base = "http://foo.example/#bar";
    let (mut h, _) = window(compare_state("?", base));
    h.run();
    assert_eq!(rows(&h), Resolver::ALL);
    for r in Resolver::ALL {
        let a = r.resolve(&Request::new("?").with_base(Some(base)));
        let shown = match (a.valid_canon(), a.why_invalid()) {
            (Some(canon), _) => canon.to_owned(),
            (None, Some(why)) => format!("invalid: {}", why.message),
            (None, None) => panic!("{r}: an invalid answer says why"),
        };
        let cell = format!("canonical, or why invalid of {}: {shown}", r.label());
        assert!(shows_part(&h, &cell), "{cell}");
    }
    // The rule OPC's answer breaks is in the OPC section too.
    assert!(shows_part(
        &h,
        "Not a part name, rule broken: a part name must not end with '/'"
    ));
}

/// The sections under the table: the URL Standard's errors by their names,
/// RFC 3986's two forms apart, OPC's steps and verdict.
#[test]
fn the_sections_name_errors_show_both_rfc_forms_and_the_opc_steps() {
    // A leading space and a backslash: two validation errors, by name.
    let (mut h, _) = window(compare_state(" http://a/b\\c", ""));
    h.run();
    assert!(shows(&h, "reports: invalid-reverse-solidus"));
    assert!(shows(&h, "reports: invalid-URL-unit"));

    // RFC 3986: resolved and normalized differ, and both are shown.
    let (input, base) = ("../%7euser/./X", "HTTP://Example.COM:80/a/b/c");
    let answer = Resolver::Rfc3986.resolve(&Request::new(input).with_base(Some(base)));
    let (resolved, normalized) = (answer.forms.resolved.as_deref(), answer.valid_canon());
    assert_ne!(resolved, normalized, "the example must normalize");
    let (mut h, _) = window(compare_state(input, base));
    h.run();
    assert!(shows(
        &h,
        &format!(
            "RFC 3986 resolved (5.2, 5.3): {}",
            resolved.unwrap_or_default()
        )
    ));
    assert!(shows(
        &h,
        &format!(
            "RFC 3986 normalized (6.2.2, 6.2.3): {}",
            normalized.unwrap_or_default()
        )
    ));

    // OPC: backslashes (A.3 step 5) and a trailing dot (step 6) in a part.
    let (input, base) = ("..\\media\\image1.png.", "/word/document.xml");
    let opc = Resolver::Opc.resolve(&Request::new(input).with_base(Some(base)));
    let (mut h, _) = window(compare_state(input, base));
    h.run();
    assert!(shows(
        &h,
        &format!("Part name: {}", opc.valid_canon().unwrap_or("none"))
    ));
    assert!(shows(&h, "Annex A.3, step 5"));
    assert!(shows(&h, "Annex A.3, step 6"));
}

/// A URL far longer than the window is wide still fits: every cell of every
/// column ends inside the 1280-point window (the columns share the width out,
/// nothing to scroll sideways), and the value is whole in its label and on
/// copy though cut on screen.
#[test]
fn a_long_url_fits_the_width_and_copies_whole() {
    let long = format!(
        "https://www.example.com/{}/end.html?{}#frag",
        "segment/".repeat(40),
        "key=value&".repeat(30)
    );
    let (mut h, clipboard) = window(compare_state(&long, ""));
    h.run();
    assert_eq!(rows(&h), Resolver::ALL);
    let this = Resolver::This.resolve(&Request::new(&long));
    let canon = this.valid_canon().unwrap_or_default().to_owned();
    let label = format!("canonical, or why invalid of THIS: {canon}");
    let cell = h.get_by_label(&label);
    assert!(cell.rect().right() <= 1280.0, "{:?}", cell.rect());
    assert!(cell.rect().width() < 900.0, "{:?}", cell.rect());
    for r in Resolver::ALL {
        for node in h.query_all_by_label_contains(&format!(" of {}: ", r.label())) {
            assert!(node.rect().right() <= 1280.0, "{r}: {:?}", node.rect());
        }
    }
    cell.click();
    h.run();
    assert_eq!(clipboard.contents(), Some(canon));
}

/// A look-alike host is marked in Compare's cells as in the Inspector,
/// in the resolvers that write it in Punycode too.
#[test]
fn a_look_alike_host_is_marked_in_every_cell_that_names_it() {
    let (mut h, _) = window(compare_state("https://\u{430}pple.com/", ""));
    h.run();
    let marked: Vec<String> = h
        .query_all_by_label_contains("\u{25b2} The host")
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(
        marked
            .iter()
            .any(|l| l.contains("of URL Standard") && l.contains("looks like apple.com")),
        "{marked:#?}"
    );
}

/// The host matrix: every shown resolver's host against every other's; a
/// click on a cell makes its row the check and its column the fetch, and
/// the view says whether the URL gets through that pair and where each
/// side took its host.
#[test]
fn a_click_in_the_host_matrix_picks_the_pair_and_says_whether_the_url_gets_through() {
    let (mut h, _) = window(compare_state("http://good.com\\@evil.com/", ""));
    h.run();
    let cell = "URL Standard checks, Python 3.11 fetches: different hosts";
    h.get_by_label(cell).click_accesskit();
    h.run();
    let settings = &h.state().state.compare;
    assert_eq!(settings.check, Some(Resolver::Whatwg));
    assert_eq!(settings.fetch, Some(Resolver::Python));
    let deadline = Instant::now() + Duration::from_secs(30);
    while !shows(&h, "The pair lets it through:") {
        assert!(Instant::now() < deadline, "no pair verdict");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(shows_part(
        &h,
        "The URL Standard sees good.com; Python's urllib goes to evil.com"
    ));
    assert!(
        shows(&h, "python.hostinfo"),
        "the step where urllib took evil.com"
    );
    // The same spelled two ways is marked as such, not as a confusion.
    assert!(
        h.query_by_label("URL Standard checks, THIS fetches: the same host")
            .is_some()
    );
}

/// "Compare with another URL": the toggle opens B's field; what is typed
/// there is compared with the input under every resolver, each row saying
/// same or different with the verdict's sentence, and a line counting them.
#[test]
fn a_second_url_is_compared_under_every_resolver() {
    let a = "http://example.com/a?b=1&a=2";
    let b = "http://EXAMPLE.com:80/a?a=2&b=1";
    let (mut h, _) = window(compare_state(a, ""));
    h.run();
    assert!(!shows(&h, "B:"), "no field before the toggle");
    h.get_by_label("Compare with another URL").click();
    h.run();
    h.get_by_label("B:").focus();
    h.run();
    h.get_by_label("B:").type_text(b);
    h.run();
    assert_eq!(h.state().state.compare.other.as_deref(), Some(b));
    let verdicts =
        url_inspector::app::compare::compare(&url_inspector::app::compare::CompareRequest {
            input: a.into(),
            base: String::new(),
            encoding: "utf-8".into(),
            pair: None,
            other: Some(b.into()),
        })
        .same;
    assert_eq!(verdicts.len(), Resolver::ALL.len());
    for (r, v) in &verdicts {
        let cell = format!("same as B? of {}: {}", r.label(), v.sentence());
        assert!(shows(&h, &cell), "{cell}");
    }
    let surt = verdicts
        .iter()
        .find(|(r, _)| *r == Resolver::Surt)
        .map(|(_, v)| v);
    assert!(surt.is_some_and(|v| v.is_same()), "{surt:?}");
    assert!(shows_part(&h, "The input and B: the same under"));
    // The canonical forms' keys: urlcanon's SSURT and Safe Browsing's
    // lookups, each the resolver's own.
    let semantic = Resolver::UrlcanonSemantic.resolve(&Request::new(a));
    assert!(shows(&h, "urlcanon semantic SSURT:"));
    assert!(shows(&h, semantic.forms.key.as_deref().expect("an SSURT")));
    let lookups = Resolver::SafeBrowsing
        .resolve(&Request::new(a))
        .forms
        .lookups;
    assert_eq!(
        lookups,
        ["example.com/a?b=1&a=2", "example.com/a", "example.com/"]
    );
    assert!(lookups.iter().all(|l| shows(&h, l)), "{lookups:?}");
    // Off again: the column goes, the text is kept for the next time.
    h.get_by_label("Compare with another URL").click();
    h.run();
    assert!(!shows_part(&h, "same as B? of"));
    h.get_by_label("Compare with another URL").click();
    h.run();
    assert_eq!(h.state().state.compare.other.as_deref(), Some(b));
}
