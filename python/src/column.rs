//! A column of inputs (or of bases) as `canon_many` and `parse_many` are
//! given it: a Python list or tuple of `str` and `None`, one `str` for
//! every row, or an Arrow array of strings (`string`, `large_string`,
//! `string_view`, or all nulls), read through the Arrow C data interface
//! without copying its text.
//!
//! The Python half of the package turns what else it accepts (a pyarrow
//! `ChunkedArray`, a Polars `Series`, anything with `__arrow_c_stream__`)
//! into one Arrow array first.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, make_array};
use arrow_data::ArrayData;
use arrow_pyarrow::FromPyArrow;
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::text;

/// One row's value.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    Null,
    Text(&'a str),
    /// A string that is no Unicode (a lone surrogate), with why.
    Unreadable(&'a str),
}

/// A row's value as the Python list held it.
pub enum Owned {
    Null,
    Text(String),
    Unreadable(String),
}

/// A column, read.
pub enum Column {
    /// From a Python list or tuple: each string copied out.
    List(Vec<Owned>),
    /// The same string on every row (a base given as one `str`).
    Repeated(Option<String>),
    /// An Arrow array of strings, read in place.
    Arrow(ArrayRef),
}

impl Column {
    /// Reads `values`: a list or tuple of `str`/`None`, or an Arrow array.
    /// `what` names the argument in errors.
    pub fn read(values: &Bound<'_, PyAny>, what: &str) -> PyResult<Column> {
        if let Ok(list) = values.cast::<PyList>() {
            return list_items(list.iter(), list.len(), what).map(Column::List);
        }
        if let Ok(tuple) = values.cast::<PyTuple>() {
            return list_items(tuple.iter(), tuple.len(), what).map(Column::List);
        }
        if values.cast::<PyString>().is_ok() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a list of str or an Arrow array of strings, not one str"
            )));
        }
        let data = ArrayData::from_pyarrow_bound(values).map_err(|e| {
            PyTypeError::new_err(format!(
                "{what} must be a list of str, or an Arrow array of strings (pyarrow, Polars, \
                 or anything with __arrow_c_array__); got {}: {}",
                text::type_name(values),
                e.value(values.py())
            ))
        })?;
        let array = make_array(data);
        match array.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null => {
                Ok(Column::Arrow(array))
            }
            other => Err(PyTypeError::new_err(format!(
                "{what} must hold strings; got an Arrow array of type {other}"
            ))),
        }
    }

    /// Reads a base argument: `None` (no base), one `str` for every row,
    /// or a column like the inputs.
    pub fn read_bases(bases: Option<&Bound<'_, PyAny>>) -> PyResult<Column> {
        match bases {
            None => Ok(Column::Repeated(None)),
            Some(b) if b.is_none() => Ok(Column::Repeated(None)),
            Some(b) if b.cast::<PyString>().is_ok() => {
                Ok(Column::Repeated(Some(text::string(b, "bases")?)))
            }
            Some(b) => Column::read(b, "bases"),
        }
    }

    /// The number of rows; `None` for a repeated value (any number).
    pub fn len(&self) -> Option<usize> {
        match self {
            Column::List(items) => Some(items.len()),
            Column::Repeated(_) => None,
            Column::Arrow(array) => Some(array.len()),
        }
    }

    /// Checks that a column of bases has as many rows as the inputs.
    pub fn check_rows(&self, rows: usize) -> PyResult<()> {
        match self.len() {
            Some(n) if n != rows => Err(PyValueError::new_err(format!(
                "bases has {n} rows and inputs has {rows}: give one base per input, one str \
                 for all, or None"
            ))),
            _ => Ok(()),
        }
    }

    /// The value of row `i` (`i` within the column's rows).
    pub fn get(&self, i: usize) -> Value<'_> {
        match self {
            Column::List(items) => match &items[i] {
                Owned::Null => Value::Null,
                Owned::Text(s) => Value::Text(s),
                Owned::Unreadable(why) => Value::Unreadable(why),
            },
            Column::Repeated(None) => Value::Null,
            Column::Repeated(Some(s)) => Value::Text(s),
            Column::Arrow(array) => arrow_value(array, i),
        }
    }
}

/// Row `i` of an Arrow array of one of the accepted types.
fn arrow_value(array: &ArrayRef, i: usize) -> Value<'_> {
    if array.is_null(i) {
        return Value::Null;
    }
    match array.data_type() {
        DataType::Utf8 => Value::Text(array.as_string::<i32>().value(i)),
        DataType::LargeUtf8 => Value::Text(array.as_string::<i64>().value(i)),
        DataType::Utf8View => Value::Text(array.as_string_view().value(i)),
        // `Column::read` lets no other type in; a null array's rows are
        // all null (and `is_null` said so above).
        _ => Value::Null,
    }
}

/// The items of a list or tuple: `str` copied out, `None` a null row, a
/// `str` that is no Unicode an unreadable row; anything else a TypeError
/// naming its index.
fn list_items<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    len: usize,
    what: &str,
) -> PyResult<Vec<Owned>> {
    let mut out = Vec::with_capacity(len);
    for (i, item) in items.enumerate() {
        if item.is_none() {
            out.push(Owned::Null);
            continue;
        }
        let Ok(s) = item.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "{what}[{i}] must be a str or None, got {}",
                text::type_name(&item)
            )));
        };
        out.push(match s.to_cow() {
            Ok(text) => Owned::Text(text.into_owned()),
            Err(e) => Owned::Unreadable(text::unreadable_reason(&e, item.py())),
        });
    }
    Ok(out)
}
