//! A documentation page drawn from its [`Block`]s: headings in sizes,
//! paragraphs with code, strong and emphasized runs, links that can be
//! followed, list items indented by depth with their markers, code blocks
//! on a tinted ground, tables as striped grids, and a picture's
//! alternative text in its place.

use egui::{Color32, RichText, Ui};

use super::markdown::{Block, Span, plain};
use crate::app::theme;

/// Draws `blocks`; returns the target of a link clicked this frame.
pub fn page_ui(ui: &mut Ui, blocks: &[Block]) -> Option<String> {
    let mut clicked = None;
    for (i, block) in blocks.iter().enumerate() {
        ui.push_id(i, |ui| match block {
            Block::Heading(level, spans) => {
                ui.add_space(if *level <= 2 { 10.0 } else { 6.0 });
                let size = match level {
                    1 => 24.0,
                    2 => 19.0,
                    3 => 16.0,
                    _ => 14.0,
                };
                ui.label(RichText::new(plain(spans)).size(size).strong());
            }
            Block::Paragraph(spans) => {
                ui.add_space(4.0);
                runs_ui(ui, spans, &mut clicked);
            }
            Block::Item {
                depth,
                marker,
                spans,
            } => {
                ui.horizontal_top(|ui| {
                    ui.add_space(8.0 + 18.0 * *depth as f32);
                    ui.label(RichText::new(marker).monospace());
                    ui.vertical(|ui| runs_ui(ui, spans, &mut clicked));
                });
            }
            Block::Code(text) => {
                ui.add_space(4.0);
                egui::Frame::new()
                    .fill(theme::faint_row(ui.visuals()))
                    .inner_margin(6.0)
                    .corner_radius(3.0)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
                    });
            }
            Block::Table { head, rows } => {
                ui.add_space(4.0);
                table_ui(ui, head, rows, &mut clicked);
            }
            Block::Rule => {
                ui.separator();
            }
            Block::Picture(alt) => {
                ui.label(RichText::new(format!("(a picture: {alt})")).italics());
            }
        });
    }
    clicked
}

/// A table as a striped grid, the header in bold.
fn table_ui(
    ui: &mut Ui,
    head: &[Vec<Span>],
    rows: &[Vec<Vec<Span>>],
    clicked: &mut Option<String>,
) {
    let columns = head.len().max(1);
    let width = ui.available_width();
    egui::Grid::new("table")
        .num_columns(columns)
        .striped(true)
        .spacing([12.0, 4.0])
        .max_col_width((width / columns as f32).max(120.0))
        .show(ui, |ui| {
            for cell in head {
                ui.label(RichText::new(plain(cell)).strong());
            }
            ui.end_row();
            for row in rows {
                for cell in row {
                    ui.vertical(|ui| runs_ui(ui, cell, clicked));
                }
                ui.end_row();
            }
        });
}

/// Runs of inline text, wrapped as one paragraph; a link is a link.
fn runs_ui(ui: &mut Ui, spans: &[Span], clicked: &mut Option<String>) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for span in spans {
            let mut text = RichText::new(&span.text);
            if span.code {
                text = text
                    .monospace()
                    .background_color(theme::faint_row(ui.visuals()));
            }
            if span.strong {
                text = text.strong();
            }
            if span.emphasis {
                text = text.italics();
            }
            match &span.link {
                Some(target) => {
                    let link = ui
                        .link(text.color(link_color(ui)))
                        .on_hover_text(target.as_str());
                    if link.clicked() {
                        *clicked = Some(target.clone());
                    }
                }
                None => {
                    ui.add(egui::Label::new(text).wrap());
                }
            }
        }
    });
}

fn link_color(ui: &Ui) -> Color32 {
    ui.visuals().hyperlink_color
}
