//! The canonical forms of crawlers, archives and blocklists, modelled from
//! their packages' sources: what they key, dedupe or look a URL up by.

pub mod surt;
