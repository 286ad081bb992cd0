//! The desktop window (eframe/egui) over the engine: type a URL, a base and
//! an encoding, pick a mode, and see the canonical URL, every component, the
//! input coloured by component, and the trace of every step, updated on each
//! keystroke.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`run`]: window options, fonts, icon, restoring the state |
//! | [`state`] | what is saved between runs, and the command line's [`Launch`] |
//! | [`app`] | the running app: layout, shortcuts, applying commands |
//! | [`command`], [`keys`], [`field`] | leaf modules: what panels ask for, the shortcuts, the text fields |
//! | [`analysis`] | what the panels show, computed per change of the inputs |
//! | [`worker`] | computing big inputs off the UI thread |
//! | [`compare`], [`batch`] | the Compare and Batch views, each a folder of its own |
//! | [`inputs`], [`mode_toggle`], [`result`], [`components`], [`highlight`], [`trace_view`], [`history`], [`viewer`] | one panel or widget each |
//! | [`theme`] | colours with enough contrast, in both themes |
//! | [`clipboard`] | the clipboard trait, eframe's clipboard behind it |
//! | [`escape`] | `\u{…}` escapes for invisible characters, values shortened for display |
//! | [`fonts`] | system fonts for non-Latin scripts |
//!
//! Data flows one way: the input fields edit [`state::State`]; a change
//! makes a [`analysis::Request`]; the [`analysis::Analysis`] it gives is what
//! every other panel reads; panels push [`command::Command`]s, applied after
//! the frame by [`app`]. Panels import the leaf modules, never `app`, so the
//! modules form no cycle.

pub mod analysis;
#[allow(clippy::module_inception)]
pub mod app;
pub mod batch;
pub mod clipboard;
pub mod command;
pub mod compare;
pub mod components;
pub mod escape;
pub mod field;
pub mod fonts;
pub mod highlight;
pub mod history;
pub mod inputs;
pub mod keys;
pub mod mode_toggle;
pub mod result;
pub mod state;
pub mod theme;
pub mod trace_view;
pub mod viewer;
pub mod worker;

pub use app::InspectorApp;
pub use state::{Launch, State};

/// The app's icon (drawn by `assets/make_icon.py`).
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icon.png");

/// Opens the window and runs until it is closed.
pub fn run(launch: Launch) -> Result<(), String> {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("url-inspector")
        .with_app_id("url-inspector")
        .with_inner_size([1360.0, 860.0])
        .with_min_inner_size([720.0, 480.0]);
    // A broken icon is not worth refusing to start over.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        // glow (OpenGL) runs on llvmpipe where there is no GPU.
        renderer: eframe::Renderer::Glow,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "url-inspector",
        options,
        Box::new(move |cc| {
            fonts::install(&cc.egui_ctx);
            let saved: Option<State> = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY));
            let state = saved.unwrap_or_default().with_launch(&launch);
            Ok(Box::new(InspectorApp::new(
                state,
                Box::new(clipboard::SystemClipboard::new(cc.egui_ctx.clone())),
            )))
        }),
    )
    .map_err(|e| format!("could not open the window: {e}"))
}
