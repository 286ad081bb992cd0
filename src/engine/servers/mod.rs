//! The parsers of server-side libraries, modelled in Rust and traced where
//! their code decides: CPython's `urllib.parse` ([`python`]) and Go's
//! `net/url` ([`go`]). Each follows its library's source function by
//! function (`tests/data/servers/ALGORITHMS.md` describes them), cites the
//! file and function in each step it records, and answers what the
//! library's own calls return, or the library's own error. Their answers
//! are held to the real libraries' on the committed requests of
//! `tests/data/servers/`.
//!
//! libcurl is not modelled: the `curl` resolver calls the real library
//! (see `resolvers::curl`).

pub mod go;
pub mod java_common;
pub mod java_uri;
pub mod java_url;
pub mod node_legacy;
pub mod perl;
pub mod php;
pub mod python;
pub mod ruby;
pub mod urllib3;
