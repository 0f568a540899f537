//! Camp staff ('Animateur'): the weeks an admin gives each counsellor, and the log of every
//! opening of a child's full record. Who may see what is core's rule (`access`); this module
//! reads the rows it needs and writes the log in the transaction that answers the record.

use centre_core::access::{Role, may_open_child_record};
use rusqlite::{Connection, params};

use super::daycamps::{self, RegistrationRow};

/// Why a change or an opening is refused.
#[derive(Debug)]
pub enum Refused {
    NotFound,
    /// The person does not hold the camp-staff role.
    NotCampStaff,
    /// A week that does not exist, with its id.
    UnknownWeek(i64),
    /// Not an admin, nor given one of the child's weeks.
    Forbidden,
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Db(e)
    }
}

/// The weeks `user_id` looks after, in the camp's order.
pub fn weeks_of(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.week_id FROM camp_staff_weeks s JOIN day_camp_weeks w ON w.id = s.week_id
          WHERE s.user_id = ?1 ORDER BY w.start_date, w.id",
    )?;
    stmt.query_map([user_id], |r| r.get(0))?.collect()
}

/// Every counsellor's weeks: `(user id, week id)`, by person then the camp's order.
pub fn assignments(conn: &Connection) -> rusqlite::Result<Vec<(String, i64)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.user_id, s.week_id FROM camp_staff_weeks s JOIN day_camp_weeks w ON w.id = s.week_id
          ORDER BY s.user_id, w.start_date, w.id",
    )?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect()
}

/// Gives `user_id` exactly `weeks` (replacing what they had). The person must hold the role.
pub fn set_weeks(conn: &Connection, user_id: &str, weeks: &[i64]) -> Result<Vec<i64>, Refused> {
    if super::users::find(conn, user_id)?.is_none() {
        return Err(Refused::NotFound);
    }
    let held: bool = conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM role_grants WHERE user_id = ?1 AND role = ?2)",
        params![user_id, Role::CampStaff],
        |r| r.get(0),
    )?;
    if !held {
        return Err(Refused::NotCampStaff);
    }
    for &week in weeks {
        if daycamps::find_week(conn, week)?.is_none() {
            return Err(Refused::UnknownWeek(week));
        }
    }
    conn.execute("DELETE FROM camp_staff_weeks WHERE user_id = ?1", [user_id])?;
    for &week in weeks {
        conn.execute(
            "INSERT INTO camp_staff_weeks (user_id, week_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
            params![user_id, week],
        )?;
    }
    Ok(weeks_of(conn, user_id)?)
}

/// Who opens a record: the signed-in person, as the log keeps them.
pub struct Viewer<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub is_admin: bool,
}

/// A child's full record for `viewer`, if core's rule lets them see it; the opening is logged in
/// the same transaction, so no record is ever answered unlogged.
pub fn open_record(
    conn: &Connection,
    registration_id: i64,
    viewer: &Viewer<'_>,
    now: &str,
) -> Result<RegistrationRow, Refused> {
    let record = daycamps::find(conn, registration_id)?.ok_or(Refused::NotFound)?;
    let staff_weeks = weeks_of(conn, viewer.id)?;
    let child_weeks: Vec<i64> = record.weeks.iter().map(|w| w.id).collect();
    if !may_open_child_record(viewer.is_admin, &staff_weeks, &child_weeks) {
        return Err(Refused::Forbidden);
    }
    conn.execute(
        "INSERT INTO child_record_views (registration_id, child_name, viewer_id, viewer_email, viewed_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            record.id,
            format!("{} {}", record.child_first_name, record.child_last_name),
            viewer.id,
            viewer.email,
            now
        ],
    )?;
    Ok(record)
}

/// One opening of a child's record.
#[derive(Clone, Debug)]
pub struct RecordView {
    pub registration_id: i64,
    pub child_name: String,
    pub viewer_email: String,
    pub viewed_at: String,
}

/// The openings, newest first (at most `limit`).
pub fn record_views(conn: &Connection, limit: i64) -> rusqlite::Result<Vec<RecordView>> {
    let mut stmt = conn.prepare_cached(
        "SELECT registration_id, child_name, viewer_email, viewed_at FROM child_record_views
          ORDER BY viewed_at DESC, id DESC LIMIT ?1",
    )?;
    stmt.query_map([limit], |r| {
        Ok(RecordView {
            registration_id: r.get(0)?,
            child_name: r.get(1)?,
            viewer_email: r.get(2)?,
            viewed_at: r.get(3)?,
        })
    })?
    .collect()
}
