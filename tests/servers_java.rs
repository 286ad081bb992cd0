//! The `java` model against the real library's committed answers.
