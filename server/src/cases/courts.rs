//! Court bookings: a member books a slot, or a booking is cancelled (by its member or the
//! centre), each in one transaction with its e-mail to the member's own verified address (none
//! when it is not verified: the booking is made or cancelled all the same). A cancelled slot is
//! told at once to everyone waiting for it; the first to book it wins.

use centre_core::Lang;
use centre_core::slots::SlotError;
use centre_core::validation::CourtBooking;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::db::courts::{self, BookError, Booker, BookingRow, BookingRules, CancelError};
use crate::db::outbox;
use crate::emails::courts::{self as mails, BookingMail, CancelledBy, Context};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::AppError;

/// A slot rule refused a request: the field it concerns and the catalogue code.
pub fn slot_error(e: SlotError) -> AppError {
    match e {
        SlotError::SlotTaken => AppError::conflict("slot_taken"),
        SlotError::WrongSlotLength => AppError::field("endTime", e.code()),
        SlotError::DateInPast | SlotError::OutsideOpeningHours | SlotError::NotASlot => {
            AppError::field("startTime", e.code())
        }
        SlotError::InvalidSettings => AppError::Internal("court hours are not valid slot settings".to_owned()),
    }
}

impl From<CancelError> for AppError {
    fn from(e: CancelError) -> Self {
        match e {
            CancelError::NotFound => AppError::not_found(),
            CancelError::AlreadyCancelled => AppError::conflict("booking_already_cancelled"),
            CancelError::NotConfirmed => AppError::conflict("booking_not_confirmed"),
            CancelError::Db(e) => e.into(),
        }
    }
}

fn book_error(e: BookError) -> AppError {
    match e {
        BookError::NoCourt => AppError::field("courtId", "court_invalid"),
        BookError::Slot(e) => slot_error(e),
        BookError::Limit => AppError::conflict("booking_limit"),
        BookError::Schedule(e) => e.into(),
        BookError::Db(e) => e.into(),
    }
}

/// What a booking's e-mails say, in the member's language; none for a booking with no times.
fn mail_of<'a>(b: &'a BookingRow, to: &'a str) -> Option<BookingMail<'a>> {
    let lang = b.lang;
    let court_name = if lang == Lang::En && !b.court_name_en.is_empty() { &b.court_name_en } else { &b.court_name };
    Some(BookingMail {
        id: b.id,
        court_name,
        first_name: &b.first_name,
        to,
        start: b.start()?,
        end: b.end()?,
        players: b.players,
        ball_rental: b.ball_rental,
        notes: b.notes.as_deref(),
        lang,
    })
}

/// Books the form's slot for `who` (the court's slots, the member's limit of future bookings,
/// a slot someone else holds is 409 `slot_taken`), and queues its confirmation.
pub fn book(
    tx: &Connection,
    form: &CourtBooking,
    who: &Booker<'_>,
    rules: &BookingRules,
    public_url: &str,
) -> Result<BookingRow, AppError> {
    let row = courts::book(tx, form, who, rules).map_err(book_error)?;
    if let Some(to) = courts::recipient(tx, &row, "confirmation")?
        && let Some(mail) = mail_of(&row, &to)
    {
        let ctx = Context { public_url, tz: rules.tz, now: who.now };
        outbox::enqueue(tx, outbox::About::CourtBooking(row.id), &mails::confirmation(&mail, ctx), who.now)?;
    }
    Ok(row)
}

/// Cancels booking `id` when `allowed` (what this caller may cancel) lets it: the booking as
/// cancelled. Everyone waiting for its slot is told, and the member gets the cancellation.
pub fn cancel(
    tx: &Connection,
    id: i64,
    by: CancelledBy,
    allowed: impl FnOnce(&BookingRow) -> Result<(), AppError>,
    letters: &WaitlistLetters,
    now: DateTime<Utc>,
) -> Result<BookingRow, AppError> {
    let (row, cancelled) = courts::cancel_booking(tx, id, now, allowed)?;
    crate::db::waitlist::offers::slot_freed(tx, row.court_id, &row.start_time, letters, now)?;
    if let Some(to) = courts::recipient(tx, &row, "cancellation")?
        && let Some(mail) = mail_of(&row, &to)
    {
        let ctx = Context { public_url: &letters.public_url, tz: letters.tz, now };
        outbox::enqueue(tx, outbox::About::CourtBooking(row.id), &mails::cancellation(&mail, by, ctx), now)?;
    }
    Ok(cancelled)
}
