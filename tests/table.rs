//! Integration tests of `url-inspector table` (being written).
