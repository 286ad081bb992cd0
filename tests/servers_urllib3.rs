//! The `urllib3` model against the real library's committed answers.
