//! Getting paid. Events and day camps are paid by Interac e-Transfer after
//! registration; this folder is what happens around that, for both kinds of registration:
//!
//! - `status.rs`: the payment states and their transitions (pending, paid, expired, refunded).
//!   Expired and refunded registrations are *released*: their places go back to the event or
//!   the camp weeks in the same transaction; a restore takes them again if they are still there.
//! - `due.rs`: the scheduled work, reminders and expiry, computed from the database at a given
//!   moment (the clock is a parameter), so it survives restarts and runs once under the write
//!   lock even when two processes run it.
//! - `overview.rs`: what is unpaid, and the totals per event and per camp week.
//! - `reference.rs`: the one generator of payment references (`EV12-K7MQ2X`, `CJ-ABC234`).
//! - `transfers.rs`: reconciliation, core's matching of a batch of Interac transfers against
//!   the registrations, and its confirmation.

pub mod due;
pub mod overview;
pub mod reference;
pub mod status;
pub mod transfers;

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use rusqlite::{Connection, Row};
use serde::{Deserialize, Serialize};

/// The name an event registration (`r`) goes by in the payments views: its team's name,
/// 'Équipe n', or the person's name.
const EVENT_NAME: &str = "COALESCE(r.team_name, 'Équipe ' || r.team_number, \
     trim(COALESCE(r.first_name, '') || ' ' || COALESCE(r.last_name, '')))";

/// The name a camp registration (`r`) goes by: the child's.
const CAMP_NAME: &str = "r.child_first_name || ' ' || r.child_last_name";

/// The registrations of both kinds (events first) that meet `wheres` (event, camp), each row
/// read by `row` from the columns id, payment reference, amount, name, then `more` (event,
/// camp; the event's table is `e`).
fn registrations<T, F>(
    conn: &Connection,
    more: [&str; 2],
    wheres: [&str; 2],
    row: impl Fn(Kind) -> F,
) -> rusqlite::Result<Vec<T>>
where
    F: FnMut(&Row<'_>) -> rusqlite::Result<T>,
{
    let [event_more, camp_more] = more;
    let [event_where, camp_where] = wheres;
    let mut all: Vec<T> = conn
        .prepare_cached(&format!(
            "SELECT r.id, r.payment_reference, r.amount_due_cents, {EVENT_NAME}, {event_more}
               FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE {event_where}"
        ))?
        .query_map([], row(Kind::Event))?
        .collect::<Result<_, _>>()?;
    let camps: Vec<T> = conn
        .prepare_cached(&format!(
            "SELECT r.id, r.payment_reference, r.amount_cents, {CAMP_NAME}, {camp_more}
               FROM day_camp_registrations r WHERE {camp_where}"
        ))?
        .query_map([], row(Kind::Camp))?
        .collect::<Result<_, _>>()?;
    all.extend(camps);
    Ok(all)
}

/// Which registration table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Event,
    Camp,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Event => "event",
            Kind::Camp => "camp",
        }
    }
}

/// A registration's payment state, as stored and as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PaymentStatus {
    Pending,
    Paid,
    /// Released for non-payment after the deadline.
    Expired,
    /// Money returned; released.
    Refunded,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Expired => "expired",
            PaymentStatus::Refunded => "refunded",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentStatus> {
        match text.trim() {
            "pending" => Some(PaymentStatus::Pending),
            "paid" => Some(PaymentStatus::Paid),
            "expired" => Some(PaymentStatus::Expired),
            "refunded" => Some(PaymentStatus::Refunded),
            _ => None,
        }
    }

    /// Expired and refunded registrations hold no places.
    pub fn is_released(self) -> bool {
        matches!(self, PaymentStatus::Expired | PaymentStatus::Refunded)
    }
}

/// The payment deadline of an event or a camp program: some days after registration, a date
/// (the end of that day in the centre's time zone), both (the earlier), or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline {
    pub days: Option<i64>,
    pub date: Option<NaiveDate>,
}

impl Deadline {
    pub fn from_columns(days: Option<i64>, date: Option<String>) -> Deadline {
        Deadline { days, date: date.and_then(|d| d.parse().ok()) }
    }

    /// When a registration made at `registered` must be paid by. A date applies to those who
    /// registered before it: someone registering later is not released at once.
    pub fn due_at(&self, registered: DateTime<Utc>, tz: chrono_tz::Tz) -> Option<DateTime<Utc>> {
        let after_days = self.days.map(|d| registered + Duration::days(d));
        let on_date = self
            .date
            .and_then(|d| {
                let next_midnight = d.succ_opt()?.and_time(NaiveTime::MIN);
                tz.from_local_datetime(&next_midnight).earliest().map(|t| t.with_timezone(&Utc))
            })
            .filter(|end| registered < *end);
        match (after_days, on_date) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The reminder policy (`--payment-reminder-days`, `--payment-reminders`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderPolicy {
    /// Days after the registration (then after the previous reminder) before a reminder.
    pub after_days: i64,
    /// At most this many reminders per registration; 0 sends none.
    pub max: i64,
}

/// Sets the payment deadline of an event (`table` "events") or a camp program
/// ("day_camp_programs"); false when there is no such row.
pub fn set_deadline(
    conn: &rusqlite::Connection,
    table: &str,
    id: &str,
    days: Option<i64>,
    date: Option<&str>,
) -> rusqlite::Result<bool> {
    let table = if table == "events" { "events" } else { "day_camp_programs" };
    let changed = conn.execute(
        &format!("UPDATE {table} SET payment_deadline_days = ?2, payment_deadline_date = ?3 WHERE id = ?1"),
        rusqlite::params![id, days, date],
    )?;
    Ok(changed > 0)
}

/// The deadlines set on events (`table` "events") or camp programs: (id as text, days, date).
/// A deadline as set: the event's or program's id as text, days, date.
pub type DeadlineRow = (String, Option<i64>, Option<String>);

pub fn deadlines(conn: &rusqlite::Connection, table: &str) -> rusqlite::Result<Vec<DeadlineRow>> {
    let table = if table == "events" { "events" } else { "day_camp_programs" };
    conn.prepare(&format!(
        "SELECT CAST(id AS TEXT), payment_deadline_days, payment_deadline_date FROM {table}
          WHERE payment_deadline_days IS NOT NULL OR payment_deadline_date IS NOT NULL ORDER BY id"
    ))?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_is_days_after_registration_or_the_end_of_a_day_in_the_centre_time_zone() {
        let tz = chrono_tz::America::Toronto;
        let registered = Utc.with_ymd_and_hms(2026, 6, 1, 14, 0, 0).single().unwrap_or_default();
        let days = Deadline { days: Some(7), date: None };
        assert_eq!(days.due_at(registered, tz), Some(registered + Duration::days(7)));
        let date = Deadline { days: None, date: NaiveDate::from_ymd_opt(2026, 6, 5) };
        // Midnight after 5 June in Toronto (EDT, UTC-4).
        assert_eq!(date.due_at(registered, tz), Utc.with_ymd_and_hms(2026, 6, 6, 4, 0, 0).single());
        let both = Deadline { days: Some(2), date: NaiveDate::from_ymd_opt(2026, 6, 5) };
        assert_eq!(both.due_at(registered, tz), Some(registered + Duration::days(2)));
        assert_eq!(Deadline::default().due_at(registered, tz), None);
        // Registered after the date: only the days rule, if any, applies.
        let late = Utc.with_ymd_and_hms(2026, 6, 7, 12, 0, 0).single().unwrap_or_default();
        assert_eq!(date.due_at(late, tz), None);
        assert_eq!(both.due_at(late, tz), Some(late + Duration::days(2)));
    }
}
