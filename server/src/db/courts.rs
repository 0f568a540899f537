//! Courts, their hours and their bookings. Times are stored as UTC text ('YYYY-MM-DDTHH:MM:SSZ'),
//! so comparing them as text compares instants. A booking is live unless its status is
//! 'cancelled'; the unique partial index `court_bookings_one_live_per_slot` makes two live
//! bookings of one court and start impossible, whatever the code above does. A booking is one
//! use case, [`book`], run inside the caller's `BEGIN IMMEDIATE` transaction.

use centre_core::Lang;
use centre_core::payments::PaymentStatus;
use centre_core::slots::{self, CourtHours, DEFAULT_SLOT_MINUTES, DayHours, SlotError};
use centre_core::timefmt::{parse_utc, utc_text};
use centre_core::validation::CourtBooking;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::users::{self, NoMail};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourtRow {
    pub id: i64,
    pub name: String,
    /// The English name; '' when it has none (shown by its French name).
    pub name_en: String,
}

/// Every court, in the order the reservation page maps onto its cards.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<CourtRow>> {
    let mut stmt = conn.prepare_cached("SELECT id, name, name_en FROM courts ORDER BY position, id")?;
    stmt.query_map([], |r| Ok(CourtRow { id: r.get(0)?, name: r.get(1)?, name_en: r.get(2)? }))?.collect()
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<CourtRow>> {
    conn.query_row("SELECT id, name, name_en FROM courts WHERE id = ?1", [id], |r| {
        Ok(CourtRow { id: r.get(0)?, name: r.get(1)?, name_en: r.get(2)? })
    })
    .optional()
}

/// A court's stored season ('MM-DD' first and last day, every year) and weekly hours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourtSchedule {
    season_start: (u32, u32),
    season_end: (u32, u32),
    opening_hours: [Option<DayHours>; 7],
}

/// Why stored hours cannot be used (a broken row written by hand): an internal error.
#[derive(Debug, thiserror::Error)]
#[error("court {court_id} has unusable hours: {detail}")]
pub struct BadSchedule {
    pub court_id: i64,
    pub detail: String,
}

fn month_day(text: &str) -> Option<(u32, u32)> {
    let (m, d) = text.split_once('-')?;
    let (m, d) = (m.parse().ok()?, d.parse().ok()?);
    // Validated against a leap year so that 02-29 is accepted.
    NaiveDate::from_ymd_opt(2028, m, d).map(|_| (m, d))
}

impl CourtSchedule {
    /// The settings core's slot rules take, for the season of `year`, with `slot_minutes` slots.
    /// A season is within one calendar year (15 May to 30 September by default); 29 February
    /// stands for 28 February in other years.
    pub fn hours_for_year(&self, year: i32, slot_minutes: u32) -> CourtHours {
        let day = |(m, d): (u32, u32)| {
            NaiveDate::from_ymd_opt(year, m, d)
                .or_else(|| NaiveDate::from_ymd_opt(year, m, d.saturating_sub(1)))
                .unwrap_or(NaiveDate::MIN)
        };
        CourtHours {
            opening_hours: self.opening_hours,
            season_start: day(self.season_start),
            season_end: day(self.season_end),
            slot_minutes,
        }
    }

    /// The first and last day of the season that has not ended by `today`: this year's until
    /// its last day, then next year's.
    pub fn coming_season(&self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        let this_year = self.hours_for_year(today.year(), DEFAULT_SLOT_MINUTES);
        let season = if today <= this_year.season_end {
            this_year
        } else {
            self.hours_for_year(today.year() + 1, DEFAULT_SLOT_MINUTES)
        };
        (season.season_start, season.season_end)
    }

    /// Opening and closing times, Monday first; `None` on a closed weekday.
    pub fn opening_hours(&self) -> &[Option<DayHours>; 7] {
        &self.opening_hours
    }
}

/// The season and weekly hours of a court; `None` when the court does not exist.
pub fn schedule(conn: &Connection, court_id: i64) -> Result<Option<CourtSchedule>, ScheduleError> {
    let season: Option<(String, String)> = conn
        .query_row("SELECT season_start, season_end FROM courts WHERE id = ?1", [court_id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    let Some((start, end)) = season else { return Ok(None) };
    let bad = |detail: String| ScheduleError::Bad(BadSchedule { court_id, detail });
    let season_start = month_day(&start).ok_or_else(|| bad(format!("season start '{start}'")))?;
    let season_end = month_day(&end).ok_or_else(|| bad(format!("season end '{end}'")))?;
    if season_start > season_end {
        return Err(bad(format!("season {start}..{end} crosses the new year")));
    }
    let mut opening_hours = [None; 7];
    let mut stmt = conn.prepare_cached("SELECT weekday, open_time, close_time FROM court_hours WHERE court_id = ?1")?;
    let rows =
        stmt.query_map([court_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?;
    for row in rows {
        let (weekday, open, close) = row?;
        let time = |t: &str| NaiveTime::parse_from_str(t, "%H:%M").ok();
        let (Some(open), Some(close), Some(slot)) =
            (time(&open), time(&close), usize::try_from(weekday).ok().and_then(|w| opening_hours.get_mut(w)))
        else {
            return Err(bad(format!("hours of weekday {weekday}: {open}-{close}")));
        };
        *slot = Some(DayHours { open, close });
    }
    Ok(Some(CourtSchedule { season_start, season_end, opening_hours }))
}

#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
    #[error(transparent)]
    Bad(BadSchedule),
}

/// Start times of the court's live bookings starting in `[from, to)`.
pub fn live_starts(
    conn: &Connection,
    court_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> rusqlite::Result<Vec<DateTime<Utc>>> {
    // `status <> 'cancelled'` is the partial index's own condition, so the index serves this query.
    let mut stmt = conn.prepare_cached(
        "SELECT start_time FROM court_bookings
         WHERE court_id = ?1 AND start_time >= ?2 AND start_time < ?3 AND status <> 'cancelled'",
    )?;
    let rows = stmt.query_map(params![court_id, utc_text(from), utc_text(to)], |r| r.get::<_, String>(0))?;
    let mut starts = Vec::new();
    for row in rows {
        if let Some(t) = parse_utc(&row?) {
            starts.push(t);
        }
    }
    Ok(starts)
}

/// How many live bookings of the user start after `now`.
pub fn future_live_count(conn: &Connection, user_id: &str, now: DateTime<Utc>) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM court_bookings WHERE user_id = ?1 AND start_time > ?2 AND status <> 'cancelled'",
        params![user_id, utc_text(now)],
        |r| r.get(0),
    )
}

/// A booking to store (already validated and checked against the court's slots).
#[derive(Debug, Clone)]
pub struct NewBooking<'a> {
    pub court_id: i64,
    pub user_id: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub players: u8,
    pub ball_rental: bool,
    pub notes: Option<&'a str>,
    pub lang: Lang,
    pub now: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum InsertError {
    /// Another live booking holds this court and start.
    #[error("the slot is taken")]
    SlotTaken,
    #[error(transparent)]
    Db(rusqlite::Error),
}

/// Inserts a confirmed booking; the unique index turns a second live booking of the slot into
/// `SlotTaken`.
pub fn insert(conn: &Connection, b: &NewBooking<'_>) -> Result<i64, InsertError> {
    let result = conn.execute(
        "INSERT INTO court_bookings (court_id, user_id, first_name, last_name, email, phone, start_time, end_time,
                                     status, players, ball_rental, notes, lang, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'confirmed', ?9, ?10, ?11, ?12, ?13)",
        params![
            b.court_id,
            b.user_id,
            b.first_name,
            b.last_name,
            b.email,
            b.phone,
            utc_text(b.start),
            utc_text(b.end),
            b.players,
            b.ball_rental,
            b.notes,
            b.lang,
            utc_text(b.now)
        ],
    );
    match result {
        Ok(_) => Ok(conn.last_insert_rowid()),
        Err(e) if super::refusal(&e) == Some(super::Refusal::Unique) => Err(InsertError::SlotTaken),
        Err(e) => Err(InsertError::Db(e)),
    }
}

/// What a booking is checked against: the centre's time zone, the slot length and the member's
/// limit of future bookings (`--slot-minutes`, `--max-future-bookings`).
#[derive(Debug, Clone, Copy)]
pub struct BookingRules {
    pub tz: chrono_tz::Tz,
    pub slot_minutes: u32,
    pub max_future_bookings: u32,
}

/// Who books, in which language, and when.
#[derive(Debug, Clone, Copy)]
pub struct Booker<'a> {
    pub user_id: &'a str,
    pub lang: Lang,
    pub now: DateTime<Utc>,
}

/// Why a booking was refused.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("no such court")]
    NoCourt,
    /// A slot rule refused it (`SlotTaken` also when the unique index refused a lost race).
    #[error("slot refused: {}", .0.code())]
    Slot(SlotError),
    /// The member already holds `max_future_bookings` bookings to come.
    #[error("the member's limit of future bookings")]
    Limit,
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// Books one slot for a member: the court's hours and its live bookings, core's
/// `check_booking`, the member's limit, then the insert (the unique index turns a lost race
/// into `SlotTaken`). Run inside the caller's `BEGIN IMMEDIATE` transaction, so the checks and
/// the write see the same bookings. Answers the stored booking.
pub fn book(
    conn: &Connection,
    form: &CourtBooking,
    who: &Booker<'_>,
    rules: &BookingRules,
) -> Result<BookingRow, BookError> {
    let court_id = form.court_id();
    let schedule = schedule(conn, court_id)?.ok_or(BookError::NoCourt)?;
    let (start, end) = (form.start_time(), form.end_time());
    let hours = schedule.hours_for_year(start.with_timezone(&rules.tz).year(), rules.slot_minutes);
    let len = Duration::minutes(i64::from(rules.slot_minutes));
    let booked = live_starts(conn, court_id, start - len, end)?;
    slots::check_booking(&hours, start, end, who.now, rules.tz, &booked).map_err(BookError::Slot)?;
    if future_live_count(conn, who.user_id, who.now)? >= i64::from(rules.max_future_bookings) {
        return Err(BookError::Limit);
    }
    let new = NewBooking {
        court_id,
        user_id: Some(who.user_id),
        first_name: form.first_name().as_str(),
        last_name: form.last_name().as_str(),
        email: form.email().as_str(),
        phone: form.phone().as_str(),
        start,
        end,
        players: form.players(),
        ball_rental: form.ball_rental(),
        notes: form.comments().map(|c| c.as_str()),
        lang: who.lang,
        now: who.now,
    };
    let id = insert(conn, &new).map_err(|e| match e {
        InsertError::SlotTaken => BookError::Slot(SlotError::SlotTaken),
        InsertError::Db(e) => BookError::Db(e),
    })?;
    Ok(booking(conn, id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)?)
}

/// A booking as read back, with its court's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingRow {
    pub id: i64,
    pub court_id: i64,
    pub court_name: String,
    /// The court's English name; '' when it has none.
    pub court_name_en: String,
    pub user_id: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub start_time: String,
    pub end_time: String,
    pub status: Status,
    pub payment_status: PaymentStatus,
    pub players: Option<i64>,
    pub ball_rental: bool,
    pub notes: Option<String>,
    pub lang: Lang,
    pub created_at: String,
    pub cancelled_at: Option<String>,
}

impl BookingRow {
    pub fn start(&self) -> Option<DateTime<Utc>> {
        parse_utc(&self.start_time)
    }
    pub fn end(&self) -> Option<DateTime<Utc>> {
        parse_utc(&self.end_time)
    }
}

const BOOKING_SELECT: &str = "SELECT b.id, b.court_id, c.name, b.user_id, b.first_name, b.last_name, b.email, b.phone,
            b.start_time, b.end_time, b.status, b.payment_status, b.players, b.ball_rental, b.notes, b.lang,
            b.created_at, b.cancelled_at, c.name_en
     FROM court_bookings b JOIN courts c ON c.id = b.court_id";

fn booking_from_row(r: &Row<'_>) -> rusqlite::Result<BookingRow> {
    Ok(BookingRow {
        id: r.get(0)?,
        court_id: r.get(1)?,
        court_name: r.get(2)?,
        user_id: r.get(3)?,
        first_name: r.get(4)?,
        last_name: r.get(5)?,
        email: r.get(6)?,
        phone: r.get(7)?,
        start_time: r.get(8)?,
        end_time: r.get(9)?,
        status: r.get(10)?,
        payment_status: r.get(11)?,
        players: r.get(12)?,
        ball_rental: r.get(13)?,
        notes: r.get(14)?,
        lang: r.get(15)?,
        created_at: r.get(16)?,
        cancelled_at: r.get(17)?,
        court_name_en: r.get(18)?,
    })
}

pub fn booking(conn: &Connection, id: i64) -> rusqlite::Result<Option<BookingRow>> {
    conn.query_row(&format!("{BOOKING_SELECT} WHERE b.id = ?1"), [id], booking_from_row).optional()
}

/// The user's bookings, soonest first.
pub fn for_user(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<BookingRow>> {
    let mut stmt =
        conn.prepare_cached(&format!("{BOOKING_SELECT} WHERE b.user_id = ?1 ORDER BY b.start_time, b.id"))?;
    stmt.query_map([user_id], booking_from_row)?.collect()
}

/// Marks a live booking cancelled (the row stays for history; the slot is free again). Answers
/// false when the booking was not live.
pub fn cancel(conn: &Connection, id: i64, now: DateTime<Utc>) -> rusqlite::Result<bool> {
    let changed = conn.execute(
        "UPDATE court_bookings SET status = 'cancelled', cancelled_at = ?2 WHERE id = ?1 AND status <> 'cancelled'",
        params![id, utc_text(now)],
    )?;
    Ok(changed == 1)
}

/// Why a cancellation was refused.
#[derive(Debug, thiserror::Error)]
pub enum CancelError {
    #[error("no such booking")]
    NotFound,
    #[error("the booking is already cancelled")]
    AlreadyCancelled,
    #[error("the booking is not confirmed")]
    NotConfirmed,
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// Cancels a confirmed booking once `allowed` (the caller's rule: whose it is, whether it has
/// started) accepts it; the row stays (status `cancelled`) and the slot is free again. Run inside
/// the caller's `BEGIN IMMEDIATE` transaction. Answers the booking as it was and as it is now.
pub fn cancel_booking<E: From<CancelError>>(
    conn: &Connection,
    id: i64,
    now: DateTime<Utc>,
    allowed: impl FnOnce(&BookingRow) -> Result<(), E>,
) -> Result<(BookingRow, BookingRow), E> {
    let db = |e: rusqlite::Error| E::from(CancelError::Db(e));
    let row = booking(conn, id).map_err(db)?.ok_or(CancelError::NotFound)?;
    allowed(&row)?;
    match row.status {
        Status::Confirmed => {}
        Status::Cancelled => return Err(CancelError::AlreadyCancelled.into()),
        Status::Pending => return Err(CancelError::NotConfirmed.into()),
    }
    if !cancel(conn, id, now).map_err(db)? {
        return Err(CancelError::AlreadyCancelled.into());
    }
    let cancelled = booking(conn, id).map_err(db)?.ok_or(CancelError::NotFound)?;
    Ok((row, cancelled))
}

pub use centre_core::registration::RegistrationStatus as Status;

/// The Réservations tab's filters: a UTC range (one local day) and a status.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub range: Option<(DateTime<Utc>, DateTime<Utc>)>,
    pub status: Option<Status>,
}

/// Counters of the bookings in the filter's range (the status filter does not apply to them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub total: i64,
    pub confirmed: i64,
    pub pending: i64,
    pub cancelled: i64,
}

/// SQL condition and parameters for the filter; every branch is served by the
/// `court_bookings_start (start_time, status)` index.
fn filter_sql(filter: &Filter, with_status: bool) -> (String, Vec<String>) {
    let mut conditions = Vec::new();
    let mut values = Vec::new();
    if let Some((from, to)) = filter.range {
        values.push(utc_text(from));
        conditions.push(format!("b.start_time >= ?{}", values.len()));
        values.push(utc_text(to));
        conditions.push(format!("b.start_time < ?{}", values.len()));
    }
    if with_status && let Some(status) = filter.status {
        values.push(status.to_string());
        conditions.push(format!("b.status = ?{}", values.len()));
    }
    let sql = if conditions.is_empty() { String::new() } else { format!(" WHERE {}", conditions.join(" AND ")) };
    (sql, values)
}

/// The filtered bookings, by start time, at most `limit`; and how many match in all.
pub fn admin_list(conn: &Connection, filter: &Filter, limit: u32) -> rusqlite::Result<(Vec<BookingRow>, i64)> {
    let (condition, values) = filter_sql(filter, true);
    let matched: i64 = conn.query_row(
        &format!("SELECT count(*) FROM court_bookings b{condition}"),
        rusqlite::params_from_iter(values.iter()),
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare_cached(&format!(
        "{BOOKING_SELECT}{condition} ORDER BY b.start_time, b.court_id, b.id LIMIT {limit}"
    ))?;
    let rows =
        stmt.query_map(rusqlite::params_from_iter(values.iter()), booking_from_row)?.collect::<Result<_, _>>()?;
    Ok((rows, matched))
}

/// The four counters of the Réservations tab over the filter's day (all days when none).
pub fn admin_counts(conn: &Connection, filter: &Filter) -> rusqlite::Result<Counts> {
    let (condition, values) = filter_sql(filter, false);
    let mut stmt =
        conn.prepare_cached(&format!("SELECT b.status, count(*) FROM court_bookings b{condition} GROUP BY b.status"))?;
    let mut counts = Counts::default();
    let rows = stmt
        .query_map(rusqlite::params_from_iter(values.iter()), |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
    for row in rows {
        let (status, n) = row?;
        counts.total += n;
        match Status::parse(&status) {
            Some(Status::Confirmed) => counts.confirmed += n,
            Some(Status::Pending) => counts.pending += n,
            Some(Status::Cancelled) => counts.cancelled += n,
            None => {}
        }
    }
    Ok(counts)
}

/// The local day's first instant and the next day's, in `tz`, as UTC. A midnight that does not
/// exist (a daylight-saving gap at midnight) is the first instant after the gap.
pub fn local_day_bounds(date: NaiveDate, tz: chrono_tz::Tz) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = |d: NaiveDate| -> DateTime<Utc> {
        let midnight = d.and_time(NaiveTime::MIN);
        let mut probe = midnight;
        for _ in 0..=24 * 60 {
            if let Some(t) = probe.and_local_timezone(tz).earliest() {
                return t.with_timezone(&Utc);
            }
            probe += chrono::Duration::minutes(1);
        }
        midnight.and_utc()
    };
    let next = date.succ_opt().unwrap_or(date);
    (start(date), start(next))
}

/// The UTC range covering every local day of `year`-`month` in `tz`.
pub fn local_month_bounds(year: i32, month: u32, tz: chrono_tz::Tz) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)
    }?;
    Some((local_day_bounds(first, tz).0, local_day_bounds(next, tz).0))
}

/// Where a booking's e-mails go: the booking member's own verified account address, read in the
/// caller's transaction (`users::mail_address`: never the booking's typed `email`, and no link
/// to confirm a typed address for now). `None` when there is none, and the log says why (the
/// booking's id and the member's, never an address).
pub fn recipient(tx: &Connection, b: &BookingRow, what: &str) -> rusqlite::Result<Option<String>> {
    match users::mail_address(tx, b.user_id.as_deref())? {
        Ok(to) => Ok(Some(to)),
        Err(why) => {
            let user_id = b.user_id.as_deref().unwrap_or("-");
            match why {
                NoMail::Unverified => tracing::warn!(
                    booking_id = b.id,
                    %user_id,
                    "no {what} e-mail: the member's address is not verified by the provider"
                ),
                NoMail::NoAccount => {
                    tracing::warn!(booking_id = b.id, "no {what} e-mail: the booking's member has no account")
                }
            }
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn local_days_follow_daylight_saving() {
        let tz = chrono_tz::America::Toronto;
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap_or(NaiveDate::MIN);
        let u = |y, m, day, h| Utc.with_ymd_and_hms(y, m, day, h, 0, 0).single().unwrap_or_default();
        assert_eq!(local_day_bounds(d(2027, 6, 1), tz), (u(2027, 6, 1, 4), u(2027, 6, 2, 4)));
        // 14 March 2027 lasts 23 hours, 7 November 2027 lasts 25.
        assert_eq!(local_day_bounds(d(2027, 3, 14), tz), (u(2027, 3, 14, 5), u(2027, 3, 15, 4)));
        assert_eq!(local_day_bounds(d(2027, 11, 7), tz), (u(2027, 11, 7, 4), u(2027, 11, 8, 5)));
        assert_eq!(local_month_bounds(2027, 12, tz), Some((u(2027, 12, 1, 5), u(2028, 1, 1, 5))));
        assert_eq!(local_month_bounds(2027, 13, tz), None);
    }

    fn plan(conn: &Connection, sql: &str, values: &[String]) -> String {
        let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap_or_else(|e| panic!("{e}: {sql}"));
        let rows = stmt
            .query_map(rusqlite::params_from_iter(values.iter()), |r| r.get::<_, String>(3))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .unwrap_or_default();
        rows.join(" | ")
    }

    #[test]
    fn the_consoles_filters_and_the_slot_lookups_use_an_index() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("centre.db");
        crate::db::Db::open(&path).unwrap_or_else(|e| panic!("{e}"));
        let conn = Connection::open(&path).unwrap_or_else(|e| panic!("{e}"));
        let tz = chrono_tz::America::Toronto;
        let day = Some(local_day_bounds(NaiveDate::from_ymd_opt(2027, 6, 1).unwrap_or(NaiveDate::MIN), tz));
        for filter in [
            Filter { range: day, status: None },
            Filter { range: day, status: Some(Status::Confirmed) },
            Filter { range: None, status: Some(Status::Cancelled) },
        ] {
            let (condition, values) = filter_sql(&filter, true);
            let list =
                plan(&conn, &format!("{BOOKING_SELECT}{condition} ORDER BY b.start_time, b.court_id, b.id"), &values);
            assert!(list.contains("USING INDEX court_bookings_start"), "{filter:?}: {list}");
            let (condition, values) = filter_sql(&filter, false);
            let counts = plan(
                &conn,
                &format!("SELECT b.status, count(*) FROM court_bookings b{condition} GROUP BY b.status"),
                &values,
            );
            assert!(counts.contains("court_bookings_start"), "{filter:?}: {counts}");
        }
        let live = plan(
            &conn,
            "SELECT start_time FROM court_bookings WHERE court_id = ?1 AND start_time >= ?2 AND start_time < ?3 AND status <> 'cancelled'",
            &["1".to_owned(), "a".to_owned(), "b".to_owned()],
        );
        assert!(live.contains("court_bookings_one_live_per_slot"), "{live}");
    }

    #[test]
    fn seasons_are_read_as_month_and_day() {
        assert_eq!(month_day("05-15"), Some((5, 15)));
        assert_eq!(month_day("02-29"), Some((2, 29)));
        assert_eq!(month_day("13-01"), None);
        assert_eq!(month_day("0515"), None);
        let schedule = CourtSchedule { season_start: (2, 29), season_end: (9, 30), opening_hours: [None; 7] };
        let hours = schedule.hours_for_year(2027, 60);
        assert_eq!(hours.season_start.to_string(), "2027-02-28");
        assert_eq!(hours.season_end.to_string(), "2027-09-30");
    }

    #[test]
    fn the_coming_season_is_this_years_until_its_last_day() {
        let schedule = CourtSchedule { season_start: (5, 15), season_end: (9, 30), opening_hours: [None; 7] };
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap_or(NaiveDate::MIN);
        let season = |today| {
            let (start, end) = schedule.coming_season(today);
            format!("{start}..{end}")
        };
        assert_eq!(season(d(2026, 1, 10)), "2026-05-15..2026-09-30", "winter: this year's");
        assert_eq!(season(d(2026, 7, 1)), "2026-05-15..2026-09-30", "in season");
        assert_eq!(season(d(2026, 9, 30)), "2026-05-15..2026-09-30", "its last day");
        assert_eq!(season(d(2026, 10, 1)), "2027-05-15..2027-09-30", "the day after: next year's");
        assert_eq!(season(d(2026, 11, 27)), "2027-05-15..2027-09-30");
    }
}
