//! `url.resolve(source, relative)` of `lib/url.js` (Node.js 20.20.2):
//! `urlParse(source, false, true).resolve(relative)`, that is
//! `Url.prototype.resolveObject` of the relative URL parsed the same way,
//! then `format()`.
//!
//! `resolveObject` works on copies of the two `Url` objects and their
//! path segments (`pathname.split('/')`); a field JavaScript leaves
//! `undefined` (`srcPath.shift()` of an empty array) is `None` here, as
//! `null` is: the code only ever tests either for truthiness.
//!
//! `resolve_object` is cut where the library's comments cut it, a function
//! for each: "Hrefs like //foo/bar" (`scheme_relative`), another protocol
//! (`other_protocol`), and the rest (`merge`), in which the crawl up to the
//! hostname (`crawl_into_host`), "it's absolute" (`absolute_path`), "it's
//! relative" (`relative_path`), "Just pull out the search" (`search_only`),
//! "No path at all" (`no_path`), the dots (`strip_dots`) and "put the host
//! back" (`put_host_back`).

use std::borrow::Cow;

use super::parse::{parse, truthy};
use super::{ErrorKind, Resolution, Url, is_slashed, javascript};
use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// `url.resolve(source, relative)`: the joined URL's text, and which
/// branch of `resolveObject` made it.
pub fn resolve<T: Tracer>(
    source: &str,
    relative: &str,
    tracer: &mut T,
) -> Result<(String, Resolution), ErrorKind> {
    let base = parse(source, true, &mut OfBase(tracer))?;
    let rel = parse(relative, true, tracer)?;
    let (result, how) = resolve_object(&base, rel, tracer);
    tracer.record(|| {
        Step {
            after: Some(result.href.clone()),
            changes: true,
            ..Step::new(StepId::NodeResolveFormat)
        }
        .decide_fixed("url.resolve gives format() of the resolved object")
    });
    Ok((result.href, how))
}

/// Sets `path` as `resolveObject` does "to support http.request".
fn set_path(result: &mut Url) {
    let mut p = result.pathname.clone().unwrap_or_default();
    p.push_str(result.search.as_deref().unwrap_or(""));
    result.path = Some(p);
}

/// JavaScript's `s.split('/')`, the segments borrowed.
fn split(s: &str) -> Vec<Cow<'_, str>> {
    s.split('/').map(Cow::Borrowed).collect()
}

/// JavaScript's `segments.join('/')`.
fn join(segments: &[Cow<'_, str>]) -> String {
    let mut out = String::with_capacity(segments.iter().map(|s| s.len() + 1).sum());
    for (i, s) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(s);
    }
    out
}

/// `Url.prototype.resolveObject(relative)`, `relative` already parsed.
pub fn resolve_object<T: Tracer>(this: &Url, relative: Url, tracer: &mut T) -> (Url, Resolution) {
    let mut result = this.clone();
    // resolveObject: the hash is always the relative URL's
    result.hash.clone_from(&relative.hash);

    // resolveObject: an empty relative URL leaves the source as it is
    if relative.href.is_empty() {
        tracer.record(|| {
            Step::new(StepId::NodeResolveEmpty)
                .decide_fixed("the relative URL is empty: the source, less its hash")
        });
        result.href = result.format();
        return (result, Resolution::Empty);
    }

    // resolveObject: '//host…' takes everything but the protocol
    if relative.slashes && relative.protocol.is_none() {
        return (
            scheme_relative(result, relative, tracer),
            Resolution::SchemeRelative,
        );
    }

    if let Some(rel_protocol) = relative
        .protocol
        .clone()
        .filter(|p| result.protocol.as_deref() != Some(p))
    {
        return other_protocol(result, relative, rel_protocol, tracer);
    }

    merge(result, relative, tracer)
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "Hrefs like //foo/bar
/// always cut to the protocol": everything of the relative URL but the
/// protocol, and `/` for the path of a slashed protocol with a hostname
/// and no pathname.
fn scheme_relative<T: Tracer>(mut result: Url, relative: Url, tracer: &mut T) -> Url {
    let protocol = result.protocol.take();
    result = relative;
    result.protocol = protocol;
    let fill = result.protocol.as_deref().is_some_and(is_slashed)
        && truthy(&result.hostname)
        && !truthy(&result.pathname);
    if fill {
        result.pathname = Some("/".to_owned());
        result.path = Some("/".to_owned());
    }
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveSlashes,
            Component::Host,
            None,
            result.host.as_deref(),
        )
        .decide(if fill {
            "'//' and no protocol: all of it but the protocol; path '/'"
        } else {
            "'//' and no protocol: all of it but the protocol"
        })
    });
    result.href = result.format();
    result
}

/// `Url.prototype.resolveObject` (`lib/url.js`), a relative URL with a
/// protocol other than the source's ("If it's a known url protocol, then
/// changing the protocol does weird things"): one not of `slashedProtocol`
/// is taken whole; else its host (or, with none and not a file: or
/// hostless protocol, its first non-empty path segment) and its path.
fn other_protocol<T: Tracer>(
    mut result: Url,
    mut relative: Url,
    rel_protocol: String,
    tracer: &mut T,
) -> (Url, Resolution) {
    // resolveObject: another protocol; one not of slashedProtocol is
    // taken whole
    if !is_slashed(&rel_protocol) {
        tracer.record(|| {
            Step::new(StepId::NodeResolveProtocol).decide(format!(
                "another protocol, {rel_protocol:?}, not of slashedProtocol: the relative URL whole"
            ))
        });
        relative.href = relative.format();
        return (relative, Resolution::OtherProtocol);
    }
    result.protocol = Some(rel_protocol.clone());
    let hostless =
        rel_protocol == "file:" || rel_protocol == "file" || javascript(Some(&rel_protocol));
    if !truthy(&relative.host) && !hostless {
        // resolveObject: the first non-empty segment becomes the host
        let pathname = relative.pathname.clone().unwrap_or_default();
        let segments = split(&pathname);
        // while (relPath.length && !(relative.host = relPath.shift()));
        let first = segments.iter().position(|s| !s.is_empty());
        let mut rel_path: Vec<Cow<'_, str>> = match first {
            Some(k) => segments[k + 1..].to_vec(),
            None => Vec::new(),
        };
        relative.host = Some(first.map_or_else(String::new, |k| segments[k].to_string()));
        if !truthy(&relative.hostname) {
            relative.hostname = Some(String::new());
        }
        if rel_path.first().map(|s| s.as_ref()) != Some("") {
            rel_path.insert(0, Cow::Borrowed(""));
        }
        if rel_path.len() < 2 {
            rel_path.insert(0, Cow::Borrowed(""));
        }
        result.pathname = Some(join(&rel_path));
    } else {
        result.pathname.clone_from(&relative.pathname);
    }
    result.search.clone_from(&relative.search);
    result.query.clone_from(&relative.query);
    result.host = Some(relative.host.clone().unwrap_or_default());
    result.auth.clone_from(&relative.auth);
    result.hostname = if truthy(&relative.hostname) {
        relative.hostname.clone()
    } else {
        relative.host.clone()
    };
    result.port.clone_from(&relative.port);
    if truthy(&result.pathname) || truthy(&result.search) {
        set_path(&mut result);
    }
    result.slashes = result.slashes || relative.slashes;
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveProtocol,
            Component::Host,
            None,
            result.host.as_deref(),
        )
        .decide(format!(
            "another protocol, {rel_protocol:?}, of slashedProtocol: its host (or first path segment) and path"
        ))
    });
    result.href = result.format();
    (result, Resolution::OtherSlashedProtocol)
}

/// `Url.prototype.resolveObject` (`lib/url.js`) when the relative URL has
/// the source's protocol or none: its path against the source's (`srcPath`
/// and `relPath`), dot segments resolved, and for a protocol without `//`
/// the host carried through the path and put back.
fn merge<T: Tracer>(mut result: Url, mut relative: Url, tracer: &mut T) -> (Url, Resolution) {
    let is_source_abs = result
        .pathname
        .as_deref()
        .is_some_and(|p| p.starts_with('/'));
    let is_rel_abs = truthy(&relative.host)
        || relative
            .pathname
            .as_deref()
            .is_some_and(|p| p.starts_with('/'));
    let mut must_end_abs =
        is_rel_abs || is_source_abs || (truthy(&result.host) && truthy(&relative.pathname));
    let remove_all_dots = must_end_abs;
    let src_text = result.pathname.clone().unwrap_or_default();
    let rel_text = relative.pathname.clone().unwrap_or_default();
    let mut src_path: Vec<Cow<'_, str>> = if src_text.is_empty() {
        Vec::new()
    } else {
        split(&src_text)
    };
    let mut rel_path: Vec<Cow<'_, str>> = if rel_text.is_empty() {
        Vec::new()
    } else {
        split(&rel_text)
    };
    let no_leading_slashes = result
        .protocol
        .as_deref()
        .is_some_and(|p| !p.is_empty() && !is_slashed(p));

    // resolveObject: a protocol without '//' lets '..' climb into the host,
    // which goes to the front of the path for now
    if no_leading_slashes {
        must_end_abs = crawl_into_host(
            &mut result,
            &mut relative,
            &mut src_path,
            &mut rel_path,
            must_end_abs,
            tracer,
        );
    }

    if is_rel_abs {
        src_path = absolute_path(&mut result, &relative, &rel_path, tracer);
    } else if !rel_path.is_empty() {
        relative_path(&mut result, &relative, &mut src_path, &rel_path, tracer);
    } else if relative.search.is_some() {
        // resolveObject: only a search
        search_only(&mut result, &relative, src_path, no_leading_slashes, tracer);
        return (result, Resolution::Merged);
    }

    if src_path.is_empty() {
        // resolveObject: no path at all
        no_path(&mut result, tracer);
        return (result, Resolution::Merged);
    }

    // resolveObject: a path ending in '.' or '..' (with a host, or more
    // than one segment) or in '' keeps a trailing slash
    let last = src_path.last().map(|s| s.as_ref()).unwrap_or("");
    let has_trailing_slash =
        ((truthy(&result.host) || truthy(&relative.host) || src_path.len() > 1)
            && (last == "." || last == ".."))
            || last.is_empty();
    let mut src_path = strip_dots(
        src_path,
        must_end_abs,
        remove_all_dots,
        has_trailing_slash,
        tracer,
    );
    let is_absolute = src_path
        .first()
        .is_some_and(|s| s.is_empty() || s.starts_with('/'));

    if no_leading_slashes {
        // resolveObject: "put the host back"
        put_host_back(&mut result, &mut src_path, is_absolute, tracer);
    }

    must_end_abs = must_end_abs || (truthy(&result.host) && !src_path.is_empty());
    if must_end_abs && !is_absolute {
        src_path.insert(0, Cow::Borrowed(""));
    }
    if src_path.is_empty() {
        result.pathname = None;
        result.path = None;
    } else {
        result.pathname = Some(join(&src_path));
    }
    if result.pathname.is_some() || result.search.is_some() {
        set_path(&mut result);
    }
    if truthy(&relative.auth) {
        result.auth.clone_from(&relative.auth);
    }
    result.slashes = result.slashes || relative.slashes;
    result.href = result.format();
    (result, Resolution::Merged)
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "If the url is a
/// non-slashed url, then relative links like ../.. should be able to crawl
/// up to the hostname": the source's host (and the relative URL's, when it
/// has a protocol) goes to the front of its path for now. Gives whether
/// the path must still end absolute.
fn crawl_into_host<'p, T: Tracer>(
    result: &mut Url,
    relative: &mut Url,
    src_path: &mut Vec<Cow<'p, str>>,
    rel_path: &mut Vec<Cow<'p, str>>,
    must_end_abs: bool,
    tracer: &mut T,
) -> bool {
    result.hostname = Some(String::new());
    result.port = None;
    if let Some(host) = result.host.clone().filter(|h| !h.is_empty()) {
        if src_path.first().map(|s| s.as_ref()) == Some("") {
            src_path[0] = Cow::Owned(host);
        } else {
            src_path.insert(0, Cow::Owned(host));
        }
    }
    result.host = Some(String::new());
    if truthy(&relative.protocol) {
        relative.hostname = None;
        relative.port = None;
        result.auth = None;
        if let Some(host) = relative.host.clone().filter(|h| !h.is_empty()) {
            if rel_path.first().map(|s| s.as_ref()) == Some("") {
                rel_path[0] = Cow::Owned(host);
            } else {
                rel_path.insert(0, Cow::Owned(host));
            }
        }
        relative.host = None;
    }
    let must_end_abs = must_end_abs
        && (rel_path.first().map(|s| s.as_ref()) == Some("")
            || src_path.first().map(|s| s.as_ref()) == Some(""));
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveNoSlashes,
            Component::Path,
            None,
            Some(&join(src_path)),
        )
        .decide(format!(
            "{:?} is no slashed protocol: the host is a path segment until the end",
            result.protocol.as_deref().unwrap_or("")
        ))
    });
    must_end_abs
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "it's absolute": the
/// relative URL's host, hostname and port where it has them (the auth
/// dropped if either differs), its search, and its path in place of the
/// source's. Gives the path.
fn absolute_path<'p, T: Tracer>(
    result: &mut Url,
    relative: &Url,
    rel_path: &[Cow<'p, str>],
    tracer: &mut T,
) -> Vec<Cow<'p, str>> {
    // resolveObject: an absolute relative path (or a host) replaces the path
    if let Some(host) = relative.host.clone() {
        if result.host.as_deref() != Some(host.as_str()) {
            result.auth = None;
        }
        result.host = Some(host);
        result.port.clone_from(&relative.port);
    }
    if let Some(hostname) = relative.hostname.clone() {
        if result.hostname.as_deref() != Some(hostname.as_str()) {
            result.auth = None;
        }
        result.hostname = Some(hostname);
    }
    result.search.clone_from(&relative.search);
    result.query.clone_from(&relative.query);
    let src_path = rel_path.to_vec();
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveAbsolute,
            Component::Path,
            None,
            Some(&join(&src_path)),
        )
        .decide("the relative URL has a host or a path from '/': its path replaces the source's")
    });
    src_path
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "it's relative": the
/// source's last segment goes ("throw away the existing file") and the
/// relative path follows, with the relative URL's search.
fn relative_path<'p, T: Tracer>(
    result: &mut Url,
    relative: &Url,
    src_path: &mut Vec<Cow<'p, str>>,
    rel_path: &[Cow<'p, str>],
    tracer: &mut T,
) {
    // resolveObject: the source's last segment goes, the relative path follows
    src_path.pop();
    src_path.extend(rel_path.iter().cloned());
    result.search.clone_from(&relative.search);
    result.query.clone_from(&relative.query);
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveRelative,
            Component::Path,
            None,
            Some(&join(src_path)),
        )
        .decide_fixed("a relative path: it takes the place of the source's last segment")
    });
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "Just pull out the
/// search": the source's path with the relative URL's search; for a
/// protocol without `//` the host comes back from the front of the path.
fn search_only<T: Tracer>(
    result: &mut Url,
    relative: &Url,
    mut src_path: Vec<Cow<'_, str>>,
    no_leading_slashes: bool,
    tracer: &mut T,
) {
    if no_leading_slashes {
        let host = if src_path.is_empty() {
            None
        } else {
            Some(src_path.remove(0).into_owned())
        };
        result.hostname.clone_from(&host);
        result.host = host;
        put_auth_back(result);
    }
    result.search.clone_from(&relative.search);
    result.query.clone_from(&relative.query);
    if result.pathname.is_some() || result.search.is_some() {
        set_path(result);
    }
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveSearch,
            Component::Query,
            None,
            result.query.as_deref(),
        )
        .decide_fixed("only a search: the source's path with the relative search")
    });
    result.href = result.format();
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "No path at all": no
/// pathname, and a path of `/` and the search when there is one.
fn no_path<T: Tracer>(result: &mut Url, tracer: &mut T) {
    result.pathname = None;
    result.path = result
        .search
        .as_deref()
        .filter(|s| !s.is_empty())
        .map(|s| format!("/{s}"));
    tracer.record(|| {
        Step::new(StepId::NodeResolveNoPath).decide_fixed("no path on either side: pathname null")
    });
    result.href = result.format();
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "Strip single dots,
/// resolve double dots to parent dir": `.` segments go and each `..`
/// takes the one before it; the `..` above the start are restored when
/// the path may stay relative; then the leading `''` of a path that must
/// end absolute and the trailing `''` of one that keeps its slash.
fn strip_dots<'p, T: Tracer>(
    src_path: Vec<Cow<'p, str>>,
    must_end_abs: bool,
    remove_all_dots: bool,
    has_trailing_slash: bool,
    tracer: &mut T,
) -> Vec<Cow<'p, str>> {
    let before = if T::ON {
        join(&src_path)
    } else {
        String::new()
    };
    // resolveObject: from the end, '.' goes and each '..' takes the
    // segment before it (one pass from the end, as the loop of splices)
    let mut up = 0usize;
    let mut kept: Vec<Cow<'_, str>> = Vec::with_capacity(src_path.len());
    for seg in src_path.into_iter().rev() {
        if seg == "." {
        } else if seg == ".." {
            up += 1;
        } else if up > 0 {
            up -= 1;
        } else {
            kept.push(seg);
        }
    }
    // resolveObject: '..' above the start stay when the path may be relative
    let climbed = if !must_end_abs && !remove_all_dots {
        up
    } else {
        0
    };
    let mut src_path: Vec<Cow<'_, str>> = Vec::with_capacity(kept.len() + climbed + 2);
    src_path.extend(std::iter::repeat_n(Cow::Borrowed(".."), climbed));
    src_path.extend(kept.into_iter().rev());
    if must_end_abs
        && src_path.first().map(|s| s.as_ref()) != Some("")
        && !src_path.first().is_some_and(|s| s.starts_with('/'))
    {
        src_path.insert(0, Cow::Borrowed(""));
    }
    if has_trailing_slash && !ends_with_slash(&src_path) {
        src_path.push(Cow::Borrowed(""));
    }
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveDots,
            Component::Path,
            Some(&before),
            Some(&join(&src_path)),
        )
        .decide(format!(
            "'.' segments go, each '..' takes the segment before it{}{}",
            if !remove_all_dots && up > 0 {
                "; the '..' above the start are kept"
            } else {
                ""
            },
            if has_trailing_slash {
                "; a trailing '/' kept"
            } else {
                ""
            }
        ))
    });
    src_path
}

/// `Url.prototype.resolveObject` (`lib/url.js`), "put the host back" for
/// a protocol without `//`: the first segment of a relative path is the
/// host again (an `@` in it splits off an auth).
fn put_host_back<T: Tracer>(
    result: &mut Url,
    src_path: &mut Vec<Cow<'_, str>>,
    is_absolute: bool,
    tracer: &mut T,
) {
    let host = if is_absolute || src_path.is_empty() {
        String::new()
    } else {
        src_path.remove(0).into_owned()
    };
    result.hostname = Some(host.clone());
    result.host = Some(host);
    put_auth_back(result);
    tracer.record(|| {
        Step::change(
            StepId::NodeResolveHostBack,
            Component::Host,
            None,
            result.host.as_deref(),
        )
        .decide_fixed("the first segment goes back to the host (an '@' in it splits off an auth)")
    });
}

/// Whether `segments.join('/')` ends in `/`: an empty last segment after
/// another, or a last segment ending in `/`.
fn ends_with_slash(segments: &[Cow<'_, str>]) -> bool {
    match segments {
        [] => false,
        [only] => only.ends_with('/'),
        [.., last] => last.is_empty() || last.ends_with('/'),
    }
}

/// "Occasionally the auth can get stuck only in host": a host with an
/// `@` after its first character is split at the `@`s, the first part the
/// auth, the second the host (any further part is lost).
fn put_auth_back(result: &mut Url) {
    let Some(host) = result.host.clone() else {
        return;
    };
    if host.find('@').is_some_and(|i| i > 0) {
        let mut parts = host.split('@');
        result.auth = parts.next().map(str::to_owned);
        let h = parts.next().map(str::to_owned);
        result.hostname.clone_from(&h);
        result.host = h;
    }
}
