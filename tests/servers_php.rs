//! The `php` model against the real library's committed answers.
