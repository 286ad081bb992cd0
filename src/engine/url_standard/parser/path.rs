//! The path start, path and opaque path states.

use super::{Flow, Handled, Parser, State};
use crate::engine::trace::{SharedSlice, StepId, Tracer};
use crate::engine::url_standard::errors::ValidationError;
use crate::engine::url_standard::percent_sets::{self, C0_CONTROL, PATH};

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// URL Standard, path start state.
    pub(super) fn path_start(&mut self, c: Option<char>) -> Handled {
        self.begin_path();
        let over = self.state_override.is_some();
        match c {
            // 1.
            _ if self.special => {
                if c == Some('\\') {
                    self.error(ValidationError::InvalidReverseSolidus);
                }
                self.goto(State::Path, "a special URL always has a path");
                Ok(if matches!(c, Some('/' | '\\')) {
                    Flow::Next
                } else {
                    Flow::Again
                })
            }
            // 2.
            Some('?') if !over => {
                self.begin_query();
                self.goto(State::Query, "no path, a query");
                Ok(Flow::Next)
            }
            // 3.
            Some('#') if !over => {
                self.begin_fragment();
                self.goto(State::Fragment, "no path, a fragment");
                Ok(Flow::Next)
            }
            // 4.
            Some(c) => {
                self.goto(State::Path, "the path");
                Ok(if c == '/' { Flow::Next } else { Flow::Again })
            }
            // 5.
            None => {
                if over && self.url.host == crate::engine::url_standard::record::HostKind::None {
                    self.url.serialization.push('/');
                }
                Ok(Flow::Next)
            }
        }
    }

    /// URL Standard, path state. The code points that keep the parser in
    /// this state are taken here one after another, without going back
    /// through the state dispatch; the end of input goes back to it.
    pub(super) fn path(&mut self, c: Option<char>) -> Handled {
        let (mut c, first) = (c, self.pointer);
        loop {
            let flow = self.path_code_point(c)?;
            let next = match (flow, c) {
                (Flow::Next, Some(ch)) => self.pointer + ch.len_utf8(),
                (Flow::Jump(at), _) => at,
                _ => return Ok(flow),
            };
            if self.state != State::Path {
                // The run's caller moves the pointer from where it was.
                return Ok(if self.pointer == first {
                    flow
                } else {
                    Flow::Jump(next)
                });
            }
            self.pointer = next;
            c = self.c();
            if c.is_none() {
                return Ok(Flow::Again);
            }
        }
    }

    /// URL Standard, path state, for one code point (or a run of plain ones).
    fn path_code_point(&mut self, c: Option<char>) -> Handled {
        let start = match self.segment {
            Some(s) => s,
            None => {
                self.url.serialization.push('/');
                let s = self.url.serialization.len();
                self.segment = Some(s);
                s
            }
        };
        let slash = c == Some('/') || (self.special && c == Some('\\'));
        let over = self.state_override.is_some();
        if !(c.is_none() || slash || (!over && matches!(c, Some('?' | '#')))) {
            // 2, for a run of code points the path percent-encode set leaves
            // alone and that raise no validation error: copied at once.
            let end = super::run_end(self.input, self.pointer, |b| {
                super::is_plain(b) && !(over && b == b'?')
            });
            if end > self.pointer + 1 {
                self.url
                    .serialization
                    .push_str(&self.input[self.pointer..end]);
                return Ok(Flow::Jump(end));
            }
            // 2.
            let c = c.unwrap_or('\u{FFFD}');
            self.check_unit(c);
            if c == '^'
                && !self.special
                && let Some(id) = self.quirks.caret_in_path_kept
            {
                self.url.serialization.push('^');
                self.depart(id, "the browser keeps '^' as it is");
                return Ok(Flow::Next);
            }
            percent_sets::push_char(&mut self.url.serialization, c, &PATH);
            return Ok(Flow::Next);
        }
        // 1.1.
        if self.special && c == Some('\\') {
            self.error(ValidationError::InvalidReverseSolidus);
        }
        self.end_segment(start, slash);
        self.segment = None;
        match c {
            // 1.5.
            Some('?') => {
                self.begin_query();
                self.goto(State::Query, "the path ends, a query follows");
            }
            // 1.6.
            Some('#') => {
                self.begin_fragment();
                self.goto(State::Fragment, "the path ends, a fragment follows");
            }
            _ => {}
        }
        Ok(Flow::Next)
    }

    /// URL Standard, path state, 1.2 to 1.4: the buffer (the segment
    /// written from `start`) is a dot segment or is appended.
    fn end_segment(&mut self, start: usize, slash: bool) {
        let segment = &self.url.serialization[start..];
        let (double, single) = (is_double_dot(segment), is_single_dot(segment));
        let drive = super::is_drive_letter(segment.as_bytes());
        if double {
            // 1.2: the buffer is shown as it was, though it is cut from the
            // serialization (where this parser writes it) before the step.
            let buffer = T::ON.then(|| SharedSlice::from(segment));
            self.cut_record(start - 1);
            self.record_buffer(
                StepId::WhatwgPathDoubleDot,
                "'..': not appended; the path is shortened",
                buffer,
            );
            // 1.2.1.
            self.shorten_path();
            // 1.2.2.
            if !slash {
                self.url.serialization.push('/');
            }
        } else if single {
            // 1.3.
            let buffer = T::ON.then(|| SharedSlice::from(segment));
            self.cut_record(start - 1);
            if !slash {
                self.url.serialization.push('/');
            }
            self.record_buffer(StepId::WhatwgPathDot, "'.': not appended", buffer);
        } else {
            // 1.4.1: a file URL's first segment as a drive letter.
            let file_drive =
                drive && self.url.scheme() == "file" && start - 1 == self.url.path_start;
            let pipe_kept = self
                .quirks
                .file_drive_pipe_kept
                .filter(|_| matches!(self.c(), Some('?' | '#')));
            if file_drive && self.url.serialization.ends_with('|') {
                if let Some(id) = pipe_kept {
                    self.depart(id, "the browser keeps the drive letter's '|'");
                } else {
                    // The segment is the serialization's end: its '|' becomes ':'.
                    self.cut_record(start + 1);
                    self.url.serialization.push(':');
                }
            }
            if file_drive && !self.host_drive {
                self.drive_from_input = true;
            }
            // 1.4.2.
            self.record(
                StepId::WhatwgPathPush,
                "the segment is appended to the path",
            );
        }
    }

    /// URL Standard, opaque path state.
    pub(super) fn opaque_path(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1.
            Some('?') => {
                self.begin_query();
                self.goto(State::Query, "a query follows the opaque path");
            }
            // 2.
            Some('#') => {
                self.begin_fragment();
                self.goto(State::Fragment, "a fragment follows the opaque path");
            }
            // 3.
            Some(' ') => {
                self.error(ValidationError::InvalidUrlUnit);
                if matches!(self.remaining().first(), Some(b'?' | b'#')) {
                    if let Some(id) = self.quirks.opaque_path_space_kept {
                        self.url.serialization.push(' ');
                        self.depart(id, "the browser keeps the space before '?' or '#'");
                    } else {
                        self.url.serialization.push_str("%20");
                    }
                } else {
                    self.url.serialization.push(' ');
                }
            }
            // 4.
            Some(c) => {
                self.check_unit(c);
                percent_sets::push_char(&mut self.url.serialization, c, &C0_CONTROL);
            }
            None => {}
        }
        Ok(Flow::Next)
    }
}

/// URL Standard, single-dot URL path segment.
fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// URL Standard, double-dot URL path segment.
fn is_double_dot(s: &str) -> bool {
    match s.len() {
        2 => s == "..",
        4 => s.eq_ignore_ascii_case(".%2e") || s.eq_ignore_ascii_case("%2e."),
        6 => s.eq_ignore_ascii_case("%2e%2e"),
        _ => false,
    }
}
