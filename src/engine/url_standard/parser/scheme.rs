//! The scheme start, scheme and no scheme states.

use super::{Flow, Handled, Parser, Refusal, State, is_scheme_byte};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::errors::ValidationError;

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// URL Standard, scheme start state.
    pub(super) fn scheme_start(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1.
            Some(c) if c.is_ascii_alphabetic() => {
                self.url.serialization.push(c.to_ascii_lowercase());
                self.goto(State::Scheme, "an ASCII letter: a scheme starts");
                Ok(Flow::Next)
            }
            // 2.
            _ if self.state_override.is_none() => {
                self.goto(State::NoScheme, "no ASCII letter: no scheme");
                Ok(Flow::Again)
            }
            // 3.
            _ => Err(Refusal::plain("a scheme must start with an ASCII letter")),
        }
    }

    /// URL Standard, scheme state (without a state override: the protocol
    /// setter runs its own, see `setters`).
    pub(super) fn scheme(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1, for the whole run of scheme code points at once.
            Some(c) if u8::try_from(c).is_ok_and(is_scheme_byte) => {
                let end = super::run_end(self.input, self.pointer, is_scheme_byte);
                // The run is ASCII: copied whole, then lowercased in place.
                let s = &mut self.url.serialization;
                let start = s.len();
                s.push_str(&self.input[self.pointer..end]);
                s[start..].make_ascii_lowercase();
                Ok(Flow::Jump(end))
            }
            // 2.
            Some(':') => {
                // 2.2: set url's scheme to buffer.
                self.url.serialization.push(':');
                self.scheme_done();
                self.after_scheme()
            }
            // 3.
            _ => {
                self.cut_record(0);
                self.goto(
                    State::NoScheme,
                    "not a scheme character before a colon: no scheme, start over",
                );
                Ok(Flow::Jump(0))
            }
        }
    }

    /// URL Standard, scheme state, 2.5 to 2.9: where the scheme leads.
    fn after_scheme(&mut self) -> Handled {
        let scheme = self.url.scheme();
        let remaining_slash = self.remaining().first() == Some(&b'/');
        if scheme == "file" {
            // 2.6.
            if !self.remaining().starts_with(b"//") {
                self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            }
            self.goto(State::File, "the scheme is file");
            Ok(Flow::Next)
        } else if self.special && self.base.is_some_and(|b| b.scheme() == scheme) {
            // 2.7.
            self.goto(
                State::SpecialRelativeOrAuthority,
                "a special scheme, the base's own",
            );
            Ok(Flow::Next)
        } else if self.special {
            // 2.8.
            self.goto(State::SpecialAuthoritySlashes, "a special scheme");
            Ok(Flow::Next)
        } else if remaining_slash {
            // 2.9.
            self.goto(State::PathOrAuthority, "not special, and a slash follows");
            Ok(Flow::Skip)
        } else {
            // 2.10: an opaque path.
            self.url.opaque_path = true;
            self.begin_path();
            self.goto(
                State::OpaquePath,
                "not special, and no slash follows: an opaque path",
            );
            Ok(Flow::Next)
        }
    }

    /// URL Standard, no scheme state.
    pub(super) fn no_scheme(&mut self, c: Option<char>) -> Handled {
        let Some(base) = self.base else {
            // 1.
            return Err(ValidationError::MissingSchemeNonRelativeUrl.into());
        };
        if base.has_opaque_path() {
            if c != Some('#') {
                // 1.
                return Err(ValidationError::MissingSchemeNonRelativeUrl.into());
            }
            // 2: the base less its fragment, with an empty fragment.
            let mut url = base.clone();
            if let Some(f) = url.fragment_start.take() {
                url.serialization.truncate(f);
            }
            self.replace_record(url);
            self.special = super::special(self.url.scheme()).is_some();
            self.path_begun = true;
            self.begin_fragment();
            self.goto(State::Fragment, "a fragment of an opaque-path base");
            return Ok(Flow::Next);
        }
        if base.scheme() != "file" {
            // 3.
            self.goto(State::Relative, "relative to the base");
        } else {
            // 4.
            self.goto(State::File, "relative to a file base");
        }
        Ok(Flow::Again)
    }
}
