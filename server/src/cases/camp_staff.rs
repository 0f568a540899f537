//! What camp staff ('Animateur') see, by core's `access` rule: the weeks an admin gave them, a
//! week's children and their day, a child's full record (each opening logged), and the entries
//! their phone pushes. Admins see every week.

use centre_core::access::may_see_week;
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::Connection;

use super::camps::{self, Child};
use crate::db::camp_attendance::sheet::{self, ChildDayRow};
use crate::db::camp_attendance::{Attendance, Entry, Outcome};
use crate::db::camp_health::{self, HealthFormRow};
use crate::db::camp_staff::{self, Refused, Viewer};
use crate::db::daycamps::{self, RegistrationRow, WeekRow};
use crate::db::devices::{self, Pushed};
use crate::error::AppError;

/// Who asks: an admin, or a member who may hold the camp staff role.
#[derive(Debug, Clone)]
pub struct Staff {
    pub user_id: String,
    pub is_admin: bool,
}

/// A refusal of `db::camp_staff` as the API answers it.
pub fn refused(e: Refused) -> AppError {
    match e {
        Refused::NotFound => AppError::not_found(),
        Refused::Forbidden => AppError::forbidden(),
        Refused::NotCampStaff => AppError::conflict("not_camp_staff"),
        Refused::UnknownWeek(_) => AppError::field("weekIds", "camp_week_unknown"),
        Refused::Db(e) => AppError::from(e),
    }
}

/// The weeks a counsellor looks after, in the camp's order (none for anyone else).
pub fn my_weeks(conn: &Connection, user_id: &str, is_camp_staff: bool) -> Result<Vec<WeekRow>, AppError> {
    if !is_camp_staff {
        return Ok(Vec::new());
    }
    let mut weeks = Vec::new();
    for week in camp_staff::weeks_of(conn, user_id)? {
        weeks.extend(daycamps::find_week(conn, week)?);
    }
    Ok(weeks)
}

/// The week `week_id`, when `staff` may see it: 403 else, 404 for no such week.
fn seen_week(conn: &Connection, staff: &Staff, week_id: i64) -> Result<WeekRow, AppError> {
    if !may_see_week(staff.is_admin, &camp_staff::weeks_of(conn, &staff.user_id)?, week_id) {
        return Err(AppError::forbidden());
    }
    daycamps::find_week(conn, week_id)?.ok_or_else(AppError::not_found)
}

/// A week's children with their health forms, for those who may see the week.
pub fn week_children(conn: &Connection, staff: &Staff, week_id: i64) -> Result<(WeekRow, Vec<Child>), AppError> {
    seen_week(conn, staff, week_id)?;
    camps::week_children(conn, week_id)
}

/// Each child's day of the week on `day`, for those who may see the week.
pub fn attendance_day(
    conn: &Connection,
    staff: &Staff,
    week_id: i64,
    day: NaiveDate,
    now: DateTime<Utc>,
    tz: &chrono_tz::Tz,
) -> Result<Vec<ChildDayRow>, AppError> {
    seen_week(conn, staff, week_id)?;
    Ok(sheet::day(conn, week_id, day, now, tz)?)
}

/// A child's full record, when core's rule lets `viewer` see it; the opening is logged in the
/// same transaction.
pub fn open_record(
    tx: &Connection,
    registration_id: i64,
    viewer: &Viewer<'_>,
    now: &str,
) -> Result<(RegistrationRow, Option<HealthFormRow>), AppError> {
    let record = camp_staff::open_record(tx, registration_id, viewer, now).map_err(refused)?;
    Ok((record, camp_health::find(tx, registration_id)?))
}

/// A counsellor's phone's entries, under the devices' rules, each judged for the weeks the
/// counsellor is given.
pub fn push_attendance(
    tx: &Connection,
    staff: &Staff,
    tz: chrono_tz::Tz,
    device: &str,
    name: Option<&str>,
    entries: &[Entry],
    now: DateTime<Utc>,
) -> Result<Pushed<Outcome>, AppError> {
    let weeks = camp_staff::weeks_of(tx, &staff.user_id)?;
    let kind = Attendance { user_id: &staff.user_id, is_admin: staff.is_admin, weeks: &weeks, tz };
    Ok(devices::push(tx, &kind, device, name, entries, now)?)
}
