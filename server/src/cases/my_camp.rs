//! A parent's own day-camp registration, as they read and change its parts from
//! /my-registrations: the health form and its consent (until the first day of the first week,
//! core's `camps::health_form_editable`), the RL-24 payers (until 31 January after the camp,
//! core's `rl24::payers_editable`), and a day's absence notice. Each part is read and changed
//! the same way: the parent's own registration (someone else's, or a missing one, is 404),
//! its window checked, the change, and the part as it is now.

use centre_core::camps::health_form_editable;
use centre_core::rl24::payers_editable;
use centre_core::validation::{HealthForm, Payer};
use chrono::NaiveDate;
use rusqlite::Connection;

use super::registration::payers;
use crate::db::camp_attendance::notices::{self, Refused};
use crate::db::camp_health::{self, ConsentRow, HealthFormRow};
use crate::db::camp_payers::{self, PayerRow};
use crate::db::daycamps::{self, RegistrationRow};
use crate::error::AppError;
use crate::secret::SinKey;

/// The parent, and the moment they act (the centre's date, and UTC text).
pub struct Parent {
    pub user_id: String,
    pub today: NaiveDate,
    pub now: String,
}

/// One of the member's own registrations; someone else's or a missing one is 404.
pub fn own(conn: &Connection, id: i64, user_id: &str) -> Result<RegistrationRow, AppError> {
    daycamps::find_for_user(conn, id, user_id)?.ok_or_else(AppError::not_found)
}

/// A part of a registration the parent reads, and changes until a day core's rule names.
pub trait Part: Sized {
    /// The 409's code once the window closed.
    const LOCKED: &'static str;
    fn editable(r: &RegistrationRow, today: NaiveDate) -> bool;
    fn read(conn: &Connection, r: &RegistrationRow) -> Result<Self, AppError>;
}

/// The health form (none once the consent is withdrawn) and the latest consent.
pub struct Health {
    pub form: Option<HealthFormRow>,
    pub consent: Option<ConsentRow>,
}

impl Part for Health {
    const LOCKED: &'static str = "health_form_locked";

    fn editable(r: &RegistrationRow, today: NaiveDate) -> bool {
        r.weeks.iter().map(|w| w.start_date).min().is_some_and(|first| health_form_editable(first, today))
    }

    fn read(conn: &Connection, r: &RegistrationRow) -> Result<Self, AppError> {
        Ok(Health { form: camp_health::find(conn, r.id)?, consent: camp_health::latest_consent(conn, r.id)? })
    }
}

/// Who pays the registration (RL-24), the numbers masked.
pub struct Payers(pub Vec<PayerRow>);

impl Part for Payers {
    const LOCKED: &'static str = "payers_locked";

    fn editable(r: &RegistrationRow, today: NaiveDate) -> bool {
        r.weeks.iter().map(|w| w.end_date).max().is_some_and(|last| payers_editable(last, today))
    }

    fn read(conn: &Connection, r: &RegistrationRow) -> Result<Self, AppError> {
        Ok(Payers(camp_payers::list(conn, r.id)?))
    }
}

/// A part as the parent sees it: their registration, the part, and whether they may change it.
pub struct Mine<P> {
    pub registration: RegistrationRow,
    pub part: P,
    pub editable: bool,
}

fn mine<P: Part>(conn: &Connection, registration: RegistrationRow, today: NaiveDate) -> Result<Mine<P>, AppError> {
    Ok(Mine { part: P::read(conn, &registration)?, editable: P::editable(&registration, today), registration })
}

/// The part of one of the parent's registrations.
pub fn read<P: Part>(conn: &Connection, id: i64, parent: &Parent) -> Result<Mine<P>, AppError> {
    mine(conn, own(conn, id, &parent.user_id)?, parent.today)
}

/// One change to a part, in the caller's transaction: the parent's own registration, the
/// part's window (when `windowed`), `act`, and the part afterwards.
fn change<P: Part>(
    tx: &Connection,
    id: i64,
    parent: &Parent,
    windowed: bool,
    act: impl FnOnce(&RegistrationRow) -> Result<(), AppError>,
) -> Result<Mine<P>, AppError> {
    let registration = own(tx, id, &parent.user_id)?;
    if windowed && !P::editable(&registration, parent.today) {
        return Err(AppError::conflict(P::LOCKED));
    }
    act(&registration)?;
    mine(tx, registration, parent.today)
}

/// The parent's new health form, with their consent recorded again.
pub fn save_health(tx: &Connection, id: i64, parent: &Parent, form: &HealthForm) -> Result<Mine<Health>, AppError> {
    change(tx, id, parent, true, |r| Ok(camp_health::save(tx, r.id, form, Some(&parent.user_id), &parent.now)?))
}

/// The parent withdraws the consent, at any time: the form is erased (409
/// `health_consent_withdrawn` when no consent is in force).
pub fn withdraw_consent(tx: &Connection, id: i64, parent: &Parent) -> Result<Mine<Health>, AppError> {
    change(tx, id, parent, false, |r| match camp_health::withdraw(tx, r.id, &parent.user_id, &parent.now)? {
        true => Ok(()),
        false => Err(AppError::conflict("health_consent_withdrawn")),
    })
}

/// The parent's payers, checked by core (`registration::payers::check`); `forget_numbers`
/// erases every stored number.
pub fn save_payers(
    tx: &Connection,
    id: i64,
    parent: &Parent,
    new: &[Payer],
    forget_numbers: bool,
    key: Option<&SinKey>,
) -> Result<Mine<Payers>, AppError> {
    change(tx, id, parent, true, |r| payers::save(tx, key, r.id, new, forget_numbers, &parent.now))
}

/// The parent's notice that the child will not come on `day`: when the notice kept for that day
/// was recorded (422 on `day` for a day core's rule refuses).
pub fn give_absence(tx: &Connection, id: i64, parent: &Parent, day: NaiveDate) -> Result<String, AppError> {
    own(tx, id, &parent.user_id)?;
    notices::give(tx, id, day, parent.today, &parent.user_id, &parent.now).map_err(|e| match e {
        Refused::Rule(code) => AppError::field("day", code),
        Refused::Db(e) => AppError::from(e),
    })
}
