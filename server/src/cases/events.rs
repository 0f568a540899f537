//! An event's changes that free places: a raised maximum, a registration deleted. Each offers
//! the places it frees to the event's waiting list in the same transaction.

use rusqlite::Connection;

use crate::db::event_registrations::{self, RegistrationRow};
use crate::db::events::{self, EventFields, EventFlags, EventRow, UpdateRefused};
use crate::db::payments::Kind;
use crate::db::payments::transfers::{self, PaidBy};
use crate::db::tournaments::scores::Changed;
use crate::db::waitlist::Target;
use crate::db::waitlist::offers::{self, Refill};
use crate::error::AppError;

/// The event's new fields and flags; 404 for no such event, 422 on `maxParticipants` below the
/// people already registered.
pub fn update(
    tx: &Connection,
    id: i64,
    fields: &EventFields,
    flags: EventFlags,
    refill: &Refill<'_>,
) -> Result<EventRow, AppError> {
    match events::update(tx, id, fields, flags)? {
        Ok(row) => {
            offers::refill(tx, &Target::Event(id), refill)?;
            Ok(row)
        }
        Err(UpdateRefused::NotFound) => Err(AppError::not_found()),
        Err(UpdateRefused::BelowRegistered) => Err(AppError::field("maxParticipants", "max_below_registered")),
    }
}

/// An admin deletes a registration (`user_id`, at `now`): the registration deleted and what it
/// changed in the tournament; none for no such registration.
pub fn delete_registration(
    tx: &Connection,
    id: i64,
    user_id: &str,
    refill: &Refill<'_>,
) -> Result<Option<(RegistrationRow, Option<Changed>)>, AppError> {
    let now = centre_core::timefmt::utc_text(refill.now);
    let deleted = event_registrations::delete(tx, id, user_id, &now).map_err(AppError::from)?;
    if let Some((row, _)) = &deleted {
        offers::refill(tx, &Target::Event(row.event_id), refill)?;
    }
    Ok(deleted)
}

/// The event's registrations for the console, each with the transfer that paid it; 404 for no
/// such event.
pub fn registrations(conn: &Connection, event_id: i64) -> Result<Vec<(RegistrationRow, Option<PaidBy>)>, AppError> {
    events::find(conn, event_id)?.ok_or_else(AppError::not_found)?;
    let mut out = Vec::new();
    for row in event_registrations::list_for_event(conn, event_id)? {
        let paid_by = transfers::paid_by(conn, Kind::Event, row.id, row.payment_status)?;
        out.push((row, paid_by));
    }
    Ok(out)
}
