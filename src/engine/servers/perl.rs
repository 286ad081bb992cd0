//! Perl's `URI` module 5.17 (`URI.pm`, `URI/_generic.pm`, `URI/_server.pm`), modelled.
