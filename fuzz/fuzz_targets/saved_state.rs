//! Fuzz target: loading the window's saved state
//! ([`url_inspector::app::saved_state::load`]) from any bytes.
//!
//! Property: no panic, and any bytes give either the saved settings or the
//! defaults with a message:
//! - a problem named means the state is exactly the defaults, and the
//!   message is not empty;
//! - whatever was loaded is in the app's ranges (normalizing it again
//!   changes nothing);
//! - what was loaded, written back as eframe writes it
//!   ([`to_file_bytes`]), loads again with no problem and equal to itself,
//!   so a state the app saves is one it reads back.
//!
//! The bytes are read as: byte 0 the layout (bit 0 clear: the rest is a
//! whole `app.ron` file; set: the rest is the value of its `"app"` entry,
//! the RON of a `State`, wrapped here in a map as eframe stores it, so the
//! fuzzer reaches the state's own fields without first finding the map's
//! syntax), then the bytes.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use url_inspector::app::State;
use url_inspector::app::saved_state::{load, to_file_bytes};

fuzz_target!(|data: &[u8]| {
    let Some((&layout, rest)) = data.split_first() else {
        return;
    };
    let file = if layout & 1 == 0 {
        rest.to_vec()
    } else {
        // Any bytes as the entry's string: not UTF-8 ones as U+FFFD, as a
        // text editor would write them.
        let app = String::from_utf8_lossy(rest);
        let map = std::collections::HashMap::from([("app".to_owned(), app.into_owned())]);
        ron::to_string(&map)
            .expect("a map of strings serializes")
            .into_bytes()
    };
    let loaded = load(&file);
    let defaults = defaults();
    if let Some(problem) = &loaded.problem {
        assert!(!problem.is_empty(), "an empty message");
        assert_eq!(&loaded.state, defaults, "a problem but not the defaults");
    }
    // The defaults' round trip is checked once, in `defaults`; most inputs
    // give them, and writing and reading them again for each was most of
    // the target's time.
    if loaded.state == *defaults {
        return;
    }
    assert_eq!(
        loaded.state.clone().normalized(),
        loaded.state,
        "a loaded value out of range"
    );
    let again = load(&to_file_bytes(&loaded.state));
    assert_eq!(again.problem, None, "the app's own file does not load");
    assert_eq!(
        again.state, loaded.state,
        "a state changes when saved and loaded"
    );
});

/// The default state, checked once to be normalized and to round-trip.
fn defaults() -> &'static State {
    static DEFAULTS: OnceLock<State> = OnceLock::new();
    DEFAULTS.get_or_init(|| {
        let state = State::default();
        assert_eq!(state.clone().normalized(), state);
        let again = load(&to_file_bytes(&state));
        assert_eq!((again.state, again.problem), (state.clone(), None));
        state
    })
}
