//! The setters that run the basic URL parser with a state override.

use super::{SetResult, SetterRefused, run};
use crate::engine::trace::Tracer;
use crate::engine::url_standard::parser::State;
use crate::engine::url_standard::record::{HostKind, Url};
use crate::engine::url_standard::serializer::finish;
use crate::engine::url_standard::setters::Setter;

fn refused(
    setter: Setter,
    f: crate::engine::url_standard::parser::Failure,
    errors: Vec<crate::engine::url_standard::Reported>,
) -> SetResult {
    Err(SetterRefused {
        setter,
        reason: f.reason.to_owned(),
        errors,
    })
}

impl Url {
    /// host and hostname setters: the host state (or hostname state) with
    /// a state override; a port after the host keeps the old one unless
    /// the value gives one.
    pub(super) fn set_host_state<T: Tracer>(
        &mut self,
        setter: Setter,
        value: &str,
        tracer: &mut T,
    ) -> SetResult {
        if self.opaque_path {
            return super::refuse(setter, "a URL with an opaque path has no host to set");
        }
        let state = if setter == Setter::Host {
            State::Host
        } else {
            State::Hostname
        };
        // The URL up to its host: scheme, `//` and the credentials.
        let mut prefix = if self.host == HostKind::None {
            let mut p = self.cut(self.scheme_end + 1);
            p.serialization.push_str("//");
            p.username_end = p.serialization.len();
            p.host = HostKind::Empty;
            p
        } else {
            self.cut(self.host_start)
        };
        prefix.host_start = prefix.serialization.len();
        prefix.host_end = prefix.host_start;
        let mut errors = Vec::new();
        let (mut url, result, ended, port_written) = run(prefix, value, state, tracer, &mut errors);
        // A port the parse refused leaves the host it set.
        let host_set = result.is_ok() || ended == State::Port;
        if !host_set {
            return match result {
                Err(f) => refused(setter, f, errors),
                Ok(()) => Ok(()),
            };
        }
        if !port_written && let Some(p) = self.port {
            url.port = Some(p);
            url.serialization.push(':');
            crate::engine::url_standard::ipv4::push_decimal(&mut url.serialization, u32::from(p));
        }
        self.append_rest(&mut url, true, true);
        finish(&mut url);
        *self = url;
        Ok(())
    }

    /// port setter: the port state with a state override; empty removes
    /// the port.
    pub fn set_port<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        if self.cannot_have_credentials_or_port() {
            return super::refuse(
                Setter::Port,
                "a URL without a host, or a file URL, has no port",
            );
        }
        let mut url = self.cut(self.host_end);
        url.port = None;
        if !value.is_empty() {
            let mut errors = Vec::new();
            let (written, result, _, _) = run(url, value, State::Port, tracer, &mut errors);
            if let Err(f) = result {
                return refused(Setter::Port, f, errors);
            }
            url = written;
        }
        self.append_rest(&mut url, true, true);
        *self = url;
        Ok(())
    }

    /// pathname setter: the path emptied, then the path start state with a
    /// state override.
    pub fn set_pathname<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        if self.opaque_path {
            return super::refuse(Setter::Pathname, "an opaque path cannot be set");
        }
        let end = if self.host == HostKind::None {
            self.scheme_end + 1
        } else {
            self.path_start
        };
        let url = self.cut(end);
        let mut errors = Vec::new();
        let (mut url, result, _, _) = run(url, value, State::PathStart, tracer, &mut errors);
        if let Err(f) = result {
            return refused(Setter::Pathname, f, errors);
        }
        self.append_rest(&mut url, false, true);
        finish(&mut url);
        *self = url;
        Ok(())
    }

    /// search setter: empty removes the query; otherwise the value less one
    /// leading `?` through the query state with a state override.
    pub fn set_search<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        let end = self
            .query_start
            .or(self.fragment_start)
            .unwrap_or(self.serialization.len());
        let mut url = self.cut(end);
        if !value.is_empty() {
            let input = value.strip_prefix('?').unwrap_or(value);
            url.query_start = Some(url.serialization.len());
            url.serialization.push('?');
            let mut errors = Vec::new();
            let (written, result, _, _) = run(url, input, State::Query, tracer, &mut errors);
            if let Err(f) = result {
                return refused(Setter::Search, f, errors);
            }
            url = written;
        }
        self.append_rest(&mut url, false, false);
        *self = url;
        Ok(())
    }

    /// hash setter: empty removes the fragment; otherwise the value less
    /// one leading `#` through the fragment state with a state override.
    pub fn set_hash<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        let end = self.fragment_start.unwrap_or(self.serialization.len());
        let mut url = self.cut(end);
        url.query_start = self.query_start;
        if !value.is_empty() {
            let input = value.strip_prefix('#').unwrap_or(value);
            url.fragment_start = Some(url.serialization.len());
            url.serialization.push('#');
            let mut errors = Vec::new();
            let (written, result, _, _) = run(url, input, State::Fragment, tracer, &mut errors);
            if let Err(f) = result {
                return refused(Setter::Hash, f, errors);
            }
            url = written;
        }
        *self = url;
        Ok(())
    }

    /// username setter.
    pub fn set_username<T: Tracer>(&mut self, value: &str, _tracer: &mut T) -> SetResult {
        self.set_credential(Setter::Username, value)
    }

    /// password setter.
    pub fn set_password<T: Tracer>(&mut self, value: &str, _tracer: &mut T) -> SetResult {
        self.set_credential(Setter::Password, value)
    }

    /// host setter.
    pub fn set_host<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        self.set_host_state(Setter::Host, value, tracer)
    }

    /// hostname setter.
    pub fn set_hostname<T: Tracer>(&mut self, value: &str, tracer: &mut T) -> SetResult {
        self.set_host_state(Setter::Hostname, value, tracer)
    }
}
