//! The Help menu: the documentation drawn as pages, its links followed in
//! place; About placed clear of the menu bar; the shortcut sheet listing
//! the keys a person asks for.

use super::kittest::shows;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};

type App = InspectorApp;

fn window(width: f32, height: f32) -> Harness<'static, App> {
    let app = InspectorApp::new(State::default(), Box::new(MemoryClipboard::default()));
    // The window's own fonts (the system's, with arrows and other marks
    // the docs use), as the real window installs them.
    Harness::builder()
        .with_size([width, height])
        .with_context_setup(url_inspector::app::fonts::install)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app)
}

fn open(h: &mut Harness<'_, App>, item: &str) {
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

#[test]
fn the_documentation_is_drawn_as_pages_and_links_lead_to_pages() {
    let mut h = window(1200.0, 900.0);
    open(&mut h, "Documentation");
    // The page's heading is a heading, not "# The window" as written.
    assert!(shows(&h, "The window"));
    assert!(!shows(&h, "# The window"));
    // A table's cell and a list item's words are text of their own.
    assert!(shows(&h, "Inspector"));
    assert!(shows(&h, "•"));
    // Following a link to another page shows that page.
    h.get_all_by_label("cli.md")
        .next()
        .expect("a link to cli.md")
        .click();
    h.run();
    assert!(shows(&h, "The command line"), "cli.md's heading");
    assert!(h.state().help_page() == Some("docs/cli.md"));
}

#[test]
fn about_is_placed_below_the_menu_bar() {
    let mut h = window(800.0, 600.0);
    open(&mut h, "About url-inspector");
    let menu = h.get_by_label("Help").rect();
    let heading = h
        .query_all_by_label_contains("url-inspector 0.")
        .next()
        .expect("About's heading")
        .rect();
    assert!(heading.top() > menu.bottom() + 20.0, "{heading:?} {menu:?}");
}

#[test]
fn the_shortcut_sheet_lists_the_keys_people_ask_for() {
    let mut h = window(1200.0, 900.0);
    open(&mut h, "Keyboard shortcuts");
    for keys in [
        "Ctrl+5",
        "Ctrl+Shift+R",
        "Ctrl+Shift+L",
        "Ctrl+Plus",
        "Ctrl+Minus",
    ] {
        assert!(h.query_all_by_label(keys).next().is_some(), "{keys}");
    }
}
