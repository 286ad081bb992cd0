//! The classes `URI->new` blesses into, and what each one has: the scheme
//! modules URI 5.17 ships (`/usr/share/perl5/URI/*.pm`) and the methods
//! they inherit or override. Which method a class answers to is Perl's
//! method resolution through `@ISA`, written out here as a table.

/// A class of URI 5.17.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `URI::_generic`: no scheme at all.
    Generic,
    /// `URI::_foreign`: a scheme URI has no module for.
    Foreign,
    Http,
    Https,
    Ftp,
    Gopher,
    Mailto,
    News,
    Nntp,
    Nntps,
    Snews,
    Pop,
    Sip,
    Sips,
    Ssh,
    Sftp,
    Rsync,
    Rtsp,
    Rtspu,
    Mms,
    Telnet,
    Tn3270,
    Rlogin,
    Data,
    File,
    Ldap,
    Ldaps,
    Ldapi,
    Urn,
    /// `URI::urn::isbn`: its module dies loading Business::ISBN, which is
    /// not installed, after `use parent 'URI::urn'` ran, so the class
    /// exists with URI::urn's methods alone.
    UrnIsbn,
    UrnOid,
}

/// Which branch of the class tree a class is in: what it inherits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// Straight from `URI` (mailto, data, urn): no authority, `path` is
    /// the opaque part, `abs` returns the object, a scheme is required.
    Uri,
    /// `URI::_generic` and the classes on it alone (`_foreign`, `file`,
    /// `ldapi`): an authority, a path, a query.
    Generic,
    /// `URI::_server` (through `URI::_generic`): userinfo, host, port.
    Server,
}

/// How a class reads and writes its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PathKind {
    /// `URI::path`, an alias of `opaque`.
    Opaque,
    /// `URI::_generic::path`.
    Generic,
    /// `URI::ftp::path`: `path_query`.
    PathQuery,
    /// `URI::sip::path`: an empty sub (undef, and setting does nothing).
    None,
}

/// Which `canonical` a class runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CanonicalKind {
    /// `URI::canonical`.
    Uri,
    /// `URI::_server::canonical`.
    Server,
    /// `URI::http::canonical` (http, https, rtsp, rtspu, mms).
    Http,
    /// `URI::file::canonical`.
    File,
    /// `URI::_ldap::canonical` over `URI::_server::canonical` (ldap, ldaps).
    Ldap,
    /// `URI::_ldap::canonical` over `URI::canonical` (ldapi).
    Ldapi,
    /// `URI::urn::canonical`.
    Urn,
}

impl Class {
    /// The class for a scheme (lowercase), as `implementor` finds it:
    /// `URI::<scheme>` when URI has that module.
    pub(super) fn of_scheme(scheme: &str) -> Option<Class> {
        Some(match scheme {
            "http" => Class::Http,
            "https" => Class::Https,
            "ftp" => Class::Ftp,
            "gopher" => Class::Gopher,
            "mailto" => Class::Mailto,
            "news" => Class::News,
            "nntp" => Class::Nntp,
            "nntps" => Class::Nntps,
            "snews" => Class::Snews,
            "pop" => Class::Pop,
            "sip" => Class::Sip,
            "sips" => Class::Sips,
            "ssh" => Class::Ssh,
            "sftp" => Class::Sftp,
            "rsync" => Class::Rsync,
            "rtsp" => Class::Rtsp,
            "rtspu" => Class::Rtspu,
            "mms" => Class::Mms,
            "telnet" => Class::Telnet,
            "tn3270" => Class::Tn3270,
            "rlogin" => Class::Rlogin,
            "data" => Class::Data,
            "file" => Class::File,
            "ldap" => Class::Ldap,
            "ldaps" => Class::Ldaps,
            "ldapi" => Class::Ldapi,
            "urn" => Class::Urn,
            _ => return None,
        })
    }

    /// The Perl package name, as `ref` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Class::Generic => "URI::_generic",
            Class::Foreign => "URI::_foreign",
            Class::Http => "URI::http",
            Class::Https => "URI::https",
            Class::Ftp => "URI::ftp",
            Class::Gopher => "URI::gopher",
            Class::Mailto => "URI::mailto",
            Class::News => "URI::news",
            Class::Nntp => "URI::nntp",
            Class::Nntps => "URI::nntps",
            Class::Snews => "URI::snews",
            Class::Pop => "URI::pop",
            Class::Sip => "URI::sip",
            Class::Sips => "URI::sips",
            Class::Ssh => "URI::ssh",
            Class::Sftp => "URI::sftp",
            Class::Rsync => "URI::rsync",
            Class::Rtsp => "URI::rtsp",
            Class::Rtspu => "URI::rtspu",
            Class::Mms => "URI::mms",
            Class::Telnet => "URI::telnet",
            Class::Tn3270 => "URI::tn3270",
            Class::Rlogin => "URI::rlogin",
            Class::Data => "URI::data",
            Class::File => "URI::file",
            Class::Ldap => "URI::ldap",
            Class::Ldaps => "URI::ldaps",
            Class::Ldapi => "URI::ldapi",
            Class::Urn => "URI::urn",
            Class::UrnIsbn => "URI::urn::isbn",
            Class::UrnOid => "URI::urn::oid",
        }
    }

    pub(super) fn family(self) -> Family {
        match self {
            Class::Mailto | Class::Data | Class::Urn | Class::UrnIsbn | Class::UrnOid => {
                Family::Uri
            }
            Class::Generic | Class::Foreign | Class::File | Class::Ldapi => Family::Generic,
            _ => Family::Server,
        }
    }

    /// `_no_scheme_ok`: 1 from `URI::_generic` down, 0 for `URI`'s own.
    pub(super) fn no_scheme_ok(self) -> bool {
        self.family() != Family::Uri
    }

    /// Whether the class has `query` (`URI::_query`: the `_generic`
    /// family and mailto).
    pub fn has_query(self) -> bool {
        self.family() != Family::Uri || self == Class::Mailto
    }

    /// Whether the class has `authority`.
    pub fn has_authority(self) -> bool {
        self.family() != Family::Uri
    }

    /// Whether the class has `host` (`URI::_server`'s, or `URI::file`'s).
    pub fn has_host(self) -> bool {
        self.family() == Family::Server || self == Class::File
    }

    /// Whether the class has `userinfo`, `ihost`, `port`, `default_port`
    /// (`URI::_server`'s).
    pub fn is_server(self) -> bool {
        self.family() == Family::Server
    }

    /// `sip` and `sips` read the authority their own way.
    pub(super) fn is_sip(self) -> bool {
        matches!(self, Class::Sip | Class::Sips)
    }

    pub(super) fn path_kind(self) -> PathKind {
        match self {
            Class::Ftp => PathKind::PathQuery,
            Class::Sip | Class::Sips => PathKind::None,
            _ if self.family() == Family::Uri => PathKind::Opaque,
            _ => PathKind::Generic,
        }
    }

    pub(super) fn canonical_kind(self) -> CanonicalKind {
        match self {
            Class::Http | Class::Https | Class::Rtsp | Class::Rtspu | Class::Mms => {
                CanonicalKind::Http
            }
            Class::File => CanonicalKind::File,
            Class::Ldap | Class::Ldaps => CanonicalKind::Ldap,
            Class::Ldapi => CanonicalKind::Ldapi,
            Class::Urn | Class::UrnIsbn | Class::UrnOid => CanonicalKind::Urn,
            _ if self.is_server() => CanonicalKind::Server,
            _ => CanonicalKind::Uri,
        }
    }

    /// `default_port` of a server class.
    pub fn default_port(self) -> Option<u16> {
        Some(match self {
            Class::Http => 80,
            Class::Https => 443,
            Class::Ftp => 21,
            Class::Gopher => 70,
            Class::News | Class::Nntp => 119,
            Class::Nntps | Class::Snews => 563,
            Class::Pop => 110,
            Class::Sip => 5060,
            Class::Sips => 5061,
            Class::Ssh | Class::Sftp => 22,
            Class::Rsync => 873,
            Class::Rtsp | Class::Rtspu => 554,
            Class::Mms => 1755,
            Class::Telnet | Class::Tn3270 => 23,
            Class::Rlogin => 513,
            Class::Ldap => 389,
            Class::Ldaps => 636,
            _ => return None,
        })
    }

    /// Whether the class's `abs` is `URI::_generic::abs` (else it returns
    /// the object: `URI::abs`, `URI::sip::abs`).
    pub(super) fn resolves(self) -> bool {
        self.family() != Family::Uri && !self.is_sip()
    }
}
