//! The canonical forms of crawlers, archives and blocklists, modelled from
//! their packages' sources: what they key, dedupe or look a URL up by.
//!
//! | module | package | who keys by it |
//! |---|---|---|
//! | [`surt`] | surt 0.3.1 | the Wayback Machine, pywb |
//! | [`urlcanon`] | urlcanon 0.3.1 | Brozzler, warcprox |
//! | [`w3lib`] | w3lib 2.5.0 | Scrapy's request fingerprints |
//! | [`safe_browsing`] | Google's published description | Safe Browsing and Web Risk clients |

pub mod safe_browsing;
pub mod surt;
pub mod urlcanon;
pub mod w3lib;
