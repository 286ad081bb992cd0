//! CPython 3.11.7's `urllib.parse`, modelled: `urljoin(base, input)`, then
//! `urlsplit`, then the `SplitResult`'s properties.
