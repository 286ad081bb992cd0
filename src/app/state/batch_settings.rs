//! The Batch view's choices that are saved between runs: the resolvers,
//! how the input is read, the filters and the sort, the last paths.
//!
//! Names are kept as text (resolver and format names as the command line
//! spells them), so a saved state from another version, or one edited by
//! hand, loads: an unknown name is skipped, not an error.

use serde::{Deserialize, Serialize};

use crate::resolvers::Resolver;
use crate::table::{InputFormat, OutputFormat};

/// The Batch view's saved choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BatchSettings {
    /// The resolvers, one column each, by name.
    pub resolvers: Vec<String>,
    /// The input format by name; empty: detect it from the first line.
    pub format: String,
    /// CSV: the input and base columns (a header name or a 1-based number;
    /// empty: the usual names).
    pub input_column: String,
    pub base_column: String,
    /// The base of lines that give none.
    pub base: String,
    /// The query encoding label of lines that give none.
    pub encoding: String,
    /// The last file opened or typed.
    pub path: String,
    pub filter: Filter,
    pub sort: Sort,
    /// Export: format name, the filtered rows only, the last path.
    pub export_format: String,
    pub export_filtered: bool,
    pub export_path: String,
}

impl Default for BatchSettings {
    fn default() -> Self {
        BatchSettings {
            resolvers: ["this", "whatwg", "rfc3986"].map(str::to_owned).into(),
            format: String::new(),
            input_column: String::new(),
            base_column: String::new(),
            base: String::new(),
            encoding: "utf-8".to_owned(),
            path: String::new(),
            filter: Filter::default(),
            sort: Sort::default(),
            export_format: OutputFormat::Csv.name().to_owned(),
            export_filtered: false,
            export_path: String::new(),
        }
    }
}

impl BatchSettings {
    /// The chosen resolvers, in [`Resolver::ALL`] order, unknown names left out.
    pub fn chosen_resolvers(&self) -> Vec<Resolver> {
        Resolver::ALL
            .into_iter()
            .filter(|r| {
                self.resolvers
                    .iter()
                    .any(|n| r.name().eq_ignore_ascii_case(n))
            })
            .collect()
    }

    /// Turns a resolver on or off.
    pub fn set_resolver(&mut self, r: Resolver, on: bool) {
        self.resolvers.retain(|n| !r.name().eq_ignore_ascii_case(n));
        if on {
            self.resolvers.push(r.name().to_owned());
        }
    }

    /// The chosen input format; `None`: detect it.
    pub fn input_format(&self) -> Option<InputFormat> {
        InputFormat::from_name(&self.format)
    }

    /// The chosen export format (CSV unless JSON Lines is named).
    pub fn output_format(&self) -> OutputFormat {
        OutputFormat::from_name(&self.export_format).unwrap_or_default()
    }
}

/// Which rows the table shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Filter {
    /// Only rows some resolver finds invalid (and unreadable lines).
    pub only_invalid: bool,
    /// Only rows on which the chosen resolvers disagree.
    pub only_disagreeing: bool,
    /// Only rows that raised this note code (empty: any).
    pub note: String,
    /// Only rows with this text in the input, base or an answer (ignoring
    /// ASCII case; empty: any).
    pub search: String,
}

impl Filter {
    /// Whether every row passes.
    pub fn is_empty(&self) -> bool {
        !self.only_invalid
            && !self.only_disagreeing
            && self.note.is_empty()
            && self.search.is_empty()
    }
}

/// The column the table is sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SortColumn {
    /// Input order.
    #[default]
    Line,
    Input,
    Base,
    /// A resolver's answer, by its index among the chosen resolvers.
    Resolver(usize),
    Notes,
}

/// The sort: a column and a direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Sort {
    pub column: SortColumn,
    pub descending: bool,
}

impl Sort {
    /// Whether the rows are in input order (no sorting needed).
    pub fn is_input_order(&self) -> bool {
        self.column == SortColumn::Line && !self.descending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_are_skipped_and_resolvers_keep_their_order() {
        let s = BatchSettings {
            resolvers: ["opc", "nope", "THIS"].map(str::to_owned).into(),
            format: "klingon".to_owned(),
            ..BatchSettings::default()
        };
        assert_eq!(s.chosen_resolvers(), [Resolver::This, Resolver::Opc]);
        assert_eq!(s.input_format(), None);
        let saved: BatchSettings = serde_json::from_str("{\"base\":\"http://b/\"}").expect("JSON");
        assert_eq!(saved.base, "http://b/");
        assert_eq!(saved.encoding, "utf-8");
    }
}
