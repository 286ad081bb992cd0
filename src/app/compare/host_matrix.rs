//! The Compare view's host matrix: every shown resolver against every
//! other, each cell saying how the two hosts stand (the same, one host
//! spelled two ways, two different hosts, one refuses the URL, one names
//! no host), and the pair picker: the parser an application checks the URL
//! with and the one it fetches it with. The pair's cell is outlined, and
//! the pair's verdict is said in a sentence with the step where each side
//! took its host. A click on a cell makes its row the check and its column
//! the fetch.
//!
//! Hosts are compared as [`crate::resolvers::hosts`] compares them: after
//! the URL Standard's host parser has normalized each spelling.

use egui::{Color32, RichText, Sense, Stroke};

use crate::engine::Component;
use crate::resolvers::hosts::{self, Verdict};
use crate::resolvers::pair::{Pair, PairVerdict};
use crate::resolvers::{Answer, Resolver};

use super::super::pair_picker::pair_picker_ui;
use super::super::state::compare_settings::CompareSettings;
use super::compute::Comparison;

/// How two resolvers' hosts stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// One resolver against itself.
    Itself,
    /// The same host, written the same.
    Same,
    /// The same host after normalizing, written differently.
    Spelled,
    /// Two different hosts.
    Different,
    /// One of the two refuses the URL.
    Refused,
    /// One of the two names no host.
    NoHost,
}

impl Relation {
    /// The cell's mark.
    pub const fn mark(self) -> &'static str {
        match self {
            Relation::Itself => "·",
            Relation::Same => "=",
            Relation::Spelled => "≈",
            Relation::Different => "≠",
            Relation::Refused => "×",
            Relation::NoHost => "–",
        }
    }

    /// What the mark means, in words.
    pub const fn words(self) -> &'static str {
        match self {
            Relation::Itself => "itself",
            Relation::Same => "the same host",
            Relation::Spelled => "the same host, spelled differently",
            Relation::Different => "different hosts",
            Relation::Refused => "one refuses the URL",
            Relation::NoHost => "one names no host",
        }
    }
}

/// The host an answer names, when it is valid and names one.
fn host_of(a: &Answer) -> Option<&str> {
    (!a.invalid)
        .then(|| a.get(Component::Host))
        .flatten()
        .filter(|h| !h.is_empty())
}

/// How the hosts of `a` and `b` stand.
pub fn relation(a: &Answer, b: &Answer) -> Relation {
    if a.invalid || b.invalid {
        return Relation::Refused;
    }
    match (host_of(a), host_of(b)) {
        (Some(x), Some(y)) => match hosts::verdict([Some(x), Some(y)]) {
            Verdict::Agree => Relation::Same,
            Verdict::Spelling => Relation::Spelled,
            Verdict::Confusion => Relation::Different,
        },
        _ => Relation::NoHost,
    }
}

/// The resolvers the matrix shows: the shown ones that can name a host
/// (OPC part names have none).
fn members(shown: &[Resolver], c: &Comparison) -> Vec<Resolver> {
    shown
        .iter()
        .copied()
        .filter(|&r| r.names_a_host() && c.answer(r).is_some())
        .collect()
}

/// The section: the pair picker, the pair's verdict, the matrix.
pub fn host_matrix_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    shown: &[Resolver],
    settings: &mut CompareSettings,
) {
    pair_picker(ui, settings);
    if let Some(v) = &c.pair {
        pair_verdict_ui(ui, v);
    }
    ui.add_space(4.0);
    let members = members(shown, c);
    if members.len() < 2 {
        ui.label("Show two or more resolvers that name hosts to compare them.");
        return;
    }
    if let Some(picked) = matrix_ui(ui, c, &members, settings.pair()) {
        settings.set_pair(Some(picked));
    }
    legend_ui(ui);
}

/// The stacks, and each side of the pair; a pair chosen is shown.
fn pair_picker(ui: &mut egui::Ui, settings: &mut CompareSettings) {
    let hover = "The parser an application checks the URL with and the one it fetches it \
                 with: a known stack, or each side";
    let (mut check, mut fetch) = (settings.check, settings.fetch);
    let chosen = pair_picker_ui(ui, "compare", hover, &mut check, &mut fetch);
    (settings.check, settings.fetch) = (check, fetch);
    if let Some(pair) = chosen {
        settings.set_pair(pair);
    }
}

/// The pair's verdict: the sentence (a URL that gets through in the error
/// colour), then where each side took its host.
fn pair_verdict_ui(ui: &mut egui::Ui, v: &PairVerdict) {
    let visuals = ui.visuals();
    let (heading, color) = match (v.through, v.verdict) {
        (true, _) => ("Gets through:", visuals.error_fg_color),
        (false, Verdict::Spelling) => ("One host, two spellings:", visuals.warn_fg_color),
        (false, _) => ("Held:", visuals.text_color()),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(heading).strong().color(color));
        ui.label(&v.sentence);
    });
    for p in &v.parting {
        let took = p
            .host
            .as_deref()
            .map_or_else(String::new, |h| format!(" It took {h}."));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(p.resolver.label()).strong());
            ui.label(format!("step {}", p.number));
            ui.label(RichText::new(p.step).monospace())
                .on_hover_text(p.citation);
            ui.label(format!("{}{took}", p.explanation));
        });
    }
}

/// The grid; returns the pair a click picked.
fn matrix_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    members: &[Resolver],
    pair: Option<Pair>,
) -> Option<Pair> {
    let mut picked = None;
    let cell = egui::vec2(26.0, 20.0);
    egui::ScrollArea::horizontal()
        .id_salt("host-matrix")
        .show(ui, |ui| {
            egui::Grid::new("host-matrix-grid")
                .spacing(egui::vec2(2.0, 2.0))
                .show(ui, |ui| {
                    ui.label(RichText::new("rows check, columns fetch").weak());
                    for (j, r) in members.iter().enumerate() {
                        let strong = pair.is_some_and(|p| p.fetch == *r);
                        header(ui, &(j + 1).to_string(), strong).on_hover_text(format!(
                            "{}: {}",
                            j + 1,
                            r.label()
                        ));
                    }
                    ui.end_row();
                    for (i, &row) in members.iter().enumerate() {
                        let Some(a) = c.answer(row) else { continue };
                        let strong = pair.is_some_and(|p| p.check == row);
                        let host = match (a.invalid, host_of(a)) {
                            (true, _) => "refuses".to_owned(),
                            (false, Some(h)) => h.to_owned(),
                            (false, None) => "no host".to_owned(),
                        };
                        header(
                            ui,
                            &format!("{:>2} {:<12} {host}", i + 1, row.name()),
                            strong,
                        )
                        .on_hover_text(row.label());
                        for &col in members {
                            let Some(b) = c.answer(col) else { continue };
                            let rel = if row == col {
                                Relation::Itself
                            } else {
                                relation(a, b)
                            };
                            let is_pair = pair
                                == Some(Pair {
                                    check: row,
                                    fetch: col,
                                });
                            if cell_ui(ui, cell, rel, row, col, is_pair) {
                                picked = Some(Pair {
                                    check: row,
                                    fetch: col,
                                });
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    picked
}

/// A heading of the grid, strong for the pair's.
fn header(ui: &mut egui::Ui, text: &str, strong: bool) -> egui::Response {
    let text = RichText::new(text).monospace();
    ui.label(if strong { text.strong() } else { text })
}

/// One cell: its mark on a tint, outlined when it is the pair's; returns
/// whether it was clicked.
fn cell_ui(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    rel: Relation,
    check: Resolver,
    fetch: Resolver,
    is_pair: bool,
) -> bool {
    let visuals = ui.visuals().clone();
    let (fill, text_color) = match rel {
        Relation::Different => (
            visuals.error_fg_color.gamma_multiply(0.25),
            visuals.error_fg_color,
        ),
        Relation::Spelled => (
            visuals.warn_fg_color.gamma_multiply(0.25),
            visuals.warn_fg_color,
        ),
        Relation::Same | Relation::Itself => (Color32::TRANSPARENT, visuals.text_color()),
        Relation::Refused | Relation::NoHost => (Color32::TRANSPARENT, visuals.weak_text_color()),
    };
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click());
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, fill);
    if is_pair {
        painter.rect_stroke(
            rect,
            2.0,
            Stroke::new(2.0, visuals.strong_text_color()),
            egui::StrokeKind::Inside,
        );
    }
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        rel.mark(),
        egui::TextStyle::Monospace.resolve(ui.style()),
        text_color,
    );
    let label = format!(
        "{} checks, {} fetches: {}",
        check.label(),
        fetch.label(),
        rel.words()
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    let resp = resp.on_hover_text(format!("{label}. Click to make this the pair."));
    resp.clicked()
}

/// What the marks mean.
fn legend_ui(ui: &mut egui::Ui) {
    let marks = [
        Relation::Same,
        Relation::Spelled,
        Relation::Different,
        Relation::Refused,
        Relation::NoHost,
    ];
    let text: Vec<String> = marks
        .iter()
        .map(|r| format!("{} {}", r.mark(), r.words()))
        .collect();
    ui.label(RichText::new(text.join(" · ")).weak());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::Request;

    fn answer(r: Resolver, input: &str) -> Answer {
        r.resolve(&Request::new(input))
    }

    #[test]
    fn relations_follow_the_hosts_rules() {
        let url = "http://good.com\\@evil.com/";
        let (standard, python) = (answer(Resolver::Whatwg, url), answer(Resolver::Python, url));
        assert_eq!(relation(&standard, &python), Relation::Different);
        let go = answer(Resolver::Go, url);
        assert_eq!(relation(&standard, &go), Relation::Refused);
        let spelled = "http://0x7f.1/";
        let (standard, python) = (
            answer(Resolver::Whatwg, spelled),
            answer(Resolver::Python, spelled),
        );
        assert_eq!(relation(&standard, &python), Relation::Spelled);
        let same = answer(Resolver::This, "http://example.com/");
        assert_eq!(relation(&same, &same), Relation::Same);
        let mail = answer(Resolver::Whatwg, "mailto:a@b");
        assert_eq!(relation(&same, &mail), Relation::NoHost);
    }
}
