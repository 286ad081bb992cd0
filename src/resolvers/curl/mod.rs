//! libcurl's URL API as a resolver: the real library installed on this
//! machine (Debian 12's `libcurl4`, libcurl 7.88.1), called through its C
//! API, not a model of it. Its answers are therefore libcurl's own, exact by
//! construction, and every answer names the version that gave it
//! (`curl.answered-by`); `tests/servers_curl.rs` checks them against the
//! committed oracle answers of `tests/data/servers/`.
//!
//! The library is loaded at run time ([`ffi`], with `libloading`), once per
//! process: the build needs no C toolchain, headers or pkg-config, and a
//! machine without it gets an invalid answer naming the Debian package
//! (`curl.not-installed`) instead of a build or link failure.
//!
//! A request is what `scripts/servers/curl-runner.c` does, the project's
//! definition (`tests/data/servers/ALGORITHMS.md`, section 3): one `CURLU`
//! handle; with a base, `curl_url_set(h, CURLUPART_URL, base,
//! CURLU_NON_SUPPORT_SCHEME)` (a base that fails leaves the handle empty, so
//! the input is then parsed on its own: `curl.base-error`), then the same
//! call with the input; then `curl_url_get(h, part, &s, 0)` for the scheme,
//! user, password, options, host, zone id, port, path, query and fragment,
//! and last the URL (getting the URL rewrites a stored host's `%` as `%25`
//! in place, so the host is read before it).
//!
//! The answer: `canon` is the URL libcurl assembles; the components are its
//! parts, `host` being `CURLUPART_HOST` (an IPv6 host in brackets, without
//! its zone); the zone id and the login options, which have no component,
//! are notes (`curl.zone-id`, `curl.options`). A refusal is an invalid
//! answer whose first note is libcurl's own error: the `CURLUcode`'s name
//! and number and `curl_url_strerror`'s message (`curl.error`). The
//! request's query encoding and stage are not used: libcurl has neither.
//!
//! What C strings cannot carry: U+0000 ends a C string, so libcurl is given
//! only the text before the first one, as the runner gives it, and a
//! `curl.nul` note says so. What `String`s cannot carry: libcurl
//! percent-decodes hosts, so `%ff` in a host becomes the byte 0xFF, which
//! is not UTF-8. Such a part (the host, and the URL that holds it) is shown
//! with each byte that is not part of well-formed UTF-8 written `%XX` (upper
//! case), the way a URL would carry it, and a `curl.not-utf8` note gives
//! the part's exact bytes in hex, as the oracle files write them
//! (`{"bytes":"<hex>"}`): nothing is lost. [`parse`] gives the raw bytes.

pub mod ffi;

use std::ffi::{CString, c_int};
use std::fmt::Write;
use std::sync::OnceLock;

pub use super::library::hex;
use super::{Answer, Note, Request, Resolve};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use ffi::Part;

code_table! {
    /// The `curl` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "curl.error", "libcurl, lib/urlapi.c (curl_url_set)",
        "curl_url_set returns an error: the URL is refused";
    NoUrl => "curl.no-url", "libcurl, lib/urlapi.c (curl_url_get)",
        "curl_url_get cannot assemble the URL from the parts it accepted";
    BaseError => "curl.base-error", "libcurl, lib/urlapi.c (curl_url_set)",
        "the base is refused; the handle stays empty, so libcurl parses the input on its own";
    Nul => "curl.nul", "libcurl's C API (NUL-terminated strings)",
        "the text holds U+0000: libcurl is given only the text before it";
    ZoneId => "curl.zone-id", "libcurl, lib/urlapi.c (CURLUPART_ZONEID)",
        "the IPv6 address's zone id, a part of its own: the host is without it";
    Options => "curl.options", "libcurl, lib/urlapi.c (CURLUPART_OPTIONS)",
        "the login options after ';', which libcurl reads for IMAP, POP3 and SMTP URLs";
    NotUtf8 => "curl.not-utf8", "libcurl, lib/urlapi.c (decode_host)",
        "libcurl gives bytes that are not UTF-8 (it percent-decodes hosts): each is shown as %XX";
    AnsweredBy => "curl.answered-by", "the libcurl installed on this machine",
        "the answer is the installed libcurl's own";
    NotInstalled => "curl.not-installed", "scripts/setup (Debian package libcurl4)",
        "libcurl (libcurl.so.4) cannot be loaded";
}

/// The `curl` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Curl;

impl Resolve for Curl {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        match parse(request.input, request.base()) {
            Ok(parsed) => answer(request.input, parsed),
            Err(why) => Answer::invalid(not_installed(why)),
        }
    }
}

/// An error libcurl returned: a `CURLUcode` and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The `CURLUcode`, `21`.
    pub code: i32,
    /// `curl_url_strerror`'s words for it, `Bad hostname`.
    pub message: String,
}

impl Error {
    fn of(curl: &ffi::Curl, code: c_int) -> Error {
        Error {
            code,
            message: curl.strerror(code),
        }
    }

    /// The code's name in `curl/urlapi.h`, `CURLUE_BAD_HOSTNAME`; `CURLUE_?`
    /// for one past `CURLUE_TOO_LARGE` (8.6.0), as the runner writes it.
    pub fn name(&self) -> &'static str {
        usize::try_from(self.code)
            .ok()
            .and_then(|i| CODE_NAMES.get(i))
            .copied()
            .unwrap_or("CURLUE_?")
    }
}

/// `CURLUcode`'s names, by value.
const CODE_NAMES: [&str; 32] = [
    "CURLUE_OK",
    "CURLUE_BAD_HANDLE",
    "CURLUE_BAD_PARTPOINTER",
    "CURLUE_MALFORMED_INPUT",
    "CURLUE_BAD_PORT_NUMBER",
    "CURLUE_UNSUPPORTED_SCHEME",
    "CURLUE_URLDECODE",
    "CURLUE_OUT_OF_MEMORY",
    "CURLUE_USER_NOT_ALLOWED",
    "CURLUE_UNKNOWN_PART",
    "CURLUE_NO_SCHEME",
    "CURLUE_NO_USER",
    "CURLUE_NO_PASSWORD",
    "CURLUE_NO_OPTIONS",
    "CURLUE_NO_HOST",
    "CURLUE_NO_PORT",
    "CURLUE_NO_QUERY",
    "CURLUE_NO_FRAGMENT",
    "CURLUE_NO_ZONEID",
    "CURLUE_BAD_FILE_URL",
    "CURLUE_BAD_FRAGMENT",
    "CURLUE_BAD_HOSTNAME",
    "CURLUE_BAD_IPV6",
    "CURLUE_BAD_LOGIN",
    "CURLUE_BAD_PASSWORD",
    "CURLUE_BAD_PATH",
    "CURLUE_BAD_QUERY",
    "CURLUE_BAD_SCHEME",
    "CURLUE_BAD_SLASHES",
    "CURLUE_BAD_USER",
    "CURLUE_LACKS_IDN",
    "CURLUE_TOO_LARGE",
];

/// What `curl_url_get` gave for each part of an accepted URL, as bytes;
/// `None` where it gave no string (a missing part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<Vec<u8>>,
    pub user: Option<Vec<u8>>,
    pub password: Option<Vec<u8>>,
    pub options: Option<Vec<u8>>,
    pub host: Option<Vec<u8>>,
    pub zoneid: Option<Vec<u8>>,
    pub port: Option<Vec<u8>>,
    pub path: Option<Vec<u8>>,
    pub query: Option<Vec<u8>>,
    pub fragment: Option<Vec<u8>>,
    /// The URL (`CURLUPART_URL`), or why it cannot be assembled.
    pub href: Result<Vec<u8>, Error>,
}

/// One request's outcome, as the runner records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The parts, or the error of the input's `curl_url_set`.
    pub result: Result<Parts, Error>,
    /// The error of the base's `curl_url_set`, when it failed.
    pub base_error: Option<Error>,
    /// Where the input's first U+0000 is (libcurl saw the bytes before it).
    pub input_nul: Option<usize>,
    /// Where the base's first U+0000 is.
    pub base_nul: Option<usize>,
}

/// The loaded libcurl's version (`7.88.1`), or why none can be loaded.
pub fn version() -> Result<&'static str, &'static str> {
    ffi::curl().map(|c| c.version.as_str())
}

/// `input` against `base` through libcurl, as `curl-runner.c` asks it; an
/// error when the library cannot be loaded.
pub fn parse(input: &str, base: Option<&str>) -> Result<Parsed, &'static str> {
    let curl = ffi::curl()?;
    let (input_c, input_nul) = c_string(input);
    let base_c = base.map(c_string);
    let base_nul = base_c.as_ref().and_then(|(_, nul)| *nul);
    let Some(mut h) = curl.handle() else {
        return Ok(Parsed {
            result: Err(Error::of(curl, ffi::OUT_OF_MEMORY)),
            base_error: None,
            input_nul,
            base_nul,
        });
    };
    let base_error = base_c.and_then(|(b, _)| match h.set_url(&b, ffi::NON_SUPPORT_SCHEME) {
        0 => None,
        code => Some(Error::of(curl, code)),
    });
    let result = match h.set_url(&input_c, ffi::NON_SUPPORT_SCHEME) {
        0 => Ok(parts(curl, &mut h)),
        code => Err(Error::of(curl, code)),
    };
    Ok(Parsed {
        result,
        base_error,
        input_nul,
        base_nul,
    })
}

/// The parts of the URL in `h`, read in the runner's order: the host before
/// the URL.
fn parts(curl: &ffi::Curl, h: &mut ffi::Handle<'_>) -> Parts {
    let scheme = h.get(Part::Scheme).1;
    let user = h.get(Part::User).1;
    let password = h.get(Part::Password).1;
    let options = h.get(Part::Options).1;
    let host = h.get(Part::Host).1;
    let zoneid = h.get(Part::ZoneId).1;
    let port = h.get(Part::Port).1;
    let path = h.get(Part::Path).1;
    let query = h.get(Part::Query).1;
    let fragment = h.get(Part::Fragment).1;
    let href = match h.get(Part::Url) {
        (0, Some(url)) => Ok(url),
        (code, _) => Err(Error::of(curl, code)),
    };
    Parts {
        scheme,
        user,
        password,
        options,
        host,
        zoneid,
        port,
        path,
        query,
        fragment,
        href,
    }
}

/// `s` as a C string: the text before its first U+0000, and where that
/// U+0000 is.
fn c_string(s: &str) -> (CString, Option<usize>) {
    let nul = memchr::memchr(0, s.as_bytes());
    let text = &s.as_bytes()[..nul.unwrap_or(s.len())];
    // Cannot fail: `text` holds no NUL.
    (CString::new(text).unwrap_or_default(), nul)
}

/// A part's bytes as text: unchanged when they are UTF-8; otherwise each
/// byte outside well-formed UTF-8 written `%XX`, with the original bytes
/// returned beside it.
pub fn shown(bytes: Vec<u8>) -> (String, Option<Vec<u8>>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len() + 8);
            for chunk in bytes.utf8_chunks() {
                text.push_str(chunk.valid());
                for b in chunk.invalid() {
                    let _ = write!(text, "%{b:02X}");
                }
            }
            (text, Some(bytes))
        }
    }
}

/// The [`Answer`] of a request that libcurl answered.
fn answer(input: &str, parsed: Parsed) -> Answer {
    let mut notes = Vec::new();
    if let Some(at) = parsed.input_nul {
        notes.push(
            Note::new(
                Code::Nul,
                format!(
                    "the input holds U+0000 at byte {at}: libcurl's C API takes NUL-terminated \
                     strings, so it was given only the {at} bytes before it"
                ),
            )
            .at(at..input.len()),
        );
    }
    if let Some(at) = parsed.base_nul {
        notes.push(Note::new(
            Code::Nul,
            format!(
                "the base holds U+0000 at byte {at}: libcurl's C API takes NUL-terminated \
                 strings, so it was given only the {at} bytes before it"
            ),
        ));
    }
    if let Some(e) = &parsed.base_error {
        notes.push(Note::new(
            Code::BaseError,
            format!(
                "curl_url_set refuses the base with {} ({}): {}; the handle stays empty, so \
                 libcurl parses the input on its own",
                e.name(),
                e.code,
                e.message
            ),
        ));
    }
    let mut answer = match parsed.result {
        Err(e) => {
            let why = Note::new(
                Code::Failure,
                format!(
                    "curl_url_set returns {} ({}): {}",
                    e.name(),
                    e.code,
                    e.message
                ),
            );
            notes.insert(0, why);
            Answer {
                invalid: true,
                ..Answer::default()
            }
        }
        Ok(parts) => accepted(parts, &mut notes),
    };
    notes.push(Note::new(Code::AnsweredBy, answered_by()));
    answer.notes = notes;
    answer
}

/// The answer for an accepted URL, its notes added to `notes` (its first
/// note, when libcurl cannot assemble the URL).
fn accepted(parts: Parts, notes: &mut Vec<Note>) -> Answer {
    let mut components = Vec::with_capacity(8);
    let mut put = |component: Component, bytes: Option<Vec<u8>>, notes: &mut Vec<Note>| {
        if let Some(bytes) = bytes {
            components.push((component, text(component.name(), bytes, notes)));
        }
    };
    put(Component::Scheme, parts.scheme, notes);
    put(Component::User, parts.user, notes);
    put(Component::Password, parts.password, notes);
    put(Component::Host, parts.host, notes);
    put(Component::Port, parts.port, notes);
    put(Component::Path, parts.path, notes);
    put(Component::Query, parts.query, notes);
    put(Component::Fragment, parts.fragment, notes);
    if let Some(zone) = parts.zoneid {
        let zone = text("zone id", zone, notes);
        notes.push(Note::new(
            Code::ZoneId,
            format!("the IPv6 address's zone id is \"{zone}\" (CURLUPART_ZONEID); the host is written without it"),
        ));
    }
    if let Some(options) = parts.options {
        let options = text("options", options, notes);
        notes.push(Note::new(
            Code::Options,
            format!("the login options are \"{options}\" (CURLUPART_OPTIONS)"),
        ));
    }
    match parts.href {
        Ok(href) => Answer {
            invalid: false,
            canon: Some(text("URL", href, notes)),
            components,
            ..Answer::default()
        },
        Err(e) => {
            notes.insert(
                0,
                Note::new(
                    Code::NoUrl,
                    format!(
                        "curl_url_get(CURLUPART_URL) returns {} ({}): {}",
                        e.name(),
                        e.code,
                        e.message
                    ),
                ),
            );
            Answer {
                invalid: true,
                components,
                ..Answer::default()
            }
        }
    }
}

/// A part as text ([`shown`]), with a `curl.not-utf8` note when it is not
/// UTF-8.
fn text(what: &str, bytes: Vec<u8>, notes: &mut Vec<Note>) -> String {
    let (text, raw) = shown(bytes);
    if let Some(raw) = raw {
        notes.push(Note::new(
            Code::NotUtf8,
            format!(
                "libcurl's {what} is not UTF-8; its bytes in hex: {}; shown with each byte \
                 that is not UTF-8 as %XX",
                hex(&raw)
            ),
        ));
    }
    text
}

/// Who answered: the version loaded, computed once.
fn answered_by() -> String {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| match version() {
        Ok(v) => format!("answered by libcurl {v}, loaded from {}", ffi::SONAME),
        Err(why) => why.to_owned(),
    })
    .clone()
}

/// The note for a machine whose libcurl cannot be loaded.
fn not_installed(why: &str) -> Note {
    Note::new(
        Code::NotInstalled,
        format!(
            "libcurl cannot be asked: {why}. Install Debian's package libcurl4 \
             (`scripts/setup` does)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_keeps_utf8_and_writes_other_bytes_as_percent_escapes() {
        assert_eq!(shown(b"h\xc3\xa9".to_vec()), ("hé".to_owned(), None));
        let raw = b"a\xffb\xc3".to_vec();
        assert_eq!(shown(raw.clone()), ("a%FFb%C3".to_owned(), Some(raw)));
        assert_eq!(hex(b"a\xff"), "61ff");
    }

    #[test]
    fn a_nul_cuts_the_c_string() {
        let (c, nul) = c_string("http://a/\0b");
        assert_eq!(c.as_bytes(), b"http://a/");
        assert_eq!(nul, Some(9));
        assert_eq!(c_string("x").1, None);
    }

    #[test]
    fn error_names_follow_the_header() {
        let e = |code| Error {
            code,
            message: String::new(),
        };
        assert_eq!(e(21).name(), "CURLUE_BAD_HOSTNAME");
        assert_eq!(e(30).name(), "CURLUE_LACKS_IDN");
        assert_eq!(e(-1).name(), "CURLUE_?");
        assert_eq!(e(99).name(), "CURLUE_?");
    }
}
