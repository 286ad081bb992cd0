//! The pair picker, in Compare and in Batch: the parser an application
//! checks a URL with and the one it fetches it with, chosen as a known
//! stack (`php`: parse_url checks, curl fetches) or side by side. A side
//! chosen alone is kept while the other is not yet.

use crate::resolvers::Resolver;
use crate::resolvers::pair::{Pair, Stack};

/// Draws the picker over `check` and `fetch` (prefixing its widgets' ids
/// with `id`); returns the pair once both sides are chosen anew, or `None`
/// inside when the person chose none, for the caller to follow (show or
/// run the pair's resolvers). `hover` says what the pair does there.
pub fn pair_picker_ui(
    ui: &mut egui::Ui,
    id: &str,
    hover: &str,
    check: &mut Option<Resolver>,
    fetch: &mut Option<Resolver>,
) -> Option<Option<Pair>> {
    let current = check
        .zip(*fetch)
        .map(|(check, fetch)| Pair { check, fetch });
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Pair:");
        let mut pair = current;
        let stack = Stack::ALL.into_iter().find(|s| Some(s.pair()) == pair);
        egui::ComboBox::from_id_salt(format!("{id}-stack"))
            .selected_text(match (stack, pair) {
                (Some(s), _) => s.name(),
                (None, Some(_)) => "chosen",
                (None, None) => "none",
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut pair, None, "none");
                for s in Stack::ALL {
                    ui.selectable_value(&mut pair, Some(s.pair()), s.name())
                        .on_hover_text(s.description());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(hover);
        let (was_check, was_fetch) = (*check, *fetch);
        side_ui(ui, "check:", &format!("{id}-check"), check);
        side_ui(ui, "fetch:", &format!("{id}-fetch"), fetch);
        if (*check, *fetch) != (was_check, was_fetch) {
            let both = check
                .zip(*fetch)
                .map(|(check, fetch)| Pair { check, fetch });
            if both.is_some() {
                chosen = Some(both);
            }
        } else if pair != current {
            *check = pair.map(|p| p.check);
            *fetch = pair.map(|p| p.fetch);
            chosen = Some(pair);
        }
    });
    chosen
}

/// One side of the pair: a resolver, or none.
fn side_ui(ui: &mut egui::Ui, label: &str, id: &str, side: &mut Option<Resolver>) {
    let label = ui.label(label);
    egui::ComboBox::from_id_salt(id)
        .selected_text(side.map_or("none", Resolver::label))
        .show_ui(ui, |ui| {
            ui.selectable_value(side, None, "none");
            for r in Resolver::ALL {
                ui.selectable_value(side, Some(r), r.label())
                    .on_hover_text(r.description());
            }
        })
        .response
        .labelled_by(label.id);
}
