//! The Help menu: the documentation, drawn as pages (headings, lists,
//! tables, code; links between pages followed in place); the sheet of every
//! shortcut (the one table in [`keys`](super::keys), as the Keys menu lists
//! it) in a window that stays open; and About: the version and the
//! license. The pages are built into the binary, so they always match it
//! and open without a network.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the menu and its windows |
//! | [`markdown`] | a page's Markdown read into blocks (no egui) |
//! | [`doc_page`] | a page drawn from its blocks |

pub mod doc_page;
pub mod markdown;

use super::command::Command;
use super::keys;

/// The documentation pages, by file name, in the order the window lists them.
pub const DOCS: [(&str, &str); 12] = [
    ("README.md", include_str!("../../../README.md")),
    ("docs/window.md", include_str!("../../../docs/window.md")),
    ("docs/cli.md", include_str!("../../../docs/cli.md")),
    (
        "docs/resolvers.md",
        include_str!("../../../docs/resolvers.md"),
    ),
    (
        "docs/host-confusion.md",
        include_str!("../../../docs/host-confusion.md"),
    ),
    (
        "docs/canonical-forms.md",
        include_str!("../../../docs/canonical-forms.md"),
    ),
    (
        "docs/conformance.md",
        include_str!("../../../docs/conformance.md"),
    ),
    (
        "docs/data-tools.md",
        include_str!("../../../docs/data-tools.md"),
    ),
    (
        "docs/performance.md",
        include_str!("../../../docs/performance.md"),
    ),
    ("docs/fuzzing.md", include_str!("../../../docs/fuzzing.md")),
    (
        "docs/dependencies.md",
        include_str!("../../../docs/dependencies.md"),
    ),
    ("ARCHITECTURE.md", include_str!("../../../ARCHITECTURE.md")),
];

/// Which of the Help windows are open.
#[derive(Default)]
pub struct HelpWindows {
    sheet: bool,
    about: bool,
    /// The documentation page shown (an index into [`DOCS`]), if the
    /// window is open, and its blocks, read once when it opened.
    page: Option<(usize, Vec<markdown::Block>)>,
}

/// The page of [`DOCS`] a link points at: `cli.md`, `docs/cli.md#batch`,
/// `../README.md` (a link within the docs is relative to its page).
pub fn page_of_link(target: &str) -> Option<usize> {
    let file = target.split('#').next()?;
    let name = file.rsplit('/').next()?;
    DOCS.iter()
        .position(|(path, _)| path.rsplit('/').next() == Some(name))
}

impl HelpWindows {
    /// The Help menu in the menu bar.
    pub fn menu(&mut self, ui: &mut egui::Ui) {
        ui.menu_button("Help", |ui| {
            if ui.button("Documentation").clicked() {
                self.open_page(1);
                ui.close();
            }
            if ui.button("Keyboard shortcuts").clicked() {
                self.sheet = true;
                ui.close();
            }
            if ui.button("About url-inspector").clicked() {
                self.about = true;
                ui.close();
            }
        });
    }

    /// Shows page `i` of [`DOCS`] in the documentation window.
    pub fn open_page(&mut self, i: usize) {
        if let Some((_, text)) = DOCS.get(i) {
            self.page = Some((i, markdown::blocks(text)));
        }
    }

    /// The page shown, if the documentation window is open.
    pub fn page(&self) -> Option<&str> {
        self.page.as_ref().map(|(i, _)| DOCS[*i].0)
    }

    /// The open Help windows, placed in the middle of the window, below
    /// the menu bar.
    pub fn show(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let center = ctx.content_rect().center();
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.sheet)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(center)
            .resizable(true)
            .vscroll(true)
            .show(ctx, |ui| shortcut_sheet(ui, "shortcut-sheet"));
        let mut open_docs = false;
        egui::Window::new("About url-inspector")
            .open(&mut self.about)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(center)
            .resizable(false)
            .show(ctx, |ui| open_docs = about(ui));
        if open_docs {
            self.open_page(1);
        }
        self.docs_window(ctx, commands);
    }

    /// The documentation window: a row of pages, then the page.
    fn docs_window(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let Some((shown, blocks)) = &self.page else {
            return;
        };
        let shown = *shown;
        let mut open = true;
        let mut follow = None;
        let size = ctx.content_rect().size();
        egui::Window::new("Documentation")
            .open(&mut open)
            .pivot(egui::Align2::CENTER_CENTER)
            .default_pos(ctx.content_rect().center())
            .default_size([(size.x * 0.8).min(900.0), (size.y * 0.8).min(760.0)])
            .resizable(true)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (i, (name, _)) in DOCS.iter().enumerate() {
                        if ui.selectable_label(i == shown, *name).clicked() && i != shown {
                            follow = Some(i);
                        }
                    }
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt(("doc-page", shown))
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        if let Some(target) = doc_page::page_ui(ui, blocks) {
                            match page_of_link(&target) {
                                Some(i) => follow = Some(i),
                                None if target.starts_with("http") => {
                                    ui.ctx().open_url(egui::OpenUrl::new_tab(&target));
                                }
                                None => commands.push(Command::Report {
                                    text: format!("{target} is not a page of this documentation"),
                                    error: false,
                                }),
                            }
                        }
                    });
            });
        if !open {
            self.page = None;
        } else if let Some(i) = follow {
            self.open_page(i);
        }
    }
}

/// Every shortcut of [`keys::BINDINGS`], then the keys the widgets read.
pub fn shortcut_sheet(ui: &mut egui::Ui, id: &str) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for binding in &keys::BINDINGS {
                ui.monospace(ui.ctx().format_shortcut(&binding.shortcut));
                ui.label(binding.what);
                ui.end_row();
            }
            for (keys, what) in keys::WIDGET_KEYS {
                ui.monospace(keys);
                ui.label(what);
                ui.end_row();
            }
        });
}

/// The version and the license; whether the documentation was asked for.
fn about(ui: &mut egui::Ui) -> bool {
    ui.heading(format!("url-inspector {}", env!("CARGO_PKG_VERSION")));
    ui.label(env!("CARGO_PKG_DESCRIPTION"));
    ui.label(format!("License: {}", env!("CARGO_PKG_LICENSE")));
    ui.separator();
    ui.button("Documentation (the pages of this version)")
        .clicked()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_between_pages_find_their_page() {
        assert_eq!(page_of_link("cli.md#batch"), Some(2));
        assert_eq!(page_of_link("docs/window.md"), Some(1));
        assert_eq!(page_of_link("../README.md"), Some(0));
        assert_eq!(page_of_link("https://url.spec.whatwg.org/"), None);
    }

    /// Every link from one page to another names a page there is.
    #[test]
    fn every_link_between_pages_leads_somewhere() {
        for (name, text) in DOCS {
            for block in markdown::blocks(text) {
                let spans: Vec<markdown::Span> = match block {
                    markdown::Block::Paragraph(s) | markdown::Block::Item { spans: s, .. } => s,
                    markdown::Block::Table { rows, .. } => {
                        rows.into_iter().flatten().flatten().collect()
                    }
                    _ => continue,
                };
                for target in spans.iter().filter_map(|s| s.link.as_deref()) {
                    let file = target.split('#').next().unwrap_or("");
                    if file.ends_with(".md") {
                        assert!(page_of_link(target).is_some(), "{name}: {target}");
                    }
                }
            }
        }
    }
}
