//! The comparison table's rows that are not answers: a group's heading,
//! which folds the group away and opens it again, and the row of a live
//! browser still being asked. And what marks a live browser whose answer
//! is not its model's.

use egui::{RichText, UiBuilder};

use crate::resolvers::{Answer, Group, Resolver};

use super::settings::CompareSettings;

/// The hover text of a live browser or library that answers otherwise
/// than its model.
pub const OFF_MODEL: &str = "\n≠ The program installed here answers otherwise than the \
model of its version: an update the model has not caught, or a departure it lacks.";

/// A group's heading: `▾ Browsers today`, or `▸ Libraries (folded)`;
/// clicking it folds the group or opens it.
pub fn heading_ui(ui: &mut egui::Ui, group: Group, folded: bool, settings: &mut CompareSettings) {
    let (mark, state) = if folded {
        ("▸", " (folded)")
    } else {
        ("▾", "")
    };
    let text = format!("{mark} {}{state}", group.label());
    let hover = if folded {
        format!("{}.\nClick to show this group's rows.", group.description())
    } else {
        format!(
            "{}.\nClick to fold this group's rows away.",
            group.description()
        )
    };
    let clicked = ui
        .scope_builder(
            UiBuilder::new().accessibility_label(format!("{} group", group.label())),
            |ui| {
                ui.add(
                    // Monospace, as the names under it: its font has the marks.
                    egui::Label::new(RichText::new(text).monospace().strong())
                        .sense(egui::Sense::click()),
                )
                .on_hover_text(hover)
                .clicked()
            },
        )
        .inner;
    if clicked {
        settings.set_group_shown(group, folded);
    }
}

/// The cell of a live browser or library not yet answered.
pub fn asking_ui(ui: &mut egui::Ui, r: Resolver) {
    ui.spinner();
    let who = r.browser().map_or_else(
        || r.phrase().to_owned(),
        |b| format!("the {} installed here", b.label()),
    );
    ui.weak(format!("asking {who}…")).on_hover_text(
        "It starts once (a browser headless, a library's runtime with its runner), then \
         answers at once.",
    );
}

/// Whether a live answer is not its model's: another canonical string,
/// or valid where the model refuses (or the reverse). A browser that
/// cannot be asked differs from nothing.
pub fn differs_from_model(model: &Answer, live: &Answer) -> bool {
    use crate::resolvers::live::Code;
    let unavailable = live
        .why_invalid()
        .is_some_and(|n| n.code == Code::NotInstalled.into() || n.code == Code::Stopped.into());
    !unavailable && model.valid_canon() != live.valid_canon()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::live::Code;
    use crate::resolvers::{Note, Request};

    #[test]
    fn a_browser_that_cannot_be_asked_differs_from_nothing() {
        let model = Resolver::Chromium.resolve(&Request::new("http://h/"));
        let missing = Answer::invalid(Note::of(Code::NotInstalled));
        assert!(!differs_from_model(&model, &missing));
        let threw = Answer::invalid(Note::of(Code::Threw));
        assert!(differs_from_model(&model, &threw));
        assert!(!differs_from_model(&model, &model));
    }
}
