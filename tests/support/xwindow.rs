//! The harness of the real-window tests (tests/window*.rs): an Xvfb
//! display of the test's own, a fresh HOME, the app's binary launched on it,
//! real key events through `xdotool`, the real X clipboard through `xclip`,
//! window resizing and screenshots. The window tests (tests/window/) include
//! it with `#[path = "../support/xwindow.rs"] mod xwindow;`.
//!
//! One display at a time: an [`XDisplay`] holds a lock for its lifetime, so
//! the tests of the binary run their windows one after another. Two software
//! renderers on two cores compete enough to make the timings meaningless.
//!
//! Needs Xvfb, xdotool, xclip, ImageMagick's `import` and coreutils'
//! `timeout` (`scripts/setup` installs them). A missing tool is a failure
//! that names it, never a skip.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The programs this test runs, each with the Debian package that has it.
pub const TOOLS: [(&str, &str); 6] = [
    ("Xvfb", "xvfb"),
    ("xdotool", "xdotool"),
    ("xclip", "xclip"),
    ("import", "imagemagick"),
    ("convert", "imagemagick"),
    ("timeout", "coreutils"),
];

/// The window's size at launch (src/app/mod.rs asks for 1360×860); the screen
/// is larger so the whole window is on it.
pub const SCREEN: &str = "1600x1000x24";

/// How long the window may take to open (a debug build on a software renderer).
pub const START_TIMEOUT: Duration = Duration::from_secs(60);

/// How long one keyboard action may take to show on the clipboard.
pub const ACTION_TIMEOUT: Duration = Duration::from_secs(15);

/// Fails, naming each missing program and its package, unless all are there.
pub fn require_tools() {
    let missing: Vec<String> = TOOLS
        .iter()
        .filter(|(program, _)| !on_path(program))
        .map(|(program, package)| format!("`{program}` (Debian package {package})"))
        .collect();
    assert!(
        missing.is_empty(),
        "the real-window test needs {} — run scripts/setup to install them",
        missing.join(", ")
    );
}

pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// `target/window-tests/` (each run overwrites the screenshots it takes).
pub fn screenshot_dir() -> PathBuf {
    // CARGO_TARGET_TMPDIR is target/tmp, wherever the target dir is.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp has a parent");
    let dir = target.join("window-tests");
    std::fs::create_dir_all(&dir).expect("create target/window-tests");
    dir
}

/// A HOME and XDG directories of its own, so no saved state or setting of
/// the machine's user reaches the app; removed afterwards.
pub struct FreshHome {
    root: PathBuf,
}

impl FreshHome {
    pub fn new(name: &str) -> FreshHome {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("window-home-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for sub in ["data", "config", "cache", "runtime"] {
            std::fs::create_dir_all(root.join(sub)).expect("create the fresh HOME");
        }
        // winit and others refuse a runtime directory others can read.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(
                root.join("runtime"),
                std::fs::Permissions::from_mode(0o700),
            );
        }
        FreshHome { root }
    }

    pub fn env(&self) -> [(&'static str, PathBuf); 5] {
        [
            ("HOME", self.root.clone()),
            ("XDG_DATA_HOME", self.root.join("data")),
            ("XDG_CONFIG_HOME", self.root.join("config")),
            ("XDG_CACHE_HOME", self.root.join("cache")),
            ("XDG_RUNTIME_DIR", self.root.join("runtime")),
        ]
    }

    /// The state file the app saved on quitting (RON), as text with its
    /// spaces and line breaks taken out; empty if there is none.
    pub fn saved_state(&self) -> String {
        let data = self.env()[1].1.clone();
        std::fs::read_to_string(data.join("url-inspector").join("app.ron"))
            .unwrap_or_default()
            .replace([' ', '\n'], "")
    }

    /// Writes the app's saved state as eframe stores it: a RON map from
    /// eframe's APP_KEY ("app") to the RON of the app's `State` (whose
    /// fields all have defaults, so `state` may name only some).
    pub fn seed_state(&self, state: &str) {
        let dir = self.root.join("data").join("url-inspector");
        std::fs::create_dir_all(&dir).expect("create the state folder");
        let escaped = state.replace('\\', "\\\\").replace('"', "\\\"");
        std::fs::write(dir.join("app.ron"), format!("{{\"app\": \"{escaped}\"}}"))
            .expect("write the saved state");
    }
}

impl Drop for FreshHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// An Xvfb server of this test's own, and the clipboard servers started on it.
pub struct XDisplay {
    pub server: Child,
    /// Xvfb's stdout, kept open: it wrote the display number there.
    _announce: ChildStdout,
    pub name: String,
    xclips: Mutex<Vec<Child>>,
    /// This display's turn: dropped last, after the server has ended.
    _turn: MutexGuard<'static, ()>,
}

/// Whose turn it is to have a display (see the module doc).
static ONE_DISPLAY_AT_A_TIME: Mutex<()> = Mutex::new(());

impl XDisplay {
    /// Starts Xvfb on a display number it picks itself (so parallel runs and
    /// a desktop's own display never clash).
    pub fn start() -> XDisplay {
        // A test that panicked while holding the lock has ended its display.
        let turn = ONE_DISPLAY_AT_A_TIME
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                SCREEN,
                "-nolisten",
                "tcp",
                // An X server resets when its last client leaves, and refuses
                // connections meanwhile: a test that quits the app and starts
                // it again (SIGTERM, then the next start) met "Failed to open
                // connection to X server" that way.
                "-noreset",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("could not start Xvfb: {e}"));
        let announce = server.stdout.take().expect("Xvfb's stdout");
        let mut reader = BufReader::new(announce);
        let mut number = String::new();
        let read = reader.read_line(&mut number);
        let number = number.trim().to_owned();
        if read.is_err() || number.parse::<u32>().is_err() {
            let _ = server.kill();
            let _ = server.wait();
            panic!("Xvfb did not announce a display number (got {number:?})");
        }
        XDisplay {
            server,
            _announce: reader.into_inner(),
            name: format!(":{number}"),
            xclips: Mutex::new(Vec::new()),
            _turn: turn,
        }
    }

    /// A fresh display with the app launched on it. Interpretation: now and
    /// then, on a shared and loaded machine, the app cannot connect to a
    /// display Xvfb has just announced ("Failed to open connection to X
    /// server"); that is the set-up, not the app, so the launch is tried up to
    /// three times, each on a fresh display, and the third failure fails the
    /// test.
    pub fn start_with_app(home: &FreshHome, args: &[&str]) -> (XDisplay, App) {
        for attempt in 1.. {
            let display = XDisplay::start();
            let launched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                display.launch(home, args)
            }));
            match launched {
                Ok(app) => return (display, app),
                Err(e) if attempt >= 3 => std::panic::resume_unwind(e),
                Err(_) => {
                    println!("launch attempt {attempt} failed; trying a fresh display");
                    sleep(Duration::from_secs(1));
                }
            }
        }
        unreachable!("the loop returns or panics")
    }

    /// A command that talks to this display only.
    pub fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("DISPLAY", &self.name).env_remove("WAYLAND_DISPLAY");
        c
    }

    /// Runs `program` with a time limit; its stdout when it succeeded.
    pub fn run(&self, program: &str, args: &[&str]) -> Option<Vec<u8>> {
        let out = self
            .command("timeout")
            .arg("10")
            .arg(program)
            .args(args)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("could not run {program}: {e}"));
        out.status.success().then_some(out.stdout)
    }

    /// Starts the app with `args` and waits for its window.
    pub fn launch(&self, home: &FreshHome, args: &[&str]) -> App {
        let log = home.root.join("app.log");
        let log_file = std::fs::File::create(&log).expect("create the app's log");
        let mut cmd = self.command(env!("CARGO_BIN_EXE_url-inspector"));
        cmd.args(args)
            .envs(home.env())
            .env_remove("WAYLAND_SOCKET")
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().expect("log file"))
            .stderr(log_file);
        let child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("could not start the app: {e}"));
        let mut app = App {
            child,
            window: String::new(),
            log,
        };
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let found = self.run(
                "xdotool",
                &["search", "--onlyvisible", "--name", "^url-inspector$"],
            );
            if let Some(id) = found.and_then(|out| first_line(&out)) {
                app.window = id;
                break;
            }
            if let Ok(Some(status)) = app.child.try_wait() {
                panic!(
                    "the app exited ({status}) before its window opened:\n{}",
                    app.log_text()
                );
            }
            if Instant::now() > deadline {
                panic!("no window after {START_TIMEOUT:?}:\n{}", app.log_text());
            }
            sleep(Duration::from_millis(200));
        }
        // The pointer starts at the screen's centre, over the window, where
        // its hover tooltips would cover what the screenshots should show.
        self.run("xdotool", &["mousemove", "1599", "999"])
            .expect("xdotool could not move the pointer");
        // There is no window manager: give the window the keyboard directly.
        self.run("xdotool", &["windowfocus", "--sync", &app.window])
            .expect("xdotool could not focus the window");
        app
    }

    /// Puts `text` on the CLIPBOARD selection, served by an xclip in the
    /// foreground until someone else takes the selection, and waits until a
    /// reader gets it back.
    pub fn set_clipboard(&self, text: &str) {
        let mut xclip = self
            .command("xclip")
            .args(["-quiet", "-selection", "clipboard", "-i"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("could not start xclip: {e}"));
        if let Some(mut stdin) = xclip.stdin.take() {
            stdin.write_all(text.as_bytes()).expect("write to xclip");
        }
        self.xclips
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(xclip);
        self.wait_for_clipboard(text, ACTION_TIMEOUT)
            .unwrap_or_else(|got| {
                panic!(
                    "xclip did not take the clipboard: it holds {}",
                    shorten(&got)
                )
            });
    }

    /// The CLIPBOARD selection's text, or "" when nobody serves it.
    pub fn clipboard(&self) -> String {
        self.run("xclip", &["-selection", "clipboard", "-o"])
            .map(|out| String::from_utf8_lossy(&out).into_owned())
            .unwrap_or_default()
    }

    /// Polls the clipboard until it holds `expected`; on time-out, what it held.
    pub fn wait_for_clipboard(&self, expected: &str, timeout: Duration) -> Result<(), String> {
        let deadline = Instant::now() + timeout;
        loop {
            let got = self.clipboard();
            if got == expected {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(got);
            }
            sleep(Duration::from_millis(100));
        }
    }

    /// Presses each key combination once, as real X key events (XTEST).
    pub fn press(&self, keys: &[&str]) {
        let mut args = vec!["key", "--delay", "60"];
        args.extend_from_slice(keys);
        self.run("xdotool", &args)
            .unwrap_or_else(|| panic!("xdotool could not press {keys:?}"));
        // One key event is handled in the next frame; a person's next key
        // comes later than that, and so does the test's.
        sleep(Duration::from_millis(150));
    }

    /// Presses `keys` until the clipboard holds `expected` (pressing again
    /// every two seconds, because a key sent before a frame that needs it, or
    /// before the window is ready, is not an error of the app).
    pub fn press_until(&self, keys: &[&str], expected: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        let mut presses = 0;
        loop {
            self.press(keys);
            presses += 1;
            let left = deadline.saturating_duration_since(Instant::now());
            match self.wait_for_clipboard(expected, left.min(Duration::from_secs(2))) {
                Ok(()) => {
                    if presses > 1 {
                        println!("{keys:?}: the clipboard was right after {presses} presses");
                    }
                    return;
                }
                Err(got) if Instant::now() > deadline => panic!(
                    "after pressing {keys:?} for {timeout:?} the clipboard holds {}, not {}",
                    shorten(&got),
                    shorten(expected)
                ),
                Err(_) => {}
            }
        }
    }

    /// Clicks the left button at (`x`, `y`) of the window, then moves the
    /// pointer off it again, so no tooltip covers a screenshot.
    pub fn click(&self, app: &App, x: u32, y: u32) {
        let (x, y) = (x.to_string(), y.to_string());
        self.run(
            "xdotool",
            &["mousemove", "--window", &app.window, &x, &y, "click", "1"],
        )
        .expect("xdotool could not click");
        sleep(Duration::from_millis(300));
        self.run("xdotool", &["mousemove", "1599", "999"])
            .expect("xdotool could not move the pointer");
        sleep(Duration::from_millis(150));
    }

    /// Resizes the window and waits until the X server says it has that size.
    pub fn resize(&self, app: &App, width: u32, height: u32) {
        let (w, h) = (width.to_string(), height.to_string());
        self.run("xdotool", &["windowsize", &app.window, &w, &h])
            .expect("xdotool could not resize the window");
        let deadline = Instant::now() + ACTION_TIMEOUT;
        let want = format!("Geometry: {width}x{height}");
        loop {
            let geometry = self
                .run("xdotool", &["getwindowgeometry", &app.window])
                .map(|out| String::from_utf8_lossy(&out).into_owned())
                .unwrap_or_default();
            if geometry.contains(&want) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the window did not take {want}: {geometry}"
            );
            sleep(Duration::from_millis(100));
        }
    }

    /// Saves a PNG of the app's window and returns its mean brightness
    /// (0 black … 1 white). Fails if the picture is nearly uniform: a window
    /// that draws nothing (no OpenGL) is not worth showing anyone.
    pub fn screenshot(&self, app: &App, path: &Path) -> f64 {
        // The frame after the last event may still be on its way; nothing
        // outside the app can see when it is drawn, so give it a moment.
        sleep(Duration::from_millis(700));
        let target = path.to_string_lossy();
        self.run("import", &["-window", &app.window, &target])
            .unwrap_or_else(|| panic!("ImageMagick's import could not save {target}"));
        let stats = self
            .run(
                "convert",
                &[
                    &target,
                    "-colorspace",
                    "Gray",
                    "-format",
                    "%[fx:mean] %[fx:standard_deviation]",
                    "info:",
                ],
            )
            .map(|out| String::from_utf8_lossy(&out).into_owned())
            .unwrap_or_default();
        let numbers: Vec<f64> = stats
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let [mean, spread] = numbers[..] else {
            panic!("ImageMagick could not measure {target}: {stats:?}");
        };
        println!("screenshot: {target} (brightness {mean:.2}, spread {spread:.2})");
        assert!(
            spread > 0.03,
            "{target} is nearly uniform: the window drew nothing"
        );
        mean
    }
}

impl Drop for XDisplay {
    fn drop(&mut self) {
        let xclips = self.xclips.get_mut().unwrap_or_else(|e| e.into_inner());
        for xclip in xclips.iter_mut() {
            let _ = xclip.kill();
            let _ = xclip.wait();
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The app's process and window.
pub struct App {
    pub child: Child,
    pub window: String,
    pub log: PathBuf,
}

impl App {
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Ctrl+Q closes the window and ends the process.
    pub fn quit(mut self, display: &XDisplay) {
        display.press(&["ctrl+q"]);
        let deadline = Instant::now() + ACTION_TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    assert!(
                        status.success(),
                        "the app ended with {status}:\n{}",
                        self.log_text()
                    );
                    return;
                }
                Ok(None) if Instant::now() < deadline => sleep(Duration::from_millis(100)),
                _ => panic!("Ctrl+Q did not end the app:\n{}", self.log_text()),
            }
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub fn first_line(out: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(out);
    text.lines()
        .next()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
}

/// A long text cut to something a failure message can show.
pub fn shorten(text: &str) -> String {
    if text.len() <= 120 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(60).collect();
    let tail: String = text
        .chars()
        .rev()
        .take(40)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{head:?}…{tail:?} ({} bytes)", text.len())
}
