//! The URL Standard view's site: below the origin in the URL record, the
//! site HTML obtains from it, the host's registrable domain and public
//! suffix with the Public Suffix List's date, and, with a base, whether the
//! URL is same origin and same site as the base.
#![cfg(feature = "gui")]

use super::kittest::{shows, shows_part};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};
use url_inspector::engine::url_standard::site::PSL_LIST;

type App = InspectorApp;

/// A window inspecting `input` against `base` with the URL Standard picked.
fn standard_window(input: &str, base: &str) -> Harness<'static, App> {
    let state = State {
        input: input.to_owned(),
        base: base.to_owned(),
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

#[test]
fn the_record_shows_the_site_and_how_it_stands_to_the_base() {
    let h = standard_window("https://www.example.co.uk/a", "https://example.co.uk/");
    let record = h.get_by_label("URL record table");
    assert!(
        record.query_by_label("https://www.example.co.uk").is_some(),
        "the origin"
    );
    assert!(
        record.query_by_label("https://example.co.uk").is_some(),
        "the site"
    );
    assert!(
        record.query_by_label("example.co.uk").is_some(),
        "the registrable domain"
    );
    assert!(
        record.query_by_label("co.uk").is_some(),
        "the public suffix"
    );
    assert!(shows(&h, "ICANN section"));
    assert!(shows_part(
        &h,
        "the registrable domain of www.example.co.uk"
    ));
    assert!(shows(&h, PSL_LIST), "the list's date beside the site");
    assert!(shows(&h, "same origin: no; same site: yes"));
}

#[test]
fn an_opaque_origin_is_its_own_site_and_no_base_means_no_comparison() {
    let h = standard_window("file:///etc/hosts", "");
    assert!(shows_part(&h, "an opaque origin is its own site"));
    assert!(shows(&h, PSL_LIST));
    assert!(!shows(&h, "against the base"));
}

#[test]
fn a_private_section_suffix_and_another_scheme() {
    let h = standard_window("http://foo.github.io/", "https://foo.github.io/");
    assert!(shows(&h, "private section"));
    assert!(shows(
        &h,
        "same origin: no; same site: no (schemelessly same site: yes)"
    ));
}
