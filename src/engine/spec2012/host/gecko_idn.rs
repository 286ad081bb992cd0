//! Gecko's IDN display policy of 2011–2012, used by CanonicalizeHost step
//! 20.1 (GECKO): the top-level domains under which Gecko showed Unicode host
//! names (`WHITELIST`) and the characters that always forced Punycode
//! (`BLACKLIST`). These are facts taken from `gecko-idn-whitelist.txt` and
//! `gecko-idn-blacklist-chars.txt`; both tables are sorted for binary search.

/// IDN-enabled TLDs, ASCII (Punycode for internationalized ones), sorted.
const WHITELIST: &[&str] = &[
    "ac",
    "ar",
    "asia",
    "at",
    "biz",
    "br",
    "cat",
    "ch",
    "cl",
    "cn",
    "de",
    "dk",
    "ee",
    "es",
    "fi",
    "fr",
    "gr",
    "hu",
    "il",
    "info",
    "io",
    "ir",
    "is",
    "jp",
    "kr",
    "li",
    "lt",
    "lu",
    "lv",
    "museum",
    "no",
    "nu",
    "nz",
    "org",
    "pl",
    "pm",
    "pr",
    "re",
    "se",
    "sh",
    "si",
    "tel",
    "tf",
    "th",
    "tm",
    "tw",
    "ua",
    "vn",
    "wf",
    "xn--0zwm56d",
    "xn--11b5bs3a9aj6g",
    "xn--80akhbyknj4f",
    "xn--90a3ac",
    "xn--9t4b11yi5a",
    "xn--deba0ad",
    "xn--fiqs8s",
    "xn--fiqz9s",
    "xn--fzc2c9e2c",
    "xn--g6w251d",
    "xn--hgbk6aj7f53bba",
    "xn--hlcj6aya9esc7a",
    "xn--j6w193g",
    "xn--jxalpdlp",
    "xn--kgbechtv",
    "xn--kprw13d",
    "xn--kpry57d",
    "xn--mgba3a4f16a",
    "xn--mgba3a4fra",
    "xn--mgbaam7a8h",
    "xn--mgbayh7gpa",
    "xn--mgberp4a5d4a87g",
    "xn--mgberp4a5d4ar",
    "xn--mgbqly7c0a67fbc",
    "xn--mgbqly7cvafr",
    "xn--o3cw4h",
    "xn--ogbpf8fl",
    "xn--p1ai",
    "xn--wgbh1c",
    "xn--wgbl6a",
    "xn--xkc2al3hye2a",
    "xn--zckzah",
    "yt",
];

/// IDN blacklist characters, sorted.
const BLACKLIST: &[char] = &[
    '\u{0020}', '\u{00A0}', '\u{00BC}', '\u{00BD}', '\u{00BE}', '\u{01C3}', '\u{02D0}', '\u{0337}',
    '\u{0338}', '\u{0589}', '\u{05C3}', '\u{05F4}', '\u{0609}', '\u{060A}', '\u{066A}', '\u{06D4}',
    '\u{0701}', '\u{0702}', '\u{0703}', '\u{0704}', '\u{115F}', '\u{1160}', '\u{1735}', '\u{2000}',
    '\u{2001}', '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}',
    '\u{2009}', '\u{200A}', '\u{200B}', '\u{2024}', '\u{2027}', '\u{2028}', '\u{2029}', '\u{202F}',
    '\u{2039}', '\u{203A}', '\u{2041}', '\u{2044}', '\u{2052}', '\u{205F}', '\u{2153}', '\u{2154}',
    '\u{2155}', '\u{2156}', '\u{2157}', '\u{2158}', '\u{2159}', '\u{215A}', '\u{215B}', '\u{215C}',
    '\u{215D}', '\u{215E}', '\u{215F}', '\u{2215}', '\u{2236}', '\u{23AE}', '\u{2571}', '\u{29F6}',
    '\u{29F8}', '\u{2AFB}', '\u{2AFD}', '\u{2FF0}', '\u{2FF1}', '\u{2FF2}', '\u{2FF3}', '\u{2FF4}',
    '\u{2FF5}', '\u{2FF6}', '\u{2FF7}', '\u{2FF8}', '\u{2FF9}', '\u{2FFA}', '\u{2FFB}', '\u{3000}',
    '\u{3002}', '\u{3014}', '\u{3015}', '\u{3033}', '\u{3164}', '\u{321D}', '\u{321E}', '\u{33AE}',
    '\u{33AF}', '\u{33C6}', '\u{33DF}', '\u{A789}', '\u{FE14}', '\u{FE15}', '\u{FE3F}', '\u{FE5D}',
    '\u{FE5E}', '\u{FEFF}', '\u{FF0E}', '\u{FF0F}', '\u{FF61}', '\u{FFA0}', '\u{FFF9}', '\u{FFFA}',
    '\u{FFFB}', '\u{FFFC}', '\u{FFFD}',
];

/// Whether Gecko showed Unicode names under `tld` (ASCII, lowercase).
pub fn is_idn_enabled_tld(tld: &str) -> bool {
    WHITELIST.binary_search(&tld).is_ok()
}

/// Whether `c` is one of Gecko's IDN blacklist characters.
pub fn is_blacklisted(c: char) -> bool {
    BLACKLIST.binary_search(&c).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_and_complete() {
        assert!(WHITELIST.windows(2).all(|w| w[0] < w[1]));
        assert!(BLACKLIST.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(WHITELIST.len(), 82);
        assert_eq!(BLACKLIST.len(), 107);
        assert!(is_idn_enabled_tld("jp") && is_idn_enabled_tld("xn--p1ai"));
        assert!(!is_idn_enabled_tld("com"));
        assert!(is_blacklisted('\u{3002}') && !is_blacklisted('a'));
    }
}
