//! The basic URL parser (URL Standard, URL parsing): the state machine over
//! the input's code points, writing the URL record's serialization as it
//! goes (see [`super::record`]).
//!
//! The states are grouped a file each, as the Standard lists them:
//! [`scheme`] (scheme start, scheme, no scheme), [`relative`] (special
//! relative or authority, path or authority, relative, relative slash, the
//! two special authority states), [`authority`] (authority, host and
//! hostname, port), [`file`] (file, file slash, file host), [`path`] (path
//! start, path, opaque path) and [`query`] (query, fragment).
//!
//! Each state handler returns a [`Flow`]: what happens to the pointer
//! after the run ("decrease pointer by 1" is [`Flow::Again`]: the same code
//! point goes to the next state). The buffer is a range of the input
//! (`buf_start..pointer`) where the Standard's buffer holds the input's
//! code points unchanged, so reading one allocates nothing.

mod authority;
mod fast;
mod file;
mod path;
mod query;
mod relative;
mod scheme;

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use encoding_rs::{Encoding, UTF_8};

pub(crate) use fast::Shortcut;

use super::errors::{Reported, ValidationError};
use super::quirks::Quirks;
pub use super::record::special;
use super::record::{HostKind, Url};
use crate::engine::record_snapshot::{RecordSnapshot, SharedSlice, SharedText};
use crate::engine::trace::{Step, StepId, Tracer};

/// The states of the basic URL parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

impl State {
    /// The state's row in the step table.
    pub const fn step(self) -> StepId {
        match self {
            State::SchemeStart => StepId::WhatwgSchemeStart,
            State::Scheme => StepId::WhatwgScheme,
            State::NoScheme => StepId::WhatwgNoScheme,
            State::SpecialRelativeOrAuthority => StepId::WhatwgSpecialRelativeOrAuthority,
            State::PathOrAuthority => StepId::WhatwgPathOrAuthority,
            State::Relative => StepId::WhatwgRelative,
            State::RelativeSlash => StepId::WhatwgRelativeSlash,
            State::SpecialAuthoritySlashes => StepId::WhatwgSpecialAuthoritySlashes,
            State::SpecialAuthorityIgnoreSlashes => StepId::WhatwgSpecialAuthorityIgnoreSlashes,
            State::Authority => StepId::WhatwgAuthority,
            State::Host => StepId::WhatwgHost,
            State::Hostname => StepId::WhatwgHostname,
            State::Port => StepId::WhatwgPort,
            State::File => StepId::WhatwgFile,
            State::FileSlash => StepId::WhatwgFileSlash,
            State::FileHost => StepId::WhatwgFileHost,
            State::PathStart => StepId::WhatwgPathStart,
            State::Path => StepId::WhatwgPath,
            State::OpaquePath => StepId::WhatwgOpaquePath,
            State::Query => StepId::WhatwgQuery,
            State::Fragment => StepId::WhatwgFragment,
        }
    }
}

/// What happens to the pointer after a state has run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Increase the pointer by 1 (end at the EOF code point).
    Next,
    /// "Decrease pointer by 1": the same code point again, in the new state.
    Again,
    /// "Increase pointer by 1" and then the usual 1: skip the next (ASCII)
    /// code point.
    Skip,
    /// Continue at this byte offset ("start over", or the authority
    /// state's rewind to the start of its buffer).
    Jump(usize),
    /// The state override's "return": the setter takes it from here.
    Return,
}

/// Why the parser returned failure: the validation error that came with
/// it (when the Standard names one) and where.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Failure {
    pub error: Option<ValidationError>,
    /// Why, in words, when no validation error names it.
    pub reason: &'static str,
    /// The byte range of the input the parser read when it failed.
    pub range: Range<usize>,
}

/// A failure the handlers return; the parser adds the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub error: Option<ValidationError>,
    pub reason: &'static str,
}

impl From<ValidationError> for Refusal {
    fn from(error: ValidationError) -> Refusal {
        Refusal {
            error: Some(error),
            reason: error.explanation(),
        }
    }
}

impl Refusal {
    /// A failure the Standard gives without a validation error.
    pub const fn plain(reason: &'static str) -> Refusal {
        Refusal {
            error: None,
            reason,
        }
    }
}

type Handled = Result<Flow, Refusal>;

/// The parser's working state: the Standard's variables and the record
/// being written.
pub struct Parser<'i, 'b, 'e, T: Tracer> {
    pub input: &'i str,
    pub base: Option<&'b Url>,
    pub encoding: &'static Encoding,
    pub url: Url,
    pub state: State,
    pub state_override: Option<State>,
    pub pointer: usize,
    /// Where the Standard's buffer starts in the input, for the states
    /// whose buffer is the input as read.
    pub buf_start: usize,
    pub at_sign_seen: bool,
    pub inside_brackets: bool,
    pub password_token_seen: bool,
    /// Whether the URL's scheme is special (kept as the scheme is set).
    pub special: bool,
    /// Whether `url.path_start` is set (the path has begun).
    pub path_begun: bool,
    /// Where the current path segment's text starts in the serialization
    /// (after its `/`), while one is being read.
    pub segment: Option<usize>,
    /// The userinfo's username end while the authority is read.
    pub username_end: Option<usize>,
    /// Whether the path's first segment is a drive letter the path state
    /// read from the input (a browser's `..` may remove that one).
    pub drive_from_input: bool,
    /// Whether a drive letter was read where a file URL's host goes.
    pub host_drive: bool,
    pub errors: &'e mut Vec<Reported>,
    pub tracer: &'e mut T,
    /// The texts the steps' records and buffers share (tracing only).
    pub texts: TraceTexts,
    /// Maps a pointer back to the input as given (see [`Positions`]).
    pub positions: &'e Positions,
    /// Where this parse departs from the Standard (a browser model's);
    /// [`Quirks::STANDARD`] for the Standard's own parse.
    pub quirks: &'e Quirks,
    /// The departures made so far, in order (traced or not).
    pub departures: &'e mut Vec<StepId>,
}

/// While tracing: the texts the steps share rather than each a copy. The
/// first of the steps waiting for the record's text (see
/// [`RecordSnapshot::pending`]) and the serialization's length at the last
/// step; and the input, for the buffers read out of it.
///
/// The steps wait while the record only grows. Where the parser cuts the
/// serialization back ([`Parser::cut_record`]) or replaces it
/// ([`Parser::replace_record`]), the waiting steps first get its text as it
/// stands; the rest of the time nothing is copied or compared. Debug builds
/// keep a copy and check that nothing else changed what the steps hold.
#[derive(Default)]
pub struct TraceTexts {
    waiting_since: Option<usize>,
    recorded_len: usize,
    input: Option<Arc<str>>,
    #[cfg(debug_assertions)]
    shadow: String,
}

/// How an offset into the input the parser reads maps back to the input
/// as given: the trimmed prefix, and the offsets (in the cleaned input)
/// where tabs and newlines were removed.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    pub trimmed: usize,
    pub removed: Vec<usize>,
}

impl Positions {
    /// The offset in the input as given.
    pub fn original(&self, at: usize) -> usize {
        self.trimmed + at + self.removed.iter().take_while(|&&r| r <= at).count()
    }
}

impl<T: Tracer> Parser<'_, '_, '_, T> {
    /// The code point at the pointer (`None`: EOF).
    #[inline]
    pub fn c(&self) -> Option<char> {
        // Most URLs are ASCII: a byte below 0x80 is its code point.
        match self.input.as_bytes().get(self.pointer) {
            None => None,
            Some(&b) if b < 0x80 => Some(char::from(b)),
            Some(_) => self
                .input
                .get(self.pointer..)
                .and_then(|s| s.chars().next()),
        }
    }

    /// The bytes after the code point at the pointer (`remaining`).
    #[inline]
    pub fn remaining(&self) -> &[u8] {
        let len = self.c().map_or(0, char::len_utf8);
        self.input
            .as_bytes()
            .get(self.pointer + len..)
            .unwrap_or(&[])
    }

    /// The buffer, for the states whose buffer is the input as read.
    #[inline]
    pub fn buffer(&self) -> &str {
        self.input.get(self.buf_start..self.pointer).unwrap_or("")
    }

    /// Reports a validation error at the pointer's code point.
    pub fn error(&mut self, error: ValidationError) {
        let len = self.c().map_or(0, char::len_utf8);
        self.error_at(error, self.pointer..self.pointer + len);
    }

    /// Reports a validation error about a range of the input.
    pub fn error_at(&mut self, error: ValidationError, range: Range<usize>) {
        let range = self.positions.original(range.start)..self.positions.original(range.end);
        self.errors.push(Reported {
            error,
            range: range.clone(),
        });
        let (pointer, c) = (self.pointer, self.c());
        let id = self.state.step();
        self.tracer.record(|| {
            let mut step = Step::new(id).decide_fixed(error.explanation());
            step.validation_error = Some(Cow::Borrowed(error.name()));
            step.range = Some(range);
            step.pointer = Some(u32::try_from(pointer).unwrap_or(u32::MAX));
            step.code_point = c;
            step
        });
    }

    /// URL Standard, the checks of invalid-URL-unit in the path, opaque
    /// path, query and fragment states.
    #[inline]
    pub fn check_unit(&mut self, c: char) {
        if c.is_ascii_alphanumeric() || c == '/' || c == '.' || c == '-' {
            return;
        }
        if c == '%' {
            if !super::percent_sets::starts_with_two_hex(self.remaining()) {
                self.error(ValidationError::InvalidUrlUnit);
            }
        } else if !super::percent_sets::is_url_code_point(c) {
            self.error(ValidationError::InvalidUrlUnit);
        }
    }

    /// Moves to `next`, recording the step of the state being left with
    /// the decision taken and the record as it stands.
    #[inline]
    pub fn goto(&mut self, next: State, decision: &'static str) {
        if T::ON {
            self.record(self.state.step(), decision);
        }
        self.state = next;
    }

    /// Records the step of a departure from the Standard (a quirk's), at
    /// the pointer, with what the browser did instead.
    pub fn depart(&mut self, id: StepId, decision: &'static str) {
        self.departures.push(id);
        if T::ON {
            let buffer = self.trace_buffer();
            self.record_buffer(id, decision, buffer);
        }
    }

    /// Records a step of the current state (only when tracing).
    pub fn record(&mut self, id: StepId, decision: &'static str) {
        if T::ON {
            let buffer = self.trace_buffer();
            self.record_buffer(id, decision, buffer);
        }
    }

    /// Records a step of the current state with `buffer` as its buffer
    /// (only when tracing): for a step that shows a buffer this parser no
    /// longer holds where the state keeps it.
    pub fn record_buffer(
        &mut self,
        id: StepId,
        decision: &'static str,
        buffer: Option<SharedSlice>,
    ) {
        if !T::ON {
            return;
        }
        let record = self.pending_record();
        let (pointer, c) = (self.pointer, self.c());
        let range = self.positions.original(self.pointer)
            ..self
                .positions
                .original(self.pointer + c.map_or(0, char::len_utf8));
        self.tracer.record(|| Step {
            decision: Some(Cow::Borrowed(decision)),
            range: Some(range),
            pointer: Some(u32::try_from(pointer).unwrap_or(u32::MAX)),
            code_point: c,
            buffer,
            record: Some(record),
            ..Step::new(id)
        });
    }

    /// Makes the step about to be recorded wait for the record's text, with
    /// the steps before it since the record last changed otherwise than by
    /// growing.
    fn keep_record_text(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.check_waiting_text();
            self.texts.shadow.push_str(&self.url.serialization);
        }
        if self.texts.waiting_since.is_none() {
            self.texts.waiting_since = Some(self.tracer.recorded());
        }
        self.texts.recorded_len = self.url.serialization.len();
    }

    /// Cuts the serialization back to `len`: the steps waiting for the
    /// record's text get it first, if the cut reaches what they hold.
    pub fn cut_record(&mut self, len: usize) {
        if T::ON && len < self.texts.recorded_len {
            self.share_record_text();
        }
        self.url.serialization.truncate(len);
    }

    /// Replaces the record being written: the steps waiting for its text get
    /// it first.
    pub fn replace_record(&mut self, url: Url) {
        if T::ON {
            self.share_record_text();
        }
        self.url = url;
    }

    /// Debug builds: checks that the serialization still starts with the
    /// text the waiting steps hold (only `cut_record` and `replace_record`
    /// may change that), and forgets that copy.
    #[cfg(debug_assertions)]
    fn check_waiting_text(&mut self) {
        let (now, shadow) = (self.url.serialization.as_str(), &mut self.texts.shadow);
        debug_assert!(
            self.texts.waiting_since.is_none() || now.starts_with(shadow.as_str()),
            "the record changed under waiting steps without cut_record: {shadow:?} -> {now:?}"
        );
        shadow.clear();
    }

    /// Gives the steps waiting for it the record's text as it stands (their
    /// records, and their buffers read out of the record).
    fn share_record_text(&mut self) {
        #[cfg(debug_assertions)]
        self.check_waiting_text();
        let Some(from) = self.texts.waiting_since.take() else {
            return;
        };
        let text: Arc<str> = Arc::from(self.url.serialization.as_str());
        for step in self.tracer.steps_since(from) {
            if let Some(record) = &mut step.record {
                record.share(&text);
            }
            if let Some(buffer) = &mut step.buffer {
                buffer.share(&text);
            }
        }
    }

    /// The buffer read out of the input (`buf_start..pointer`), sharing one
    /// copy of the input among the steps.
    #[inline]
    pub fn input_buffer(&mut self) -> SharedSlice {
        let input = self
            .texts
            .input
            .get_or_insert_with(|| Arc::from(self.input));
        let text = SharedText::from(Arc::clone(input));
        SharedSlice::new(text, self.buf_start..self.pointer)
    }

    /// The record as it stands, for a step about to be recorded: its text
    /// comes later, shared (see [`Parser::keep_record_text`]).
    #[inline(always)]
    pub fn pending_record(&mut self) -> RecordSnapshot {
        self.keep_record_text();
        RecordSnapshot::pending(self.url.snapshot_offsets())
    }

    /// The buffer as the Standard holds it in the current state: a part of
    /// the input, or of the record's text (given later, as the record's).
    fn trace_buffer(&mut self) -> Option<SharedSlice> {
        match self.state {
            State::Scheme => Some(SharedSlice::pending(0..self.url.serialization.len())),
            State::Authority
            | State::Host
            | State::Hostname
            | State::Port
            | State::FileHost
            | State::Query => Some(self.input_buffer()),
            State::Path => self
                .segment
                .map(|s| SharedSlice::pending(s..self.url.serialization.len())),
            _ => None,
        }
    }

    /// Sets the scheme's offsets once `scheme:` is written.
    pub fn scheme_done(&mut self) {
        let end = self.url.serialization.len() - 1;
        self.url.scheme_end = end;
        self.url.username_end = end + 1;
        self.url.host_start = end + 1;
        self.url.host_end = end + 1;
        self.special = special(&self.url.serialization[..end]).is_some();
    }

    /// Marks where the path starts, once (everything before is written).
    #[inline]
    pub fn begin_path(&mut self) {
        if !self.path_begun {
            self.url.path_start = self.url.serialization.len();
            self.path_begun = true;
        }
    }

    /// Query state entry: "set url's query to the empty string".
    pub fn begin_query(&mut self) {
        self.begin_path();
        self.url.query_start = Some(self.url.serialization.len());
        self.url.serialization.push('?');
        self.buf_start = self.pointer + 1;
    }

    /// Fragment state entry: "set url's fragment to the empty string".
    pub fn begin_fragment(&mut self) {
        self.begin_path();
        self.url.fragment_start = Some(self.url.serialization.len());
        self.url.serialization.push('#');
    }

    /// Runs the state machine until the EOF code point or a return (or a
    /// failure), then gives the last steps their record's text.
    pub fn run(&mut self) -> Result<(), Failure> {
        let result = self.run_states();
        if T::ON {
            self.share_record_text();
        }
        result
    }

    fn run_states(&mut self) -> Result<(), Failure> {
        loop {
            let c = self.c();
            let flow = self.dispatch(c).map_err(|r| self.fail(r, c))?;
            match flow {
                Flow::Next => match c {
                    None => {
                        self.record(self.state.step(), "end of input");
                        return Ok(());
                    }
                    Some(ch) => self.pointer += ch.len_utf8(),
                },
                Flow::Again => {}
                Flow::Skip => self.pointer += c.map_or(0, char::len_utf8) + 1,
                Flow::Jump(at) => self.pointer = at,
                Flow::Return => {
                    self.record(self.state.step(), "state override: return");
                    return Ok(());
                }
            }
        }
    }

    fn fail(&mut self, refusal: Refusal, c: Option<char>) -> Failure {
        let len = c.map_or(0, char::len_utf8);
        let range =
            self.positions.original(self.pointer)..self.positions.original(self.pointer + len);
        if let Some(error) = refusal.error {
            self.errors.push(Reported {
                error,
                range: range.clone(),
            });
        }
        let id = self.state.step();
        self.tracer.record(|| {
            let mut step = Step::new(id)
                .decide(format!("failure: {}", refusal.reason))
                .fail();
            step.validation_error = refusal.error.map(|e| Cow::Borrowed(e.name()));
            step.range = Some(range.clone());
            step
        });
        Failure {
            error: refusal.error,
            reason: refusal.reason,
            range,
        }
    }

    fn dispatch(&mut self, c: Option<char>) -> Handled {
        match self.state {
            State::SchemeStart => self.scheme_start(c),
            State::Scheme => self.scheme(c),
            State::NoScheme => self.no_scheme(c),
            State::SpecialRelativeOrAuthority => self.special_relative_or_authority(c),
            State::PathOrAuthority => self.path_or_authority(c),
            State::Relative => self.relative(c),
            State::RelativeSlash => self.relative_slash(c),
            State::SpecialAuthoritySlashes => self.special_authority_slashes(c),
            State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes(c),
            State::Authority => self.authority(c),
            State::Host | State::Hostname => self.host(c),
            State::Port => self.port(c),
            State::File => self.file(c),
            State::FileSlash => self.file_slash(c),
            State::FileHost => self.file_host(c),
            State::PathStart => self.path_start(c),
            State::Path => self.path(c),
            State::OpaquePath => self.opaque_path(c),
            State::Query => self.query(c),
            State::Fragment => self.fragment(c),
        }
    }

    /// The encoding the query state uses: UTF-8 for URLs that are not
    /// special and for ws and wss (query state, step 1).
    pub fn query_encoding(&self) -> &'static Encoding {
        let scheme = self.url.scheme();
        if !self.special || scheme == "ws" || scheme == "wss" {
            UTF_8
        } else {
            self.encoding
        }
    }

    /// Copies the base's username, password, host and port (the scheme is
    /// the same, so every offset is the base's).
    pub fn copy_base_authority(&mut self, base: &Url) {
        if base.host != HostKind::None {
            let end = base.host_end;
            let port_end = base.path_start;
            self.url
                .serialization
                .push_str(&base.serialization[base.scheme_end + 1..port_end.max(end)]);
            self.url.username_end = base.username_end;
            self.url.host_start = base.host_start;
            self.url.host_end = base.host_end;
            self.url.host = base.host;
            self.url.port = base.port;
        }
    }

    /// Copies a clone of the base's path (and whether it is opaque).
    pub fn copy_base_path(&mut self, base: &Url) {
        self.begin_path();
        self.url.serialization.push_str(base.path());
        self.url.opaque_path = base.opaque_path;
    }

    /// Copies the base's query, if non-null.
    pub fn copy_base_query(&mut self, base: &Url) {
        if let Some(q) = base.query() {
            self.url.query_start = Some(self.url.serialization.len());
            self.url.serialization.push('?');
            self.url.serialization.push_str(q);
        }
    }

    /// URL Standard, shorten a URL's path.
    pub fn shorten_path(&mut self) {
        let start = self.url.path_start;
        // Step 3: a file URL's lone drive letter stays (a browser may take
        // it for an ordinary segment).
        if self.url.scheme() == "file"
            && is_normalized_drive_segment(&self.url.serialization[start..])
        {
            let ordinary = self.quirks.file_drive_ordinary.or(self
                .quirks
                .file_dot_dot_drive
                .filter(|_| self.drive_from_input));
            match ordinary {
                Some(id) => self.depart(id, "the browser removes the drive letter too"),
                None => return,
            }
        }
        // A browser may keep a segment that looks like a drive letter in
        // any URL.
        if let Some(id) = self.quirks.drive_survives_dot_dot
            && !self.special
            && self.url.serialization[start..]
                .rsplit('/')
                .next()
                .is_some_and(|last| is_drive_letter(last.as_bytes()))
        {
            self.depart(id, "the browser keeps the drive letter");
            return;
        }
        let path = &self.url.serialization[start..];
        // Step 4.
        if let Some(slash) = path.rfind('/') {
            self.cut_record(start + slash);
            self.record(StepId::WhatwgPathShorten, "the last segment is removed");
        }
    }
}

/// Whether a serialized path is exactly one segment that is a normalized
/// Windows drive letter (`/C:`).
fn is_normalized_drive_segment(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() == 3 && b[0] == b'/' && b[1].is_ascii_alphabetic() && b[2] == b':'
}

/// Whether `b` is an ASCII URL code point that no state treats specially
/// outside hosts: alphanumerics and `!$&'()*+,-.:;=@_~` (not `/ ? #`).
/// A run of them is copied or skipped at once, with no validation error.
#[inline(always)]
pub fn is_plain(b: u8) -> bool {
    PLAIN[usize::from(b)]
}

/// The bytes [`is_plain`] holds, as a table: one load per byte.
static PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = plain_ascii(b as u8);
        b += 1;
    }
    table
};

/// Whether `b` may follow a scheme's first letter: an ASCII alphanumeric,
/// `+`, `-` or `.` (scheme state, 1).
#[inline(always)]
pub fn is_scheme_byte(b: u8) -> bool {
    SCHEME_BYTE[usize::from(b)]
}

/// The bytes [`is_scheme_byte`] holds, as a table: one load per byte.
static SCHEME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.');
        b += 1;
    }
    table
};

/// [`is_plain`] for building tables.
pub(crate) const fn plain_ascii(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b'-'
                | b'.'
                | b':'
                | b';'
                | b'='
                | b'@'
                | b'_'
                | b'~'
        )
}

/// The end of the run of bytes from `at` for which `keep` holds.
#[inline(always)]
pub fn run_end(input: &str, at: usize, keep: impl Fn(u8) -> bool) -> usize {
    let bytes = input.as_bytes();
    let mut end = at;
    // Four bytes to a bounds check while four are left: each byte still
    // costs its own test, so a short run costs no more than a byte loop.
    while let Some(&[a, b, c, d]) = bytes.get(end..end + 4) {
        if !keep(a) {
            return end;
        }
        if !keep(b) {
            return end + 1;
        }
        if !keep(c) {
            return end + 2;
        }
        if !keep(d) {
            return end + 3;
        }
        end += 4;
    }
    while end < bytes.len() && keep(bytes[end]) {
        end += 1;
    }
    end
}

/// URL Standard, Windows drive letter.
#[inline]
pub fn is_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

/// URL Standard, starts with a Windows drive letter.
pub fn starts_with_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}
