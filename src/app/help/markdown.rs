//! A documentation page's Markdown read into blocks the Help window draws:
//! headings, paragraphs, list items (with their depth and marker), code
//! blocks, tables and rules, each holding runs of inline text that know
//! whether they are code, strong, emphasized or a link. `pulldown-cmark`
//! does the reading (CommonMark with GitHub's tables and strikethrough);
//! this turns its events into the few shapes a page of ours uses. No egui
//! here, so it is tested on its own.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// A run of inline text with one look.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub code: bool,
    pub strong: bool,
    pub emphasis: bool,
    /// Where a link goes (as written: `cli.md#batch`, `https://…`).
    pub link: Option<String>,
}

/// A table cell: its runs of text.
pub type Cell = Vec<Span>;

/// One block of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading, level 1 to 6.
    Heading(u8, Vec<Span>),
    Paragraph(Vec<Span>),
    /// A list item: how deep the list is (0 for the outermost), its marker
    /// (`•`, or `3.` in a numbered list), and its text.
    Item {
        depth: usize,
        marker: String,
        spans: Vec<Span>,
    },
    /// A fenced or indented code block, as written.
    Code(String),
    /// A table: the header row, then the body rows.
    Table {
        head: Vec<Cell>,
        rows: Vec<Vec<Cell>>,
    },
    /// A thematic break.
    Rule,
    /// A picture: its alternative text (the window does not load images).
    Picture(String),
}

/// What the reader is inside of while it collects inline text.
#[derive(Default)]
struct Inline {
    strong: u32,
    emphasis: u32,
    link: Option<String>,
    spans: Vec<Span>,
}

impl Inline {
    fn push(&mut self, text: &str, code: bool) {
        let span = Span {
            text: text.to_owned(),
            code,
            strong: self.strong > 0,
            emphasis: self.emphasis > 0,
            link: self.link.clone(),
        };
        // Text next to text of the same look is one run.
        match self.spans.last_mut() {
            Some(last)
                if !code
                    && !last.code
                    && (last.strong, last.emphasis, &last.link)
                        == (span.strong, span.emphasis, &span.link) =>
            {
                last.text.push_str(text);
            }
            _ => self.spans.push(span),
        }
    }

    fn take(&mut self) -> Vec<Span> {
        std::mem::take(&mut self.spans)
    }
}

/// The table being read.
#[derive(Default)]
struct TableRead {
    head: Vec<Cell>,
    rows: Vec<Vec<Cell>>,
    row: Vec<Cell>,
    in_head: bool,
}

/// Reads `markdown` into blocks.
pub fn blocks(markdown: &str) -> Vec<Block> {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut r = Reader::default();
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(tag) => r.start(tag),
            Event::End(end) => r.end(end),
            Event::Text(text) => r.text(&text),
            Event::Code(text) => r.inline.push(&text, true),
            Event::SoftBreak => r.inline.push(" ", false),
            Event::HardBreak => r.inline.push("\n", false),
            Event::Rule => r.out.push(Block::Rule),
            Event::Html(html) | Event::InlineHtml(html) => r.inline.push(&html, false),
            _ => {}
        }
    }
    r.out
}

/// What the reader holds between events.
#[derive(Default)]
struct Reader {
    out: Vec<Block>,
    inline: Inline,
    /// The open lists: the next number of each numbered one, `None` for bullets.
    lists: Vec<Option<u64>>,
    item_marker: Option<String>,
    code: Option<String>,
    table: Option<TableRead>,
    picture: Option<String>,
}

impl Reader {
    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Strong => self.inline.strong += 1,
            Tag::Emphasis => self.inline.emphasis += 1,
            Tag::Link { dest_url, .. } => self.inline.link = Some(dest_url.into_string()),
            Tag::Image { .. } => self.picture = Some(String::new()),
            Tag::CodeBlock(_) => {
                self.flush_item();
                self.code = Some(String::new());
            }
            Tag::List(start) => {
                self.flush_item();
                self.lists.push(start);
            }
            Tag::Item => {
                let marker = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        let m = format!("{n}.");
                        *n += 1;
                        m
                    }
                    _ => "•".to_owned(),
                };
                self.item_marker = Some(marker);
            }
            Tag::Table(_) => self.table = Some(TableRead::default()),
            Tag::TableHead => {
                if let Some(t) = &mut self.table {
                    t.in_head = true;
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, end: TagEnd) {
        match end {
            TagEnd::Strong => self.inline.strong = self.inline.strong.saturating_sub(1),
            TagEnd::Emphasis => self.inline.emphasis = self.inline.emphasis.saturating_sub(1),
            TagEnd::Link => self.inline.link = None,
            TagEnd::Image => {
                if let Some(alt) = self.picture.take() {
                    self.out.push(Block::Picture(alt));
                }
            }
            TagEnd::Heading(level) => {
                let spans = self.inline.take();
                self.out.push(Block::Heading(heading_level(level), spans));
            }
            TagEnd::Paragraph => self.paragraph(),
            TagEnd::Item => self.flush_item(),
            TagEnd::List(_) => {
                self.flush_item();
                self.lists.pop();
            }
            TagEnd::CodeBlock => {
                if let Some(text) = self.code.take() {
                    self.out
                        .push(Block::Code(text.trim_end_matches('\n').to_owned()));
                }
            }
            TagEnd::TableCell | TagEnd::TableHead | TagEnd::TableRow | TagEnd::Table => {
                self.table_end(end);
            }
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if let Some(c) = &mut self.code {
            c.push_str(text);
        } else if let Some(alt) = &mut self.picture {
            alt.push_str(text);
        } else {
            self.inline.push(text, false);
        }
    }

    /// A paragraph's end: a loose list item's text, or a paragraph.
    fn paragraph(&mut self) {
        let spans = self.inline.take();
        if spans.is_empty() {
            return;
        }
        match self.item_marker.take() {
            Some(marker) => self.out.push(Block::Item {
                depth: self.lists.len().saturating_sub(1),
                marker,
                spans,
            }),
            None => self.out.push(Block::Paragraph(spans)),
        }
    }

    fn table_end(&mut self, end: TagEnd) {
        let Some(t) = &mut self.table else { return };
        match end {
            TagEnd::TableCell => t.row.push(self.inline.take()),
            TagEnd::TableHead => {
                t.head = std::mem::take(&mut t.row);
                t.in_head = false;
            }
            TagEnd::TableRow => {
                let row = std::mem::take(&mut t.row);
                t.rows.push(row);
            }
            _ => {
                if let Some(t) = self.table.take() {
                    self.out.push(Block::Table {
                        head: t.head,
                        rows: t.rows,
                    });
                }
            }
        }
    }

    /// A tight list item's text has no paragraph of its own: it ends with
    /// the item, or where a nested list or a code block starts.
    fn flush_item(&mut self) {
        if let Some(m) = self.item_marker.take() {
            self.out.push(Block::Item {
                depth: self.lists.len().saturating_sub(1),
                marker: m,
                spans: self.inline.take(),
            });
        }
    }
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The text of runs, without their looks.
pub fn plain(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_and_inline_looks() {
        let b = blocks("# Title\n\nSome `code`, **strong** and [a link](cli.md#batch).\n");
        assert_eq!(
            b[0],
            Block::Heading(
                1,
                vec![Span {
                    text: "Title".into(),
                    ..Span::default()
                }]
            )
        );
        let Block::Paragraph(spans) = &b[1] else {
            panic!("{b:?}")
        };
        assert_eq!(plain(spans), "Some code, strong and a link.");
        assert!(spans.iter().any(|s| s.code && s.text == "code"));
        assert!(spans.iter().any(|s| s.strong && s.text == "strong"));
        assert!(
            spans
                .iter()
                .any(|s| s.link.as_deref() == Some("cli.md#batch"))
        );
    }

    #[test]
    fn lists_keep_their_depth_and_numbers() {
        let b = blocks("- one\n  - inner\n- two\n\n3. three\n4. four\n");
        let items: Vec<(usize, &str, String)> = b
            .iter()
            .filter_map(|b| match b {
                Block::Item {
                    depth,
                    marker,
                    spans,
                } => Some((*depth, marker.as_str(), plain(spans))),
                _ => None,
            })
            .collect();
        assert_eq!(
            items,
            [
                (0, "•", "one".to_owned()),
                (1, "•", "inner".to_owned()),
                (0, "•", "two".to_owned()),
                (0, "3.", "three".to_owned()),
                (0, "4.", "four".to_owned()),
            ]
        );
    }

    #[test]
    fn code_blocks_and_tables() {
        let b = blocks(
            "```text\n$ url-inspector canon x\nx\n```\n\n| a | b |\n|---|---|\n| `1` | 2 |\n",
        );
        assert_eq!(b[0], Block::Code("$ url-inspector canon x\nx".into()));
        let Block::Table { head, rows } = &b[1] else {
            panic!("{b:?}")
        };
        assert_eq!(
            head.iter().map(|c| plain(c)).collect::<Vec<_>>(),
            ["a", "b"]
        );
        assert_eq!(rows.len(), 1);
        assert!(rows[0][0][0].code);
    }

    #[test]
    fn every_page_of_the_docs_reads_into_blocks() {
        for (name, text) in super::super::DOCS {
            let b = blocks(text);
            assert!(matches!(b.first(), Some(Block::Heading(1, _))), "{name}");
            // No Markdown syntax is left over as text in a heading.
            for block in &b {
                if let Block::Heading(_, spans) = block {
                    assert!(!plain(spans).contains('#'), "{name}: {block:?}");
                }
            }
        }
    }
}
