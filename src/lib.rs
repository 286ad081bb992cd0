//! url-inspector: shows how a URL is parsed, resolved against a base URL and
//! canonicalized, step by step.
//!
//! [`engine`] is the algorithm, usable on its own (`default-features = false`
//! gives the engine without clap or egui); `cli` (feature `cli`) is the
//! command line over it; `app` (feature `gui`) is the desktop window.

#[cfg(feature = "state")]
pub mod app;
#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
pub mod resolvers;
pub mod table;
