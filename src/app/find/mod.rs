//! The Find view: the URLs that pass an application's check with one
//! parser and reach a target through the parser it fetches with
//! ([`crate::confuse`], as `url-inspector confuse` runs it). It has its own
//! inputs (F5): the pair, the allowed host, the target, the rule, a base
//! and the budget; the run goes off the UI thread and the results come
//! back folded, shortest first, each opening to where the parsers part.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`FindView`]: the question's fields and the Find button |
//! | [`job`] | the run, on a thread of its own |
//! | [`results`] | the results, each opening to its parting steps |

pub mod job;
pub mod results;

use std::time::Duration;

use egui::TextEdit;

use super::command::Command;
use super::pair_picker::pair_picker_ui;
use super::state::State;
use super::state::find_settings::{RULES, SECONDS};
use crate::confuse::{Budget, Question};
use crate::resolvers::pair::Pair;

use job::{Found, Job};

/// What the Find view keeps while the app runs (its question is saved in
/// the state, [`super::state::FindSettings`]).
#[derive(Default)]
pub struct FindView {
    job: Job,
    found: Option<Found>,
    /// The result shown open, an index into the folded results.
    opened: Option<usize>,
    /// Why the last search could not start.
    problem: Option<String>,
    /// Whether the first field has had the focus once: the view opens with
    /// the cursor in it, so Enter searches at once.
    focused: bool,
}

impl FindView {
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut State, commands: &mut Vec<Command>) {
        if let Some(found) = self.job.poll() {
            self.opened = (!found.folded.is_empty()).then_some(0);
            self.found = Some(found);
        }
        ui.add_space(4.0);
        let focus_first = !std::mem::replace(&mut self.focused, true);
        let go = form_ui(ui, state, self.job.is_running(), focus_first);
        if go {
            match question(state) {
                Ok(q) => {
                    self.problem = None;
                    self.job.start(ui.ctx(), q, state.find.live);
                }
                Err(e) => self.problem = Some(e),
            }
        }
        if let Some(p) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, format!("Problem: {p}"));
        }
        ui.separator();
        if self.job.is_running() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!(
                    "Trying the families, then searching for {} s…",
                    state.find.seconds
                ));
            });
        } else if self.found.is_none() {
            ui.weak(
                "Choose the parser the application checks with and the one it fetches with, \
                 the host the allow-list allows and the host an attacker wants to reach, then Search.",
            );
        }
        if let Some(found) = &self.found {
            results::results_ui(ui, found, &mut self.opened, commands);
        }
    }

    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// The URL of the result shown open (what the copy shortcut copies
    /// here).
    pub fn opened_url(&self) -> Option<String> {
        let found = self.found.as_ref()?;
        Some(found.folded.get(self.opened?)?.input.clone())
    }

    /// The last search's report, as Markdown (what the report shortcut
    /// copies here).
    pub fn report(&self) -> Option<String> {
        let f = self.found.as_ref()?;
        Some(crate::confuse::report::markdown(
            &f.question,
            &f.outcome,
            &f.folded,
        ))
    }
}

/// The question's fields; returns whether a search was asked (the button, or
/// Enter in a field).
fn form_ui(ui: &mut egui::Ui, state: &mut State, running: bool, focus_first: bool) -> bool {
    let s = &mut state.find;
    pair_picker_ui(
        ui,
        "find",
        "The parser the application checks the URL with, and the one it fetches it with",
        &mut s.check,
        &mut s.fetch,
    );
    let mut enter = false;
    let mut first = focus_first;
    let mut field = |ui: &mut egui::Ui, label: &str, text: &mut String, width: f32, hint: &str| {
        let l = ui.label(label);
        let r = ui
            .add(
                TextEdit::singleline(text)
                    .desired_width(width)
                    .hint_text(hint),
            )
            .labelled_by(l.id);
        if std::mem::take(&mut first) {
            r.request_focus();
        }
        enter |= r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    };
    ui.horizontal_wrapped(|ui| {
        field(ui, "Allowed host:", &mut s.allowed, 130.0, "good.com");
        field(ui, "Target:", &mut s.target, 130.0, "127.0.0.1");
        let l = ui.label("Rule:");
        egui::ComboBox::from_id_salt("find-rule")
            .selected_text(s.rule.as_str())
            .show_ui(ui, |ui| {
                for r in RULES {
                    ui.selectable_value(&mut s.rule, r.to_owned(), r)
                        .on_hover_text(rule_help(r));
                }
            })
            .response
            .labelled_by(l.id)
            .on_hover_text(rule_help(&s.rule));
        if s.rule == "regex" {
            field(ui, "RE:", &mut s.regex, 180.0, r"^https?://good\.com/");
        }
    });
    let mut clicked = false;
    ui.horizontal_wrapped(|ui| {
        field(
            ui,
            "Base:",
            &mut s.base,
            200.0,
            "none (relative references not tried)",
        );
        let l = ui.label("Budget:");
        ui.add(egui::Slider::new(&mut s.seconds, SECONDS).suffix(" s"))
            .labelled_by(l.id);
        ui.checkbox(&mut s.live, "Ask the real ones").on_hover_text(
            "The real libraries installed here confirm each result (scripts/setup servers)",
        );
        clicked = ui
            .add_enabled(!running, egui::Button::new("Search"))
            .on_hover_text("Try every payload family, then search, within the budget")
            .clicked();
    });
    (clicked || enter) && !running
}

fn rule_help(rule: &str) -> &'static str {
    match rule {
        "equals" => "The checking parser's host is the allowed host, byte for byte",
        "suffix" => "The host is the allowed host or ends with . and the allowed host",
        "prefix" => {
            "The checking parser's URL starts with http:// or https:// and the allowed host"
        }
        _ => "A regular expression matches the checking parser's URL",
    }
}

/// The question the view's fields ask.
fn question(state: &State) -> Result<Question, String> {
    let s = &state.find;
    let pair = s
        .check
        .zip(s.fetch)
        .map(|(check, fetch)| Pair { check, fetch })
        .ok_or("choose the parser that checks and the one that fetches")?;
    Question::from_text(
        pair,
        &s.rule_text(),
        &s.allowed,
        &s.target,
        Some(&s.base),
        Budget::Time(Duration::from_secs(u64::from(s.seconds))),
        1,
    )
    .map_err(|e| {
        e.replace("--allowed", "the allowed host")
            .replace("--target", "the target")
            .replace("--base", "the base")
    })
}
