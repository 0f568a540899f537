//! The centre's time zone, America/Toronto, as a tiny `chrono::TimeZone`: Eastern Standard Time
//! (UTC-5) with daylight time (UTC-4) from the second Sunday of March at 02:00 to the first Sunday
//! of November at 02:00 local, the North American rule in force since 2007. `chrono-tz` carries
//! the whole IANA database (several hundred KB of WASM); the PWA only needs this one zone. The
//! native tests check it hour by hour against `chrono_tz::America::Toronto`.

use std::fmt;

use chrono::{
    Datelike, Duration, FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone, Weekday,
};

const STANDARD: i32 = -5 * 3600;
const DAYLIGHT: i32 = -4 * 3600;

/// America/Toronto (valid from 2007 on; earlier years follow the same rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eastern;

/// EST or EDT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EasternOffset {
    daylight: bool,
}

impl EasternOffset {
    fn seconds(self) -> i32 {
        if self.daylight { DAYLIGHT } else { STANDARD }
    }
}

impl Offset for EasternOffset {
    fn fix(&self) -> FixedOffset {
        // Both offsets are within ±24 h, so `east_opt` always succeeds.
        FixedOffset::east_opt(self.seconds()).unwrap_or_else(|| chrono::Utc.fix())
    }
}

impl fmt::Display for EasternOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.daylight { "EDT" } else { "EST" })
    }
}

/// The `n`-th (1-based) Sunday of `month` in `year`.
fn nth_sunday(year: i32, month: u32, n: u8) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Sun, n)
}

/// Local wall-clock instants where daylight time starts and ends in `year`.
fn transitions(year: i32) -> Option<(NaiveDateTime, NaiveDateTime)> {
    let two = NaiveTime::from_hms_opt(2, 0, 0)?;
    Some((nth_sunday(year, 3, 2)?.and_time(two), nth_sunday(year, 11, 1)?.and_time(two)))
}

const STD: EasternOffset = EasternOffset { daylight: false };
const DST: EasternOffset = EasternOffset { daylight: true };

impl TimeZone for Eastern {
    type Offset = EasternOffset;

    fn from_offset(_offset: &EasternOffset) -> Self {
        Eastern
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<EasternOffset> {
        self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN))
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<EasternOffset> {
        let Some((start, end)) = transitions(local.year()) else {
            return MappedLocalTime::Single(STD);
        };
        let hour = Duration::hours(1);
        if *local < start {
            MappedLocalTime::Single(STD)
        } else if *local < start + hour {
            // 02:00 to 02:59 on the spring-forward day do not exist.
            MappedLocalTime::None
        } else if *local < end - hour {
            MappedLocalTime::Single(DST)
        } else if *local < end {
            // 01:00 to 01:59 on the fall-back day happen twice: daylight first.
            MappedLocalTime::Ambiguous(DST, STD)
        } else {
            MappedLocalTime::Single(STD)
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> EasternOffset {
        self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> EasternOffset {
        let Some((start, end)) = transitions(utc.year()) else {
            return STD;
        };
        // In UTC: starts at 02:00 EST = 07:00Z, ends at 02:00 EDT = 06:00Z.
        let start_utc = start - Duration::seconds(i64::from(STANDARD));
        let end_utc = end - Duration::seconds(i64::from(DAYLIGHT));
        if *utc >= start_utc && *utc < end_utc { DST } else { STD }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Timelike, Utc};
    use chrono_tz::America::Toronto;

    #[test]
    fn matches_chrono_tz_every_hour_2020_to_2040() {
        let mut t = Utc.with_ymd_and_hms(2020, 1, 1, 0, 0, 0).single().expect("start");
        let end = Utc.with_ymd_and_hms(2041, 1, 1, 0, 0, 0).single().expect("end");
        while t < end {
            let ours = t.with_timezone(&Eastern);
            let theirs = t.with_timezone(&Toronto);
            assert_eq!(ours.naive_local(), theirs.naive_local(), "{t}");
            assert_eq!(ours.offset().fix(), theirs.offset().fix(), "{t}");
            // Local → UTC agrees too, including gaps and repeated hours (checked at :00 and :30).
            for minute in [0, 30] {
                let local = theirs.naive_local().date().and_hms_opt(theirs.naive_local().hour(), minute, 0);
                if let Some(local) = local {
                    let a = Eastern.from_local_datetime(&local).map(|d| d.with_timezone(&Utc));
                    let b = Toronto.from_local_datetime(&local).map(|d| d.with_timezone(&Utc));
                    assert_eq!(a, b, "{local}");
                }
            }
            t += Duration::hours(1);
        }
    }

    #[test]
    fn dst_days_2026() {
        let local = |d: u32, m: u32, h: u32| {
            NaiveDate::from_ymd_opt(2026, m, d).and_then(|x| x.and_hms_opt(h, 0, 0)).expect("date")
        };
        assert_eq!(Eastern.from_local_datetime(&local(8, 3, 2)), MappedLocalTime::None);
        assert!(matches!(Eastern.from_local_datetime(&local(1, 11, 1)), MappedLocalTime::Ambiguous(_, _)));
        assert_eq!(DST.to_string(), "EDT");
    }
}
