//! The special relative or authority, path or authority, relative,
//! relative slash, special authority slashes and special authority ignore
//! slashes states.

use super::{Flow, Handled, Parser, State};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::errors::ValidationError;

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// URL Standard, special relative or authority state.
    pub(super) fn special_relative_or_authority(&mut self, c: Option<char>) -> Handled {
        if c == Some('/') && self.remaining().first() == Some(&b'/') {
            // 1.
            self.goto(
                State::SpecialAuthorityIgnoreSlashes,
                "two slashes: an authority",
            );
            Ok(Flow::Skip)
        } else {
            // 2.
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            self.goto(State::Relative, "not two slashes: relative to the base");
            Ok(Flow::Again)
        }
    }

    /// URL Standard, path or authority state.
    pub(super) fn path_or_authority(&mut self, c: Option<char>) -> Handled {
        if c == Some('/') {
            self.begin_authority(self.pointer + 1);
            self.goto(State::Authority, "a second slash: an authority");
            Ok(Flow::Next)
        } else {
            self.begin_path();
            self.goto(State::Path, "one slash: the path");
            Ok(Flow::Again)
        }
    }

    /// URL Standard, relative state.
    pub(super) fn relative(&mut self, c: Option<char>) -> Handled {
        let Some(base) = self.base else {
            return Err(ValidationError::MissingSchemeNonRelativeUrl.into());
        };
        // 2: the base's scheme (already written when the input gave the
        // same one).
        if self.url.serialization.is_empty() {
            self.url
                .serialization
                .push_str(&base.serialization[..=base.scheme_end]);
            self.scheme_done();
        }
        match c {
            // 3.
            Some('/') => {
                self.goto(State::RelativeSlash, "a slash");
                Ok(Flow::Next)
            }
            // 4.
            Some('\\') if self.special => {
                self.error(ValidationError::InvalidReverseSolidus);
                self.goto(State::RelativeSlash, "a backslash, read as a slash");
                Ok(Flow::Next)
            }
            // 5.
            _ => {
                self.copy_base_authority(base);
                self.copy_base_path(base);
                match c {
                    Some('?') => {
                        self.begin_query();
                        self.buf_start = self.pointer + 1;
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
                        self.shorten_path();
                        self.goto(
                            State::Path,
                            "a path relative to the base's: its last segment goes",
                        );
                        Ok(Flow::Again)
                    }
                    None => {
                        self.copy_base_query(base);
                        self.goto(State::Relative, "empty: the base less its fragment");
                        Ok(Flow::Next)
                    }
                }
            }
        }
    }

    /// URL Standard, relative slash state.
    pub(super) fn relative_slash(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1.
            Some('/' | '\\') if self.special => {
                if c == Some('\\') {
                    self.error(ValidationError::InvalidReverseSolidus);
                }
                self.goto(
                    State::SpecialAuthorityIgnoreSlashes,
                    "two slashes: an authority",
                );
                Ok(Flow::Next)
            }
            // 2.
            Some('/') => {
                self.begin_authority(self.pointer + 1);
                self.goto(State::Authority, "two slashes: an authority");
                Ok(Flow::Next)
            }
            // 3.
            _ => {
                if let Some(base) = self.base {
                    self.copy_base_authority(base);
                }
                self.begin_path();
                self.goto(State::Path, "an absolute path on the base's host");
                Ok(Flow::Again)
            }
        }
    }

    /// URL Standard, special authority slashes state.
    pub(super) fn special_authority_slashes(&mut self, c: Option<char>) -> Handled {
        if c == Some('/') && self.remaining().first() == Some(&b'/') {
            self.goto(State::SpecialAuthorityIgnoreSlashes, "two slashes");
            Ok(Flow::Skip)
        } else {
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            self.goto(State::SpecialAuthorityIgnoreSlashes, "not two slashes");
            Ok(Flow::Again)
        }
    }

    /// URL Standard, special authority ignore slashes state.
    pub(super) fn special_authority_ignore_slashes(&mut self, c: Option<char>) -> Handled {
        if c != Some('/') && c != Some('\\') {
            self.begin_authority(self.pointer);
            self.goto(State::Authority, "the authority starts");
            Ok(Flow::Again)
        } else {
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            Ok(Flow::Next)
        }
    }
}
