//! Unit tests of the model: see the end of the module doc.
