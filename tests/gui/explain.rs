//! The window explains what happened, driven through its
//! accessibility tree with egui_kittest as tests/gui/inspector.rs drives it: the
//! warning strip for a look-alike host in every mode, the buffers of a
//! dot-segment step, the URL after a step, the step player walking to the
//! end, the steps of a component, and the trace copied as Markdown.
//!
//! Expected values come from the engine (its notes, its trace, its report
//! renderer) wherever the window only passes them on; the facts written out
//! here are those of the examples themselves (RFC 3986 5.2.4's buffers for
//! the teaching example, the host `раураl.com` looking like `paypal.com`).
#![cfg(feature = "gui")]

use super::kittest::shows_part;
use egui::accesskit::{Role, Toggled};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::report::Format;
use url_inspector::engine::{self, Component, Mode, NoTrace, Options, StepId};
use url_inspector::resolvers::{self, Resolver};

type App = InspectorApp;

/// `раураl.com`: five Cyrillic letters and a Latin `l`.
const CYRILLIC: &str = "http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/login";
/// The teaching example of the issue, and its base.
const TEACHING: &str = "../../a/./b?x#y";
const TEACHING_BASE: &str = "http://example.com/p/q/r";

fn window(state: State) -> (Harness<'static, App>, MemoryClipboard) {
    let clipboard = MemoryClipboard::default();
    let app = InspectorApp::new(state, Box::new(clipboard.clone()));
    let harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    (harness, clipboard)
}

fn teaching() -> (Harness<'static, App>, MemoryClipboard) {
    let (mut h, clipboard) = window(State {
        input: TEACHING.into(),
        base: TEACHING_BASE.into(),
        encoding: "utf-8".into(),
        mode: Mode::This,
        ..State::default()
    });
    h.run();
    (h, clipboard)
}

/// The row button of trace step `i` (on screen: the list is virtual).
fn step_row<'h>(h: &'h Harness<'_, App>, i: usize, id: StepId) -> egui_kittest::Node<'h> {
    h.get_all_by_role(Role::Button)
        .find(|n| {
            let label = n.accesskit_node().label().unwrap_or_default();
            let number = label.trim_start_matches("● ").trim_start();
            number.starts_with(&format!("{i} ")) && label.contains(id.id())
        })
        .unwrap_or_else(|| panic!("no row for step {i} ({id:?}) on screen"))
}

/// Selects step `i` as a keyboard user does: Alt+Home, then Alt+↓ (the
/// list scrolls to follow the selection).
fn select_by_keys(h: &mut Harness<'_, App>, i: usize) {
    h.key_press_modifiers(Modifiers::ALT, Key::Home);
    h.run();
    for _ in 0..200 {
        if h.state().selected_step() == Some(i) {
            return;
        }
        h.key_press_modifiers(Modifiers::ALT, Key::ArrowDown);
        h.run();
    }
    panic!("Alt+↓ never reached step {i}");
}

fn url_after(h: &Harness<'_, App>) -> Option<String> {
    h.get_by_label("URL after this step").value()
}

#[test]
fn the_cyrillic_host_shows_its_warnings_in_every_mode() {
    for mode in Mode::ALL {
        let (mut h, _) = window(State {
            input: CYRILLIC.into(),
            mode,
            ..State::default()
        });
        h.run();
        let options = Options::default().mode(mode).keep(true);
        let out = engine::run(CYRILLIC, &options, &mut NoTrace);
        let expected = engine::notes::of_run(CYRILLIC, &options, &out);
        assert!(
            expected.iter().any(|n| n.code.code() == "host-confusable"),
            "{mode}: the engine should find the look-alike: {expected:?}"
        );
        let strip = h.get_by_label("Notes");
        for note in &expected {
            // Level in words, the stable code and the engine's message.
            let row = strip
                .query_all_by_label_contains(note.code.code())
                .find(|n| {
                    let l = n.accesskit_node().label().unwrap_or_default();
                    l.contains(&note.message) && l.starts_with("▲ Warning")
                })
                .map(|n| n.accesskit_node().label().unwrap_or_default());
            assert!(row.is_some(), "{mode}: {} is not in the strip", note.code);
        }
        assert!(
            strip
                .query_all_by_label_contains("looks like paypal.com")
                .next()
                .is_some(),
            "{mode}: the strip names paypal.com"
        );
        assert!(shows_part(
            &h,
            &format!("{} warnings below", expected.len())
        ));
        // Each non-ASCII character is counted (and boxed) in the input.
        assert!(shows_part(&h, "▢ 5 non-ASCII characters"), "{mode}");
    }
}

#[test]
fn in_ie_mode_the_ascii_looking_url_still_carries_the_warning() {
    let (mut h, _) = window(State {
        input: CYRILLIC.into(),
        mode: Mode::Ie,
        ..State::default()
    });
    h.run();
    // IE keeps the Unicode host: the canonical URL reads like paypal's.
    assert_eq!(
        h.get_by_label("Canonical URL").value().as_deref(),
        Some(CYRILLIC)
    );
    assert!(shows_part(&h, "already canonical"));
    assert!(shows_part(
        &h,
        "warnings below: read before trusting this URL"
    ));
    assert!(shows_part(&h, "host-confusable"));
}

#[test]
fn a_note_selects_its_characters_and_an_invalid_url_gets_its_hint() {
    let (mut h, _) = window(State {
        input: "http://[::1/".into(),
        ..State::default()
    });
    h.run();
    assert!(shows_part(&h, "× Invalid URL"));
    let hint = h
        .get_by_label("Notes")
        .query_all_by_label_contains("unclosed-bracket")
        .next()
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .expect("the hint is in the strip under the failure");
    assert!(hint.starts_with("➜ Hint"), "{hint}");
    // Pressing it selects it (its characters are then selected in the input).
    let note = |h: &Harness<'_, App>| {
        h.get_by_label("Notes")
            .query_all_by_label_contains("unclosed-bracket")
            .next()
            .map(|n| n.accesskit_node().toggled())
    };
    assert_eq!(note(&h), Some(Some(Toggled::False)));
    h.get_by_label("Notes")
        .get_by_label_contains("unclosed-bracket")
        .click();
    h.run();
    assert_eq!(note(&h), Some(Some(Toggled::True)));
}

#[test]
fn selecting_a_dot_segment_step_shows_its_buffers_and_the_url_after_it() {
    let (mut h, _) = teaching();
    let (first_c, buffers) = {
        let a = h.state().analysis().expect("computed");
        let i = a
            .trace
            .steps
            .iter()
            .position(|s| s.id == StepId::DotsRuleC)
            .expect("a '..' removes a segment");
        let (out, inp) = a.trace.steps[i].buffers().expect("a dot step has buffers");
        (i, (out.to_owned(), inp.to_owned()))
    };
    // RFC 3986 5.2.4: the first ".." takes "/q" out of the output buffer.
    assert_eq!(buffers, ("/p".to_owned(), "/../a/./b".to_owned()));
    select_by_keys(&mut h, first_c);
    // Its row is in view now, and says it is selected.
    let row = step_row(&h, first_c, StepId::DotsRuleC);
    assert_eq!(row.accesskit_node().toggled(), Some(Toggled::True));
    let shown = h.get_by_label("Dot-segment buffers");
    // The output buffer, then the segment that left it, struck through.
    for (name, value) in [
        ("output buffer", "\"/p\"  /q"),
        ("input buffer", "\"/../a/./b\""),
    ] {
        assert!(shown.query_by_label(name).is_some(), "{name}");
        assert!(shown.query_by_label(value).is_some(), "{value}");
    }
    // The whole URL at that point: the path mid-way, the rest resolved.
    assert_eq!(
        url_after(&h).as_deref(),
        Some("http://example.com/p/../a/./b?x#y")
    );
    let after = h.get_by_label("Components after this step");
    assert!(after.query_by_label("/p/../a/./b").is_some());
    assert!(after.query_by_label("example.com").is_some());
    assert!(after.query_by_label("◀ this step").is_some());
}

#[test]
fn the_step_player_walks_from_the_start_to_the_canonical_url() {
    let (mut h, _) = teaching();
    let visible = h.state().visible_steps();
    let (first, last) = (visible[0], *visible.last().expect("steps"));
    let canon = h
        .get_by_label("Canonical URL")
        .value()
        .expect("a canonical URL");

    h.get_by_label("▶ Play").click();
    h.run_steps(2);
    assert!(h.state().is_playing());
    assert_eq!(h.state().selected_step(), Some(first));
    assert!(shows_part(&h, "‖ Pause"));
    // About one step per 0.7 s (the harness' clock moves 0.25 s a frame).
    let mut seen = vec![first];
    for _ in 0..visible.len() * 4 + 8 {
        h.step();
        let at = h.state().selected_step().expect("a step stays selected");
        if seen.last() != Some(&at) {
            seen.push(at);
        }
        if !h.state().is_playing() {
            break;
        }
    }
    assert!(!h.state().is_playing(), "the player stops at the end");
    assert_eq!(seen, visible, "it walks every step once, in order");
    assert_eq!(h.state().selected_step(), Some(last));
    h.run();
    assert_eq!(url_after(&h), Some(canon.clone()));
    let total = h.state().analysis().map_or(0, |a| a.steps.len());
    assert!(shows_part(
        &h,
        &format!("{} of {total}) · the canonical URL", last + 1)
    ));

    // The buttons and their keys.
    h.get_by_label("|◀ First").click();
    h.run();
    assert_eq!(h.state().selected_step(), Some(first));
    h.get_by_label("Next ▶").click();
    h.run();
    assert_eq!(h.state().selected_step(), Some(visible[1]));
    h.get_by_label("Last ▶|").click();
    h.run();
    assert_eq!(h.state().selected_step(), Some(last));
    h.key_press_modifiers(Modifiers::ALT, Key::Home);
    h.run();
    assert_eq!(h.state().selected_step(), Some(first));
    h.key_press_modifiers(Modifiers::ALT, Key::End);
    h.run();
    assert_eq!(h.state().selected_step(), Some(last));
    assert_eq!(url_after(&h), Some(canon));
}

#[test]
fn a_component_row_marks_and_filters_its_steps() {
    let (mut h, _) = teaching();
    h.get_by_label("path row").get_by_label("■ path").click();
    h.run();
    let (touching, all) = {
        let a = h.state().analysis().expect("computed");
        let n = a.trace.steps.len();
        let touching: Vec<usize> = (0..n).filter(|&i| a.touches(i, Component::Path)).collect();
        (touching, n)
    };
    assert!(touching.len() > 5 && touching.len() < all);
    assert!(shows_part(
        &h,
        &format!("{} steps read or changed the path", touching.len())
    ));
    // Marked: the path's steps start with "●", the others do not.
    let parsed = step_row(&h, touching[0], StepId::ParseComponent);
    let label = parsed.accesskit_node().label().unwrap_or_default();
    assert!(label.starts_with("● "), "{label}");
    let scheme = step_row(&h, 0, StepId::ParseScheme);
    let label = scheme.accesskit_node().label().unwrap_or_default();
    assert!(label.starts_with("   0 · parse.scheme"), "{label}");

    h.get_by_label("Only the path's steps").click();
    h.run();
    assert_eq!(h.state().visible_steps(), touching);
    // The player then walks the path's steps only.
    h.key_press_modifiers(Modifiers::ALT, Key::End);
    h.run();
    assert_eq!(h.state().selected_step(), touching.last().copied());
}

#[test]
fn copying_the_trace_as_markdown_delivers_the_engines_report() {
    let (mut h, clipboard) = teaching();
    h.get_by_label("Copy as Markdown").click();
    h.run();
    let copied = clipboard.contents().expect("something was copied");
    // What `canon --trace --format markdown` prints: THIS's traced answer
    // written by the one report renderer.
    let request = resolvers::Request::new(TEACHING)
        .with_base(Some(TEACHING_BASE))
        .traced();
    let answer = Resolver::This.resolve(&request);
    let trace = answer.trace.clone().expect("traced");
    assert_eq!(
        copied,
        resolvers::report::report(
            Format::Markdown,
            Resolver::This,
            &request,
            &answer,
            &trace.steps
        )
    );
    // A table row of the first '..' step, with its buffers.
    let n = trace
        .steps
        .iter()
        .position(|s| s.id == StepId::DotsRuleC)
        .expect("rule C");
    let row = format!(
        "| {n} | `resolve.dots.c` | Remove dot-segments (RFC 3986 5.2.4, step 2C) | path | "
    );
    assert!(copied.contains(&row), "{copied}");
    assert!(copied.contains("<br>output `\"/p\"` · input `\"/../a/./b\"`"));
    assert!(shows_part(&h, "Copied the trace as Markdown"));

    h.get_by_label("Copy as text").click();
    h.run();
    let text = clipboard.contents().expect("copied");
    assert!(
        text.contains("output buffer \"/p\" | input buffer \"/../a/./b\""),
        "{text}"
    );
    assert!(text.ends_with("Result: canonical URL http://example.com/a/b?x#y\n"));
}
