//! The step player: first, previous, play/pause, next and last, to walk
//! through a run from the raw input to the canonical URL one step at a time
//! (the selection moves; the detail below the list shows the step and the
//! URL after it). Playing advances one step every few seconds (a speed the
//! user picks among [`PLAY_SPEEDS`], saved; [`PLAY_INTERVAL`] by default)
//! and stops at the last step; the app keeps the clock.
//!
//! The player walks the steps the list shows, so the trace's filters (only
//! changed steps, only one component's steps) and folds narrow the walk too.
//! Each button names what it does in words beside its symbol, and its
//! shortcut in the tooltip.

use egui::{Color32, RichText};

use super::focus::TraceFocus;
use crate::app::command::Command;
use crate::app::keys;
use crate::app::state::State;
use crate::app::symbols::{with_words, words_then};

/// Seconds between two steps while playing, by default: long enough to
/// read a row's change, short enough that a whole teaching example plays
/// in about 20 s.
pub const PLAY_INTERVAL: f64 = 0.7;

/// The speeds the player offers, in seconds per step: faster for a run one
/// knows, slower for a class reading along.
pub const PLAY_SPEEDS: [f64; 5] = [0.35, 0.7, 1.0, 1.5, 2.5];

/// Draws the player's buttons and position into a horizontal `ui` (no
/// group of their own: a wrapped line then starts at the left edge);
/// `visible` are the steps the list shows, in order.
pub fn player_ui(
    ui: &mut egui::Ui,
    total: usize,
    visible: &[usize],
    focus: &TraceFocus,
    state: &State,
    commands: &mut Vec<Command>,
) {
    let interval = state.play_interval;
    let pos = focus
        .selected
        .and_then(|s| visible.iter().position(|&v| v == s));
    let (at_start, at_end) = match pos {
        Some(p) => (p == 0, p + 1 == visible.len()),
        None => (false, false),
    };
    let any = !visible.is_empty();
    let shortcut = |s: &egui::KeyboardShortcut| ui.ctx().format_shortcut(s);
    let hover = [
        format!("Select the first step ({})", shortcut(&keys::FIRST_STEP)),
        format!("Select the previous step ({})", shortcut(&keys::PREV_STEP)),
        format!(
            "Walk through the steps, one every {interval} s ({})",
            shortcut(&keys::PLAY)
        ),
        format!("Select the next step ({})", shortcut(&keys::NEXT_STEP)),
        format!("Select the last step ({})", shortcut(&keys::LAST_STEP)),
    ];
    // The widget's own text colour (dimmed when disabled).
    let c = Color32::PLACEHOLDER;
    let play = if focus.playing {
        with_words(ui, "‖", "Pause", c)
    } else {
        with_words(ui, "▶", "Play", c)
    };
    let buttons = [
        (
            with_words(ui, "|◀", "First", c),
            any && !at_start,
            Command::SelectEnd { last: false },
        ),
        (
            with_words(ui, "◀", "Previous", c),
            any && !at_start,
            Command::MoveSelection(-1),
        ),
        (play, any, Command::TogglePlay),
        (
            words_then(ui, "Next", "▶", c),
            any && !at_end,
            Command::MoveSelection(1),
        ),
        (
            words_then(ui, "Last", "▶|", c),
            any && !at_end,
            Command::SelectEnd { last: true },
        ),
    ];
    for ((label, enabled, command), hover) in buttons.into_iter().zip(&hover) {
        let r = ui
            .add_enabled(enabled, egui::Button::new(label).small())
            .on_hover_text(hover)
            .on_disabled_hover_text(hover);
        if r.clicked() {
            commands.push(command);
        }
    }
    speed_ui(ui, interval, commands);
    // Whole or on the next line, never broken in two.
    ui.add(egui::Label::new(position_text(total, visible, pos)).extend());
}

/// The player's speed: seconds per step.
fn speed_ui(ui: &mut egui::Ui, interval: f64, commands: &mut Vec<Command>) {
    egui::ComboBox::from_id_salt("play-speed")
        .width(64.0)
        .selected_text(format!("{interval} s"))
        .show_ui(ui, |ui| {
            for s in PLAY_SPEEDS {
                if ui
                    .selectable_label(s == interval, format!("{s} s per step"))
                    .clicked()
                {
                    commands.push(Command::SetPlayInterval(s));
                }
            }
        })
        .response
        .on_hover_text("How long Play stays on each step");
}

/// Where the walk is: "#20 · 21st of 26" (the step's number as the list and
/// the copied report give it, and its place in the walk), or how to start.
fn position_text(total: usize, visible: &[usize], pos: Option<usize>) -> RichText {
    let shown = if visible.len() == total {
        String::new()
    } else {
        " shown".to_owned()
    };
    match pos {
        Some(p) => RichText::new(format!(
            "#{} · {} of {}{shown}",
            visible[p],
            p + 1,
            visible.len()
        ))
        .strong(),
        None if visible.is_empty() => RichText::new("no step to walk through"),
        None => RichText::new(format!(
            "the raw input; {}{shown} to the result",
            crate::app::escape::plural(visible.len(), "step", "steps")
        )),
    }
}
