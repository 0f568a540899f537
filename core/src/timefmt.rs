//! Reading the few ISO 8601 shapes the API uses, by hand: `YYYY-MM-DD`, `HH:MM[:SS[.fff]]`,
//! and date-times with an offset (`2026-06-10T13:00:00Z`, `...T09:00:00-04:00`). chrono's
//! general `strftime` parser does the same but weighs tens of kilobytes in the PWA's `.wasm`;
//! these functions back the `deserialize_with` helpers used on every date field, and
//! [`crate::validation::parse_date_time`]. Printing stays chrono's (it is small).

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use serde::{Deserialize, Deserializer};

/// Digits of `s` as a number, `None` unless `s` is all ASCII digits.
fn number(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok())?
}

/// `YYYY-MM-DD` (four-digit year).
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = number(&s[0..4])?;
    NaiveDate::from_ymd_opt(year as i32, number(&s[5..7])?, number(&s[8..10])?)
}

/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fraction` (up to nanoseconds).
pub fn parse_time(s: &str) -> Option<NaiveTime> {
    let (main, frac) = match s.split_once('.') {
        Some((m, f)) => (m, Some(f)),
        None => (s, None),
    };
    let mut parts = main.split(':');
    let h = parts.next().filter(|p| p.len() == 2).and_then(number)?;
    let m = parts.next().filter(|p| p.len() == 2).and_then(number)?;
    let sec = match parts.next() {
        Some(p) if p.len() == 2 => number(p)?,
        Some(_) => return None,
        None if frac.is_some() => return None,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let nanos = match frac {
        None => 0,
        Some(f) if !f.is_empty() && f.len() <= 9 => number(f)? * 10u32.pow(9 - f.len() as u32),
        Some(_) => return None,
    };
    NaiveTime::from_hms_nano_opt(h, m, sec, nanos)
}

/// A date and a time separated by `T`, `t` or a space, without offset.
pub fn parse_naive_date_time(s: &str) -> Option<NaiveDateTime> {
    if s.len() < 16 || !s.is_char_boundary(10) || !s.is_char_boundary(11) {
        return None;
    }
    if !matches!(s.as_bytes()[10], b'T' | b't' | b' ') {
        return None;
    }
    Some(parse_date(&s[..10])?.and_time(parse_time(&s[11..])?))
}

/// A date-time with an offset: `Z`/`z`, `±HH:MM`, `±HHMM` or `±HH`.
pub fn parse_utc(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    let (local, offset_minutes) = if let Some(rest) = s.strip_suffix(['Z', 'z']) {
        (rest, 0)
    } else {
        // The offset's sign is the first '+' or '-' of the time part.
        let sign_at = 11 + s.get(11..)?.find(['+', '-'])?;
        let (local, off) = s.split_at(sign_at);
        let sign: i64 = if off.starts_with('-') { -1 } else { 1 };
        let digits: String = off[1..].chars().filter(|c| *c != ':').collect();
        let (h, m) = match digits.len() {
            2 => (number(&digits)?, 0),
            4 => (number(&digits[..2])?, number(&digits[2..])?),
            _ => return None,
        };
        if h > 23 || m > 59 {
            return None;
        }
        (local, sign * i64::from(h * 60 + m))
    };
    let naive = parse_naive_date_time(local)?;
    Some(DateTime::from_naive_utc_and_offset(naive - Duration::minutes(offset_minutes), Utc))
}

fn invalid<E: serde::de::Error>(what: &str) -> E {
    E::custom(format_args!("invalid {what}"))
}

/// `deserialize_with` for `DateTime<Utc>`.
pub fn de_utc<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
    let s = String::deserialize(d)?;
    parse_utc(&s).ok_or_else(|| invalid("date-time"))
}

/// `deserialize_with` for `Option<DateTime<Utc>>` (`null` or absent is `None`).
pub fn de_utc_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(s) => parse_utc(&s).map(Some).ok_or_else(|| invalid("date-time")),
    }
}

/// `deserialize_with` for `Vec<DateTime<Utc>>`.
pub fn de_utc_vec<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<DateTime<Utc>>, D::Error> {
    Vec::<String>::deserialize(d)?.iter().map(|s| parse_utc(s).ok_or_else(|| invalid("date-time"))).collect()
}

/// `deserialize_with` for `NaiveDate`.
pub fn de_date<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDate, D::Error> {
    let s = String::deserialize(d)?;
    parse_date(s.trim()).ok_or_else(|| invalid("date"))
}

/// `deserialize_with` for `NaiveTime`.
pub fn de_time<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveTime, D::Error> {
    let s = String::deserialize(d)?;
    parse_time(s.trim()).ok_or_else(|| invalid("time"))
}

/// `HH:MM` of a time of day.
pub fn hh_mm(t: NaiveTime) -> String {
    use chrono::Timelike;
    format!("{:02}:{:02}", t.hour(), t.minute())
}

/// An instant as the API sends it and the database stores it: `2026-06-10T13:00:00Z` (UTC,
/// whole seconds), so that comparing two as text compares the instants. [`parse_utc`] reads it.
pub fn utc_text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chrono_utc(s: &str) -> Option<DateTime<Utc>> {
        s.parse::<DateTime<chrono::FixedOffset>>().ok().map(|d| d.with_timezone(&Utc))
    }

    #[test]
    fn date_times_agree_with_chrono() {
        for s in [
            "2026-06-10T13:00:00Z",
            "2026-06-10T13:00:00.000Z",
            "2026-06-10T13:00:00.5z",
            "2026-06-10t09:00:00-04:00",
            "2026-06-10 09:00:00+05:30",
            "2026-06-10T09:00:00.123456789-04:00",
            "2026-02-29T09:00:00Z",
            "2026-06-10T24:00:00Z",
            "2026-06-10T13:00Z",
            "2026-06-10",
            "13:00:00Z",
            "2026-06-10T13:00:00",
            "2026-06-10T13:00:00+25:00",
            "",
        ] {
            let ours = parse_utc(s);
            if s == "2026-06-10T13:00Z" {
                // Seconds are optional here, as in `datetime-local` inputs.
                assert_eq!(ours, chrono_utc("2026-06-10T13:00:00Z"));
            } else {
                assert_eq!(ours, chrono_utc(s), "{s}");
            }
        }
        assert_eq!(parse_utc("2026-06-10T09:00:00-0400"), chrono_utc("2026-06-10T13:00:00Z"));
        assert_eq!(parse_utc("2026-06-10T09:00:00-04"), chrono_utc("2026-06-10T13:00:00Z"));
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(parse_date("2026-03-08"), NaiveDate::from_ymd_opt(2026, 3, 8));
        for bad in ["2026-3-8", "2026-02-30", "26-03-08", "2026/03/08", "2026-03-08x", "２０２６-03-08"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert_eq!(parse_time("09:00"), NaiveTime::from_hms_opt(9, 0, 0));
        assert_eq!(parse_time("16:30:15"), NaiveTime::from_hms_opt(16, 30, 15));
        assert_eq!(parse_time("16:30:15.25"), NaiveTime::from_hms_milli_opt(16, 30, 15, 250));
        for bad in ["9:00", "24:00", "09:60", "09:00:", "09:00.5", "09:00:00:00", "ab:cd"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
        assert_eq!(hh_mm(NaiveTime::from_hms_opt(7, 5, 59).expect("time")), "07:05");
    }
}
