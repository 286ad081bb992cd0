//! Ruby 3.1.2's `URI` library (`lib/uri/rfc3986_parser.rb`, `lib/uri/generic.rb`), modelled.
