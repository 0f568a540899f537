//! Court slots: which start times a court offers on a day, which are still free, how a month
//! looks, and whether a requested booking is exactly one free slot.
//!
//! Slots are laid in real (UTC) time from the local opening time, one slot length apart, while
//! the slot still ends by the local closing time. On a daylight-saving day this skips the local
//! times that do not exist (8 March 2026 has no 02:00 in America/Toronto) and lists both
//! occurrences of a repeated local time (1 November 2026 has two 01:00, told apart by their UTC
//! start), so consecutive slots never overlap and always last the slot length.
//!
//! Bookings are given as UTC start times for one court; each is taken to last one slot length.
//!
//! The time zone is any `chrono::TimeZone`: the server passes `chrono_tz::Tz`, the PWA's WASM a
//! small built-in zone with the same rules (see `centre-core-wasm`), so the `.wasm` does not carry
//! the whole time-zone database.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

/// Opening and closing local times of one weekday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayHours {
    #[serde(deserialize_with = "crate::timefmt::de_time")]
    pub open: NaiveTime,
    #[serde(deserialize_with = "crate::timefmt::de_time")]
    pub close: NaiveTime,
}

/// Default slot length: a booking lasts one hour.
pub const DEFAULT_SLOT_MINUTES: u32 = 60;

fn default_slot_minutes() -> u32 {
    DEFAULT_SLOT_MINUTES
}

/// A court's booking settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CourtHours {
    /// Monday first; `None` is a closed day.
    pub opening_hours: [Option<DayHours>; 7],
    /// First and last local days of the season, inclusive.
    #[serde(deserialize_with = "crate::timefmt::de_date")]
    pub season_start: NaiveDate,
    #[serde(deserialize_with = "crate::timefmt::de_date")]
    pub season_end: NaiveDate,
    #[serde(default = "default_slot_minutes")]
    pub slot_minutes: u32,
}

impl CourtHours {
    /// The centre's usual hours (Monday to Friday, 9h to 16h), one-hour slots, over the given
    /// season.
    pub fn weekdays_9_to_16(season_start: NaiveDate, season_end: NaiveDate) -> CourtHours {
        let day = DayHours {
            open: NaiveTime::from_hms_opt(9, 0, 0).unwrap_or(NaiveTime::MIN),
            close: NaiveTime::from_hms_opt(16, 0, 0).unwrap_or(NaiveTime::MIN),
        };
        CourtHours {
            opening_hours: [Some(day), Some(day), Some(day), Some(day), Some(day), None, None],
            season_start,
            season_end,
            slot_minutes: DEFAULT_SLOT_MINUTES,
        }
    }

    /// Slot length between 5 minutes and 24 hours, every open day opening before it closes, and
    /// a season that does not end before it starts.
    pub fn check(&self) -> Result<(), SlotError> {
        let hours_ok = self.opening_hours.iter().flatten().all(|d| d.open < d.close);
        if (5..=24 * 60).contains(&self.slot_minutes) && hours_ok && self.season_start <= self.season_end {
            Ok(())
        } else {
            Err(SlotError::InvalidSettings)
        }
    }

    fn slot_length(&self) -> Duration {
        Duration::minutes(i64::from(self.slot_minutes))
    }

    /// The hours of `date`: none out of the season or on a closed weekday.
    pub fn hours_on(&self, date: NaiveDate) -> Option<DayHours> {
        if date < self.season_start || date > self.season_end {
            return None;
        }
        self.opening_hours[date.weekday().num_days_from_monday() as usize]
    }
}

/// Why a slot request or listing was refused. Each maps to a catalogue code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotError {
    DateInPast,
    OutsideOpeningHours,
    WrongSlotLength,
    NotASlot,
    SlotTaken,
    InvalidSettings,
}

impl SlotError {
    pub fn code(self) -> &'static str {
        match self {
            SlotError::DateInPast => "date_in_past",
            SlotError::OutsideOpeningHours => "outside_opening_hours",
            SlotError::WrongSlotLength => "wrong_slot_length",
            SlotError::NotASlot => "not_a_slot",
            SlotError::SlotTaken => "slot_taken",
            SlotError::InvalidSettings => "slot_settings_invalid",
        }
    }
}

/// One bookable slot of a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    /// Local start time, `HH:MM`. Twice the same on the day clocks fall back.
    pub time: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// False when booked or already started.
    pub available: bool,
}

/// How a calendar day looks in the month view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DayStatus {
    /// Every slot still to come is free.
    Available,
    /// Some slots still to come are booked, some are free.
    Partial,
    /// Every slot still to come is booked.
    Full,
    /// No slot can be booked: a closed weekday, outside the season, a past day, or today once
    /// every slot has started. Past days are `Closed`, not `Full`: nothing can be booked there,
    /// and calling them full would claim bookings that may not exist.
    Closed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DayAvailability {
    pub date: NaiveDate,
    pub status: DayStatus,
    /// Free slots still to come.
    pub available_slots: u32,
    /// Slots still to come (free or booked); 0 on a past or closed day.
    pub total_slots: u32,
}

/// The instant of a local wall-clock time. A time skipped by a spring-forward resolves to the
/// first instant after the gap; a repeated time resolves to its earlier (`latest == false`) or
/// later occurrence.
pub(crate) fn local_instant<Z: TimeZone>(tz: &Z, local: NaiveDateTime, latest: bool) -> DateTime<Utc> {
    let mut probe = local;
    // A gap is at most a few hours; walk forward minute by minute to its end.
    for _ in 0..=24 * 60 {
        match tz.from_local_datetime(&probe) {
            LocalResult::Single(t) => return t.with_timezone(&Utc),
            LocalResult::Ambiguous(a, b) => return if latest { b } else { a }.with_timezone(&Utc),
            LocalResult::None => probe += Duration::minutes(1),
        }
    }
    // Unreachable for real zones; fall back to reading the time as UTC.
    Utc.from_utc_datetime(&local)
}

/// `HH:MM` of an instant in the local time zone.
fn local_label<Z: TimeZone>(t: DateTime<Utc>, tz: &Z) -> String {
    crate::timefmt::hh_mm(t.with_timezone(tz).naive_local().time())
}

/// UTC start times of every slot the court offers on local `date`, in order.
pub fn slot_starts<Z: TimeZone>(hours: &CourtHours, date: NaiveDate, tz: Z) -> Vec<DateTime<Utc>> {
    let tz = &tz;
    let Some(day) = hours.hours_on(date) else {
        return Vec::new();
    };
    let len = hours.slot_length();
    let open = local_instant(tz, date.and_time(day.open), false);
    let close = local_instant(tz, date.and_time(day.close), true);
    let mut starts = Vec::new();
    let mut t = open;
    while t + len <= close {
        starts.push(t);
        t += len;
    }
    starts
}

/// True when a booking starting at some time in `booked_sorted` overlaps `[start, start+len)`.
fn overlaps(booked_sorted: &[DateTime<Utc>], start: DateTime<Utc>, len: Duration) -> bool {
    let first = booked_sorted.partition_point(|b| *b + len <= start);
    booked_sorted.get(first).is_some_and(|b| *b < start + len)
}

fn sorted(booked: &[DateTime<Utc>]) -> Vec<DateTime<Utc>> {
    let mut v = booked.to_vec();
    crate::small::sort(&mut v);
    v
}

fn today<Z: TimeZone>(now: DateTime<Utc>, tz: &Z) -> NaiveDate {
    now.with_timezone(tz).date_naive()
}

fn slots_of_day<Z: TimeZone>(
    hours: &CourtHours,
    date: NaiveDate,
    now: DateTime<Utc>,
    tz: &Z,
    booked_sorted: &[DateTime<Utc>],
) -> Vec<Slot> {
    let len = hours.slot_length();
    slot_starts(hours, date, tz.clone())
        .into_iter()
        .map(|start| Slot {
            time: local_label(start, tz),
            start,
            end: start + len,
            available: start >= now && !overlaps(booked_sorted, start, len),
        })
        .collect()
}

/// The slots of local `date` with their availability: booked and already-started slots are
/// unavailable. A closed day or a day outside the season gives an empty list; a date before
/// today (in `tz`) is refused.
pub fn list_slots<Z: TimeZone>(
    hours: &CourtHours,
    date: NaiveDate,
    now: DateTime<Utc>,
    tz: Z,
    booked: &[DateTime<Utc>],
) -> Result<Vec<Slot>, SlotError> {
    let tz = &tz;
    hours.check()?;
    if date < today(now, tz) {
        return Err(SlotError::DateInPast);
    }
    Ok(slots_of_day(hours, date, now, tz, &sorted(booked)))
}

/// Every day of `year`-`month` with its status (see [`DayStatus`]; past days are `Closed`).
/// An impossible month gives an empty list.
pub fn month_view<Z: TimeZone>(
    hours: &CourtHours,
    year: i32,
    month: u32,
    now: DateTime<Utc>,
    tz: Z,
    booked: &[DateTime<Utc>],
) -> Result<Vec<DayAvailability>, SlotError> {
    let tz = &tz;
    hours.check()?;
    let booked = sorted(booked);
    let today = today(now, tz);
    let Some(first) = NaiveDate::from_ymd_opt(year, month, 1) else {
        return Ok(Vec::new());
    };
    let days = first.iter_days().take_while(|d| d.month() == month);
    Ok(days
        .map(|date| {
            let upcoming: Vec<Slot> = if date < today {
                Vec::new()
            } else {
                slots_of_day(hours, date, now, tz, &booked).into_iter().filter(|s| s.start >= now).collect()
            };
            let total = upcoming.len() as u32;
            let free = upcoming.iter().filter(|s| s.available).count() as u32;
            DayAvailability { date, status: day_status(total, free), available_slots: free, total_slots: total }
        })
        .collect())
}

fn day_status(total: u32, free: u32) -> DayStatus {
    match (total, free) {
        (0, _) => DayStatus::Closed,
        (t, f) if t == f => DayStatus::Available,
        (_, 0) => DayStatus::Full,
        _ => DayStatus::Partial,
    }
}

/// The month views of several courts as one (the calendar before a court is chosen): each day
/// counts every court's slots, and its status follows the same rule as one court's. Views of
/// different lengths combine over the days of the first.
pub fn combine_month_views(views: &[Vec<DayAvailability>]) -> Vec<DayAvailability> {
    let Some(first) = views.first() else {
        return Vec::new();
    };
    first
        .iter()
        .enumerate()
        .map(|(i, day)| {
            let (total, free) = views
                .iter()
                .filter_map(|v| v.get(i).filter(|d| d.date == day.date))
                .fold((0, 0), |(t, f), d| (t + d.total_slots, f + d.available_slots));
            DayAvailability {
                date: day.date,
                status: day_status(total, free),
                available_slots: free,
                total_slots: total,
            }
        })
        .collect()
}

/// The server's check of a requested booking `[start, end)`: exactly one slot length, starting on
/// a slot of the court's day, inside the season and opening hours, not started yet, and not
/// overlapping a live booking in `booked`. Returns the matching slot.
pub fn check_booking<Z: TimeZone>(
    hours: &CourtHours,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
    tz: Z,
    booked: &[DateTime<Utc>],
) -> Result<Slot, SlotError> {
    let tz = &tz;
    hours.check()?;
    let date = start.with_timezone(tz).date_naive();
    if date < today(now, tz) {
        return Err(SlotError::DateInPast);
    }
    let len = hours.slot_length();
    if end - start != len {
        return Err(SlotError::WrongSlotLength);
    }
    let starts = slot_starts(hours, date, tz.clone());
    let (Some(first), Some(last)) = (starts.first(), starts.last()) else {
        return Err(SlotError::OutsideOpeningHours);
    };
    if start < *first || end > *last + len {
        return Err(SlotError::OutsideOpeningHours);
    }
    if !starts.contains(&start) {
        return Err(SlotError::NotASlot);
    }
    if start < now {
        return Err(SlotError::DateInPast);
    }
    if overlaps(&sorted(booked), start, len) {
        return Err(SlotError::SlotTaken);
    }
    Ok(Slot { time: local_label(start, tz), start, end, available: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Toronto;

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("time")
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("date")
    }

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).expect("rfc3339").with_timezone(&Utc)
    }

    /// Every day open `open`..`close`, season 2026.
    fn every_day(open: NaiveTime, close: NaiveTime, slot_minutes: u32) -> CourtHours {
        CourtHours {
            opening_hours: [Some(DayHours { open, close }); 7],
            season_start: d(2026, 1, 1),
            season_end: d(2026, 12, 31),
            slot_minutes,
        }
    }

    fn summary(slots: &[Slot]) -> Vec<(String, String, bool)> {
        slots.iter().map(|s| (s.time.clone(), s.start.format("%H:%MZ").to_string(), s.available)).collect()
    }

    fn row(time: &str, start: &str, available: bool) -> (String, String, bool) {
        (time.to_owned(), start.to_owned(), available)
    }

    #[test]
    fn spring_forward_has_no_2am() {
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT.
        let hours = every_day(t(0, 0), t(5, 0), 60);
        let now = utc("2026-03-01T12:00:00Z");
        let slots = list_slots(&hours, d(2026, 3, 8), now, Toronto, &[]).expect("slots");
        assert_eq!(
            summary(&slots),
            vec![
                row("00:00", "05:00Z", true),
                row("01:00", "06:00Z", true),
                row("03:00", "07:00Z", true),
                row("04:00", "08:00Z", true)
            ]
        );
        // Half-hour slots around the gap.
        let hours = every_day(t(1, 0), t(4, 0), 30);
        let slots = list_slots(&hours, d(2026, 3, 8), now, Toronto, &[]).expect("slots");
        let times: Vec<&str> = slots.iter().map(|s| s.time.as_str()).collect();
        assert_eq!(times, ["01:00", "01:30", "03:00", "03:30"]);
        // Opening inside the gap starts at the end of the gap.
        let hours = every_day(t(2, 30), t(5, 0), 60);
        let slots = list_slots(&hours, d(2026, 3, 8), now, Toronto, &[]).expect("slots");
        assert_eq!(summary(&slots), vec![row("03:00", "07:00Z", true), row("04:00", "08:00Z", true)]);
    }

    #[test]
    fn fall_back_has_two_1am() {
        // 2026-11-01: 02:00 EDT falls back to 01:00 EST.
        let hours = every_day(t(0, 0), t(4, 0), 60);
        let now = utc("2026-10-30T12:00:00Z");
        let booked = [utc("2026-11-01T06:00:00Z")]; // the second 01:00 (EST)
        let slots = list_slots(&hours, d(2026, 11, 1), now, Toronto, &booked).expect("slots");
        assert_eq!(
            summary(&slots),
            vec![
                row("00:00", "04:00Z", true),
                row("01:00", "05:00Z", true),
                row("01:00", "06:00Z", false),
                row("02:00", "07:00Z", true),
                row("03:00", "08:00Z", true),
            ]
        );
        // The first 01:00 is bookable, the second is taken.
        let first = utc("2026-11-01T05:00:00Z");
        assert!(check_booking(&hours, first, first + Duration::hours(1), now, Toronto, &booked).is_ok());
        let second = utc("2026-11-01T06:00:00Z");
        assert_eq!(
            check_booking(&hours, second, second + Duration::hours(1), now, Toronto, &booked),
            Err(SlotError::SlotTaken)
        );
    }

    #[test]
    fn ordinary_day_with_weekday_hours() {
        let hours = CourtHours::weekdays_9_to_16(d(2026, 5, 1), d(2026, 9, 30));
        // Wednesday 10 June 2026, 11:30 in Toronto (EDT, UTC-4).
        let now = utc("2026-06-10T15:30:00Z");
        let booked = [utc("2026-06-10T17:00:00Z"), utc("2026-06-11T13:00:00Z")];
        let slots = list_slots(&hours, d(2026, 6, 10), now, Toronto, &booked).expect("slots");
        let got: Vec<(&str, bool)> = slots.iter().map(|s| (s.time.as_str(), s.available)).collect();
        assert_eq!(
            got,
            [
                ("09:00", false),
                ("10:00", false),
                ("11:00", false),
                ("12:00", true),
                ("13:00", false),
                ("14:00", true),
                ("15:00", true)
            ]
        );
        // Tomorrow: only the 09:00 booking.
        let slots = list_slots(&hours, d(2026, 6, 11), now, Toronto, &booked).expect("slots");
        assert_eq!(slots.iter().filter(|s| !s.available).map(|s| s.time.as_str()).collect::<Vec<_>>(), ["09:00"]);
        // Saturday, and a day outside the season: closed, empty.
        assert!(list_slots(&hours, d(2026, 6, 13), now, Toronto, &[]).expect("ok").is_empty());
        assert!(list_slots(&hours, d(2026, 10, 1), now, Toronto, &[]).expect("ok").is_empty());
        // Yesterday is refused.
        assert_eq!(list_slots(&hours, d(2026, 6, 9), now, Toronto, &[]), Err(SlotError::DateInPast));
    }

    #[test]
    fn a_booking_off_the_grid_blocks_every_slot_it_overlaps() {
        let hours = every_day(t(9, 0), t(12, 0), 60);
        let now = utc("2026-06-01T00:00:00Z");
        // 10:30 local (EDT) = 14:30Z overlaps 10:00 and 11:00.
        let slots = list_slots(&hours, d(2026, 6, 2), now, Toronto, &[utc("2026-06-02T14:30:00Z")]).expect("slots");
        assert_eq!(slots.iter().map(|s| s.available).collect::<Vec<_>>(), [true, false, false]);
    }

    #[test]
    fn check_booking_rules() {
        let hours = CourtHours::weekdays_9_to_16(d(2026, 5, 1), d(2026, 9, 30));
        let now = utc("2026-06-10T15:30:00Z"); // 11:30 local
        let h = Duration::hours(1);
        let at = |s: &str| utc(s);
        let booked = [at("2026-06-11T14:00:00Z")];
        let check = |start: DateTime<Utc>, end: DateTime<Utc>| check_booking(&hours, start, end, now, Toronto, &booked);
        let ok = check(at("2026-06-11T13:00:00Z"), at("2026-06-11T14:00:00Z")).expect("free slot");
        assert_eq!(ok.time, "09:00");
        assert_eq!(check(at("2026-06-09T13:00:00Z"), at("2026-06-09T14:00:00Z")), Err(SlotError::DateInPast));
        assert_eq!(check(at("2026-06-10T14:00:00Z"), at("2026-06-10T15:00:00Z")), Err(SlotError::DateInPast));
        assert_eq!(check(at("2026-06-11T13:00:00Z"), at("2026-06-11T15:00:00Z")), Err(SlotError::WrongSlotLength));
        assert_eq!(check(at("2026-06-11T13:30:00Z"), at("2026-06-11T13:30:00Z") + h), Err(SlotError::NotASlot));
        assert_eq!(check(at("2026-06-11T12:00:00Z"), at("2026-06-11T13:00:00Z")), Err(SlotError::OutsideOpeningHours));
        assert_eq!(check(at("2026-06-11T20:00:00Z"), at("2026-06-11T21:00:00Z")), Err(SlotError::OutsideOpeningHours));
        assert_eq!(check(at("2026-06-13T13:00:00Z"), at("2026-06-13T14:00:00Z")), Err(SlotError::OutsideOpeningHours));
        assert_eq!(check(at("2026-10-01T13:00:00Z"), at("2026-10-01T14:00:00Z")), Err(SlotError::OutsideOpeningHours));
        assert_eq!(check(at("2026-06-11T14:00:00Z"), at("2026-06-11T15:00:00Z")), Err(SlotError::SlotTaken));
        let codes: Vec<&str> =
            [SlotError::DateInPast, SlotError::SlotTaken, SlotError::NotASlot].iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["date_in_past", "slot_taken", "not_a_slot"]);
    }

    #[test]
    fn month_view_classifies_days() {
        let hours = CourtHours::weekdays_9_to_16(d(2026, 6, 1), d(2026, 6, 25));
        let now = utc("2026-06-10T15:30:00Z"); // Wednesday 10 June, 11:30 local
        let mut booked: Vec<DateTime<Utc>> = (13..20).map(|h| utc(&format!("2026-06-12T{h:02}:00:00Z"))).collect(); // Friday full
        booked.push(utc("2026-06-15T13:00:00Z")); // Monday 15: one booking
        booked.push(utc("2026-06-10T14:00:00Z")); // today 10:00, already past
        let month = month_view(&hours, 2026, 6, now, Toronto, &booked).expect("month");
        assert_eq!(month.len(), 30);
        let status = |day: u32| month[day as usize - 1].status;
        assert_eq!(status(9), DayStatus::Closed, "past day");
        assert_eq!(status(10), DayStatus::Available, "today: the past booking does not count");
        assert_eq!(month[9].total_slots, 4, "today: 12:00 to 15:00 remain");
        assert_eq!(status(11), DayStatus::Available);
        assert_eq!(status(12), DayStatus::Full);
        assert_eq!(status(13), DayStatus::Closed, "Saturday");
        assert_eq!(status(15), DayStatus::Partial);
        assert_eq!((month[14].available_slots, month[14].total_slots), (6, 7));
        assert_eq!(status(26), DayStatus::Closed, "after the season");
        assert!(month_view(&hours, 2026, 13, now, Toronto, &[]).expect("ok").is_empty());
    }

    #[test]
    fn month_views_of_two_courts_combine() {
        let hours = CourtHours::weekdays_9_to_16(d(2026, 6, 1), d(2026, 6, 25));
        let now = utc("2026-06-10T15:30:00Z");
        let full_friday: Vec<DateTime<Utc>> = (13..20).map(|h| utc(&format!("2026-06-12T{h:02}:00:00Z"))).collect();
        let one = month_view(&hours, 2026, 6, now, Toronto, &full_friday).expect("month");
        let two = month_view(&hours, 2026, 6, now, Toronto, &[]).expect("month");
        let both = combine_month_views(&[one.clone(), two.clone()]);
        assert_eq!(both.len(), 30);
        // Friday 12: full on the first court, free on the second.
        assert_eq!(both[11].status, DayStatus::Partial);
        assert_eq!((both[11].available_slots, both[11].total_slots), (7, 14));
        assert_eq!(combine_month_views(&[one.clone(), one]).get(11).map(|d| d.status), Some(DayStatus::Full));
        assert_eq!(both[12].status, DayStatus::Closed, "Saturday");
        assert_eq!(both[10].status, DayStatus::Available);
        assert!(combine_month_views(&[]).is_empty());
    }

    #[test]
    fn invalid_settings_are_refused() {
        let mut hours = every_day(t(9, 0), t(8, 0), 60);
        assert_eq!(
            list_slots(&hours, d(2026, 6, 1), utc("2026-01-01T00:00:00Z"), Toronto, &[]),
            Err(SlotError::InvalidSettings)
        );
        hours = every_day(t(8, 0), t(9, 0), 0);
        assert_eq!(hours.check(), Err(SlotError::InvalidSettings));
    }

    #[test]
    fn settings_round_trip_as_json() {
        let hours = CourtHours::weekdays_9_to_16(d(2026, 5, 1), d(2026, 9, 30));
        let json = serde_json::to_string(&hours).expect("serializes");
        assert!(json.contains("\"openingHours\":[{\"open\":\"09:00:00\",\"close\":\"16:00:00\"}"), "{json}");
        let back: CourtHours = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, hours);
        // Short times and a missing slot length are accepted.
        let short = r#"{"openingHours":[{"open":"09:00","close":"16:00"},null,null,null,null,null,null],
            "seasonStart":"2026-05-01","seasonEnd":"2026-09-30"}"#;
        let parsed: CourtHours = serde_json::from_str(short).expect("parses");
        assert_eq!(parsed.slot_minutes, 60);
        assert_eq!(parsed.opening_hours[0], Some(DayHours { open: t(9, 0), close: t(16, 0) }));
    }
}
