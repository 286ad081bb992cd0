//! The server-side libraries installed on this machine, as resolvers: each
//! `*-live` resolver sends the request to the real library through the
//! runner that made its committed answers (`scripts/servers/*-runner.*`,
//! built into this program and written to a cache folder on first use).
//! One runner process per runtime is started on first use and kept for
//! every later request (the two Java resolvers share one JVM), so `table`
//! and `batch` send thousands of URLs a second through it
//! ([`resolve_many`] writes a batch of requests, then reads their answers).
//!
//! A runner reads `{"input": …, "base": …}` lines and writes one answer
//! line each, flushed; the answer is read by the model's resolver's own
//! `answer_of_runner`, so the live answer and the model's are built the
//! same way and can be set side by side. A note names the exact version
//! that answered.
//!
//! Nothing is lost and nothing hangs: a runtime that is not installed
//! gives an invalid answer naming the package to install (`scripts/setup
//! servers` installs them all); one that dies mid-run is started again and
//! the batch sent again, once; if it fails again, every request of the
//! batch gets an invalid answer saying so.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;

use super::Code;
use super::process::{LineProcess, cached_scripts};
use crate::resolvers::{Answer, Note, Request, Resolve};

/// How long a runner may take to start and say its version (a JVM
/// compiling the Java runner from source takes a few seconds).
pub const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How long one answer may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
/// How many requests are written before their answers are read.
pub const BATCH: usize = 256;

/// Declares [`Runtime`] from one table: per row the variant, the runner's
/// file name under `scripts/servers/`, its text, the program that runs it
/// (and how to find it), what to call it, and the packages that install it.
macro_rules! runtimes {
    ($( $variant:ident => $file:literal, $program:expr, $what:literal, $packages:literal; )*) => {
        /// A runtime whose runner answers for one or more live resolvers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Runtime {
            $( $variant, )*
        }

        impl Runtime {
            /// Every runtime, in the table's order.
            pub const ALL: [Runtime; [$(Runtime::$variant),*].len()] = [$(Runtime::$variant),*];

            /// The runner's file name and its text, as committed.
            fn script(self) -> (&'static str, &'static str) {
                match self {
                    $( Runtime::$variant => ($file, include_str!(concat!("../../../scripts/servers/", $file))), )*
                }
            }

            /// The program that runs the runner.
            fn program(self) -> OsString {
                match self { $( Runtime::$variant => $program, )* }
            }

            /// The runtime in words.
            pub const fn what(self) -> &'static str {
                match self { $( Runtime::$variant => $what, )* }
            }

            /// What installs it.
            pub const fn packages(self) -> &'static str {
                match self { $( Runtime::$variant => $packages, )* }
            }

            fn index(self) -> usize {
                Runtime::ALL.iter().position(|&r| r == self).unwrap_or(0)
            }
        }
    };
}

runtimes! {
    Python => "python-runner.py", program("URL_INSPECTOR_PYTHON", "python3"),
        "CPython's urllib.parse", "Debian's python3 (the machine's python3 is used)";
    Perl => "perl-runner.pl", program("URL_INSPECTOR_PERL", "perl"),
        "Perl's URI module", "Debian's liburi-perl";
    Php => "php-runner.php", program("URL_INSPECTOR_PHP", "php"),
        "PHP's parse_url", "Debian's php-cli";
    Java => "JavaRunner.java", program("URL_INSPECTOR_JAVA", "java"),
        "Java's java.net.URI and URL", "Debian's openjdk-17-jdk-headless";
    Node => "node-legacy-runner.js", program("URL_INSPECTOR_NODE", "node"),
        "Node.js's url.parse", "Node.js (Debian's nodejs, or NodeSource's)";
    Ruby => "ruby-runner.rb", program("URL_INSPECTOR_RUBY", "ruby"),
        "Ruby's URI", "Debian's ruby";
    Urllib3 => "urllib3-runner.py", venv_python(),
        "urllib3", "urllib3 and idna from PyPI in the servers' venv";
}

/// A program found by an environment variable, else by name on the PATH.
fn program(variable: &str, default: &str) -> OsString {
    std::env::var_os(variable).unwrap_or_else(|| default.into())
}

/// The Python of the servers' virtual environment (urllib3 and idna),
/// `$URL_SERVERS_HOME/venv/bin/python`.
fn venv_python() -> OsString {
    let home = std::env::var_os("URL_SERVERS_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/url-inspector-servers"))
        })
        .unwrap_or_default();
    home.join("venv/bin/python").into_os_string()
}

/// `python-live`: the machine's python3, through `python-runner.py`.
pub const PYTHON: LiveServer = LiveServer {
    runtime: Runtime::Python,
    key: None,
    read: crate::resolvers::python::answer_of_runner,
};

/// `perl-live`: the machine's Perl with its URI module, through
/// `perl-runner.pl`.
pub const PERL: LiveServer = LiveServer {
    runtime: Runtime::Perl,
    key: None,
    read: crate::resolvers::perl::answer_of_runner,
};

/// `php-live`: the machine's PHP, through `php-runner.php`.
pub const PHP: LiveServer = LiveServer {
    runtime: Runtime::Php,
    key: None,
    read: crate::resolvers::php::answer_of_runner,
};

/// `java-uri-live`: the machine's JDK, its `java.net.URI`, through
/// `JavaRunner.java` (which answers for both Java classes at once).
pub const JAVA_URI: LiveServer = LiveServer {
    runtime: Runtime::Java,
    key: Some("uri"),
    read: crate::resolvers::java_uri::answer_of_runner,
};

/// `java-url-live`: the machine's JDK, its `java.net.URL`, through the
/// same runner and the same JVM.
pub const JAVA_URL: LiveServer = LiveServer {
    runtime: Runtime::Java,
    key: Some("url"),
    read: crate::resolvers::java_url::answer_of_runner,
};

/// `node-legacy-live`: the machine's Node.js, its legacy `url.parse`,
/// through `node-legacy-runner.js`.
pub const NODE_LEGACY: LiveServer = LiveServer {
    runtime: Runtime::Node,
    key: None,
    read: crate::resolvers::node_legacy::answer_of_runner,
};

/// `ruby-live`: the machine's Ruby, its `URI`, through `ruby-runner.rb`.
pub const RUBY: LiveServer = LiveServer {
    runtime: Runtime::Ruby,
    key: None,
    read: crate::resolvers::ruby::answer_of_runner,
};

/// `urllib3-live`: urllib3 in the servers' venv, through
/// `urllib3-runner.py`.
pub const URLLIB3: LiveServer = LiveServer {
    runtime: Runtime::Urllib3,
    key: None,
    read: crate::resolvers::urllib3::answer_of_runner,
};

/// A live resolver: the runtime's runner, the key of this library's answer
/// in a line that holds several (`uri`, `url`), and the model's own reader
/// of a runner's answer.
#[derive(Clone, Copy)]
pub struct LiveServer {
    pub runtime: Runtime,
    pub key: Option<&'static str>,
    pub read: fn(&Value) -> Answer,
}

impl std::fmt::Debug for LiveServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveServer")
            .field("runtime", &self.runtime)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl Resolve for LiveServer {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        self.resolve_many(std::slice::from_ref(request))
            .pop()
            .unwrap_or_else(|| Answer::invalid(Note::of(Code::Stopped)))
    }
}

/// A runner kept running, and the version it said.
struct Runner {
    process: LineProcess,
    version: String,
}

/// What went wrong with a runner.
enum Trouble {
    /// The runtime (or the library) is not installed: why.
    Missing(String),
    /// It did not start, or stopped answering: what it said last.
    Stopped(String),
}

/// The running runners, one slot per runtime, started on first use.
static RUNNING: [Mutex<Option<Runner>>; Runtime::ALL.len()] =
    [const { Mutex::new(None) }; Runtime::ALL.len()];

impl LiveServer {
    /// The answers to `requests`, in order, one per request.
    pub fn resolve_many(&self, requests: &[Request<'_>]) -> Vec<Answer> {
        let mut answers = Vec::with_capacity(requests.len());
        // A poisoned lock only means another thread panicked mid-batch;
        // the runner is then started again.
        let mut running = RUNNING[self.runtime.index()]
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        for batch in requests.chunks(BATCH) {
            match ask(self.runtime, &mut running, batch) {
                Ok((version, lines)) => {
                    answers.extend(lines.iter().map(|line| self.answer(&version, line)))
                }
                Err(trouble) => {
                    let note = self.trouble_note(&trouble);
                    answers.extend(batch.iter().map(|_| Answer::invalid(note.clone())));
                }
            }
        }
        answers
    }

    /// One runner line as an answer, with a note naming who answered.
    fn answer(&self, version: &str, line: &str) -> Answer {
        let v: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                return Answer::invalid(Note::new(
                    Code::Stopped,
                    format!("{} answered what is no JSON ({e})", self.runtime.what()),
                ));
            }
        };
        let v = match self.key {
            Some(key) => v.get(key).cloned().unwrap_or(Value::Null),
            None => v,
        };
        let mut answer = (self.read)(&v);
        answer.notes.push(Note::new(
            Code::AnsweredBy,
            format!(
                "answered by {} installed here: {version}",
                self.runtime.what()
            ),
        ));
        answer
    }

    fn trouble_note(&self, trouble: &Trouble) -> Note {
        match trouble {
            Trouble::Missing(why) => Note::new(
                Code::NotInstalled,
                format!(
                    "{} cannot be asked: {why}. Install {} (`scripts/setup servers` installs \
                     every runtime), or use the model",
                    self.runtime.what(),
                    self.runtime.packages()
                ),
            ),
            Trouble::Stopped(why) => Note::new(
                Code::Stopped,
                format!("{} stopped answering: {why}", self.runtime.what()),
            ),
        }
    }
}

/// Asks the runtime's runner, starting it first if need be; on trouble,
/// starts it again and asks once more.
fn ask(
    runtime: Runtime,
    running: &mut Option<Runner>,
    batch: &[Request<'_>],
) -> Result<(String, Vec<String>), Trouble> {
    let mut last = None;
    for _ in 0..2 {
        if running.is_none() {
            match start(runtime) {
                Ok(r) => *running = Some(r),
                Err(missing @ Trouble::Missing(_)) => return Err(missing),
                Err(stopped) => {
                    last = Some(stopped);
                    continue;
                }
            }
        }
        let Some(runner) = running.as_mut() else {
            continue;
        };
        match exchange(&mut runner.process, batch) {
            Ok(lines) => return Ok((runner.version.clone(), lines)),
            Err(why) => {
                *running = None;
                last = Some(Trouble::Stopped(why));
            }
        }
    }
    Err(last.unwrap_or_else(|| Trouble::Stopped("did not start".into())))
}

/// Writes the batch, then reads one answer line per request.
fn exchange(process: &mut LineProcess, batch: &[Request<'_>]) -> Result<Vec<String>, String> {
    for r in batch {
        let line = serde_json::json!({ "input": r.input, "base": r.base() }).to_string();
        process.send(&line)?;
    }
    process.flush()?;
    batch
        .iter()
        .map(|_| process.next_line(ANSWER_TIMEOUT))
        .collect()
}

/// Starts the runtime's runner: its version first (a separate run with
/// `--version`, which also tells a missing library from a broken one),
/// then the runner itself.
fn start(runtime: Runtime) -> Result<Runner, Trouble> {
    let (file, text) = runtime.script();
    let dir = cached_scripts("server-runners", &[(file, text)]).map_err(|e| {
        Trouble::Stopped(format!("could not write its runner to a cache folder: {e}"))
    })?;
    let script = dir.join(file);
    let program = runtime.program();
    let version = Command::new(&program)
        .arg(&script)
        .arg("--version")
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Trouble::Missing(format!(
                "{} is not there",
                PathBuf::from(&program).display()
            )),
            _ => Trouble::Stopped(format!("could not run {}: {e}", program.to_string_lossy())),
        })?;
    if !version.status.success() {
        let said = String::from_utf8_lossy(&version.stderr);
        let said = said.lines().next().unwrap_or("no reason given");
        return Err(Trouble::Missing(format!(
            "its runner would not start ({said})"
        )));
    }
    let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
    let process = LineProcess::spawn(Command::new(&program).arg(&script)).map_err(|e| {
        Trouble::Stopped(format!("could not run {}: {e}", program.to_string_lossy()))
    })?;
    Ok(Runner { process, version })
}

/// How long the first answer may take, the runner starting: used by a
/// caller that asks once to see whether a runtime is there.
pub fn check(server: &LiveServer) -> Result<String, Note> {
    let mut running = RUNNING[server.runtime.index()]
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(r) = running.as_ref() {
        return Ok(r.version.clone());
    }
    match start(server.runtime) {
        Ok(r) => {
            let version = r.version.clone();
            *running = Some(r);
            Ok(version)
        }
        Err(trouble) => Err(server.trouble_note(&trouble)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::python;

    #[test]
    fn the_real_urllib_answers_as_its_model_reads_it() {
        let requests = [
            Request::new("http://good.com\\@evil.com/"),
            Request::new("../x").with_base(Some("http://h/a/b")),
            Request::new("http://[::1/"),
        ];
        let live = PYTHON.resolve_many(&requests);
        assert_eq!(live.len(), 3);
        for (r, a) in requests.iter().zip(&live) {
            let model = crate::resolvers::Resolver::Python.resolve(r);
            assert_eq!(a.canon, model.canon, "{r:?}");
            assert_eq!(a.invalid, model.invalid, "{r:?}");
            assert_eq!(a.components, model.components, "{r:?}");
            let by = a.notes.last().map(|n| n.message.as_str()).unwrap_or("");
            assert!(
                by.starts_with("answered by CPython's urllib.parse installed here: CPython 3."),
                "{by}"
            );
        }
    }

    #[test]
    fn a_missing_runtime_names_what_to_install() {
        let missing = LiveServer {
            runtime: Runtime::Python,
            key: None,
            read: python::answer_of_runner,
        };
        let note = missing.trouble_note(&Trouble::Missing("/nowhere/python3 is not there".into()));
        assert!(
            note.message.contains("scripts/setup servers"),
            "{}",
            note.message
        );
        assert_eq!(note.code, Code::NotInstalled.into());
    }
}
