//! The keyboard shortcuts, in one table: each binding with what it does and
//! the words the Keys menu shows for it. The shell reads the table to act on
//! keys, the Keys menu lists it, the tooltips name its shortcuts. A leaf
//! module (it knows nothing of the app or the views).

use egui::{Context, Key, KeyboardShortcut, Modifiers};

use crate::engine::Mode;

use super::field::Field;
use super::state::View;

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn ctrl_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

const fn alt(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::ALT, key)
}

const fn bare(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

/// Ctrl+L, as in a browser's address bar: focus the URL field, select its text.
pub const FOCUS_INPUT: KeyboardShortcut = ctrl(Key::L);
pub const FOCUS_BASE: KeyboardShortcut = ctrl(Key::B);
pub const FOCUS_ENCODING: KeyboardShortcut = ctrl(Key::K);
pub const COPY: KeyboardShortcut = ctrl_shift(Key::C);
/// The report of the trace on screen, as Markdown with the command line on top.
pub const COPY_REPORT: KeyboardShortcut = ctrl_shift(Key::R);
/// The command line that asks the same question.
pub const COPY_COMMAND: KeyboardShortcut = ctrl_shift(Key::L);
pub const ESCAPES: KeyboardShortcut = ctrl_shift(Key::E);
pub const CHANGED_ONLY: KeyboardShortcut = ctrl_shift(Key::F);
pub const HEX: KeyboardShortcut = ctrl_shift(Key::X);
pub const QUIT: KeyboardShortcut = ctrl(Key::Q);
pub const NEXT_STEP: KeyboardShortcut = alt(Key::ArrowDown);
pub const PREV_STEP: KeyboardShortcut = alt(Key::ArrowUp);
/// The step player: the first and last step, and play/pause.
pub const FIRST_STEP: KeyboardShortcut = alt(Key::Home);
pub const LAST_STEP: KeyboardShortcut = alt(Key::End);
pub const PLAY: KeyboardShortcut = alt(Key::P);
/// Alt+← / Alt+→ move the divider between the left column and the trace.
pub const SPLIT_LEFT: KeyboardShortcut = alt(Key::ArrowLeft);
pub const SPLIT_RIGHT: KeyboardShortcut = alt(Key::ArrowRight);
/// The Batch view's: focus the path field, to type a file's path and press
/// Enter; export the rows to the path in the export field.
pub const OPEN: KeyboardShortcut = ctrl(Key::O);
pub const EXPORT: KeyboardShortcut = ctrl(Key::S);

/// What a shortcut does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Focus(Field),
    CopyCanonical,
    CopyReport,
    CopyAsCommand,
    ShowView(View),
    SetMode(Mode),
    UrlStandard,
    NextStep,
    PreviousStep,
    FirstStep,
    LastStep,
    Play,
    WidenTrace,
    NarrowTrace,
    ChangedOnly,
    Escapes,
    Hex,
    Quit,
    /// The Batch view's own keys: it reads them itself while it is shown.
    BatchOpen,
    BatchExport,
}

/// One shortcut: its keys, what it does, and how the Keys menu says it.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub shortcut: KeyboardShortcut,
    pub action: Action,
    pub what: &'static str,
}

const fn bind(shortcut: KeyboardShortcut, action: Action, what: &'static str) -> Binding {
    Binding {
        shortcut,
        action,
        what,
    }
}

/// Every shortcut the app reads, in the order the Keys menu lists them.
pub const BINDINGS: [Binding; 28] = [
    bind(
        FOCUS_INPUT,
        Action::Focus(Field::Input),
        "Go to the URL field and select its text",
    ),
    bind(
        FOCUS_BASE,
        Action::Focus(Field::Base),
        "Go to the base URL field and select its text",
    ),
    bind(
        FOCUS_ENCODING,
        Action::Focus(Field::Encoding),
        "Go to the encoding field and select its text",
    ),
    bind(COPY, Action::CopyCanonical, "Copy the canonical URL"),
    bind(
        COPY_REPORT,
        Action::CopyReport,
        "Copy the report of the trace on screen (Markdown, the command line on top)",
    ),
    bind(
        COPY_COMMAND,
        Action::CopyAsCommand,
        "Copy the command line that asks the same question",
    ),
    bind(
        bare(Key::F2),
        Action::ShowView(View::Inspector),
        "Show the inspector",
    ),
    bind(
        bare(Key::F3),
        Action::ShowView(View::Compare),
        "Show the Compare view (every resolver)",
    ),
    bind(
        bare(Key::F4),
        Action::ShowView(View::Batch),
        "Show the Batch view (many URLs)",
    ),
    bind(
        bare(Key::F5),
        Action::ShowView(View::Find),
        "Show the Find view (the URLs that get through a pair)",
    ),
    bind(
        ctrl(Key::Num1),
        Action::SetMode(Mode::This),
        "2012 spec, mode THIS (its own rules)",
    ),
    bind(
        ctrl(Key::Num2),
        Action::SetMode(Mode::Chrome),
        "2012 spec, mode CHROME (Chrome of 2011)",
    ),
    bind(
        ctrl(Key::Num3),
        Action::SetMode(Mode::Gecko),
        "2012 spec, mode GECKO (Firefox of 2011)",
    ),
    bind(
        ctrl(Key::Num4),
        Action::SetMode(Mode::Ie),
        "2012 spec, mode IE (Internet Explorer of 2011)",
    ),
    bind(
        ctrl(Key::Num5),
        Action::UrlStandard,
        "The URL Standard (today's browsers)",
    ),
    bind(NEXT_STEP, Action::NextStep, "Select the next trace step"),
    bind(
        PREV_STEP,
        Action::PreviousStep,
        "Select the previous trace step",
    ),
    bind(FIRST_STEP, Action::FirstStep, "Select the first trace step"),
    bind(LAST_STEP, Action::LastStep, "Select the last trace step"),
    bind(
        PLAY,
        Action::Play,
        "Play or pause the trace (at the speed beside the player)",
    ),
    bind(SPLIT_LEFT, Action::WidenTrace, "Widen the trace"),
    bind(SPLIT_RIGHT, Action::NarrowTrace, "Narrow the trace"),
    bind(
        CHANGED_ONLY,
        Action::ChangedOnly,
        "Trace: only steps that changed something",
    ),
    bind(
        ESCAPES,
        Action::Escapes,
        "Show invisible characters as \\u{…}",
    ),
    bind(HEX, Action::Hex, "Show component bytes in hex"),
    bind(
        OPEN,
        Action::BatchOpen,
        "Batch view: go to the file path field",
    ),
    bind(
        EXPORT,
        Action::BatchExport,
        "Batch view: export the rows to the export path",
    ),
    bind(
        QUIT,
        Action::Quit,
        "Quit (the inputs and settings are kept)",
    ),
];

/// Keys that egui's widgets read (not bindings of the app's), listed in the
/// Keys menu after [`BINDINGS`] so keyboard users find them too.
pub const WIDGET_KEYS: [(&str, &str); 9] = [
    ("Ctrl+Plus", "Zoom in (everything larger)"),
    ("Ctrl+Minus", "Zoom out"),
    ("Ctrl+0", "Back to the normal size"),
    ("Tab / Shift+Tab", "Move between fields and buttons"),
    (
        "← → / ↑ ↓ on a divider",
        "Move the divider (between the columns, or between the steps and the selected step)",
    ),
    (
        "Space / Enter",
        "Press the focused button, fold a trace group",
    ),
    ("Enter", "In the URL or base field: keep it in the history"),
    ("Enter", "In the encoding field: take the suggestion"),
    ("Escape", "Close a menu or the suggestions"),
];

/// The shortcut bound to `action`, if one is.
pub fn shortcut_of(action: Action) -> Option<KeyboardShortcut> {
    BINDINGS
        .iter()
        .find(|b| b.action == action)
        .map(|b| b.shortcut)
}

/// The shortcut of `action` as the platform writes it (empty if unbound).
fn written(ctx: &Context, action: Action) -> String {
    shortcut_of(action)
        .map(|s| ctx.format_shortcut(&s))
        .unwrap_or_default()
}

/// The shortcut of `view`, as the platform writes it.
pub fn view_shortcut(ctx: &Context, view: View) -> String {
    written(ctx, Action::ShowView(view))
}

/// The shortcut of `mode`, as the platform writes it.
pub fn mode_shortcut(ctx: &Context, mode: Mode) -> String {
    written(ctx, Action::SetMode(mode))
}

/// The shortcut that shows the URL Standard, as the platform writes it.
pub fn url_standard_shortcut(ctx: &Context) -> String {
    written(ctx, Action::UrlStandard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_bindings_share_keys_or_actions() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for b in &BINDINGS[i + 1..] {
                assert_ne!(a.shortcut, b.shortcut, "{} and {}", a.what, b.what);
                assert_ne!(a.action, b.action, "{} and {}", a.what, b.what);
            }
        }
    }

    #[test]
    fn the_shortcuts_a_person_asks_for_are_bound() {
        for (action, keys) in [
            (Action::UrlStandard, ctrl(Key::Num5)),
            (Action::CopyReport, ctrl_shift(Key::R)),
            (Action::CopyAsCommand, ctrl_shift(Key::L)),
        ] {
            assert_eq!(shortcut_of(action), Some(keys), "{action:?}");
        }
    }

    #[test]
    fn every_view_and_mode_has_a_shortcut() {
        for view in View::ALL {
            assert!(shortcut_of(Action::ShowView(view)).is_some(), "{view:?}");
        }
        for mode in Mode::ALL {
            assert!(shortcut_of(Action::SetMode(mode)).is_some(), "{mode:?}");
        }
    }
}
