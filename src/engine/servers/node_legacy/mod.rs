//! Node.js 20.20.2's legacy `url.parse` and `url.resolve` (`lib/url.js`), modelled.

pub mod idna;
