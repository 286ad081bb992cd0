//! The `node-legacy` model against the real library's committed answers.
