//! "Group by": the Batch rows grouped by one resolver's canonical form, as
//! `table --group-by` groups them ([`crate::table::group`]): the largest
//! group first (ties: the group met first), each group's rows in input
//! order, the rows the resolver refuses last. Descending turns the group
//! order round (smallest first); the rows in a group stay in input order.
//!
//! The grouping is a sort of the view ([`super::filter`] computes it off
//! the UI thread with the filters), so the table, the export of the shown
//! rows and the row numbers follow it.

use std::collections::HashMap;
use std::sync::Arc;

use super::settings::{Sort, SortColumn};
use super::store::{CellRef, Segment, row_of};
use crate::resolvers::Resolver;

/// Orders `list` (row numbers) by the groups of resolver `k`'s canonical
/// form; returns the number of groups.
pub fn group(segments: &[Arc<Segment>], list: &mut Vec<u32>, k: usize, descending: bool) -> usize {
    let keys: Vec<Option<&str>> = list
        .iter()
        .map(|&i| match row_of(segments, i as usize).map(|r| r.cell(k)) {
            Some(CellRef::Canon(t)) => Some(t),
            _ => None,
        })
        .collect();
    // Each group: its size and the place it was first met.
    let mut groups: HashMap<&str, (u32, u32), foldhash::fast::RandomState> = HashMap::default();
    for (at, key) in keys.iter().enumerate() {
        if let Some(key) = key {
            groups.entry(key).or_insert((0, at as u32)).0 += 1;
        }
    }
    let rank = |key: Option<&str>| -> (u8, i64, u32) {
        match key.and_then(|k| groups.get(k)) {
            Some(&(size, first)) if descending => (0, i64::from(size), first),
            Some(&(size, first)) => (0, -i64::from(size), first),
            None => (1, 0, 0),
        }
    };
    let mut order: Vec<((u8, i64, u32), u32)> = keys
        .iter()
        .zip(list.iter())
        .map(|(&key, &row)| (rank(key), row))
        .collect();
    order.sort_unstable();
    *list = order.into_iter().map(|(_, row)| row).collect();
    groups.len()
}

/// The control: none, or a resolver of the table to group by; and, when
/// grouped, how many groups there are.
pub fn group_by_ui(
    ui: &mut egui::Ui,
    resolvers: &[Resolver],
    sort: &mut Sort,
    groups: Option<usize>,
) {
    let label = ui.label("group by:");
    let current = match sort.column {
        SortColumn::Group(k) => resolvers.get(k).map_or("none", |r| r.label()),
        _ => "none",
    };
    egui::ComboBox::from_id_salt("batch-group-by")
        .selected_text(current)
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(!matches!(sort.column, SortColumn::Group(_)), "none")
                .clicked()
            {
                *sort = Sort::default();
            }
            for (k, r) in resolvers.iter().enumerate() {
                let chosen = sort.column == SortColumn::Group(k);
                if ui.selectable_label(chosen, r.label()).clicked() {
                    *sort = Sort {
                        column: SortColumn::Group(k),
                        descending: false,
                    };
                }
            }
        })
        .response
        .labelled_by(label.id)
        .on_hover_text(
            "Group the rows by a resolver's canonical form (deduping: a crawl list by its \
             SURT, say): the largest group first, each group's rows in input order, the rows \
             it refuses last",
        );
    if let (SortColumn::Group(_), Some(n)) = (sort.column, groups) {
        ui.label(format!("{} groups", super::super::escape::group_digits(n)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Cell, Row};

    use super::super::store::{SegmentBuilder, Table};

    /// Rows whose one column holds `canons` (`None`: refused).
    fn table(canons: &[Option<&str>]) -> Table {
        let mut b = SegmentBuilder::new(1);
        for (i, canon) in canons.iter().enumerate() {
            b.push(&Row {
                line: i as u64 + 1,
                input: format!("input {i}"),
                base: None,
                encoding: "UTF-8",
                cells: vec![match canon {
                    Some(c) => Cell::Canon((*c).to_owned()),
                    None => Cell::Invalid("refused".to_owned()),
                }],
                hosts: Vec::new(),
                notes: Vec::new(),
                error: None,
            });
        }
        let mut t = Table::new(vec![Resolver::Surt]);
        t.set_segment(0, Arc::new(b.finish()));
        t
    }

    #[test]
    fn the_largest_group_comes_first_each_in_input_order_the_refused_last() {
        let t = table(&[
            Some("b"),
            None,
            Some("a"),
            Some("a"),
            Some("c"),
            Some("b"),
            Some("a"),
        ]);
        let mut list: Vec<u32> = (0..7).collect();
        assert_eq!(group(t.segments(), &mut list, 0, false), 3);
        // a (3 rows), then b (2, met first at row 0), then c, then the refused.
        assert_eq!(list, [2, 3, 6, 0, 5, 4, 1]);
        let mut list: Vec<u32> = (0..7).collect();
        assert_eq!(group(t.segments(), &mut list, 0, true), 3);
        assert_eq!(list, [4, 0, 5, 2, 3, 6, 1]);
    }
}
