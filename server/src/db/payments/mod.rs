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

pub use centre_core::payments::{Deadline, PaymentStatus, ReminderPolicy};
use rusqlite::{Connection, Row};
use serde::{Deserialize, Serialize};

/// The name an event registration (`r`) goes by in the payments views: its team's name,
/// 'Équipe n', or the person's name.
const EVENT_NAME: &str = "COALESCE(team_name(r.team_name, r.team_number), \
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

/// Read from the deadline columns of an event or a camp program.
pub fn deadline_from_columns(days: Option<i64>, date: Option<String>) -> Deadline {
    Deadline { days, date: date.and_then(|d| d.parse().ok()) }
}

/// What a payment deadline is set on: an event, or a day-camp program (for every registration
/// to it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeadlineOf {
    Event(i64),
    Program(String),
}

/// The table holding the deadlines of `kind`'s registrations.
fn deadline_table(kind: Kind) -> &'static str {
    match kind {
        Kind::Event => "events",
        Kind::Camp => "day_camp_programs",
    }
}

/// Sets the payment deadline of an event or a camp program; false when there is no such row.
pub fn set_deadline(
    conn: &Connection,
    of: &DeadlineOf,
    days: Option<i64>,
    date: Option<&str>,
) -> rusqlite::Result<bool> {
    let (kind, id): (Kind, &dyn rusqlite::ToSql) = match of {
        DeadlineOf::Event(id) => (Kind::Event, id),
        DeadlineOf::Program(id) => (Kind::Camp, id),
    };
    let changed = conn.execute(
        &format!(
            "UPDATE {} SET payment_deadline_days = ?2, payment_deadline_date = ?3 WHERE id = ?1",
            deadline_table(kind)
        ),
        rusqlite::params![id, days, date],
    )?;
    Ok(changed > 0)
}

/// A deadline as set: the event's or program's id as text, days, date.
pub type DeadlineRow = (String, Option<i64>, Option<String>);

/// The deadlines set for `kind`'s registrations: on events, or on camp programs.
pub fn deadlines(conn: &Connection, kind: Kind) -> rusqlite::Result<Vec<DeadlineRow>> {
    conn.prepare(&format!(
        "SELECT CAST(id AS TEXT), payment_deadline_days, payment_deadline_date FROM {}
          WHERE payment_deadline_days IS NOT NULL OR payment_deadline_date IS NOT NULL ORDER BY id",
        deadline_table(kind)
    ))?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}
