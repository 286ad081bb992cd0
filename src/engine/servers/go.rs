//! Go 1.27.3's `net/url`, modelled: `url.Parse(base)`, then
//! `base.Parse(input)`, then the `URL`'s methods.
