//! Fonts for every script a URL may hold. egui's built-in fonts cover Latin,
//! Greek and Cyrillic; Japanese, Chinese, Korean, Arabic, Hebrew, Thai,
//! Devanagari and more come from the system's fonts, found on demand: each
//! known font file is a [`egui::FontProvider`] that egui asks only for a
//! character no installed font has, so a big CJK file is read only once a
//! CJK character shows up.
//!
//! On Debian, `scripts/setup` installs the files from `fonts-noto-core`
//! (Arabic, Hebrew, Thai, Indic, Armenian, Georgian, …) and `fonts-noto-cjk`
//! (Japanese, Chinese, Korean); DejaVu or Droid fonts are used where a system
//! has them instead. Without any of them the app still runs; those
//! characters show as boxes.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use egui::epaint::text::{FallbackRequest, FontData, FontInsert, FontPriority, InsertFontFamily};
use egui::{FontFamily, FontProvider};

/// Where Debian (and most Linux systems) keep fonts.
const FONT_DIRS: &[&str] = &["/usr/share/fonts", "/usr/local/share/fonts"];

/// A character class a font is asked about.
type Covers = fn(char) -> bool;

fn anything(_: char) -> bool {
    true
}

fn cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x11FF | 0x2E80..=0x2FDF | 0x3000..=0x30FF | 0x3100..=0x31FF | 0x3200..=0x33FF
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xA960..=0xA97F | 0xAC00..=0xD7FF | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

fn arabic(c: char) -> bool {
    matches!(u32::from(c), 0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF)
}

/// The fonts to look for, in the order they are asked: first the broad
/// ones, then one per script (each only for its own characters).
const CANDIDATES: &[(&str, Covers)] = &[
    ("NotoSans-Regular.ttf", anything),
    ("DejaVuSans.ttf", anything),
    ("NotoSansCJK-Regular.ttc", cjk),
    ("NotoSansCJKjp-Regular.otf", cjk),
    ("DroidSansFallbackFull.ttf", cjk),
    ("NotoSansArabic-Regular.ttf", arabic),
    ("NotoNaskhArabic-Regular.ttf", arabic),
    ("NotoSansHebrew-Regular.ttf", anything),
    ("NotoSansThai-Regular.ttf", anything),
    ("NotoSansDevanagari-Regular.ttf", anything),
    ("NotoSansBengali-Regular.ttf", anything),
    ("NotoSansTamil-Regular.ttf", anything),
    ("NotoSansArmenian-Regular.ttf", anything),
    ("NotoSansGeorgian-Regular.ttf", anything),
    ("NotoSansEthiopic-Regular.ttf", anything),
    ("NotoSansKhmer-Regular.ttf", anything),
    ("NotoSansLao-Regular.ttf", anything),
    ("NotoSansMyanmar-Regular.ttf", anything),
    ("NotoSansSinhala-Regular.ttf", anything),
    ("NotoSansSymbols-Regular.ttf", anything),
    ("NotoSansSymbols2-Regular.ttf", anything),
    ("NotoSansMath-Regular.ttf", anything),
];

/// One font file, read on first use.
struct SystemFont {
    name: String,
    path: PathBuf,
    covers: Covers,
    data: OnceLock<Option<FontData>>,
}

impl FontProvider for SystemFont {
    fn font_for(&self, request: &FallbackRequest<'_>) -> Option<FontInsert> {
        let c = request.cluster.chars().next()?;
        if !(self.covers)(c) {
            return None;
        }
        let data = self
            .data
            .get_or_init(|| std::fs::read(&self.path).ok().map(FontData::from_owned))
            .clone()?;
        let families = [FontFamily::Proportional, FontFamily::Monospace]
            .into_iter()
            .map(|family| InsertFontFamily {
                family,
                priority: FontPriority::Lowest,
            })
            .collect();
        Some(FontInsert::new(&self.name, data, families))
    }
}

/// Every font file under `dir` (a few levels deep), by file name.
fn find_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if depth > 0 {
                find_files(&path, depth - 1, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// The system fonts found, in the order they are asked.
pub fn system_fonts() -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    for dir in FONT_DIRS {
        find_files(Path::new(dir), 4, &mut files);
    }
    CANDIDATES
        .iter()
        .filter_map(|(name, _)| {
            let path = files
                .iter()
                .find(|p| p.file_name().is_some_and(|f| f == *name))?;
            Some(((*name).to_owned(), path.clone()))
        })
        .collect()
}

/// Makes the system fonts available to `ctx` as fallbacks. Cheap: only the
/// directory listing happens now; files are read when first needed.
pub fn install(ctx: &egui::Context) {
    for (name, path) in system_fonts() {
        let covers = CANDIDATES
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(anything as Covers, |(_, c)| *c);
        let font = SystemFont {
            name: format!("system:{name}"),
            path,
            covers,
            data: OnceLock::new(),
        };
        ctx.add_font_provider(Arc::new(font));
    }
}
