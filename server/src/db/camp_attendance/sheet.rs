//! A camp week's day as the counsellor's phone and the console show it: each child, arrived or
//! not, left with whom, an absence notice, the 9:30 'absent sans avis' flag (core's rule, with
//! the caller's `now`), who may take them home and the admins' overrides.

use centre_core::attendance::{PickupKind, absent_without_notice};
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::overrides::{self, OverrideRow};
use crate::db::daycamps;

/// One child's day.
#[derive(Debug, Clone)]
pub struct ChildDayRow {
    pub registration_id: i64,
    pub program_id: String,
    pub child_first_name: String,
    pub child_last_name: String,
    pub parent_name: String,
    /// The health form's pick-up adults, by name.
    pub authorised: Vec<String>,
    pub may_leave_alone: bool,
    pub arrived_at: Option<String>,
    pub left_at: Option<String>,
    pub pickup_kind: Option<PickupKind>,
    pub pickup_name: Option<String>,
    pub absence_notice: bool,
    pub absent_without_notice: bool,
    pub overrides: Vec<OverrideRow>,
}

/// The children of `week_id` on `day`, in the week list's order.
pub fn day(
    conn: &Connection,
    week_id: i64,
    day: NaiveDate,
    now: DateTime<Utc>,
    tz: &chrono_tz::Tz,
) -> rusqlite::Result<Vec<ChildDayRow>> {
    let mut out = Vec::new();
    for r in daycamps::list_for_week(conn, week_id)? {
        let facts = super::day_facts(conn, r.id, day)?;
        let (pickup_kind, pickup_name): (Option<PickupKind>, Option<String>) = conn
            .query_row(
                "SELECT pickup_kind, pickup_name FROM camp_attendance WHERE registration_id = ?1 AND day = ?2",
                params![r.id, day],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?
            .unwrap_or_default();
        out.push(ChildDayRow {
            absent_without_notice: absent_without_notice(now, day, facts.arrived_at.is_some(), facts.notice, tz),
            arrived_at: facts.arrived_at.map(centre_core::timefmt::utc_text),
            left_at: facts.left_at.map(centre_core::timefmt::utc_text),
            pickup_kind,
            pickup_name,
            absence_notice: facts.notice,
            authorised: facts.authorised,
            may_leave_alone: facts.may_leave_alone,
            overrides: overrides::list(conn, r.id, day)?,
            registration_id: r.id,
            program_id: r.program_id,
            child_first_name: r.child_first_name,
            child_last_name: r.child_last_name,
            parent_name: r.parent_name,
        });
    }
    Ok(out)
}
