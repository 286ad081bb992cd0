//! The window driven through its accessibility tree with egui_kittest, one
//! module per view or concern. Nothing is rendered, so neither a GPU nor a
//! display is needed: these run under plain `cargo test`. One test binary
//! for all of them, so the GUI stack is linked once.
#![cfg(feature = "gui")]

#[path = "../support/kittest.rs"]
mod kittest;

mod batch;
mod batch_layout;
mod batch_security;
mod case;
mod compare;
mod explain;
mod find;
mod help;
mod inputs;
mod inspector;
mod site;
mod state;
mod url_standard;
