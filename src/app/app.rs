//! The shell of the window: the menus, the shortcuts, switching between the
//! views, the shared input fields and result, the status bar, and carrying
//! out the [`Command`]s the panels push, after the frame is drawn.
//!
//! A frame: take a finished result from the worker; read the shortcuts; draw
//! the menu bar and the input fields (which edit the state in place);
//! recompute if the inputs changed (small inputs within the frame, so the
//! result below is current); draw the result, then the view; apply commands.
//!
//! The view (F2 to F5) decides what the body shows: the Inspector
//! ([`InspectorView`]), the Compare view ([`CompareView`]) under the same
//! input fields and result, or the Batch view ([`BatchView`]) and the Find
//! view ([`FindView`]), which have inputs of their own. Each view is a struct with its own state and one `ui`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::batch::BatchView;
use super::clipboard::Clipboard;
use super::command::Command;
use super::compare::CompareView;
use super::escape::group_digits;
use super::find::FindView;
use super::inspector::InspectorView;
use super::inspector::divider::SPLIT_STEP;
use super::inspector::url_standard::result_strip;
use super::keys::{self, Action};
use super::state::{DEFAULT_SPLIT, InspectorEngine, State, ThemeChoice, View};
use super::{case_command, help, history, inputs, result, theme, viewer};

/// Seconds without a change to the inputs after which they are taken as
/// meant and join the history (a pause, not every keystroke, commits).
pub const COMMIT_PAUSE: f64 = 2.0;

/// A message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// The running app.
pub struct InspectorApp {
    /// What is saved between runs.
    pub state: State,
    inspector: InspectorView,
    compare: CompareView,
    batch: BatchView,
    find: FindView,
    clipboard: Box<dyn Clipboard>,
    status: Option<Status>,
    fields: inputs::Fields,
    viewer: Option<viewer::Viewer>,
    theme_applied: Option<ThemeChoice>,
    /// The time of this frame (egui's clock, in seconds).
    now: f64,
    /// When the inputs last changed and are not yet in the history: they
    /// join it after [`COMMIT_PAUSE`] without a change.
    uncommitted_since: Option<f64>,
    /// The widget that had the focus last frame, to scroll a newly focused
    /// one into view.
    last_focus: Option<egui::Id>,
    help: help::HelpWindows,
    focus_ring: super::focus_ring::FocusRing,
    /// Set from outside the UI thread (a signal) to close the window the
    /// way Ctrl+Q does, saving the state.
    quit_flag: Option<Arc<AtomicBool>>,
}

impl InspectorApp {
    /// An app over `state`, copying to `clipboard`.
    pub fn new(state: State, clipboard: Box<dyn Clipboard>) -> InspectorApp {
        InspectorApp {
            state,
            inspector: InspectorView::default(),
            compare: CompareView::default(),
            batch: BatchView::default(),
            find: FindView::default(),
            clipboard,
            status: None,
            fields: inputs::Fields::default(),
            viewer: None,
            theme_applied: None,
            now: 0.0,
            uncommitted_since: None,
            last_focus: None,
            help: help::HelpWindows::default(),
            focus_ring: super::focus_ring::FocusRing::default(),
            quit_flag: None,
        }
    }

    /// Shows `text` in the status bar (e.g. a problem found at start-up).
    pub fn report(&mut self, text: impl Into<String>, error: bool) {
        self.status = Some(Status {
            text: text.into(),
            error,
        });
    }

    /// Closes the window, as Ctrl+Q does, once `flag` is set (by a signal
    /// handler; whoever sets it should also ask the context to repaint).
    pub fn quit_when(&mut self, flag: Arc<AtomicBool>) {
        self.quit_flag = Some(flag);
    }

    /// The Inspector view (its analysis and selection).
    pub fn inspector(&self) -> &InspectorView {
        &self.inspector
    }

    /// The step selected in the Inspector's trace, if any.
    pub fn selected_step(&self) -> Option<usize> {
        self.inspector.selected_step()
    }

    /// Whether the Inspector's step player is playing.
    pub fn is_playing(&self) -> bool {
        self.inspector.is_playing()
    }

    /// The steps the Inspector's trace shows (and the player walks), in order.
    pub fn visible_steps(&self) -> Vec<usize> {
        self.inspector.visible_steps(&self.state)
    }

    /// The result of the one URL on screen (the newest finished computation).
    pub fn analysis(&self) -> Option<&super::analysis::Analysis> {
        self.inspector.analysis()
    }

    /// Whether a big input is still being computed off the UI thread.
    pub fn is_computing(&self) -> bool {
        self.inspector.is_computing()
    }

    /// The documentation page Help shows, if its window is open.
    pub fn help_page(&self) -> Option<&str> {
        self.help.page()
    }

    /// The status bar's message.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The inputs changed: recompute, and drop a status that spoke of the
    /// old result ("Copied …" would claim a copy of what is no longer shown).
    fn inputs_changed(&mut self) {
        self.inspector.inputs_changed();
        self.status = None;
        self.uncommitted_since = Some(self.now);
    }

    /// The person committed to the inputs (Enter, a copy, another view, a
    /// pause in typing): they join the history.
    fn commit(&mut self) {
        self.uncommitted_since = None;
        self.state.remember();
    }

    /// Commits the inputs after a pause in typing, and asks for the frame
    /// that will see the pause end.
    fn commit_after_pause(&mut self, ctx: &egui::Context) {
        // Not under an open menu: a new entry would move the History menu's
        // entries under the pointer as it clicks one. The commit waits for
        // the menu to close (closing it repaints).
        if egui::Popup::is_any_open(ctx) {
            return;
        }
        if let Some(since) = self.uncommitted_since {
            let waited = self.now - since;
            if waited >= COMMIT_PAUSE {
                self.commit();
            } else {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(
                    COMMIT_PAUSE - waited,
                ));
            }
        }
    }

    /// Notes a widget that has just taken the focus (by Tab, a shortcut),
    /// for the scroll area it is in to bring it into view.
    fn scroll_to_new_focus(&mut self, ctx: &egui::Context) {
        let focused = ctx.memory(|m| m.focused());
        let newly = focused.filter(|_| focused != self.last_focus);
        self.last_focus = focused;
        super::focus_scroll::note_focus(ctx, newly);
    }

    /// Draws the whole window (eframe calls this through [`eframe::App::ui`];
    /// the tests call it directly).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.now = ctx.input(|i| i.time);
        self.inspector.poll();
        self.commit_after_pause(&ctx);
        self.scroll_to_new_focus(&ctx);
        super::clipboard::restore_carriage_returns(&ctx, self.clipboard.as_mut());
        if self.theme_applied != Some(self.state.theme) {
            theme::apply(&ctx);
            ctx.set_theme(theme::preference(self.state.theme));
            self.theme_applied = Some(self.state.theme);
        }

        let mut commands = Vec::new();
        if self
            .quit_flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            commands.push(Command::Quit);
        }
        self.shortcuts(&ctx, &mut commands);
        self.inspector.play_tick(&ctx, &self.state);
        self.top_panels(ui, &mut commands);
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::CentralPanel::default().show(ui, |ui| match self.state.view {
            View::Inspector => self.inspector.ui(ui, &mut self.state, &mut commands),
            View::Compare => self.compare.ui(ui, &mut self.state, &mut commands),
            View::Batch => self.batch.ui(ui, &mut self.state, &mut commands),
            View::Find => self.find.ui(ui, &mut self.state, &mut commands),
        });

        if let Some(v) = &mut self.viewer
            && !v.show(&ctx, self.state.escapes)
        {
            self.viewer = None;
        }
        self.help.show(&ctx, &mut commands);
        self.focus_ring.show(&ctx);
        for command in commands {
            self.apply(command, &ctx);
        }
        if self.inspector.is_dirty() {
            self.inspector.refresh(&ctx, &self.state);
            ctx.request_repaint();
        }
    }

    /// The menu bar; then, for the views of the one URL, the input fields
    /// and the result.
    fn top_panels(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        egui::Panel::top("bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.strong("url-inspector");
                ui.separator();
                history::history_menu(ui, &self.state.history, commands);
                self.view_menu(ui, commands);
                self.copy_menu(ui, commands);
                keys_menu(ui);
                self.help.menu(ui);
                ui.separator();
                self.view_tabs(ui, commands);
                if self.is_computing() {
                    ui.separator();
                    ui.spinner();
                    ui.label("computing…");
                }
            });
        });
        if matches!(self.state.view, View::Batch | View::Find) {
            // The Batch and Find views have their own inputs and no single result.
            return;
        }
        egui::Panel::top("inputs").show(ui, |ui| {
            ui.add_space(4.0);
            if inputs::inputs_ui(ui, &mut self.state, &mut self.fields, commands) {
                self.inputs_changed();
            }
        });
        // Small inputs are computed now, so the panels below show this frame's result.
        self.inspector.refresh(ui.ctx(), &self.state);
        egui::Panel::top("result").show(ui, |ui| {
            ui.add_space(4.0);
            if let Some(a) = self.inspector.standard_analysis() {
                result_strip::result_ui(ui, a, self.state.escapes, commands);
                ui.add_space(4.0);
                return;
            }
            result::result_ui(
                ui,
                self.inspector.analysis(),
                self.state.escapes,
                self.inspector.is_computing(),
                self.inspector.selected_note(),
                commands,
            );
            ui.add_space(4.0);
        });
    }

    /// One tab per view, each naming its shortcut.
    fn view_tabs(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        for view in View::ALL {
            let shortcut = keys::view_shortcut(ui.ctx(), view);
            if ui
                .selectable_label(self.state.view == view, view.name())
                .on_hover_text(format!("Show the {} view ({shortcut})", view.name()))
                .clicked()
            {
                commands.push(Command::SetView(view));
            }
        }
    }

    /// Reads the shortcuts of [`keys::BINDINGS`] (before any widget can
    /// take the keys), except the Batch view's, which it reads itself.
    fn shortcuts(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        ctx.input_mut(|i| {
            for binding in &keys::BINDINGS {
                if let Some(command) = self.command_for(binding.action)
                    && i.consume_shortcut(&binding.shortcut)
                {
                    commands.push(command);
                }
            }
        });
    }

    /// The command a shortcut's action gives; `None` for the keys a view
    /// reads itself.
    fn command_for(&self, action: Action) -> Option<Command> {
        let split = self.state.split;
        Some(match action {
            Action::Focus(field) => Command::Focus(field),
            Action::CopyCanonical => Command::CopyCanonical,
            Action::CopyReport => Command::CopyReport,
            Action::CopyAsCommand => Command::CopyAsCommand,
            Action::UrlStandard => Command::ShowUrlStandard,
            Action::ShowView(view) => Command::SetView(view),
            Action::SetMode(mode) => Command::SetMode(mode),
            Action::NextStep => Command::MoveSelection(1),
            Action::PreviousStep => Command::MoveSelection(-1),
            Action::FirstStep => Command::SelectEnd { last: false },
            Action::LastStep => Command::SelectEnd { last: true },
            Action::Play => Command::TogglePlay,
            Action::WidenTrace => Command::SetSplit(split - SPLIT_STEP),
            Action::NarrowTrace => Command::SetSplit(split + SPLIT_STEP),
            Action::ChangedOnly => Command::ToggleChangedOnly,
            Action::Escapes => Command::ToggleEscapes,
            Action::Hex => Command::ToggleHex,
            Action::Quit => Command::Quit,
            Action::BatchOpen | Action::BatchExport => return None,
        })
    }

    fn view_menu(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        ui.menu_button("View", |ui| {
            let ctx = ui.ctx().clone();
            let shortcut = |s: &egui::KeyboardShortcut| ctx.format_shortcut(s);
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
            if ui.button("Reset the split").clicked() {
                commands.push(Command::SetSplit(DEFAULT_SPLIT));
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
                    ui.label("Type or paste a URL; results follow every keystroke.");
                }
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // The figures are the inspector's run of the one URL, which
                // Compare shows too; the Batch view has no such URL.
                let one_url = matches!(self.state.view, View::Inspector | View::Compare);
                if let Some(figures) = self.figures().filter(|_| one_url) {
                    ui.label(figures);
                }
            });
        });
    }

    /// The status bar's figures of the result on screen: whose rules, how
    /// many steps, how long, how big the input it is of.
    fn figures(&self) -> Option<String> {
        let (rules, steps, elapsed, input) = match self.inspector.engine() {
            InspectorEngine::Spec2012 => {
                let a = self.inspector.analysis()?;
                (
                    a.request.mode.marker(),
                    a.steps.len(),
                    a.elapsed,
                    a.request.input.len(),
                )
            }
            InspectorEngine::UrlStandard => {
                let a = self.inspector.standard_analysis()??;
                (
                    a.request.browser.map_or("URL Standard", |b| b.label()),
                    a.trace.steps.len(),
                    a.elapsed,
                    a.request.input.len(),
                )
            }
        };
        Some(format!(
            "{rules} · {} · {:.1} ms · input {}",
            super::escape::plural(steps, "step", "steps"),
            elapsed.as_secs_f64() * 1000.0,
            super::escape::plural(input, "byte", "bytes")
        ))
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        let state = &mut self.state;
        match command {
            Command::Copy { what, text } => self.copy(&what, &text),
            Command::CopyCanonical => self.copy_canonical(),
            Command::SetMode(m) => {
                if state.mode != m || state.engine != InspectorEngine::Spec2012 {
                    state.mode = m;
                    state.engine = InspectorEngine::Spec2012;
                    self.inputs_changed();
                }
            }
            Command::SelectStep(i) => self.inspector.select_step(i),
            Command::MoveSelection(delta) => self.inspector.move_selection(state, delta),
            Command::SelectEnd { last } => self.inspector.select_end(state, last),
            Command::TogglePlay => self.inspector.toggle_play(ctx, state),
            Command::SelectComponent(c) => self.inspector.select_component(c),
            Command::ToggleOnlyComponent => self.inspector.toggle_only_component(state),
            Command::SelectNote(n) => self.inspector.select_note(n),
            Command::ToggleFold(key) => state.toggle_fold(key),
            Command::Restore(entry) => {
                state.restore(&entry);
                self.inputs_changed();
            }
            Command::ClearHistory => state.history.clear(),
            Command::Remember => self.commit(),
            Command::SetTheme(t) => state.theme = t,
            Command::Insert { field, text } => {
                inputs::insert(ctx, state, &mut self.fields, field, &text);
                self.inputs_changed();
            }
            Command::Clear(field) => {
                state.value_mut(field).clear();
                self.inputs_changed();
            }
            Command::Focus(field) => {
                inputs::focus_and_select_all(ctx, state, &mut self.fields, field);
            }
            Command::ShowAll { title, text } => {
                self.viewer = Some(viewer::Viewer::new(title, text));
            }
            Command::SetSplit(share) => state.split = share.clamp(0.2, 0.8),
            Command::SetTraceSplit(share) => state.trace_split = share.clamp(0.15, 0.85),
            Command::SetPlayInterval(seconds) => state.play_interval = seconds.clamp(0.1, 10.0),
            Command::ShowUrlStandard => {
                if state.engine != InspectorEngine::UrlStandard {
                    state.engine = InspectorEngine::UrlStandard;
                    self.inputs_changed();
                }
            }
            Command::ToggleEscapes => state.escapes = !state.escapes,
            Command::ToggleChangedOnly => state.changed_only = !state.changed_only,
            Command::ToggleHex => state.hex = !state.hex,
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::SetView(view) => {
                if state.view != view {
                    state.view = view;
                    self.commit();
                }
            }
            Command::CopyAsCommand => self.copy_as_command(),
            Command::CopyReport => self.copy_report(),
            Command::OpenStep { mode, step } => {
                state.view = View::Inspector;
                let was_standard = std::mem::take(&mut state.engine) != InspectorEngine::Spec2012;
                if self.inspector.open_step(state.mode, mode, step) || was_standard {
                    state.mode = mode;
                    self.inputs_changed();
                }
            }
            Command::Report { text, error } => self.report(text, error),
        }
    }

    fn copy_canonical(&mut self) {
        if self.state.view == View::Find {
            match self.find.opened_url() {
                Some(url) => self.copy("the URL that gets through", &url),
                None => self.report("No result is open in the Find view to copy.", true),
            }
            return;
        }
        match self.inspector.canonical() {
            Some(canon) => {
                self.copy("the canonical URL", &canon);
                self.commit();
            }
            None => {
                self.status = Some(Status {
                    text: "Nothing to copy: the URL is invalid.".to_owned(),
                    error: true,
                });
            }
        }
    }

    /// The command line that reproduces the view, on the clipboard.
    fn copy_as_command(&mut self) {
        match case_command::case_command(self.state.view, &self.state) {
            Ok(line) => {
                self.copy("the command line", &line);
                self.commit();
            }
            Err(why) => self.report(format!("No command line: {why}."), true),
        }
    }

    /// The report of the trace on screen (the 2012 engine's or the URL
    /// Standard's) as Markdown, with the command line on top, on the
    /// clipboard: `canon --trace --format markdown` under the command that
    /// prints it.
    fn copy_report(&mut self) {
        if self.state.view == View::Find {
            match self.find.report() {
                Some(text) => self.copy("the Find report (Markdown)", &text),
                None => self.report("Nothing to report yet: search first.", true),
            }
            return;
        }
        let Some(a) = self
            .inspector
            .shown()
            .filter(|_| !self.inspector.is_computing())
        else {
            self.report("Nothing to report yet: the result is being computed.", true);
            return;
        };
        let command = match case_command::case_command(View::Inspector, &self.state) {
            Ok(line) => {
                format!("Reproduce with:\n\n```sh\n{line} --trace --format markdown\n```\n\n")
            }
            Err(why) => format!("No command line reproduces this case: {why}.\n\n"),
        };
        let text = command + &a.report(crate::engine::report::Format::Markdown);
        let what = format!("the {} report (Markdown)", self.state.rules());
        self.copy(&what, &text);
        self.commit();
    }

    /// The Share menu: the canonical URL, the case as a command line, the
    /// trace as a report. The Batch view has no single case to copy.
    fn copy_menu(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let one_case = !matches!(self.state.view, View::Batch | View::Find);
        ui.add_enabled_ui(one_case, |ui| {
            ui.menu_button("Share", |ui| {
                let shortcut = ui.ctx().format_shortcut(&keys::COPY);
                let items = [
                    (
                        format!("Copy canonical URL ({shortcut})"),
                        "The canonical URL of the input",
                        Command::CopyCanonical,
                    ),
                    (
                        format!("Copy as command ({})", ui.ctx().format_shortcut(&keys::COPY_COMMAND)),
                        "The shell command line that asks the same question (url-inspector canon … or compare …); \
                         with `gui` after the program name it opens this window on it",
                        Command::CopyAsCommand,
                    ),
                    (
                        format!("Copy report, Markdown ({})", ui.ctx().format_shortcut(&keys::COPY_REPORT)),
                        "The whole trace on screen (the 2012 spec's or the URL Standard's) as Markdown, with the command line on top, for a bug report or a handout",
                        Command::CopyReport,
                    ),
                ];
                for (label, hover, command) in items {
                    if ui.button(label).on_hover_text(hover).clicked() {
                        commands.push(command);
                        ui.close();
                    }
                }
            });
        });
    }

    fn copy(&mut self, what: &str, text: &str) {
        self.status = Some(match self.clipboard.set_text(text) {
            Ok(()) => Status {
                text: format!("Copied {what} ({} bytes).", group_digits(text.len())),
                error: false,
            },
            Err(e) => Status {
                text: format!("Could not copy {what}: {e}. Select the text and copy it by hand."),
                error: true,
            },
        });
    }
}

/// The Keys menu: every shortcut of [`keys::BINDINGS`], then the keys the
/// widgets read, so keyboard users can find them.
fn keys_menu(ui: &mut egui::Ui) {
    ui.menu_button("Keys", |ui| help::shortcut_sheet(ui, "keys"));
}

impl eframe::App for InspectorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state.for_saving());
    }

    /// Saved every few seconds too, so a killed app loses little typing.
    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(5)
    }
}
