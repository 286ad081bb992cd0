//! The case on screen as a command line to hand on: `url-inspector canon
//! INPUT --base B --mode M --encoding E` for the Inspector, `url-inspector
//! compare INPUT --base B --encoding E` for Compare, each argument quoted
//! for a POSIX shell, so a colleague who pastes it into a terminal asks the
//! engine the same question. Putting `gui` after the program name opens
//! the window on that case instead (`url-inspector gui canon …`).
//!
//! Quoting: an argument of only safe ASCII characters stays bare; one with
//! a control or other hidden character (see [`is_hidden`]) is written as
//! `$'…'`, each such character as the octal escapes of its UTF-8 bytes (so
//! it survives a terminal that would act on it, and a reader sees it);
//! any other argument is put in single quotes, a quote in it as `'\''`.
//! `$'…'` is in POSIX.1-2024 and in bash, zsh and ksh; dash lacks it, but
//! only arguments with hidden characters use it. No command line can carry
//! U+0000 (an argument ends at the first NUL byte), so a case with one has
//! no command: [`case_command`] says so rather than drop it.

use std::fmt::Write;

use super::escape::is_hidden;
use super::state::{InspectorEngine, State, View};

/// The program's name as the command line starts it.
pub const PROGRAM: &str = "url-inspector";

/// `arg` quoted for a POSIX shell; `None` when it holds U+0000.
pub fn sh_quote(arg: &str) -> Option<String> {
    if arg.contains('\0') {
        return None;
    }
    let safe = |c: char| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c);
    if !arg.is_empty() && arg.chars().all(safe) {
        return Some(arg.to_owned());
    }
    if !arg.chars().any(is_hidden) {
        return Some(format!("'{}'", arg.replace('\'', "'\\''")));
    }
    let mut out = String::from("$'");
    for c in arg.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c if is_hidden(c) => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    // Three digits always: a digit after the escape stays a digit.
                    let _ = write!(out, "\\{b:03o}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    Some(out)
}

/// The arguments (after the program's name) that reproduce `view` of the
/// inputs in `state`: the Inspector's as `canon`, Compare's as `compare`
/// (Batch has no single case and is asked as the Inspector is). An input
/// that starts with `-` comes after `--`, so it is not read as an option.
pub fn case_args(view: View, state: &State) -> Vec<String> {
    let compare = view == View::Compare;
    let mut options = Vec::new();
    if !state.base.is_empty() {
        options.extend(["--base".to_owned(), state.base.clone()]);
    }
    if !compare {
        // The Inspector runs the 2012 engine in a mode, or the URL
        // Standard as written or as a browser of today reads it.
        let mode = match (state.engine, state.browser.browser()) {
            (InspectorEngine::Spec2012, _) => state.mode.name(),
            (InspectorEngine::UrlStandard, None) => "whatwg",
            (InspectorEngine::UrlStandard, Some(b)) => b.name(),
        };
        options.extend(["--mode".to_owned(), mode.to_owned()]);
    }
    if !state.encoding.is_empty() {
        options.extend(["--encoding".to_owned(), state.encoding.clone()]);
    }
    let mut args = vec![if compare { "compare" } else { "canon" }.to_owned()];
    if state.input.starts_with('-') {
        args.extend(options);
        args.push("--".to_owned());
        args.push(state.input.clone());
    } else {
        args.push(state.input.clone());
        args.extend(options);
    }
    args
}

/// The whole command line, quoted; or why there is none.
pub fn case_command(view: View, state: &State) -> Result<String, String> {
    let mut line = PROGRAM.to_owned();
    for arg in case_args(view, state) {
        let quoted = sh_quote(&arg).ok_or_else(|| {
            "a command line cannot carry U+0000 (NUL); use Copy report instead".to_owned()
        })?;
        line.push(' ');
        line.push_str(&quoted);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Mode;

    #[test]
    fn safe_arguments_stay_bare_and_others_are_quoted() {
        // `?` is a glob character in sh: quoted.
        assert_eq!(
            sh_quote("http://a/b?c=1").as_deref(),
            Some("'http://a/b?c=1'")
        );
        assert_eq!(sh_quote("http://a/b").as_deref(), Some("http://a/b"));
        assert_eq!(sh_quote("").as_deref(), Some("''"));
        assert_eq!(sh_quote("a b").as_deref(), Some("'a b'"));
        assert_eq!(sh_quote("it's").as_deref(), Some("'it'\\''s'"));
        assert_eq!(sh_quote("é").as_deref(), Some("'é'"));
        assert_eq!(sh_quote("a\nb").as_deref(), Some("$'a\\012b'"));
        assert_eq!(sh_quote("\u{85}1").as_deref(), Some("$'\\302\\2051'"));
        assert_eq!(sh_quote("a\0b"), None);
    }

    #[test]
    fn the_command_names_every_input() {
        let state = State {
            input: "-x y".into(),
            base: "http://b/".into(),
            encoding: "greek".into(),
            mode: Mode::Gecko,
            ..State::default()
        };
        assert_eq!(
            case_command(View::Inspector, &state).as_deref(),
            Ok("url-inspector canon --base http://b/ --mode gecko --encoding greek -- '-x y'")
        );
        assert_eq!(
            case_command(View::Compare, &state).as_deref(),
            Ok("url-inspector compare --base http://b/ --encoding greek -- '-x y'")
        );
        let nul = State {
            input: "a\0".into(),
            ..State::default()
        };
        assert!(case_command(View::Inspector, &nul).is_err());
    }

    /// The quoted arguments read back by a real shell give the same argv.
    /// bash, because the system's `sh` may be dash, which has no `$'…'`.
    #[test]
    fn a_shell_reads_the_quoted_arguments_back() {
        let args = [
            "http://example.com/a b",
            "it's \"quoted\" `x` $HOME \\ *",
            "http://пример.рф/ü?q=日本",
            "a\nb\r\tc\u{1}\u{7F}\u{85}\u{200B}\u{202E}\u{FFFD}\u{FDD0}1",
            "\\u{41}\\x41\\101",
            "",
            "-dash",
        ];
        let quoted: Vec<String> = args.iter().filter_map(|a| sh_quote(a)).collect();
        assert_eq!(quoted.len(), args.len());
        let script = format!("printf '%s\\0' {}", quoted.join(" "));
        let out = std::process::Command::new("bash")
            .args(["-c", &script])
            .output()
            .expect("bash runs");
        assert!(out.status.success(), "{script}");
        let text = String::from_utf8(out.stdout).expect("UTF-8 back");
        let back: Vec<&str> = text.split_terminator('\0').collect();
        assert_eq!(back, args);
    }

    #[test]
    fn the_url_standard_is_asked_as_whatwg() {
        let state = State {
            input: "http://a/".into(),
            engine: InspectorEngine::UrlStandard,
            ..State::default()
        };
        let args = case_args(View::Inspector, &state);
        assert_eq!(
            args,
            [
                "canon",
                "http://a/",
                "--mode",
                "whatwg",
                "--encoding",
                "utf-8"
            ]
        );
    }
}
