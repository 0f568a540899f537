//! Day camps: the weeks the page shows, a child's registration with its RL-24 payers, and the
//! admin's 'Camps de jour' tab (programs and places, a week's children with their health forms
//! and the transfer that paid each).

use centre_core::validation::Payer;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::registration::{camps, payers};
use crate::db::camp_health::{self, HealthFormRow};
use crate::db::daycamps::{self, NewRegistration, Places, ProgramRow, RegistrationRow, WeekRow};
use crate::db::payments::{Kind, transfers};
use crate::error::AppError;
use crate::secret::SinKey;
use crate::settings::Settings;

/// A week with its places per program.
pub type WeekPlaces = (WeekRow, Vec<Places>);

/// The weeks in date order with every program's places; 404 when `program` is named and unknown.
pub fn weeks(conn: &Connection, program: Option<&str>) -> Result<Vec<WeekPlaces>, AppError> {
    if let Some(id) = program
        && daycamps::find_program(conn, id)?.is_none()
    {
        return Err(AppError::not_found());
    }
    Ok(daycamps::list_weeks(conn)?)
}

/// The programs, and every week with its places per program.
pub fn overview(conn: &Connection) -> Result<(Vec<ProgramRow>, Vec<WeekPlaces>), AppError> {
    Ok((daycamps::list_programs(conn)?, daycamps::list_weeks(conn)?))
}

/// A child's registration from the form: the one registration path (`registration::camps`),
/// then its payers, each number sealed for it.
#[allow(clippy::too_many_arguments)]
pub fn register(
    tx: &Connection,
    new: &NewRegistration<'_>,
    child: &str,
    new_payers: &[Payer],
    key: Option<&SinKey>,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<(RegistrationRow, ProgramRow), AppError> {
    let done = camps::register_and_mail(tx, new, child, settings, new.lang, now)?;
    payers::save(tx, key, done.0.id, new_payers, false, new.now)?;
    Ok(done)
}

/// A registration with its health form, where it has one.
pub type Child = (RegistrationRow, Option<HealthFormRow>);

/// The week's children, program order then last name, each with its health form; 404 for no
/// such week.
pub fn week_children(conn: &Connection, week_id: i64) -> Result<(WeekRow, Vec<Child>), AppError> {
    let week = daycamps::find_week(conn, week_id)?.ok_or_else(AppError::not_found)?;
    let mut children = Vec::new();
    for r in daycamps::list_for_week(conn, week_id)? {
        let form = camp_health::find(conn, r.id)?;
        children.push((r, form));
    }
    Ok((week, children))
}

/// A child as the admin's tab lists them: with the transfer that paid it.
pub type PaidChild = (Child, Option<transfers::PaidBy>);

/// The week's children as the admin's tab lists them.
pub fn admin_week(conn: &Connection, week_id: i64) -> Result<(WeekRow, Vec<PaidChild>), AppError> {
    let (week, children) = week_children(conn, week_id)?;
    let mut rows = Vec::with_capacity(children.len());
    for child in children {
        let paid_by = transfers::paid_by(conn, Kind::Camp, child.0.id, child.0.payment_status)?;
        rows.push((child, paid_by));
    }
    Ok((week, rows))
}
