//! The trace: an ordered record of the steps the engine took.
//!
//! Every engine function is generic over a [`Tracer`]. The untraced entry
//! points pass [`NoTrace`], a zero-sized type whose `record` does nothing and
//! whose `ON` is `false`; each step's content is built inside a closure, so
//! with `NoTrace` the compiler removes the closure and nothing is allocated.
//! [`Trace`] records the steps for the app and the `--trace` output.
//!
//! Step identities live in one table, [`StepId`] (a
//! [`code_table!`](super::code_table)): its stable id, the spec section and step it implements, the stage it
//! belongs to, and a short explanation in our own words. The code records a
//! step where it does what the citation names (and says the same section and
//! step in a comment, e.g. `// Step 27`); the trace, the command line and the
//! app all take the id, the citation and the explanation from this table.
//!
//! The OPC resolver records on this same tracer: its steps are rows of the
//! one table under a stage of their own, [`Stage::Opc`], rather than steps
//! of a second tracer generic over its step type. One table and one `Step`
//! mean one way to record, serialize and show a step; an OPC step is the
//! whole reference before and after, with no component. The engine itself
//! never records an OPC step.
//! The RFC 3986 resolver does the same under [`Stage::Rfc3986`]: the
//! decisions of RFC 3986 5.2.2, each merge (5.2.3), each turn of
//! remove_dot_segments (5.2.4, with its buffers), recomposition (5.3) and
//! normalization (6.2).
//!
//! [`Trace::url_after`] gives the whole URL after any step (folded from the
//! steps' own before/after values, so recording costs nothing more), and
//! `engine::report` writes a trace as text or Markdown.

use std::borrow::Cow;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::code_table::code_table;
pub use super::record_snapshot::{RecordSnapshot, RecordView, Segments, SharedSlice};
use super::{Component, Mode};

/// Receives the steps of a run.
pub trait Tracer {
    /// Whether steps are recorded at all; lets callers skip work that only
    /// feeds the trace.
    const ON: bool;

    /// Records the step that `make` builds. `make` is only called when `ON`.
    fn record(&mut self, make: impl FnOnce() -> Step);

    /// Records a step `id` that `fill` completes: the same as `record`, for
    /// the hottest steps, where a tracer can fill the step before it stores
    /// it and so move it once.
    fn record_in(&mut self, id: StepId, fill: impl FnOnce(&mut Step)) {
        self.record(|| {
            let mut step = Step::new(id);
            fill(&mut step);
            step
        });
    }

    /// How many steps are recorded so far (none, for a tracer that keeps
    /// none).
    fn recorded(&self) -> usize {
        0
    }

    /// The steps recorded from the `from`th on, for a state machine to
    /// give them the text their records share (see
    /// [`RecordSnapshot::pending`]).
    fn steps_since(&mut self, from: usize) -> &mut [Step] {
        let _ = from;
        &mut []
    }
}

/// The tracer of untraced runs: records nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;

    #[inline(always)]
    fn record(&mut self, _make: impl FnOnce() -> Step) {}
}

/// A recorded trace: the steps in the order they were taken.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
}

impl Tracer for Trace {
    const ON: bool = true;

    fn record(&mut self, make: impl FnOnce() -> Step) {
        self.make_room();
        self.steps.push(make());
    }

    fn record_in(&mut self, id: StepId, fill: impl FnOnce(&mut Step)) {
        self.make_room();
        // Filled first, then moved in once: pushing a blank step and
        // filling it in the vector costs a second copy of the whole step.
        let mut step = Step::new(id);
        fill(&mut step);
        self.steps.push(step);
    }

    fn recorded(&self) -> usize {
        self.steps.len()
    }

    fn steps_since(&mut self, from: usize) -> &mut [Step] {
        self.steps.get_mut(from..).unwrap_or_default()
    }
}

impl Trace {
    /// A parse takes fifteen steps or so: room for them at the first,
    /// rather than a copy of every step at each doubling.
    fn make_room(&mut self) {
        if self.steps.capacity() == 0 {
            self.steps.reserve(24);
        }
    }
}

/// Passes the steps of the base URL's parsing on to `T`, marked as such.
pub struct OfBase<'t, T>(pub &'t mut T);

impl<T: Tracer> Tracer for OfBase<'_, T> {
    const ON: bool = T::ON;

    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> Step) {
        self.0.record(|| Step {
            of_base: true,
            ..make()
        });
    }

    #[inline(always)]
    fn record_in(&mut self, id: StepId, fill: impl FnOnce(&mut Step)) {
        self.0.record_in(id, |step| {
            step.of_base = true;
            fill(step);
        });
    }

    fn recorded(&self) -> usize {
        self.0.recorded()
    }

    fn steps_since(&mut self, from: usize) -> &mut [Step] {
        self.0.steps_since(from)
    }
}

/// The stages of the algorithm, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Preprocess,
    Parse,
    Resolve,
    Canonicalize,
    Host,
    Serialize,
    /// The OPC resolver's steps (ECMA-376 Part 2, Annex A): no stage of
    /// the 2012 algorithm, but recorded on the same tracer.
    Opc,
    /// The URL Standard's basic URL parser, state by state.
    UrlStandard,
    /// The URL Standard's host parser (domains, IPv4, IPv6, opaque hosts).
    UrlStandardHost,
    /// The URL Standard's API setters (`href`, `host`, `search`, ...).
    UrlStandardSetter,
    /// The `rfc3986` resolver's steps (RFC 3986 sections 5.2, 5.3 and
    /// 6.2): no stage of the 2012 algorithm, but recorded on the same tracer.
    Rfc3986,
    /// Where a browser leaves the URL Standard (the browser models): each
    /// step is one departure of one browser, recorded where it departs.
    Departure,
    /// CPython's `urllib.parse`, modelled (the `python` resolver): each
    /// step is a decision of its code, citing file and function.
    Python,
    /// Go's `net/url`, modelled (the `go` resolver): each step is a
    /// decision of its code, citing file and function.
    Go,
    /// Node.js's legacy `url.parse` and `url.resolve`, modelled (the
    /// `node-legacy` resolver).
    NodeLegacy,
    /// urllib3's `parse_url`, modelled (the `urllib3` resolver).
    Urllib3,
    /// PHP's `parse_url`, modelled (the `php` resolver).
    Php,
    /// Ruby's `URI` (the RFC 3986 parser), modelled (the `ruby` resolver).
    Ruby,
    /// Java's `java.net.URI`, modelled (the `java-uri` resolver).
    JavaUri,
    /// Java's `java.net.URL`, modelled (the `java-url` resolver).
    JavaUrl,
    /// Perl's `URI` module, modelled (the `perl` resolver).
    Perl,
    /// The `surt` package, modelled (the `surt` resolver): the Internet
    /// Archive's canonical form and SURT key.
    Surt,
    /// The `urlcanon` package, modelled (the `urlcanon-whatwg`,
    /// `urlcanon-google` and `urlcanon-semantic` resolvers): Brozzler's
    /// canonical forms and SSURT key.
    Urlcanon,
    /// w3lib's `canonicalize_url`, modelled (the `w3lib` resolver): what
    /// Scrapy dedupes requests by.
    W3lib,
    /// Safe Browsing's canonicalization and lookup expressions, as Google
    /// publishes them (the `safe-browsing` resolver).
    SafeBrowsing,
}

impl Stage {
    /// A human name for the stage.
    pub const fn title(self) -> &'static str {
        match self {
            Stage::Preprocess => "Preprocessing",
            Stage::Parse => "Parsing",
            Stage::Resolve => "Resolution",
            Stage::Canonicalize => "Canonicalization",
            Stage::Host => "Host (CanonicalizeHost, Nameprep)",
            Stage::Serialize => "Serialization",
            Stage::Opc => "OPC part names (ECMA-376 Part 2, Annex A)",
            Stage::UrlStandard => "URL Standard, basic URL parser",
            Stage::UrlStandardHost => "URL Standard, host parser",
            Stage::UrlStandardSetter => "URL Standard, URL API setters",
            Stage::Rfc3986 => "RFC 3986 resolution and normalization",
            Stage::Departure => "Where the browser leaves the URL Standard",
            Stage::Python => "Python's urllib.parse (CPython 3.11.7)",
            Stage::Go => "Go's net/url (Go 1.27.3)",
            Stage::NodeLegacy => "Node.js's legacy url.parse (Node.js 20.20.2)",
            Stage::Urllib3 => "urllib3's parse_url (urllib3 2.8.0)",
            Stage::Php => "PHP's parse_url (PHP 8.2.31)",
            Stage::Ruby => "Ruby's URI (Ruby 3.1.2)",
            Stage::JavaUri => "java.net.URI (OpenJDK 17.0.15)",
            Stage::JavaUrl => "java.net.URL (OpenJDK 17.0.15)",
            Stage::Perl => "Perl's URI module (URI 5.17)",
            Stage::Surt => "surt (surt 0.3.1)",
            Stage::Urlcanon => "urlcanon (urlcanon 0.3.1)",
            Stage::W3lib => "w3lib canonicalize_url (w3lib 2.5.0)",
            Stage::SafeBrowsing => "Safe Browsing canonicalization (v4, Web Risk)",
        }
    }
}

/// One step taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Which step of the spec this is.
    pub id: StepId,
    /// The component the step read or changed, if one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<Component>,
    /// The component's value before the step (`None`: absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    /// The component's value after the step (`None`: absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// Whether `before`/`after` are meaningful (a change or a value set);
    /// with it, a missing `before` or `after` means absent.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub changes: bool,
    /// The browser mode, when the step is one the markers select.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// The decision taken, in words, at a branch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<Cow<'static, str>>,
    /// For parse steps: the byte range of the preprocessed input the
    /// component came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range<usize>>,
    /// Set on the step that made the URL invalid.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub failed: bool,
    /// Set on the steps that parse the base URL (not the input).
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub of_base: bool,
    /// For the steps of remove dot-segments: `after` is the output buffer
    /// followed by the input buffer, and this is the output buffer's length
    /// in bytes (see [`Step::buffers`]).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub output_len: Option<u32>,
    /// For a state machine's steps: the pointer (a byte offset into the
    /// input the machine reads) when the step was taken. (`u32`, to keep a
    /// step small: a pointer past 4 GiB reads as `u32::MAX`.)
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub pointer: Option<u32>,
    /// For a state machine's steps: the code point at the pointer (`None`
    /// as well at the end of the input).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub code_point: Option<char>,
    /// For a state machine's steps: its buffer after the step.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub buffer: Option<SharedSlice>,
    /// For a state machine's steps: the URL record as it stands after the step.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub record: Option<RecordSnapshot>,
    /// The validation error reported at this step, by its stable name.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub validation_error: Option<Cow<'static, str>>,
}

impl Step {
    /// A step with nothing but its id.
    pub fn new(id: StepId) -> Step {
        Step {
            id,
            component: None,
            before: None,
            after: None,
            changes: false,
            mode: None,
            decision: None,
            range: None,
            failed: false,
            of_base: false,
            output_len: None,
            pointer: None,
            code_point: None,
            buffer: None,
            record: None,
            validation_error: None,
        }
    }

    /// A step that changed (or set) `component` from `before` to `after`.
    pub fn change(
        id: StepId,
        component: Component,
        before: Option<&str>,
        after: Option<&str>,
    ) -> Step {
        Step {
            component: Some(component),
            before: before.map(str::to_owned),
            after: after.map(str::to_owned),
            changes: true,
            ..Step::new(id)
        }
    }

    /// Adds the decision taken.
    pub fn decide(mut self, decision: impl Into<String>) -> Step {
        self.decision = Some(Cow::Owned(decision.into()));
        self
    }

    /// Adds the decision taken, a fixed text (kept without a copy: a state
    /// machine's steps take one each).
    pub fn decide_fixed(mut self, decision: &'static str) -> Step {
        self.decision = Some(Cow::Borrowed(decision));
        self
    }

    /// Marks the step as a browser-marked one for `mode`.
    pub fn in_mode(mut self, mode: Mode) -> Step {
        self.mode = Some(mode);
        self
    }

    /// Adds the source range of a parsed component.
    pub fn at(mut self, range: Range<usize>) -> Step {
        self.range = Some(range);
        self
    }

    /// Names the component the step concerns without a change.
    pub fn about(mut self, component: Component) -> Step {
        self.component = Some(component);
        self
    }

    /// Marks the step as the one that failed.
    pub fn fail(mut self) -> Step {
        self.failed = true;
        self
    }

    /// Marks `after` as the output buffer (its first `output_len` bytes)
    /// followed by the input buffer, as remove dot-segments holds them.
    pub fn with_buffers(mut self, output_len: usize) -> Step {
        self.output_len = Some(u32::try_from(output_len).unwrap_or(u32::MAX));
        self
    }

    /// The output and input buffers of remove dot-segments after this step,
    /// for its steps (`None` for every other step).
    pub fn buffers(&self) -> Option<(&str, &str)> {
        let after = self.after.as_deref()?;
        let at = usize::try_from(self.output_len?).ok()?;
        Some((after.get(..at)?, after.get(at..)?))
    }
}

code_table! {
    /// Every step a trace can record: the single table of step ids, the
    /// engine's stages first, then the resolvers' that record on this
    /// tracer (see the module docs). It serializes as its stable id
    /// (`"resolve.9.2"`).
    pub enum StepId;
    fn id, fn citation, fn explanation;
    column fn stage: Stage;

    // Preprocessing
    PreReplace => Preprocess, "pre.2", "Preprocessing, step 2",
        "Code points that cannot stand in text (surrogates, noncharacters) become U+FFFD.";
    PreRemoveTabs => Preprocess, "pre.3", "Preprocessing, step 3",
        "Tabs, line feeds and carriage returns are dropped wherever they are.";
    PreTrim => Preprocess, "pre.4", "Preprocessing, step 4",
        "Spaces, vertical tabs and form feeds are trimmed from both ends.";

    // Parsing
    ParseUnc => Parse, "parse.unc", "Parsing, UNC paths",
        "Two or more leading backslashes: a Windows UNC path, read as a file URL with a host.";
    ParseScheme => Parse, "parse.scheme", "Finding the scheme",
        "The scheme is the run of scheme characters before the first colon.";
    ParseNoScheme => Parse, "parse.no-scheme", "Finding the scheme; Parsing",
        "No scheme: a relative reference, invalid on its own and split as hierarchical.";
    ParseDrive => Parse, "parse.drive", "Parsing a drive URL",
        "A one-letter scheme is a Windows drive letter: the URL becomes a file URL whose path starts with the drive.";
    ParseFile => Parse, "parse.file", "Parsing a file: URL",
        "file: URLs have their own split: fragment, query, then host and path by the count of slashes.";
    ParseMailto => Parse, "parse.mailto", "Parsing a mailto: URL",
        "mailto: is split only at the first question mark, into path and query.";
    ParseOpaque => Parse, "parse.opaque", "Parsing (url-spec-steps: hierarchical split)",
        "about, data, javascript and vbscript keep everything after the colon as the path.";
    ParseHierarchical => Parse, "parse.hier", "Finding the authority, path, query, and fragment",
        "Starts with a slash, or has no scheme: split into authority, path, query and fragment.";
    ParseNonHierarchical => Parse, "parse.non-hier", "Parsing, non-hierarchical URLs",
        "No slash after the scheme: only the fragment and the query are split off; the rest is the path.";
    ParseThreeSlashes => Parse, "parse.hier.3-slashes", "Finding the authority (amended), three slashes",
        "Exactly three slashes: the authority is present but empty; the path starts at the third slash.";
    ParseAuthority => Parse, "parse.hier.authority", "Finding the authority, path, query, and fragment (url-spec 3.2)",
        "Two or more slashes: the authority runs to the next slash, question mark or number sign.";
    ParseUserInfo => Parse, "parse.userinfo", "Finding the user-info, host, and port (url-spec 3.3)",
        "The user-info ends at the last @; it splits into user and password at its first colon.";
    ParseHostPort => Parse, "parse.hostport", "Finding the user-info, host, and port (url-spec 3.3)",
        "The port follows the last colon, unless the host is a bracketed IPv6 literal.";
    ParseComponent => Parse, "parse.component", "Parsing",
        "A component was found in the input.";

    // Resolution
    ResolveSelf => Resolve, "resolve.self", "Resolution (no base URL given)",
        "No base URL was given: the input is resolved against itself, as the spec's reference does, so its dot-segments still go.";
    ResolveBaseInvalid => Resolve, "resolve.4", "Resolution, step 4",
        "The base URL is invalid, so nothing can be resolved against it.";
    ResolveEmpty => Resolve, "resolve.6", "Resolution, step 6",
        "An empty reference means the base URL itself, without its fragment.";
    ResolveRelative => Resolve, "resolve.8", "Resolution, step 8",
        "The reference has no scheme: it is resolved relative to the base.";
    ResolveSchemeOnly => Resolve, "resolve.9.1", "Resolution, step 9.1",
        "Only the base's own scheme was given: the result is the base without its fragment.";
    ResolveSameScheme => Resolve, "resolve.9.2", "Resolution, step 9.2",
        "Same scheme as a hierarchical base: the scheme is ignored and the rest resolved as relative.";
    ResolveAbsolute => Resolve, "resolve.10", "Resolution, step 10",
        "An absolute URL: only its own path is cleaned of dot-segments.";
    ResolveOpaque => Resolve, "resolve.11", "Resolution, last step",
        "An absolute URL that is not hierarchical is taken as it is.";
    RelBaseOpaque => Resolve, "resolve-rel.1", "Resolving a relative URL, step 1",
        "The base is not hierarchical, so a relative reference cannot be resolved against it.";
    RelAuthority => Resolve, "resolve-rel.2", "Resolving a relative URL, step 2",
        "The reference has an authority (scheme-relative): only the scheme comes from the base.";
    RelFileHost => Resolve, "resolve-rel.2.3", "Resolving a relative URL, step 2.3",
        "For file URLs the whole authority is the host.";
    RelAbsolutePath => Resolve, "resolve-rel.3", "Resolving a relative URL, step 3",
        "The path starts with a slash: scheme and authority come from the base.";
    RelQueryOnly => Resolve, "resolve-rel.4", "Resolving a relative URL, step 4",
        "No path but a query: scheme, authority and path come from the base.";
    RelFragmentOnly => Resolve, "resolve-rel.5", "Resolving a relative URL, step 5",
        "Only a fragment: everything else comes from the base, its query included.";
    RelPath => Resolve, "resolve-rel.6", "Resolving a relative URL, step 6",
        "A relative path: it is merged with the base path.";
    RelDrive => Resolve, "resolve-rel.6.5.2", "Resolving a relative URL, step 6.5.2",
        "The file path starts with a drive: the base's authority and path are dropped.";
    RelMerge => Resolve, "resolve-rel.6.6", "Resolving a relative URL, step 6.6; Merge path (RFC 3986 5.2.3)",
        "The merge starts from the base path; the reference path waits until the base's last segment is gone.";
    RelMergeEmptyBase => Resolve, "resolve-rel.6.6.empty", "Resolving a relative URL, step 6.6; Merge path (RFC 3986 5.2.3, empty base path)",
        "The base path is empty, so the merge starts from a single slash.";
    RelMergeCut => Resolve, "resolve-rel.6.6.cut", "Resolving a relative URL, step 6.6; Merge path (RFC 3986 5.2.3, with slash characters)",
        "What follows the base path's last slash (a backslash counts too) is dropped: the reference takes the place of the base's last segment.";
    RelMergeAppend => Resolve, "resolve-rel.6.6.append", "Resolving a relative URL, step 6.6; Merge path (RFC 3986 5.2.3)",
        "The reference path is appended to what is left of the base path.";
    FileDecodeSlashes => Resolve, "resolve.file-slashes", "Resolution, steps 10.1, 2.2.1, 3.3, 6.5.1",
        "In file URLs, %2F and %5C are decoded to slashes before dot-segments are removed.";
    DotsBackslash => Resolve, "resolve.dots.backslash", "Remove dot-segments (the spec's addition: backslashes)",
        "Before dot-segments are looked for, every backslash becomes a slash (RFC 3986 knows only '/').";
    RemoveDots => Resolve, "resolve.dots", "Remove dot-segments (RFC 3986 5.2.4, step 1)",
        "The path goes into the input buffer and the output buffer starts empty; each turn of the loop then applies the first of rules A to E that fits. The spec reads %2E as '.' throughout.";
    DotsRuleA => Resolve, "resolve.dots.a", "Remove dot-segments (RFC 3986 5.2.4, step 2A)",
        "The input buffer starts with '../' or './': that prefix is dropped (nothing is above the start to climb to).";
    DotsRuleB => Resolve, "resolve.dots.b", "Remove dot-segments (RFC 3986 5.2.4, step 2B)",
        "A '.' segment ('/./', or '/.' at the end) means 'this folder': it shrinks to a single slash.";
    DotsRuleC => Resolve, "resolve.dots.c", "Remove dot-segments (RFC 3986 5.2.4, step 2C)",
        "A '..' segment ('/../', or '/..' at the end) shrinks to a single slash, and the output buffer loses its last segment: one folder up.";
    DotsRuleD => Resolve, "resolve.dots.d", "Remove dot-segments (RFC 3986 5.2.4, step 2D)",
        "The input buffer is only '.' or '..': it is dropped.";
    DotsRuleE => Resolve, "resolve.dots.e", "Remove dot-segments (RFC 3986 5.2.4, step 2E)",
        "An ordinary segment: it moves, with its leading slash if any, from the input buffer to the end of the output buffer.";
    DotsRest => Resolve, "resolve.dots.rest", "Remove dot-segments (RFC 3986 5.2.4, steps 2-3)",
        "The path is too long to record every turn of the loop: the turns left are shown as one step, with how often each rule applied.";

    // Canonicalization
    CanonInvalid => Canonicalize, "canon.0", "Canonicalization, first step",
        "An invalid URL stays invalid.";
    CanonScheme => Canonicalize, "canon.scheme", "Canonicalization, scheme",
        "The scheme is lowercased.";
    CanonEmptyPassword => Canonicalize, "canon.userinfo.1", "Canonicalization, user-info",
        "An empty password is dropped with its colon.";
    CanonEmptyUser => Canonicalize, "canon.userinfo.2", "Canonicalization, user-info",
        "An empty user without a password is dropped with its @.";
    CanonUserEncode => Canonicalize, "canon.userinfo.3", "Canonicalization, user-info",
        "Characters other than unreserved ones and !$%&'()*+, are percent-encoded (UTF-8).";
    CanonFileHostDrive => Canonicalize, "canon.file.drive-host", "Canonicalization, HOSTPATH, drive host",
        "The host is a drive letter: it moves to the front of the path and the host becomes empty.";
    CanonFileLocalhost => Canonicalize, "canon.file.localhost", "Canonicalization, HOSTPATH, localhost",
        "A missing host or 'localhost' means the local machine: the host becomes empty.";
    CanonFileUncPath => Canonicalize, "canon.file.unc", "Canonicalization, HOSTPATH, three slashes",
        "Empty host and three or more slashes: the first path segment is the host.";
    CanonFileDrivePath => Canonicalize, "canon.file.drive-path", "Canonicalization, HOSTPATH, drive path",
        "A drive at the start of the path is written as /X:/.";
    CanonFileHost3F => Canonicalize, "canon.file.host-3f", "Canonicalization, HOSTPATH, %3F host",
        "A host of %3F next to a drive path is dropped.";
    CanonHost => Canonicalize, "canon.host", "Canonicalization, host",
        "The host goes through CanonicalizeHost.";
    CanonPortEmpty => Canonicalize, "canon.port.empty", "Canonicalization, port",
        "An empty port is dropped with its colon.";
    CanonPortDefault => Canonicalize, "canon.port.default", "Canonicalization, port; Port numbers table",
        "The port is the scheme's default, so it is dropped.";
    CanonPortNumber => Canonicalize, "canon.port.number", "Canonicalization, port",
        "The port is written in its shortest decimal form.";
    CanonPortInvalid => Canonicalize, "canon.port.invalid", "Canonicalization, port",
        "The port is not a number from 0 to 65535, so the URL is invalid.";
    CanonPathSlash => Canonicalize, "canon.path.slash", "Canonicalization, path of hierarchical URLs",
        "A hierarchical path always starts with a slash.";
    CanonPathDecode => Canonicalize, "canon.path.decode", "Canonicalization, path",
        "Percent-encoded unreserved characters are decoded.";
    CanonPathEncode => Canonicalize, "canon.path.encode", "Canonicalization, path",
        "Characters not allowed in a path are percent-encoded (UTF-8).";
    CanonOpaquePathEncode => Canonicalize, "canon.path.opaque", "Canonicalization, path of other URLs",
        "Only controls and non-ASCII characters are percent-encoded (UTF-8).";
    CanonFileRerun => Canonicalize, "canon.file.rerun", "Canonicalization, go to HOSTPATH",
        "A file URL whose host or path changed goes through the host and path rules again.";
    CanonDotPrefix => Canonicalize, "canon.path.dot-prefix", "Canonicalization, non-hierarchical path",
        "A path starting with // gets /. in front, so it is not read back as an authority.";
    CanonQueryEncoding => Canonicalize, "canon.query.encoding", "Canonicalization, query encoding",
        "Hierarchical URLs encode the query in the chosen encoding; others in UTF-8.";
    CanonQueryEncodingFallback => Canonicalize, "canon.query.encoding-fallback", "Percent-encoding, step 3; Encoding Standard, get an encoding",
        "The encoding label names no encoding, or one that does not keep ASCII as ASCII: the query is encoded in UTF-8.";
    CanonQueryEncode => Canonicalize, "canon.query.encode", "Canonicalization, query",
        "Characters not allowed in a query are percent-encoded in the query encoding.";
    CanonFragmentC1 => Canonicalize, "canon.fragment.c1", "Canonicalization, fragment",
        "C1 controls (U+0080 to U+009F) are percent-encoded as UTF-8.";
    CanonFragmentEncode => Canonicalize, "canon.fragment.encode", "Canonicalization, fragment",
        "C0 controls and DEL are percent-encoded; other characters stay.";

    // CanonicalizeHost and Nameprep
    HostRemoveTabs => Host, "host.2", "CanonicalizeHost, step 2",
        "Tabs, line feeds and carriage returns are dropped from the host.";
    HostFallback => Host, "host.4", "CanonicalizeHost, step 4",
        "Gecko keeps the lowercased input as the result to fall back on.";
    HostBracketEscape => Host, "host.5", "CanonicalizeHost, step 5",
        "A host starting with %5B is refused.";
    HostDecode => Host, "host.6", "CanonicalizeHost, step 6",
        "Percent-encoded bytes are decoded and read as UTF-8.";
    HostIeDecode => Host, "host.7", "CanonicalizeHost, step 7",
        "IE decodes only escapes of ASCII letters, digits, '-', '.', '_' and of characters not allowed in URLs.";
    HostRootDotEarly => Host, "host.10", "CanonicalizeHost, step 10",
        "A trailing label separator is set aside and put back at the end.";
    HostNameprep => Host, "host.11", "CanonicalizeHost, step 11; Nameprep",
        "Nameprep maps, normalizes (NFKC) and checks the host.";
    HostChromePercent => Host, "host.12", "CanonicalizeHost, step 12",
        "Chrome refuses a host that still holds a percent sign.";
    HostGeckoNulSpace => Host, "host.13", "CanonicalizeHost, step 13",
        "Gecko: a NUL or space in the host decides between failing and the fallback.";
    HostChromeEncode => Host, "host.14", "CanonicalizeHost, step 14",
        "Chrome percent-encodes characters it does not allow in hosts.";
    HostSeparators => Host, "host.15", "CanonicalizeHost, step 15",
        "Ideographic and fullwidth full stops become '.'.";
    HostRootDot => Host, "host.16", "CanonicalizeHost, step 16",
        "A trailing dot is set aside and put back at the end.";
    HostIeXn => Host, "host.18", "CanonicalizeHost, step 18",
        "IE: a label starting with xn-- makes the host go through the IDN steps.";
    HostGeckoTld => Host, "host.20.1", "CanonicalizeHost, step 20.1",
        "Gecko shows Unicode only under whitelisted TLDs and without blacklisted characters.";
    HostLabelBidi => Host, "host.20.2.1.1", "CanonicalizeHost, step 20.2.1.1",
        "Each label gets the Nameprep bidi check.";
    HostPunycode => Host, "host.20.2.1.2", "CanonicalizeHost, step 20.2.1.2",
        "A non-ASCII label is encoded with Punycode and prefixed with xn--.";
    HostAsciiLabel => Host, "host.20.2.1.3", "CanonicalizeHost, step 20.2.1.3",
        "An ASCII label must not be empty (THIS, CHROME) and at most 63 characters long.";
    HostIeRoundTrip => Host, "host.20.2.2", "CanonicalizeHost, step 20.2.2",
        "IE checks that each label survives ToUnicode then ToASCII unchanged.";
    HostJoin => Host, "host.21", "CanonicalizeHost, steps 21-22",
        "The labels are joined with dots; the trailing dot is put back.";
    HostChromeUnescape => Host, "host.23", "CanonicalizeHost, steps 23-24",
        "Chrome turns escapes into Latin-1 characters and lowercases ASCII.";
    HostIpv6 => Host, "host.25", "CanonicalizeHost, step 25; IPv6 addresses",
        "A bracketed IPv6 address is written in its RFC 5952 form.";
    HostColon => Host, "host.26", "CanonicalizeHost, step 26",
        "A colon outside an IPv6 literal is refused (except in file URLs).";
    HostIpv4 => Host, "host.27", "CanonicalizeHost, step 27; IPv4 addresses",
        "An IPv4 address, in any of its number forms, is written as four decimal numbers.";
    HostForbidden => Host, "host.28", "CanonicalizeHost, step 28",
        "Characters that no host may hold make the host fail.";
    HostIeBadEscape => Host, "host.29", "CanonicalizeHost, step 29",
        "IE refuses %00 and a % not followed by two hex digits.";
    HostEncode => Host, "host.30", "CanonicalizeHost, step 30",
        "Characters not allowed in hosts are percent-encoded.";
    NameprepGeckoToneMarks => Host, "nameprep.2", "Nameprep, step 2",
        "Gecko refuses U+0340 and U+0341.";
    NameprepMap => Host, "nameprep.3", "Nameprep, step 3 (RFC 3454 tables B.1, B.2)",
        "Invisible characters are removed and letters case-folded.";
    NameprepCorrigendum5 => Host, "nameprep.4", "Nameprep, step 4",
        "Gecko's NFKC predates Corrigendum 5: the last two characters of such sequences are swapped.";
    NameprepNfkc => Host, "nameprep.7", "Nameprep, step 7",
        "Compatibility normalization (NFKC).";
    NameprepRemap => Host, "nameprep.8", "Nameprep, steps 8-9",
        "Code points unassigned in Unicode 3.2 were present: map and normalize again.";
    NameprepProhibit => Host, "nameprep.10", "Nameprep, step 10 (RFC 3454 tables C.1.2-C.9)",
        "Spaces, controls, private-use and other prohibited characters make the host fail.";
    NameprepBidi => Host, "nameprep.11", "Nameprep, step 11 (RFC 3454 section 6)",
        "Right-to-left labels must not mix in left-to-right letters and must start and end right-to-left.";

    // Serialization
    Serialize => Serialize, "serialize", "Serialization",
        "The components are written out with their delimiters.";

    // OPC part names (the `opc` resolver)
    OpcToIri => Opc, "opc.a1", "Annex A, arc 1 (Unicode string to IRI)",
        "ASCII characters that are neither reserved nor unreserved are percent-encoded; '%' is left for step 2 of arc 3.";
    OpcToUri => Opc, "opc.a2", "Annex A, arc 2 (IRI to URI); RFC 3987 3.1 step 2",
        "Non-ASCII characters are written in UTF-8 and percent-encoded.";
    OpcAbsolute => Opc, "opc.a3.absolute", "Annex A.3 (absolute URI)",
        "An absolute URI is resolved the ordinary way (RFC 3986 5.2), with nothing specific to packages.";
    OpcBrackets => Opc, "opc.a3.1", "Annex A.3, step 1",
        "Every '[' and ']' is percent-encoded.";
    OpcLonePercent => Opc, "opc.a3.2", "Annex A.3, step 2",
        "Every '%' not followed by two hexadecimal digits is percent-encoded.";
    OpcDecodeUnreserved => Opc, "opc.a3.3", "Annex A.3, step 3",
        "Percent-encoded unreserved characters are decoded.";
    OpcDecodeSlashes => Opc, "opc.a3.4", "Annex A.3, step 4",
        "Percent-encoded '/' and '\\' are decoded.";
    OpcBackslashes => Opc, "opc.a3.5", "Annex A.3, step 5",
        "Every '\\' becomes '/'.";
    OpcTrailingDots => Opc, "opc.a3.6", "Annex A.3, step 6",
        "Trailing dots are removed from every segment that holds something other than dots.";
    OpcSlashRuns => Opc, "opc.a3.7", "Annex A.3, step 7",
        "Every run of '/' becomes one '/'.";
    OpcTrailingSlash => Opc, "opc.a3.8", "Annex A.3, step 8",
        "One trailing '/' is removed.";
    OpcDotSegments => Opc, "opc.a3.9", "Annex A.3, step 9",
        "Segments of three or more dots only are removed.";
    OpcResolve => Opc, "opc.a3.10", "Annex A.3, step 10; RFC 3986 5.2",
        "The reference is resolved against the source part's pack URI; the path of the result is the part name.";
    OpcPartName => Opc, "opc.part-name", "Part 2, Part names",
        "The part name is checked against the part-name rules.";

    // The URL Standard: the basic URL parser's states
    WhatwgPreprocess => UrlStandard, "whatwg.preprocess", "URL Standard, basic URL parser, steps 1-3",
        "Leading and trailing C0 controls and spaces are trimmed, and tabs and newlines removed everywhere.";
    WhatwgSchemeStart => UrlStandard, "whatwg.scheme-start", "URL Standard, basic URL parser, scheme start state",
        "An ASCII letter starts a scheme; anything else means the input has none.";
    WhatwgScheme => UrlStandard, "whatwg.scheme", "URL Standard, basic URL parser, scheme state",
        "Letters, digits, '+', '-' and '.' up to a colon make the scheme, lowercased; what comes after the colon picks the next state.";
    WhatwgNoScheme => UrlStandard, "whatwg.no-scheme", "URL Standard, basic URL parser, no scheme state",
        "No scheme: the input can only be relative to a base that is not an opaque-path URL (or be a lone fragment of one).";
    WhatwgSpecialRelativeOrAuthority => UrlStandard, "whatwg.special-relative-or-authority", "URL Standard, basic URL parser, special relative or authority state",
        "Same special scheme as the base: two slashes start an authority, anything else is relative to the base.";
    WhatwgPathOrAuthority => UrlStandard, "whatwg.path-or-authority", "URL Standard, basic URL parser, path or authority state",
        "A second slash after a non-special scheme starts an authority; otherwise the path begins.";
    WhatwgRelative => UrlStandard, "whatwg.relative", "URL Standard, basic URL parser, relative state",
        "The scheme comes from the base; unless a slash follows, so do the credentials, host, port, path and query.";
    WhatwgRelativeSlash => UrlStandard, "whatwg.relative-slash", "URL Standard, basic URL parser, relative slash state",
        "After one slash: a second starts an authority, otherwise the path is absolute on the base's host.";
    WhatwgSpecialAuthoritySlashes => UrlStandard, "whatwg.special-authority-slashes", "URL Standard, basic URL parser, special authority slashes state",
        "A special scheme expects two slashes before its authority.";
    WhatwgSpecialAuthorityIgnoreSlashes => UrlStandard, "whatwg.special-authority-ignore-slashes", "URL Standard, basic URL parser, special authority ignore slashes state",
        "Any further slashes or backslashes are skipped before the authority.";
    WhatwgAuthority => UrlStandard, "whatwg.authority", "URL Standard, basic URL parser, authority state",
        "The authority is read up to its end; an '@' makes what came before it the username and password.";
    WhatwgHost => UrlStandard, "whatwg.host", "URL Standard, basic URL parser, host state",
        "The host runs to a colon outside brackets or to the end of the authority, and goes to the host parser.";
    WhatwgHostname => UrlStandard, "whatwg.hostname", "URL Standard, basic URL parser, hostname state",
        "As the host state, for the hostname setter: a port is not accepted.";
    WhatwgPort => UrlStandard, "whatwg.port", "URL Standard, basic URL parser, port state",
        "Digits make the port, which must fit 16 bits; the scheme's default port is dropped.";
    WhatwgFile => UrlStandard, "whatwg.file", "URL Standard, basic URL parser, file state",
        "A file URL: its host starts empty; without a slash it borrows host, path and query from a file base.";
    WhatwgFileSlash => UrlStandard, "whatwg.file-slash", "URL Standard, basic URL parser, file slash state",
        "After one slash in a file URL: a second starts the host, otherwise the base's host (and drive letter) are kept.";
    WhatwgFileHost => UrlStandard, "whatwg.file-host", "URL Standard, basic URL parser, file host state",
        "A file URL's host; 'localhost' becomes the empty host, and a drive letter here is taken as the path.";
    WhatwgPathStart => UrlStandard, "whatwg.path-start", "URL Standard, basic URL parser, path start state",
        "Where the path would begin: special URLs always get one, others only if something follows.";
    WhatwgPath => UrlStandard, "whatwg.path", "URL Standard, basic URL parser, path state",
        "The path is read segment by segment, each percent-encoded with the path percent-encode set.";
    WhatwgPathPush => UrlStandard, "whatwg.path.push", "URL Standard, basic URL parser, path state, 1.4",
        "A segment ends and is appended to the path.";
    WhatwgPathDoubleDot => UrlStandard, "whatwg.path.double-dot", "URL Standard, basic URL parser, path state, 1.2",
        "A '..' segment (or '.%2e', '%2e.', '%2e%2e') is not appended: the path is shortened instead, and at the end of the path an empty segment is appended so it ends with '/'.";
    WhatwgPathDot => UrlStandard, "whatwg.path.dot", "URL Standard, basic URL parser, path state, 1.3",
        "A '.' segment (or '%2e') is not appended; at the end of the path it leaves an empty segment, so the path ends with '/'.";
    WhatwgPathShorten => UrlStandard, "whatwg.path.shorten", "URL Standard, shorten a URL's path",
        "The path's last segment is removed ('..', or a relative reference replacing the base's last segment); a file URL's lone drive letter stays.";
    WhatwgOpaquePath => UrlStandard, "whatwg.opaque-path", "URL Standard, basic URL parser, opaque path state",
        "A URL with no slash after its scheme keeps one opaque path, encoded only for controls and non-ASCII.";
    WhatwgQuery => UrlStandard, "whatwg.query", "URL Standard, basic URL parser, query state",
        "The query is encoded in the chosen encoding (UTF-8 for non-special, ws and wss URLs) and percent-encoded.";
    WhatwgFragment => UrlStandard, "whatwg.fragment", "URL Standard, basic URL parser, fragment state",
        "The fragment is percent-encoded with the fragment percent-encode set.";
    WhatwgSerialize => UrlStandard, "whatwg.serialize", "URL Standard, URL serializer",
        "The URL record written out: scheme, '//' and authority when there is a host, path, query and fragment.";

    // The URL Standard: the host parser
    WhatwgHostIpv6 => UrlStandardHost, "whatwg.host.ipv6", "URL Standard, host parser, step 1; IPv6 parser",
        "A bracketed host is an IPv6 address, written back compressed and lowercase.";
    WhatwgHostOpaque => UrlStandardHost, "whatwg.host.opaque", "URL Standard, host parser, step 2; opaque-host parser",
        "A non-special URL's host is opaque: refused for forbidden host code points, otherwise only controls and non-ASCII are encoded.";
    WhatwgHostDomain => UrlStandardHost, "whatwg.host.domain", "URL Standard, host parser, steps 4-7; domain parser",
        "The host is percent-decoded, read as UTF-8 and turned into an ASCII domain by UTS #46 (ASCII input is only lowercased).";
    WhatwgHostIpv4 => UrlStandardHost, "whatwg.host.ipv4", "URL Standard, host parser, step 8; IPv4 parser",
        "A domain ending in a number is an IPv4 address, in decimal, octal or hexadecimal parts.";

    // The URL Standard: the URL API setters
    WhatwgSetHref => UrlStandardSetter, "whatwg.set.href", "URL Standard, URL class, href setter",
        "The value is parsed as a new URL with no base; failure leaves the URL as it was.";
    WhatwgSetProtocol => UrlStandardSetter, "whatwg.set.protocol", "URL Standard, URL class, protocol setter",
        "The value and a colon run through the scheme states; a change between special and non-special schemes is refused.";
    WhatwgSetUsername => UrlStandardSetter, "whatwg.set.username", "URL Standard, URL class, username setter",
        "The username is set, percent-encoded, unless the URL cannot have one.";
    WhatwgSetPassword => UrlStandardSetter, "whatwg.set.password", "URL Standard, URL class, password setter",
        "The password is set, percent-encoded, unless the URL cannot have one.";
    WhatwgSetHost => UrlStandardSetter, "whatwg.set.host", "URL Standard, URL class, host setter",
        "The value runs through the host state (and the port state after a colon); an opaque-path URL is left alone.";
    WhatwgSetHostname => UrlStandardSetter, "whatwg.set.hostname", "URL Standard, URL class, hostname setter",
        "The value runs through the hostname state; an opaque-path URL is left alone.";
    WhatwgSetPort => UrlStandardSetter, "whatwg.set.port", "URL Standard, URL class, port setter",
        "The value runs through the port state; empty removes the port.";
    WhatwgSetPathname => UrlStandardSetter, "whatwg.set.pathname", "URL Standard, URL class, pathname setter",
        "The path is emptied and the value runs through the path start state; an opaque path is left alone.";
    WhatwgSetSearch => UrlStandardSetter, "whatwg.set.search", "URL Standard, URL class, search setter",
        "The query is replaced by the value (less one leading '?') run through the query state; empty removes it.";
    WhatwgSetHash => UrlStandardSetter, "whatwg.set.hash", "URL Standard, URL class, hash setter",
        "The fragment is replaced by the value (less one leading '#') run through the fragment state; empty removes it.";
    // Today's browsers: where each leaves the URL Standard (the `chromium`,
    // `firefox` and `webkit` models). The citation names the browser, the
    // place in its source where it is known, and its own bug where one is.
    ChromiumPipeInPath => Departure, "chromium.pipe-in-path", "Chromium 156, url/url_canon_path.cc (whatwg/url#852)",
        "'|' in a hierarchical path is read as %7C, so 'C|' is never a Windows drive letter.";
    ChromiumHostSpace => Departure, "chromium.host-space-escaped", "Chromium 156, url/url_canon_host.cc; crbug.com/1416013",
        "A space in a special host (also %20, or a code point UTS #46 maps to a space) is accepted and written %20, where the Standard refuses it.";
    ChromiumHostAsterisk => Departure, "chromium.host-asterisk-escaped", "Chromium 156, url/url_canon_host.cc; crbug.com/1416013",
        "'*' in a special host is written %2A; the Standard keeps it.";
    ChromiumIpv6PercentDecoded => Departure, "chromium.ipv6-host-percent-decoded", "Chromium 156, url/url_canon_host.cc",
        "A special host is percent-decoded before the '[' of an IPv6 address is looked for, so http://%5B::1]/ is [::1]; the Standard refuses it.";
    ChromiumHostDecodedAgain => Departure, "chromium.host-decoded-again", "Chromium 156, url/url_canon_host.cc",
        "What UTS #46 makes of a special host is percent-decoded once more, so a fullwidth '％４１' is read as 'A'; the Standard refuses the '%'.";
    ChromiumApostropheInQuery => Departure, "chromium.apostrophe-in-query", "Chromium 156, url/url_canon_query.cc (whatwg/url#348)",
        "An apostrophe in the query of a non-special URL is written %27, as the Standard does only for special URLs.";
    ChromiumApostropheInUserinfo => Departure, "chromium.apostrophe-in-userinfo", "Chromium 156, url/url_canon_etc.cc",
        "An apostrophe in a username or password is written %27; the Standard's userinfo set leaves it.";
    ChromiumOpaquePathSpace => Departure, "chromium.opaque-path-space-kept", "Chromium 156, url/url_canon_pathurl.cc",
        "A space ending an opaque path just before '?' or '#' stays a space; the Standard writes it %20 so the URL reads back the same.";
    ChromiumFileLocalhost => Departure, "chromium.file-localhost-kept", "Chromium 156, url/url_canon_fileurl.cc (whatwg/url#618)",
        "file://localhost/ keeps the host localhost, unless a drive letter starts the path; the Standard empties it.";
    ChromiumFileDriveAuthority => Departure, "chromium.file-drive-letter-authority-refused", "Chromium 156, url/url_parse_file.cc",
        "A drive letter where a file URL's host goes (file://C:/) is refused; the Standard moves it into the path.";
    ChromiumFileHostThenQuery => Departure, "chromium.file-host-then-query-refused", "Chromium 156, url/url_parse_file.cc",
        "A file URL whose authority is followed directly by '?' or '#' (file://h?x) is refused; the Standard gives the path '/'.";
    ChromiumFileSlashes => Departure, "chromium.file-slashes-collapsed", "Chromium 156, url/url_parse_file.cc (whatwg/url#405)",
        "Four or more slashes after 'file:' are read as three, so file:////x is file:///x.";
    ChromiumFileDriveOrdinary => Departure, "chromium.file-drive-letter-ordinary", "Chromium 156, url/url_canon_path.cc",
        "A drive letter in a file path is an ordinary segment: '..' removes it, and a path-absolute reference does not keep the base's.";
    ChromiumFileColonRelative => Departure, "chromium.file-colon-relative", "Chromium 156, url/url_canon_relative.cc",
        "'file:' followed directly by a drive letter, against a file base, is resolved as a relative path.";
    ChromiumDataTabNewline => Departure, "chromium.data-url-keeps-tab-newline", "Chromium 156, url/url_util.cc",
        "In a data: URL, tabs and newlines are kept, written %09, %0A and %0D; the Standard removes them first.";
    ChromiumOpaqueHostLowByte => Departure, "chromium.opaque-host-low-byte", "Chromium 156, url/url_canon_host.cc (IsForbiddenHostCodePoint on a 16-bit unit)",
        "An opaque host is refused when a non-ASCII code point's first UTF-16 unit, cut to its low byte, is a forbidden host code point (U+0440 reads as '@').";
    ChromiumBackslashRelativePath => Departure, "chromium.backslash-in-relative-path", "Chromium 156, url/url_canon_relative.cc",
        "A relative path reference against a non-special base has its backslashes read as slashes before the query.";
    ChromiumBackslashReference => Departure, "chromium.backslash-reference", "Chromium 156, url/url_canon_relative.cc",
        "A reference starting with a backslash against a non-special base: one is path-absolute with its backslashes as slashes; two slash-like code points drop the base's host.";
    ChromiumStandardSchemes => Departure, "chromium.registered-standard-schemes", "Chromium 156, url/url_util.cc (its registered standard schemes)",
        "chrome:, chrome-extension:, devtools:, isolated-app: and Chromium's other standard schemes are parsed as http: is, without credentials or port.";
    ChromiumPathOnlySchemes => Departure, "chromium.path-only-schemes", "Chromium 156, url/url_util.cc",
        "android:, drivefs:, steam: and a few other schemes keep everything after the scheme as the path: no host, no port.";
    ChromiumFilesystemInner => Departure, "chromium.filesystem-inner-url", "Chromium 156, url/third_party/mozilla/url_parse.cc (ParseFileSystemURL) and url/url_canon_filesystemurl.cc (CanonicalizeFileSystemURL)",
        "filesystem: holds a URL of a standard scheme or file:, canonicalized without credentials, whose first path segment is the type: the rest is the pathname and references resolve within it; any other inner URL is refused. The Standard keeps the text as an opaque path.";
    ChromiumIpv6Ipv4Numbers => Departure, "chromium.ipv6-ipv4-part-numbers", "Chromium 156, url/url_canon_ip.h (DoParseIPv6 and DoIPv6AddressToNumber, which call IPv4AddressToNumber)",
        "The IPv4 part of an IPv6 address is read as an IPv4 host's numbers are: four parts, octal or hexadecimal ones too, so [a:b:c:d:e:f:127.0.0.011] ends 7f00:9; the Standard takes decimal parts without leading zeros only.";
    ChromiumIpv6PercentInBrackets => Departure, "chromium.ipv6-percent-decoded-in-brackets", "Chromium 156, url/url_canon_host.cc (DoHost and DoComplexHost: the host is unescaped before CanonicalizeIPAddress reads it)",
        "A special host in brackets is percent-decoded before it is read as IPv6, so [::%31] is [::1], with its port after the bracket; the Standard refuses the '%'.";
    ChromiumFileReferenceSlashDot => Departure, "chromium.file-reference-keeps-slash-dot", "Chromium 156, url/url_canon_relative.cc (a relative path against a file base)",
        "A reference resolved against a file base with an empty host, whose path comes out starting '//', is written with '/.' before that path, as the Standard writes a URL without a host; the pathname getter leaves it out.";
    FirefoxSimpleUri => Departure, "firefox.simple-uri", "Firefox 153, netwerk/base/nsSimpleURI.cpp",
        "about:, blob:, data: and javascript: are kept nearly as written: no host, no dot segments; only controls, DEL and non-ASCII are percent-encoded before '#'.";
    FirefoxOwnSchemes => Departure, "firefox.own-schemes", "Firefox 153, netwerk/base/nsStandardURL.cpp and nsURLParsers.cpp",
        "chrome: and moz-extension: have protocol handlers of Firefox's own and are parsed by nsStandardURL, an older parser: one slash starts a path, none or two an authority, and hosts, paths and queries are written its own way.";
    FirefoxViewSource => Departure, "firefox.view-source-nested", "Firefox 153, netwerk/protocol/viewsource",
        "view-source:X wraps X, parsed on its own against the base, and fails when X fails.";
    FirefoxFileHostDropped => Departure, "firefox.file-host-dropped", "Firefox 153, netwerk/base/nsStandardURL.cpp (whatwg/url#302)",
        "A file URL never keeps a host: file://server/x is file:///x, whatever the authority held.";
    FirefoxFileBaseDrive => Departure, "firefox.file-base-drive-letter-not-kept", "Firefox 153, netwerk/base/nsURLParsers.cpp",
        "A path-absolute reference against a file base whose path starts with a drive letter does not keep the drive letter.";
    FirefoxFileDotDotDrive => Departure, "firefox.file-dot-dot-removes-drive-letter", "Firefox 153, netwerk/base/nsStandardURL.cpp",
        "In a file URL written with a leading slash, '..' removes a drive letter segment.";
    FirefoxFileDrivePipeKept => Departure, "firefox.file-drive-pipe-kept", "Firefox 153, netwerk/base/nsStandardURL.cpp",
        "A drive letter written 'C|' that ends the path before '?' or '#' keeps its '|'.";
    FirefoxFileDrivePipeAbsolute => Departure, "firefox.file-drive-pipe-absolute", "Firefox 153, netwerk/base/nsStandardURL.cpp",
        "Against a file base, a reference starting 'X|' (or 'file:' and 'X:' or 'X|') not followed by a slash is the absolute path /X...: the drive letter's look makes it absolute, the path kept as typed.";
    FirefoxNulEndsReference => Departure, "firefox.nul-ends-reference", "Firefox 153, netwerk/base/nsStandardURL.cpp",
        "A relative reference against a special base is cut at its first NUL, unless it starts with '#'.";
    FirefoxFragmentTrailing => Departure, "firefox.fragment-keeps-trailing-c0", "Firefox 153, netwerk/base/nsStandardURL.cpp",
        "A fragment-only reference keeps its trailing spaces and controls, percent-encoded; the Standard strips them first.";
    FirefoxIpv4EmptyHex => Departure, "firefox.ipv4-empty-hex-refused", "Firefox 153, netwerk/base/nsURLHelper.cpp (whatwg/url#50)",
        "An IPv4 host whose last part is just '0x' is refused; the Standard reads it as 0.";
    FirefoxHostAsteriskQuote => Departure, "firefox.host-asterisk-or-quote-refused", "Firefox 153, netwerk/base/nsStandardURL.cpp; bugzilla 1548306",
        "A special host holding '*' or a double quote is refused; the Standard allows both.";
    FirefoxInvalidXn => Departure, "firefox.invalid-xn-label-refused", "Firefox 153, netwerk/dns/nsIDNService.cpp (whatwg/url#821)",
        "An ASCII host that UTS #46 ToASCII refuses (an xn-- label that is no valid Punycode) is refused; the Standard takes an ASCII host as it is.";
    FirefoxOpaquePathSpace => Departure, "firefox.opaque-path-space-kept", "Firefox 153, the url crate (DefaultURI)",
        "A space ending an opaque path just before '?' or '#' stays a space; the Standard writes it %20.";
    FirefoxBackslashReference => Departure, "firefox.backslash-reference", "Firefox 153, the url crate (DefaultURI)",
        "A reference starting with a backslash, or a slash and a backslash, against a non-special base reads its first two slash-like code points as '/'.";
    FirefoxCaretKept => Departure, "firefox.caret-in-path-kept", "Firefox 153, the url crate (DefaultURI)",
        "'^' in the path of a scheme Firefox has no handler for stays '^'; the Standard writes %5E.";
    FirefoxDriveSurvivesDotDot => Departure, "firefox.drive-letter-survives-dot-dot", "Firefox 153, the url crate (servo/rust-url#1130)",
        "In a scheme Firefox has no handler for, a segment that looks like a drive letter is never removed by '..'.";
    FirefoxOpaqueHostOneControl => Departure, "firefox.opaque-host-one-control-kept", "Firefox 153, the url crate (DefaultURI): Host::parse_opaque_cow",
        "In a scheme Firefox has no handler for, a host that is one C0 control or DEL keeps it as it is; the Standard percent-encodes it (%10).";
    WebkitInvalidXn => Departure, "webkit.invalid-xn-label-refused", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp (whatwg/url#821)",
        "An ASCII host that UTS #46 ToASCII refuses (an xn-- label that is no valid Punycode) is refused; the Standard takes an ASCII host as it is.";
    WebkitBackslashReference => Departure, "webkit.backslash-reference", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp; bugs.webkit.org 310986",
        "A reference starting with a backslash, or a slash and a backslash, against a non-special base reads its first two slash-like code points as '/'.";
    WebkitColonSlashAlone => Departure, "webkit.colon-slash-alone-refused", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp (fixed by WebKit PR 61579)",
        "'http:/' alone (a special scheme, one slash, nothing after) against a base of that scheme is refused.";
    WebkitUserinfoEmptyPath => Departure, "webkit.userinfo-empty-path-slash", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp",
        "A non-special URL whose authority holds '@' and whose path is empty before '?' or '#' gets the path '/'.";
    WebkitPathnameSlashDot => Departure, "webkit.pathname-drops-slash-dot", "WebKitGTK 2.50, Source/WTF/wtf/URL.cpp (oven-sh/bun#39457)",
        "For a URL without a host whose path starts '/.', the pathname getter leaves out that '/.'; href is right.";
    WebkitIpv6TrailingColon => Departure, "webkit.ipv6-trailing-colon-ignored", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp (parseIPv6Host)",
        "A colon ending a compressed IPv6 address is ignored while the compression still stands for a zero piece, so [1::8:] is [1::8]; the Standard refuses it.";
    WebkitFileHostDrivePipe => Departure, "webkit.file-host-drive-pipe-kept", "WebKitGTK 2.50, Source/WTF/wtf/URLParser.cpp",
        "In a file URL written with a host (file://h/c|/x, localhost too), a drive letter's '|' stays '|'; the Standard writes ':'.";

    // RFC 3986 resolution and normalization (the `rfc3986` resolver)
    Rfc3986Base => Rfc3986, "rfc3986.5.2.1.base", "RFC 3986 5.2.1",
        "The base must be an absolute URI (a scheme, no relative form); a fragment it has plays no part in resolution.";
    Rfc3986NoBase => Rfc3986, "rfc3986.5.2.1.no-base", "RFC 3986 5.1, 5.2.1",
        "The reference has no scheme and there is no base URI, so there is nothing to resolve it against.";
    Rfc3986TargetScheme => Rfc3986, "rfc3986.5.2.2.target-scheme", "RFC 3986 5.2.2",
        "The target's scheme: the reference's own when it has one (strict: even when it equals the base's), else the base's.";
    Rfc3986TargetAuthority => Rfc3986, "rfc3986.5.2.2.target-authority", "RFC 3986 5.2.2",
        "The target's authority: the reference's when it has a scheme or an authority, else the base's.";
    Rfc3986TargetPath => Rfc3986, "rfc3986.5.2.2.target-path", "RFC 3986 5.2.2",
        "The target's path: the reference's, cleaned of dot-segments, when it has a scheme, an authority or a path starting with '/'; the base's as it is when the reference's path is empty; else the two merged, then cleaned.";
    Rfc3986TargetQuery => Rfc3986, "rfc3986.5.2.2.target-query", "RFC 3986 5.2.2",
        "The target's query: the reference's, except that a reference with an empty path and no query keeps the base's.";
    Rfc3986TargetFragment => Rfc3986, "rfc3986.5.2.2.target-fragment", "RFC 3986 5.2.2",
        "The target's fragment is always the reference's; the base's never carries over.";
    Rfc3986MergeEmptyBase => Rfc3986, "rfc3986.5.2.3.empty-base", "RFC 3986 5.2.3, first case",
        "The base has an authority and an empty path: the merged path is '/' followed by the reference's path.";
    Rfc3986MergeCut => Rfc3986, "rfc3986.5.2.3.cut", "RFC 3986 5.2.3, second case",
        "What follows the base path's last '/' is dropped and the reference's path takes its place.";
    Rfc3986MergeNoSlash => Rfc3986, "rfc3986.5.2.3.no-slash", "RFC 3986 5.2.3, second case",
        "The base path holds no '/' (a rootless path such as mailto:x): all of it is dropped, and the merged path is the reference's path.";
    Rfc3986Dots => Rfc3986, "rfc3986.5.2.4.start", "RFC 3986 5.2.4, step 1",
        "The path goes into the input buffer and the output buffer starts empty. Only the literal segments '.' and '..' are dot-segments here: a percent-encoded dot is an ordinary character until normalization.";
    Rfc3986DotsA => Rfc3986, "rfc3986.5.2.4.a", "RFC 3986 5.2.4, step 2A",
        "The input buffer starts with '../' or './': that prefix is dropped.";
    Rfc3986DotsB => Rfc3986, "rfc3986.5.2.4.b", "RFC 3986 5.2.4, step 2B",
        "A '.' segment ('/./', or '/.' at the end) shrinks to a single '/'.";
    Rfc3986DotsC => Rfc3986, "rfc3986.5.2.4.c", "RFC 3986 5.2.4, step 2C",
        "A '..' segment ('/../', or '/..' at the end) shrinks to a single '/', and the output buffer loses its last segment with the '/' before it.";
    Rfc3986DotsD => Rfc3986, "rfc3986.5.2.4.d", "RFC 3986 5.2.4, step 2D",
        "The input buffer is only '.' or '..': it is dropped.";
    Rfc3986DotsE => Rfc3986, "rfc3986.5.2.4.e", "RFC 3986 5.2.4, step 2E",
        "An ordinary segment moves, with its leading '/' if any, from the input buffer to the end of the output buffer.";
    Rfc3986DotsRest => Rfc3986, "rfc3986.5.2.4.rest", "RFC 3986 5.2.4, steps 2-3",
        "The path is too long to record every turn of the loop: the turns left are shown as one step, with how often each rule applied.";
    Rfc3986Recompose => Rfc3986, "rfc3986.5.3", "RFC 3986 5.3",
        "The target's components are joined again with their delimiters: scheme ':', '//' authority, path, '?' query, '#' fragment.";
    Rfc3986DotPrefix => Rfc3986, "rfc3986.5.3.dot-prefix", "RFC 3986 3.3, 5.3",
        "The path starts with '//' and there is no authority, which the URI grammar does not allow: '/.' goes in front, so the string does not read back with an authority and means the same path.";
    Rfc3986NormalizeSyntax => Rfc3986, "rfc3986.6.2.2", "RFC 3986 6.2.2 (syntax-based normalization)",
        "Scheme and host are lowercased and the hex digits of escapes uppercased (6.2.2.1), escapes of unreserved characters decoded (6.2.2.2), then dot-segments removed from the path (6.2.2.3), so a '%2E' segment decoded just before now counts.";
    Rfc3986NormalizeScheme => Rfc3986, "rfc3986.6.2.3", "RFC 3986 6.2.3 (scheme-based normalization)",
        "For http and https only: the default port (80, 443) is dropped, and an empty path with an authority becomes '/'.";

    // Python's urllib.parse (the `python` resolver, engine/servers/python.rs)
    PythonJoinEmpty => Python, "python.urljoin.empty", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "An empty base gives the input back as it is, and an empty input gives the base back whole, its fragment included.";
    PythonParams => Python, "python.urlparse.params", "CPython 3.11.7, Lib/urllib/parse.py, urlparse and _splitparams",
        "For the schemes of uses_params, the last path segment's text after its first ';' is set apart as params (an empty one is lost).";
    PythonJoinScheme => Python, "python.urljoin.scheme", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "The input is parsed with the base's scheme as its default; a scheme other than the base's, or one urljoin does not resolve (uses_relative), gives the input back unchanged.";
    PythonJoinNetloc => Python, "python.urljoin.netloc", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "An input with a netloc of its own is put back together as it is: its path keeps its dot segments.";
    PythonJoinNoPath => Python, "python.urljoin.no-path", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "An input with no path and no params takes the base's path and params, and the base's query unless it has one.";
    PythonJoinMerge => Python, "python.urljoin.merge", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "The path is cut into segments: an absolute input path alone, else the base's folder and then the input's path, the empty segments between them dropped.";
    PythonJoinDots => Python, "python.urljoin.dots", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "Each '..' drops the segment before it (nothing at the root), each '.' is skipped, and a path that ends in either gets a trailing slash.";
    PythonJoinResult => Python, "python.urljoin.urlunparse", "CPython 3.11.7, Lib/urllib/parse.py, urljoin and urlunparse",
        "urljoin writes its parts back into one string (params after a ';'), which urlsplit then reads again.";
    PythonSplitStrip => Python, "python.urlsplit.strip", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit (CVE-2023-24329)",
        "C0 controls and spaces are removed from the front only.";
    PythonSplitRemove => Python, "python.urlsplit.remove-tab-newline", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit (_UNSAFE_URL_BYTES_TO_REMOVE)",
        "Every tab, carriage return and line feed is removed, wherever it stands.";
    PythonSplitTrailing => Python, "python.urlsplit.trailing-kept", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit",
        "The text ends in a C0 control or a space, which urlsplit keeps: it stays in the last part, a host included.";
    PythonSplitScheme => Python, "python.urlsplit.scheme", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit",
        "The scheme is the text before the first ':' when it starts with an ASCII letter and holds only letters, digits, '+', '-' and '.'; it is lowercased.";
    PythonSplitNetloc => Python, "python.urlsplit.netloc", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit and _splitnetloc",
        "After '//' the netloc runs to the first '/', '?' or '#', whatever the scheme; a backslash does not end it.";
    PythonSplitBrackets => Python, "python.urlsplit.brackets", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit and _check_bracketed_host; Lib/ipaddress.py",
        "A '[' in the netloc needs a ']' and back; the text between the first '[' and the next ']' must be an IPv6 address or an IPvFuture, and not IPv4.";
    PythonSplitFragment => Python, "python.urlsplit.fragment", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit",
        "Everything after the first '#' is the fragment.";
    PythonSplitQuery => Python, "python.urlsplit.query", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit",
        "Everything after the first '?' before the fragment is the query; what is left is the path.";
    PythonSplitNfkc => Python, "python.urlsplit.nfkc", "CPython 3.11.7, Lib/urllib/parse.py, _checknetloc",
        "A netloc that is not ASCII must not gain a '/', '?', '#', '@' or ':' under NFKC normalization, as it would on its way through IDNA.";
    PythonUserinfo => Python, "python.userinfo", "CPython 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinStr._userinfo",
        "The userinfo is the netloc before its last '@'; its first ':' parts username from password. Nothing is decoded.";
    PythonHostinfo => Python, "python.hostinfo", "CPython 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinStr._hostinfo",
        "The host is what follows the last '@': the text between its first '[' and the next ']', else the text before its first ':', whose rest is the port.";
    PythonHostname => Python, "python.hostname", "CPython 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinBase.hostname",
        "An empty host is None; else it is lowercased up to its first '%' and otherwise returned as written: no decoding, no IDNA, no IPv4 parsing.";
    PythonPort => Python, "python.port", "CPython 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinBase.port",
        "The port text must be ASCII digits whose number is 0 to 65535; else reading .port raises, though nothing else does.";
    PythonGeturl => Python, "python.geturl", "CPython 3.11.7, Lib/urllib/parse.py, SplitResult.geturl and urlunsplit",
        "The parts are written back: '//' and the netloc when there is a netloc or the scheme uses one, and '?' and '#' only before text that is not empty.";
    // (python rows end here)

    // Go's net/url (the `go` resolver, engine/servers/go.rs)
    GoFragmentCut => Go, "go.parse.fragment-cut", "Go 1.27.3, src/net/url/url.go, Parse",
        "The URL is cut at its first '#': what follows is the fragment, read on its own; the rest goes to parse.";
    GoControl => Go, "go.parse.control", "Go 1.27.3, src/net/url/url.go, parse (stringContainsCTLByte)",
        "A byte below 0x20 or DEL before the fragment refuses the URL; nothing is stripped or trimmed first.";
    GoAsterisk => Go, "go.parse.asterisk", "Go 1.27.3, src/net/url/url.go, parse",
        "The URL '*' on its own is the path '*', as in a server-wide OPTIONS request.";
    GoScheme => Go, "go.get-scheme", "Go 1.27.3, src/net/url/url.go, getScheme",
        "The scheme is the run of ASCII letters, digits, '+', '-' and '.' before the first ':', starting with a letter, lowercased; a ':' first is an error, any other byte ends the search with no scheme.";
    GoQuery => Go, "go.parse.query", "Go 1.27.3, src/net/url/url.go, parse",
        "The query is everything after the first '?', kept as written with no check; a single '?' at the very end gives an empty query that is still written back (ForceQuery).";
    GoOpaque => Go, "go.parse.opaque", "Go 1.27.3, src/net/url/url.go, parse",
        "A scheme not followed by '/' makes the rest opaque: no authority, no path, nothing decoded.";
    GoFirstSegmentColon => Go, "go.parse.first-segment-colon", "Go 1.27.3, src/net/url/url.go, parse",
        "Without a scheme, a ':' in the first path segment refuses the URL, since it would read as a scheme.";
    GoAuthority => Go, "go.parse.authority", "Go 1.27.3, src/net/url/url.go, parse",
        "'//' (after a scheme, or without one unless it is '///') starts the authority, which runs to the next '/' only: a backslash is an ordinary byte.";
    GoOmitHost => Go, "go.parse.omit-host", "Go 1.27.3, src/net/url/url.go, parse",
        "A scheme followed by a single '/' has no authority: OmitHost is set, so the URL is written back without '//'.";
    GoUserinfo => Go, "go.parse-authority.userinfo", "Go 1.27.3, src/net/url/url.go, parseAuthority, validUserinfo",
        "The userinfo runs to the last '@'; it may hold only ASCII letters, digits and - . _ : ~ ! $ & ' ( ) * + , ; = % @, is split at its first ':' and percent-decoded.";
    GoIpLiteral => Go, "go.parse-host.ip-literal", "Go 1.27.3, src/net/url/url.go, parseHost; src/net/netip/netip.go, ParseAddr",
        "A host starting '[' must close with ']', be followed by nothing or ':' and digits, and hold an IPv6 address (a zone after %25) that netip.ParseAddr takes and that is not IPv4; a '[' anywhere else is refused.";
    GoPort => Go, "go.parse-host.port", "Go 1.27.3, src/net/url/url.go, parseHost, validOptionalPort",
        "The port is ':' and digits of any count and value after the host; http and https start it at the first ':' (urlstrictcolons), other schemes at the last.";
    GoHostUnescape => Go, "go.parse-host.unescape", "Go 1.27.3, src/net/url/url.go, unescape (encodeHost)",
        "The host is percent-decoded: an escape must give a byte of 0x80 or more or be %25, and an ASCII byte outside letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : [ ] < > \" is refused; no lowercasing, no IDNA, no IPv4 number forms.";
    GoSetPath => Go, "go.set-path", "Go 1.27.3, src/net/url/url.go, setPath",
        "The path is percent-decoded (every '%' must start two hex digits); the text as written is kept as RawPath when escaping the decoded path would not give it back.";
    GoSetFragment => Go, "go.set-fragment", "Go 1.27.3, src/net/url/url.go, setFragment",
        "The fragment is percent-decoded and never checked for controls; the text as written is kept as RawFragment when escaping would not give it back.";
    GoResolveScheme => Go, "go.resolve.scheme", "Go 1.27.3, src/net/url/url.go, ResolveReference",
        "The reference keeps its own scheme, or takes the base's when it has none.";
    GoResolveAbsolute => Go, "go.resolve.absolute", "Go 1.27.3, src/net/url/url.go, ResolveReference",
        "A reference with a scheme, a host or a userinfo keeps all of its own parts; only the dot segments of its path are removed.";
    GoResolveBaseQuery => Go, "go.resolve.base-query", "Go 1.27.3, src/net/url/url.go, ResolveReference",
        "A reference with no path and no query takes the base's query, and the base's fragment too when it has none of its own.";
    GoResolveOpaqueBase => Go, "go.resolve.opaque-base", "Go 1.27.3, src/net/url/url.go, ResolveReference",
        "Against an opaque base, a reference without a path gives the base's opaque text, with the reference's query and fragment.";
    GoResolveMerge => Go, "go.resolve.merge", "Go 1.27.3, src/net/url/url.go, ResolveReference, resolvePath",
        "The base's host and userinfo are taken; a reference path not starting with '/' is appended to the base's escaped path up to its last '/'.";
    GoResolveDots => Go, "go.resolve-path.dots", "Go 1.27.3, src/net/url/url.go, resolvePath",
        "The escaped path is rebuilt segment by segment: '.' is skipped, '..' drops the segment before it (never above the root), empty segments stay; a result starting '//' loses one '/'. An escaped dot is no dot segment.";
    GoEscapedPath => Go, "go.escaped-path", "Go 1.27.3, src/net/url/url.go, EscapedPath, validEncoded",
        "The path as written (RawPath) when it is a valid encoding of the decoded path, else the decoded path escaped again, upper-case hex.";
    GoString => Go, "go.string", "Go 1.27.3, src/net/url/url.go, String",
        "The URL is written back: scheme ':', '//' with the escaped userinfo and host where there is one, the escaped path (a first '/' as %2F or './' in front where it would misread), '?' and the raw query, '#' and the escaped fragment.";
    GoHostnamePort => Go, "go.hostname-port", "Go 1.27.3, src/net/url/url.go, Hostname, Port, splitHostPort",
        "Hostname() and Port() split the host at its last ':' when only digits follow it, then drop one pair of square brackets.";
    // (go rows end here)

    // Node.js's legacy url.parse and url.resolve (the `node-legacy` resolver, engine/servers/node_legacy.rs)
    NodeTrim => NodeLegacy, "node-legacy.parse.trim", "Node.js 20.20.2, lib/url.js, Url.prototype.parse",
        "Code units below '!', U+00A0 and U+FEFF are trimmed from both ends, and every backslash before the first '?' or '#' becomes '/'.";
    NodeSimplePath => NodeLegacy, "node-legacy.parse.simple-path", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (simplePathPattern)",
        "Without '@' or '#' (and outside url.resolve), a text that starts with '/' (not '///') and holds no whitespace is a bare path: href, path and pathname are the text as written, nothing escaped.";
    NodeProtocol => NodeLegacy, "node-legacy.parse.protocol", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (protocolPattern)",
        "A run of ASCII letters, digits, '+', '-' and '.' (a digit or dot may come first) before the first ':' is the protocol, lowercased with its colon.";
    NodeSlashes => NodeLegacy, "node-legacy.parse.slashes", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (hostPattern, hostlessProtocol, slashedProtocol)",
        "'//' is dropped when there is a protocol, when url.resolve asks, or when the text looks like //user@host; a host follows '//', and also follows any protocol that is not http, https, ftp, gopher, file, ws or wss as written (so 'HTTP:x' has a host where 'http:x' has none).";
    NodeAuthority => NodeLegacy, "node-legacy.parse.authority", "Node.js 20.20.2, lib/url.js, Url.prototype.parse",
        "Tabs, LFs and CRs before the first '/', '?' or '#' are dropped; the host starts after the last '@' before that point and ends at the first of those or at a character RFC 2396 never allows in a host (space \" % ' ; < > \\ ^ ` { | }), which starts the path.";
    NodeAuth => NodeLegacy, "node-legacy.parse.auth", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (decodeURIComponent)",
        "Everything before the last '@' is the auth, percent-decoded; a bad escape throws URIError.";
    NodeParseHost => NodeLegacy, "node-legacy.parse-host.port", "Node.js 20.20.2, lib/url.js, Url.prototype.parseHost (portPattern)",
        "A ':' followed only by ASCII digits to the end of the host splits off the port (an empty one is dropped); the rest, if any, is the hostname.";
    NodeGetHostname => NodeLegacy, "node-legacy.get-hostname", "Node.js 20.20.2, lib/url.js, getHostname",
        "The hostname stops at its first '/', '\\', '#', '?' or ':'; what follows it moves, after a '/', to the front of the path (so 'a:b:80' has hostname 'a', port 80 and path '/:b').";
    NodeHostnameCase => NodeLegacy, "node-legacy.parse.hostname-case", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (hostnameMaxLen)",
        "A hostname over 255 UTF-16 code units becomes empty; any other is lowercased with toLowerCase (full Unicode).";
    NodeToAscii => NodeLegacy, "node-legacy.parse.to-ascii", "Node.js 20.20.2, lib/url.js, Url.prototype.parse; src/encoding_binding.cc, ToASCII; ada 2.9.2, ada::idna::to_ascii",
        "A hostname without brackets goes through ada's to_ascii: ASCII labels are only lowercased and never checked (bar 'xn--' ones); other labels are mapped (IDNA 15.0), checked by ada's rules and Punycoded; a refusal is the empty string, and a U+0000 cuts the answer short.";
    NodeForbidden => NodeLegacy, "node-legacy.parse.forbidden-host", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (forbiddenHostChars, forbiddenHostCharsIpv6)",
        "An empty toASCII answer, or one holding \\0 \\t \\n \\r space # % / : < > ? @ [ \\ ] ^ |, throws ERR_INVALID_URL; a bracketed hostname may hold ':', '[' and ']' but none of the others.";
    NodeIpv6 => NodeLegacy, "node-legacy.parse.ipv6", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (isIpv6Hostname)",
        "A hostname from '[' to ']' loses its brackets (the host keeps them), and is never checked as an address; the path gets a leading '/'.";
    NodeAutoEscape => NodeLegacy, "node-legacy.parse.auto-escape", "Node.js 20.20.2, lib/url.js, autoEscapeStr",
        "After the host, tab, LF, CR, space, \" ' < > \\ ^ ` { | } are percent-encoded (unless the protocol is javascript:); '%' and non-ASCII are left as they are.";
    NodeSearchHash => NodeLegacy, "node-legacy.parse.search-hash", "Node.js 20.20.2, lib/url.js, Url.prototype.parse",
        "The first '#' starts the hash; the first '?' before it starts the search, whose text after the '?' is the query.";
    NodePathname => NodeLegacy, "node-legacy.parse.pathname", "Node.js 20.20.2, lib/url.js, Url.prototype.parse",
        "What is left before the search and hash is the pathname; a slashed protocol with a hostname and no pathname gets '/'; path is pathname and search.";
    NodeFormat => NodeLegacy, "node-legacy.format", "Node.js 20.20.2, lib/url.js, Url.prototype.format",
        "href is written back from the fields: protocol, '//' for slashed protocols or when slashes was set, the auth percent-encoded but for letters, digits and ! ' ( ) * - . : _ ~, host (or hostname and port), pathname with '#' and '?' escaped, search with '#' escaped, hash.";
    NodeResolveEmpty => NodeLegacy, "node-legacy.resolve.empty", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "An empty relative URL gives the source back, with the relative hash (none).";
    NodeResolveSlashes => NodeLegacy, "node-legacy.resolve.slashes", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "A relative URL with '//' and no protocol takes everything but the protocol from itself: host, auth, path and all.";
    NodeResolveProtocol => NodeLegacy, "node-legacy.resolve.protocol", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "A relative URL with another protocol is taken whole unless that protocol is slashed; a slashed one without a host takes its first non-empty path segment as the host (file: excepted).";
    NodeResolveNoSlashes => NodeLegacy, "node-legacy.resolve.no-leading-slashes", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "With a protocol that is not slashed (mailto:, foo:), the host becomes the first path segment, so '..' can climb into it; it is put back at the end.";
    NodeResolveAbsolute => NodeLegacy, "node-legacy.resolve.absolute", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "A relative URL with a host or a path from '/' brings its own host, port, search and path; the auth stays only if the host does.";
    NodeResolveRelative => NodeLegacy, "node-legacy.resolve.relative", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "A relative path takes the place of the source path's last segment; its search replaces the source's.";
    NodeResolveSearch => NodeLegacy, "node-legacy.resolve.search", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "A relative URL with only a search keeps the source's path and takes the search.";
    NodeResolveNoPath => NodeLegacy, "node-legacy.resolve.no-path", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "With no path on either side the pathname is null.";
    NodeResolveDots => NodeLegacy, "node-legacy.resolve.dots", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "From the end, '.' segments go and each '..' removes the segment before it; '..' that climb past the start are kept only when the result need not be absolute; '.' or '..' last (or '' last) keeps a trailing '/'.";
    NodeResolveHostBack => NodeLegacy, "node-legacy.resolve.host-back", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "For a protocol that is not slashed, the first segment goes back to the host, and an '@' after its first character splits an auth off it.";
    NodeResolveFormat => NodeLegacy, "node-legacy.resolve.format", "Node.js 20.20.2, lib/url.js, Url.prototype.resolve",
        "url.resolve returns format() of the resolved object: the text url.parse then reads.";
    NodeConnectHost => NodeLegacy, "node-legacy.connect-host", "Node.js 20.20.2, lib/_http_client.js, ClientRequest",
        "The host a client connects to: http.request given a parsed legacy URL takes its hostname.";
    // (node-legacy rows end here)

    // urllib3's parse_url (the `urllib3` resolver, engine/servers/urllib3.rs)
    Urllib3Join => Urllib3, "urllib3.urljoin", "CPython 3.11.7, Lib/urllib/parse.py, urljoin (as a requests user resolves a link)",
        "With a base, the link is first resolved by urllib.parse.urljoin (its own steps are CPython's), and parse_url reads the string it gives.";
    Urllib3Empty => Urllib3, "urllib3.parse-url.empty", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "An empty string gives a Url whose every field is None.";
    Urllib3SchemeRe => Urllib3, "urllib3.parse-url.scheme-re", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url (_SCHEME_RE)",
        "Unless the text starts with '/' or with an ASCII letter, letters, digits, '+' or '-' and a ':' (no '.'), '//' is put in front of it, so that it reads as an authority.";
    Urllib3UriRe => Urllib3, "urllib3.parse-url.uri-re", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url (_URI_RE)",
        "The text is cut once: a scheme (a letter, then letters, digits, '+', '-', '.') before ':', an authority after '//' up to the first '\\', '/', '?' or '#', the path, a query after '?', a fragment after '#'.";
    Urllib3Normalize => Urllib3, "urllib3.parse-url.normalize-uri", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "Only http, https and no scheme are normalized: for another scheme the userinfo, host, path, query and fragment stay as written; the scheme is lowercased either way.";
    Urllib3Auth => Urllib3, "urllib3.parse-url.auth", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "The userinfo is the authority before its last '@' (None when empty); what follows is the host and port.";
    Urllib3HostPort => Urllib3, "urllib3.parse-url.host-port", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url (_HOST_PORT_RE)",
        "The host and port must match whole: a reg-name (no '[', ']', ':', '/', '?', '#', and '%' only before two hex digits) or a bracketed IPv6 address with an optional zone, then optionally ':' and digits, at most five after the leading zeros; else the URL is refused, naming the first control or space if there is one.";
    Urllib3Encode => Urllib3, "urllib3.encode-invalid-chars", "urllib3 2.8.0, src/urllib3/util/url.py, _encode_invalid_chars",
        "Each byte of the UTF-8 outside the component's allowed ASCII set is percent-encoded; escapes already there are uppercased, and a '%' is kept only when every '%' starts an escape.";
    Urllib3Port => Urllib3, "urllib3.parse-url.port", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "The port digits are read as a number, which must be at most 65535, else the whole URL is refused; an empty port is None.";
    Urllib3HostControl => Urllib3, "urllib3.normalize-host.control", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host",
        "A host holding a C0 control, a space or DEL is refused, whatever the scheme.";
    Urllib3HostKept => Urllib3, "urllib3.normalize-host.kept", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host",
        "For a scheme other than http or https the host is kept as written: no lowercasing, no decoding, no IDNA.";
    Urllib3HostIpv6 => Urllib3, "urllib3.normalize-host.ipv6", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host",
        "A bracketed IPv6 address is lowercased; a zone after '%' (a '%25' there is taken as the escaped '%' and dropped) keeps its case, its escapes uppercased and refused if they encode a control.";
    Urllib3HostIpv4 => Urllib3, "urllib3.normalize-host.ipv4", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host (_IPV4_RE)",
        "A host of one to four dot-separated numbers, decimal or hex after '0x', is kept exactly as written: not lowercased, not checked, not converted.";
    Urllib3HostPercent => Urllib3, "urllib3.normalize-host.percent", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host, _normalize_host_percent_encoding",
        "In a reg-name host, escapes of unreserved characters are decoded, other escapes uppercased, and an escaped control refused.";
    Urllib3HostLabels => Urllib3, "urllib3.normalize-host.labels", "urllib3 2.8.0, src/urllib3/util/url.py, _normalize_host, _idna_encode",
        "The host is cut at '.': an ASCII label is lowercased (its escapes uppercased again), any other goes through idna.encode; the labels are joined with '.' again, and that is the host requests connects to.";
    Urllib3IdnaLabel => Urllib3, "urllib3.idna-encode", "urllib3 2.8.0, src/urllib3/util/url.py, _idna_encode",
        "A label that is not ASCII is lowercased (str.lower) and given to idna.encode, strict and without UTS #46 mapping: IDNA 2008 checks only. Any IDNAError refuses the URL, as 'Name ... is not a valid IDNA label'.";
    Urllib3IdnaEncode => Urllib3, "urllib3.idna.encode", "idna 3.20, idna/core.py, encode and alabel",
        "The lowercased label may be at most 254 code points; an ASCII one (KELVIN SIGN lowercases to 'k') goes to ulabel and is kept, any other to check_label and Punycode.";
    Urllib3IdnaUlabel => Urllib3, "urllib3.idna.ulabel", "idna 3.20, idna/core.py, ulabel",
        "An ASCII label starting 'xn--' must be the canonical Punycode of a label that passes check_label; another ASCII label is checked as it is.";
    Urllib3IdnaNfc => Urllib3, "urllib3.idna.check-nfc", "idna 3.20, idna/core.py, check_nfc",
        "The label must be in Normalization Form C, by CPython 3.11's Unicode 14.0 data.";
    Urllib3IdnaHyphen => Urllib3, "urllib3.idna.check-hyphen", "idna 3.20, idna/core.py, check_hyphen_ok",
        "No '--' in the third and fourth places, and no '-' first or last.";
    Urllib3IdnaCombiner => Urllib3, "urllib3.idna.check-initial-combiner", "idna 3.20, idna/core.py, check_initial_combiner",
        "The label must not start with a combining mark (general category M).";
    Urllib3IdnaCodepoints => Urllib3, "urllib3.idna.codepoints", "idna 3.20, idna/core.py, check_label, valid_contextj, valid_contexto",
        "Each code point must be PVALID, or CONTEXTJ or CONTEXTO with its RFC 5892 rule met, by idna's own IDNA 2008 tables (Unicode 18.0).";
    Urllib3IdnaBidi => Urllib3, "urllib3.idna.check-bidi", "idna 3.20, idna/core.py, check_bidi",
        "A code point CPython 3.11 gives no bidirectional class refuses the label; a label holding R, AL or AN must meet the Bidi Rule of RFC 5893.";
    Urllib3IdnaAlabel => Urllib3, "urllib3.idna.alabel", "idna 3.20, idna/core.py, alabel",
        "The label becomes 'xn--' and its Punycode, which may be at most 63 bytes.";
    Urllib3PathDots => Urllib3, "urllib3.remove-dot-segments", "urllib3 2.8.0, src/urllib3/util/url.py, _remove_path_dot_segments",
        "The path's '.' segments are dropped and each '..' drops the segment before it; a path that started with '/' keeps one, and one that ended in '/.' or '/..' ends in '/'.";
    Urllib3EmptyPath => Urllib3, "urllib3.parse-url.empty-path", "urllib3 2.8.0, src/urllib3/util/url.py, parse_url",
        "An empty path is '' when a query or a fragment follows, else None.";
    Urllib3UrlNew => Urllib3, "urllib3.url.new", "urllib3 2.8.0, src/urllib3/util/url.py, Url.__new__",
        "A path that does not start with '/' gets one in front.";
    Urllib3Url => Urllib3, "urllib3.url.url", "urllib3 2.8.0, src/urllib3/util/url.py, Url.url",
        "The URL is written back: scheme and '://' (always two slashes), auth and '@', host, ':' and the port, path, '?' and query, '#' and fragment, each only where it is not None.";
    Urllib3Properties => Urllib3, "urllib3.url.properties", "urllib3 2.8.0, src/urllib3/util/url.py, Url.request_uri, Url.netloc, Url.authority",
        "request_uri is the path (or '/') with '?' and the query; netloc is host and ':' port; authority puts auth and '@' in front of the netloc.";
    // (urllib3 rows end here)

    // PHP's parse_url (the `php` resolver, engine/servers/php.rs)
    PhpScheme => Php, "php.scheme", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "The first ':' anywhere in the string ends the scheme, if every byte before it is an ASCII letter, a digit, '+', '-' or '.' (a digit or a sign may come first); nothing is lowercased.";
    PhpSchemeInvalid => Php, "php.scheme.invalid", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "A byte before the first ':' that no scheme holds: that ':' then starts a port if it is not the last byte and comes before any '?' or '#'; else a leading '//' starts the authority; else the whole string is a path.";
    PhpNoScheme => Php, "php.scheme.none", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "No ':' at all: a leading '//' starts the authority, anything else is a path. A ':' at the very start goes to the port reader.";
    PhpSchemeOnly => Php, "php.scheme.only", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "The ':' is the last byte: the scheme is all there is.";
    PhpPortLookalike => Php, "php.scheme.port-lookalike", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "No '/' follows the ':': when at most five digits follow it, then '/' or the end, the text reads as host and port ('example.com:80'); else it is a scheme and the rest a path ('mailto:a@b', 'http:evil.com').";
    PhpSlashes => Php, "php.scheme.slashes", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2",
        "After 'scheme:/' a second '/' starts the authority and a lone one the path; 'file:///' goes straight to the path, from the third '/' (the fourth before a drive letter, as in 'file:///c:/').";
    PhpParsePort => Php, "php.parse-port", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (parse_port)",
        "After the first ':', one to five digits ending at '/' or the end are the port, which must be at most 65535; a ':' alone is refused. A leading '//' is skipped, and the authority is read from there, or from the very start.";
    PhpAuthority => Php, "php.authority", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (parse_host)",
        "The authority runs to the first '/', '?' or '#': a backslash, a space or a control does not end it.";
    PhpUserinfo => Php, "php.userinfo", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (parse_host)",
        "The authority's last '@' ends the userinfo, and its first ':' parts user from password; nothing is decoded.";
    PhpPort => Php, "php.port", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (parse_host)",
        "The last ':' after the userinfo starts the port (none when the host starts with '[' and the authority ends with ']'); its text, at most five bytes, is read by strtol (spaces, a sign, digits, the rest ignored) and must give 0 to 65535, or the URL is refused. A port already read after the first ':' stays, unless it was 0.";
    PhpHost => Php, "php.host", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (parse_host)",
        "The host is what lies between the userinfo and the port, as written: no lowercasing, no decoding, no check of its bytes; an empty host refuses the URL.";
    PhpFragment => Php, "php.fragment", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (just_path)",
        "Everything after the first '#' of the rest is the fragment, present (and empty) even when the '#' ends the URL.";
    PhpQuery => Php, "php.query", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (just_path)",
        "Everything after the first '?' before the fragment is the query, present (and empty) even when nothing follows the '?'.";
    PhpPath => Php, "php.path", "PHP 8.2.31, ext/standard/url.c, php_url_parse_ex2 (just_path)",
        "What is left is the path: present when it is not empty, or when nothing at all was left to read.";
    PhpControls => Php, "php.controls", "PHP 8.2.31, ext/standard/url.c, php_replace_controlchars_ex",
        "Every control byte of the part (0x00 to 0x1F and 0x7F, iscntrl in the C.UTF-8 locale PHP sets) becomes '_'; bytes from 0x80 on are left alone.";
    PhpResult => Php, "php.result", "PHP 8.2.31, ext/standard/url.c, PHP_FUNCTION(parse_url)",
        "parse_url returns false when the parser refused the URL, else an array with a key for each part found, in the order scheme, host, port, user, pass, path, query, fragment.";
    // (php rows end here)

    // The surt package (the `surt` resolver, engine/canon_forms/surt.rs)
    SurtEmpty => Surt, "surt.empty", "surt 0.3.1, surt/surt.py, _surt_bytes",
        "An empty URL gives '-', and one that starts with 'filedesc' (an ARC file's header) is returned as it is.";
    SurtStrip => Surt, "surt.parse.strip", "surt 0.3.1, surt/handyurl.py, handyurl.parse",
        "ASCII whitespace is stripped from both ends, then every tab, CR and LF is removed.";
    SurtDefaultScheme => Surt, "surt.parse.default-scheme", "surt 0.3.1, surt/handyurl.py, handyurl.addDefaultSchemeIfNeeded",
        "With no scheme written (a letter, then letters, digits, '+', '-' or '.', then ':'), 'http://' is put in front.";
    SurtProtocols => Surt, "surt.parse.protocols", "surt 0.3.1, surt/handyurl.py, handyurl.parse (_RE_MULTIPLE_PROTOCOLS)",
        "A run of 'http://' and 'https://' at the start is folded to the last of them.";
    SurtSplit => Surt, "surt.parse.split", "surt 0.3.1, surt/handyurl.py, handyurl.urlsplit (RFC2396REGEX)",
        "The URL is cut by RFC 2396's regular expression: the scheme before ':', the netloc after '//' up to '/', '?' or '#', the path, the query after '?', the fragment after '#'.";
    SurtHostPort => Surt, "surt.parse.host-port", "surt 0.3.1, surt/handyurl.py, handyurl.parse (urllib.parse .hostname and .port)",
        "The netloc loses its trailing ':'s; after its last '@', the host runs to ':' (or is what '[' and ']' enclose), lowercased up to a '%'; the port must be digits up to 65535 (ValueError otherwise), and port 0 is none.";
    SurtNoScheme => Surt, "surt.parse.no-scheme", "surt 0.3.1, surt/handyurl.py, handyurl.parse",
        "Nothing was left to parse (a blank URL): the scheme is None and scheme.startswith raises AttributeError.";
    SurtPathHost => Surt, "surt.parse.path-host", "surt 0.3.1, surt/handyurl.py, handyurl.parse",
        "For a scheme that starts with 'http' and no host, the path's first segment, leading slashes skipped, is the host.";
    SurtLastDelimiter => Surt, "surt.parse.last-delimiter", "surt 0.3.1, surt/handyurl.py, handyurl.parse",
        "A URL that ends with '?' and has no query keeps the '?' to write back at the end.";
    SurtGoogleFragment => Surt, "surt.google.fragment", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, canonicalize",
        "The fragment is dropped.";
    SurtGoogleQuery => Surt, "surt.google.query", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, minimalEscape",
        "The query is percent-decoded until it no longer changes, then escaped once: every byte but the printable ASCII other than space, '#' and '%' becomes %XX.";
    SurtGoogleHostUnescape => Surt, "surt.google.host-unescape", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, unescapeRepeatedly",
        "The host is percent-decoded until it no longer changes.";
    SurtGoogleIdna => Surt, "surt.google.idna", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, canonicalize (Lib/encodings/idna.py)",
        "A host that is not ASCII is decoded as UTF-8 (bad bytes dropped) and encoded by Python's IDNA 2003 codec, label by label (Nameprep, then Punycode); where the codec raises, the host stays as it was.";
    SurtGoogleDots => Surt, "surt.google.dots", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, canonicalize",
        "Each '..' becomes '.' (one pass, left to right), and dots are stripped from both ends of the host.";
    SurtGoogleIp => Surt, "surt.google.ip", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, attemptIPFormats",
        "A host of digits alone is one number, its low 32 bits written dotted; a dotted decimal or octal form is what glibc's gethostbyname_ex makes of it (inet_aton's reading; a form it refuses is no address).";
    SurtGoogleHostEscape => Surt, "surt.google.host-escape", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, escapeOnce",
        "A host that is no address is lowercased and escaped once.";
    SurtGooglePath => Surt, "surt.google.path", "surt 0.3.1, surt/GoogleURLCanonicalizer.py, canonicalize (normalizePath)",
        "The path is percent-decoded until it no longer changes; with a host, its '.' and '..' segments are resolved and its empty segments but the last dropped ('/' when nothing is left); then it is escaped once.";
    SurtIaHost => Surt, "surt.ia.host", "surt 0.3.1, surt/IAURLCanonicalizer.py, canonicalize (massageHost)",
        "The host is lowercased and, unless the scheme is 'dns' or host_massage is off, a leading 'www.' (or 'www' and digits, then '.') is dropped.";
    SurtIaPort => Surt, "surt.ia.port", "surt 0.3.1, surt/IAURLCanonicalizer.py, canonicalize (getDefaultPort)",
        "The port is dropped when it is the scheme's default: 80 for http, 443 for https.";
    SurtIaPath => Surt, "surt.ia.path", "surt 0.3.1, surt/IAURLCanonicalizer.py, canonicalize (URLRegexTransformer.stripPathSessionID)",
        "The path is lowercased, an ASP.NET session id in it ('/(…)/' before a '.aspx' page) is removed, and a trailing '/' is dropped unless the path is '/'.";
    SurtIaQuery => Surt, "surt.ia.query", "surt 0.3.1, surt/IAURLCanonicalizer.py, canonicalize (stripQuerySessionID, alphaReorderQuery)",
        "Session ids are removed from the query (jsessionid, phpsessid, sid, ASPSESSIONID, cfid with cftoken), the query is lowercased and its arguments sorted; an empty query is dropped, and so is a '?' kept at the end.";
    SurtForm => Surt, "surt.form", "surt 0.3.1, surt/handyurl.py, geturl_bytes (URLRegexTransformer.hostToSURT)",
        "The SURT: the host's labels reversed and joined by ',' (a dotted address too, unless reverse_ipaddr is off), then ':' and the port, ',' with trailing_comma, ')', the path, and '?' and the query; with no host, the scheme and ':' come first, and with with_scheme the scheme, '://' and '(' always do.";
    // (surt rows end here)

    // The urlcanon package (the `urlcanon-*` resolvers, engine/canon_forms/urlcanon)
    UrlcanonParse => Urlcanon, "urlcanon.parse", "urlcanon 0.3.1, urlcanon/parse.py, parse_url",
        "The URL, as UTF-8 bytes, loses its leading and trailing C0 controls and spaces (kept as junk); a letter first and a ':' anywhere make everything before the first ':' the scheme; the query runs from the first '?' and the fragment from the first '#'.";
    UrlcanonParsePathish => Urlcanon, "urlcanon.parse.pathish", "urlcanon 0.3.1, urlcanon/parse.py, parse_pathish (AUTHORITY_REGEX)",
        "What follows the scheme is cut by the pattern of its kind (file, special, other): slashes, authority, path; the authority's userinfo runs to its last '@', the host to a ':' (or is a bracketed [...]), the port follows.";
    UrlcanonWhatwgRemoveLeadingTrailingJunk => Urlcanon, "urlcanon.whatwg.remove-leading-trailing-junk", "urlcanon 0.3.1, urlcanon/canon.py, remove_leading_trailing_junk",
        "The C0 controls and spaces cut from both ends of the URL by parse_url are dropped.";
    UrlcanonWhatwgRemoveTabsAndNewlines => Urlcanon, "urlcanon.whatwg.remove-tabs-and-newlines", "urlcanon 0.3.1, urlcanon/canon.py, remove_tabs_and_newlines",
        "Every tab, CR and LF is removed from every field.";
    UrlcanonWhatwgLowercaseScheme => Urlcanon, "urlcanon.whatwg.lowercase-scheme", "urlcanon 0.3.1, urlcanon/canon.py, lowercase_scheme",
        "The scheme is lowercased (ASCII letters only).";
    UrlcanonWhatwgElideDefaultPort => Urlcanon, "urlcanon.whatwg.elide-default-port", "urlcanon 0.3.1, urlcanon/canon.py, elide_default_port",
        "A port that is the special scheme's default (ftp 21, gopher 70, http and ws 80, https and wss 443) is dropped with its colon.";
    UrlcanonWhatwgCleanUpUserinfo => Urlcanon, "urlcanon.whatwg.clean-up-userinfo", "urlcanon 0.3.1, urlcanon/canon.py, clean_up_userinfo",
        "With no password its colon goes, and with no username either the '@' goes too.";
    UrlcanonWhatwgTwoSlashes => Urlcanon, "urlcanon.whatwg.two-slashes", "urlcanon 0.3.1, urlcanon/canon.py, two_slashes",
        "With slashes, an authority or the scheme 'file', the slashes become exactly '//'.";
    UrlcanonWhatwgPctDecodeHost => Urlcanon, "urlcanon.whatwg.pct-decode-host", "urlcanon 0.3.1, urlcanon/canon.py, pct_decode_host",
        "The host of a special scheme is percent-decoded once.";
    UrlcanonWhatwgReparseHost => Urlcanon, "urlcanon.whatwg.reparse-host", "urlcanon 0.3.1, urlcanon/canon.py, reparse_host",
        "The host is read again as an address: IPv6 inside brackets (ipaddress.IPv6Address), else WHATWG's IPv4 number forms through Python's int(), a negative number included.";
    UrlcanonWhatwgNormalizeIpAddress => Urlcanon, "urlcanon.whatwg.normalize-ip-address", "urlcanon 0.3.1, urlcanon/canon.py, normalize_ip_address",
        "A host read as IPv4 is written dotted (ipaddress.IPv4Address, which raises AddressValueError for a negative number), one read as IPv6 in its compressed form in brackets.";
    UrlcanonWhatwgPunycodeSpecialHost => Urlcanon, "urlcanon.whatwg.punycode-special-host", "urlcanon 0.3.1, urlcanon/canon.py, punycode_special_host",
        "The host of a special scheme goes through idna.encode with UTS #46 mapping; where that raises, through uts46_remap and Python's IDNA 2003 ToASCII per label; where that raises too, it stays.";
    UrlcanonWhatwgPctEncodeHost => Urlcanon, "urlcanon.whatwg.pct-encode-host", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_host",
        "Bytes of the host below 0x21 or above 0x7E are percent-encoded.";
    UrlcanonWhatwgFixBackslashes => Urlcanon, "urlcanon.whatwg.fix-backslashes", "urlcanon 0.3.1, urlcanon/canon.py, fix_backslashes",
        "For a special scheme, every slash of the slashes becomes '/' and every backslash of the path '/'.";
    UrlcanonWhatwgPctEncodePath => Urlcanon, "urlcanon.whatwg.pct-encode-path", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_path",
        "The path is percent-encoded with the path set (C0, space, DEL and above, '\"', '#', '<', '>', '?', '`', '{', '}') when it starts with '/' or the scheme is special, else with the C0 set.";
    UrlcanonWhatwgLeadingSlash => Urlcanon, "urlcanon.whatwg.leading-slash", "urlcanon 0.3.1, urlcanon/canon.py, leading_slash",
        "The path of a special scheme gets a leading '/' when it has none.";
    UrlcanonWhatwgNormalizePathDots => Urlcanon, "urlcanon.whatwg.normalize-path-dots", "urlcanon 0.3.1, urlcanon/canon.py, normalize_path_dots",
        "A path that starts with '/' (or, for a special scheme, '\\') has its '.' and '..' segments (also written %2e) resolved, keeping its separators as written.";
    UrlcanonWhatwgEmptyPathToSlash => Urlcanon, "urlcanon.whatwg.empty-path-to-slash", "urlcanon 0.3.1, urlcanon/canon.py, empty_path_to_slash",
        "An empty path of a special scheme with an authority becomes '/'.";
    UrlcanonWhatwgPctEncodeUserinfo => Urlcanon, "urlcanon.whatwg.pct-encode-userinfo", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_userinfo",
        "Username and password are percent-encoded with the userinfo set (the path set and '/', ':', ';', '=', '@', '[', '\\', ']', '^', '|').";
    UrlcanonWhatwgPctEncodeQuery => Urlcanon, "urlcanon.whatwg.pct-encode-query", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_query",
        "Each key and value of the query is percent-encoded: bytes below 0x21 or above 0x7E, '\"', '#', '<' and '>'.";
    UrlcanonWhatwgPctEncodeFragment => Urlcanon, "urlcanon.whatwg.pct-encode-fragment", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_fragment",
        "The fragment's C0 controls and bytes above 0x7E are percent-encoded.";
    UrlcanonGoogleRemoveLeadingTrailingJunk => Urlcanon, "urlcanon.google.remove-leading-trailing-junk", "urlcanon 0.3.1, urlcanon/canon.py, remove_leading_trailing_junk",
        "The C0 controls and spaces cut from both ends of the URL by parse_url are dropped.";
    UrlcanonGoogleDefaultSchemeHttp => Urlcanon, "urlcanon.google.default-scheme-http", "urlcanon 0.3.1, urlcanon/canon.py, default_scheme_http",
        "With no scheme, 'http:' is put in front and the path is parsed again as a special URL's pathish (its first segment becoming the host).";
    UrlcanonGoogleRemoveTabsAndNewlines => Urlcanon, "urlcanon.google.remove-tabs-and-newlines", "urlcanon 0.3.1, urlcanon/canon.py, remove_tabs_and_newlines",
        "Every tab, CR and LF is removed from every field.";
    UrlcanonGoogleLowercaseScheme => Urlcanon, "urlcanon.google.lowercase-scheme", "urlcanon 0.3.1, urlcanon/canon.py, lowercase_scheme",
        "The scheme is lowercased (ASCII letters only).";
    UrlcanonGoogleFixBackslashes => Urlcanon, "urlcanon.google.fix-backslashes", "urlcanon 0.3.1, urlcanon/canon.py, fix_backslashes",
        "For a special scheme, every slash of the slashes becomes '/' and every backslash of the path '/'.";
    UrlcanonGooglePctEncodePath => Urlcanon, "urlcanon.google.pct-encode-path", "urlcanon 0.3.1, urlcanon/canon.py, pct_encode_path",
        "The path is percent-encoded with the path set (C0, space, DEL and above, '\"', '#', '<', '>', '?', '`', '{', '}') when it starts with '/' or the scheme is special, else with the C0 set.";
    UrlcanonGoogleEmptyPathToSlash => Urlcanon, "urlcanon.google.empty-path-to-slash", "urlcanon 0.3.1, urlcanon/canon.py, empty_path_to_slash",
        "An empty path of a special scheme with an authority becomes '/'.";
    UrlcanonGoogleElideDefaultPort => Urlcanon, "urlcanon.google.elide-default-port", "urlcanon 0.3.1, urlcanon/canon.py, elide_default_port",
        "A port that is the special scheme's default (ftp 21, gopher 70, http and ws 80, https and wss 443) is dropped with its colon.";
    UrlcanonGoogleCleanUpUserinfo => Urlcanon, "urlcanon.google.clean-up-userinfo", "urlcanon 0.3.1, urlcanon/canon.py, clean_up_userinfo",
        "With no password its colon goes, and with no username either the '@' goes too.";
    UrlcanonGoogleLeadingSlash => Urlcanon, "urlcanon.google.leading-slash", "urlcanon 0.3.1, urlcanon/canon.py, leading_slash",
        "The path of a special scheme gets a leading '/' when it has none.";
    UrlcanonGoogleTwoSlashes => Urlcanon, "urlcanon.google.two-slashes", "urlcanon 0.3.1, urlcanon/canon.py, two_slashes",
        "With slashes, an authority or the scheme 'file', the slashes become exactly '//'.";
    UrlcanonGoogleRemoveFragment => Urlcanon, "urlcanon.google.remove-fragment", "urlcanon 0.3.1, urlcanon/canon.py, remove_fragment",
        "The fragment and its '#' are dropped.";
    UrlcanonGooglePctDecodeRepeatedly => Urlcanon, "urlcanon.google.pct-decode-repeatedly", "urlcanon 0.3.1, urlcanon/canon.py, pct_decode_repeatedly",
        "Scheme, userinfo, host, port, path, query and fragment are each percent-decoded until they no longer change.";
    UrlcanonGoogleNormalizePathDots => Urlcanon, "urlcanon.google.normalize-path-dots", "urlcanon 0.3.1, urlcanon/canon.py, normalize_path_dots",
        "A path that starts with '/' (or, for a special scheme, '\\') has its '.' and '..' segments (also written %2e) resolved, keeping its separators as written.";
    UrlcanonGoogleFixHostDots => Urlcanon, "urlcanon.google.fix-host-dots", "urlcanon 0.3.1, urlcanon/canon.py, fix_host_dots",
        "Dots are stripped from both ends of the host and each run of dots becomes one.";
    UrlcanonGoogleCollapseConsecutiveSlashes => Urlcanon, "urlcanon.google.collapse-consecutive-slashes", "urlcanon 0.3.1, urlcanon/canon.py, collapse_consecutive_slashes",
        "In the path of a special scheme each run of slashes becomes one.";
    UrlcanonGooglePunycodeSpecialHost => Urlcanon, "urlcanon.google.punycode-special-host", "urlcanon 0.3.1, urlcanon/canon.py, punycode_special_host",
        "The host of a special scheme goes through idna.encode with UTS #46 mapping; where that raises, through uts46_remap and Python's IDNA 2003 ToASCII per label; where that raises too, it stays.";
    UrlcanonGoogleReparseHost => Urlcanon, "urlcanon.google.reparse-host", "urlcanon 0.3.1, urlcanon/canon.py, reparse_host",
        "The host is read again as an address: IPv6 inside brackets (ipaddress.IPv6Address), else WHATWG's IPv4 number forms through Python's int(), a negative number included.";
    UrlcanonGoogleNormalizeIpAddress => Urlcanon, "urlcanon.google.normalize-ip-address", "urlcanon 0.3.1, urlcanon/canon.py, normalize_ip_address",
        "A host read as IPv4 is written dotted (ipaddress.IPv4Address, which raises AddressValueError for a negative number), one read as IPv6 in its compressed form in brackets.";
    UrlcanonGoogleGooglePctEncode => Urlcanon, "urlcanon.google.google-pct-encode", "urlcanon 0.3.1, urlcanon/canon.py, google_pct_encode",
        "Every field is percent-encoded with Safe Browsing's set: bytes below 0x21 or above 0x7E, '#' and '%'.";
    UrlcanonSemanticRemoveLeadingTrailingJunk => Urlcanon, "urlcanon.semantic.remove-leading-trailing-junk", "urlcanon 0.3.1, urlcanon/canon.py, remove_leading_trailing_junk (semantic_precise, then remove_fragment)",
        "The C0 controls and spaces cut from both ends of the URL by parse_url are dropped.";
    UrlcanonSemanticDefaultSchemeHttp => Urlcanon, "urlcanon.semantic.default-scheme-http", "urlcanon 0.3.1, urlcanon/canon.py, default_scheme_http (semantic_precise, then remove_fragment)",
        "With no scheme, 'http:' is put in front and the path is parsed again as a special URL's pathish (its first segment becoming the host).";
    UrlcanonSemanticRemoveTabsAndNewlines => Urlcanon, "urlcanon.semantic.remove-tabs-and-newlines", "urlcanon 0.3.1, urlcanon/canon.py, remove_tabs_and_newlines (semantic_precise, then remove_fragment)",
        "Every tab, CR and LF is removed from every field.";
    UrlcanonSemanticLowercaseScheme => Urlcanon, "urlcanon.semantic.lowercase-scheme", "urlcanon 0.3.1, urlcanon/canon.py, lowercase_scheme (semantic_precise, then remove_fragment)",
        "The scheme is lowercased (ASCII letters only).";
    UrlcanonSemanticElideDefaultPort => Urlcanon, "urlcanon.semantic.elide-default-port", "urlcanon 0.3.1, urlcanon/canon.py, elide_default_port (semantic_precise, then remove_fragment)",
        "A port that is the special scheme's default (ftp 21, gopher 70, http and ws 80, https and wss 443) is dropped with its colon.";
    UrlcanonSemanticCleanUpUserinfo => Urlcanon, "urlcanon.semantic.clean-up-userinfo", "urlcanon 0.3.1, urlcanon/canon.py, clean_up_userinfo (semantic_precise, then remove_fragment)",
        "With no password its colon goes, and with no username either the '@' goes too.";
    UrlcanonSemanticTwoSlashes => Urlcanon, "urlcanon.semantic.two-slashes", "urlcanon 0.3.1, urlcanon/canon.py, two_slashes (semantic_precise, then remove_fragment)",
        "With slashes, an authority or the scheme 'file', the slashes become exactly '//'.";
    UrlcanonSemanticPctDecodeRepeatedlyExceptQuery => Urlcanon, "urlcanon.semantic.pct-decode-repeatedly-except-query", "urlcanon 0.3.1, urlcanon/canon.py, pct_decode_repeatedly_except_query (semantic_precise, then remove_fragment)",
        "Scheme, userinfo, host, port, path and fragment (not the query) are each percent-decoded until they no longer change.";
    UrlcanonSemanticReparseHost => Urlcanon, "urlcanon.semantic.reparse-host", "urlcanon 0.3.1, urlcanon/canon.py, reparse_host (semantic_precise, then remove_fragment)",
        "The host is read again as an address: IPv6 inside brackets (ipaddress.IPv6Address), else WHATWG's IPv4 number forms through Python's int(), a negative number included.";
    UrlcanonSemanticNormalizeIpAddress => Urlcanon, "urlcanon.semantic.normalize-ip-address", "urlcanon 0.3.1, urlcanon/canon.py, normalize_ip_address (semantic_precise, then remove_fragment)",
        "A host read as IPv4 is written dotted (ipaddress.IPv4Address, which raises AddressValueError for a negative number), one read as IPv6 in its compressed form in brackets.";
    UrlcanonSemanticFixHostDots => Urlcanon, "urlcanon.semantic.fix-host-dots", "urlcanon 0.3.1, urlcanon/canon.py, fix_host_dots (semantic_precise, then remove_fragment)",
        "Dots are stripped from both ends of the host and each run of dots becomes one.";
    UrlcanonSemanticPunycodeSpecialHost => Urlcanon, "urlcanon.semantic.punycode-special-host", "urlcanon 0.3.1, urlcanon/canon.py, punycode_special_host (semantic_precise, then remove_fragment)",
        "The host of a special scheme goes through idna.encode with UTS #46 mapping; where that raises, through uts46_remap and Python's IDNA 2003 ToASCII per label; where that raises too, it stays.";
    UrlcanonSemanticRemoveUserinfo => Urlcanon, "urlcanon.semantic.remove-userinfo", "urlcanon 0.3.1, urlcanon/canon.py, remove_userinfo (semantic_precise, then remove_fragment)",
        "Username, password and their delimiters are dropped.";
    UrlcanonSemanticLessDumbPctEncode => Urlcanon, "urlcanon.semantic.less-dumb-pct-encode", "urlcanon 0.3.1, urlcanon/canon.py, less_dumb_pct_encode (semantic_precise, then remove_fragment)",
        "Scheme, host, port and fragment are percent-encoded with Safe Browsing's set, userinfo with it and ':' and '@', the path with it and '?'.";
    UrlcanonSemanticLessDumbPctRecodeQuery => Urlcanon, "urlcanon.semantic.less-dumb-pct-recode-query", "urlcanon 0.3.1, urlcanon/canon.py, less_dumb_pct_recode_query (semantic_precise, then remove_fragment)",
        "Each key and value of the query is percent-decoded until it no longer changes, then encoded with Safe Browsing's set and '&' and '='.";
    UrlcanonSemanticFixBackslashes => Urlcanon, "urlcanon.semantic.fix-backslashes", "urlcanon 0.3.1, urlcanon/canon.py, fix_backslashes (semantic_precise, then remove_fragment)",
        "For a special scheme, every slash of the slashes becomes '/' and every backslash of the path '/'.";
    UrlcanonSemanticLeadingSlash => Urlcanon, "urlcanon.semantic.leading-slash", "urlcanon 0.3.1, urlcanon/canon.py, leading_slash (semantic_precise, then remove_fragment)",
        "The path of a special scheme gets a leading '/' when it has none.";
    UrlcanonSemanticNormalizePathDots => Urlcanon, "urlcanon.semantic.normalize-path-dots", "urlcanon 0.3.1, urlcanon/canon.py, normalize_path_dots (semantic_precise, then remove_fragment)",
        "A path that starts with '/' (or, for a special scheme, '\\') has its '.' and '..' segments (also written %2e) resolved, keeping its separators as written.";
    UrlcanonSemanticCollapseConsecutiveSlashes => Urlcanon, "urlcanon.semantic.collapse-consecutive-slashes", "urlcanon 0.3.1, urlcanon/canon.py, collapse_consecutive_slashes (semantic_precise, then remove_fragment)",
        "In the path of a special scheme each run of slashes becomes one.";
    UrlcanonSemanticEmptyPathToSlash => Urlcanon, "urlcanon.semantic.empty-path-to-slash", "urlcanon 0.3.1, urlcanon/canon.py, empty_path_to_slash (semantic_precise, then remove_fragment)",
        "An empty path of a special scheme with an authority becomes '/'.";
    UrlcanonSemanticAlphaReorderQuery => Urlcanon, "urlcanon.semantic.alpha-reorder-query", "urlcanon 0.3.1, urlcanon/canon.py, alpha_reorder_query (semantic_precise, then remove_fragment)",
        "The query's '&'-separated parts are sorted as bytes.";
    UrlcanonSemanticRemoveFragment => Urlcanon, "urlcanon.semantic.remove-fragment", "urlcanon 0.3.1, urlcanon/canon.py, remove_fragment (semantic_precise, then remove_fragment)",
        "The fragment and its '#' are dropped.";
    UrlcanonSsurt => Urlcanon, "urlcanon.ssurt", "urlcanon 0.3.1, urlcanon/parse.py, ParsedUrl.ssurt (urlcanon/__init__.py, ssurt_host)",
        "The SSURT: the host with its labels reversed and joined by ',' (unless it is bracketed or reads as a non-zero IPv4 number), then the slashes, port and ':', scheme, '@' and userinfo, the scheme's ':', and path, query and fragment.";
    // (urlcanon rows end here)

    // w3lib's canonicalize_url (the `w3lib` resolver, engine/canon_forms/w3lib)
    W3libStrip => W3lib, "w3lib.strip", "w3lib 2.5.0, w3lib/_url.py, _strip",
        "When the URL holds a C0 control or a space anywhere, those are stripped from both ends and every tab, CR and LF is removed.";
    W3libScheme => W3lib, "w3lib.split.scheme", "w3lib 2.5.0, w3lib/_url.py, _urlsplit (_SCHEME_RE)",
        "A scheme is an ASCII letter, then letters, digits, '+', '-' or '.', up to the first ':'; it is lowercased, whatever follows it.";
    W3libBackslash => W3lib, "w3lib.split.backslash", "w3lib 2.5.0, w3lib/_url.py, _urlsplit",
        "For ftp, file, http, https, ws and wss, every '\\' before the first '?' or '#' becomes '/'.";
    W3libNetloc => W3lib, "w3lib.split.netloc", "w3lib 2.5.0, w3lib/_url.py, _urlsplit",
        "After a leading '//', the netloc runs to the first '/', '?' or '#'; a '[' without a ']' in it (or the reverse) raises ValueError: Invalid IPv6 URL.";
    W3libBracketedHost => W3lib, "w3lib.split.bracketed-host", "w3lib 2.5.0, w3lib/_url.py, _check_bracketed_netloc and _check_bracketed_host",
        "With brackets in the netloc, the part after its last '@' must be '[', a host, ']' and at most ':' and a port; the host must be an IPvFuture ('v', hex digits, '.', something) or an IPv6 address by Python's ipaddress, else ValueError.";
    W3libNfkcCheck => W3lib, "w3lib.split.nfkc-check", "w3lib 2.5.0, w3lib/_url.py, _checknetloc",
        "A netloc that is not ASCII, its '@', ':', '#' and '?' taken out, must not gain a '/', '?', '#', '@', ':' or '\\' under NFKC, else ValueError.";
    W3libQueryFragment => W3lib, "w3lib.split.query-fragment", "w3lib 2.5.0, w3lib/_url.py, _urlsplit",
        "The fragment is what follows the first '#', then the query what follows the first '?' before it; the rest is the path.";
    W3libHostPort => W3lib, "w3lib.split.host-port", "w3lib 2.5.0, w3lib/_url.py, _urlsplit and _SplitResult.__post_init__",
        "The netloc's last '@' ends the userinfo (user, then the password after the first ':'); the host runs to ':' (or is what the brackets enclose) and is lowercased up to a '%'; a port must be ASCII digits up to 65535, else ValueError.";
    W3libUserinfo => W3lib, "w3lib.safe.userinfo", "w3lib 2.5.0, w3lib/url.py, _safe_url_split",
        "User and password are percent-decoded and encoded again, keeping only the unreserved characters and '!$&'()*+,'.";
    W3libHost => W3lib, "w3lib.safe.host", "w3lib 2.5.0, w3lib/url.py, _safe_url_split (w3lib/_url.py, _idna)",
        "A host with ':' is put back in brackets; a host that is not ASCII is NFKC-normalized and encoded by Python's IDNA 2003 codec, or kept as it was where the codec raises; the port is written as a number.";
    W3libSafePath => W3lib, "w3lib.safe.path", "w3lib 2.5.0, w3lib/url.py, _safe_url_split (_PATH_SAFEST_CHARS)",
        "The path is encoded as UTF-8 and every byte but the unreserved ones, RFC 3986's sub-delimiters, ':', '/', '?', '@' and '%' becomes %XX.";
    W3libSafeQuery => W3lib, "w3lib.safe.query", "w3lib 2.5.0, w3lib/url.py, _safe_url_split (_QUERY_SAFEST_CHARS)",
        "The query is encoded the same way, with \"'\" encoded too for the special schemes.";
    W3libSafeFragment => W3lib, "w3lib.safe.fragment", "w3lib 2.5.0, w3lib/url.py, _safe_url_split (_FRAGMENT_SAFEST_CHARS)",
        "The fragment is encoded as the path is.";
    W3libRootPath => W3lib, "w3lib.safe.root-path", "w3lib 2.5.0, w3lib/url.py, _safe_url_split",
        "A special-scheme URL with a query and no path gets the path '/'.";
    W3libParams => W3lib, "w3lib.params", "w3lib 2.5.0, w3lib/_url.py, _split_params",
        "For the schemes of urllib.parse.uses_params (and no scheme), a ';' in the path's last segment starts the params, which are kept apart and written back after the path.";
    W3libQueryParse => W3lib, "w3lib.query.parse", "w3lib 2.5.0, w3lib/_url.py, _parse_qsl",
        "The query is cut at every '&'; empty pieces are dropped, the rest cut at the first '=' into key and value, each percent-decoded to bytes with '+' read as a space.";
    W3libQuerySort => W3lib, "w3lib.query.sort", "w3lib 2.5.0, w3lib/url.py, canonicalize_url (sorted query arguments)",
        "The arguments are sorted by key, then by value, as byte strings.";
    W3libQueryEncode => W3lib, "w3lib.query.encode", "w3lib 2.5.0, w3lib/_url.py, _urlencode",
        "Each key and value is encoded again, unreserved bytes kept, a space as '+', every other byte as %XX, joined by '=' and '&'.";
    W3libPathRequote => W3lib, "w3lib.path.requote", "w3lib 2.5.0, w3lib/url.py, canonicalize_url and _unquotepath",
        "The path is percent-decoded to bytes (but %25, %2F, %3B and %3F are kept) and encoded again, keeping RFC 3986's reserved and unreserved characters, '|' and '%'; an empty path becomes '/'.";
    W3libDotSegments => W3lib, "w3lib.path.dot-segments", "w3lib 2.5.0, w3lib/url.py, _remove_dot_segments",
        "A path that starts with '/' has its '.' and '..' segments resolved (RFC 3986, 5.2.4).";
    W3libFragment => W3lib, "w3lib.fragment", "w3lib 2.5.0, w3lib/url.py, canonicalize_url",
        "The fragment is dropped, unless keep_fragments is asked for.";
    W3libHostLower => W3lib, "w3lib.host.lower", "w3lib 2.5.0, w3lib/url.py, canonicalize_url",
        "The netloc after its last '@' (host and port) is lowercased and loses a trailing ':'; the userinfo keeps its case.";
    W3libIpv6 => W3lib, "w3lib.host.ipv6", "w3lib 2.5.0, w3lib/url.py, _normalize_ipv6_host",
        "What the first brackets enclose, when Python's ipaddress reads it as an IPv6 address, is written as ipaddress writes it (lowercase, the longest run of zero groups as '::').";
    W3libUnparse => W3lib, "w3lib.unparse", "w3lib 2.5.0, w3lib/_url.py, _urlunparse and _urlunsplit",
        "The URL is written back: 'scheme:', '//' and the netloc (or '//' alone for a uses_netloc scheme whose path starts with '/'), the path and ';params', '?query' and '#fragment' where not empty.";
    // (w3lib rows end here)

    // Safe Browsing (the `safe-browsing` resolver, engine/canon_forms/safe_browsing)
    SbTrim => SafeBrowsing, "sb.trim", "gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical (URLs and Hashing, Canonicalization: remove tab, CR and LF)",
        "ASCII whitespace is stripped from both ends, then every tab, CR and LF is removed.";
    SbFragment => SafeBrowsing, "sb.fragment", "URLs and Hashing, Canonicalization (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical)",
        "Everything from the first '#' is dropped: the fragment.";
    SbDefaultScheme => SafeBrowsing, "sb.default-scheme", "gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical",
        "'http:' is put before a URL that starts with '//', and 'http://' before one with no '://' anywhere.";
    SbUnescape => SafeBrowsing, "sb.unescape", "URLs and Hashing, Canonicalization (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical, full_unescape_to_bytes)",
        "The whole URL is percent-unescaped again and again until nothing changes.";
    SbEscape => SafeBrowsing, "sb.escape", "URLs and Hashing, Canonicalization (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical, quote)",
        "Every byte at or below 0x20, at or above 0x7F, '#' and '%' is percent-escaped in upper-case hex, before the URL is split into its parts.";
    SbSplit => SafeBrowsing, "sb.split", "Python 3.11.7, Lib/urllib/parse.py, urlsplit",
        "The URL is split into scheme (lowercased), netloc, path and query; a bracket without its pair, or a bracketed host that is no IPv6 address, raises ValueError.";
    SbSplitNoScheme => SafeBrowsing, "sb.split.no-scheme", "gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical",
        "When the split finds no scheme, 'http://' is put in front and the URL is split again.";
    SbHost => SafeBrowsing, "sb.host", "gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical (Python's SplitResult.hostname)",
        "The host is the netloc after its last '@' and before the port, without the brackets of an IPv6 literal, unescaped; a URL with no host cannot be canonicalized.";
    SbPath => SafeBrowsing, "sb.path", "URLs and Hashing, Canonicalization: the path (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical, posixpath.normpath)",
        "The path's '.' and '..' segments are resolved and runs of slashes made one, a trailing slash kept; an empty path is '/'.";
    SbQuery => SafeBrowsing, "sb.query", "URLs and Hashing, Canonicalization (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical)",
        "The query is kept as it is, present (and empty) when a '?' is written with nothing after it.";
    SbPort => SafeBrowsing, "sb.port", "URLs and Hashing, the published vector for http://www.gotaport.com:1234/ (Python 3.11.7, Lib/urllib/parse.py, port)",
        "A port that is not digits or is past 65535 raises ValueError; a valid port is dropped from the canonical URL.";
    SbHostDots => SafeBrowsing, "sb.host.dots", "URLs and Hashing, Canonicalization: the hostname, 1, 2 and 4",
        "Dots are stripped from both ends of the host, each run of dots becomes one, and the host is lowercased.";
    SbHostIpv4 => SafeBrowsing, "sb.host.ipv4", "URLs and Hashing, Canonicalization: the hostname, 3",
        "A host that reads as an IPv4 address (one to four parts, each decimal, octal after '0' or hex after '0x', the last filling the remaining bytes) becomes four dotted decimal numbers.";
    SbCanon => SafeBrowsing, "sb.canon", "URLs and Hashing, Canonicalization (gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical)",
        "The canonical URL: scheme, '://', the host and path escaped, then '?' and the query when there is one.";
    SbLookupHosts => SafeBrowsing, "sb.lookups.hosts", "URLs and Hashing, Suffix/Prefix Expressions",
        "The hosts looked up: the exact host, then its last five, four, three and two labels (only the exact host for an IP address).";
    SbLookupPaths => SafeBrowsing, "sb.lookups.paths", "URLs and Hashing, Suffix/Prefix Expressions",
        "The paths looked up: the path with the query, without it, then '/' and up to three more leading segments, each ending in '/'.";
    SbLookups => SafeBrowsing, "sb.lookups", "URLs and Hashing, Suffix/Prefix Expressions (gglsbl 1.4.15, gglsbl/protocol.py, URL.url_permutations)",
        "Each host followed by each path, each expression once, in that order.";
    // (safe-browsing rows end here)

    // Ruby's URI (the `ruby` resolver, engine/servers/ruby.rs)
    RubyAsciiOnly => Ruby, "ruby.split.ascii-only", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, split",
        "A string with any character outside ASCII is refused before a regexp runs, whatever the character and wherever it stands.";
    RubyScheme => Ruby, "ruby.split.scheme", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI",
        "The scheme is an ASCII letter and then letters, digits, '+', '-' and '.' up to a ':'; a string without one is tried as a relative reference instead.";
    RubyRelativeRef => Ruby, "ruby.split.relative-ref", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, split and RFC3986_relative_ref",
        "The absolute-URI regexp did not match: the string is matched again as a relative reference, whose first segment may not hold a ':'.";
    RubyHierPart => Ruby, "ruby.split.hier-part", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI and RFC3986_relative_ref",
        "The text up to the first '?' or '#' is an authority and path after '//', an absolute path, a rootless path (an opaque part after a scheme) or nothing, tried in that order.";
    RubyAuthority => Ruby, "ruby.split.authority", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (authority)",
        "The authority runs from '//' to the first '/', '?' or '#'; only RFC 3986's characters may stand in it, so a backslash, a space or a second '@' refuses the URL.";
    RubyUserinfo => Ruby, "ruby.split.userinfo", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (userinfo)",
        "An '@' in the authority ends the userinfo, which may hold unreserved and sub-delim characters, ':' and %XX escapes only.";
    RubyHost => Ruby, "ruby.split.host", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (host)",
        "The host is a bracketed IPv6 or IPvFuture literal, or an IPv4 address or reg-name up to the port's ':'; it may be absent, but never empty.";
    RubyRelativeIpLiteral => Ruby, "ruby.split.relative-ip-literal", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_relative_ref (IP-literal)",
        "In the relative-reference regexp a literal is '[' and an IPv6 address with no closing ']', or an IPvFuture and ']' with no opening '[': the first IPv6 match in the regexp engine's order that lets a port and the path follow is the host.";
    RubyPort => Ruby, "ruby.split.port", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (port)",
        "After the host, ':' starts the port: ASCII digits only, as many as written, none allowed.";
    RubyPath => Ruby, "ruby.split.path", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (path-abempty, path-absolute, path-rootless, path-noscheme)",
        "Every character of the path must be a path character of RFC 3986 or a %XX escape; anything else refuses the whole URL.";
    RubyQuery => Ruby, "ruby.split.query", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (query)",
        "The query is everything after the first '?' up to a '#': any character at all, controls and spaces included, which the query setter deals with later.";
    RubyFragment => Ruby, "ruby.split.fragment", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, RFC3986_URI (fragment)",
        "The fragment after the '#' may hold only path characters, '/', '?' and %XX escapes; a second '#' or a space refuses the URL.";
    RubyOpaque => Ruby, "ruby.split.opaque", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, split",
        "A rootless path after a scheme is the opaque part, with '?' and the query put back on its end: the URL has no host, no path and no query.";
    RubyBadUri => Ruby, "ruby.split.bad-uri", "Ruby 3.1.2 (uri 0.11.0), lib/uri/rfc3986_parser.rb, split",
        "Neither regexp matched the whole string: InvalidURIError, bad URI(is not URI?).";
    RubyClass => Ruby, "ruby.for.class", "Ruby 3.1.2 (uri 0.11.0), lib/uri/common.rb, URI.for",
        "The class is chosen by the scheme in upper case among those registered (FILE, FTP, HTTP, HTTPS, LDAP, LDAPS, MAILTO, WS; uri/wss.rb is not loaded by require 'uri'), else URI::Generic.";
    RubySetUserinfo => Ruby, "ruby.initialize.userinfo", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, set_userinfo and split_userinfo",
        "The userinfo is split at its first ':' into user and password; an empty userinfo gives no user at all, and a password is only ever replaced, never cleared.";
    RubySetHost => Ruby, "ruby.initialize.host", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, set_host; file.rb, URI::File#set_host",
        "The host is kept as written, brackets, case and escapes included; a file URL's absent host or 'localhost' becomes the empty host.";
    RubySetPort => Ruby, "ruby.initialize.port", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, set_port",
        "The port's digits become an integer of any size, leading zeros dropped; an empty port is none.";
    RubyQuerySetter => Ruby, "ruby.initialize.query", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, query=",
        "The query loses its tabs, CRs and LFs, is refused for a '%' followed by two characters that are not hex digits, and has every other character outside RFC 3986's query characters percent-encoded.";
    RubyFragmentSetter => Ruby, "ruby.initialize.fragment", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, fragment=",
        "The fragment loses its tabs, CRs and LFs and has spaces and controls percent-encoded.";
    RubyDefaultPort => Ruby, "ruby.initialize.default-port", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, initialize",
        "A class with a default port (HTTP 80, HTTPS 443, FTP 21, LDAP 389, LDAPS 636, WS 80) takes it when no port was given, opaque URLs included.";
    RubyFtpPath => Ruby, "ruby.ftp.path", "Ruby 3.1.2 (uri 0.11.0), lib/uri/ftp.rb, URI::FTP#initialize, set_path and path",
        "An FTP URL needs a path: its leading '/' is dropped and a leading %2F made '/', then set_path writes a '/' in front and escapes a leading '/' as %2F; the path getter undoes both.";
    RubyFtpTypecode => Ruby, "ruby.ftp.typecode", "Ruby 3.1.2 (uri 0.11.0), lib/uri/ftp.rb, URI::FTP#initialize",
        "';type=' in an FTP path cuts off the rest as the typecode, which to_s writes back.";
    RubyLdap => Ruby, "ruby.ldap.initialize", "Ruby 3.1.2 (uri 0.11.0), lib/uri/ldap.rb, URI::LDAP#initialize",
        "An LDAP URL with a fragment, or without a path, is refused.";
    RubyMailTo => Ruby, "ruby.mailto.initialize", "Ruby 3.1.2 (uri 0.11.0), lib/uri/mailto.rb, URI::MailTo#initialize",
        "A mailto URL needs an opaque part (a query alone becomes one); the part before its '?' must be addresses 'x@y' separated by ',' or ';', and the rest are the headers.";
    RubyMergeAbsolute => Ruby, "ruby.merge.absolute", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "A reference with a scheme is the result itself: the base plays no part.";
    RubyMergeRelativeBase => Ruby, "ruby.merge.relative-base", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "A base without a scheme cannot take a relative reference: BadURIError.";
    RubyMergeFragment => Ruby, "ruby.merge.fragment-only", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "A reference with no path, no authority and no query keeps the whole base, its query included, and only replaces the fragment when it has one.";
    RubyMergeAuthority => Ruby, "ruby.merge.authority", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "A reference's userinfo, host and port replace the base's one by one, only where the reference has them: the base's userinfo survives a new host that has none.";
    RubyMergePath => Ruby, "ruby.merge.path", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge and merge_path",
        "Without an authority the paths are merged: the base's '..' segments removed first, then the reference's segments applied, '..' never climbing above the root; with one, the reference's path is taken as it is.";
    RubyMergeQuery => Ruby, "ruby.merge.query", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, merge",
        "The base's query and fragment are dropped and the reference's set, through the query setter, which refuses a query on an opaque base.";
    RubyFtpMerge => Ruby, "ruby.ftp.merge", "Ruby 3.1.2 (uri 0.11.0), lib/uri/ftp.rb, URI::FTP#merge",
        "When the result differs from an FTP base, FTP#merge asks the reference for its typecode, but the reference given to URI.join is a String: NoMethodError.";
    RubyToS => Ruby, "ruby.to_s", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, to_s; ftp.rb, URI::FTP#to_s; mailto.rb, URI::MailTo#to_s",
        "The URL is written back: the scheme, the opaque part or '//' (for a host, or the file and postgres schemes), the userinfo and '@', the host, the port unless it is the default one, the path, the query and the fragment.";
    RubyHostname => Ruby, "ruby.hostname", "Ruby 3.1.2 (uri 0.11.0), lib/uri/generic.rb, hostname",
        "The host a client connects to (Net::HTTP uses hostname) is the host with one pair of enclosing brackets removed, nothing decoded and no case changed.";
    // (ruby rows end here)

    // java.net.URI (the `java-uri` resolver, engine/servers/java_uri.rs)
    JavaUriScheme => JavaUri, "java-uri.parse.scheme", "OpenJDK 17.0.15, java/net/URI.java, Parser.parse",
        "A ':' before any '/', '?' or '#' ends the scheme, which must be a letter and then letters, digits, '+', '-' or '.'; a '/' after the colon makes the URI hierarchical, anything else opaque.";
    JavaUriOpaque => JavaUri, "java-uri.parse.opaque", "OpenJDK 17.0.15, java/net/URI.java, Parser.parse",
        "An opaque URI keeps everything up to '#' as its scheme-specific part: no authority, no host, no path.";
    JavaUriAuthority => JavaUri, "java-uri.parse-hierarchical.authority", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseHierarchical",
        "After '//' the authority runs to the next '/', '?' or '#' (a backslash is no delimiter, and is refused later); an empty one is allowed before a path, query or fragment.";
    JavaUriServer => JavaUri, "java-uri.parse-authority.server", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseAuthority",
        "The authority is server-based only when all of it parses as [userinfo@]host[:port]; otherwise, if it holds only registry-name characters, it is kept whole as a registry authority and getHost() is null; else the error stands.";
    JavaUriUserInfo => JavaUri, "java-uri.parse-server.userinfo", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseServer",
        "The user info is the text before the first '@' (not the last), checked against the RFC 2396 userinfo characters.";
    JavaUriHost => JavaUri, "java-uri.parse-server.host", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseServer, parseIPv4Address, parseHostname, parseIPv6Reference",
        "The host is a bracketed IPv6 address (a scope id after '%'), four dotted decimal bytes, or an RFC 2396 hostname whose last label starts with a letter; it is kept as written, no lowercasing, no decoding.";
    JavaUriPort => JavaUri, "java-uri.parse-server.port", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseServer",
        "After the host, ':' and ASCII digits give the port, read as an int (a value over 2147483647 is malformed); an empty port is no port.";
    JavaUriPath => JavaUri, "java-uri.parse-hierarchical.path", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseHierarchical",
        "The path runs to '?' or '#'; each character must be a path character, a valid %XX escape, or a visible non-ASCII character.";
    JavaUriQuery => JavaUri, "java-uri.parse-hierarchical.query", "OpenJDK 17.0.15, java/net/URI.java, Parser.parseHierarchical",
        "After '?' the query runs to '#', checked against the URI characters (a '[' or ']' is allowed, a space or backslash is not).";
    JavaUriFragment => JavaUri, "java-uri.parse.fragment", "OpenJDK 17.0.15, java/net/URI.java, Parser.parse",
        "After the first '#' the fragment runs to the end, checked against the URI characters.";
    JavaUriFail => JavaUri, "java-uri.fail", "OpenJDK 17.0.15, java/net/URI.java, Parser.fail; java/net/URISyntaxException.java",
        "The constructor throws: nothing is stripped or escaped for the caller, one illegal character anywhere refuses the whole string.";
    JavaUriResolve => JavaUri, "java-uri.resolve", "OpenJDK 17.0.15, java/net/URI.java, resolve(URI, URI)",
        "RFC 2396 resolution: an opaque base or reference gives the reference; a lone fragment the base with it; a scheme, an authority or an absolute path is taken as it is, dot segments and all.";
    JavaUriMerge => JavaUri, "java-uri.resolve-path", "OpenJDK 17.0.15, java/net/URI.java, resolvePath, normalize",
        "A relative path is appended to the base's path up to its last '/', then normalized: '.' dropped, '..' drops the segment before it unless that is '..', '//' collapsed, and a leading '.' segment added when the first segment holds a ':'.";
    JavaUriToString => JavaUri, "java-uri.to-string", "OpenJDK 17.0.15, java/net/URI.java, toString, defineString",
        "A parsed URI's string is its input; a resolved one is written from its parts, with brackets around a host holding ':'.";
    JavaUriToAscii => JavaUri, "java-uri.to-ascii-string", "OpenJDK 17.0.15, java/net/URI.java, toASCIIString, encode",
        "A string with non-ASCII characters is NFC-normalized and each non-ASCII byte of its UTF-8 written %XX.";
    JavaUriDecode => JavaUri, "java-uri.get-path", "OpenJDK 17.0.15, java/net/URI.java, getPath, decode",
        "getPath() decodes each run of %XX escapes as UTF-8, a malformed sequence becoming U+FFFD.";
    // (java-uri rows end here)

    // java.net.URL (the `java-url` resolver, engine/servers/java_url.rs)
    JavaUrlTrim => JavaUrl, "java-url.trim", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "Every character up to U+0020 (controls and space) is trimmed from both ends; nothing inside is removed or refused.";
    JavaUrlPrefix => JavaUrl, "java-url.url-prefix", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "A leading 'url:' (any case) is skipped.";
    JavaUrlProtocol => JavaUrl, "java-url.protocol", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler), isValidProtocol, toLowerCase",
        "The text before the first ':' that comes before any '/' is the protocol when, lowercased, it is a letter and then letters, digits, '.', '+' or '-' (Unicode letters count); otherwise there is none.";
    JavaUrlContext => JavaUrl, "java-url.context", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "With no protocol, or the base's (compared ignoring case, so 'httpſ' matches 'https'), the base's handler is used; against a base whose path starts with '/' the spec is relative and starts from the base's authority, host, port and path.";
    JavaUrlHandler => JavaUrl, "java-url.handler", "OpenJDK 17.0.15, java/net/URL.java, getURLStreamHandler, DefaultFactory",
        "The protocol's built-in handler: http, https, ftp, file, jar, jrt, jmod or mailto; any other protocol is unknown.";
    JavaUrlRef => JavaUrl, "java-url.ref", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "Everything after the first '#' is the ref, kept as written.";
    JavaUrlQuery => JavaUrl, "java-url.parse-url.query", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "Everything after the first '?' before the ref is the query, even a '?' inside what would be the authority.";
    JavaUrlAuthority => JavaUrl, "java-url.parse-url.authority", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "Exactly '//' (four slashes are a UNC path, not an authority) starts the authority, which runs to the next '/'; a backslash is an ordinary character.";
    JavaUrlUserInfo => JavaUrl, "java-url.parse-url.userinfo", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "A single '@' splits the user info from the host; two or more give no user info and an empty host, the authority kept whole.";
    JavaUrlHost => JavaUrl, "java-url.parse-url.host", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL; sun/net/util/IPAddressUtil.java, isIPv6LiteralAddress",
        "The host is a bracketed IPv6 literal IPAddressUtil accepts (brackets kept, a scope after '%' unchecked), or the text before the first ':', kept as written.";
    JavaUrlPort => JavaUrl, "java-url.parse-url.port", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL; java/lang/Integer.java, parseInt",
        "The port is Integer.parseInt of the rest: a leading '+' or '-' and digits of any script are accepted, so ':+80' and Arabic-Indic digits give 80 and ':-1' no port; below -1 is refused.";
    JavaUrlPath => JavaUrl, "java-url.parse-url.path", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "A path starting with '/' is taken as written; a relative one is appended to the base's path up to its last '/'; a lone query keeps the base's directory.";
    JavaUrlDots => JavaUrl, "java-url.parse-url.dots", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, parseURL",
        "Only a merged relative path loses its dot segments: '/./' dropped, 'x/../' folded except at the start, a trailing '/..' folded, a leading './' and a trailing '.' dropped; an absolute path keeps its '..'.";
    JavaUrlCheckHost => JavaUrl, "java-url.set-url.check-host", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, setURL; sun/net/util/IPAddressUtil.java, checkHostString",
        "A built-in handler's host may not hold a control character, DEL, '/' or a look-alike of '/', '?', '#', '@', ':' or '%' (fullwidth and other forms).";
    JavaUrlMailto => JavaUrl, "java-url.mailto", "OpenJDK 17.0.15, sun/net/www/protocol/mailto/Handler.java, parseURL",
        "mailto: the text after the colon is the file, which must not be empty or all whitespace; it is split at its last '?', there is no host, and the ref is dropped.";
    JavaUrlJar => JavaUrl, "java-url.jar", "OpenJDK 17.0.15, sun/net/www/protocol/jar/Handler.java, parseURL",
        "jar: an absolute spec needs '!/' after an inner URL that parses on its own; a relative one joins the base's file; no host ever, the ref runs to the very end.";
    JavaUrlFail => JavaUrl, "java-url.fail", "OpenJDK 17.0.15, java/net/URL.java, URL(URL, String, URLStreamHandler)",
        "The constructor throws MalformedURLException, with the message of whatever the handler threw.";
    JavaUrlExternal => JavaUrl, "java-url.to-external-form", "OpenJDK 17.0.15, java/net/URLStreamHandler.java, toExternalForm",
        "The URL is written back: protocol ':', '//' and the authority when it is not empty, the path, '?' query and '#' ref, all as stored.";
    // (java-url rows end here)

    // Perl's URI module (the `perl` resolver, engine/servers/perl.rs)
    PerlNewUnwrap => Perl, "perl.new.unwrap", "URI 5.17, URI.pm, new",
        "A URL wrapped as <URL:...>, <...> or \"...\" (on one line) loses the wrapping.";
    PerlNewTrim => Perl, "perl.new.trim", "URI 5.17, URI.pm, new",
        "Whitespace is stripped from both ends; on a string with characters outside ASCII that is Unicode's White_Space (U+00A0, U+2028, U+3000...), not ASCII's alone.";
    PerlNewScheme => Perl, "perl.new.scheme", "URI 5.17, URI.pm, new",
        "The scheme is the run of ASCII letters, digits, '+', '-' and '.' before a first ':', starting with a letter; without one the base's scheme picks the class (new_abs passes the base as new's second argument).";
    PerlImplementor => Perl, "perl.implementor", "URI 5.17, URI.pm, implementor",
        "The scheme, lowercased, names the class: URI::http, URI::ftp, URI::mailto and the other modules URI ships; an unknown scheme is URI::_foreign, none at all URI::_generic.";
    PerlServerAuthority => Perl, "perl.uric-escape.authority", "URI 5.17, URI/_server.pm, _uric_escape",
        "For a server class, the text after '//' up to '/', '?' or '#' is the authority: the userinfo runs to its last '@' (on the first line holding one), a port is ':' and digits at the end (Unicode digits count), and a host with a character outside the URI set goes through IDNA.";
    PerlIdnaEncode => Perl, "perl.idna.encode", "URI 5.17, URI/_idna.pm, encode, ToASCII; URI/_punycode.pm, encode_punycode",
        "Each dot-separated label outside ASCII is lowercased (no other nameprep) and punycoded with 'xn--'; an empty label (but a last one), a label over 63 characters or one starting 'xn--' already makes the whole host fail, and it is then percent-encoded instead.";
    PerlUricEscape => Perl, "perl.uric-escape", "URI 5.17, URI.pm, _uric_escape; URI/Escape.pm, escape_char",
        "Every character outside the URI character set (letters, digits, ;/?:@&=+$,-_.!~*'()%#) is percent-encoded, as its UTF-8 bytes, upper-case hex: spaces, controls, backslashes, brackets, '<', '>', '\"', '{', '}', '|', '^', '`'.";
    PerlHostBrackets => Perl, "perl.uric-escape.host-brackets", "URI 5.17, URI.pm, _fix_uric_escape_for_host_part",
        "In the host (after the last '@' of the authority, before a ':digits' port) %5B and %5D become '[' and ']' again, any case; for mailto: everywhere; never for data:, ldapi:, urn:, sqlite:.";
    PerlInitScheme => Perl, "perl.init.scheme", "URI 5.17, URI.pm, _init",
        "For a class that needs a scheme (mailto, data, urn) and an input without one, the scheme the class was chosen by is put in front.";
    PerlUrnClass => Perl, "perl.urn.class", "URI 5.17, URI/urn.pm, _init",
        "A urn: URL is blessed by its namespace: URI::urn::isbn, URI::urn::oid, else URI::urn.";
    PerlAbsClass => Perl, "perl.abs.class", "URI 5.17, URI.pm, abs; URI/sip.pm, abs",
        "The class's abs returns the object as it is: mailto:, data:, urn: and sip: are never resolved, and an input without a scheme keeps none of the base's parts but the scheme its class gave it.";
    PerlAbsMissingBase => Perl, "perl.abs.missing-base", "URI 5.17, URI/_generic.pm, abs",
        "A base that is empty or '0' (false in Perl) is refused: 'Missing base argument'.";
    PerlAbsOwnScheme => Perl, "perl.abs.own-scheme", "URI 5.17, URI/_generic.pm, abs",
        "An input with a scheme of its own is returned as it is: the base plays no part ($URI::ABS_ALLOW_RELATIVE_SCHEME is unset), even when the scheme is the base's.";
    PerlAbsBase => Perl, "perl.abs.base", "URI 5.17, URI/_generic.pm, abs",
        "The base is parsed with URI->new, on its own.";
    PerlSchemeSet => Perl, "perl.scheme.set", "URI 5.17, URI.pm, _scheme",
        "Setting a scheme writes it in front of the string and parses the whole again with URI->new, which may change the class.";
    PerlAbsNetworkPath => Perl, "perl.abs.network-path", "URI 5.17, URI/_generic.pm, abs",
        "An input starting '//' takes the base's scheme and nothing else.";
    PerlAuthoritySet => Perl, "perl.authority.set", "URI 5.17, URI/_generic.pm, authority; URI/sip.pm, authority",
        "Setting the authority percent-encodes what is outside its set, encodes an '@' inside the userinfo (all but the last), and puts brackets around a host that Regexp::IPv6 takes for an IPv6 address; a path that does not start with '/' gets one.";
    PerlAbsAbsolutePath => Perl, "perl.abs.absolute-path", "URI 5.17, URI/_generic.pm, abs",
        "An input whose path starts with '/' takes the base's scheme and authority and keeps its path, dot segments and all.";
    PerlAbsEmptyPath => Perl, "perl.abs.empty-path", "URI 5.17, URI/_generic.pm, abs",
        "An input with an empty path is the base, with the input's query and fragment where it has them.";
    PerlAbsMerge => Perl, "perl.abs.merge", "URI 5.17, URI/_generic.pm, abs",
        "The base's path up to its last '/' and the input's path are joined (the input's path as the class's path getter reads it).";
    PerlAbsDots => Perl, "perl.abs.dots", "URI 5.17, URI/_generic.pm, abs",
        "'.' segments go and each 'x/..' pair goes, but a '..' at the front stays: http://a/b + ../../g gives http://a/../g.";
    PerlPathSet => Perl, "perl.path.set", "URI 5.17, URI/_generic.pm, path, path_query, _check_path",
        "Setting the path percent-encodes what is outside its set and keeps a path that follows an authority starting with '/'.";
    PerlScheme => Perl, "perl.scheme", "URI 5.17, URI.pm, scheme, _scheme",
        "The scheme, lowercased; undef without one.";
    PerlOpaque => Perl, "perl.opaque", "URI 5.17, URI.pm, opaque",
        "Everything after the scheme up to the first '#'.";
    PerlPath => Perl, "perl.path", "URI 5.17, URI/_generic.pm, path; URI/ftp.pm, path; URI.pm, path",
        "The path: for the URI::_generic family the text after the scheme (any run without ':', '/', '?', '#' before a ':') and the '//' authority, up to '?' or '#'; ftp: adds the query; mailto:, data:, urn: answer the opaque part; sip: none.";
    PerlQuery => Perl, "perl.query", "URI 5.17, URI/_query.pm, query",
        "The query is the text after the first '?' that comes before any '#', up to the '#'; undef without a '?'.";
    PerlFragment => Perl, "perl.fragment", "URI 5.17, URI.pm, fragment",
        "The fragment is everything after the first '#'; undef without one.";
    PerlAuthority => Perl, "perl.authority", "URI 5.17, URI/_generic.pm, authority; URI/sip.pm, authority",
        "The authority is what follows '//' after the scheme, up to the first '/', '?' or '#'; undef without '//'. (sip: everything after the scheme up to ';' or '?'.)";
    PerlUserinfo => Perl, "perl.userinfo", "URI 5.17, URI/_server.pm, userinfo",
        "The userinfo is the authority up to its last '@', as written (not decoded).";
    PerlHost => Perl, "perl.host", "URI 5.17, URI/_server.pm, host; URI/file.pm, host",
        "The host is the authority after its last '@', less a ':digits' port at the end and one pair of square brackets around the whole, then percent-decoded into bytes; no lowercasing, no check of any kind. (file: the whole authority, decoded.)";
    PerlIhost => Perl, "perl.ihost", "URI 5.17, URI/_server.pm, ihost; URI/_idna.pm, decode, ToUnicode; URI/_punycode.pm, decode_punycode",
        "A host with a label starting 'xn--' is punycode-decoded label by label, each checked to encode back to itself; a label that does not dies.";
    PerlPort => Perl, "perl.port", "URI 5.17, URI/_server.pm, port, _port",
        "The port is the digits after the authority's last ':' when only ASCII digits follow it, as written (leading zeros kept, no range check); without one, or with an empty one, the class's default port.";
    PerlCanonicalEscapes => Perl, "perl.canonical.escapes", "URI 5.17, URI.pm, canonical",
        "The canonical form lowercases the scheme (parsing the URL again) and rewrites each %XX: decoded when it is a letter, digit or one of -_.!~*'(), upper-case hex otherwise.";
    PerlCanonicalHost => Perl, "perl.canonical.host", "URI 5.17, URI/_server.pm, canonical, host",
        "A host with an upper-case ASCII letter is set again lowercased, through the host setter: decoded first, so a percent-encoded byte outside ASCII is punycoded as a Latin-1 character.";
    PerlCanonicalPort => Perl, "perl.canonical.port", "URI 5.17, URI/_server.pm, canonical, port",
        "An empty port or one equal to the default (leading zeros allowed) is removed.";
    PerlCanonicalSlash => Perl, "perl.canonical.http-slash", "URI 5.17, URI/http.pm, canonical",
        "An http(s), rtsp or mms URL with an authority and neither path nor query gets the path '/'.";
    PerlCanonicalFile => Perl, "perl.canonical.file-authority", "URI 5.17, URI/file.pm, canonical",
        "A file: URL without an authority, or with an empty one or 'localhost', gets the empty authority: file:///.";
    PerlCanonicalLdap => Perl, "perl.canonical.ldap", "URI 5.17, URI/_ldap.pm, canonical",
        "An ldap: URL's dn is decoded and set again, its attributes and extension types lowercased, a 'base' scope and an (objectClass=*) filter dropped.";
    PerlCanonicalUrn => Perl, "perl.canonical.urn-nid", "URI 5.17, URI/urn.pm, canonical",
        "A urn: namespace with an upper-case letter (and no '%') is lowercased.";
    // (perl rows end here)
}
