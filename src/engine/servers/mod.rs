//! The parsers of server-side libraries, modelled in Rust and traced where
//! their code decides. Each follows its library's source function by
//! function (`tests/data/servers/ALGORITHMS.md` and `algorithms/NAME.md`
//! describe them), cites the file and function in each step it records,
//! under a stage of its own, and answers what the library's own calls
//! return, or the library's own error. Their answers are held to the real
//! libraries' on the committed requests of `tests/data/servers/`.
//!
//! | module | library |
//! |---|---|
//! | [`python`] | CPython 3.11.7's `urllib.parse` (`urljoin`, `urlsplit`) |
//! | [`go`] | Go 1.27.3's `net/url` (`Parse`, `ResolveReference`) |
//! | [`node_legacy`] | Node.js 20.20.2's legacy `url.parse` and `url.resolve`, with ada 2.9.2's IDNA |
//! | [`urllib3`] | urllib3 2.8.0's `parse_url`, with the `idna` package 3.20 (IDNA 2008) |
//! | [`php`] | PHP 8.2.31's `parse_url` |
//! | [`ruby`] | Ruby 3.1.2's `URI` (uri 0.11.0, the RFC 3986 parser, `URI.join`) |
//! | [`java_uri`], [`java_url`] | OpenJDK 17.0.15's `java.net.URI` and `java.net.URL`; what both use in [`java_common`] |
//! | [`perl`] | Perl's `URI` module 5.17 |
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
#[cfg(test)]
mod test_steps;
pub mod urllib3;
