//! `URI->new_abs` (URI 5.17): `new` with the base as the scheme argument,
//! then the class's `abs` (`URI/_generic.pm`'s for the `_generic` family,
//! which sets the scheme through `URI.pm`'s `_scheme`, copies the base's
//! authority through the authority setter and merges the paths).

use super::class::Class;
use super::new::new;
use super::object::Uri;
use super::text::leading_scheme;
use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// What perl says when a class has no method by that name.
pub(super) fn no_method(method: &str, class: Class) -> String {
    format!(
        "Can't locate object method \"{method}\" via package \"{}\"",
        class.name()
    )
}

/// How `abs` came to its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// No base: `URI->new` alone.
    NoBase,
    /// The class's `abs` returns the object (mailto, data, urn, sip).
    ClassKeeps,
    /// The input has a scheme of its own.
    OwnScheme,
    /// The input starts `//`: the base's scheme alone.
    NetworkPath,
    /// The input's path starts `/`: the base's scheme and authority.
    AbsolutePath,
    /// The input's path is empty: the base, with the input's query and
    /// fragment.
    EmptyPath,
    /// The paths merged.
    Merged,
}

impl How {
    /// Whether the base gave the answer anything.
    pub fn base_used(self) -> bool {
        !matches!(self, How::NoBase | How::ClassKeeps | How::OwnScheme)
    }
}

/// `URI->new_abs($input, $base)`.
pub(super) fn new_abs<T: Tracer>(
    input: &str,
    base: &str,
    tracer: &mut T,
) -> Result<(Uri, How), String> {
    let uri = new(input, Some(base), tracer);
    abs(uri, base, tracer)
}

/// The `_scheme` setter: a scheme goes in front and the whole is parsed
/// again with `URI->new` (the class may change); none removes the
/// scheme where the class may do without one.
pub(super) fn set_scheme<T: Tracer>(uri: &mut Uri, scheme: Option<&str>, tracer: &mut T) {
    let rest_at = leading_scheme(&uri.text).map_or(0, |s| s.len() + 1);
    match scheme.filter(|s| !s.is_empty()) {
        Some(scheme) => {
            let text = format!("{scheme}:{}", &uri.text[rest_at..]);
            tracer.record(|| {
                Step::new(StepId::PerlSchemeSet)
                    .about(Component::Scheme)
                    .decide(format!("URI->new({text:?}) again"))
            });
            *uri = new(&text, None, tracer);
        }
        None => {
            if uri.class.no_scheme_ok() {
                uri.text.drain(..rest_at);
            }
        }
    }
}

/// The class's `abs`.
fn abs<T: Tracer>(this: Uri, base: &str, tracer: &mut T) -> Result<(Uri, How), String> {
    if !this.class.resolves() {
        // URI::abs, URI::sip::abs: the object back
        tracer.record(|| {
            Step::new(StepId::PerlAbsClass)
                .decide(format!("{}'s abs returns the object", this.class.name()))
        });
        return Ok((this, How::ClassKeeps));
    }
    // my $base = shift || Carp::croak("Missing base argument")
    if base.is_empty() || base == "0" {
        tracer.record(|| Step::new(StepId::PerlAbsMissingBase).fail());
        return Err("Missing base argument".into());
    }
    if let Some(scheme) = this.scheme() {
        tracer.record(|| {
            Step::new(StepId::PerlAbsOwnScheme).decide(format!(
                "the input has the scheme {scheme:?}: it is the answer"
            ))
        });
        return Ok((this, How::OwnScheme));
    }
    let base = new(base, None, &mut OfBase(tracer));
    tracer.record(|| {
        Step {
            after: Some(base.text.clone()),
            changes: true,
            ..Step::new(StepId::PerlAbsBase)
        }
        .decide(base.class.name())
    });
    let mut abs = this.clone();
    set_scheme(&mut abs, base.scheme().as_deref(), tracer);
    // return $abs if $$self =~ m,^(?:$URI::scheme_re:)?//,
    if this.text.starts_with("//") {
        tracer.record(|| Step::new(StepId::PerlAbsNetworkPath).decide(format!("{:?}", abs.text)));
        return Ok((abs, How::NetworkPath));
    }
    // $abs->authority($base->authority): the argument is evaluated first
    if !base.class.has_authority() {
        return Err(no_method("authority", base.class));
    }
    let base_authority = base.authority();
    if !abs.class.has_authority() {
        return Err(no_method("authority", abs.class));
    }
    let before = abs.authority().map(str::to_owned);
    abs.set_authority(base_authority);
    tracer.record(|| {
        Step::change(
            StepId::PerlAuthoritySet,
            Component::Host,
            before.as_deref(),
            abs.authority(),
        )
        .decide(format!(
            "the base's authority {base_authority:?}: {:?}",
            abs.text
        ))
    });
    let path = this.path().unwrap_or("");
    if path.starts_with('/') {
        tracer.record(|| Step::new(StepId::PerlAbsAbsolutePath).decide(format!("{:?}", abs.text)));
        return Ok((abs, How::AbsolutePath));
    }
    if path.is_empty() {
        let mut abs = base.clone();
        if let Some(query) = this.query() {
            if !abs.class.has_query() {
                return Err(no_method("query", abs.class));
            }
            abs.set_query(Some(query));
        }
        if let Some(fragment) = this.fragment() {
            abs.set_fragment(Some(fragment));
        }
        tracer.record(|| {
            Step::new(StepId::PerlAbsEmptyPath).decide(format!(
                "query {:?}, fragment {:?}: {:?}",
                this.query(),
                this.fragment(),
                abs.text
            ))
        });
        return Ok((abs, How::EmptyPath));
    }
    // $p = $base->path; $p =~ s,[^/]+$,,; $p .= $path
    let base_path = base.path().unwrap_or("");
    let folder = base_path.rfind('/').map_or("", |p| &base_path[..=p]);
    let merged = format!("{folder}{path}");
    tracer.record(|| {
        Step::change(
            StepId::PerlAbsMerge,
            Component::Path,
            Some(base_path),
            Some(&merged),
        )
        .decide(format!("the input's path {path:?} after {folder:?}"))
    });
    let resolved = remove_dots(&merged);
    tracer.record(|| {
        Step::change(
            StepId::PerlAbsDots,
            Component::Path,
            Some(&merged),
            Some(&resolved),
        )
    });
    abs.set_path(&resolved);
    tracer.record(|| {
        Step::change(StepId::PerlPathSet, Component::Path, None, abs.path())
            .decide(format!("{:?}", abs.text))
    });
    Ok((abs, How::Merged))
}

/// `abs`'s walk through the segments of the merged path; the result
/// starts with `/`.
fn remove_dots(merged: &str) -> String {
    // split('/', $p, -1): every field, the empty ones too
    let mut p: Vec<&str> = if merged.is_empty() {
        Vec::new()
    } else {
        merged.split('/').collect()
    };
    if p.first().is_some_and(|s| s.is_empty()) {
        p.remove(0);
    }
    let mut i = 1;
    while i < p.len() {
        if p[i - 1] == "." {
            p.remove(i - 1);
            if i > 1 {
                i -= 1;
            }
        } else if p[i] == ".." && p[i - 1] != ".." {
            p.drain(i - 1..=i);
            if i > 1 {
                i -= 1;
                if i == p.len() {
                    p.push("");
                }
            }
        } else {
            i += 1;
        }
    }
    if let Some(last) = p.last_mut()
        && *last == "."
    {
        *last = "";
    }
    let mut out = String::with_capacity(merged.len() + 1);
    out.push('/');
    out.push_str(&p.join("/"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoTrace;

    fn resolve(input: &str, base: &str) -> String {
        match new_abs(input, base, &mut NoTrace) {
            Ok((u, _)) => u.text,
            Err(e) => e,
        }
    }

    #[test]
    fn abs_t() {
        let base = "http://a/b/c/d;p?q";
        for (input, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("..", "http://a/b/"),
            ("../../../g", "http://a/../g"),
            ("/./g", "http://a/./g"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
            ("", "http://a/b/c/d;p?q"),
        ] {
            assert_eq!(resolve(input, base), want, "{input:?}");
        }
        assert_eq!(resolve("x", "a:b"), "a:/x");
        assert_eq!(resolve("x", "mailto:y"), "mailto:x");
        assert_eq!(resolve("x", ""), "Missing base argument");
        assert_eq!(resolve("a@b:c/d", "http://h/x/y"), "http://h/x/c/d");
        assert_eq!(resolve("x", "http://1:2:3/"), "http://1:2:3/x");
        assert_eq!(resolve("x", "http://1::80/"), "http://[1::80]/x");
    }
}
