//! The IPv4 parser and its number parser (URL Standard, host parsing), and
//! the IPv4 serializer (host serializing, step 1).

use super::errors::ValidationError;

/// URL Standard, ends in a number checker.
pub fn ends_in_a_number(input: &str) -> bool {
    // Steps 2-3: the last part, ignoring one trailing empty part.
    let trimmed = input.strip_suffix('.').unwrap_or(input);
    let last = match trimmed.bytes().rposition(|b| b == b'.') {
        Some(dot) => &trimmed[dot + 1..],
        None => trimmed,
    };
    // Every number the steps below accept starts with a digit (a `0x` one
    // too): most domains end in a word, decided here.
    if !last.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    // Step 4.
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // Step 5: "0x" or "0X" and hex digits only.
    parse_number(last).is_ok()
}

/// URL Standard, IPv4 number parser: the value and whether it was written
/// in another base than ten. `Err(())` is failure.
pub(super) fn parse_number(input: &str) -> Result<(u64, bool), ()> {
    // Step 1.
    if input.is_empty() {
        return Err(());
    }
    let bytes = input.as_bytes();
    // Steps 2-4.
    let (digits, radix, non_decimal) =
        if bytes.len() >= 2 && (&bytes[..2] == b"0x" || &bytes[..2] == b"0X") {
            (&input[2..], 16, true)
        } else if bytes.len() >= 2 && bytes[0] == b'0' {
            (&input[1..], 8, true)
        } else {
            (input, 10, false)
        };
    // Step 5.
    if digits.is_empty() {
        return Ok((0, true));
    }
    // Step 6.
    if !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return Err(());
    }
    // Step 7: saturate: anything this big is out of range all the same.
    let mut value: u64 = 0;
    for b in digits.bytes() {
        let d = u64::from((b as char).to_digit(radix).unwrap_or(0));
        value = value.saturating_mul(u64::from(radix)).saturating_add(d);
    }
    Ok((value, non_decimal))
}

/// URL Standard, IPv4 parser. Reports the non-fatal errors in `errors`; the
/// fatal one is the `Err`.
pub fn parse(input: &str, errors: &mut Vec<ValidationError>) -> Result<u32, ValidationError> {
    // Step 1.
    let mut parts: Vec<&str> = input.split('.').collect();
    // Step 2.
    if parts.last() == Some(&"") {
        errors.push(ValidationError::Ipv4EmptyPart);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    // Step 3.
    if parts.len() < 4 {
        errors.push(ValidationError::Ipv4TooFewParts);
    }
    // Step 4.
    if parts.len() > 4 {
        return Err(ValidationError::Ipv4TooManyParts);
    }
    // Step 6.
    let mut numbers = [0u64; 4];
    for (i, part) in parts.iter().enumerate() {
        let (n, non_decimal) =
            parse_number(part).map_err(|()| ValidationError::Ipv4NonNumericPart)?;
        if non_decimal {
            errors.push(ValidationError::Ipv4NonDecimalPart);
        }
        numbers[i] = n;
    }
    let numbers = &numbers[..parts.len()];
    let (last, init) = numbers
        .split_last()
        .ok_or(ValidationError::Ipv4NonNumericPart)?;
    // Steps 8-9 return failure with no error of their own; a number too big
    // there is over 255, so the failure's error, which the caller reports,
    // is step 7's, pushed here only when the parser goes on.
    if init.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return Err(ValidationError::Ipv4OutOfRangePart);
    }
    // Step 7.
    if numbers.iter().any(|&n| n > 255) {
        errors.push(ValidationError::Ipv4OutOfRangePart);
    }
    // Steps 10-13.
    let mut ipv4 = *last;
    for (counter, n) in init.iter().enumerate() {
        ipv4 += n * 256u64.pow(3 - counter as u32);
    }
    u32::try_from(ipv4).map_err(|_| ValidationError::Ipv4OutOfRangePart)
}

/// URL Standard, host serializer, step 1: four decimal numbers.
pub fn serialize(out: &mut String, address: u32) {
    let octets = address.to_be_bytes();
    for (i, o) in octets.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_decimal(out, u32::from(*o));
    }
}

/// A number in decimal, without the formatting machinery.
pub fn push_decimal(out: &mut String, mut n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ipv4(s: &str) -> (Result<String, ValidationError>, Vec<ValidationError>) {
        let mut errors = Vec::new();
        let r = parse(s, &mut errors).map(|a| {
            let mut out = String::new();
            serialize(&mut out, a);
            out
        });
        (r, errors)
    }

    #[test]
    fn the_standard_s_examples() {
        use ValidationError::*;
        assert_eq!(
            ipv4("127.0.0.1."),
            (Ok("127.0.0.1".into()), vec![Ipv4EmptyPart])
        );
        assert_eq!(ipv4("1.2.3"), (Ok("1.2.0.3".into()), vec![Ipv4TooFewParts]));
        assert_eq!(ipv4("1.2.3.4.5").0, Err(Ipv4TooManyParts));
        assert_eq!(
            ipv4("127.0.0x0.1"),
            (Ok("127.0.0.1".into()), vec![Ipv4NonDecimalPart])
        );
        assert_eq!(ipv4("255.255.4000.1").0, Err(Ipv4OutOfRangePart));
        assert_eq!(ipv4("0x100000000").0, Err(Ipv4OutOfRangePart));
        assert_eq!(ipv4("4294967295").0, Ok("255.255.255.255".into()));
        assert_eq!(ipv4("09.1.1.1").0, Err(Ipv4NonNumericPart));
        assert!(ends_in_a_number("test.42"));
        assert!(ends_in_a_number("a.0x"));
        assert!(ends_in_a_number("a.1."));
        assert!(!ends_in_a_number("a.0xg"));
        assert!(!ends_in_a_number("1.a"));
    }
}
