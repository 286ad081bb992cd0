//! The file, file slash and file host states.

use super::{Flow, Handled, Parser, State, starts_with_drive_letter};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::errors::ValidationError;
use crate::engine::url_standard::host;
use crate::engine::url_standard::record::HostKind;

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// URL Standard, file state.
    pub(super) fn file(&mut self, c: Option<char>) -> Handled {
        // 1: the scheme is file (already written when the input said so).
        if self.url.serialization.is_empty() {
            self.url.serialization.push_str("file:");
            self.scheme_done();
        }
        // 2: the host is the empty host.
        self.url.serialization.push_str("//");
        let at = self.url.serialization.len();
        self.url.username_end = at;
        self.url.host_start = at;
        self.url.host_end = at;
        self.url.host = HostKind::Empty;
        let base = self.base.filter(|b| b.scheme() == "file");
        match (c, base) {
            // 3.
            (Some('/' | '\\'), _) => {
                if c == Some('\\') {
                    self.error(ValidationError::InvalidReverseSolidus);
                }
                self.goto(State::FileSlash, "a slash");
                Ok(Flow::Next)
            }
            // 4.
            (_, Some(base)) => {
                self.take_base_host(base);
                self.copy_base_path(base);
                match c {
                    Some('?') => {
                        self.begin_query();
                        self.goto(State::Query, "the base's path with a new query");
                        Ok(Flow::Next)
                    }
                    Some('#') => {
                        self.copy_base_query(base);
                        self.begin_fragment();
                        self.goto(
                            State::Fragment,
                            "the base less its fragment, with a new fragment",
                        );
                        Ok(Flow::Next)
                    }
                    Some(_) => {
                        // 4.4.
                        if !starts_with_drive_letter(&self.input.as_bytes()[self.pointer..]) {
                            self.shorten_path();
                        } else {
                            self.error(ValidationError::FileInvalidWindowsDriveLetter);
                            self.cut_record(self.url.path_start);
                        }
                        self.goto(State::Path, "a path relative to the base's");
                        Ok(Flow::Again)
                    }
                    None => {
                        self.copy_base_query(base);
                        self.goto(State::File, "empty: the base less its fragment");
                        Ok(Flow::Next)
                    }
                }
            }
            // 5.
            _ => {
                self.begin_path();
                self.goto(State::Path, "no slash and no file base: the path");
                Ok(Flow::Again)
            }
        }
    }

    /// Sets the host to the base's (a file URL's, so no credentials or port).
    fn take_base_host(&mut self, base: &crate::engine::url_standard::Url) {
        if let Some(h) = base.host() {
            self.url.serialization.push_str(h.text);
            self.url.host = h.kind;
            self.url.host_end = self.url.serialization.len();
        }
    }

    /// URL Standard, file slash state.
    pub(super) fn file_slash(&mut self, c: Option<char>) -> Handled {
        if matches!(c, Some('/' | '\\')) {
            // 1.
            if c == Some('\\') {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            self.buf_start = self.pointer + 1;
            self.goto(State::FileHost, "two slashes: a host");
            return Ok(Flow::Next);
        }
        // 2.
        if let Some(base) = self.base.filter(|b| b.scheme() == "file") {
            self.take_base_host(base);
            self.begin_path();
            let first = base.path_segments().and_then(|mut s| s.next());
            if !starts_with_drive_letter(&self.input.as_bytes()[self.pointer..])
                && let Some(drive) = first.filter(|d| {
                    let d = d.as_bytes();
                    d.len() == 2 && d[0].is_ascii_alphabetic() && d[1] == b':'
                })
            {
                // 2.2 (a browser may not keep the base's drive letter).
                match self.quirks.file_drive_ordinary {
                    Some(id) => {
                        self.depart(id, "the browser does not keep the base's drive letter")
                    }
                    None => {
                        self.url.serialization.push('/');
                        self.url.serialization.push_str(drive);
                    }
                }
            }
        }
        self.begin_path();
        self.goto(State::Path, "one slash: an absolute path");
        Ok(Flow::Again)
    }

    /// URL Standard, file host state.
    pub(super) fn file_host(&mut self, c: Option<char>) -> Handled {
        if !matches!(c, None | Some('/' | '\\' | '?' | '#')) {
            // 2.
            return Ok(Flow::Next);
        }
        // 1.
        let buffer_empty = self.pointer == self.buf_start;
        if self.state_override.is_none() && super::is_drive_letter(self.buffer().as_bytes()) {
            // 1.1: the drive letter is the path's first segment.
            self.error_at(
                ValidationError::FileInvalidWindowsDriveLetterHost,
                self.buf_start..self.pointer,
            );
            self.begin_path();
            self.host_drive = true;
            self.url.serialization.push('/');
            self.segment = Some(self.url.serialization.len());
            let drive = &self.input[self.buf_start..self.pointer];
            self.url.serialization.push_str(drive);
            self.goto(
                State::Path,
                "a drive letter where the host would be: it starts the path",
            );
            return Ok(Flow::Again);
        }
        self.url.host_start = self.url.serialization.len();
        if buffer_empty {
            // 1.2.
            self.url.host = HostKind::Empty;
            self.url.host_end = self.url.host_start;
        } else {
            // 1.3.
            let range = self.buf_start..self.pointer;
            let mut errors = Vec::new();
            let mut departed = Vec::new();
            let input = &self.input[range.clone()];
            let result = host::parse_with(
                &mut self.url.serialization,
                input,
                false,
                self.quirks,
                &mut errors,
                &mut departed,
            );
            for e in errors {
                self.error_at(e, range.clone());
            }
            if result.is_err() {
                self.cut_record(self.url.host_start);
            }
            self.record_departures(&departed, result.is_err());
            let kind = result?;
            // 1.3.3: localhost is the empty host (a browser may keep it,
            // unless a drive letter starts the path).
            let localhost = &self.url.serialization[self.url.host_start..] == "localhost";
            let kept = localhost
                && self.quirks.file_localhost_kept.is_some()
                && !starts_with_drive_letter(
                    self.input.as_bytes().get(self.pointer + 1..).unwrap_or(&[]),
                );
            if kept && let Some(id) = self.quirks.file_localhost_kept {
                self.url.host = kind;
                self.depart(id, "the browser keeps the host localhost");
            } else if localhost {
                self.cut_record(self.url.host_start);
                self.url.host = HostKind::Empty;
            } else {
                self.url.host = kind;
            }
            self.url.host_end = self.url.serialization.len();
            self.record_host(self.url.host);
        }
        self.goto(State::PathStart, "the host ends");
        if self.state_override.is_some() {
            return Ok(Flow::Return);
        }
        self.buf_start = self.pointer;
        Ok(Flow::Again)
    }
}
