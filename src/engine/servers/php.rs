//! PHP 8.2.31's `parse_url` (`ext/standard/url.c`), modelled.
