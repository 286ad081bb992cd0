//! The keyboard shortcuts, named once: the app reads them, the tooltips and
//! the Keys menu show them. A leaf module (it knows nothing of the app).

use egui::{Context, Key, KeyboardShortcut, Modifiers};

use crate::engine::Mode;

use super::state::View;

/// Ctrl+L, as in a browser's address bar: focus the URL field, select its text.
pub const FOCUS_INPUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);
pub const FOCUS_BASE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::B);
pub const FOCUS_ENCODING: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::K);
pub const COPY: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::C);
pub const ESCAPES: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::E);
pub const CHANGED_ONLY: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::F);
pub const HEX: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::X);
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
pub const NEXT_STEP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowDown);
pub const PREV_STEP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowUp);
/// The step player: the first and last step, and play/pause.
pub const FIRST_STEP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::Home);
pub const LAST_STEP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::End);
pub const PLAY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::P);
/// Alt+← / Alt+→ move the divider between the left column and the trace.
pub const SPLIT_LEFT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowLeft);
pub const SPLIT_RIGHT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::ALT, Key::ArrowRight);
/// Ctrl+1 … Ctrl+4, in the order of [`Mode::ALL`].
pub const MODES: [KeyboardShortcut; 4] = [
    KeyboardShortcut::new(Modifiers::COMMAND, Key::Num1),
    KeyboardShortcut::new(Modifiers::COMMAND, Key::Num2),
    KeyboardShortcut::new(Modifiers::COMMAND, Key::Num3),
    KeyboardShortcut::new(Modifiers::COMMAND, Key::Num4),
];

/// F2, F3, F4: the views, in the order of [`View::ALL`].
pub const VIEWS: [KeyboardShortcut; 3] = [
    KeyboardShortcut::new(Modifiers::NONE, Key::F2),
    KeyboardShortcut::new(Modifiers::NONE, Key::F3),
    KeyboardShortcut::new(Modifiers::NONE, Key::F4),
];

/// Every shortcut with what it does, for the Keys menu.
pub fn all() -> Vec<(KeyboardShortcut, &'static str)> {
    vec![
        (FOCUS_INPUT, "Go to the URL field and select its text"),
        (FOCUS_BASE, "Go to the base URL field and select its text"),
        (
            FOCUS_ENCODING,
            "Go to the encoding field and select its text",
        ),
        (COPY, "Copy the canonical URL"),
        (VIEWS[0], "Show the inspector"),
        (VIEWS[1], "Show the Compare view (every resolver)"),
        (VIEWS[2], "Show the Batch view (many URLs)"),
        (MODES[0], "Mode THIS (the spec's own rules)"),
        (MODES[1], "Mode CHROME"),
        (MODES[2], "Mode GECKO"),
        (MODES[3], "Mode IE"),
        (NEXT_STEP, "Select the next trace step"),
        (PREV_STEP, "Select the previous trace step"),
        (FIRST_STEP, "Select the first trace step"),
        (LAST_STEP, "Select the last trace step"),
        (PLAY, "Play or pause the trace (one step every 0.7 s)"),
        (SPLIT_LEFT, "Widen the trace"),
        (SPLIT_RIGHT, "Narrow the trace"),
        (CHANGED_ONLY, "Trace: only steps that changed something"),
        (ESCAPES, "Show invisible characters as \\u{…}"),
        (HEX, "Show component bytes in hex"),
        (QUIT, "Quit (the inputs and settings are kept)"),
    ]
}

/// The shortcut of `view`, as the platform writes it.
pub fn view_shortcut(ctx: &Context, view: View) -> String {
    let i = View::ALL.iter().position(|&v| v == view).unwrap_or(0);
    ctx.format_shortcut(&VIEWS[i])
}

/// The shortcut of `mode`, as the platform writes it.
pub fn mode_shortcut(ctx: &Context, mode: Mode) -> String {
    let i = Mode::ALL.iter().position(|&m| m == mode).unwrap_or(0);
    ctx.format_shortcut(&MODES[i])
}
