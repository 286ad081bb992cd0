//! The authority, host (and hostname) and port states.

use std::borrow::Cow;

use super::{Flow, Handled, Parser, Refusal, State, special};
use crate::engine::trace::{StepId, Tracer};
use crate::engine::url_standard::errors::ValidationError;
use crate::engine::url_standard::host;
use crate::engine::url_standard::percent_sets::{self, USERINFO};
use crate::engine::url_standard::record::HostKind;

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// Entering the authority state: the URL will have a host, so `//`
    /// is written; the buffer starts at `at`.
    pub(super) fn begin_authority(&mut self, at: usize) {
        self.url.serialization.push_str("//");
        self.buf_start = at;
        self.username_end = None;
    }

    /// URL Standard, authority state.
    pub(super) fn authority(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1.
            Some('@') => {
                self.error(ValidationError::InvalidCredentials);
                // 1.2: a second @ is part of the userinfo.
                if self.at_sign_seen {
                    self.url.serialization.push_str("%40");
                }
                self.at_sign_seen = true;
                // 1.4.
                let buffer = &self.input[self.buf_start..self.pointer];
                let mut apostrophe = false;
                for cp in buffer.chars() {
                    if cp == ':' && !self.password_token_seen {
                        self.password_token_seen = true;
                        self.username_end = Some(self.url.serialization.len());
                        self.url.serialization.push(':');
                        continue;
                    }
                    if cp == '\'' && self.quirks.apostrophe_in_userinfo.is_some() {
                        self.url.serialization.push_str("%27");
                        apostrophe = true;
                        continue;
                    }
                    percent_sets::push_char(&mut self.url.serialization, cp, &USERINFO);
                }
                if let Some(id) = self.quirks.apostrophe_in_userinfo.filter(|_| apostrophe) {
                    self.depart(id, "the browser writes the apostrophe %27");
                }
                self.buf_start = self.pointer + 1;
                Ok(Flow::Next)
            }
            // 2.
            None | Some('/' | '?' | '#') => self.end_authority(),
            Some('\\') if self.special => self.end_authority(),
            // 3: a run of code points with no meaning here joins the buffer.
            Some(_) => Ok(Flow::Jump(super::run_end(
                self.input,
                self.pointer + 1,
                |b| !matches!(b, b'@' | b'/' | b'?' | b'#' | b'\\'),
            ))),
        }
    }

    /// URL Standard, authority state, 2: the userinfo is settled (written
    /// as the serializer writes credentials) and the host is read again
    /// from the buffer's start.
    fn end_authority(&mut self) -> Handled {
        if self.at_sign_seen && self.pointer == self.buf_start {
            return Err(ValidationError::HostMissing.into());
        }
        let start = self.url.scheme_end + 3;
        let username_end = self.username_end.unwrap_or(self.url.serialization.len());
        if self.password_token_seen && self.url.serialization.len() == username_end + 1 {
            // An empty password is not written.
            self.cut_record(username_end);
        }
        let s = &mut self.url.serialization;
        if s.len() == start {
            // No credentials: nothing is written, not even the @.
        } else {
            s.push('@');
        }
        self.url.username_end = username_end.min(s.len());
        if s.len() == start {
            self.url.username_end = start;
        }
        self.url.host_start = s.len();
        self.goto(
            State::Host,
            "the authority ends: the host is read from the buffer's start",
        );
        Ok(Flow::Jump(self.buf_start))
    }

    /// URL Standard, host state and hostname state.
    pub(super) fn host(&mut self, c: Option<char>) -> Handled {
        // 1.
        if self.state_override.is_some() && self.url.scheme() == "file" {
            self.goto(State::FileHost, "state override on a file URL");
            return Ok(Flow::Again);
        }
        match c {
            // 2.
            Some(':') if !self.inside_brackets => {
                if self.pointer == self.buf_start {
                    return Err(ValidationError::HostMissing.into());
                }
                if self.state_override == Some(State::Hostname) {
                    return Err(Refusal::plain("the hostname setter takes no port"));
                }
                self.parse_host()?;
                self.buf_start = self.pointer + 1;
                self.goto(State::Port, "a colon: the port follows");
                Ok(Flow::Next)
            }
            // 3.
            None | Some('/' | '?' | '#') => self.end_host(),
            Some('\\') if self.special => self.end_host(),
            // 4.
            Some(c) if c != '[' && c != ']' => Ok(Flow::Jump(super::run_end(
                self.input,
                self.pointer + c.len_utf8(),
                |b| !matches!(b, b':' | b'/' | b'?' | b'#' | b'\\' | b'[' | b']'),
            ))),
            Some(c) => {
                if c == '[' {
                    self.inside_brackets = true;
                } else if c == ']' {
                    self.inside_brackets = false;
                }
                Ok(Flow::Next)
            }
        }
    }

    /// URL Standard, host state, 3.
    fn end_host(&mut self) -> Handled {
        let empty = self.pointer == self.buf_start;
        if self.special && empty {
            return Err(ValidationError::HostMissing.into());
        }
        if self.state_override.is_some()
            && empty
            && (self.url.includes_credentials() || self.url.port.is_some())
        {
            return Err(Refusal::plain("credentials or a port need a host"));
        }
        self.parse_host()?;
        self.goto(State::PathStart, "the host ends");
        if self.state_override.is_some() {
            return Ok(Flow::Return);
        }
        Ok(Flow::Again)
    }

    /// URL Standard, host parser on the buffer, written into the record.
    pub(super) fn parse_host(&mut self) -> Result<(), Refusal> {
        let range = self.buf_start..self.pointer;
        let input = &self.input[range.clone()];
        self.url.host_start = self.url.serialization.len();
        let mut errors = Vec::new();
        let mut departed = Vec::new();
        let result = host::parse_with(
            &mut self.url.serialization,
            input,
            !self.special,
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
        self.url.host = kind;
        self.url.host_end = self.url.serialization.len();
        self.record_host(kind);
        Ok(())
    }

    /// The steps of the host parser's departures from the Standard (a
    /// browser model's), before its own step; `failed` when the host failed.
    pub(super) fn record_departures(&mut self, departed: &[StepId], failed: bool) {
        for &id in departed {
            self.depart(
                id,
                if failed {
                    "the browser refuses the host"
                } else {
                    "the browser writes the host its own way"
                },
            );
        }
    }

    /// The host parser's step (only when tracing).
    pub(super) fn record_host(&mut self, kind: HostKind) {
        if !T::ON {
            return;
        }
        let id = match kind {
            HostKind::Ipv6(_) => StepId::WhatwgHostIpv6,
            HostKind::Ipv4(_) => StepId::WhatwgHostIpv4,
            HostKind::Opaque => StepId::WhatwgHostOpaque,
            HostKind::Empty if !self.special => StepId::WhatwgHostOpaque,
            _ => StepId::WhatwgHostDomain,
        };
        // The step shows the buffer and the record with its new host: what
        // the host parser was given and what it made of it.
        let decision = match kind {
            HostKind::Ipv6(_) => "the buffer is an IPv6 address",
            HostKind::Ipv4(_) => "the buffer is an IPv4 address",
            HostKind::Opaque => "the buffer is an opaque host",
            HostKind::Empty if !self.special => "the buffer is an empty opaque host",
            HostKind::Empty => "the buffer is the empty host",
            _ => "the buffer is a domain",
        };
        let range = self.positions.original(self.buf_start)..self.positions.original(self.pointer);
        let buffer = self.input_buffer();
        let record = self.pending_record();
        self.tracer.record_in(id, |step| {
            step.decision = Some(Cow::Borrowed(decision));
            step.range = Some(range);
            step.buffer = Some(buffer);
            step.record = Some(record);
        });
    }

    /// URL Standard, port state.
    pub(super) fn port(&mut self, c: Option<char>) -> Handled {
        match c {
            // 1.
            Some(c) if c.is_ascii_digit() => Ok(Flow::Next),
            // 2.
            None | Some('/' | '?' | '#') => self.end_port(),
            Some('\\') if self.special => self.end_port(),
            _ if self.state_override.is_some() => self.end_port(),
            // 3.
            _ => Err(ValidationError::PortInvalid.into()),
        }
    }

    /// URL Standard, port state, 2.
    fn end_port(&mut self) -> Handled {
        let digits = self.buffer();
        if !digits.is_empty() {
            // 2.1.1-2.1.2.
            let port = digits.bytes().try_fold(0u32, |n, d| {
                let n = n * 10 + u32::from(d - b'0');
                (n <= 65535).then_some(n)
            });
            let Some(port) = port else {
                return Err(ValidationError::PortOutOfRange.into());
            };
            // 2.1.3: the scheme's default port is null.
            let port = port as u16;
            let default = special(self.url.scheme()).flatten();
            self.url.port = (default != Some(port)).then_some(port);
            if let Some(p) = self.url.port {
                self.url.serialization.push(':');
                super::super::ipv4::push_decimal(&mut self.url.serialization, u32::from(p));
            }
            self.buf_start = self.pointer;
            if self.state_override.is_some() {
                return Ok(Flow::Return);
            }
        }
        if self.state_override.is_some() {
            return Err(Refusal::plain("the port is not a number"));
        }
        self.goto(State::PathStart, "the port ends");
        Ok(Flow::Again)
    }
}
