//! The Compare view: one input under every resolver of
//! [`crate::resolvers`], side by side, with where and why they differ. It
//! sits under the window's shared URL, base and encoding fields (F3).
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`CompareView`]: the toolbar, the summary, the sections |
//! | [`settings`] | the choices saved between runs: rows shown, reference row |
//! | [`compute`] | what the view shows, computed once per change of the inputs |
//! | [`table`] | the table, its widths and its marked cells |
//! | [`group_rows`] | the groups' headings, a live browser being asked |
//! | [`host_matrix`] | every resolver's host against every other's, the pair picker and its verdict |
//! | [`keys`] | the canonical forms' keys: urlcanon's SSURT, Safe Browsing's lookups |
//! | [`live`] | the real browsers, asked off the UI thread |
//! | [`departures`] | where today's browsers leave the URL Standard, and why |
//! | [`summary`] | who agrees with whom, in a line |
//! | [`parting`] | where two spec modes' traces part (computed) |
//! | [`parting_view`] | that section drawn, each side linked to its trace |
//! | [`whatwg_errors`] | the URL Standard's validation errors, named and explained |
//! | [`rfc3986_forms`] | RFC 3986's resolved and normalized forms apart |
//! | [`other_url`] | "compare with another URL": B's field, the "same as B?" column and its line |
//! | [`opc_steps`] | OPC's steps and the part-name rule that fails |
//! | [`markdown`] | the comparison as a Markdown table |

pub mod compute;
pub mod departures;
pub mod group_rows;
pub mod host_matrix;
pub mod keys;
pub mod live;
pub mod markdown;
pub mod opc_steps;
pub mod other_url;
pub mod parting;
pub mod parting_view;
pub mod rfc3986_forms;
pub mod summary;
pub mod table;
pub mod whatwg_errors;

/// The view's saved choices live in the state, a leaf every view reads.
pub use super::state::compare_settings as settings;
pub use compute::{CompareRequest, Comparison, compare};
pub use settings::CompareSettings;

use egui::RichText;

use crate::resolvers::hosts;
use crate::resolvers::{Group, Resolver};

use super::command::Command;
use super::state::{State, is_blank};
use super::worker::Worker;

/// What the Compare view keeps while the app runs (its persisted choices are
/// [`CompareSettings`], in the state).
pub struct CompareView {
    /// Big inputs are compared off the UI thread.
    worker: Worker<CompareRequest, Comparison>,
    /// The last request handed to the worker (small or big).
    asked: Option<CompareRequest>,
    /// The comparison on screen (it may be of an older request while a big
    /// one is computed).
    shown: Option<Comparison>,
    /// The real browsers, asked when the settings say so.
    live: live::LiveAsker,
    /// The second URL's text while its field is closed (not saved).
    other_kept: String,
}

impl Default for CompareView {
    fn default() -> Self {
        CompareView {
            worker: Worker::new("url-inspector compare", CompareRequest::size, compare),
            asked: None,
            shown: None,
            live: live::LiveAsker::default(),
            other_kept: String::new(),
        }
    }
}

impl CompareView {
    /// Draws the view for the inputs in `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        self.refresh(ui.ctx(), state);
        if let Some(c) = self.shown.as_mut() {
            self.live.refresh(ui.ctx(), state, c);
        }
        ui.spacing_mut().scroll.fade.strength = 0.0;
        if is_blank(&state.input) {
            ui.add_space(8.0);
            ui.label("Type or paste a URL above to see it under every resolver.");
            return;
        }
        let Some(c) = self.shown.as_ref() else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Comparing…");
            });
            return;
        };
        let computing = self.worker.is_pending() || self.live.is_pending();
        // While a newer input is compared, the comparison on screen is of
        // an earlier one: its summary line would answer the wrong question.
        let current = c.request.input == state.input
            && c.request.base == state.base
            && c.request.encoding == state.encoding;
        let current = current && c.request.other.as_deref() == state.compare.other_url();
        toolbar_ui(
            ui,
            c,
            state,
            &mut self.other_kept,
            computing || !current,
            commands,
        );
        other_url::field_ui(ui, &mut state.compare);
        ui.add_space(2.0);
        let shown = state.compare.shown();
        let reference = state.compare.reference;
        let answers = shown.iter().filter_map(|&r| Some((r, c.answer(r)?)));
        if current {
            // In a short window the three lines keep one row each (the whole
            // text on hover), so the table and the matrix keep the height.
            let compact = ui.ctx().content_rect().height() < COMPACT_BELOW;
            line_ui(
                ui,
                None,
                RichText::new(summary::summary(answers.clone())).strong(),
                compact,
            );
            if let Some(line) = other_url::line(c, &shown) {
                line_ui(ui, None, RichText::new(line).strong(), compact);
            }
            hosts_ui(ui, &hosts::compare(answers), compact);
            if let Some(v) = &c.pair {
                pair_line_ui(ui, v, compact);
            }
        } else {
            ui.add(
                egui::Label::new(
                    RichText::new(
                        "Comparing the new input… Below: the previous input's comparison.",
                    )
                    .color(ui.visuals().warn_fg_color),
                )
                .wrap(),
            );
        }
        ui.add_space(2.0);
        egui::ScrollArea::vertical()
            .id_salt("compare-scroll")
            .auto_shrink(false)
            .show(ui, |ui| {
                super::focus_scroll::scroll_to_new_focus(ui);
                table::table_ui(ui, c, &mut state.compare, state.escapes, commands);
                ui.add_space(6.0);
                section(ui, "Hosts: who checks, who fetches", |ui| {
                    host_matrix::host_matrix_ui(ui, c, &shown, &mut state.compare);
                });
                sections_ui(ui, c, &shown, reference, state.escapes, commands);
            });
    }

    /// Asks for a comparison when the inputs changed; takes a finished one.
    fn refresh(&mut self, ctx: &egui::Context, state: &State) {
        if let Some(done) = self.worker.poll() {
            self.shown = Some(done);
        }
        // Compared in place: a pasted megabyte is not copied every frame.
        let pair = state.compare.pair();
        let other = state.compare.other_url();
        let unchanged = self.asked.as_ref().is_some_and(|a| {
            a.input == state.input
                && a.base == state.base
                && a.encoding == state.encoding
                && a.pair == pair
                && a.other.as_deref() == other
        });
        if unchanged {
            return;
        }
        let request = CompareRequest {
            input: state.input.clone(),
            base: state.base.clone(),
            encoding: state.encoding.clone(),
            pair,
            other: other.map(str::to_owned),
        };
        self.asked = Some(request.clone());
        if let Some(done) = self.worker.submit(request, ctx) {
            self.shown = Some(done);
        }
    }

    /// The comparison on screen, if any.
    pub fn comparison(&self) -> Option<&Comparison> {
        self.shown.as_ref()
    }
}

/// The rows to show, the reference row, the Markdown copy, and the timing.
fn toolbar_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    state: &mut State,
    other_kept: &mut String,
    computing: bool,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let settings = &mut state.compare;
        let count = Resolver::ALL.iter().filter(|&&r| settings.shows(r)).count();
        let all = Resolver::ALL.len();
        ui.menu_button(format!("Resolvers: {count} of {all}"), |ui| {
            for group in Group::ALL {
                let mut open = !settings.hidden_groups.contains(&group);
                let text = RichText::new(group.label()).strong();
                if ui
                    .checkbox(&mut open, text)
                    .on_hover_text(group.description())
                    .changed()
                {
                    settings.set_group_shown(group, open);
                }
                ui.indent(group.name(), |ui| {
                    ui.add_enabled_ui(open, |ui| {
                        for r in group.members() {
                            resolver_checkbox(ui, settings, r);
                        }
                    });
                });
            }
            ui.separator();
            if ui.button(format!("Show all {all}")).clicked() {
                settings.hidden.clear();
                settings.hidden_groups.clear();
            }
        });
        let mut live = settings.live;
        if ui
            .checkbox(&mut live, "Ask the real ones")
            .on_hover_text(
                "Ask the browsers (Chromium, Firefox, WebKitGTK, headless) and the server \
                 libraries installed here too, each under its model; a live answer that is not \
                 the model's is marked ≠. `scripts/setup browsers` and `scripts/setup servers` \
                 install them.",
            )
            .changed()
        {
            settings.live = live;
        }
        let mut reference = settings.reference;
        egui::ComboBox::from_label("reference row")
            .selected_text(reference.label())
            .show_ui(ui, |ui| {
                for r in Resolver::ALL {
                    let text = format!("{} — {}", r.label(), r.description());
                    ui.selectable_value(&mut reference, r, text);
                }
            })
            .response
            .on_hover_text(
                "The row the others are compared with: their cells that differ are marked ≠.",
            );
        if reference != settings.reference {
            settings.set_reference(reference);
        }
        other_url::toggle_ui(ui, settings, other_kept);
        if ui
            .button("Copy as Markdown")
            .on_hover_text("The whole comparison as a Markdown table, for a bug report.")
            .clicked()
        {
            commands.push(Command::Copy {
                what: "the comparison as a Markdown table".to_owned(),
                text: markdown::markdown(c, &settings.shown(), settings.reference),
            });
        }
        if computing {
            ui.spinner();
            ui.label("comparing…");
        } else {
            ui.weak(format!(
                "{} resolvers in {:.2} ms",
                c.answers.len(),
                c.elapsed.as_secs_f64() * 1000.0
            ));
        }
    });
}

/// A resolver's line in the Resolvers menu (the reference's cannot be
/// turned off).
fn resolver_checkbox(ui: &mut egui::Ui, settings: &mut CompareSettings, r: Resolver) {
    let mut on = settings.shows(r);
    let is_reference = r == settings.reference;
    let text = format!("{} — {}", r.label(), r.description());
    let resp = ui.add_enabled(!is_reference, egui::Checkbox::new(&mut on, text));
    let resp = if is_reference {
        resp.on_disabled_hover_text("The reference row is always shown.")
    } else {
        resp
    };
    if resp.changed() {
        settings.set_shown(r, on);
    }
}

/// Below this width the sections go one under the other; above it, in two
/// columns (the spec's modes and the URL Standard on the left, RFC 3986 and
/// OPC on the right), so more of them is in sight at 1280×800.
const TWO_COLUMNS_FROM: f32 = 1000.0;

/// The sections below the table, each for the shown resolvers it concerns.
fn sections_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    shown: &[Resolver],
    reference: Resolver,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    if ui.available_width() >= TWO_COLUMNS_FROM {
        ui.columns(2, |cols| {
            browsers_ui(&mut cols[0], c, shown, reference, commands);
            documents_ui(&mut cols[1], c, shown, escapes, commands);
        });
    } else {
        browsers_ui(ui, c, shown, reference, commands);
        documents_ui(ui, c, shown, escapes, commands);
    }
}

/// Where the spec's modes part, and the URL Standard's validation errors.
fn browsers_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    shown: &[Resolver],
    reference: Resolver,
    commands: &mut Vec<Command>,
) {
    let modes_shown = shown.iter().filter(|r| r.mode().is_some()).count();
    if modes_shown >= 2 {
        section(ui, "Where the spec's modes part", |ui| {
            parting_view::partings_ui(ui, c, shown, reference, commands);
        });
    }
    if shown.contains(&Resolver::Whatwg)
        && let Some(a) = c.answer(Resolver::Whatwg)
    {
        section(ui, "URL Standard: validation errors", |ui| {
            whatwg_errors::whatwg_errors_ui(ui, a, &c.request.input);
        });
    }
    if departures::has_any(c, shown) {
        section(
            ui,
            "Browsers today: where they leave the URL Standard",
            |ui| {
                departures::departures_ui(ui, c, shown);
            },
        );
    }
    if shown.contains(&Resolver::RustUrl)
        && let Some(a) = c.answer(Resolver::RustUrl)
        && let Some(note) = a.notes.iter().find(|n| n.code == rust_url_diverges())
    {
        section(
            ui,
            "rust-url: a known divergence from the URL Standard",
            |ui| {
                ui.label(&note.message);
            },
        );
    }
}

/// The note a `rust-url` answer carries where the crate is known to part
/// from the URL Standard.
fn rust_url_diverges() -> crate::resolvers::NoteCode {
    crate::resolvers::rust_url::Code::Diverges.into()
}

/// RFC 3986's two forms, and OPC's steps.
fn documents_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    shown: &[Resolver],
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    if shown.contains(&Resolver::Rfc3986)
        && let Some(a) = c.answer(Resolver::Rfc3986)
    {
        section(ui, "RFC 3986: resolved, then normalized", |ui| {
            rfc3986_forms::rfc3986_ui(ui, a, escapes, commands);
        });
    }
    if shown.contains(&Resolver::Opc)
        && let Some(a) = c.answer(Resolver::Opc)
    {
        section(ui, "OPC: the steps to a part name", |ui| {
            opc_steps::opc_ui(ui, a, escapes, commands);
        });
    }
    if keys::has_any(c, shown) {
        section(ui, "Canonical forms: keys and lookups", |ui| {
            keys::keys_ui(ui, c, shown, commands);
        });
    }
}

/// A foldable section, open at first.
fn section(ui: &mut egui::Ui, title: &str, body: impl FnOnce(&mut egui::Ui)) {
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(title)
        .default_open(true)
        .show(ui, body);
}

/// The chosen pair's verdict in a line, under the hosts': whether the URL
/// gets through the parser that checks and the one that fetches.
fn pair_line_ui(ui: &mut egui::Ui, v: &crate::resolvers::pair::PairVerdict, compact: bool) {
    let visuals = ui.visuals();
    let (heading, color) = if v.through {
        ("The pair lets it through:", visuals.error_fg_color)
    } else {
        ("The pair:", visuals.text_color())
    };
    let heading = RichText::new(heading).strong().color(color);
    let hover = "The parser that checks the URL and the one that fetches it (the pair chosen \
                 under Hosts below): a URL gets through when both accept it and the fetch goes \
                 to another host than the check saw.";
    line_ui(
        ui,
        Some((heading, hover)),
        RichText::new(&v.sentence),
        compact,
    );
}

/// The window height (points) under which the lines above the table keep
/// one row each.
const COMPACT_BELOW: f32 = 720.0;

/// A line of the view's head: an optional heading (with its hover text)
/// and a text, wrapped, or in a short window cut to one row with the whole
/// text on hover.
fn line_ui(ui: &mut egui::Ui, heading: Option<(RichText, &str)>, text: RichText, compact: bool) {
    let body = |ui: &mut egui::Ui| {
        if let Some((heading, hover)) = heading {
            ui.label(heading).on_hover_text(hover);
        }
        if compact {
            let whole = text.text().to_owned();
            ui.add(egui::Label::new(text).truncate())
                .on_hover_text(whole);
        } else {
            ui.add(egui::Label::new(text).wrap());
        }
    };
    if compact {
        ui.horizontal(body);
    } else {
        ui.horizontal_wrapped(body);
    }
}

/// Whether the resolvers shown would connect to the same host, in a
/// sentence; a confusion in the error colour, a spelling in the warning's.
fn hosts_ui(ui: &mut egui::Ui, h: &hosts::Hosts, compact: bool) {
    let visuals = ui.visuals();
    let (heading, color) = match h.verdict {
        hosts::Verdict::Confusion => ("Different hosts:", visuals.error_fg_color),
        hosts::Verdict::Spelling => ("One host, spelled differently:", visuals.warn_fg_color),
        hosts::Verdict::Agree => ("Hosts:", visuals.text_color()),
    };
    let heading = RichText::new(heading).strong().color(color);
    let hover = "Whether the parsers shown would connect to the same host, after normalizing how \
                 each writes it (IDNA, percent-decoding, IPv4 number forms, IPv6 text). Two \
                 parsers reading one URL as two hosts is how a filter checks one host while a \
                 client connects to another.";
    line_ui(
        ui,
        Some((heading, hover)),
        RichText::new(hosts::sentence(h)),
        compact,
    );
}
