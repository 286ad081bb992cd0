//! The saved state on disk: where it lives, reading it, and what happens
//! when it is broken or cannot be written.
//!
//! eframe keeps the state in one RON file, `app.ron` in
//! [`eframe::storage_dir`] of the app id (on Linux
//! `$XDG_DATA_HOME/url-inspector/app.ron`, or
//! `~/.local/share/url-inspector/app.ron` when `XDG_DATA_HOME` is unset or
//! relative). The file is a RON map from keys to strings; the key `"app"`
//! ([`eframe::APP_KEY`]) holds the RON of our [`State`], the others egui's
//! memory and the window's geometry.
//!
//! eframe itself reads a broken file as an empty map (it only logs the parse
//! error) and, at the first save five seconds later, writes over it: the
//! user's settings would be lost without a word. So the app reads the file
//! first ([`prepare`]): [`load`], a pure function of the bytes, says whether
//! they hold a state; if not, the file is renamed aside
//! (`app.ron.broken-<unix seconds>`) before eframe opens it, and the status
//! bar says so. The same start-up check finds out whether settings can be
//! written at all, and says once when they cannot.

use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::state::{DEFAULT_SPLIT, HISTORY_LEN, State};

/// The key under which eframe keeps the app's own state (`eframe::APP_KEY`,
/// named here so that reading the state needs no eframe: the fuzz target
/// builds it without the window; a test checks the two agree).
pub const APP_KEY: &str = "app";

/// The app id eframe names the folder after (`run` gives the viewport the
/// same id).
pub const APP_ID: &str = "url-inspector";

/// The file eframe keeps its storage in, inside [`eframe::storage_dir`].
pub const FILE_NAME: &str = "app.ron";

/// A saved state is a few hundred kilobytes at most (two inputs of up to
/// 64 KiB, twenty history entries of up to 8 KiB, egui's memory). A file
/// much larger than that is not one, and is not read into memory.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// What the saved bytes gave: the state to start with, and what was wrong
/// when that is the defaults because of a problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub state: State,
    /// Why the bytes were not used (`None`: they were, or held no state).
    pub problem: Option<String>,
}

impl Loaded {
    fn defaults(problem: String) -> Loaded {
        Loaded {
            state: State::default(),
            problem: Some(problem),
        }
    }
}

/// Reads the bytes of eframe's storage file: the saved [`State`], or the
/// defaults and what was wrong. Never panics, whatever the bytes.
///
/// - Not UTF-8 (RON is text), not a RON map of strings (a truncated file
///   ends in the middle of one), or a value under `"app"` that is not the RON
///   of a `State`: the defaults, with the problem named (RON's message gives
///   the line and column).
/// - A map without `"app"`: the defaults, and no problem. Interpretation:
///   eframe wrote the file but the app had nothing saved in it yet; eframe
///   keeps the other keys when it saves, so nothing is lost.
/// - Fields missing from the state take their defaults, and unknown ones
///   are ignored (`#[serde(default)]`): an older or newer version's state
///   loads.
/// - Values the app could not use are brought into range rather than
///   rejected ([`State::normalized`]). Interpretation: a split of 0.95 or a
///   history of 50 entries is a setting from elsewhere, not damage.
pub fn load(bytes: &[u8]) -> Loaded {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            return Loaded::defaults(format!("not UTF-8 text at byte {}", e.valid_up_to()));
        }
    };
    let map: HashMap<String, String> = match ron::from_str(text) {
        Ok(map) => map,
        Err(e) => return Loaded::defaults(format!("not a RON map, {e}")),
    };
    let Some(app) = map.get(APP_KEY) else {
        return Loaded {
            state: State::default(),
            problem: None,
        };
    };
    match ron::from_str::<State>(app) {
        Ok(state) => Loaded {
            state: state.normalized(),
            problem: None,
        },
        Err(e) => Loaded::defaults(format!(
            "its \"{}\" entry is not the app's settings, {e}",
            APP_KEY
        )),
    }
}

/// The bytes eframe would write for `state` alone: a pretty RON map whose
/// `"app"` entry is the compact RON of the state (as `eframe::set_value`
/// and eframe's `FileStorage` write them). For tests and the fuzz target's
/// round trip.
pub fn to_file_bytes(state: &State) -> Vec<u8> {
    let app = ron::ser::to_string(state).unwrap_or_default();
    let map = HashMap::from([(APP_KEY.to_owned(), app)]);
    ron::Options::default()
        .to_string_pretty(&map, ron::ser::PrettyConfig::default())
        .unwrap_or_default()
        .into_bytes()
}

impl State {
    /// The state with every value in the range the app uses: the split a
    /// finite share within what the divider allows (0.2–0.8, the bounds of
    /// `Command::SetSplit`), at most [`HISTORY_LEN`] history entries.
    pub fn normalized(mut self) -> State {
        self.split = if self.split.is_finite() {
            self.split.clamp(0.2, 0.8)
        } else {
            DEFAULT_SPLIT
        };
        self.history.truncate(HISTORY_LEN);
        self.find = self.find.normalized();
        self
    }
}

/// Where the state is kept: eframe's storage file for [`APP_ID`]; `None`
/// where there is no such place (no HOME).
#[cfg(feature = "gui")]
pub fn storage_file() -> Option<PathBuf> {
    eframe::storage_dir(APP_ID).map(|dir| dir.join(FILE_NAME))
}

/// What the app starts with, decided before the window opens.
#[derive(Debug)]
pub struct Startup {
    pub state: State,
    /// What to tell the user once, in the status bar (`None`: all is well).
    pub message: Option<String>,
    /// Whether the message is about a problem (shown as one).
    pub error: bool,
    /// `false` when saving would overwrite a broken file that could not be
    /// moved aside: eframe must then be kept from writing (see `run`).
    pub may_save: bool,
}

/// Reads the saved state from `file` (eframe's storage file), keeps a
/// broken one aside, and checks that settings can be written there.
/// `now` names the renamed file.
///
/// - No file: the defaults, nothing to say.
/// - A file that cannot be read (permissions, a folder in its place), is
///   larger than [`MAX_FILE_BYTES`], or that [`load`] finds broken: the
///   defaults; the file is renamed to `app.ron.broken-<unix seconds>` (a
///   number is added if that exists) and the message names both paths. If it
///   cannot be renamed, saving is turned off (`may_save`), so it is never
///   written over, and the message says so.
/// - The folder cannot be created, or a file cannot be created in it, or
///   the state file cannot be written: the message says that settings will
///   not be saved, and why. (eframe then fails to save, and only logs it.)
pub fn prepare(file: Option<&Path>, now: SystemTime) -> Startup {
    let Some(file) = file else {
        return Startup {
            state: State::default(),
            message: Some(
                "Settings will not be saved: there is no folder for them \
                 (neither XDG_DATA_HOME nor HOME is set)."
                    .to_owned(),
            ),
            error: true,
            may_save: false,
        };
    };
    let mut messages = Vec::new();
    let mut may_save = true;
    let state = match read(file) {
        Ok(None) => State::default(),
        Ok(Some(loaded)) if loaded.problem.is_none() => loaded.state,
        Ok(Some(Loaded { problem, .. })) => {
            let problem = problem.unwrap_or_default();
            keep_aside(file, &problem, now, &mut messages, &mut may_save);
            State::default()
        }
        Err(problem) => {
            keep_aside(file, &problem, now, &mut messages, &mut may_save);
            State::default()
        }
    };
    if may_save && let Err(why) = check_writable(file) {
        messages.push(format!("Settings will not be saved: {why}."));
    }
    Startup {
        state,
        error: !messages.is_empty(),
        message: (!messages.is_empty()).then(|| messages.join(" ")),
        may_save,
    }
}

/// The file's state: `Ok(None)` when there is no file, `Err` with the
/// reason when it cannot be read or is too large to be one.
fn read(file: &Path) -> Result<Option<Loaded>, String> {
    match fs::metadata(file) {
        // No file; or a file where a folder on the way should be, which the
        // check for writing reports.
        Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {
            return Ok(None);
        }
        Err(e) => return Err(format!("unreadable, {e}")),
        Ok(meta) if meta.len() > MAX_FILE_BYTES => {
            return Err(format!(
                "{} bytes, too large to be saved settings",
                meta.len()
            ));
        }
        Ok(_) => {}
    }
    match fs::read(file) {
        Ok(bytes) => Ok(Some(load(&bytes))),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("unreadable, {e}")),
    }
}

/// Renames the broken `file` aside and says what happened; turns saving off
/// if it stays where eframe would write over it.
fn keep_aside(
    file: &Path,
    problem: &str,
    now: SystemTime,
    messages: &mut Vec<String>,
    may_save: &mut bool,
) {
    let aside = aside_name(file, now);
    match fs::rename(file, &aside) {
        Ok(()) => messages.push(format!(
            "The saved settings could not be used ({problem}). Started with the defaults; \
             the old file is kept as {}.",
            for_people(&aside)
        )),
        Err(e) => {
            *may_save = false;
            messages.push(format!(
                "The saved settings could not be used ({problem}) nor moved aside ({e}). \
                 Started with the defaults; settings will not be saved, so {} stays as it is.",
                for_people(file)
            ));
        }
    }
}

/// `path` as the status bar shows it: the home folder as `~`, so the
/// message fits on its line.
pub fn for_people(path: &Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

/// `app.ron.broken-<unix seconds>` next to `file`, with `-2`, `-3`, … added
/// while that name is taken (two broken files within a second).
pub fn aside_name(file: &Path, now: SystemTime) -> PathBuf {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let name = file
        .file_name()
        .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy().into_owned());
    let base = file.with_file_name(format!("{name}.broken-{secs}"));
    let mut candidate = base.clone();
    let mut n = 1;
    while fs::symlink_metadata(&candidate).is_ok() {
        n += 1;
        candidate = PathBuf::from(format!("{}-{n}", base.display()));
    }
    candidate
}

/// Whether settings can be written to `file`: its folder exists or can be
/// made, a new file can be created in it, and the file itself (if there is
/// one) opens for writing. The reason when not.
///
/// Interpretation: a trial file is created and removed, because permission
/// bits do not tell (root writes anywhere; ACLs, read-only mounts, a full
/// disk).
pub fn check_writable(file: &Path) -> Result<(), String> {
    let Some(dir) = file.parent() else {
        return Err(format!("{} has no folder", file.display()));
    };
    fs::create_dir_all(dir)
        .map_err(|e| format!("the folder {} cannot be made ({e})", for_people(dir)))?;
    let probe = dir.join(format!(".write-test-{}", std::process::id()));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| format!("nothing can be written in {} ({e})", for_people(dir)))?;
    let _ = fs::remove_file(&probe);
    // Appending opens the file for writing without changing it.
    match OpenOptions::new().append(true).open(file) {
        Err(e) if e.kind() != ErrorKind::NotFound => {
            Err(format!("{} cannot be written ({e})", for_people(file)))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "gui")]
    #[test]
    fn the_key_is_eframes() {
        assert_eq!(APP_KEY, eframe::APP_KEY);
    }

    #[test]
    fn a_saved_state_round_trips() {
        let state = State {
            input: "http://a/\"quoted\"\\".into(),
            split: 0.3,
            ..State::default()
        };
        assert_eq!(
            load(&to_file_bytes(&state)),
            Loaded {
                state,
                problem: None
            }
        );
    }

    /// Every setting away from its default, the Compare and Batch ones too:
    /// each must be written in a form RON reads back (a resolver once was
    /// not, and every saved state was lost at the next start).
    #[test]
    fn a_state_with_every_setting_changed_round_trips() {
        use crate::app::state::batch_settings::SortColumn;
        use crate::app::state::{FoldKey, HistoryEntry, ThemeChoice, View};
        use crate::engine::{Mode, Stage};
        use crate::resolvers::Resolver;

        let mut state = State {
            input: "a\u{0}\"\\\n".into(),
            base: "http://b/".into(),
            encoding: "shift_jis".into(),
            mode: Mode::Ie,
            theme: ThemeChoice::Light,
            escapes: true,
            changed_only: true,
            hex: true,
            folds: vec![FoldKey {
                stage: Stage::Host,
                of_base: true,
            }],
            split: 0.25,
            history: vec![HistoryEntry {
                input: "x".into(),
                mode: Mode::Chrome,
                ..HistoryEntry::default()
            }],
            view: View::Batch,
            ..State::default()
        };
        state.compare.set_shown(Resolver::Gecko, false);
        state.compare.set_reference(Resolver::Whatwg);
        state.batch.sort.column = SortColumn::Resolver(2);
        state.batch.sort.descending = true;
        state.batch.filter.search = "q".into();
        state.batch.export_filtered = true;
        state.batch.set_resolver(Resolver::Opc, true);
        state.batch.format = Some(crate::table::InputFormat::Jsonl);
        state.batch.export_format = crate::table::OutputFormat::Jsonl;
        assert_eq!(
            load(&to_file_bytes(&state)),
            Loaded {
                state,
                problem: None
            }
        );
    }

    /// The state the release before typed settings wrote
    /// (tests/data/saved-state.ron, through eframe's own writer, egui's
    /// memory beside it) reads into the same choices, now typed.
    #[test]
    fn a_state_written_by_the_release_before_typed_settings_loads() {
        use crate::app::batch::settings::{Filter, Sort, SortColumn};
        use crate::app::state::{FoldKey, HistoryEntry, ThemeChoice, View};
        use crate::engine::{Mode, Stage};
        use crate::resolvers::Resolver;
        use crate::table::{InputFormat, OutputFormat};

        let bytes = include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/saved-state.ron"
        ));
        let loaded = load(bytes);
        assert_eq!(loaded.problem, None);
        let state = loaded.state;
        let expected = State {
            input: "http://example.com/a/../b?q=%41#f".into(),
            base: "http://base.example/x/y".into(),
            encoding: "shift_jis".into(),
            mode: Mode::Gecko,
            theme: ThemeChoice::Dark,
            escapes: true,
            changed_only: true,
            hex: false,
            folds: vec![FoldKey {
                stage: Stage::Host,
                of_base: false,
            }],
            split: 0.4,
            history: vec![HistoryEntry {
                input: "../x".into(),
                base: "http://h/a/b".into(),
                encoding: "utf-8".into(),
                mode: Mode::Chrome,
                ..HistoryEntry::default()
            }],
            view: View::Compare,
            ..State::default()
        };
        assert_eq!(
            State {
                compare: expected.compare.clone(),
                batch: expected.batch.clone(),
                ..state.clone()
            },
            expected,
            "the settings outside Compare and Batch"
        );
        assert_eq!(state.compare.hidden, [Resolver::Ie, Resolver::Opc]);
        assert_eq!(state.compare.reference, Resolver::Whatwg);
        let b = &state.batch;
        // Saved in the order they were turned on; read in table order.
        assert_eq!(
            b.resolvers,
            [
                Resolver::This,
                Resolver::Gecko,
                Resolver::Whatwg,
                Resolver::Opc
            ]
        );
        assert_eq!(b.format, Some(InputFormat::Csv));
        assert_eq!(b.export_format, OutputFormat::Jsonl);
        assert_eq!(
            (b.input_column.as_str(), b.base_column.as_str()),
            ("href", "2")
        );
        assert_eq!(
            (b.base.as_str(), b.encoding.as_str(), b.path.as_str()),
            ("http://default.example/", "windows-1252", "/tmp/urls.csv")
        );
        assert_eq!(
            b.filter,
            Filter {
                only_invalid: true,
                only_disagreeing: false,
                note: "host-mixed-script".into(),
                search: "example".into(),
                hosts: Default::default(),
                through: false,
            }
        );
        assert_eq!(
            b.sort,
            Sort {
                column: SortColumn::Resolver(1),
                descending: true,
            }
        );
        assert!(b.export_filtered);
        assert_eq!(b.export_path, "/tmp/out.jsonl");
    }

    #[test]
    fn truncated_and_garbage_bytes_give_the_defaults_and_a_reason() {
        let full = to_file_bytes(&State::default());
        for bytes in [&full[..full.len() / 2], b"\xff\xfe garbage", b"[1, 2]"] {
            let loaded = load(bytes);
            assert_eq!(loaded.state, State::default());
            assert!(loaded.problem.is_some(), "{bytes:?}");
        }
    }

    #[test]
    fn out_of_range_values_are_brought_into_range() {
        let loaded = load(br#"{"app": "(split: NaN)"}"#);
        assert_eq!((loaded.state.split, loaded.problem), (DEFAULT_SPLIT, None));
        let loaded = load(br#"{"app": "(split: 7.0)"}"#);
        assert_eq!(loaded.state.split, 0.8);
    }
}
