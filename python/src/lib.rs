//! The compiled half of the Python package `url_inspector`
//! (`url_inspector._native`): url-inspector's library called from Python,
//! with no engine code of its own.
//!
//! | module | what |
//! |---|---|
//! | [`one`] | one URL: `canon`, `parse`, `compare`, `hosts`, `pair`, `same`, `resolvers` |
//! | [`many`] | columns: `canon_many`, `parse_many`, on every core, Arrow out |
//! | [`column`] | a column of inputs read from a Python list or an Arrow array |
//! | [`build`] | Arrow arrays built in pieces and joined |
//! | [`options`] | `mode`, `encoding` and the pair, checked |
//! | [`text`] | Python strings read, a lone surrogate named |
//! | [`errors`] | `InvalidUrlError` |
//!
//! The pure-Python half (`python/url_inspector/__init__.py`) takes more
//! kinds of column (chunked arrays, Polars series) and adds the helpers for
//! Polars, DuckDB and Spark.

mod build;
mod column;
mod errors;
mod many;
mod one;
mod options;
mod text;

use pyo3::prelude::*;

/// The module `url_inspector._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(one::canon, m)?)?;
    m.add_function(wrap_pyfunction!(one::parse, m)?)?;
    m.add_function(wrap_pyfunction!(one::compare, m)?)?;
    m.add_function(wrap_pyfunction!(one::hosts, m)?)?;
    m.add_function(wrap_pyfunction!(one::pair, m)?)?;
    m.add_function(wrap_pyfunction!(one::same, m)?)?;
    m.add_function(wrap_pyfunction!(one::resolvers, m)?)?;
    m.add_function(wrap_pyfunction!(many::canon_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::parse_many, m)?)?;
    m.add(
        "InvalidUrlError",
        m.py().get_type::<errors::InvalidUrlError>(),
    )?;
    m.add("NOTE_NOT_UNICODE", many::NOTE_NOT_UNICODE)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
