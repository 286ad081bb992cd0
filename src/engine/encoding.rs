//! The query encoding: a label resolved as the WHATWG Encoding Standard does
//! (`encoding_rs::Encoding::for_label`), then the spec's "Percent-encoding",
//! step 3: an encoding that is not ASCII-compatible (UTF-16BE, UTF-16LE and
//! *replacement*: the ones the Encoding Standard's "get an output encoding"
//! maps) means UTF-8.
//!
//! Interpretation: ISO-2022-JP counts as ASCII-compatible here, as it did for
//! form submission in the browsers of the time; the suite expects its escape
//! sequences in the query.

use encoding_rs::{Encoding, UTF_8};

/// What became of an encoding label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryEncoding {
    /// The encoding the label names, if it names one.
    pub named: Option<&'static Encoding>,
    /// The encoding the query is encoded in.
    pub used: &'static Encoding,
}

impl QueryEncoding {
    /// UTF-8, the default.
    pub const UTF8: QueryEncoding = QueryEncoding {
        named: Some(UTF_8),
        used: UTF_8,
    };

    /// Resolves `label`. A label that names no encoding gives UTF-8 with
    /// `named: None`, so callers can say so.
    pub fn from_label(label: &str) -> QueryEncoding {
        match Encoding::for_label(label.trim().as_bytes()) {
            Some(e) => QueryEncoding {
                named: Some(e),
                used: e.output_encoding(),
            },
            None => QueryEncoding {
                named: None,
                used: UTF_8,
            },
        }
    }

    /// What became of `label` (the label this encoding was resolved from):
    /// the one verdict the app, the command line and the trace all show.
    pub fn verdict(&self, label: &str) -> EncodingVerdict {
        match self.named {
            None if label.trim().is_empty() => EncodingVerdict::NoLabel,
            None => EncodingVerdict::UnknownLabel,
            Some(e) if e == self.used => EncodingVerdict::Named,
            Some(_) => EncodingVerdict::NotAsciiCompatible,
        }
    }

    /// Why the query is not encoded in the encoding that was asked for, if it
    /// is not. A run sees only what the label resolved to, so this agrees
    /// with [`Self::verdict`] for any label that is not blank (a blank label
    /// and a label that names nothing both resolve to `named: None`; callers
    /// with no label pass [`QueryEncoding::UTF8`]).
    pub fn fallback(&self) -> Option<EncodingVerdict> {
        match self.named {
            None => Some(EncodingVerdict::UnknownLabel),
            Some(e) if e != self.used => Some(EncodingVerdict::NotAsciiCompatible),
            Some(_) => None,
        }
    }

    /// The verdict for `label` in one sentence, for under the encoding field.
    pub fn message(&self, label: &str) -> String {
        let used = self.used.name();
        match (self.verdict(label), self.named) {
            (EncodingVerdict::NoLabel, _) => format!("No label: the query uses {used}."),
            (EncodingVerdict::UnknownLabel, _) => format!(
                "\"{}\" is not a known encoding label: the query uses {used}.",
                label.trim()
            ),
            (EncodingVerdict::NotAsciiCompatible, Some(named)) => format!(
                "{} does not keep ASCII as ASCII, so the query uses {used}.",
                named.name()
            ),
            _ => format!("The query is encoded in {used}."),
        }
    }
}

/// What became of an encoding label, as [`QueryEncoding::verdict`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingVerdict {
    /// No label was given: UTF-8, the default.
    NoLabel,
    /// The label names an encoding, and the query is encoded in it.
    Named,
    /// The label names no encoding: UTF-8 is used instead.
    UnknownLabel,
    /// The label names an encoding that does not keep ASCII as ASCII
    /// (UTF-16, *replacement*): "Percent-encoding", step 3 uses UTF-8.
    NotAsciiCompatible,
}

impl EncodingVerdict {
    /// Whether the query is not encoded in what the user asked for.
    pub fn is_fallback(self) -> bool {
        matches!(
            self,
            EncodingVerdict::UnknownLabel | EncodingVerdict::NotAsciiCompatible
        )
    }
}

/// Every label `encoding_rs` knows, for the app's searchable list.
pub const LABELS: &[&str] = &[
    "utf-8",
    "utf8",
    "unicode-1-1-utf-8",
    "unicode11utf8",
    "unicode20utf8",
    "x-unicode20utf8",
    "866",
    "cp866",
    "csibm866",
    "ibm866",
    "csisolatin2",
    "iso-8859-2",
    "iso-ir-101",
    "iso8859-2",
    "iso88592",
    "iso_8859-2",
    "iso_8859-2:1987",
    "l2",
    "latin2",
    "csisolatin3",
    "iso-8859-3",
    "iso-ir-109",
    "iso8859-3",
    "iso88593",
    "iso_8859-3",
    "iso_8859-3:1988",
    "l3",
    "latin3",
    "csisolatin4",
    "iso-8859-4",
    "iso-ir-110",
    "iso8859-4",
    "iso88594",
    "iso_8859-4",
    "iso_8859-4:1988",
    "l4",
    "latin4",
    "csisolatincyrillic",
    "cyrillic",
    "iso-8859-5",
    "iso-ir-144",
    "iso8859-5",
    "iso88595",
    "iso_8859-5",
    "iso_8859-5:1988",
    "arabic",
    "asmo-708",
    "csiso88596e",
    "csiso88596i",
    "csisolatinarabic",
    "ecma-114",
    "iso-8859-6",
    "iso-8859-6-e",
    "iso-8859-6-i",
    "iso-ir-127",
    "iso8859-6",
    "iso88596",
    "iso_8859-6",
    "iso_8859-6:1987",
    "csisolatingreek",
    "ecma-118",
    "elot_928",
    "greek",
    "greek8",
    "iso-8859-7",
    "iso-ir-126",
    "iso8859-7",
    "iso88597",
    "iso_8859-7",
    "iso_8859-7:1987",
    "sun_eu_greek",
    "csiso88598e",
    "csisolatinhebrew",
    "hebrew",
    "iso-8859-8",
    "iso-8859-8-e",
    "iso-ir-138",
    "iso8859-8",
    "iso88598",
    "iso_8859-8",
    "iso_8859-8:1988",
    "visual",
    "csiso88598i",
    "iso-8859-8-i",
    "logical",
    "csisolatin6",
    "iso-8859-10",
    "iso-ir-157",
    "iso8859-10",
    "iso885910",
    "l6",
    "latin6",
    "iso-8859-13",
    "iso8859-13",
    "iso885913",
    "iso-8859-14",
    "iso8859-14",
    "iso885914",
    "csisolatin9",
    "iso-8859-15",
    "iso8859-15",
    "iso885915",
    "iso_8859-15",
    "l9",
    "iso-8859-16",
    "cskoi8r",
    "koi",
    "koi8",
    "koi8-r",
    "koi8_r",
    "koi8-ru",
    "koi8-u",
    "csmacintosh",
    "mac",
    "macintosh",
    "x-mac-roman",
    "dos-874",
    "iso-8859-11",
    "iso8859-11",
    "iso885911",
    "tis-620",
    "windows-874",
    "cp1250",
    "windows-1250",
    "x-cp1250",
    "cp1251",
    "windows-1251",
    "x-cp1251",
    "ansi_x3.4-1968",
    "ascii",
    "cp1252",
    "cp819",
    "csisolatin1",
    "ibm819",
    "iso-8859-1",
    "iso-ir-100",
    "iso8859-1",
    "iso88591",
    "iso_8859-1",
    "iso_8859-1:1987",
    "l1",
    "latin1",
    "us-ascii",
    "windows-1252",
    "x-cp1252",
    "cp1253",
    "windows-1253",
    "x-cp1253",
    "cp1254",
    "csisolatin5",
    "iso-8859-9",
    "iso-ir-148",
    "iso8859-9",
    "iso88599",
    "iso_8859-9",
    "iso_8859-9:1989",
    "l5",
    "latin5",
    "windows-1254",
    "x-cp1254",
    "cp1255",
    "windows-1255",
    "x-cp1255",
    "cp1256",
    "windows-1256",
    "x-cp1256",
    "cp1257",
    "windows-1257",
    "x-cp1257",
    "cp1258",
    "windows-1258",
    "x-cp1258",
    "x-mac-cyrillic",
    "x-mac-ukrainian",
    "chinese",
    "csgb2312",
    "csiso58gb231280",
    "gb2312",
    "gb_2312",
    "gb_2312-80",
    "gbk",
    "iso-ir-58",
    "x-gbk",
    "gb18030",
    "big5",
    "big5-hkscs",
    "cn-big5",
    "csbig5",
    "x-x-big5",
    "cseucpkdfmtjapanese",
    "euc-jp",
    "x-euc-jp",
    "csiso2022jp",
    "iso-2022-jp",
    "csshiftjis",
    "ms932",
    "ms_kanji",
    "shift-jis",
    "shift_jis",
    "sjis",
    "windows-31j",
    "x-sjis",
    "cseuckr",
    "csksc56011987",
    "euc-kr",
    "iso-ir-149",
    "korean",
    "ks_c_5601-1987",
    "ks_c_5601-1989",
    "ksc5601",
    "ksc_5601",
    "windows-949",
    "csiso2022kr",
    "hz-gb-2312",
    "iso-2022-cn",
    "iso-2022-cn-ext",
    "iso-2022-kr",
    "replacement",
    "unicodefffe",
    "utf-16be",
    "csunicode",
    "iso-10646-ucs-2",
    "ucs-2",
    "unicode",
    "unicodefeff",
    "utf-16",
    "utf-16le",
    "x-user-defined",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(
            QueryEncoding::from_label("Shift_JIS").used.name(),
            "Shift_JIS"
        );
        assert_eq!(QueryEncoding::from_label("utf-16").used, UTF_8);
        assert_eq!(
            QueryEncoding::from_label("iso-2022-jp").used.name(),
            "ISO-2022-JP"
        );
        assert_eq!(QueryEncoding::from_label("no-such").named, None);
        assert!(
            LABELS
                .iter()
                .all(|l| Encoding::for_label(l.as_bytes()).is_some()),
            "every listed label is known"
        );
    }
}
