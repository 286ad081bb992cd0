//! The `ruby` model against the real library's committed answers.
