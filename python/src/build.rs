//! Arrow columns built in pieces: each worker fills the pieces of its chunk
//! of rows, and the pieces are joined in row order into one array.
//!
//! A string column is Arrow's `string` (32-bit offsets), or `large_string`
//! when its text passes 2 GiB, which `string` cannot address.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray, GenericListArray, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::Field;

/// Part of a string column: the text of its rows one after the other,
/// where each ends, and which are present.
#[derive(Default)]
pub struct Strings {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    present: Vec<bool>,
}

impl Strings {
    pub fn with_capacity(rows: usize) -> Strings {
        Strings {
            bytes: Vec::with_capacity(rows * 48),
            ends: Vec::with_capacity(rows),
            present: Vec::with_capacity(rows),
        }
    }

    /// Adds a row: the string, or a null.
    pub fn push(&mut self, value: Option<&str>) {
        if let Some(s) = value {
            self.bytes.extend_from_slice(s.as_bytes());
        }
        self.ends.push(self.bytes.len());
        self.present.push(value.is_some());
    }

    fn rows(&self) -> usize {
        self.ends.len()
    }
}

/// The pieces joined into one string column.
pub fn strings(pieces: &[&Strings]) -> ArrayRef {
    let total: usize = pieces.iter().map(|p| p.bytes.len()).sum();
    if i32::try_from(total).is_ok() {
        Arc::new(joined::<i32>(pieces, total))
    } else {
        Arc::new(joined::<i64>(pieces, total))
    }
}

/// The pieces joined, with offsets of type `O` (wide enough for `total`).
fn joined<O: OffsetSizeTrait>(pieces: &[&Strings], total: usize) -> GenericStringArray<O> {
    let rows: usize = pieces.iter().map(|p| p.rows()).sum();
    let mut bytes = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(rows + 1);
    offsets.push(O::usize_as(0));
    for p in pieces {
        let start = bytes.len();
        bytes.extend_from_slice(&p.bytes);
        offsets.extend(p.ends.iter().map(|end| O::usize_as(start + end)));
    }
    let nulls = nulls(pieces.iter().flat_map(|p| p.present.iter().copied()), rows);
    // The offsets rise (each end at or after the one before) and every
    // row's bytes are one whole `&str`: the array is valid UTF-8 by
    // construction, which `try_new` checks again at the boundaries.
    GenericStringArray::try_new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(bytes),
        nulls,
    )
    .unwrap_or_else(|e| unreachable!("a column built row by row from &str: {e}"))
}

/// The validity of `rows` rows, `None` when every row is present.
pub fn nulls(present: impl Iterator<Item = bool>, rows: usize) -> Option<NullBuffer> {
    let buffer = BooleanBuffer::from_iter(present);
    debug_assert_eq!(buffer.len(), rows);
    let nulls = NullBuffer::new(buffer);
    (nulls.null_count() > 0).then_some(nulls)
}

/// A boolean column from its values and validity.
pub fn booleans(values: impl Iterator<Item = bool>, nulls: Option<NullBuffer>) -> ArrayRef {
    Arc::new(BooleanArray::new(BooleanBuffer::from_iter(values), nulls))
}

/// Part of a list-of-strings column: the strings of all its rows, and
/// where each row's list ends (in strings).
#[derive(Default)]
pub struct StringLists {
    items: Strings,
    ends: Vec<usize>,
    present: Vec<bool>,
}

impl StringLists {
    /// Adds a row: its list, or a null.
    pub fn push<'a>(&mut self, list: Option<impl IntoIterator<Item = &'a str>>) {
        let present = list.is_some();
        for s in list.into_iter().flatten() {
            self.items.push(Some(s));
        }
        self.ends.push(self.items.rows());
        self.present.push(present);
    }
}

/// The pieces joined into one `list<string>` column.
pub fn string_lists(pieces: &[&StringLists]) -> ArrayRef {
    let rows: usize = pieces.iter().map(|p| p.ends.len()).sum();
    let mut offsets = Vec::with_capacity(rows + 1);
    offsets.push(0i32);
    let mut start = 0usize;
    for p in pieces {
        offsets.extend(p.ends.iter().map(|end| to_i32(start + end)));
        start += p.items.rows();
    }
    let items: Vec<&Strings> = pieces.iter().map(|p| &p.items).collect();
    let values = strings(&items);
    let field = Arc::new(Field::new("item", values.data_type().clone(), false));
    let nulls = nulls(pieces.iter().flat_map(|p| p.present.iter().copied()), rows);
    Arc::new(
        GenericListArray::<i32>::try_new(
            field,
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            values,
            nulls,
        )
        .unwrap_or_else(|e| unreachable!("a list column built row by row: {e}")),
    )
}

/// A count of list items as a 32-bit offset: a row's notes are a handful,
/// so 2^31 of them in one call would take hundreds of gigabytes first.
fn to_i32(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}
