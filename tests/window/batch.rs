//! The Batch view in the real window: the binary under its own Xvfb, keys
//! from `xdotool`. F4 shows the view, Ctrl+O focuses the path field (the
//! fallback that is always there, whatever the desktop's dialogs), the path
//! of a generated file of a few thousand lines is typed in and opened with
//! Enter; Ctrl+S exports the rows to the path the saved state names, and the
//! export is read back once it holds every row (which is also the wait for
//! the run to finish). A screenshot of the finished table goes to
//! `target/window-tests/batch-file.png`.
//!
//! Needs Xvfb, xdotool, xclip, ImageMagick and `timeout`, as tests/window/inspector.rs.
#![cfg(all(feature = "gui", feature = "cli"))]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::xwindow::{FreshHome, START_TIMEOUT, XDisplay, require_tools, screenshot_dir};
use url_inspector::resolvers::{Request, Resolver};

/// Lines in the generated file.
const LINES: usize = 3000;
/// How long the run and the export may take (an unoptimized build, with
/// the software renderer sharing two cores).
const RUN_TIMEOUT: Duration = Duration::from_secs(120);

/// A few thousand lines: real URLs, some invalid, some relative.
fn generated_lines() -> Vec<String> {
    let samples = [
        "https://Example.COM:443/a/./b/../c?q=%7e",
        "http://user@host.example:99999/",
        "HTTP://www.EXAMPLE.org/%7Euser/index.html#top",
        "mailto:someone@example.com",
        "http://[::1]:8080/x y",
        "https://xn--bcher-kva.example/b\u{fc}cher",
        "http://a/b/c/../../../g",
        "ftp://files.example/pub/",
        "http://exa mple.com/",
        "https://example.com/path?a=1&b=%zz",
    ];
    (0..LINES)
        .map(|i| format!("{}{}", samples[i % samples.len()], i / samples.len()))
        .collect()
}

fn temp_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window_batch");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The export's records once it holds all `LINES` rows.
fn read_export(path: &PathBuf) -> Option<Vec<csv::StringRecord>> {
    let mut reader = csv::Reader::from_path(path).ok()?;
    let records: Vec<csv::StringRecord> = reader.records().collect::<Result<_, _>>().ok()?;
    (records.len() == LINES).then_some(records)
}

#[test]
fn a_file_opened_through_the_path_field_fills_the_table() {
    require_tools();
    let dir = temp_dir();
    let input = dir.join("urls.txt");
    let lines = generated_lines();
    std::fs::write(&input, lines.join("\n") + "\n").expect("write the input file");
    let export = dir.join("export.csv");

    let display = XDisplay::start();
    let home = FreshHome::new("batch");
    home.seed_state(&format!(
        "(batch: (resolvers: [\"this\", \"whatwg\", \"rfc3986\"], export_path: \"{}\"))",
        export.display()
    ));
    let start_url = "http://start.example/";
    let app = display.launch(&home, &[start_url]);
    // The window answers once Ctrl+L, Ctrl+C copies the URL field.
    display.set_clipboard("nothing copied yet");
    display.press_until(&["ctrl+l", "ctrl+c"], start_url, START_TIMEOUT);

    display.press(&["F4"]);
    display.press(&["ctrl+o"]);
    let path = input.display().to_string();
    display
        .run("xdotool", &["type", "--delay", "10", &path])
        .expect("xdotool could not type the path");
    display.press(&["Return"]);

    let started = Instant::now();
    let records = loop {
        display.press(&["ctrl+s"]);
        std::thread::sleep(Duration::from_millis(700));
        if let Some(records) = read_export(&export) {
            break records;
        }
        // An export made before the run ended is partial; removing it lets
        // the next Ctrl+S write anew, where an existing file would ask first.
        let _ = std::fs::remove_file(&export);
        assert!(
            started.elapsed() < RUN_TIMEOUT,
            "no export with {LINES} rows after {RUN_TIMEOUT:?}:\n{}",
            app.log_text()
        );
    };
    println!("run and export done {:?} after Enter", started.elapsed());
    // Every line is a row, in order, and THIS's answer is the library's.
    for (i, (record, line)) in records.iter().zip(&lines).enumerate() {
        assert_eq!(record[0].parse::<usize>().ok(), Some(i + 1));
        assert_eq!(&record[1], line.as_str());
        let answer = Resolver::This.resolve(&Request::new(line));
        assert_eq!(
            &record[4],
            answer.valid_canon().unwrap_or(""),
            "line {}",
            i + 1
        );
    }
    assert!(
        records.iter().any(|r| !r[5].is_empty()),
        "some lines are invalid under THIS"
    );

    let shot = screenshot_dir().join("batch-file.png");
    display.screenshot(&app, &shot);
    app.quit(&display);
}

/// Batch at 800 px for security work: a host column (whatwg's, asked for
/// in the saved state as the Columns menu keeps it) and the look-alike
/// marker on `https://аpple.com/`, with a row opened to show its values
/// whole. The export of the run (Ctrl+S) is the wait for its end.
#[test]
fn batch_at_800_px_shows_hosts_and_marks_a_look_alike() {
    require_tools();
    let dir = temp_dir_named("window_batch_800");
    let input = dir.join("log-urls.txt");
    let lines = [
        "https://\u{430}pple.com/login",
        "http://example.com%2F@evil.com/x",
        "http://good.com\\@evil.com/",
        "http://a:99999/",
        "../rel",
        "https://www.example.org/a/b?q=1",
    ];
    std::fs::write(&input, lines.join("\n") + "\n").expect("write the input file");
    let export = dir.join("export.csv");
    let display = XDisplay::start();
    let home = FreshHome::new("batch-800");
    home.seed_state(&format!(
        "(batch: (resolvers: [\"this\", \"whatwg\", \"rfc3986\"], host_columns: [\"whatwg\"], export_path: \"{}\"))",
        export.display()
    ));
    let app = display.launch(&home, &["--batch", &input.display().to_string()]);
    display.resize(&app, 800, 600);
    // Six lines take a moment even in a debug build; the export then holds
    // them all (Export asks before replacing a file, so it is pressed once).
    std::thread::sleep(Duration::from_secs(3));
    display.press(&["ctrl+s"]);
    let deadline = Instant::now() + RUN_TIMEOUT;
    let records = loop {
        if let Some(r) = csv::Reader::from_path(&export)
            .ok()
            .and_then(|mut r| r.records().collect::<Result<Vec<_>, _>>().ok())
            .filter(|r| r.len() == lines.len())
        {
            break r;
        }
        assert!(
            Instant::now() < deadline,
            "no export of {} rows",
            lines.len()
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(records.len(), lines.len());
    // Open the second row (the encoded slash), as a click on it does.
    display.click(&app, 120, 372);
    display.screenshot(&app, &screenshot_dir().join("batch-800-hosts.png"));
    app.quit(&display);
}

fn temp_dir_named(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}
