//! Privacy (Loi 25): the person in charge and the retention periods as the privacy page
//! publishes them, what the scheduled work will erase and when, and a member's own data with
//! the person to write to.

use centre_core::privacy::retention::Policy;
use centre_core::validation::PrivacyOfficer;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::db::privacy::retention::{self, Due, PolicyRow};
use crate::db::privacy::{self, OfficerRow, export::MemberData};
use crate::error::AppError;

/// The person in charge, with the retention periods the same page states.
pub struct Published {
    pub officer: OfficerRow,
    pub policy: Policy,
}

fn published(conn: &Connection, officer: OfficerRow) -> Result<Published, AppError> {
    Ok(Published { officer, policy: retention::policy(conn)?.policy })
}

/// The person in charge as published; none until an admin names one.
pub fn officer(conn: &Connection) -> Result<Option<Published>, AppError> {
    privacy::officer(conn)?.map(|o| published(conn, o)).transpose()
}

/// An admin names the person in charge: as published now.
pub fn set_officer(
    tx: &Connection,
    officer: &PrivacyOfficer,
    by: &str,
    now: DateTime<Utc>,
) -> Result<Published, AppError> {
    published(tx, privacy::set_officer(tx, officer, by, now)?)
}

/// The retention periods, each row the scheduled work will erase or anonymise and when, and the
/// e-mails that belong to no account.
pub struct Retention {
    pub policy: PolicyRow,
    pub pending: Vec<Due>,
    pub ownerless_emails: i64,
}

fn retention_of(conn: &Connection, policy: PolicyRow) -> Result<Retention, AppError> {
    let pending = retention::pending(conn, policy.policy)?;
    Ok(Retention { policy, pending, ownerless_emails: retention::ownerless_emails(conn)? })
}

pub fn retention(conn: &Connection) -> Result<Retention, AppError> {
    retention_of(conn, retention::policy(conn)?)
}

/// An admin changes the periods: what goes when, under the new ones.
pub fn set_retention(tx: &Connection, policy: Policy, by: &str, now: DateTime<Utc>) -> Result<Retention, AppError> {
    retention_of(tx, retention::set_policy(tx, policy, by, now)?)
}

/// A member's own data, and the person in charge the page names.
pub fn my_data_page(conn: &Connection, user_id: &str) -> Result<(MemberData, Option<OfficerRow>), AppError> {
    Ok((privacy::export::member_data(conn, user_id)?, privacy::officer(conn)?))
}
