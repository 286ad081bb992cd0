//! The real window, used the way a person uses it: the app's binary under an
//! Xvfb display of its own, real key events from `xdotool`, the real X
//! clipboard through `xclip`, screenshots for a person to look at. One
//! module per view or concern; the harness is tests/support/xwindow.rs. One
//! test binary for all of them, so the GUI stack is linked once, and one
//! window at a time (the harness's lock).
#![cfg(all(feature = "gui", feature = "cli"))]

#[path = "../support/xwindow.rs"]
mod xwindow;

mod batch;
mod compare;
mod explain;
mod fidelity;
mod find;
mod inspector;
mod state;
mod url_standard;
