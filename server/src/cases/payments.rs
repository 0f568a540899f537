//! A registration's payment state as an admin changes it, and the payment deadlines the console
//! lists.

use centre_core::payments::PaymentStatus;
use centre_core::timefmt::utc_text;
use rusqlite::Connection;

use crate::db::payments::status::{self, StatusError};
use crate::db::payments::{self, DeadlineRow, Kind};
use crate::db::waitlist::offers::{self, Refill};
use crate::db::{daycamps, event_registrations};
use crate::error::AppError;

impl From<StatusError> for AppError {
    fn from(e: StatusError) -> Self {
        match e {
            StatusError::NotFound => AppError::not_found(),
            StatusError::NotAllowed { .. } => AppError::conflict("payment_transition_invalid"),
            StatusError::PlacesGone => AppError::conflict("payment_places_gone"),
            StatusError::TournamentStarted => AppError::conflict("payment_tournament_started"),
            StatusError::Db(e) => e.into(),
        }
    }
}

/// Moves a registration's payment state (see `db::payments::status`); the places a release
/// frees go to the waiting lists in the same transaction.
fn change(tx: &Connection, kind: Kind, id: i64, to: PaymentStatus, refill: &Refill<'_>) -> Result<(), AppError> {
    status::set(tx, kind, id, to, &utc_text(refill.now))?;
    offers::refill_all(tx, refill)?;
    Ok(())
}

/// An event registration's payment state changed: the registration as it is now.
pub fn set_event_payment(
    tx: &Connection,
    id: i64,
    to: PaymentStatus,
    refill: &Refill<'_>,
) -> Result<event_registrations::RegistrationRow, AppError> {
    change(tx, Kind::Event, id, to, refill)?;
    event_registrations::find(tx, id)?.ok_or_else(AppError::not_found)
}

/// A day-camp registration's payment state changed: the registration as it is now.
pub fn set_camp_payment(
    tx: &Connection,
    id: i64,
    to: PaymentStatus,
    refill: &Refill<'_>,
) -> Result<daycamps::RegistrationRow, AppError> {
    change(tx, Kind::Camp, id, to, refill)?;
    daycamps::find(tx, id)?.ok_or_else(AppError::not_found)
}

/// Every deadline set: on events, and on camp programs.
pub fn deadlines(conn: &Connection) -> Result<(Vec<DeadlineRow>, Vec<DeadlineRow>), AppError> {
    Ok((payments::deadlines(conn, Kind::Event)?, payments::deadlines(conn, Kind::Camp)?))
}
