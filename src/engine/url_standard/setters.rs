//! The URL API's setters (URL Standard, API, URL class): `href`,
//! `protocol`, `username`, `password`, `host`, `hostname`, `port`,
//! `pathname`, `search` and `hash`.
//!
//! Most run the basic URL parser with the URL and a state override. Here
//! the parser writes into a copy of the URL cut where the component starts;
//! the components after it are appended back once the parser returns. A
//! setter the Standard makes do nothing (or whose parse fails before it
//! changed anything) leaves the URL as it was and says why.

use std::fmt;

use encoding_rs::UTF_8;

use super::errors::Reported;
use super::parser::{Parser, State, TraceTexts, is_scheme_byte, special};
use super::percent_sets::{self, USERINFO};
use super::record::{HostKind, Url};
use super::serializer::preprocess;
use crate::engine::encoding::QueryEncoding;
use crate::engine::trace::{Step, StepId, Tracer};

/// The ten setters, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setter {
    Href,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

impl Setter {
    /// Every setter, in the Standard's order.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The attribute's name (`"hostname"`).
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }

    /// The setter named `name`.
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }

    const fn step(self) -> StepId {
        match self {
            Setter::Href => StepId::WhatwgSetHref,
            Setter::Protocol => StepId::WhatwgSetProtocol,
            Setter::Username => StepId::WhatwgSetUsername,
            Setter::Password => StepId::WhatwgSetPassword,
            Setter::Host => StepId::WhatwgSetHost,
            Setter::Hostname => StepId::WhatwgSetHostname,
            Setter::Port => StepId::WhatwgSetPort,
            Setter::Pathname => StepId::WhatwgSetPathname,
            Setter::Search => StepId::WhatwgSetSearch,
            Setter::Hash => StepId::WhatwgSetHash,
        }
    }
}

impl fmt::Display for Setter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a setter left the URL unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterRefused {
    pub setter: Setter,
    pub reason: String,
    /// The validation errors the parse reported (the failing one last).
    pub errors: Vec<Reported>,
}

impl fmt::Display for SetterRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} left the URL unchanged: {}",
            self.setter.name(),
            self.reason
        )
    }
}

impl std::error::Error for SetterRefused {}

type SetResult = Result<(), SetterRefused>;

fn refuse(setter: Setter, reason: impl Into<String>) -> SetResult {
    Err(SetterRefused {
        setter,
        reason: reason.into(),
        errors: Vec::new(),
    })
}

impl Url {
    /// Runs `setter` with `value` (see the module docs).
    pub fn set<T: Tracer>(&mut self, setter: Setter, value: &str, tracer: &mut T) -> SetResult {
        let before = self.href().to_owned();
        let result = match setter {
            Setter::Href => self.set_href(value, tracer),
            Setter::Protocol => self.set_protocol(value, tracer),
            Setter::Username => self.set_credential(Setter::Username, value),
            Setter::Password => self.set_credential(Setter::Password, value),
            Setter::Host => self.set_host_state(Setter::Host, value, tracer),
            Setter::Hostname => self.set_host_state(Setter::Hostname, value, tracer),
            Setter::Port => self.set_port(value, tracer),
            Setter::Pathname => self.set_pathname(value, tracer),
            Setter::Search => self.set_search(value, tracer),
            Setter::Hash => self.set_hash(value, tracer),
        };
        if T::ON {
            let after = self.href().to_owned();
            let decision = match &result {
                Ok(()) => format!("{} = {value:?}", setter.name()),
                Err(e) => e.to_string(),
            };
            tracer.record(|| {
                let mut step = Step::new(setter.step()).decide(decision);
                step.before = Some(before);
                step.after = Some(after);
                step.changes = true;
                step.failed = result.is_err();
                step
            });
        }
        result
    }

    /// href setter: the value parsed with no base replaces the URL.
    pub fn set_href<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        let parsed = super::parse(value, None, QueryEncoding::UTF8, tracer);
        match parsed.url {
            Ok(url) => {
                *self = url;
                Ok(())
            }
            Err(f) => Err(SetterRefused {
                setter: Setter::Href,
                reason: f.reason.to_owned(),
                errors: parsed.errors,
            }),
        }
    }

    /// protocol setter: the value and `:` through the scheme start and
    /// scheme states with a state override.
    pub fn set_protocol<T: Tracer>(&mut self, value: &str, _tracer: &mut T) -> SetResult {
        let (clean, _, _) = preprocess(value, false);
        let bytes = clean.as_bytes();
        // Scheme start state, 3: failure without an ASCII letter.
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return refuse(Setter::Protocol, "a scheme must start with an ASCII letter");
        }
        let end = bytes
            .iter()
            .position(|&b| !is_scheme_byte(b))
            .unwrap_or(bytes.len());
        // Scheme state, 3: anything but a colon after the scheme fails (the
        // setter appended one, so the end of the value is a colon).
        if end < bytes.len() && bytes[end] != b':' {
            return refuse(Setter::Protocol, "not a scheme character");
        }
        let buffer = clean[..end].to_ascii_lowercase();
        let new_special = special(&buffer).is_some();
        // Scheme state, 2.1.
        if self.is_special() && !new_special {
            return refuse(
                Setter::Protocol,
                "a special scheme cannot become one that is not",
            );
        }
        if !self.is_special() && new_special {
            return refuse(
                Setter::Protocol,
                "a scheme that is not special cannot become a special one",
            );
        }
        if (self.includes_credentials() || self.port.is_some()) && buffer == "file" {
            return refuse(
                Setter::Protocol,
                "a URL with credentials or a port cannot become file",
            );
        }
        if self.scheme() == "file" && self.host == HostKind::Empty {
            return refuse(
                Setter::Protocol,
                "a file URL with an empty host keeps its scheme",
            );
        }
        // 2.2-2.3: the scheme set; its default port becomes null.
        let delta = buffer.len() as isize - self.scheme_end as isize;
        let mut s = buffer.clone();
        s.push_str(&self.serialization[self.scheme_end..]);
        let mv = |o: usize| (o as isize + delta) as usize;
        self.serialization = s;
        self.scheme_end = buffer.len();
        self.username_end = mv(self.username_end);
        self.host_start = mv(self.host_start);
        self.host_end = mv(self.host_end);
        self.path_start = mv(self.path_start);
        self.query_start = self.query_start.map(mv);
        self.fragment_start = self.fragment_start.map(mv);
        if self.port.is_some() && self.port == special(&buffer).flatten() {
            self.port = None;
            self.serialization
                .replace_range(self.host_end..self.path_start, "");
            let by = self.path_start - self.host_end;
            let back = |o: usize| o - by;
            self.path_start = self.host_end;
            self.query_start = self.query_start.map(back);
            self.fragment_start = self.fragment_start.map(back);
        }
        Ok(())
    }

    /// username and password setters: set the username (or password),
    /// percent-encoded with the userinfo set.
    fn set_credential(&mut self, setter: Setter, value: &str) -> SetResult {
        if self.cannot_have_credentials_or_port() {
            return refuse(
                setter,
                "a URL without a host, or a file URL, has no credentials",
            );
        }
        let mut encoded = String::new();
        percent_sets::push_str(&mut encoded, value, &USERINFO);
        let (username, password) = match setter {
            Setter::Username => (encoded.as_str(), self.password().to_owned()),
            _ => (self.username(), encoded.clone()),
        };
        let mut s = String::with_capacity(self.serialization.len() + value.len());
        s.push_str(&self.serialization[..self.scheme_end + 3]);
        s.push_str(username);
        let username_end = s.len();
        if !password.is_empty() {
            s.push(':');
            s.push_str(&password);
        }
        if s.len() > self.scheme_end + 3 {
            s.push('@');
        }
        let host_start = s.len();
        s.push_str(&self.serialization[self.host_start..]);
        let delta = host_start as isize - self.host_start as isize;
        let mv = |o: usize| (o as isize + delta) as usize;
        self.serialization = s;
        self.username_end = username_end;
        self.host_start = host_start;
        self.host_end = mv(self.host_end);
        self.path_start = mv(self.path_start);
        self.query_start = self.query_start.map(mv);
        self.fragment_start = self.fragment_start.map(mv);
        Ok(())
    }

    /// The URL cut at `end` (a component's start), with the offsets of the
    /// components from there on cleared.
    fn cut(&self, end: usize) -> Url {
        let mut url = self.clone();
        url.serialization.truncate(end);
        url.query_start = None;
        url.fragment_start = None;
        if end <= self.path_start {
            url.path_start = end;
            url.opaque_path = false;
        }
        url
    }

    /// Appends this URL's path (when `path`), query and fragment to `url`.
    fn append_rest(&self, url: &mut Url, path: bool, query: bool) {
        if path {
            url.path_start = url.serialization.len();
            url.serialization.push_str(self.path());
            url.opaque_path = self.opaque_path;
        }
        if query && let Some(q) = self.query() {
            url.query_start = Some(url.serialization.len());
            url.serialization.push('?');
            url.serialization.push_str(q);
        }
        if let Some(f) = self.fragment() {
            url.fragment_start = Some(url.serialization.len());
            url.serialization.push('#');
            url.serialization.push_str(f);
        }
    }
}

/// Runs the basic URL parser on `value` with `url` and `state`; gives the
/// record written, whether the parse succeeded, and the state it ended in.
fn run<T: Tracer>(
    url: Url,
    value: &str,
    state: State,
    tracer: &mut T,
    errors: &mut Vec<Reported>,
) -> (Url, Result<(), super::parser::Failure>, State, bool) {
    let (clean, positions, pre) = preprocess(value, false);
    errors.extend(pre);
    let special = special(url.scheme()).is_some();
    let path_begun = matches!(state, State::Query | State::Fragment);
    let mut parser = Parser {
        input: &clean,
        base: None,
        encoding: UTF_8,
        url,
        state,
        state_override: Some(state),
        pointer: 0,
        buf_start: 0,
        at_sign_seen: false,
        inside_brackets: false,
        password_token_seen: false,
        special,
        path_begun,
        segment: None,
        username_end: None,
        drive_from_input: false,
        host_drive: false,
        errors,
        tracer,
        texts: TraceTexts::default(),
        positions: &positions,
        quirks: &super::quirks::Quirks::STANDARD,
        departures: &mut Vec::new(),
    };
    let result = parser.run();
    let port_written = parser.state == State::Port && result.is_ok();
    let state = parser.state;
    (parser.url, result, state, port_written)
}

mod api;
