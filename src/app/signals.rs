//! SIGTERM and SIGINT close the window the way Ctrl+Q does, so eframe saves
//! the state on the way out (a `kill`, a logout, Ctrl+C in the terminal that
//! started the app).
//!
//! Signal handlers may do almost nothing, so signal-hook's iterator hands
//! the signals to an ordinary thread; that thread sets the flag the app
//! watches (`InspectorApp::quit_when`) and wakes the UI thread, which may
//! be asleep waiting for input.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::signal::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Starts the thread that turns SIGTERM and SIGINT into a close of the
/// window drawn by `ctx`, and returns the flag to give to
/// `InspectorApp::quit_when`.
///
/// Interpretation: a second signal ends the process at once (exit status
/// 128 + the signal's number, as a shell reports a killed process), so an
/// app whose window no longer draws can still be stopped with Ctrl+C.
pub fn quit_on_signals(ctx: egui::Context) -> std::io::Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    let mut signals = Signals::new([SIGTERM, SIGINT])?;
    let raised = Arc::clone(&flag);
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            for signal in signals.forever() {
                if raised.swap(true, Ordering::SeqCst) {
                    std::process::exit(128 + signal);
                }
                ctx.request_repaint();
            }
        })?;
    Ok(flag)
}
