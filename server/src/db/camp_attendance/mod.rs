//! A day camp's daily attendance (tables of V19): the entries counsellors' phones push (an
//! arrival, a departure, an absence notice), each child's day, and admins' pick-up overrides.
//!
//! An attendance entry is one kind of a device's numbered entries (`db::devices`, which takes
//! each exactly once, numbered with the phone's scores): [`Attendance`] says what it does, core's
//! `attendance::judge`; this module reads what it needs and writes what it decides.

pub mod notices;
pub mod overrides;
pub mod sheet;

use centre_core::access::may_see_week;
use centre_core::attendance::{self, AttendanceAction, ChildDay, Pickup, PickupKind};
use centre_core::sync::{SyncOutcome, Verdict};
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::devices::{Kind, Numbered};

/// An entry as a phone sends it (checked for form by the route).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub seq: i64,
    pub entry_id: String,
    pub registration_id: i64,
    pub week_id: i64,
    pub day: NaiveDate,
    pub action: AttendanceAction,
    pub at: DateTime<Utc>,
    pub pickup: Option<Pickup>,
}

/// What became of an entry (a rejection with its code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub seq: i64,
    pub entry_id: String,
    pub outcome: SyncOutcome,
    pub code: Option<String>,
}

impl Numbered for Entry {
    fn seq(&self) -> i64 {
        self.seq
    }
    fn entry_id(&self) -> &str {
        &self.entry_id
    }
}

/// Attendance entries as a kind of device entry, recorded by `user_id`, who looks after `weeks`
/// (an admin sees every week), in the centre's time zone `tz`.
pub struct Attendance<'a> {
    pub user_id: &'a str,
    pub is_admin: bool,
    pub weeks: &'a [i64],
    pub tz: chrono_tz::Tz,
}

/// The child's week, when the registration is enrolled in it.
fn enrolled_week(
    conn: &Connection,
    registration_id: i64,
    week_id: i64,
) -> rusqlite::Result<Option<(NaiveDate, NaiveDate)>> {
    conn.query_row(
        "SELECT w.start_date, w.end_date FROM day_camp_enrolments e JOIN day_camp_weeks w ON w.id = e.week_id
          WHERE e.registration_id = ?1 AND e.week_id = ?2",
        params![registration_id, week_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// What core needs to know of a child's day, owned.
pub(crate) struct DayFacts {
    pub arrived_at: Option<DateTime<Utc>>,
    pub left_at: Option<DateTime<Utc>>,
    pub notice: bool,
    pub authorised: Vec<String>,
    pub may_leave_alone: bool,
    pub overrides: Vec<String>,
}

fn instant(text: Option<String>) -> Option<DateTime<Utc>> {
    text.and_then(|t| DateTime::parse_from_rfc3339(&t).ok()).map(|t| t.with_timezone(&Utc))
}

/// The child's day as stored: arrival, departure, notice, who may take them.
pub(crate) fn day_facts(conn: &Connection, registration_id: i64, day: NaiveDate) -> rusqlite::Result<DayFacts> {
    let (arrived, left): (Option<String>, Option<String>) = conn
        .query_row(
            "SELECT arrived_at, left_at FROM camp_attendance WHERE registration_id = ?1 AND day = ?2",
            params![registration_id, day],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?
        .unwrap_or_default();
    let notice: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM camp_absence_notices WHERE registration_id = ?1 AND day = ?2)",
        params![registration_id, day],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT name FROM camp_health_people WHERE registration_id = ?1 AND kind = 'pickup' ORDER BY position",
    )?;
    let authorised = stmt.query_map([registration_id], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
    let may_leave_alone: bool = conn
        .query_row("SELECT may_leave_alone FROM camp_health_forms WHERE registration_id = ?1", [registration_id], |r| {
            r.get(0)
        })
        .optional()?
        .unwrap_or(false);
    let overrides = overrides::names(conn, registration_id, day)?;
    Ok(DayFacts {
        arrived_at: instant(arrived),
        left_at: instant(left),
        notice,
        authorised,
        may_leave_alone,
        overrides,
    })
}

/// Core's verdict on `e` (a child not enrolled in the week: `not_found`; a week the recorder does
/// not look after: `forbidden`).
fn verdict(conn: &Connection, e: &Entry, by: &Attendance<'_>) -> rusqlite::Result<Verdict> {
    let Some((week_start, week_end)) = enrolled_week(conn, e.registration_id, e.week_id)? else {
        return Ok(Verdict::Rejected("not_found"));
    };
    if !may_see_week(by.is_admin, by.weeks, e.week_id) {
        return Ok(Verdict::Rejected("forbidden"));
    }
    let facts = day_facts(conn, e.registration_id, e.day)?;
    let child = ChildDay {
        week_start,
        week_end,
        arrived_at: facts.arrived_at,
        left_at: facts.left_at,
        absence_notice: facts.notice,
        authorised: &facts.authorised,
        may_leave_alone: facts.may_leave_alone,
        overrides: &facts.overrides,
    };
    let entry = attendance::Entry { action: e.action, day: e.day, at: e.at, pickup: e.pickup.clone() };
    Ok(attendance::judge(&entry, &child, &by.tz))
}

/// What an applied entry writes to the child's day.
fn apply(conn: &Connection, e: &Entry, user_id: &str, now: &str) -> rusqlite::Result<()> {
    let at = centre_core::timefmt::utc_text(e.at);
    match e.action {
        AttendanceAction::Arrival => conn.execute(
            "INSERT INTO camp_attendance (registration_id, day, week_id, arrived_at, arrival_entry, arrived_by)
             VALUES (?1, ?2, ?3, ?4, ?5, (SELECT id FROM users WHERE id = ?6))",
            params![e.registration_id, e.day, e.week_id, at, e.entry_id, user_id],
        )?,
        AttendanceAction::Departure => {
            let pickup = e.pickup.as_ref();
            let name = pickup
                .filter(|p| matches!(p.kind, PickupKind::Authorised | PickupKind::Other))
                .and_then(|p| p.name.as_deref());
            conn.execute(
                "UPDATE camp_attendance SET left_at = ?3, departure_entry = ?4, left_by = (SELECT id FROM users WHERE id = ?5),
                        pickup_kind = ?6, pickup_name = ?7
                  WHERE registration_id = ?1 AND day = ?2 AND left_at IS NULL",
                params![e.registration_id, e.day, at, e.entry_id, user_id, pickup.map(|p| p.kind), name],
            )?
        }
        AttendanceAction::Absence => conn.execute(
            "INSERT INTO camp_absence_notices (registration_id, day, entry_id, recorded_by, recorded_at)
             VALUES (?1, ?2, ?3, (SELECT id FROM users WHERE id = ?4), ?5)",
            params![e.registration_id, e.day, e.entry_id, user_id, now],
        )?,
    };
    Ok(())
}

impl Kind for Attendance<'_> {
    type Entry = Entry;
    type Outcome = Outcome;

    fn stored(&self, conn: &Connection, device: &str, seq: i64) -> rusqlite::Result<Option<Outcome>> {
        conn.query_row(
            "SELECT seq, entry_id, outcome, code FROM camp_attendance_entries WHERE device_id = ?1 AND seq = ?2",
            params![device, seq],
            |r| Ok(Outcome { seq: r.get(0)?, entry_id: r.get(1)?, outcome: r.get(2)?, code: r.get(3)? }),
        )
        .optional()
    }

    fn taken(&self, conn: &Connection, entry_id: &str) -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM camp_attendance_entries WHERE entry_id = ?1)",
            params![entry_id],
            |r| r.get(0),
        )
    }

    fn apply(&self, conn: &Connection, e: &Entry, now: DateTime<Utc>) -> rusqlite::Result<Verdict> {
        let verdict = verdict(conn, e, self)?;
        if verdict == Verdict::Apply {
            apply(conn, e, self.user_id, &centre_core::timefmt::utc_text(now))?;
        }
        Ok(verdict)
    }

    fn store(
        &self,
        conn: &Connection,
        device: &str,
        e: &Entry,
        verdict: Verdict,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let pickup = e.pickup.as_ref();
        conn.execute(
            "INSERT INTO camp_attendance_entries (entry_id, device_id, seq, registration_id, week_id, day, action, at,
                pickup_kind, pickup_name, user_id, received_at, outcome, code)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, (SELECT id FROM users WHERE id = ?11), ?12, ?13, ?14)",
            params![
                e.entry_id,
                device,
                e.seq,
                e.registration_id,
                e.week_id,
                e.day,
                e.action,
                centre_core::timefmt::utc_text(e.at),
                pickup.map(|p| p.kind),
                pickup.and_then(|p| p.name.as_deref()),
                self.user_id,
                centre_core::timefmt::utc_text(now),
                verdict.outcome(),
                verdict.code(),
            ],
        )?;
        Ok(())
    }

    fn outcome(&self, e: &Entry, outcome: SyncOutcome, code: Option<&str>) -> Outcome {
        Outcome { seq: e.seq, entry_id: e.entry_id.clone(), outcome, code: code.map(str::to_owned) }
    }
}
