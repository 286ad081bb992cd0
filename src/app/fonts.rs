//! Fonts for every script a URL may hold. egui's built-in fonts cover Latin,
//! Greek and Cyrillic; Japanese, Chinese, Korean, Arabic, Hebrew, Thai,
//! Devanagari and more come from the system's fonts, found on demand: each
//! known font file is a [`egui::FontProvider`] that egui asks only for a
//! character no installed font has, so a big CJK file is read only once a
//! CJK character shows up.
//!
//! A font answers only for a character its character map has (read with
//! `skrifa`, the crate egui itself reads fonts with): egui keeps the first
//! font a provider gives for a character, so a broad font that lacks, say,
//! Hebrew must not answer for it. After the fonts named below, every other
//! regular-weight font file on the system is looked at (`OtherFonts`):
//! the first time a character none of the named ones has shows up, their
//! character maps are read once into an index (a fraction of a second for
//! the 190 files of `fonts-noto-core`), and the file that has it is loaded.
//!
//! Emoji: egui's own fonts include Noto Emoji (black and white), which has
//! the emoji of Unicode 13; later ones come from a system font that has
//! them, if any. No font is shipped with the app: the system's cover every
//! script, and a font with them all would add tens of megabytes.
//!
//! On Debian, `scripts/setup` installs the files from `fonts-noto-core`
//! (Arabic, Hebrew, Thai, Indic, Armenian, Georgian, …) and `fonts-noto-cjk`
//! (Japanese, Chinese, Korean); DejaVu or Droid fonts are used where a system
//! has them instead. Without any of them the app still runs; those
//! characters show as boxes.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use skrifa::MetadataProvider;

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
        if !has_glyph(data.bytes(), c) {
            return None;
        }
        Some(insert(&self.name, data))
    }
}

/// The font to add to both families, after the fonts they have.
fn insert(name: &str, data: FontData) -> FontInsert {
    let families = [FontFamily::Proportional, FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: FontPriority::Lowest,
        })
        .collect();
    FontInsert::new(name, data, families)
}

/// Whether the font file `data` (its first font) maps `c` to a glyph.
fn has_glyph(data: &[u8], c: char) -> bool {
    skrifa::FontRef::from_index(data, 0).is_ok_and(|f| f.charmap().map(c).is_some())
}

/// The characters a font file maps, as sorted ranges (empty for a file
/// that is not a font).
fn coverage(path: &Path) -> Vec<(u32, u32)> {
    let Ok(data) = std::fs::read(path) else {
        return Vec::new();
    };
    let Ok(font) = skrifa::FontRef::from_index(&data, 0) else {
        return Vec::new();
    };
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for (c, _) in font.charmap().mappings() {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == c => *end = c,
            _ => ranges.push((c, c)),
        }
    }
    ranges
}

/// One more font file: its path, what it covers, its data once needed.
struct OtherFont {
    path: PathBuf,
    ranges: Vec<(u32, u32)>,
    data: OnceLock<Option<FontData>>,
}

/// Every regular-weight font file on the system that is not one of the
/// named [`CANDIDATES`], asked last, for a character none of those has.
struct OtherFonts {
    files: Vec<PathBuf>,
    /// Read on the first character asked about, once.
    index: OnceLock<Vec<OtherFont>>,
}

impl FontProvider for OtherFonts {
    fn font_for(&self, request: &FallbackRequest<'_>) -> Option<FontInsert> {
        let c = u32::from(request.cluster.chars().next()?);
        let index = self.index.get_or_init(|| {
            self.files
                .iter()
                .map(|path| OtherFont {
                    path: path.clone(),
                    ranges: coverage(path),
                    data: OnceLock::new(),
                })
                .filter(|f| !f.ranges.is_empty())
                .collect()
        });
        let font = index.iter().find(|f| {
            f.ranges
                .binary_search_by(|&(start, end)| {
                    if end < c {
                        std::cmp::Ordering::Less
                    } else if start > c {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
                .is_ok()
        })?;
        let data = font
            .data
            .get_or_init(|| std::fs::read(&font.path).ok().map(FontData::from_owned))
            .clone()?;
        let name = font.path.file_name()?.to_string_lossy();
        Some(insert(&format!("system:{name}"), data))
    }
}

/// Whether a file name is a font of regular weight (the others would only
/// repeat a regular one's characters).
fn is_regular_font(name: &str) -> bool {
    let font = [".ttf", ".otf", ".ttc"].iter().any(|e| name.ends_with(e));
    font && name.contains("Regular")
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

/// Every file under the system's font folders.
fn font_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in FONT_DIRS {
        find_files(Path::new(dir), 4, &mut files);
    }
    files.sort();
    files
}

/// The system fonts found, in the order they are asked.
pub fn system_fonts() -> Vec<(String, PathBuf)> {
    system_fonts_among(&font_files())
}

fn system_fonts_among(files: &[PathBuf]) -> Vec<(String, PathBuf)> {
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
    let files = font_files();
    for (name, path) in system_fonts_among(&files) {
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
    let others = files
        .into_iter()
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                is_regular_font(&n) && !CANDIDATES.iter().any(|(c, _)| *c == n)
            })
        })
        .collect();
    ctx.add_font_provider(Arc::new(OtherFonts {
        files: others,
        index: OnceLock::new(),
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One character of each of several scripts, and an emoji of Unicode 14.
    const SAMPLES: &[char] = &[
        'א',
        'ب',
        'ก',
        'क',
        'ᠮ',
        'ཀ',
        'ܐ',
        'Ꮳ',
        'ꦄ',
        'ខ',
        '\u{1FAE0}',
    ];

    /// Who answers for `c`: the first provider whose font maps it.
    fn answer(c: char) -> Option<String> {
        let text = c.to_string();
        let request = FallbackRequest {
            cluster: &text,
            family: &FontFamily::Proportional,
        };
        let files = font_files();
        let named = system_fonts_among(&files)
            .into_iter()
            .map(|(name, path)| SystemFont {
                covers: CANDIDATES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or(anything as Covers, |(_, c)| *c),
                name,
                path,
                data: OnceLock::new(),
            });
        for font in named {
            if font.font_for(&request).is_some() {
                return Some(font.name);
            }
        }
        let others = OtherFonts {
            files: files
                .into_iter()
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| is_regular_font(&n.to_string_lossy()))
                })
                .collect(),
            index: OnceLock::new(),
        };
        others.font_for(&request).map(|_| "other".to_owned())
    }

    #[test]
    fn a_font_answers_only_for_characters_it_has() {
        let Some((_, path)) = system_fonts()
            .into_iter()
            .find(|(n, _)| n == "DejaVuSans.ttf")
        else {
            eprintln!("skipped: DejaVu Sans is not installed");
            return;
        };
        let data = std::fs::read(path).unwrap_or_default();
        assert!(has_glyph(&data, 'a'));
        assert!(!has_glyph(&data, '\u{4E00}'), "DejaVu Sans has no CJK");
    }

    #[test]
    fn every_sampled_script_finds_a_font_that_has_it_where_one_is_installed() {
        // Which characters some installed file maps: those must be found.
        let installed: Vec<(u32, u32)> = font_files()
            .iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| is_regular_font(&n.to_string_lossy()))
            })
            .flat_map(|p| coverage(p))
            .collect();
        let mut checked = 0;
        for &c in SAMPLES {
            let u = u32::from(c);
            if !installed.iter().any(|&(s, e)| s <= u && u <= e) {
                eprintln!("no installed font has {c:?}; not checked");
                continue;
            }
            checked += 1;
            assert!(
                answer(c).is_some(),
                "no font answered for {c:?} (U+{u:04X})"
            );
        }
        eprintln!("{checked} of {} sampled characters checked", SAMPLES.len());
    }
}
