//! A parent's notice that their child will not come on a day of camp, sent from
//! /my-registrations. It is the same row a counsellor writes when the parent phones
//! (`camp_absence_notices`), so the 9:30 flag reads one place.

use centre_core::attendance;
use chrono::NaiveDate;
use rusqlite::{Connection, params};

/// Why a notice was not written.
#[derive(Debug)]
pub enum Refused {
    /// The catalogue code of core's rule.
    Rule(&'static str),
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Db(e)
    }
}

/// Writes the notice for `registration_id` on `day` (`today` the centre's date), by `user_id` at
/// `now`; a notice already there (the parent's, or the counsellor's) is kept and answered.
/// Answers when the kept notice was recorded.
pub fn give(
    conn: &Connection,
    registration_id: i64,
    day: NaiveDate,
    today: NaiveDate,
    user_id: &str,
    now: &str,
) -> Result<String, Refused> {
    let weeks = conn
        .prepare_cached(
            "SELECT w.start_date, w.end_date FROM day_camp_enrolments e JOIN day_camp_weeks w ON w.id = e.week_id
              WHERE e.registration_id = ?1",
        )?
        .query_map([registration_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<Vec<(NaiveDate, NaiveDate)>>>()?;
    let arrived = super::day_facts(conn, registration_id, day)?.arrived_at.is_some();
    attendance::parent_notice(day, today, &weeks, arrived).map_err(Refused::Rule)?;
    conn.execute(
        "INSERT INTO camp_absence_notices (registration_id, day, entry_id, recorded_by, recorded_at)
         VALUES (?1, ?2, 'parent-' || ?1 || '-' || ?2, ?3, ?4)
         ON CONFLICT (registration_id, day) DO NOTHING",
        params![registration_id, day, user_id, now],
    )?;
    Ok(conn.query_row(
        "SELECT recorded_at FROM camp_absence_notices WHERE registration_id = ?1 AND day = ?2",
        params![registration_id, day],
        |r| r.get(0),
    )?)
}
