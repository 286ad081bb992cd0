//! The Batch view's choices that are saved between runs: the resolvers,
//! how the input is read, the filters and the sort, the last paths.
//!
//! Resolvers and formats are saved by the names the command line gives them
//! ([`super::super::by_name`]), so a saved state from another version, or
//! one edited by hand, loads: an unknown name is skipped, not an error.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::resolvers::Resolver;
use crate::resolvers::pair::Pair;
use crate::table::{InputFormat, OutputFormat};

use super::super::by_name;

/// The Batch view's saved choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BatchSettings {
    /// The resolvers, one column each, in [`Resolver::ALL`] order.
    #[serde(with = "by_name::list")]
    pub resolvers: Vec<Resolver>,
    /// The input format; `None`: detect it from the first line.
    #[serde(with = "by_name::optional")]
    pub format: Option<InputFormat>,
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
    /// Export: the format, the filtered rows only, the last path.
    #[serde(with = "by_name::one")]
    pub export_format: OutputFormat,
    pub export_filtered: bool,
    pub export_path: String,
    /// The table's columns the user turned off, by name (`line`, `input`,
    /// `base`, `notes`, or a resolver's name): a resolver stays in the run
    /// and the export, only its column is hidden.
    pub hidden_columns: Vec<String>,
    /// The share of the table's width each column was given (by the same
    /// names), so a column the user widened stays wider at any window size.
    /// Only the ratios count (the widths in points the user dragged to).
    pub column_weights: BTreeMap<String, u32>,
    /// The resolvers (by name) whose host has a column of its own: the
    /// host each would connect to, side by side (none until asked for).
    pub host_columns: Vec<String>,
    /// The pair: the parser an application checks URLs with and the one it
    /// fetches them with. With both set (and run), the table has a pair
    /// column and the filter can keep the rows that get through.
    #[serde(with = "by_name::optional")]
    pub check: Option<Resolver>,
    #[serde(with = "by_name::optional")]
    pub fetch: Option<Resolver>,
    /// Whether the summary panel is shown beside the table.
    pub show_summary: bool,
    /// The files opened last, newest first (at most [`RECENT_FILES`]).
    pub recent: Vec<String>,
    /// Open the file in `path` on the next frame (set by `--batch FILE`;
    /// never saved, so a restart does not run it again).
    #[serde(skip)]
    pub open_at_start: bool,
}

/// How many recent files the Batch view remembers.
pub const RECENT_FILES: usize = 10;

impl Default for BatchSettings {
    fn default() -> Self {
        BatchSettings {
            resolvers: vec![Resolver::This, Resolver::Whatwg, Resolver::Rfc3986],
            format: None,
            input_column: String::new(),
            base_column: String::new(),
            base: String::new(),
            encoding: "utf-8".to_owned(),
            path: String::new(),
            filter: Filter::default(),
            sort: Sort::default(),
            export_format: OutputFormat::Csv,
            export_filtered: false,
            export_path: String::new(),
            hidden_columns: Vec::new(),
            column_weights: BTreeMap::new(),
            host_columns: Vec::new(),
            check: None,
            fetch: None,
            show_summary: true,
            recent: Vec::new(),
            open_at_start: false,
        }
    }
}

impl BatchSettings {
    /// Turns a resolver on or off (the list stays in [`Resolver::ALL`] order).
    pub fn set_resolver(&mut self, r: Resolver, on: bool) {
        self.resolvers.retain(|&c| c != r);
        if on {
            self.resolvers.push(r);
            self.resolvers.sort();
        }
    }

    /// Whether the table shows the column named `name`.
    pub fn shows_column(&self, name: &str) -> bool {
        !self.hidden_columns.iter().any(|h| h == name)
    }

    /// Shows or hides the column named `name`.
    pub fn set_column_shown(&mut self, name: &str, show: bool) {
        self.hidden_columns.retain(|h| h != name);
        if !show {
            self.hidden_columns.push(name.to_owned());
            self.hidden_columns.sort();
        }
    }

    /// Whether resolver `name`'s host has a column.
    pub fn shows_host(&self, name: &str) -> bool {
        self.host_columns.iter().any(|h| h == name)
    }

    /// Shows or hides resolver `name`'s host column.
    pub fn set_host_shown(&mut self, name: &str, show: bool) {
        self.host_columns.retain(|h| h != name);
        if show {
            self.host_columns.push(name.to_owned());
            self.host_columns.sort();
        }
    }

    /// The pair chosen, when both sides are.
    pub fn pair(&self) -> Option<Pair> {
        Some(Pair {
            check: self.check?,
            fetch: self.fetch?,
        })
    }

    /// Chooses a pair (or none) and turns its resolvers on, so a run
    /// computes both.
    pub fn set_pair(&mut self, pair: Option<Pair>) {
        self.check = pair.map(|p| p.check);
        self.fetch = pair.map(|p| p.fetch);
        if let Some(p) = pair {
            self.set_resolver(p.check, true);
            self.set_resolver(p.fetch, true);
        }
    }

    /// Puts `path` first in the recent files (once), dropping the oldest
    /// beyond [`RECENT_FILES`].
    pub fn remember_file(&mut self, path: &str) {
        let path = path.trim();
        if path.is_empty() {
            return;
        }
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_owned());
        self.recent.truncate(RECENT_FILES);
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
    /// Only rows whose resolvers would connect to different hosts, or
    /// spell one host differently.
    pub hosts: HostFilter,
    /// Only rows that get through the pair of the table: the check and
    /// the fetch accept the URL and name different hosts.
    pub through: bool,
}

impl Filter {
    /// Whether every row passes.
    pub fn is_empty(&self) -> bool {
        !self.only_invalid
            && !self.only_disagreeing
            && self.note.is_empty()
            && self.search.is_empty()
            && self.hosts == HostFilter::Any
            && !self.through
    }
}

/// The rows the hosts filter keeps, by the resolvers' host verdict
/// ([`crate::resolvers::hosts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostFilter {
    #[default]
    Any,
    /// Different hosts, or one host spelled differently.
    NotAgreed,
    /// Different hosts only.
    Confusion,
}

impl HostFilter {
    pub const ALL: [HostFilter; 3] = [
        HostFilter::Any,
        HostFilter::NotAgreed,
        HostFilter::Confusion,
    ];

    /// As the filter's menu names it.
    pub const fn label(self) -> &'static str {
        match self {
            HostFilter::Any => "any",
            HostFilter::NotAgreed => "differ or spelled differently",
            HostFilter::Confusion => "differ",
        }
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
    /// The host a resolver's answer names, by the same index.
    Host(usize),
    Notes,
    /// The pair's verdict (agree, spelling, confusion).
    Pair,
    /// Grouped by a resolver's canonical form (by its index): the largest
    /// group first, each group's rows in input order (deduping).
    Group(usize),
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
        let json =
            r#"{"resolvers":["opc","nope","THIS","opc"],"format":"klingon","export_format":"tsv"}"#;
        let s: BatchSettings = serde_json::from_str(json).expect("JSON");
        assert_eq!(s.resolvers, [Resolver::This, Resolver::Opc]);
        assert_eq!(s.format, None);
        assert_eq!(s.export_format, OutputFormat::Tsv);
        let saved: BatchSettings = serde_json::from_str("{\"base\":\"http://b/\"}").expect("JSON");
        assert_eq!(saved.base, "http://b/");
        assert_eq!(saved.encoding, "utf-8");
    }

    #[test]
    fn names_are_written_as_the_command_line_spells_them() {
        let mut s = BatchSettings {
            format: Some(InputFormat::Jsonl),
            export_format: OutputFormat::Jsonl,
            ..BatchSettings::default()
        };
        s.set_resolver(Resolver::Opc, true);
        s.set_resolver(Resolver::Gecko, true);
        s.set_resolver(Resolver::Whatwg, false);
        let json = serde_json::to_string(&s).unwrap_or_default();
        assert!(
            json.contains(r#""resolvers":["this","gecko","rfc3986","opc"],"format":"jsonl""#),
            "{json}"
        );
        assert!(json.contains(r#""export_format":"jsonl""#), "{json}");
        assert_eq!(serde_json::from_str::<BatchSettings>(&json).ok(), Some(s));
    }

    #[test]
    fn recent_files_are_newest_first_once_each_and_bounded() {
        let mut s = BatchSettings::default();
        for i in 0..RECENT_FILES + 3 {
            s.remember_file(&format!("/f{i}"));
        }
        s.remember_file(" /f5 ");
        s.remember_file("");
        assert_eq!(s.recent.len(), RECENT_FILES);
        assert_eq!(s.recent[0], "/f5");
        assert_eq!(s.recent[1], format!("/f{}", RECENT_FILES + 2));
        assert_eq!(s.recent.iter().filter(|p| *p == "/f5").count(), 1);
    }

    #[test]
    fn hidden_columns_are_saved_and_shown_again() {
        let mut s = BatchSettings::default();
        s.set_column_shown("base", false);
        s.set_column_shown("notes", false);
        s.set_column_shown("base", false);
        assert!(!s.shows_column("base") && s.shows_column("input"));
        let json = serde_json::to_string(&s).unwrap_or_default();
        let back: BatchSettings = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back.hidden_columns, ["base", "notes"]);
        s.set_column_shown("base", true);
        assert!(s.shows_column("base"));
    }
}
