//! How long an offer holds its place: 48 hours by default (or the event's or camp program's
//! own `offer_hours`); when the start is less than two windows away, half the time left, never
//! less than 2 hours, and never past the start.

use chrono::{DateTime, Duration, Utc};

pub const DEFAULT_OFFER_HOURS: u32 = 48;
pub const MIN_OFFER_HOURS: u32 = 2;
/// The longest window an event or camp program may set (two weeks; the schema's CHECK agrees).
pub const MAX_OFFER_HOURS: u32 = 336;

/// When an offer made at `now` expires, for a place that starts at `start`; `None` once the
/// start has come (no offer is made then). `hours` is the configured window, if any.
pub fn offer_expiry(now: DateTime<Utc>, start: DateTime<Utc>, hours: Option<u32>) -> Option<DateTime<Utc>> {
    if start <= now {
        return None;
    }
    let window = Duration::hours(i64::from(hours.unwrap_or(DEFAULT_OFFER_HOURS).max(MIN_OFFER_HOURS)));
    let left = start - now;
    let window = if left < window * 2 { (left / 2).max(Duration::hours(i64::from(MIN_OFFER_HOURS))) } else { window };
    Some((now + window).min(start))
}
