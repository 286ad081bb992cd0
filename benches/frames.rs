//! Frame time of the window, through the egui_kittest harness (layout and
//! tessellation-free egui passes, the app's own work included; no GPU).
//!
//! Cases: a typical URL, 16 KiB (the largest value kept in a text field and
//! computed within the frame), 64 KiB (the largest the goal covers: ≤ 16 ms
//! per frame at p99) and 1 MiB. For each: an idle frame (nothing changed) and
//! a keystroke frame (the URL changes, so everything is recomputed and laid
//! out again; values past the text-field limit change by a mode switch
//! instead, and values past the worker's limit are computed off the UI
//! thread, so that frame only hands them over).
//!
//! Besides criterion's estimate, each case prints its p50 / p99 / max over
//! a few hundred frames, since the goal is stated at p99.
//!
//! Run: `cargo bench --bench frames`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use url_inspector::app::clipboard::MemoryClipboard;
use url_inspector::app::{InspectorApp, State};

fn window(input: String) -> Harness<'static, InspectorApp> {
    let state = State {
        input,
        ..State::default()
    };
    let app = InspectorApp::new(state, Box::new(MemoryClipboard::default()));
    // Fonts as the real window has them (system fallbacks, boxes where none).
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .allow_missing_glyphs()
        .with_context_setup(url_inspector::app::fonts::install)
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), app);
    settle(&mut h);
    h
}

/// Steps until the worker (if used) has delivered and the layout is stable.
fn settle(h: &mut Harness<'static, InspectorApp>) {
    let deadline = Instant::now() + Duration::from_secs(300);
    while h.state().is_computing() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    for _ in 0..3 {
        h.step();
    }
}

/// One keystroke frame: a character typed into the URL field, or deleted
/// again (a field too long to edit gets a mode switch instead, which also
/// recomputes everything). The frame that sees the change is timed.
fn keystroke(h: &mut Harness<'static, InspectorApp>, flip: &mut bool) {
    *flip = !*flip;
    let editable = h.state().state.input.len() <= url_inspector::app::inputs::EDIT_LIMIT;
    match (editable, *flip) {
        (true, true) => h.event(egui::Event::Text("y".to_owned())),
        (true, false) => h.key_press(egui::Key::Backspace),
        (false, true) => h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num2),
        (false, false) => h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num1),
    }
    h.step();
}

/// Puts the keyboard focus in the URL field, at its end.
fn focus_url(h: &mut Harness<'static, InspectorApp>) {
    use egui_kittest::kittest::Queryable;
    if let Some(node) = h.query_by_label("URL") {
        node.focus();
    }
    h.step();
    h.key_press(egui::Key::End);
    h.step();
}

fn typical() -> String {
    "HTTP://User:Pw@Example.COM:80/a/./b/../c%7e/%E6%97%A5?q=1&r=%41&s=caf\u{e9}#Frag".to_owned()
}

/// A URL a little under `bytes` long (so 64 KiB stays editable).
fn sized(bytes: usize) -> String {
    let bytes = bytes - 64;
    let head = "http://example.com/";
    let path = "seg/".repeat((bytes / 2) / 4);
    let query = "k=v&".repeat((bytes - head.len() - path.len()) / 4);
    format!("{head}{path}?{query}x")
}

fn percentiles(name: &str, mut frame: impl FnMut()) {
    let mut times: Vec<Duration> = (0..300)
        .map(|_| {
            let t = Instant::now();
            frame();
            t.elapsed()
        })
        .collect();
    times.sort_unstable();
    let at = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    println!(
        "{name}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}

fn frames(c: &mut Criterion) {
    let cases = [
        ("typical", typical()),
        ("16KiB", sized(16 * 1024)),
        ("64KiB", sized(64 * 1024)),
        ("1MiB", sized(1024 * 1024)),
    ];
    for (name, input) in cases {
        let mut h = window(input);
        c.bench_function(&format!("idle frame, {name}"), |b| {
            b.iter(|| {
                h.step();
                black_box(&h);
            })
        });
        percentiles(&format!("idle frame, {name}"), || h.step());

        focus_url(&mut h);
        let mut flip = false;
        c.bench_function(&format!("keystroke frame, {name}"), |b| {
            b.iter(|| keystroke(&mut h, &mut flip))
        });
        percentiles(&format!("keystroke frame, {name}"), || {
            keystroke(&mut h, &mut flip)
        });
        settle(&mut h);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = frames
}
criterion_main!(benches);
