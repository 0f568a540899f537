//! The server's one clock: every "now" of the server (answers, stamps, scheduled work, e-mails,
//! the demo) is read here, from the system's time, moved when a test started the server with
//! `--today` or `--now`. Nothing else in `server/src` reads the system's time but the metrics'
//! process gauges (tests/fitness.rs holds it).

/// The system's time, moved by whole days when a test started the server with `--today` (so a
/// test can be in November, or in July, whatever the date is), or to the minute with `--now` (a
/// demo at a given hour).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    shift_ms: i64,
}

impl Clock {
    /// A clock on which today, in `tz`, is `today`, at the time of day it is now.
    pub fn starting_on(today: chrono::NaiveDate, tz: chrono_tz::Tz) -> Clock {
        let real = chrono::Utc::now().with_timezone(&tz).date_naive();
        Clock { shift_ms: (today - real).num_days() * 86_400_000 }
    }

    /// A clock on which it is `now` at the centre (`tz`) at start. A time that does not exist
    /// there (the hour skipped in spring) is the first one after it.
    pub fn starting_at(now: chrono::NaiveDateTime, tz: chrono_tz::Tz) -> Clock {
        use chrono::TimeZone;
        let at = (0..=2)
            .find_map(|hours| tz.from_local_datetime(&(now + chrono::Duration::hours(hours))).earliest())
            .map_or_else(chrono::Utc::now, |t| t.with_timezone(&chrono::Utc));
        // Rounded up to the millisecond: the clock is never before `now`.
        Clock { shift_ms: (at - chrono::Utc::now() + chrono::Duration::nanoseconds(999_999)).num_milliseconds() }
    }

    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::Utc::now() + chrono::Duration::milliseconds(self.shift_ms)
    }

    pub fn is_moved(&self) -> bool {
        self.shift_ms != 0
    }
}

/// The system's time, never moved: for what outlives a test's clock (a backup's name, the CLI's
/// stamps, the session store's expiry, which runs on it too).
pub fn system_now() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc::now()
}
