//! The whole comparison as a Markdown (GitHub-flavoured) table, for a bug
//! report: the inputs, a row per shown resolver with every value whole, the
//! cells that differ from the reference marked `≠`, and who agrees with whom.

use crate::resolvers::Resolver;

use super::super::escape::escape;
use super::compute::Comparison;
use super::summary::summary;
use super::table::{Value, columns, differs, value};

/// The comparison of the `shown` resolvers, `reference` the row the others
/// are compared with.
pub fn markdown(c: &Comparison, shown: &[Resolver], reference: Resolver) -> String {
    let req = &c.request;
    let mut out = format!("Input: {}", code(&req.input));
    if !req.base.is_empty() {
        out.push_str(&format!("  \nBase: {}", code(&req.base)));
    }
    out.push_str(&format!(
        "  \nQuery encoding: {}\n\n",
        code(req.encoding.trim())
    ));

    let columns = columns(c, shown);
    out.push_str("| resolver |");
    for col in &columns {
        out.push_str(&format!(" {} |", col.title()));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');

    let reference_answer = c.answer(reference);
    for &r in shown {
        let Some(answer) = c.answer(r) else { continue };
        let name = if r == reference {
            format!("{} (reference)", r.label())
        } else {
            r.label().to_owned()
        };
        out.push_str(&format!("| {name} |"));
        for &col in &columns {
            let v = value(answer, col);
            let mark = reference_answer
                .filter(|_| r != reference)
                .is_some_and(|ra| differs(&v, &value(ra, col)));
            out.push_str(&format!(" {}{} |", if mark { "≠ " } else { "" }, cell(&v)));
        }
        out.push('\n');
    }

    let answers = shown.iter().filter_map(|&r| Some((r, c.answer(r)?)));
    out.push_str(&format!(
        "\n{}  \n≠ marks a value that differs from {}; — an absent component.\n",
        summary(answers),
        reference.label()
    ));
    out
}

/// One cell's text: code for values, plain words otherwise.
fn cell(v: &Value<'_>) -> String {
    match v {
        Value::Absent => "—".to_owned(),
        Value::Text("") => "(empty)".to_owned(),
        Value::Text(t) => code(t),
        Value::Invalid(why) => format!("invalid: {}", escape(why).replace('|', "\\|")),
    }
}

/// `text` as inline code that survives a table: invisible characters
/// escaped, `|` escaped (GitHub splits cells at it even in code), and a
/// fence longer than any run of backticks inside.
fn code(text: &str) -> String {
    if text.is_empty() {
        return "(empty)".to_owned();
    }
    let text = escape(text).replace('|', "\\|");
    let longest_run = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest_run + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::super::compute::{CompareRequest, compare};
    use super::*;

    #[test]
    fn code_survives_tables_and_backticks() {
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("tab\there"), "`tab\\u{9}here`");
        assert_eq!(code(""), "(empty)");
    }

    #[test]
    fn a_table_with_a_row_per_shown_resolver() {
        let c = compare(&CompareRequest {
            pair: None,
            other: None,
            input: "http://B\u{fc}cher.de/?q|x".into(),
            base: String::new(),
            encoding: "utf-8".into(),
        });
        let shown = [Resolver::This, Resolver::Gecko, Resolver::Whatwg];
        let md = markdown(&c, &shown, Resolver::This);
        let rows: Vec<&str> = md.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(rows.len(), 2 + shown.len(), "{md}");
        assert!(rows[0].starts_with("| resolver | canonical, or why invalid | scheme |"));
        // Cells are split at every '|' not escaped.
        let cells = |row: &str| row.replace("\\|", "").matches('|').count();
        assert!(rows.iter().all(|r| cells(r) == cells(rows[0])), "{md}");
        assert!(rows[2].starts_with("| THIS (reference) | `http://xn--bcher-kva.de/?q\\|x`"));
        assert!(
            rows[3].starts_with("| GECKO | ≠ `http://b\u{fc}cher.de/?q\\|x`"),
            "{md}"
        );
        assert!(
            rows[4].starts_with("| URL Standard | `http://xn--bcher-kva.de/?q\\|x`"),
            "{md}"
        );
        assert!(md.contains("THIS = URL Standard · GECKO alone"), "{md}");
    }
}
