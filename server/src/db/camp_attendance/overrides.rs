//! Admins' overrides: leave for someone not on a child's pick-up list to take them home on one
//! day, with who allowed it, when and why. Core's `attendance::judge` reads the names.

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};

/// One override, as the console and the counsellor's day show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverrideRow {
    pub id: i64,
    pub registration_id: i64,
    pub day: NaiveDate,
    pub person_name: String,
    pub reason: String,
    pub admin_email: String,
    pub created_at: String,
}

/// The people allowed for the child on `day`.
pub fn names(conn: &Connection, registration_id: i64, day: NaiveDate) -> rusqlite::Result<Vec<String>> {
    Ok(list(conn, registration_id, day)?.into_iter().map(|o| o.person_name).collect())
}

/// The overrides of the child on `day`, oldest first.
pub fn list(conn: &Connection, registration_id: i64, day: NaiveDate) -> rusqlite::Result<Vec<OverrideRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, registration_id, day, person_name, reason, admin_email, created_at FROM camp_pickup_overrides
          WHERE registration_id = ?1 AND day = ?2 ORDER BY id",
    )?;
    stmt.query_map(params![registration_id, day], |r| {
        Ok(OverrideRow {
            id: r.get(0)?,
            registration_id: r.get(1)?,
            day: r.get(2)?,
            person_name: r.get(3)?,
            reason: r.get(4)?,
            admin_email: r.get(5)?,
            created_at: r.get(6)?,
        })
    })?
    .collect()
}

/// Who records an override.
pub struct Admin<'a> {
    pub id: &'a str,
    pub email: &'a str,
}

/// Records an override for a child on a day of one of their weeks; `None` when the child is not
/// registered for a week holding that day.
pub fn add(
    conn: &Connection,
    registration_id: i64,
    day: NaiveDate,
    person_name: &str,
    reason: &str,
    admin: &Admin<'_>,
    now: &str,
) -> rusqlite::Result<Option<OverrideRow>> {
    let week: Option<i64> = conn
        .query_row(
            "SELECT w.id FROM day_camp_enrolments e JOIN day_camp_weeks w ON w.id = e.week_id
              WHERE e.registration_id = ?1 AND w.start_date <= ?2 AND w.end_date >= ?2",
            params![registration_id, day],
            |r| r.get(0),
        )
        .optional()?;
    if week.is_none() {
        return Ok(None);
    }
    conn.execute(
        "INSERT INTO camp_pickup_overrides (registration_id, day, person_name, reason, admin_id, admin_email, created_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT id FROM users WHERE id = ?5), ?6, ?7)",
        params![registration_id, day, person_name, reason, admin.id, admin.email, now],
    )?;
    let id = conn.last_insert_rowid();
    Ok(list(conn, registration_id, day)?.into_iter().find(|o| o.id == id))
}
