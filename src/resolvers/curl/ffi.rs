//! libcurl's URL API, loaded at run time from `libcurl.so.4` with
//! `libloading`: the seven C functions the resolver calls, declared here as
//! `curl/urlapi.h` and `curl/curl.h` give them, behind a small safe
//! interface ([`Curl`], [`Handle`]).
//!
//! Loaded once per process, on first use, into a `OnceLock` that is never
//! emptied: the library stays mapped until the process ends, so the
//! function pointers copied out of it stay valid, and no request pays for
//! loading again. A machine without the library gets the loader's error,
//! once, as a value; nothing panics.
//!
//! Thread safety. libcurl's URL API keeps no state outside its `CURLU`
//! handles (`lib/urlapi.c` of 7.88.1 has one static, a `const` table of
//! hex digits; its helpers, `Curl_inet_pton`, `aprintf`, `strtoul`, use
//! the stack and `errno`), so handles used by one thread each need no lock.
//! It needs no `curl_global_init`: its allocations go through
//! `Curl_cmalloc` and friends, which `lib/easy.c` initializes statically
//! to the C library's `malloc`, and the global init sets up TLS and
//! sockets, which the URL API never touches (the oracle's runner,
//! `scripts/servers/curl-runner.c`, calls none either). The one call that
//! is not thread-safe, `curl_version_info` (it refills static buffers on
//! every call), is made once, inside the `OnceLock`'s initialization.

use std::ffi::{CStr, c_char, c_int, c_uint, c_void};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};
use std::sync::OnceLock;

use libloading::Library;

/// The name the dynamic loader is asked for: libcurl's soname since 7.16,
/// which Debian's `libcurl4` (OpenSSL flavour) provides.
pub const SONAME: &str = "libcurl.so.4";

/// `CURLU_NON_SUPPORT_SCHEME`: accept a scheme libcurl has no handler for.
pub const NON_SUPPORT_SCHEME: c_uint = 1 << 3;

/// `CURLUE_OUT_OF_MEMORY`, for a `curl_url()` that returns no handle.
pub const OUT_OF_MEMORY: c_int = 7;

/// `CURLUPart`, the parts `curl_url_get` and `curl_url_set` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Url = 0,
    Scheme = 1,
    User = 2,
    Password = 3,
    Options = 4,
    Host = 5,
    Port = 6,
    Path = 7,
    Query = 8,
    Fragment = 9,
    ZoneId = 10,
}

/// `CURLU`, opaque.
#[repr(C)]
struct CurlU {
    _opaque: [u8; 0],
}

/// The start of `struct curl_version_info_data`, the fields every age of
/// it has (its later fields are never read, so their layout does not
/// matter).
#[repr(C)]
struct VersionInfo {
    age: c_int,
    version: *const c_char,
    version_num: c_uint,
}

type UrlFn = unsafe extern "C" fn() -> *mut CurlU;
type CleanupFn = unsafe extern "C" fn(*mut CurlU);
type SetFn = unsafe extern "C" fn(*mut CurlU, c_int, *const c_char, c_uint) -> c_int;
type GetFn = unsafe extern "C" fn(*mut CurlU, c_int, *mut *mut c_char, c_uint) -> c_int;
type FreeFn = unsafe extern "C" fn(*mut c_void);
type StrerrorFn = unsafe extern "C" fn(c_int) -> *const c_char;
type VersionInfoFn = unsafe extern "C" fn(c_int) -> *const VersionInfo;

/// The loaded library: its URL API's functions and its version.
pub struct Curl {
    url: UrlFn,
    cleanup: CleanupFn,
    set: SetFn,
    get: GetFn,
    free: FreeFn,
    strerror: StrerrorFn,
    /// The version the library reports (`curl_version_info`), `7.88.1`.
    pub version: String,
    /// The same as a number, `0x075801`.
    pub version_num: u32,
    /// Kept so that the functions above stay mapped; never dropped, as the
    /// value lives in a `static`.
    _library: Library,
}

static LOADED: OnceLock<Result<Curl, String>> = OnceLock::new();

/// The library, loaded on first call; or why it cannot be (the loader's
/// error, or the function it lacks).
pub fn curl() -> Result<&'static Curl, &'static str> {
    LOADED
        .get_or_init(|| Curl::open(SONAME))
        .as_ref()
        .map_err(String::as_str)
}

/// The function `name` of `library` (loaded from `file`), as a `T`.
///
/// # Safety
///
/// `T` must be the function pointer type the symbol has in C, and the
/// pointer must not be called after `library` is unloaded.
unsafe fn function<T: Copy>(
    library: &Library,
    file: &str,
    name: &str,
    since: &str,
) -> Result<T, String> {
    let mut symbol = Vec::with_capacity(name.len() + 1);
    symbol.extend_from_slice(name.as_bytes());
    symbol.push(0);
    // SAFETY: the caller vouches for `T`; copying the pointer out of the
    // `Symbol` detaches it from the borrow, which the caller's second
    // promise covers.
    unsafe { library.get::<T>(&symbol) }
        .map(|s| *s)
        .map_err(|e| format!("{file} has no {name} (libcurl has it since {since}): {e}"))
}

impl Curl {
    /// Loads the library `file` (the loader's search rules apply) and finds
    /// its functions. Only [`curl`] calls it on a real libcurl, once per
    /// process, as it runs `curl_version_info`, which is not thread-safe.
    fn open(file: &str) -> Result<Curl, String> {
        // SAFETY: loading runs libcurl's ELF initializers and those of the
        // libraries it links (OpenSSL, nghttp2, ...), which only set up
        // their own state; nothing of ours runs during the load.
        let library =
            unsafe { Library::new(file) }.map_err(|e| format!("{file} cannot be loaded: {e}"))?;
        // SAFETY: each type is the function's as curl/urlapi.h and
        // curl/curl.h declare it (the C enums CURLUPart, CURLUcode and
        // CURLversion are `int`s in the ABI); `library` moves into the
        // returned value with the pointers and is never unloaded (see
        // `_library`).
        let (url, cleanup, set, get, free, strerror, version_info) = unsafe {
            (
                function::<UrlFn>(&library, file, "curl_url", "7.62.0")?,
                function::<CleanupFn>(&library, file, "curl_url_cleanup", "7.62.0")?,
                function::<SetFn>(&library, file, "curl_url_set", "7.62.0")?,
                function::<GetFn>(&library, file, "curl_url_get", "7.62.0")?,
                function::<FreeFn>(&library, file, "curl_free", "7.10")?,
                function::<StrerrorFn>(&library, file, "curl_url_strerror", "7.80.0")?,
                function::<VersionInfoFn>(&library, file, "curl_version_info", "7.10")?,
            )
        };
        // SAFETY: `curl_version_info(CURLVERSION_FIRST)` returns a pointer
        // to a static struct whose first three fields every age has, or
        // NULL; its `version` is a static NUL-terminated string. This is
        // its only call (inside the OnceLock), so no other thread is
        // refilling its static buffers meanwhile.
        let (version, version_num) = unsafe {
            let info = version_info(0);
            match info.as_ref() {
                Some(info) if !info.version.is_null() => (
                    CStr::from_ptr(info.version).to_string_lossy().into_owned(),
                    info.version_num,
                ),
                _ => ("(unknown version)".to_owned(), 0),
            }
        };
        Ok(Curl {
            url,
            cleanup,
            set,
            get,
            free,
            strerror,
            version,
            version_num,
            _library: library,
        })
    }

    /// A new, empty handle (`curl_url()`); `None` when libcurl cannot
    /// allocate one.
    pub fn handle(&self) -> Option<Handle<'_>> {
        // SAFETY: `curl_url` takes nothing and returns a new handle or NULL.
        let raw = unsafe { (self.url)() };
        NonNull::new(raw).map(|raw| Handle {
            curl: self,
            raw,
            _not_send: PhantomData,
        })
    }

    /// `curl_url_strerror(code)`: libcurl's own words for a `CURLUcode`.
    pub fn strerror(&self, code: c_int) -> String {
        // SAFETY: `curl_url_strerror` returns a static string for any code
        // (a generic one for codes it does not know), or NULL in builds
        // without verbose strings.
        unsafe {
            let text = (self.strerror)(code);
            if text.is_null() {
                String::new()
            } else {
                CStr::from_ptr(text).to_string_lossy().into_owned()
            }
        }
    }
}

/// One `CURLU` handle, cleaned up when dropped; used by one thread.
pub struct Handle<'c> {
    curl: &'c Curl,
    raw: NonNull<CurlU>,
    /// A handle is not to be shared or sent (it would be safe to send, but
    /// nothing needs to).
    _not_send: PhantomData<*mut CurlU>,
}

impl Handle<'_> {
    /// `curl_url_set(h, CURLUPART_URL, url, flags)`: the `CURLUcode`.
    pub fn set_url(&mut self, url: &CStr, flags: c_uint) -> c_int {
        // SAFETY: `raw` is a live handle only this value uses; `url` is a
        // NUL-terminated string that libcurl copies and does not keep.
        unsafe { (self.curl.set)(self.raw.as_ptr(), Part::Url as c_int, url.as_ptr(), flags) }
    }

    /// `curl_url_get(h, part, &s, 0)`: the `CURLUcode` and the bytes of
    /// `s` when libcurl gave a string (a missing part gives none).
    pub fn get(&mut self, part: Part) -> (c_int, Option<Vec<u8>>) {
        let mut out: *mut c_char = ptr::null_mut();
        // SAFETY: `raw` is a live handle only this value uses; `out` is a
        // valid place for the pointer libcurl allocates.
        let code = unsafe { (self.curl.get)(self.raw.as_ptr(), part as c_int, &mut out, 0) };
        if out.is_null() {
            return (code, None);
        }
        // SAFETY: a non-NULL `out` is a NUL-terminated string that libcurl
        // allocated for us; it is copied, then given back with `curl_free`
        // exactly once.
        let bytes = unsafe {
            let bytes = CStr::from_ptr(out).to_bytes().to_vec();
            (self.curl.free)(out.cast());
            bytes
        };
        (code, Some(bytes))
    }
}

impl Drop for Handle<'_> {
    fn drop(&mut self) {
        // SAFETY: `raw` came from `curl_url` and is cleaned up once, here;
        // every string got from it has been copied and freed already.
        unsafe { (self.curl.cleanup)(self.raw.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_or_function_is_an_error_not_a_crash() {
        let missing = Curl::open("libcurl-not-there.so.4")
            .err()
            .unwrap_or_default();
        assert!(
            missing.starts_with("libcurl-not-there.so.4 cannot be loaded: "),
            "{missing}"
        );
        // The C library is loaded, but has no URL API.
        let lacking = Curl::open("libc.so.6").err().unwrap_or_default();
        assert!(
            lacking.starts_with("libc.so.6 has no curl_url "),
            "{lacking}"
        );
    }
}
