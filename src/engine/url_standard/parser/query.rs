//! The query and fragment states.

use super::{Flow, Handled, Parser, State};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::percent_sets::{self, FRAGMENT, QUERY, SPECIAL_QUERY};

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// URL Standard, query state. The buffer is the input from
    /// `buf_start`; it is encoded whole at its end, as a stateful encoder
    /// (ISO-2022-JP) needs.
    pub(super) fn query(&mut self, c: Option<char>) -> Handled {
        let over = self.state_override.is_some();
        if c.is_none() || (!over && c == Some('#')) {
            // 2.
            let buffer = &self.input[self.buf_start..self.pointer];
            let apostrophe = !self.special && buffer.contains('\'');
            let set = match self.quirks.apostrophe_in_query.filter(|_| apostrophe) {
                Some(id) => {
                    self.depart(id, "the browser writes the apostrophe %27");
                    &SPECIAL_QUERY
                }
                None if self.special => &SPECIAL_QUERY,
                None => &QUERY,
            };
            let encoding = self.query_encoding();
            let buffer = &self.input[self.buf_start..self.pointer];
            percent_sets::push_encoded(&mut self.url.serialization, encoding, buffer, set, false);
            self.buf_start = self.pointer;
            if c == Some('#') {
                self.begin_fragment();
                self.goto(State::Fragment, "the query ends, a fragment follows");
            }
            return Ok(Flow::Next);
        }
        // 3: a run of code points that raise no validation error joins the
        // buffer at once.
        let end = super::run_end(self.input, self.pointer, |b| {
            super::is_plain(b) || b == b'/' || b == b'?'
        });
        if end > self.pointer + 1 {
            return Ok(Flow::Jump(end));
        }
        if let Some(c) = c {
            self.check_unit(c);
        }
        Ok(Flow::Next)
    }

    /// URL Standard, fragment state.
    pub(super) fn fragment(&mut self, c: Option<char>) -> Handled {
        let end = super::run_end(self.input, self.pointer, |b| {
            super::is_plain(b) || b == b'/' || b == b'?'
        });
        if end > self.pointer + 1 {
            self.url
                .serialization
                .push_str(&self.input[self.pointer..end]);
            return Ok(Flow::Jump(end));
        }
        if let Some(c) = c {
            self.check_unit(c);
            percent_sets::push_char(&mut self.url.serialization, c, &FRAGMENT);
        }
        Ok(Flow::Next)
    }
}
