//! The desktop window (eframe/egui) over the engine: type a URL, a base and
//! an encoding, pick a mode, and see the canonical URL, every component, the
//! input coloured by component, and the trace of every step, updated on each
//! keystroke.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`run`]: window options, fonts, icon, restoring the state |
//! | [`state`] | what is saved between runs (the views' settings too), and the command line's [`Launch`] |
//! | [`saved_state`] | the saved state on disk: reading it, keeping a broken one aside, whether it can be written |
//! | [`signals`] | SIGTERM and SIGINT close the window as Ctrl+Q does (saving) |
//! | [`app`] | the shell: menus, shortcuts, switching views, the status bar, applying commands |
//! | [`inspector`], [`compare`], [`batch`] | the three views, each a folder of its own |
//! | [`command`], [`keys`], [`field`] | leaf modules: what panels ask for, the shortcuts, the text fields |
//! | [`analysis`] | what the Inspector shows, computed per change of the inputs |
//! | [`trace_source`] | a traced run as the trace panel reads it, whichever engine ran it |
//! | [`worker`] | computing big inputs off the UI thread |
//! | [`inputs`], [`mode_toggle`], [`result`], [`notes_strip`] | the input fields and the result, shared by the Inspector and Compare |
//! | [`big_field`], [`visible`] | editing a value too long for a text field; hidden characters drawn visibly in the fields |
//! | [`history`], [`viewer`], [`help`] | the History menu, the full-text window, the Help menu |
//! | [`symbols`] | symbols set in the font that has them, beside words |
//! | [`focus_ring`] | a ring around the widget the keyboard focused |
//! | [`host_mark`] | the Inspector's non-ASCII and look-alike marks, for table cells |
//! | [`theme`] | colours with enough contrast, in both themes |
//! | [`clipboard`] | the clipboard trait, arboard behind it, failures told |
//! | [`case_command`] | the case on screen as a shell-quoted command line to hand on |
//! | [`escape`] | `\u{…}` escapes for invisible characters, values shortened for display |
//! | [`fonts`] | system fonts for non-Latin scripts |
//!
//! Data flows one way: the input fields edit [`state::State`]; a change
//! makes a [`analysis::Request`]; the [`analysis::Analysis`] it gives is what
//! the Inspector's panels read; panels push [`command::Command`]s, applied
//! after the frame by [`app`]. The state and the leaf modules import no view,
//! views import no other view, and nothing imports [`app`], so the modules
//! form no cycle.

#[cfg(feature = "gui")]
pub mod analysis;
#[cfg(feature = "gui")]
#[allow(clippy::module_inception)]
pub mod app;
#[cfg(feature = "gui")]
pub mod batch;
#[cfg(feature = "gui")]
pub mod big_field;
pub mod by_name;
#[cfg(feature = "gui")]
pub mod case_command;
#[cfg(feature = "gui")]
pub mod clipboard;
#[cfg(feature = "gui")]
pub mod command;
#[cfg(feature = "gui")]
pub mod compare;
#[cfg(feature = "gui")]
pub mod escape;
pub mod field;
#[cfg(feature = "gui")]
pub mod find;
#[cfg(feature = "gui")]
pub mod focus_ring;
#[cfg(feature = "gui")]
pub mod focus_scroll;
#[cfg(feature = "gui")]
pub mod fonts;
#[cfg(feature = "gui")]
pub mod help;
#[cfg(feature = "gui")]
pub mod history;
#[cfg(feature = "gui")]
pub mod host_mark;
#[cfg(feature = "gui")]
pub mod inputs;
#[cfg(feature = "gui")]
pub mod inspector;
#[cfg(feature = "gui")]
pub mod keys;
#[cfg(feature = "gui")]
pub mod mode_toggle;
#[cfg(feature = "gui")]
pub mod notes_strip;
#[cfg(feature = "gui")]
pub mod pair_picker;
#[cfg(feature = "gui")]
pub mod result;
pub mod saved_state;
#[cfg(all(unix, feature = "gui"))]
pub mod signals;
pub mod state;
#[cfg(feature = "gui")]
pub mod symbols;
#[cfg(feature = "gui")]
pub mod theme;
#[cfg(feature = "gui")]
pub mod trace_source;
#[cfg(feature = "gui")]
pub mod viewer;
#[cfg(feature = "gui")]
pub mod visible;
#[cfg(feature = "gui")]
pub mod worker;

#[cfg(feature = "gui")]
use std::path::PathBuf;

#[cfg(feature = "gui")]
pub use app::InspectorApp;
pub use state::{Launch, State};

/// The app's icon (drawn by `assets/make_icon.py`).
#[cfg(feature = "gui")]
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icon.png");

/// Opens the window and runs until it is closed.
///
/// The saved state is read here, before eframe opens its storage
/// ([`saved_state::prepare`]): a broken file is moved aside and reported in
/// the status bar, and so is a folder where settings cannot be written.
/// eframe saves on close (the window's close button, Ctrl+Q, and SIGTERM or
/// SIGINT through [`signals`]) and every few seconds while the app runs.
#[cfg(feature = "gui")]
pub fn run(launch: Launch) -> Result<(), String> {
    let startup = saved_state::prepare(
        saved_state::storage_file().as_deref(),
        std::time::SystemTime::now(),
    );
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("url-inspector")
        .with_app_id(saved_state::APP_ID)
        .with_inner_size([1360.0, 860.0])
        .with_min_inner_size([720.0, 480.0]);
    // A broken icon is not worth refusing to start over.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let mut options = eframe::NativeOptions {
        viewport,
        // glow (OpenGL) runs on llvmpipe where there is no GPU.
        renderer: eframe::Renderer::Glow,
        ..eframe::NativeOptions::default()
    };
    if !startup.may_save {
        // Interpretation: eframe has no switch to stop saving at run time;
        // a storage file in a folder that cannot exist makes every save
        // fail harmlessly (eframe logs it), so the broken file that could
        // not be moved aside is never written over.
        options.persistence_path = Some(PathBuf::from("/dev/null/url-inspector/app.ron"));
    }
    eframe::run_native(
        "url-inspector",
        options,
        Box::new(move |cc| {
            fonts::install(&cc.egui_ctx);
            let state = startup.state.with_launch(&launch);
            let mut app = InspectorApp::new(
                state,
                Box::new(clipboard::SystemClipboard::new(cc.egui_ctx.clone())),
            );
            if let Some(message) = startup.message {
                app.report(message, startup.error);
            }
            #[cfg(unix)]
            match signals::quit_on_signals(cc.egui_ctx.clone()) {
                Ok(flag) => app.quit_when(flag),
                // The window works without; only a kill would lose typing.
                Err(e) => eprintln!("url-inspector: SIGTERM and SIGINT will not save: {e}"),
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("could not open the window: {e}"))
}
