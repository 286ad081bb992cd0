//! How the Batch view reads its lines and which resolvers it runs: the
//! input format (detected or chosen), the CSV columns, the base and
//! encoding for lines that give none, one checkbox per resolver. All kept
//! in [`BatchSettings`]; [`run_options`] turns them into the pipeline's
//! options, or a message naming what is wrong.

use crate::engine::QueryEncoding;
use crate::resolvers::Resolver;
use crate::table::{InputFormat, ReadOptions, RunOptions};

use super::super::pair_picker::pair_picker_ui;
use super::settings::BatchSettings;

/// Draws the choices.
pub fn options_ui(ui: &mut egui::Ui, settings: &mut BatchSettings) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Format:");
        let shown = settings.format.map_or("detect", InputFormat::name);
        egui::ComboBox::from_id_salt("batch-format")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut settings.format, None, "detect");
                for f in InputFormat::ALL {
                    ui.selectable_value(&mut settings.format, Some(f), f.name());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "lines: one URL per line · tsv: URL<TAB>BASE · csv: a header row names the columns · \
                 jsonl: {\"input\": …, \"base\": …, \"encoding\": …} per line",
            );
        if matches!(settings.format, None | Some(InputFormat::Csv)) {
            text_field(ui, "CSV input column:", &mut settings.input_column, "input, url or href", 90.0);
            text_field(ui, "base column:", &mut settings.base_column, "base", 70.0);
        }
        ui.separator();
        text_field(ui, "Base:", &mut settings.base, "for lines without one", 200.0);
        text_field(ui, "Encoding:", &mut settings.encoding, "utf-8", 80.0);
    });
    pair_ui(ui, settings);
    ui.horizontal_wrapped(|ui| {
        ui.label("Resolvers:");
        for r in Resolver::ALL {
            let mut on = settings.resolvers.contains(&r);
            if ui
                .checkbox(&mut on, r.label())
                .on_hover_text(format!(
                    "{} (`{}` on the command line)",
                    r.description(),
                    r.name()
                ))
                .changed()
            {
                settings.set_resolver(r, on);
            }
        }
    });
}

/// The pair: the parser that checks and the one that fetches. Choosing
/// turns both resolvers on.
fn pair_ui(ui: &mut egui::Ui, settings: &mut BatchSettings) {
    let hover = "The parser an application checks URLs with and the one it fetches them with: \
                 the table gets a pair column, and the filter can keep the rows that get through";
    let (mut check, mut fetch) = (settings.check, settings.fetch);
    let chosen = pair_picker_ui(ui, "batch", hover, &mut check, &mut fetch);
    (settings.check, settings.fetch) = (check, fetch);
    if let Some(pair) = chosen {
        settings.set_pair(pair);
    }
}

/// A label and its field, kept on one line when the row wraps: a pair that
/// does not fit in what is left of the row starts the next one (egui does
/// not move a group it has begun, so a pair near the edge ran off it).
fn text_field(ui: &mut egui::Ui, label: &str, value: &mut String, hint: &str, width: f32) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let label_w = ui
        .painter()
        .layout_no_wrap(label.to_owned(), font, egui::Color32::PLACEHOLDER)
        .size()
        .x;
    let need =
        label_w + width + 3.0 * ui.spacing().item_spacing.x + 2.0 * ui.spacing().button_padding.x;
    // In a wrapping row, what is left of it (`available_width` is the
    // whole row's width there).
    if ui.available_size_before_wrap().x < need {
        ui.end_row();
    }
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(value)
                .hint_text(hint)
                .desired_width(width),
        )
        .labelled_by(label.id);
    });
}

/// The pipeline's options from the settings, or what is wrong with them.
pub fn run_options(settings: &BatchSettings) -> Result<RunOptions, String> {
    let resolvers = settings.resolvers.clone();
    if resolvers.is_empty() {
        return Err("Choose at least one resolver.".to_owned());
    }
    let label = settings.encoding.trim();
    let encoding = if label.is_empty() {
        QueryEncoding::UTF8
    } else {
        let e = QueryEncoding::from_label(label);
        if e.named.is_none() {
            return Err(format!(
                "Unknown encoding label {label:?}; use a WHATWG label such as utf-8, shift_jis or latin1."
            ));
        }
        e
    };
    let optional = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    Ok(RunOptions {
        read: ReadOptions {
            format: settings.format,
            base: optional(&settings.base),
            encoding,
            input_column: optional(&settings.input_column),
            base_column: optional(&settings.base_column),
            ..ReadOptions::default()
        },
        pair: settings.pair(),
        resolvers,
        threads: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_choices_are_named_and_good_ones_carry_over() {
        let mut s = BatchSettings {
            encoding: "klingon".to_owned(),
            ..BatchSettings::default()
        };
        let e = run_options(&s).expect_err("unknown label");
        assert!(e.contains("\"klingon\""), "{e}");
        s.encoding = "sjis".to_owned();
        s.base = " http://b/ ".to_owned();
        s.format = Some(InputFormat::Csv);
        let o = run_options(&s).expect("valid");
        assert_eq!(o.read.encoding.used.name(), "Shift_JIS");
        assert_eq!(o.read.base.as_deref(), Some("http://b/"));
        assert_eq!(o.read.format, Some(InputFormat::Csv));
        s.resolvers.clear();
        assert!(run_options(&s).is_err());
    }
}
