//! The `perl` model against the real library's committed answers.
