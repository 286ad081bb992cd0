//! Python's `int` as far as urlcanon's IPv4 reading needs it: `int(b, base)`
//! on bytes (CPython 3.11, Objects/longobject.c, `PyLong_FromString` through
//! `_PyLong_FromBytes`), sums of multiples of powers of two, comparisons
//! with powers of two, and `'%d'` of the result. Python's integers have no
//! bound, and a host like `0x-1000000000000000000000000.1` makes a negative
//! one whose digits end up in an `AddressValueError`'s message, so the
//! magnitude is a vector of 32-bit limbs.

/// A signed integer of any size: a sign and a magnitude (little-endian
/// 32-bit limbs, no high zero limbs; zero is never negative).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PyInt {
    negative: bool,
    limbs: Vec<u32>,
}

/// CPython's `_PY_LONG_DEFAULT_MAX_STR_DIGITS`: `int()` of a decimal string
/// with more digits than this, and `'%d'` of an int that long, raise
/// `ValueError`.
const MAX_STR_DIGITS: usize = 4300;

/// The `ValueError` text CPython 3.11 gives when `'%d'` meets an integer
/// of more than 4,300 decimal digits.
pub(crate) const TOO_MANY_DIGITS: &str = "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit";

fn mul_add(limbs: &mut Vec<u32>, mul: u32, add: u32) {
    let mut carry = u64::from(add);
    for l in limbs.iter_mut() {
        let v = u64::from(*l) * u64::from(mul) + carry;
        *l = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        limbs.push(carry as u32);
    }
}

fn trim(limbs: &mut Vec<u32>) {
    while limbs.last() == Some(&0) {
        limbs.pop();
    }
}

fn cmp_mag(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `a - b` for magnitudes with `a >= b`.
fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (i, &x) in a.iter().enumerate() {
        let mut v = i64::from(x) - i64::from(b.get(i).copied().unwrap_or(0)) - borrow;
        borrow = 0;
        if v < 0 {
            v += 1 << 32;
            borrow = 1;
        }
        out.push(v as u32);
    }
    trim(&mut out);
    out
}

fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut carry = 0u64;
    for i in 0..a.len().max(b.len()) {
        let v = u64::from(a.get(i).copied().unwrap_or(0))
            + u64::from(b.get(i).copied().unwrap_or(0))
            + carry;
        out.push(v as u32);
        carry = v >> 32;
    }
    if carry > 0 {
        out.push(carry as u32);
    }
    out
}

/// Python's `str.isspace` for a byte (`Py_ISSPACE`): what `int()` skips at
/// both ends.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

impl PyInt {
    #[cfg(test)]
    pub(crate) fn from_u64(v: u64) -> PyInt {
        let mut limbs = vec![v as u32, (v >> 32) as u32];
        trim(&mut limbs);
        PyInt {
            negative: false,
            limbs,
        }
    }

    /// `int(s, base)` for bytes `s` and base 8, 10 or 16; `None` where
    /// Python raises `ValueError`. Whitespace may surround the number; a
    /// sign may lead it; base 16 and 8 take a `0x` or `0o` prefix (and one
    /// '_' after it); single underscores may stand between digits; base
    /// 10 takes at most 4,300 digits.
    pub(crate) fn parse(s: &[u8], base: u32) -> Option<PyInt> {
        let mut i = 0;
        while i < s.len() && is_space(s[i]) {
            i += 1;
        }
        let mut negative = false;
        match s.get(i) {
            Some(b'+') => i += 1,
            Some(b'-') => {
                negative = true;
                i += 1;
            }
            _ => {}
        }
        let prefix = match base {
            16 => Some([b'x', b'X']),
            8 => Some([b'o', b'O']),
            _ => None,
        };
        if let Some(p) = prefix
            && s.get(i) == Some(&b'0')
            && s.get(i + 1).is_some_and(|c| p.contains(c))
        {
            i += 2;
            if s.get(i) == Some(&b'_') {
                i += 1;
            }
        }
        if s.get(i) == Some(&b'_') {
            return None;
        }
        let mut limbs = Vec::new();
        let mut digits = 0usize;
        let mut prev_underscore = false;
        while i < s.len() {
            let c = s[i];
            if c == b'_' {
                if prev_underscore {
                    return None;
                }
                prev_underscore = true;
            } else {
                match (c as char).to_digit(36).filter(|&d| d < base) {
                    Some(d) => {
                        mul_add(&mut limbs, base, d);
                        digits += 1;
                        prev_underscore = false;
                    }
                    None => break,
                }
            }
            i += 1;
        }
        if prev_underscore || digits == 0 {
            return None;
        }
        if base == 10 && digits > MAX_STR_DIGITS {
            return None;
        }
        while i < s.len() && is_space(s[i]) {
            i += 1;
        }
        if i != s.len() {
            return None;
        }
        trim(&mut limbs);
        Some(PyInt {
            negative: negative && !limbs.is_empty(),
            limbs,
        })
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.negative
    }

    /// `self >= 2**k`.
    pub(crate) fn ge_pow2(&self, k: u32) -> bool {
        if self.negative || self.limbs.is_empty() {
            return false;
        }
        let top = self.limbs.len() as u64 * 32
            - u64::from(self.limbs[self.limbs.len() - 1].leading_zeros());
        top > u64::from(k)
    }

    /// `self * 2**k`.
    pub(crate) fn shl(&self, k: u32) -> PyInt {
        let mut limbs = vec![0u32; (k / 32) as usize];
        let bits = k % 32;
        let mut carry = 0u32;
        for &l in &self.limbs {
            if bits == 0 {
                limbs.push(l);
            } else {
                limbs.push((l << bits) | carry);
                carry = l >> (32 - bits);
            }
        }
        if carry > 0 {
            limbs.push(carry);
        }
        trim(&mut limbs);
        PyInt {
            negative: self.negative && !limbs.is_empty(),
            limbs,
        }
    }

    /// `self + other`.
    pub(crate) fn add(&self, other: &PyInt) -> PyInt {
        let (negative, limbs) = if self.negative == other.negative {
            (self.negative, add_mag(&self.limbs, &other.limbs))
        } else if cmp_mag(&self.limbs, &other.limbs).is_ge() {
            (self.negative, sub_mag(&self.limbs, &other.limbs))
        } else {
            (other.negative, sub_mag(&other.limbs, &self.limbs))
        };
        PyInt {
            negative: negative && !limbs.is_empty(),
            limbs,
        }
    }

    /// The value, when it is in `0..2**32`.
    pub(crate) fn to_u32(&self) -> Option<u32> {
        match (self.negative, self.limbs.as_slice()) {
            (false, []) => Some(0),
            (false, [v]) => Some(*v),
            _ => None,
        }
    }

    /// `'%d' % self`, or `Err(TOO_MANY_DIGITS)` past 4,300 digits.
    pub(crate) fn to_decimal(&self) -> Result<String, &'static str> {
        let mut mag = self.limbs.clone();
        let mut chunks = Vec::new();
        while !mag.is_empty() {
            // divide by 10**9, keeping the remainder
            let mut rem = 0u64;
            for l in mag.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*l);
                *l = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            trim(&mut mag);
            chunks.push(rem as u32);
        }
        let mut out = String::new();
        if self.negative {
            out.push('-');
        }
        match chunks.split_last() {
            None => out.push('0'),
            Some((top, rest)) => {
                out.push_str(&top.to_string());
                for c in rest.iter().rev() {
                    out.push_str(&format!("{c:09}"));
                }
            }
        }
        if out.trim_start_matches('-').len() > MAX_STR_DIGITS {
            return Err(TOO_MANY_DIGITS);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::PyInt;

    fn d(s: &str, base: u32) -> Option<String> {
        PyInt::parse(s.as_bytes(), base).map(|v| v.to_decimal().unwrap_or_default())
    }

    #[test]
    fn reads_as_python_int_does() {
        assert_eq!(d(" -0x_1f ", 16).as_deref(), Some("-31"));
        assert_eq!(d("0o17", 8).as_deref(), Some("15"));
        assert_eq!(d("1__0", 10), None);
        assert_eq!(d("_1", 10), None);
        assert_eq!(d("0x", 16), None);
        assert_eq!(d("", 10), None);
        assert_eq!(d("1_0", 10).as_deref(), Some("10"));
        assert_eq!(
            d("123456789012345678901234567890", 10).as_deref(),
            Some("123456789012345678901234567890")
        );
        let big = PyInt::parse(b"-1", 10).map(|v| v.shl(70).add(&PyInt::from_u64(5)));
        assert_eq!(
            big.and_then(|v| v.to_decimal().ok()).as_deref(),
            Some("-1180591620717411303419")
        );
    }
}
