//! `URI.parse` and `URI.for` (`lib/uri/common.rb`) and the object they build:
//! `URI::Generic` (`lib/uri/generic.rb`) with the scheme classes that
//! change it (`file.rb`, `ftp.rb`, `ldap.rb`, `mailto.rb`; `http.rb`,
//! `https.rb`, `ws.rb` and `ldaps.rb` only set a default port), its
//! setters as `initialize` calls them, `merge` and `merge_path`, `to_s`,
//! `hostname`, and `FTP#merge` with the `==` it uses.
//!
//! Every value is a `Cow` of the strings parsed: a component is copied only
//! where the library builds a new string (a lowercased scheme, an encoded
//! query, an FTP path, a merged path).

use std::borrow::Cow;
use std::ops::Range;

use super::error::{At, ErrorClass, Raise, RubyError};
use super::split::{self, Split};
use super::text::inspect;
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// The class `URI.for` picks, by the scheme in upper case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Class {
    #[default]
    Generic,
    File,
    Ftp,
    Http,
    Https,
    Ldap,
    Ldaps,
    MailTo,
    Ws,
}

impl Class {
    /// The classes registered once `require "uri"` has run, by the
    /// constant name `register_scheme` gave them. `uri/wss.rb` is not
    /// among the files `uri.rb` requires in this version, so `WSS` is not
    /// registered and a wss URL is a `URI::Generic`.
    const REGISTERED: [(&'static str, Class); 8] = [
        ("FILE", Class::File),
        ("FTP", Class::Ftp),
        ("HTTP", Class::Http),
        ("HTTPS", Class::Https),
        ("LDAP", Class::Ldap),
        ("LDAPS", Class::Ldaps),
        ("MAILTO", Class::MailTo),
        ("WS", Class::Ws),
    ];

    /// `URI.for`'s choice: `scheme.to_s.upcase` among the registered
    /// constants, else `URI::Generic`.
    pub fn of(scheme: Option<&str>) -> Class {
        let scheme = scheme.unwrap_or("");
        Class::REGISTERED
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
            .map_or(Class::Generic, |&(_, class)| class)
    }

    /// The class's name, as `u.class.name` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Generic => "URI::Generic",
            Class::File => "URI::File",
            Class::Ftp => "URI::FTP",
            Class::Http => "URI::HTTP",
            Class::Https => "URI::HTTPS",
            Class::Ldap => "URI::LDAP",
            Class::Ldaps => "URI::LDAPS",
            Class::MailTo => "URI::MailTo",
            Class::Ws => "URI::WS",
        }
    }

    /// `DEFAULT_PORT`, as the digits `to_s` compares the port with.
    pub const fn default_port(self) -> Option<&'static str> {
        match self {
            Class::Http | Class::Ws => Some("80"),
            Class::Https => Some("443"),
            Class::Ftp => Some("21"),
            Class::Ldap => Some("389"),
            Class::Ldaps => Some("636"),
            Class::Generic | Class::File | Class::MailTo => None,
        }
    }
}

/// How `merge` came to its result (not part of the object: for notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Join {
    /// No base: the input parsed.
    #[default]
    NoBase,
    /// The input has a scheme: it is the result, the base ignored.
    Absolute,
    /// No path, authority or query: the base, its fragment replaced when
    /// the input has one.
    FragmentOnly,
    /// The paths merged.
    Path,
    /// The input's authority replaced the base's, part by part;
    /// `credentials_kept` when the base's userinfo or password survived
    /// into the result.
    Authority { credentials_kept: bool },
}

/// A URI object: the instance variables of `URI::Generic` and of the
/// scheme classes that add some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uri<'a> {
    /// The object's class.
    pub class: Class,
    /// How `merge` made the object, when it did.
    pub join: Join,
    scheme: Option<Cow<'a, str>>,
    user: Option<Cow<'a, str>>,
    password: Option<Cow<'a, str>>,
    host: Option<Cow<'a, str>>,
    /// `@port`, an Integer: its decimal digits, without leading zeros.
    port: Option<Cow<'a, str>>,
    /// `@path` (for FTP, as `set_path` stores it: see [`Uri::path`]).
    path: Option<Cow<'a, str>>,
    query: Option<Cow<'a, str>>,
    opaque: Option<Cow<'a, str>>,
    fragment: Option<Cow<'a, str>>,
    /// FTP's `@typecode`.
    typecode: Option<Cow<'a, str>>,
    /// MailTo's `@to`.
    to: Option<Cow<'a, str>>,
    /// MailTo's `@headers`, as `to_s` writes them back: the header text
    /// split at `&` (trailing empty pieces dropped, as `String#split`
    /// does) and each piece at its first `=`, then joined again, which is
    /// the text without its trailing `&`s. Empty: no headers.
    headers: Cow<'a, str>,
}

/// A part of `c` as a `Cow` of the same life: borrowed when `c` is.
fn part<'a>(c: &Cow<'a, str>, range: Range<usize>) -> Cow<'a, str> {
    match c {
        Cow::Borrowed(s) => Cow::Borrowed(&s[range]),
        Cow::Owned(s) => Cow::Owned(s[range].to_owned()),
    }
}

/// ASCII lowercase (`String#downcase` on ASCII), copied only when it
/// changes something.
fn downcase(s: Cow<'_, str>) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        s
    }
}

/// `v.to_i` of a port's digits (never empty here): the decimal digits of
/// the Integer, leading zeros gone.
fn integer(digits: Cow<'_, str>) -> Cow<'_, str> {
    let zeros = digits.bytes().take_while(|&b| b == b'0').count();
    if zeros == digits.len() {
        Cow::Borrowed("0")
    } else if zeros == 0 {
        digits
    } else {
        part(&digits, zeros..digits.len())
    }
}

/// Whether a `%` followed by two characters that are not hex digits
/// stands in `v`: `/(%\H\H)/n`, the escape it finds.
fn bad_escape(v: &str) -> Option<Cow<'_, str>> {
    let b = v.as_bytes();
    (0..b.len().saturating_sub(2))
        .find(|&i| b[i] == b'%' && !b[i + 1].is_ascii_hexdigit() && !b[i + 2].is_ascii_hexdigit())
        .map(|i| String::from_utf8_lossy(&b[i..i + 3]))
}

/// `v.delete!("\t\r\n")`, copied only when there is one.
fn delete_tab_newline(v: Cow<'_, str>) -> Cow<'_, str> {
    if v.contains(['\t', '\r', '\n']) {
        Cow::Owned(
            v.chars()
                .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
                .collect(),
        )
    } else {
        v
    }
}

/// The query setter's kept characters, `[!$-&(-;=?-_a-~]` (and `%`
/// before two hex digits, which the set holds anyway).
fn query_keeps(b: u8) -> bool {
    matches!(b, b'!' | b'$'..=b'&' | b'('..=b';' | b'=' | b'?'..=b'_' | b'a'..=b'~')
}

/// Every byte that `keep` refuses written as `%XX` (upper case), copied
/// only when there is one.
fn encode(v: Cow<'_, str>, keep: fn(u8) -> bool) -> Cow<'_, str> {
    if v.bytes().all(keep) {
        return v;
    }
    let mut out = String::with_capacity(v.len() + 8);
    for c in v.chars() {
        if c.is_ascii() && keep(c as u8) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    Cow::Owned(out)
}

/// Whether MailTo's check of the addresses passes:
/// `/\A(?:[^@,;]+@[^@,;]+(?:\z|[,;]))*\z/`. Each turn takes one address
/// with one `@` and text on both sides, then the end or one `,` or `;`;
/// a separator may end the string.
fn mailto_to_ok(to: &str) -> bool {
    let mut rest = to;
    while !rest.is_empty() {
        let end = rest.find([',', ';']).unwrap_or(rest.len());
        let address = &rest[..end];
        let Some(at) = address.find('@') else {
            return false;
        };
        let (local, domain) = (&address[..at], &address[at + 1..]);
        if local.is_empty() || domain.is_empty() || domain.contains('@') {
            return false;
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    true
}

/// `URI.parse(uri)` (`lib/uri/common.rb`): `RFC3986_Parser#parse`, that is
/// `URI.for(*split(uri))`. Here beside `URI.for`, as `merge` parses its
/// reference with it too.
pub fn parse<'a, T: Tracer>(uri: &'a str, tracer: &mut T) -> Result<Uri<'a>, Raise> {
    let split = split::split(uri, tracer)?;
    Uri::for_split(split, tracer)
}

/// Records what `query=` or `fragment=` made of a value: the value before
/// and after, and `changed` (what was done) unless nothing was.
fn record_encoded<T: Tracer>(
    tracer: &mut T,
    id: StepId,
    component: Component,
    before: Option<&str>,
    after: &str,
    changed: &'static str,
) {
    tracer.record(|| {
        Step::change(id, component, before, Some(after)).decide_fixed(if before == Some(after) {
            "nothing to remove or encode"
        } else {
            changed
        })
    });
}

impl<'a> Uri<'a> {
    /// `URI.for(*split, parser)`: the class, then its `initialize`
    /// (`arg_check` false: the setters that check nothing).
    pub fn for_split<T: Tracer>(s: Split<'a>, tracer: &mut T) -> Result<Uri<'a>, Raise> {
        let class = Class::of(s.scheme);
        tracer.record(|| {
            Step::new(StepId::RubyClass).decide(format!(
                "{}{}",
                class.name(),
                match s.scheme {
                    None => ", as for every relative reference",
                    Some(sc) if sc.eq_ignore_ascii_case("wss") => {
                        ": uri/wss.rb is not loaded, so wss is no registered scheme"
                    }
                    _ => "",
                }
            ))
        });
        let mut u = Uri {
            class,
            ..Uri::default()
        };
        let mut path = s.path.map(Cow::Borrowed);
        if class == Class::Ftp {
            // ftp.rb initialize: `raise InvalidURIError unless path`
            let Some(p) = s.path else {
                tracer.record(|| {
                    Step::new(StepId::RubyFtpPath)
                        .decide_fixed("an opaque FTP URL has no path: InvalidURIError")
                        .fail()
                });
                return Err(Raise::new(ErrorClass::InvalidUri, "URI::InvalidURIError"));
            };
            // `path = path.sub(/^\//,''); path.sub!(/^%2F/,'/')`
            let p = p.strip_prefix('/').unwrap_or(p);
            path = Some(match p.strip_prefix("%2F") {
                Some(rest) => Cow::Owned(format!("/{rest}")),
                None => Cow::Borrowed(p),
            });
        }
        // generic.rb initialize, arg_check false: set_scheme, set_userinfo,
        // set_host, set_port, set_path, query=, set_opaque, fragment=
        u.scheme = s.scheme.map(|sc| downcase(Cow::Borrowed(sc)));
        u.set_userinfo(s.userinfo.map(Cow::Borrowed), tracer);
        u.set_host(s.host.map(Cow::Borrowed), tracer);
        u.set_port(s.port.map(Cow::Borrowed), tracer);
        if let Some(p) = path {
            u.set_path(p, tracer);
        }
        u.set_query(s.query.map(Cow::Borrowed), tracer)?;
        u.opaque = s.opaque;
        u.set_fragment(s.fragment.map(Cow::Borrowed), tracer);
        // `self.set_path('') if !@path && !@opaque` (split always gives one)
        if u.path.is_none() && u.opaque.is_none() {
            u.path = Some(Cow::Borrowed(""));
        }
        // `self.set_port(self.default_port) if self.default_port && !@port`
        if let (Some(default), None) = (class.default_port(), &u.port) {
            u.port = Some(Cow::Borrowed(default));
            tracer.record(|| {
                Step::change(
                    StepId::RubyDefaultPort,
                    Component::Port,
                    None,
                    Some(default),
                )
                .decide(format!("no port: {}'s DEFAULT_PORT", class.name()))
            });
        }
        match class {
            Class::Ftp => u.ftp_typecode(tracer),
            Class::Ldap | Class::Ldaps => u.ldap_check(tracer)?,
            Class::MailTo => u.mailto_initialize(tracer)?,
            _ => {}
        }
        Ok(u)
    }

    /// `set_userinfo(userinfo)` (a no-op for `URI::File`): `split_userinfo`
    /// splits at the first `:`; `@password` is only set when there is one.
    fn set_userinfo<T: Tracer>(&mut self, userinfo: Option<Cow<'a, str>>, tracer: &mut T) {
        if self.class == Class::File {
            if userinfo.is_some() {
                tracer.record(|| {
                    Step::change(
                        StepId::RubySetUserinfo,
                        Component::User,
                        userinfo.as_deref(),
                        None,
                    )
                    .decide_fixed("URI::File#set_userinfo does nothing: the userinfo is dropped")
                });
            }
            return;
        }
        // split_userinfo: `ui.split(':', 2)`, and "".split gives no user
        let (user, password) = match &userinfo {
            None => (None, None),
            Some(ui) if ui.is_empty() => (None, None),
            Some(ui) => match ui.find(':') {
                Some(c) => (Some(part(ui, 0..c)), Some(part(ui, c + 1..ui.len()))),
                None => (Some(ui.clone()), None),
            },
        };
        if userinfo.is_some() {
            tracer.record(|| {
                Step::change(
                    StepId::RubySetUserinfo,
                    Component::User,
                    userinfo.as_deref(),
                    user.as_deref(),
                )
                .decide(match (&user, &password) {
                    (None, _) => "an empty userinfo: no user at all".to_owned(),
                    (Some(_), None) => match &self.password {
                        None => "no ':': a user, no password".to_owned(),
                        Some(p) => format!("no ':': a user, and the password {p:?} stays"),
                    },
                    (Some(_), Some(p)) => format!("password {p:?}, after the first ':'"),
                })
            });
        }
        self.user = user;
        if password.is_some() {
            self.password = password;
        }
    }

    /// `set_host(v)`; `URI::File#set_host` makes nil and `localhost` the
    /// empty host.
    fn set_host<T: Tracer>(&mut self, host: Option<Cow<'a, str>>, tracer: &mut T) {
        let before = host.clone();
        let host = match host {
            None if self.class == Class::File => Some(Cow::Borrowed("")),
            Some(h) if self.class == Class::File && h == "localhost" => Some(Cow::Borrowed("")),
            h => h,
        };
        if before.is_some() || host.is_some() {
            tracer.record(|| {
                Step::change(
                    StepId::RubySetHost,
                    Component::Host,
                    before.as_deref(),
                    host.as_deref(),
                )
                .decide_fixed(if before == host {
                    "kept as written: no lowercasing, no decoding"
                } else {
                    "URI::File: no host or 'localhost' is the empty host"
                })
            });
        }
        self.host = host;
    }

    /// `set_port(v)` of a port's digits (a no-op for `URI::File`): `""`
    /// is nil, else `v.to_i`.
    fn set_port<T: Tracer>(&mut self, port: Option<Cow<'a, str>>, tracer: &mut T) {
        let Some(digits) = port else {
            return;
        };
        let before = digits.clone();
        let port = (!digits.is_empty()).then(|| integer(digits));
        tracer.record(|| {
            Step::change(
                StepId::RubySetPort,
                Component::Port,
                Some(&before),
                port.as_deref(),
            )
            .decide_fixed(match (&port, self.class) {
                (_, Class::File) => "URI::File#set_port does nothing: the port is dropped",
                (None, _) => "no digits: no port",
                (Some(_), _) => "the digits as an Integer, of any size",
            })
        });
        if self.class != Class::File {
            self.port = port;
        }
    }

    /// `set_path(v)`; `URI::FTP#set_path` writes `"/" +
    /// v.sub(/^\//, "%2F")`.
    fn set_path<T: Tracer>(&mut self, v: Cow<'a, str>, tracer: &mut T) {
        if self.class != Class::Ftp {
            self.path = Some(v);
            return;
        }
        let stored = match v.strip_prefix('/') {
            Some(rest) => format!("/%2F{rest}"),
            None => format!("/{v}"),
        };
        tracer.record(|| {
            Step::change(
                StepId::RubyFtpPath,
                Component::Path,
                Some(&v),
                Some(&stored),
            )
            .decide_fixed("FTP#set_path: '/' in front, a leading '/' escaped as %2F")
        });
        self.path = Some(Cow::Owned(stored));
    }

    /// `query=(v)`.
    fn set_query<T: Tracer>(
        &mut self,
        v: Option<Cow<'a, str>>,
        tracer: &mut T,
    ) -> Result<(), Raise> {
        // `return @query = nil unless v`
        let Some(v) = v else {
            self.query = None;
            return Ok(());
        };
        // `raise InvalidURIError, "query conflicts with opaque" if @opaque`
        if self.opaque.is_some() {
            tracer.record(|| {
                Step::new(StepId::RubyQuerySetter)
                    .decide_fixed("an opaque URL takes no query: InvalidURIError")
                    .fail()
            });
            return Err(Raise::new(
                ErrorClass::InvalidUri,
                "query conflicts with opaque",
            ));
        }
        // (the text before, kept for the trace only)
        let before = T::ON.then(|| v.clone());
        let v = delete_tab_newline(v);
        // `raise InvalidURIError, "invalid percent escape: #{$1}" if /(%\H\H)/n.match(v)`
        if let Some(bad) = bad_escape(&v) {
            let message = format!("invalid percent escape: {bad}");
            tracer.record(|| {
                Step::change(
                    StepId::RubyQuerySetter,
                    Component::Query,
                    before.as_deref(),
                    None,
                )
                .decide(format!(
                    "{bad:?}: a '%' and two characters that are not hex digits"
                ))
                .fail()
            });
            return Err(Raise::new(ErrorClass::InvalidUri, message));
        }
        // `v.gsub!(/(?!%\h\h|[!$-&(-;=?-_a-~])./n) {'%%%02X' % $&.ord}`
        let v = encode(v, query_keeps);
        record_encoded(
            tracer,
            StepId::RubyQuerySetter,
            Component::Query,
            before.as_deref(),
            &v,
            "tabs and newlines removed, other characters outside the query's set encoded",
        );
        self.query = Some(v);
        Ok(())
    }

    /// `fragment=(v)`: tabs and newlines removed,
    /// `/(?!%\h\h|[!-~])./n` encoded.
    fn set_fragment<T: Tracer>(&mut self, v: Option<Cow<'a, str>>, tracer: &mut T) {
        let Some(v) = v else {
            self.fragment = None;
            return;
        };
        let before = T::ON.then(|| v.clone());
        let v = encode(delete_tab_newline(v), |b| (b'!'..=b'~').contains(&b));
        record_encoded(
            tracer,
            StepId::RubyFragmentSetter,
            Component::Fragment,
            before.as_deref(),
            &v,
            "tabs and newlines removed, spaces and controls encoded",
        );
        self.fragment = Some(v);
    }

    /// `URI::FTP#initialize` after `super`: `;type=` in the path.
    fn ftp_typecode<T: Tracer>(&mut self, tracer: &mut T) {
        let Some(path) = &self.path else {
            return;
        };
        // `if tmp = @path.index(TYPECODE_PREFIX)`
        let Some(at) = path.find(";type=") else {
            return;
        };
        let typecode = part(path, at + 6..path.len());
        let kept = part(path, 0..at);
        tracer.record(|| {
            Step::change(
                StepId::RubyFtpTypecode,
                Component::Path,
                Some(path),
                Some(&kept),
            )
            .decide(format!("typecode {typecode:?}, not checked"))
        });
        self.path = Some(kept);
        self.typecode = Some(typecode);
    }

    /// `URI::LDAP#initialize` after `super`: no fragment, and a path
    /// (`parse_dn`).
    fn ldap_check<T: Tracer>(&self, tracer: &mut T) -> Result<(), Raise> {
        let why = if self.fragment.is_some() {
            Some("a fragment: bad LDAP URL")
        } else if self.path.is_none() {
            Some("no path (an opaque URL): bad LDAP URL")
        } else {
            None
        };
        tracer.record(|| match why {
            Some(why) => Step::new(StepId::RubyLdap).decide_fixed(why).fail(),
            None => Step::new(StepId::RubyLdap).decide_fixed("a path and no fragment"),
        });
        match why {
            Some(_) => Err(Raise::new(ErrorClass::InvalidUri, "bad LDAP URL")),
            None => Ok(()),
        }
    }

    /// `URI::MailTo#initialize` after `super`.
    fn mailto_initialize<T: Tracer>(&mut self, tracer: &mut T) -> Result<(), Raise> {
        // `@opaque = "?#{@query}" if @query && !@opaque`
        if let (Some(q), None) = (&self.query, &self.opaque) {
            self.opaque = Some(Cow::Owned(format!("?{q}")));
        }
        let Some(opaque) = &self.opaque else {
            tracer.record(|| {
                Step::new(StepId::RubyMailTo)
                    .decide_fixed("no opaque part and no query: InvalidComponentError")
                    .fail()
            });
            return Err(Raise::new(
                ErrorClass::InvalidComponent,
                "missing opaque part for mailto URL",
            ));
        };
        // `to, header = @opaque.split('?', 2)`
        let (to, header) = match opaque.find('?') {
            Some(q) => (part(opaque, 0..q), Some(part(opaque, q + 1..opaque.len()))),
            None => (opaque.clone(), None),
        };
        if !mailto_to_ok(&to) {
            let message = format!("unrecognised opaque part for mailtoURL: {opaque}");
            tracer.record(|| {
                Step::new(StepId::RubyMailTo)
                    .decide(format!(
                        "{to:?} is not addresses x@y separated by ',' or ';'"
                    ))
                    .fail()
            });
            return Err(Raise::new(ErrorClass::InvalidComponent, message));
        }
        // set_headers: `v.split('&')` drops trailing empty pieces
        let headers = match header {
            None => Cow::Borrowed(""),
            Some(h) => {
                let kept = h.trim_end_matches('&').len();
                part(&h, 0..kept)
            }
        };
        tracer.record(|| {
            Step::new(StepId::RubyMailTo).decide(format!("to {to:?}, headers {headers:?}"))
        });
        self.to = Some(to);
        self.headers = headers;
        Ok(())
    }

    /// `scheme`.
    pub fn scheme(&self) -> Option<&str> {
        self.scheme.as_deref()
    }

    /// `user`.
    pub fn user(&self) -> Option<&str> {
        self.user.as_deref()
    }

    /// `password`.
    pub fn password(&self) -> Option<&str> {
        self.password.as_deref()
    }

    /// `userinfo`: nil without a user, the user alone without a password,
    /// else `user + ':' + password`.
    pub fn userinfo(&self) -> Option<Cow<'_, str>> {
        let user = self.user.as_deref()?;
        Some(match self.password.as_deref() {
            None => Cow::Borrowed(user),
            Some(p) => Cow::Owned(format!("{user}:{p}")),
        })
    }

    /// `host`, as written (brackets included).
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// `hostname`: the host without one pair of enclosing brackets.
    pub fn hostname(&self) -> Option<&str> {
        let h = self.host.as_deref()?;
        Some(
            h.strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .unwrap_or(h),
        )
    }

    /// `port`: the Integer's decimal digits.
    pub fn port(&self) -> Option<&str> {
        self.port.as_deref()
    }

    /// `path`; `URI::FTP#path` gives `@path.sub(/^\//,'').sub(/^%2F/,'/')`.
    pub fn path(&self) -> Option<Cow<'_, str>> {
        let p = self.path.as_deref()?;
        if self.class != Class::Ftp {
            return Some(Cow::Borrowed(p));
        }
        let p = p.strip_prefix('/').unwrap_or(p);
        Some(match p.strip_prefix("%2F") {
            Some(rest) => Cow::Owned(format!("/{rest}")),
            None => Cow::Borrowed(p),
        })
    }

    /// `query`.
    pub fn query(&self) -> Option<&str> {
        self.query.as_deref()
    }

    /// `fragment`.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// `opaque`.
    pub fn opaque(&self) -> Option<&str> {
        self.opaque.as_deref()
    }

    /// `to_s` of the object's class.
    pub fn to_s(&self) -> String {
        let mut out = String::with_capacity(64);
        if self.class == Class::MailTo {
            // mailto.rb to_s: scheme, ':', @to, the headers, the fragment
            out.push_str(self.scheme.as_deref().unwrap_or(""));
            out.push(':');
            out.push_str(self.to.as_deref().unwrap_or(""));
            if !self.headers.is_empty() {
                out.push('?');
                out.push_str(&self.headers);
            }
        } else {
            if let Some(s) = &self.scheme {
                out.push_str(s);
                out.push(':');
            }
            if let Some(o) = &self.opaque {
                out.push_str(o);
            } else {
                // `str << '//' if @host || %w[file postgres].include?(@scheme)`
                if self.host.is_some()
                    || matches!(self.scheme.as_deref(), Some("file" | "postgres"))
                {
                    out.push_str("//");
                }
                if let Some(ui) = self.userinfo() {
                    out.push_str(&ui);
                    out.push('@');
                }
                if let Some(h) = &self.host {
                    out.push_str(h);
                }
                if let Some(p) = self
                    .port
                    .as_deref()
                    .filter(|&p| Some(p) != self.class.default_port())
                {
                    out.push(':');
                    out.push_str(p);
                }
                out.push_str(self.path.as_deref().unwrap_or(""));
                // ftp.rb to_s: the typecode after the path
                if let Some(t) = &self.typecode {
                    out.push_str(";type=");
                    out.push_str(t);
                }
                if let Some(q) = &self.query {
                    out.push('?');
                    out.push_str(q);
                }
            }
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    /// `merge(oth)` of this object (the base) with the input string, then
    /// what `URI::FTP#merge` adds for an FTP base.
    pub fn merge<T: Tracer>(&self, input: &'a str, tracer: &mut T) -> Result<Uri<'a>, RubyError> {
        // `rel = parser.__send__(:convert_to_uri, oth)`
        let rel = parse(input, tracer).map_err(|r| r.at(At::Input))?;
        let merged = self.merge_rel(rel, tracer).map_err(|r| r.at(At::Join))?;
        if self.class == Class::Ftp {
            // ftp.rb merge: `tmp.set_typecode(oth.typecode) if self != tmp`
            let same = self.ftp_equal(&merged);
            tracer.record(|| {
                let step = Step::new(StepId::RubyFtpMerge);
                if same {
                    step.decide_fixed("the result equals the base (scheme, userinfo, host, port, path, typecode): returned")
                } else {
                    step.decide_fixed("the result differs from the base: oth.typecode on a String raises NoMethodError")
                        .fail()
                }
            });
            if !same {
                return Err(Raise::new(
                    ErrorClass::NoMethod,
                    format!("undefined method `typecode' for {}:String", inspect(input)),
                )
                .at(At::Join));
            }
        }
        Ok(merged)
    }

    /// generic.rb `merge`, once the reference is parsed: an absolute
    /// reference, a relative base, a reference of a fragment alone, then the
    /// parts marked 4) and 7) (`merge_rel_path`, `merge_rel_components`).
    fn merge_rel<T: Tracer>(&self, rel: Uri<'a>, tracer: &mut T) -> Result<Uri<'a>, Raise> {
        // `return rel if rel.absolute?`
        if rel.scheme.is_some() {
            tracer.record(|| {
                Step::new(StepId::RubyMergeAbsolute)
                    .decide_fixed("the reference has a scheme: it is the result, the base ignored")
            });
            return Ok(Uri {
                join: Join::Absolute,
                ..rel
            });
        }
        // `raise BadURIError, "both URI are relative" unless self.absolute?`
        if self.scheme.is_none() {
            tracer.record(|| {
                Step::new(StepId::RubyMergeRelativeBase)
                    .decide_fixed("the base has no scheme: BadURIError")
                    .fail()
            });
            return Err(Raise::new(ErrorClass::BadUri, "both URI are relative"));
        }
        let mut base = self.clone();
        // `authority = rel.userinfo || rel.host || rel.port`
        let authority = rel.user.is_some() || rel.host.is_some() || rel.port.is_some();
        let rel_path_empty = rel.path.as_deref().is_none_or(str::is_empty);
        if rel_path_empty && !authority && rel.query.is_none() {
            tracer.record(|| {
                Step::new(StepId::RubyMergeFragment).decide_fixed(if rel.fragment.is_some() {
                    "no path, authority or query: the base with the reference's fragment"
                } else {
                    "an empty reference: the base, whole"
                })
            });
            if rel.fragment.is_some() {
                base.set_fragment(rel.fragment, tracer);
            }
            base.join = Join::FragmentOnly;
            return Ok(base);
        }
        // `base.query = nil; base.fragment=(nil)`
        base.query = None;
        base.fragment = None;
        base.join = if authority {
            Join::Authority {
                credentials_kept: base.class != Class::File
                    && ((rel.user.is_none() && base.user.is_some())
                        || (rel.password.is_none() && base.password.is_some())),
            }
        } else {
            Join::Path
        };
        // RFC2396, Section 5.2, 4)
        Self::merge_rel_path(&mut base, &rel, authority, tracer);
        // RFC2396, Section 5.2, 7)
        self.merge_rel_components(base, rel, tracer)
    }

    /// generic.rb `merge`, the part marked `RFC2396, Section 5.2, 4)`: with
    /// no authority in the reference, its path merged into the base's
    /// (`merge_path`), if both have one; with one, its path as it is.
    fn merge_rel_path<T: Tracer>(
        base: &mut Uri<'a>,
        rel: &Uri<'a>,
        authority: bool,
        tracer: &mut T,
    ) {
        if !authority {
            // `base.set_path(merge_path(base.path, rel.path)) if base.path && rel.path`
            if let (Some(bp), Some(rp)) = (base.path(), rel.path.as_deref()) {
                let merged = merge_path(&bp, rp);
                tracer.record(|| {
                    Step::change(
                        StepId::RubyMergePath,
                        Component::Path,
                        Some(&bp),
                        Some(&merged),
                    )
                    .decide(format!("the reference's path {rp:?} merged"))
                });
                base.set_path(Cow::Owned(merged), tracer);
            } else {
                tracer.record(|| {
                    Step::new(StepId::RubyMergePath)
                        .decide_fixed("the base has no path (an opaque URL): nothing merged")
                });
            }
        } else {
            tracer.record(|| {
                Step::change(
                    StepId::RubyMergeAuthority,
                    Component::Host,
                    base.host.as_deref(),
                    rel.host.as_deref().or(base.host.as_deref()),
                )
                .decide(format!(
                    "the reference's {} replace the base's; {}",
                    [
                        rel.user.is_some().then_some("userinfo"),
                        rel.host.is_some().then_some("host"),
                        rel.port.is_some().then_some("port"),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", "),
                    match (rel.user.is_some(), base.user.is_some()) {
                        (false, true) => "the base's userinfo stays",
                        _ => "its path is taken as it is",
                    }
                ))
            });
            // `base.set_path(rel.path) if rel.path`
            if let Some(rp) = rel.path.clone() {
                base.set_path(rp, tracer);
            }
        }
    }

    /// generic.rb `merge`, the part marked `RFC2396, Section 5.2, 7)`: each
    /// of the reference's userinfo, host, port, query and fragment that it
    /// has is set on the base.
    fn merge_rel_components<T: Tracer>(
        &self,
        mut base: Uri<'a>,
        rel: Uri<'a>,
        tracer: &mut T,
    ) -> Result<Uri<'a>, Raise> {
        // `base.set_userinfo(rel.userinfo) if rel.userinfo`: split_userinfo
        // of `user + ':' + password` gives the two back (a user holds no ':')
        if let Some(user) = rel.user {
            let userinfo = match rel.password {
                None => user,
                Some(p) => Cow::Owned(format!("{user}:{p}")),
            };
            base.set_userinfo(Some(userinfo), tracer);
        }
        if rel.host.is_some() {
            base.set_host(rel.host, tracer);
        }
        // `base.set_port(rel.port) if rel.port` (an Integer already)
        if rel.port.is_some() && base.class != Class::File {
            base.port = rel.port;
        }
        tracer.record(|| {
            Step::change(
                StepId::RubyMergeQuery,
                Component::Query,
                self.query.as_deref(),
                rel.query.as_deref(),
            )
            .decide_fixed("the base's query and fragment dropped; the reference's set")
        });
        if rel.query.is_some() {
            base.set_query(rel.query, tracer)?;
        }
        if rel.fragment.is_some() {
            base.set_fragment(rel.fragment, tracer);
        }
        Ok(base)
    }

    /// `self == other` for an FTP `self`: the same class, and the same
    /// `component_ary` once both are normalized (`normalize!` lowercases
    /// the host and, through FTP's `set_path`, makes an empty path `/`).
    fn ftp_equal(&self, other: &Uri<'_>) -> bool {
        fn path<'u>(u: &'u Uri<'_>) -> Option<Cow<'u, str>> {
            u.path()
                .map(|p| if p.is_empty() { Cow::Borrowed("/") } else { p })
        }
        let host = |u: &Uri<'_>| u.host().map(str::to_ascii_lowercase);
        other.class == self.class
            && self.scheme == other.scheme
            && self.userinfo() == other.userinfo()
            && host(self) == host(other)
            && self.port == other.port
            && path(self) == path(other)
            && self.typecode == other.typecode
    }
}

/// `split_path(path)`: `path.split("/", -1)`, which gives nothing for "".
fn split_path(path: &str) -> Vec<&str> {
    if path.is_empty() {
        Vec::new()
    } else {
        path.split('/').collect()
    }
}

/// `merge_path(base, rel)` (generic.rb): the RFC 2396 merge, segment by
/// segment, of a base path (its getter's value) and a reference's.
pub fn merge_path(base: &str, rel: &str) -> String {
    let mut base_path = split_path(base);
    let mut rel_path = split_path(rel);
    // `base_path << '' if base_path.last == '..'`
    if base_path.last() == Some(&"..") {
        base_path.push("");
    }
    // `while i = base_path.index('..'); base_path.slice!(i - 1, 2)`: the
    // first '..' goes with the segment before it, so one pass with a stack
    // does the same; a '..' first of all (i = 0) slices from -1, the last
    // element, and stays first until it is the last one left: the whole
    // array goes
    let mut kept: Vec<&str> = Vec::with_capacity(base_path.len());
    for segment in base_path {
        if segment != ".." {
            kept.push(segment);
        } else if kept.pop().is_none() {
            break;
        }
    }
    let mut base_path = kept;
    // `if (first = rel_path.first) and first.empty?`: an absolute path
    if rel_path.first() == Some(&"") {
        base_path.clear();
        rel_path.remove(0);
    }
    if matches!(rel_path.last(), Some(&"." | &"..")) {
        rel_path.push("");
    }
    rel_path.retain(|&s| s != ".");
    let mut tmp: Vec<&str> = Vec::with_capacity(rel_path.len());
    for x in rel_path {
        if x == ".." && !(tmp.is_empty() || tmp.last() == Some(&"..")) {
            tmp.pop();
        } else {
            tmp.push(x);
        }
    }
    let mut add_trailer_slash = !tmp.is_empty();
    if base_path.is_empty() {
        // keep '/' for the root
        base_path = vec![""];
    } else if add_trailer_slash {
        base_path.pop();
    }
    let mut rest = tmp.into_iter();
    while let Some(x) = rest.next() {
        if x == ".." {
            // a '..' in an absolute path climbs no higher than the root
            if base_path.len() > 1 {
                base_path.pop();
            }
        } else {
            base_path.push(x);
            base_path.extend(rest.by_ref());
            add_trailer_slash = false;
            break;
        }
    }
    if add_trailer_slash {
        base_path.push("");
    }
    base_path.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_path_does_what_ruby_does() {
        // Each checked against ruby 3.1.2 (URI::Generic#merge_path via send).
        for (base, rel, want) in [
            ("/b/c/d;p", "g", "/b/c/g"),
            ("/b/c/d;p", "../../../g", "/g"),
            ("/b/c/d;p", "./g/.", "/b/c/g/"),
            ("/b/c/d;p", "..", "/b/"),
            ("/a/b//c", "d//e", "/a/b//d//e"),
            ("", "y", "/y"),
            ("/foo/..", "./", "/"),
            ("a/b", "c", "a/c"),
            ("../a", "b", "/b"),
            ("a/b", "/c", "/c"),
            ("/a", "..//x", "//x"),
            ("/a/../b/..", "x", "/x"),
            ("../../x/..", "y", "/y"),
            ("/x/a/../..", "z", "/z"),
        ] {
            assert_eq!(merge_path(base, rel), want, "{base:?} + {rel:?}");
        }
    }

    #[test]
    fn mailto_addresses_are_checked_as_the_regexp_does() {
        for ok in ["", "a@b", "a@b,", "a@b;c@d", "a b@c/d"] {
            assert!(mailto_to_ok(ok), "{ok}");
        }
        for bad in ["a", "@b", "a@", "a@b@c", "a@b,,", ",a@b", "a@b;;c@d"] {
            assert!(!mailto_to_ok(bad), "{bad}");
        }
    }

    #[test]
    fn the_query_setter_encodes_and_refuses_as_ruby_does() {
        assert_eq!(bad_escape("a%zz%").as_deref(), Some("%zz"));
        assert_eq!(bad_escape("%z1%1z%"), None);
        assert_eq!(
            encode(Cow::Borrowed("a b\"<'`%z1\u{1}\u{7f}[]|"), query_keeps),
            "a%20b%22%3C%27%60%z1%01%7F[]|"
        );
    }
}
