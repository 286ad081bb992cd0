//! The eframe app: the runtime state around the persisted [`State`], the
//! frame layout, the keyboard shortcuts, and the [`Command`]s the panels
//! return, applied after they are drawn.
//!
//! A frame: take a finished result from the worker; read the shortcuts; draw
//! the input fields (which edit the state in place); recompute if the inputs
//! changed (small inputs within the frame, so the result below is current);
//! draw the result, trace, highlight and component panels; apply commands.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::engine::{Component, Mode, Stage};

use super::analysis::{Analysis, Request};
use super::clipboard::Clipboard;
use super::state::{HistoryEntry, State, ThemeChoice};
use super::worker::Worker;
use super::{components, highlight, history, inputs, result, trace_view, viewer};

/// What the panels ask for; applied after the frame's drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Put `text` on the clipboard; `what` names it in the status message.
    Copy {
        what: String,
        text: String,
    },
    SetMode(Mode),
    SelectStep(Option<usize>),
    /// Move the step selection by this many visible steps.
    MoveSelection(isize),
    SelectComponent(Option<Component>),
    ToggleStage(String),
    Restore(HistoryEntry),
    ClearHistory,
    Remember,
    SetTheme(ThemeChoice),
    /// Insert text into a field at its cursor (special characters, big pastes).
    Insert {
        field: inputs::Field,
        text: String,
    },
    Clear(inputs::Field),
    Focus(inputs::Field),
    /// Open the full-text window for a value too long to show in place.
    ShowAll {
        title: String,
        text: String,
    },
    ToggleEscapes,
    ToggleChangedOnly,
    ToggleHex,
    CopyCanonical,
    /// Close the window (eframe saves the state first).
    Quit,
}

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The keyboard shortcuts, shown in tooltips and the Keys menu.
pub mod keys {
    use super::{Key, KeyboardShortcut, Modifiers};

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
    pub const MODES: [KeyboardShortcut; 4] = [
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Num1),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Num2),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Num3),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::Num4),
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
            (MODES[0], "Mode THIS (the spec's own rules)"),
            (MODES[1], "Mode CHROME"),
            (MODES[2], "Mode GECKO"),
            (MODES[3], "Mode IE"),
            (NEXT_STEP, "Select the next trace step"),
            (PREV_STEP, "Select the previous trace step"),
            (CHANGED_ONLY, "Trace: only steps that changed something"),
            (ESCAPES, "Show invisible characters as \\u{…}"),
            (HEX, "Show component bytes in hex"),
            (QUIT, "Quit (the inputs and settings are kept)"),
        ]
    }
}

/// The running app.
pub struct InspectorApp {
    /// What is saved between runs.
    pub state: State,
    analysis: Option<Analysis>,
    worker: Worker,
    /// The inputs changed since the last computation was started.
    dirty: bool,
    clipboard: Box<dyn Clipboard>,
    status: Option<Status>,
    selected_step: Option<usize>,
    selected_component: Option<Component>,
    fields: inputs::Fields,
    viewer: Option<viewer::Viewer>,
    theme_applied: Option<ThemeChoice>,
}

impl InspectorApp {
    /// An app over `state`, copying to `clipboard`.
    pub fn new(state: State, clipboard: Box<dyn Clipboard>) -> InspectorApp {
        InspectorApp {
            state,
            analysis: None,
            worker: Worker::default(),
            dirty: true,
            clipboard,
            status: None,
            selected_step: None,
            selected_component: None,
            fields: inputs::Fields::default(),
            viewer: None,
            theme_applied: None,
        }
    }

    /// The result on screen (the newest finished computation).
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Whether a big input is still being computed off the UI thread.
    pub fn is_computing(&self) -> bool {
        self.dirty || self.worker.is_pending()
    }

    /// The status bar's message.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    fn request(&self) -> Request {
        Request {
            input: self.state.input.clone(),
            base: self.state.base.clone(),
            encoding: self.state.encoding.clone(),
            mode: self.state.mode,
        }
    }

    /// Starts a computation if the inputs changed; small ones finish here.
    fn refresh(&mut self, ctx: &egui::Context) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        if let Some(a) = self.worker.submit(self.request(), ctx) {
            self.set_analysis(a);
        }
    }

    fn set_analysis(&mut self, a: Analysis) {
        // A selection only means something in a trace of the same steps
        // (values may differ: typing changes them, not which steps ran).
        let shape = |v: &crate::app::analysis::StepView| (v.step.id, v.step.component, v.of_base);
        let same_trace = self
            .analysis
            .as_ref()
            .is_some_and(|old| old.steps.iter().map(shape).eq(a.steps.iter().map(shape)));
        if !same_trace {
            self.selected_step = None;
        }
        self.analysis = Some(a);
    }

    /// Draws the whole window (eframe calls this through [`eframe::App::ui`];
    /// the tests call it directly).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if let Some(a) = self.worker.poll() {
            self.set_analysis(a);
        }
        if self.theme_applied != Some(self.state.theme) {
            ctx.set_theme(self.state.theme.preference());
            self.theme_applied = Some(self.state.theme);
        }

        let mut commands = Vec::new();
        self.shortcuts(&ctx, &mut commands);

        egui::Panel::top("bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.strong("url-inspector");
                ui.separator();
                history::history_menu(ui, &self.state.history, &mut commands);
                self.view_menu(ui, &mut commands);
                keys_menu(ui);
                if self.is_computing() {
                    ui.separator();
                    ui.spinner();
                    ui.label("computing…");
                }
            });
        });

        egui::Panel::top("inputs").show(ui, |ui| {
            ui.add_space(4.0);
            let changed = inputs::inputs_ui(ui, &mut self.state, &mut self.fields, &mut commands);
            self.dirty |= changed;
        });
        // Small inputs are computed now, so the panels below show this frame's result.
        self.refresh(&ctx);

        egui::Panel::top("result").show(ui, |ui| {
            ui.add_space(4.0);
            result::result_ui(
                ui,
                self.analysis.as_ref(),
                self.state.escapes,
                self.is_computing(),
                &mut commands,
            );
            ui.add_space(4.0);
        });

        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));

        egui::Panel::right("trace")
            .resizable(true)
            .default_size((ui.available_width() * 0.46).max(320.0))
            .min_size(260.0)
            .show(ui, |ui| {
                trace_view::trace_ui(
                    ui,
                    self.analysis.as_ref(),
                    &self.state,
                    self.selected_step,
                    &mut commands,
                );
            });

        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .show(ui, |ui| {
                    let selected_range = self
                        .selected_step
                        .and_then(|i| self.analysis.as_ref()?.steps.get(i)?.input_range.clone());
                    let selected_component = self.selected_component.or_else(|| {
                        let a = self.analysis.as_ref()?;
                        a.steps.get(self.selected_step?)?.step.component
                    });
                    highlight::highlight_ui(
                        ui,
                        self.analysis.as_ref(),
                        &self.state,
                        selected_range,
                        selected_component,
                        &mut commands,
                    );
                    ui.add_space(8.0);
                    components::components_ui(
                        ui,
                        self.analysis.as_ref(),
                        &self.state,
                        selected_component,
                        &mut commands,
                    );
                });
        });

        if let Some(v) = &mut self.viewer
            && !v.show(&ctx, self.state.escapes)
        {
            self.viewer = None;
        }

        for command in commands {
            self.apply(command, &ctx);
        }
        if self.dirty {
            self.refresh(&ctx);
            ctx.request_repaint();
        }
    }

    /// Reads the global shortcuts (before any widget can take the keys).
    fn shortcuts(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        ctx.input_mut(|i| {
            let table = [
                (keys::FOCUS_INPUT, Command::Focus(inputs::Field::Input)),
                (keys::FOCUS_BASE, Command::Focus(inputs::Field::Base)),
                (
                    keys::FOCUS_ENCODING,
                    Command::Focus(inputs::Field::Encoding),
                ),
                (keys::COPY, Command::CopyCanonical),
                (keys::ESCAPES, Command::ToggleEscapes),
                (keys::CHANGED_ONLY, Command::ToggleChangedOnly),
                (keys::HEX, Command::ToggleHex),
                (keys::NEXT_STEP, Command::MoveSelection(1)),
                (keys::PREV_STEP, Command::MoveSelection(-1)),
                (keys::QUIT, Command::Quit),
            ];
            for (shortcut, command) in table {
                if i.consume_shortcut(&shortcut) {
                    commands.push(command);
                }
            }
            for (shortcut, mode) in keys::MODES.iter().zip(Mode::ALL) {
                if i.consume_shortcut(shortcut) {
                    commands.push(Command::SetMode(mode));
                }
            }
        });
    }

    fn view_menu(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.menu_button("View", |ui| {
            let ctx = ui.ctx().clone();
            let shortcut = |s: &KeyboardShortcut| ctx.format_shortcut(s);
            let mut escapes = self.state.escapes;
            if ui
                .checkbox(&mut escapes, "Show invisible characters as \\u{…}")
                .on_hover_text(format!(
                    "Controls, invisible and bidi characters, U+FFFD ({})",
                    shortcut(&keys::ESCAPES)
                ))
                .changed()
            {
                commands.push(Command::ToggleEscapes);
            }
            let mut hex = self.state.hex;
            if ui
                .checkbox(&mut hex, "Show bytes in hex")
                .on_hover_text(shortcut(&keys::HEX))
                .changed()
            {
                commands.push(Command::ToggleHex);
            }
            ui.separator();
            ui.label("Theme");
            for t in ThemeChoice::ALL {
                if ui.radio(self.state.theme == t, t.name()).clicked() {
                    commands.push(Command::SetTheme(t));
                }
            }
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            match &self.status {
                Some(s) if s.error => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("Problem: {}", s.text));
                }
                Some(s) => {
                    ui.label(&s.text);
                }
                None => {
                    ui.weak("Type or paste a URL; results follow every keystroke.");
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some(a) = &self.analysis {
                    ui.weak(format!(
                        "{} steps · {:.1} ms · input {} bytes",
                        a.steps.len(),
                        a.elapsed.as_secs_f64() * 1000.0,
                        super::escape::group_digits(a.request.input.len())
                    ));
                }
            });
        });
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::Copy { what, text } => self.copy(&what, &text),
            Command::CopyCanonical => {
                match self.analysis.as_ref().and_then(|a| a.outcome.canon.clone()) {
                    Some(canon) => {
                        self.copy("the canonical URL", &canon);
                        self.state.remember();
                    }
                    None => {
                        self.status = Some(Status {
                            text: "Nothing to copy: the URL is invalid.".to_owned(),
                            error: true,
                        });
                    }
                }
            }
            Command::SetMode(m) => {
                if self.state.mode != m {
                    self.state.mode = m;
                    self.dirty = true;
                }
            }
            Command::SelectStep(i) => {
                self.selected_step = i;
                self.selected_component = None;
            }
            Command::MoveSelection(delta) => self.move_selection(delta),
            Command::SelectComponent(c) => {
                self.selected_component = if self.selected_component == c {
                    None
                } else {
                    c
                };
                self.selected_step = None;
            }
            Command::ToggleStage(title) => {
                if let Some(i) = self.state.folded_stages.iter().position(|t| *t == title) {
                    self.state.folded_stages.remove(i);
                } else {
                    self.state.folded_stages.push(title);
                }
            }
            Command::Restore(entry) => {
                self.state.restore(&entry);
                self.dirty = true;
            }
            Command::ClearHistory => self.state.history.clear(),
            Command::Remember => self.state.remember(),
            Command::SetTheme(t) => self.state.theme = t,
            Command::Insert { field, text } => {
                inputs::insert(ctx, &mut self.state, field, &text);
                self.dirty = true;
            }
            Command::Clear(field) => {
                match field {
                    inputs::Field::Input => self.state.input.clear(),
                    inputs::Field::Base => self.state.base.clear(),
                    inputs::Field::Encoding => self.state.encoding.clear(),
                }
                self.dirty = true;
            }
            Command::Focus(field) => inputs::focus_and_select_all(ctx, &self.state, field),
            Command::ShowAll { title, text } => {
                self.viewer = Some(viewer::Viewer::new(title, text))
            }
            Command::ToggleEscapes => self.state.escapes = !self.state.escapes,
            Command::ToggleChangedOnly => self.state.changed_only = !self.state.changed_only,
            Command::ToggleHex => self.state.hex = !self.state.hex,
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
        }
    }

    fn copy(&mut self, what: &str, text: &str) {
        self.status = Some(match self.clipboard.set_text(text) {
            Ok(()) => Status {
                text: format!(
                    "Copied {what} ({} bytes).",
                    super::escape::group_digits(text.len())
                ),
                error: false,
            },
            Err(e) => Status {
                text: format!("Could not copy {what}: {e}. Select the text and copy it by hand."),
                error: true,
            },
        });
    }

    fn move_selection(&mut self, delta: isize) {
        let Some(a) = &self.analysis else { return };
        let visible: Vec<usize> = trace_view::visible_steps(a, &self.state);
        if visible.is_empty() {
            return;
        }
        let pos = self
            .selected_step
            .and_then(|s| visible.iter().position(|&v| v == s));
        let next = match pos {
            None if delta >= 0 => 0,
            None => visible.len() - 1,
            Some(p) => p.saturating_add_signed(delta).min(visible.len() - 1),
        };
        self.selected_step = Some(visible[next]);
        self.selected_component = None;
    }
}

/// The Keys menu: every shortcut, so keyboard users can find them.
fn keys_menu(ui: &mut egui::Ui) {
    ui.menu_button("Keys", |ui| {
        egui::Grid::new("keys")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (shortcut, what) in keys::all() {
                    ui.monospace(ui.ctx().format_shortcut(&shortcut));
                    ui.label(what);
                    ui.end_row();
                }
                ui.monospace("Tab / Shift+Tab");
                ui.label("Move between fields and buttons");
                ui.end_row();
                ui.monospace("Enter");
                ui.label("In the URL field: add it to the history");
                ui.end_row();
            });
    });
}

impl eframe::App for InspectorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state.for_saving());
    }
}

/// The id of the stage group a step belongs to, for folding.
pub fn stage_key(stage: Stage, of_base: bool) -> String {
    if of_base {
        format!("{} (base URL)", stage.title())
    } else {
        stage.title().to_owned()
    }
}
