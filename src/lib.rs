//! url-inspector: shows how a URL is parsed, resolved against a base URL and
//! canonicalized, step by step.
//!
//! What is built depends on the crate's features; each adds to the one
//! before it, and the default is all of them:
//!
//! | module | feature | what |
//! |---|---|---|
//! | [`engine`] | (always) | the algorithm, its trace and its notes; no dependency on the others |
//! | `resolvers` | `resolvers` | every resolver of the Compare view behind one name (the URL Standard, RFC 3986, OPC, the engine's modes) |
//! | `table` | `table` | one row per input line with every resolver's answer, on every core, written as CSV, TSV or JSON lines |
//! | `cli` | `cli` | the command line over them |
//! | `app` | `state` / `gui` | the window's saved state (`state`), the desktop window (`gui`) |
//!
//! `default-features = false` gives the engine alone.

#[cfg(feature = "state")]
pub mod app;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "confuse")]
pub mod confuse;
pub mod engine;
#[cfg(feature = "resolvers")]
pub mod resolvers;
#[cfg(feature = "table")]
pub mod table;

/// The README's Rust example, compiled and run as a doctest so that the
/// first code a newcomer reads stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
