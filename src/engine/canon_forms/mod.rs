//! The canonical forms of crawlers, archives and blocklists, modelled from
//! their packages' sources: what they key, dedupe or look a URL up by.
//!
//! | module | package | who keys by it |
//! |---|---|---|
//! | [`surt`] | surt 0.3.1 | the Wayback Machine, pywb |
//! | [`urlcanon`] | urlcanon 0.3.1 | Brozzler, warcprox |
//! | [`w3lib`] | w3lib 2.5.0 | Scrapy's request fingerprints |
//! | [`safe_browsing`] | Google's published description | Safe Browsing and Web Risk clients |

mod python_idna;
mod python_ipaddress;
mod python_strip;
pub mod safe_browsing;
pub mod surt;
mod unquote;
pub mod urlcanon;
pub mod w3lib;

use crate::engine::Component;

/// A URL in a package's canonical form: what every model here returns
/// (or, as `Err`, the exception the package raises, as Python prints it:
/// `ValueError: Port out of range 0-65535`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CanonForm {
    /// The string the package returns (a URL, or for `surt` the SURT).
    pub canon: String,
    /// The canonical URL's parts, in serialization order, present where
    /// the package's own parsed URL has them.
    pub components: Vec<(Component, String)>,
    /// A key besides the canonical URL: urlcanon's SSURT.
    pub key: Option<String>,
    /// Safe Browsing: the host-suffix/path-prefix expressions looked up,
    /// in the order the description lists them.
    pub lookups: Vec<String>,
}
