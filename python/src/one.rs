//! One URL at a time: `canon`, `parse`, `compare`, `hosts`, `pair` and
//! `same`. Each asks the library the question its command-line namesake
//! asks, and returns what that command writes as JSON (`canon --json`,
//! `compare --json`, `same --json`) as Python dicts and lists, by turning
//! the same serde values into Python objects: the shapes cannot drift.

use pyo3::prelude::*;
use url_inspector::engine::{QueryEncoding, Until};
use url_inspector::resolvers::comparison::{self, ComparisonJson};
use url_inspector::resolvers::hosts as host_verdict;
use url_inspector::resolvers::json::{self, CanonJson, Request, SiteJson};
use url_inspector::resolvers::same as sameness;
use url_inspector::resolvers::{self as lib, Resolver};

use crate::errors::invalid_url;
use crate::options;
use crate::text;

/// The checked request of the single-URL functions.
fn request(
    input: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    mode: &str,
    encoding: &str,
    trace: bool,
) -> PyResult<Request> {
    Ok(Request {
        input: text::string(input, "input")?,
        base: text::optional(base, "base")?.filter(|b| !b.is_empty()),
        encoding: options::encoding(encoding)?,
        mode: options::resolver(mode)?,
        until: Until::Canonicalize,
        trace,
        set: None,
        forms: Default::default(),
    })
}

/// The input, base and encoding of a question to the resolvers, read and
/// checked.
struct Question {
    input: String,
    base: Option<String>,
    encoding: QueryEncoding,
}

impl Question {
    /// Reads the question; `what` names the input argument in errors.
    fn read(
        input: &Bound<'_, PyAny>,
        what: &str,
        base: Option<&Bound<'_, PyAny>>,
        encoding: &str,
    ) -> PyResult<Question> {
        Ok(Question {
            input: text::string(input, what)?,
            base: text::optional(base, "base")?,
            encoding: options::encoding(encoding)?,
        })
    }

    /// The resolvers' request for `input`, with this question's base and
    /// encoding.
    fn about<'a>(&'a self, input: &'a str) -> lib::Request<'a> {
        lib::Request::new(input)
            .with_base(self.base.as_deref())
            .with_encoding(self.encoding)
    }

    fn request(&self) -> lib::Request<'_> {
        self.about(&self.input)
    }
}

/// A library value as Python objects (dicts, lists, str, int, bool, None).
fn to_python<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(PyErr::from)
}

/// The canonical URL of `input` (resolved against `base`) under `mode`.
/// Raises InvalidUrlError, whose message names the failing step, when the
/// resolver finds the input invalid; ValueError for an unknown mode or
/// encoding label or an input that is not valid Unicode.
#[pyfunction]
#[pyo3(signature = (input, base=None, mode="whatwg", encoding="utf-8"))]
pub fn canon(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    mode: &str,
    encoding: &str,
) -> PyResult<String> {
    let req = request(input, base, mode, encoding, false)?;
    let resp = py.detach(|| json::answer(&req));
    match (&resp.canon, resp.invalid) {
        (Some(canon), false) => Ok(canon.clone()),
        _ => Err(invalid_url(py, &req, &resp)),
    }
}

/// Everything `mode` makes of `input`: a dict with "invalid", "canon",
/// "components" (scheme, user, password, host, port, path, query,
/// fragment: the present ones), "notes", "failure" (the step, when
/// invalid), "key" and "lookups" (the canonical forms that make them),
/// "trace" (with trace=True, each step with its citation and
/// explanation) and "site" (for the URL Standard and the browser models).
/// The same object as `url-inspector canon --json`. An invalid URL is an
/// answer here, not an exception.
#[pyfunction]
#[pyo3(signature = (input, base=None, mode="whatwg", encoding="utf-8", *, trace=false))]
pub fn parse<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&Bound<'py, PyAny>>,
    mode: &str,
    encoding: &str,
    trace: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let req = request(input, base, mode, encoding, trace)?;
    let (resp, site) = py.detach(|| {
        let resp = json::answer(&req);
        let site = json::site_facts(&req, &resp).map(|facts| SiteJson::of(&facts));
        (resp, site)
    });
    to_python(
        py,
        &CanonJson {
            response: &resp,
            site,
        },
    )
}

/// Every resolver's answer to `input`, keyed by resolver name in the order
/// of `resolvers()`, each the dict `parse` returns (without "site"), then
/// "hosts" (would they connect to the same host?), "pair" (with check= and
/// fetch=, or stack=: that pair's verdict) and "site" (by the URL
/// Standard's answer). The object `url-inspector compare --json` writes.
#[pyfunction]
#[pyo3(signature = (input, base=None, encoding="utf-8", *, check=None, fetch=None, stack=None))]
pub fn compare<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&Bound<'py, PyAny>>,
    encoding: &str,
    check: Option<&str>,
    fetch: Option<&str>,
    stack: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let q = Question::read(input, "input", base, encoding)?;
    let pair = options::optional_pair(check, fetch, stack)?;
    let (c, site, verdict) = py.detach(|| {
        let c = comparison::compare(&q.input, q.base.as_deref(), q.encoding);
        let site = comparison::standard_site(&c, &q.input, q.base.as_deref(), q.encoding);
        let verdict = pair.map(|p| p.judge_request(&q.request()));
        (c, site, verdict)
    });
    to_python(
        py,
        &ComparisonJson {
            comparison: &c,
            hosts: comparison::hosts_of(&c),
            pair: verdict.as_ref(),
            site: site.as_ref().map(SiteJson::of),
        },
    )
}

/// Would the resolvers connect to the same host? A dict with "verdict"
/// ("agree", "spelling" or "confusion"), "hosts" (each host, who names it
/// and in which spellings), "refused", "no_host" and "userinfo". Over
/// every resolver that names a host, or over the names in `resolvers`.
#[pyfunction]
#[pyo3(signature = (input, base=None, encoding="utf-8", resolvers=None))]
pub fn hosts<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&Bound<'py, PyAny>>,
    encoding: &str,
    resolvers: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyAny>> {
    let q = Question::read(input, "input", base, encoding)?;
    let chosen: Vec<Resolver> = match resolvers {
        Some(names) => names
            .iter()
            .map(|n| options::resolver(n))
            .collect::<PyResult<_>>()?,
        None => Resolver::ALL
            .into_iter()
            .filter(|r| r.names_a_host())
            .collect(),
    };
    let verdict = py.detach(|| {
        let request = q.request();
        let answers: Vec<_> = chosen.iter().map(|r| (*r, r.resolve(&request))).collect();
        host_verdict::compare(answers.iter().map(|(r, a)| (*r, a)))
    });
    to_python(py, &verdict)
}

/// One URL through the parser an application checks it with and the one
/// it fetches it with (check= and fetch=, resolver names, or stack=, e.g.
/// "node", "php", "python"): the verdict, each side's host, whether the
/// URL gets through, a sentence, and where each side took its host.
#[pyfunction]
#[pyo3(signature = (input, base=None, encoding="utf-8", *, check=None, fetch=None, stack=None))]
pub fn pair<'py>(
    py: Python<'py>,
    input: &Bound<'py, PyAny>,
    base: Option<&Bound<'py, PyAny>>,
    encoding: &str,
    check: Option<&str>,
    fetch: Option<&str>,
    stack: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let q = Question::read(input, "input", base, encoding)?;
    let pair = options::pair(check, fetch, stack)?;
    let verdict = py.detach(|| pair.judge_request(&q.request()));
    to_python(py, &verdict)
}

/// Are `a` and `b` the same URL to `mode`? A dict with "resolver",
/// "verdict" ("same", "different", ...) and, as `url-inspector same
/// --json` says it, the step after which they are one or the first
/// component that differs.
#[pyfunction]
#[pyo3(signature = (a, b, base=None, mode="whatwg", encoding="utf-8"))]
pub fn same<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    base: Option<&Bound<'py, PyAny>>,
    mode: &str,
    encoding: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let q = Question::read(a, "a", base, encoding)?;
    let b = text::string(b, "b")?;
    let resolver = options::resolver(mode)?;
    let sameness = py.detach(|| sameness::same(resolver, &q.request(), &q.about(&b)));
    to_python(py, &sameness)
}

/// Every resolver a `mode` may name: a list of dicts with "name", "label",
/// "group", "description" and "live" (asks a program installed here).
#[pyfunction]
pub fn resolvers(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    #[derive(serde::Serialize)]
    struct Described {
        name: &'static str,
        label: &'static str,
        group: &'static str,
        description: &'static str,
        live: bool,
    }
    let all: Vec<Described> = Resolver::EVERY
        .iter()
        .map(|r| Described {
            name: r.name(),
            label: r.label(),
            group: r.group().name(),
            description: r.description(),
            live: r.is_live(),
        })
        .collect();
    to_python(py, &all)
}
