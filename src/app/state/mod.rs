//! The persisted state: what the window remembers across restarts (the last
//! inputs, the mode, the view settings, the trace's folds, the split of the
//! window, the recent inputs), and what the command line opens it with
//! ([`Launch`]). Everything the app only needs while it runs lives in the
//! app itself.
//!
//! Every field has a default (`#[serde(default)]`), so a state saved by an
//! older version, or a damaged one, still loads.
//!
//! A leaf of the app: it imports no view and no egui type, so every view can
//! read and edit it, and the `state` feature builds it without a window. The
//! Compare and Batch views' saved choices live here for that reason
//! ([`compare_settings`], [`batch_settings`]); the views re-export them.

pub mod batch_settings;
pub mod compare_settings;
pub mod find_settings;

pub use batch_settings::BatchSettings;
pub use compare_settings::CompareSettings;
pub use find_settings::FindSettings;

use serde::{Deserialize, Serialize};

use crate::engine::browsers::Browser;
use crate::engine::{Mode, Stage};

use super::field::Field;

/// Inputs longer than this are not written to disk: a 10 MB paste should not
/// make every start slow. The other settings are kept.
pub const MAX_PERSISTED_INPUT: usize = 64 * 1024;

/// How many recent inputs the history keeps.
pub const HISTORY_LEN: usize = 20;

/// The colour scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the desktop's setting.
    #[default]
    System,
    Dark,
    Light,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Dark, ThemeChoice::Light];

    pub const fn name(self) -> &'static str {
        match self {
            ThemeChoice::System => "System",
            ThemeChoice::Dark => "Dark",
            ThemeChoice::Light => "Light",
        }
    }
}

/// The view the window shows below its menu bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum View {
    /// One URL: its components and the trace of every step.
    #[default]
    Inspector,
    /// One URL under every resolver, side by side.
    Compare,
    /// Many URLs at once, as a table.
    Batch,
    /// The URLs that get through a pair of parsers.
    Find,
}

impl View {
    pub const ALL: [View; 4] = [View::Inspector, View::Compare, View::Batch, View::Find];

    pub const fn name(self) -> &'static str {
        match self {
            View::Inspector => "Inspector",
            View::Compare => "Compare",
            View::Batch => "Batch",
            View::Find => "Find",
        }
    }
}

/// Which engine the Inspector shows: the 2012 spec (in the mode of
/// [`State::mode`]) or the URL Standard. Saved beside the mode rather than
/// as a fifth [`Mode`]: the modes are the 2012 spec's markers, which the
/// URL Standard has none of, and a state saved before this field existed
/// loads as the 2012 spec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InspectorEngine {
    /// The 2012 spec in one of its four modes.
    #[default]
    Spec2012,
    /// The URL Standard (url.spec.whatwg.org), with editable components.
    UrlStandard,
}

/// Whose reading the URL Standard view shows: the Standard's own, or one of
/// today's browsers as modelled (the Standard with that browser's
/// departures, [`crate::engine::browsers`]). The markers of the 2012 spec
/// stand for the browsers of 2011; these stand for today's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandardBrowser {
    #[default]
    Standard,
    Chromium,
    Firefox,
    WebKit,
}

impl StandardBrowser {
    pub const ALL: [StandardBrowser; 4] = [
        StandardBrowser::Standard,
        StandardBrowser::Chromium,
        StandardBrowser::Firefox,
        StandardBrowser::WebKit,
    ];

    /// The browser modelled; `None` for the Standard itself.
    pub const fn browser(self) -> Option<Browser> {
        match self {
            StandardBrowser::Standard => None,
            StandardBrowser::Chromium => Some(Browser::Chromium),
            StandardBrowser::Firefox => Some(Browser::Firefox),
            StandardBrowser::WebKit => Some(Browser::WebKit),
        }
    }

    /// The choice that models `browser`.
    pub const fn of(browser: Browser) -> StandardBrowser {
        match browser {
            Browser::Chromium => StandardBrowser::Chromium,
            Browser::Firefox => StandardBrowser::Firefox,
            Browser::WebKit => StandardBrowser::WebKit,
        }
    }

    /// As the switch names it.
    pub const fn label(self) -> &'static str {
        match self.browser() {
            None => "Standard",
            Some(b) => b.label(),
        }
    }
}

/// What the window opens with (from the command line).
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub input: Option<String>,
    pub base: Option<String>,
    pub encoding: Option<String>,
    /// A 2012 mode; it also selects the 2012 engine.
    pub mode: Option<Mode>,
    /// The engine the Inspector opens with, when one is asked for.
    pub engine: Option<InspectorEngine>,
    /// Today's browser whose reading the URL Standard view shows.
    pub browser: Option<StandardBrowser>,
    /// Open the Batch view (`--batch`), reading this file of URLs unless
    /// it is empty (`--batch FILE`).
    pub batch: Option<String>,
    /// The view to open on (`url-inspector gui canon|compare …`).
    pub view: Option<View>,
}

/// Whether a URL field holds nothing to ask about: empty, or only what
/// preprocessing trims (spaces and controls). The panels then show a neutral
/// empty state rather than the engine's verdict on an empty reference.
pub fn is_blank(input: &str) -> bool {
    input.chars().all(|c| c <= ' ')
}

/// One group of trace steps that folds: a stage, of the input or of the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FoldKey {
    pub stage: Stage,
    /// The steps taken while parsing the base URL, not the input.
    pub of_base: bool,
}

/// The left column's share of the width by default (the trace has the rest).
pub const DEFAULT_SPLIT: f32 = 0.55;

/// The trace list's share of the trace panel's height by default.
pub const DEFAULT_TRACE_SPLIT: f32 = 0.55;

/// One remembered set of inputs: everything that decides the result, so
/// recalling it gives the same answer (a relative reference with its base).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HistoryEntry {
    pub input: String,
    pub base: String,
    pub encoding: String,
    /// The 2012 mode (what the entry is asked in when its engine is the
    /// 2012 spec).
    pub mode: Mode,
    /// The engine the entry was asked of (entries saved before the field
    /// existed were asked of the 2012 spec).
    pub engine: InspectorEngine,
    /// Whose reading, when the engine is the URL Standard.
    pub browser: StandardBrowser,
}

impl HistoryEntry {
    /// Whose rules the entry was asked under, as the window names them:
    /// a 2012 mode's marker, "URL Standard" or a browser of today.
    pub fn rules(&self) -> &'static str {
        rules(self.engine, self.mode, self.browser)
    }
}

/// Whose rules `engine` (in `mode`, for the 2012 spec; read by `browser`,
/// for the URL Standard) follows, as the window names them: a 2012 mode's
/// marker, "URL Standard" or a browser of today ("Chromium 156").
pub fn rules(engine: InspectorEngine, mode: Mode, browser: StandardBrowser) -> &'static str {
    match (engine, browser.browser()) {
        (InspectorEngine::Spec2012, _) => mode.marker(),
        (InspectorEngine::UrlStandard, None) => "URL Standard",
        (InspectorEngine::UrlStandard, Some(b)) => b.label(),
    }
}

/// What is saved between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    /// The URL (or relative reference) being inspected.
    pub input: String,
    /// The base URL; empty means none.
    pub base: String,
    /// The query encoding label, as typed.
    pub encoding: String,
    pub mode: Mode,
    /// The engine the Inspector shows (the mode applies to the 2012 spec).
    pub engine: InspectorEngine,
    /// Whose reading the URL Standard view shows: the Standard's or a
    /// browser's.
    pub browser: StandardBrowser,
    pub theme: ThemeChoice,
    /// Show invisible and control characters as `\u{…}` (in the fields too).
    pub escapes: bool,
    /// Show only the trace steps that changed something.
    pub changed_only: bool,
    /// Show the bytes of each component in hex.
    pub hex: bool,
    /// Stage groups folded away in the trace. (Named anew: older versions
    /// kept titles under `folded_stages`, which are ignored now.)
    pub folds: Vec<FoldKey>,
    /// The left column's share of the window's width, kept as a proportion
    /// so the split follows the window when it is resized.
    pub split: f32,
    /// Most recent first.
    pub history: Vec<HistoryEntry>,
    /// The trace list's share of the trace panel's height (the selected
    /// step's detail has the rest), as the divider between them left it.
    pub trace_split: f32,
    /// Seconds the step player stays on each step.
    pub play_interval: f64,
    /// The view shown (the inspector, Compare, Batch or Find).
    pub view: View,
    pub compare: CompareSettings,
    pub batch: BatchSettings,
    pub find: FindSettings,
}

impl Default for State {
    fn default() -> Self {
        State {
            input: "HTTP://User@Example.COM:80/a/./b/../c%7e?q=1&r=%41#Frag".to_owned(),
            base: String::new(),
            encoding: "utf-8".to_owned(),
            mode: Mode::This,
            engine: InspectorEngine::Spec2012,
            browser: StandardBrowser::Standard,
            theme: ThemeChoice::System,
            escapes: false,
            changed_only: false,
            hex: false,
            folds: Vec::new(),
            split: DEFAULT_SPLIT,
            history: Vec::new(),
            trace_split: DEFAULT_TRACE_SPLIT,
            play_interval: 0.7,
            view: View::Inspector,
            compare: CompareSettings::default(),
            batch: BatchSettings::default(),
            find: FindSettings::default(),
        }
    }
}

impl State {
    /// The state to start with: the saved one (or the default), with what the
    /// command line gave taking precedence.
    pub fn with_launch(mut self, launch: &Launch) -> State {
        if let Some(input) = &launch.input {
            self.input.clone_from(input);
            // A URL given on the command line is a fresh question: an old base,
            // encoding or mode would silently change its meaning. Without
            // `--base`, `--encoding` or `--mode` it is asked with none, UTF-8
            // and THIS, as the command line's `canon` asks it.
            let fresh = State::default();
            self.base = fresh.base;
            self.encoding = fresh.encoding;
            self.mode = fresh.mode;
            self.engine = fresh.engine;
            self.browser = fresh.browser;
        }
        if let Some(base) = &launch.base {
            self.base.clone_from(base);
        }
        if let Some(encoding) = &launch.encoding {
            self.encoding.clone_from(encoding);
        }
        if let Some(mode) = launch.mode {
            self.mode = mode;
            self.engine = InspectorEngine::Spec2012;
        }
        if let Some(engine) = launch.engine {
            self.engine = engine;
        }
        if let Some(browser) = launch.browser {
            self.browser = browser;
        }
        if let Some(path) = &launch.batch {
            self.view = View::Batch;
            if !path.is_empty() {
                self.batch.path.clone_from(path);
                self.batch.open_at_start = true;
            }
        }
        if let Some(view) = launch.view {
            self.view = view;
        }
        self
    }

    /// The state as it should be written to disk (huge inputs left out).
    pub fn for_saving(&self) -> State {
        let mut s = self.clone();
        if s.input.len() > MAX_PERSISTED_INPUT {
            s.input.clear();
        }
        if s.base.len() > MAX_PERSISTED_INPUT {
            s.base.clear();
        }
        s
    }

    /// The value of a text field.
    pub fn value(&self, field: Field) -> &String {
        match field {
            Field::Input => &self.input,
            Field::Base => &self.base,
            Field::Encoding => &self.encoding,
        }
    }

    /// The value of a text field, to edit.
    pub fn value_mut(&mut self, field: Field) -> &mut String {
        match field {
            Field::Input => &mut self.input,
            Field::Base => &mut self.base,
            Field::Encoding => &mut self.encoding,
        }
    }

    /// Folds a stage group of the trace, or unfolds it.
    pub fn toggle_fold(&mut self, key: FoldKey) {
        if let Some(i) = self.folds.iter().position(|k| *k == key) {
            self.folds.remove(i);
        } else {
            self.folds.push(key);
        }
    }

    /// The current inputs as a history entry.
    pub fn entry(&self) -> HistoryEntry {
        HistoryEntry {
            input: self.input.clone(),
            base: self.base.clone(),
            encoding: self.encoding.clone(),
            mode: self.mode,
            engine: self.engine,
            browser: self.browser,
        }
    }

    /// Puts the current inputs at the top of the history (once; small ones
    /// only: the history is for URLs, not for pasted documents).
    pub fn remember(&mut self) {
        if self.input.trim().is_empty() || self.input.len() > 4096 || self.base.len() > 4096 {
            return;
        }
        let entry = self.entry();
        // The same question asked again moves to the top. An entry of the
        // same input with no base was kept on the way to typing the base
        // (the URL field was left for the base field): it is replaced too.
        self.history.retain(|e| {
            !(e.input == entry.input
                && (e.base == entry.base || e.base.is_empty())
                && e.encoding == entry.encoding
                && e.rules() == entry.rules())
        });
        self.history.insert(0, entry);
        self.history.truncate(HISTORY_LEN);
    }

    /// Takes the inputs of a history entry.
    pub fn restore(&mut self, entry: &HistoryEntry) {
        self.input.clone_from(&entry.input);
        self.base.clone_from(&entry.base);
        self.encoding.clone_from(&entry.encoding);
        self.mode = entry.mode;
        self.engine = entry.engine;
        self.browser = entry.browser;
    }

    /// Whose rules the Inspector follows, as the window names them.
    pub fn rules(&self) -> &'static str {
        rules(self.engine, self.mode, self.browser)
    }

    /// Reads a state written by [`State::to_json`]; `None` if it is not one.
    pub fn from_json(json: &str) -> Option<State> {
        serde_json::from_str(json).ok()
    }

    /// The state as JSON (what the tests round-trip; eframe stores it as RON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.for_saving()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_without_an_engine_loads_as_the_2012_spec() {
        let s = State::from_json(r#"{"input":"http://a/","mode":"gecko"}"#).unwrap();
        assert_eq!((s.mode, s.engine), (Mode::Gecko, InspectorEngine::Spec2012));
        let standard = State {
            engine: InspectorEngine::UrlStandard,
            ..State::default()
        };
        let back = State::from_json(&standard.to_json()).unwrap();
        assert_eq!(back.engine, InspectorEngine::UrlStandard);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let s = State::from_json(r#"{"input":"http://a/"}"#).unwrap_or_default();
        assert_eq!(s.input, "http://a/");
        assert_eq!(s.encoding, "utf-8");
    }

    #[test]
    fn history_dedups_and_caps() {
        let mut s = State::default();
        for i in 0..30 {
            s.input = format!("http://h{}/", i % 25);
            s.remember();
        }
        assert_eq!(s.history.len(), HISTORY_LEN);
        assert_eq!(s.history[0].input, "http://h4/");
    }

    #[test]
    fn a_launch_url_without_a_mode_is_asked_in_this_mode() {
        let saved = State {
            mode: Mode::Gecko,
            base: "http://old/".into(),
            encoding: "shift_jis".into(),
            ..State::default()
        };
        let launch = Launch {
            input: Some("http://a/".into()),
            ..Launch::default()
        };
        let s = saved.clone().with_launch(&launch);
        assert_eq!(
            (s.mode, s.base.as_str(), s.encoding.as_str()),
            (Mode::This, "", "utf-8")
        );
        // With no URL the saved mode stays; an explicit mode always wins.
        assert_eq!(
            saved.clone().with_launch(&Launch::default()).mode,
            Mode::Gecko
        );
        let explicit = Launch {
            mode: Some(Mode::Ie),
            ..launch
        };
        assert_eq!(saved.with_launch(&explicit).mode, Mode::Ie);
    }

    #[test]
    fn history_keeps_the_base_typed_after_the_input() {
        let mut s = State {
            input: "../x".into(),
            ..State::default()
        };
        s.remember(); // left the URL field for the base field
        s.base = "http://h/a/b".into();
        s.remember();
        assert_eq!(s.history.len(), 1);
        assert_eq!(s.history[0].base, "http://h/a/b");
    }

    #[test]
    fn huge_inputs_are_not_saved() {
        let s = State {
            input: "a".repeat(MAX_PERSISTED_INPUT + 1),
            ..State::default()
        };
        assert!(s.for_saving().input.is_empty());
    }
}
