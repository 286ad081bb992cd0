//! Chromium 156's `filesystem:` URLs (`url/third_party/mozilla/url_parse.cc`,
//! ParseFileSystemURL; `url/url_canon_filesystemurl.cc`,
//! CanonicalizeFileSystemURL). The URL Standard has no such scheme: it keeps
//! `filesystem:http://h/t/x` as an opaque path. Chromium reads a URL inside:
//!
//! - after `filesystem:` comes an inner URL of one of Chromium's standard
//!   schemes (`http:`, `chrome:`, ...) or `file:`; any other inner scheme,
//!   `filesystem:` itself or none is refused;
//! - the inner URL is parsed as its scheme is parsed, and its path's first
//!   segment is the filesystem's *type* (`/temporary`): the inner URL keeps
//!   it, and the rest of the path is the outer URL's path. The type runs to
//!   the next slash wherever it is, so with none in the path it takes the
//!   query and fragment along too (`filesystem:http://h/t?q` is
//!   `filesystem:http://h/t%3Fq/?q`); one not starting with a slash is the
//!   whole path (`file:c:/t` gives the type `/c:/t`);
//! - the inner URL is written without credentials (a `file:` one without its
//!   host either), its host and port as its scheme writes them; a type of
//!   `/` alone, or none, is refused. The outer path, query and fragment are
//!   written as an http URL's are; an empty outer path is `/`;
//! - the getters give `filesystem:` and the outer path, query and fragment;
//!   host and the rest are empty;
//! - a reference against a `filesystem:` base resolves within the outer
//!   path, as a reference against an http URL with that path would, and one
//!   with two leading slashes gives `filesystem://` and the host it names.
//!
//! Each canonicalizing step asks the Chromium model again (`Case::again`) on
//! an http URL holding the piece, so the piece is written with Chromium's
//! other departures (a `|` in the path, a space in the host).

use super::getters::{Answer, Getters, Parts};
use super::model::{Case, is_special, scheme_of};
use super::text::{is_slash, leading_slashes};

/// What Chromium answers when `case` is a `filesystem:` URL, or a
/// reference against one; `None` when it is neither. `own` are the
/// standard schemes Chromium registers besides the special ones.
pub fn answer(case: &Case<'_>, own: &[&str]) -> Option<Answer> {
    match case.scheme().as_deref() {
        Some("filesystem") => Some(absolute(case, own)),
        Some(_) => None,
        None if case.base_scheme().as_deref() == Some("filesystem") => Some(relative(case)),
        None => None,
    }
}

/// The inner URL's pieces, as written: host and port (`None` for `file:`),
/// the type, the outer path, the query and the fragment.
struct Inner<'a> {
    hostport: Option<&'a str>,
    kind: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// `filesystem:` and an inner URL.
fn absolute(case: &Case<'_>, own: &[&str]) -> Answer {
    let inner = case.trimmed.get("filesystem:".len()..)?;
    let scheme = scheme_of(inner)?;
    let after = &inner[scheme.len() + 1..];
    let parts = split(after, scheme == "file")?;
    let origin = match parts.hostport {
        None if scheme == "file" => "file://".to_owned(),
        // Chromium's standard schemes: the special ones and its own.
        Some(hostport) if is_special(&scheme) || own.contains(&scheme.as_str()) => {
            let g = (case.again)(&format!("{scheme}://{hostport}/"), None)?;
            format!("{}//{}", g.protocol, g.host)
        }
        _ => return None,
    };
    let kind = path(case, parts.kind)?;
    if kind.len() <= 1 {
        return None;
    }
    let outer = if parts.path.is_empty() {
        "/".to_owned()
    } else {
        path(case, parts.path)?
    };
    let tail = Parts::of(&(case.again)(&query_fragment(parts.query, parts.fragment), None)?.href);
    Some(getters(
        format!("filesystem:{origin}{kind}"),
        outer,
        tail.query.as_deref(),
        tail.fragment.as_deref(),
    ))
}

/// Splits the inner URL after its scheme's colon (`file` for a `file:`
/// one) into its pieces, as Chromium's parser for its scheme reads them;
/// `None` when Chromium finds no path, so no type.
fn split(after: &str, file: bool) -> Option<Inner<'_>> {
    let slashes = leading_slashes(after);
    let (hostport, start) = if file && slashes != 2 {
        // Not two slashes: no host, and the path starts at the last slash.
        (None, slashes.saturating_sub(1))
    } else {
        let end = slashes
            + after[slashes..]
                .find(['/', '\\', '?', '#'])
                .unwrap_or(after.len() - slashes);
        let authority = &after[slashes..end];
        let host = authority
            .rfind('@')
            .map_or(authority, |at| &authority[at + 1..]);
        ((!file).then_some(host), end)
    };
    let end = start
        + after[start..]
            .find(['?', '#'])
            .unwrap_or(after.len() - start);
    let whole = &after[start..end];
    let (query, fragment) = match after[end..].split_once('#') {
        Some((q, f)) => (q.strip_prefix('?'), Some(f)),
        None => (after[end..].strip_prefix('?'), None),
    };
    if whole.is_empty() {
        return None;
    }
    // The type: to the next slash, looked for to the very end.
    let (kind, path) = if !is_slash(whole.as_bytes()[0]) {
        (whole, "")
    } else {
        match after[start + 1..].find(['/', '\\']).map(|k| start + 1 + k) {
            Some(k) if k < end => (&after[start..k], &after[k..end]),
            Some(k) => (&after[start..k], ""),
            None => (&after[start..], ""),
        }
    };
    Some(Inner {
        hostport,
        kind,
        path,
        query,
        fragment,
    })
}

/// A path written as Chromium writes an http URL's, `?` and `#` in it
/// escaped and a slash put before it when it has none.
fn path(case: &Case<'_>, raw: &str) -> Option<String> {
    let escaped = raw.replace('?', "%3F").replace('#', "%23");
    let slash = if escaped.starts_with(['/', '\\']) {
        ""
    } else {
        "/"
    };
    Some((case.again)(&format!("http://h{slash}{escaped}"), None)?.pathname)
}

/// An http URL holding a query and a fragment, to be written as Chromium
/// writes them.
fn query_fragment(query: Option<&str>, fragment: Option<&str>) -> String {
    let mut url = "http://h/".to_owned();
    if let Some(q) = query {
        url.push('?');
        url.push_str(q);
    }
    if let Some(f) = fragment {
        url.push('#');
        url.push_str(f);
    }
    url
}

/// A reference against a `filesystem:` base.
fn relative(case: &Case<'_>) -> Answer {
    let base = (case.again)(case.base.as_deref()?, None)?;
    let base_parts = Parts::of(&base.href);
    let reference = &case.trimmed;
    if leading_slashes(reference) >= 2 {
        // It names a host: `filesystem://` and that host, no port.
        let r = (case.again)(reference, Some("http://h/"))?;
        let tail = Parts::of(&r.href);
        let mut g = getters(
            format!("filesystem://{}", r.hostname),
            r.pathname,
            tail.query.as_deref(),
            tail.fragment.as_deref(),
        );
        g.hostname.clone_from(&r.hostname);
        g.host = r.hostname;
        return Some(g);
    }
    let http_base = format!(
        "http://h{}{}",
        base.pathname,
        &query_fragment(base_parts.query.as_deref(), base_parts.fragment.as_deref())
            ["http://h/".len()..]
    );
    let r = (case.again)(reference, Some(&http_base))?;
    let head = &base.href[..base.href.find(['?', '#']).unwrap_or(base.href.len())];
    let prefix = head.strip_suffix(base.pathname.as_str())?;
    let tail = Parts::of(&r.href);
    Some(getters(
        prefix.to_owned(),
        r.pathname,
        tail.query.as_deref(),
        tail.fragment.as_deref(),
    ))
}

/// The getters of a `filesystem:` URL: `head` (what comes before the
/// path) and the path, query and fragment.
fn getters(head: String, path: String, query: Option<&str>, fragment: Option<&str>) -> Getters {
    let mut href = head;
    href.push_str(&path);
    let with = |p: &str, v: Option<&str>| match v {
        None | Some("") => String::new(),
        Some(v) => format!("{p}{v}"),
    };
    if let Some(q) = query {
        href.push('?');
        href.push_str(q);
    }
    if let Some(f) = fragment {
        href.push('#');
        href.push_str(f);
    }
    Getters {
        href,
        protocol: "filesystem:".to_owned(),
        pathname: path,
        search: with("?", query),
        hash: with("#", fragment),
        ..Getters::default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Browser, Getters, parse};
    use crate::engine::NoTrace;
    use crate::engine::trace::{StepId, Trace};

    fn chromium(input: &str, base: Option<&str>) -> Option<Getters> {
        parse(Browser::Chromium, input, base, &mut NoTrace).answer
    }

    fn href(input: &str, base: Option<&str>) -> Option<String> {
        chromium(input, base).map(|a| a.href)
    }

    #[test]
    fn the_inner_url_is_canonicalized_and_its_type_kept() {
        let a = chromium(
            "Filesystem:htTp://u:p@www.Foo.com:80/tempoRary/a/../b?q#f",
            None,
        )
        .expect("valid");
        assert_eq!(a.href, "filesystem:http://www.foo.com/tempoRary/b?q#f");
        assert_eq!(
            (a.protocol.as_str(), a.host.as_str(), a.pathname.as_str()),
            ("filesystem:", "", "/b")
        );
        assert_eq!((a.search.as_str(), a.hash.as_str()), ("?q", "#f"));
        assert_eq!(
            href("filesystem:http://h/t", None).as_deref(),
            Some("filesystem:http://h/t/")
        );
        assert_eq!(
            href("filesystem:fIle://\\temporary/", None).as_deref(),
            Some("filesystem:file:///temporary/")
        );
        // A file: URL loses its host; a type not starting with a slash is
        // the whole path.
        assert_eq!(
            href("filesystem:file://host/t/x", None).as_deref(),
            Some("filesystem:file:///t/x")
        );
        assert_eq!(
            href("filesystem:file:c:/t/x", None).as_deref(),
            Some("filesystem:file:///c:/t/x/")
        );
        // Chromium's own standard schemes are inner URLs too.
        assert_eq!(
            href("filesystem:chrome://h/t/x", None).as_deref(),
            Some("filesystem:chrome://h/t/x")
        );
    }

    #[test]
    fn the_type_runs_to_the_next_slash_wherever_it_is() {
        assert_eq!(
            href("filesystem:http://h/t?q", None).as_deref(),
            Some("filesystem:http://h/t%3Fq/?q")
        );
        assert_eq!(
            href("filesystem:http://user:pass@google.com:21/blah#baz", None).as_deref(),
            Some("filesystem:http://google.com:21/blah%23baz/#baz")
        );
    }

    #[test]
    fn refused() {
        for input in [
            "filesystem:",
            "filesystem:http:",
            "filesystem:http://h",
            "filesystem:http://h/",
            "filesystem:http://www.foo.com//",
            "FilEsysteM:htTp:E=/.",
            "filesystem:git://h/t/x",
            "filesystem:data:x",
            "filesystem:filesystem:http://h/t/x",
        ] {
            assert_eq!(chromium(input, None), None, "{input}");
        }
    }

    #[test]
    fn references_resolve_within_the_outer_path() {
        let base = Some("filesystem:http://h/t/a/b?q#f");
        assert_eq!(
            href("../../x", base).as_deref(),
            Some("filesystem:http://h/t/x")
        );
        assert_eq!(
            href("", base).as_deref(),
            Some("filesystem:http://h/t/a/b?q")
        );
        assert_eq!(
            href("a?x", base).as_deref(),
            Some("filesystem:http://h/t/a/a?x")
        );
        let g = chromium("//u:p@g:80/x?q#f", base).expect("valid");
        assert_eq!(g.href, "filesystem://g/x?q#f");
        assert_eq!((g.host.as_str(), g.pathname.as_str()), ("g", "/x"));
        // An absolute filesystem: URL is read on its own.
        assert_eq!(chromium("filesystem:http:path2", base), None);
        // The base refused refuses the call.
        assert_eq!(chromium("x", Some("filesystem:git://h/t/a")), None);
    }

    #[test]
    fn the_departure_is_one_step() {
        let mut trace = Trace::default();
        let m = parse(
            Browser::Chromium,
            "filesystem:http://h/t/x",
            None,
            &mut trace,
        );
        assert_eq!(m.departures, [StepId::ChromiumFilesystemInner]);
        let steps: Vec<StepId> = trace.steps.iter().map(|s| s.id).collect();
        assert_eq!(steps, [StepId::ChromiumFilesystemInner]);
    }
}
