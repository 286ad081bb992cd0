//! A program kept running and talked to in lines: what every live resolver
//! stands on, the browsers' driver and the server libraries' runners alike.
//! Lines go to its stdin; its stdout is read on a thread of its own, so a
//! reply is waited for with a timeout and a program that floods its output
//! never blocks the one that wrote to it; the last few kilobytes of its
//! stderr are kept to say why it stopped. Dropping a [`LineProcess`]
//! closes its stdin, which ends a well-behaved program, and kills it after
//! a moment if it does not end.
//!
//! Also where the scripts built into this program are written for such a
//! program to run ([`cached_scripts`]).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A running program, talked to in lines.
pub struct LineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

impl LineProcess {
    /// Starts `command` with its three streams piped.
    pub fn spawn(command: &mut Command) -> std::io::Result<LineProcess> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take();
        let lines = read_lines(child.stdout.take());
        let stderr = keep_tail(child.stderr.take());
        Ok(LineProcess {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// Writes `line` and a line feed (buffered by the pipe, not flushed).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("closed")?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .map_err(|e| self.said(&format!("stopped reading ({e})")))
    }

    /// Flushes what was sent.
    pub fn flush(&mut self) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("closed")?;
        stdin
            .flush()
            .map_err(|e| self.said(&format!("stopped reading ({e})")))
    }

    /// The program's next line, or why there is none within `timeout`
    /// (then the program is killed).
    pub fn next_line(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                Err(self.said(&format!("gave no answer in {} s", timeout.as_secs())))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = self.child.wait();
                Err(self.said("exited"))
            }
        }
    }

    /// `what`, with the last lines the program wrote on stderr.
    pub fn said(&self, what: &str) -> String {
        let tail = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let tail = tail.trim();
        if tail.is_empty() {
            what.to_owned()
        } else {
            format!("{what}: {}", last_lines(tail, 3))
        }
    }
}

impl Drop for LineProcess {
    /// Closes stdin, which ends the program; kills what is left after a
    /// moment.
    fn drop(&mut self) {
        drop(self.stdin.take());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes `files` (name, text) into a cache folder named after `kind` and
/// a hash of their text (once per version of them), and returns the
/// folder. Each file is written beside its place and renamed into it, so
/// two programs starting at once never run a half-written script.
pub fn cached_scripts(kind: &str, files: &[(&str, &str)]) -> std::io::Result<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let hash = files
        .iter()
        .flat_map(|(name, text)| name.bytes().chain(text.bytes()))
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    let dir = base
        .join("url-inspector")
        .join(format!("{kind}-{hash:016x}"));
    for (name, text) in files {
        let path = dir.join(name);
        if path.exists() {
            continue;
        }
        std::fs::create_dir_all(&dir)?;
        let partial = dir.join(format!("{name}.{}", std::process::id()));
        std::fs::write(&partial, text)?;
        std::fs::rename(&partial, &path)?;
    }
    Ok(dir)
}

/// The lines of `stdout`, read on a thread of their own.
fn read_lines(stdout: Option<impl Read + Send + 'static>) -> Receiver<String> {
    let (send, receive) = mpsc::channel();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    }
    receive
}

/// The last few kilobytes of `stderr`, kept by a thread of their own.
fn keep_tail(stderr: Option<impl Read + Send + 'static>) -> Arc<Mutex<String>> {
    let tail = Arc::new(Mutex::new(String::new()));
    if let Some(mut stderr) = stderr {
        let kept = Arc::clone(&tail);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut t) = kept.lock() {
                    t.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if t.len() > 8192 {
                        let cut = t.len() - 4096;
                        let cut = (cut..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(0);
                        t.drain(..cut);
                    }
                }
            }
        });
    }
    tail
}

fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_go_and_come_back_and_an_exit_is_said() {
        let mut p = LineProcess::spawn(Command::new("cat").arg("-")).expect("cat runs");
        p.send("one").and_then(|()| p.send("two")).expect("sent");
        p.flush().expect("flushed");
        assert_eq!(p.next_line(Duration::from_secs(10)).as_deref(), Ok("one"));
        assert_eq!(p.next_line(Duration::from_secs(10)).as_deref(), Ok("two"));
        let mut quiet =
            LineProcess::spawn(Command::new("sh").args(["-c", "echo why >&2"])).expect("sh runs");
        let said = quiet.next_line(Duration::from_secs(10));
        assert!(
            said.as_ref().is_err_and(|e| e.starts_with("exited")),
            "{said:?}"
        );
    }

    #[test]
    fn scripts_are_written_once_per_version() {
        let dir = cached_scripts("test-scripts", &[("a.txt", "alpha")]).expect("written");
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).ok().as_deref(),
            Some("alpha")
        );
        let other = cached_scripts("test-scripts", &[("a.txt", "beta")]).expect("written");
        assert_ne!(dir, other, "another version, another folder");
    }
}
