//! The payment states and their transitions, the same for event and camp registrations:
//!
//! - pending ⇄ paid (a payment marked, or taken back);
//! - pending → expired (the deadline passed; `due.rs`), expired → pending (restored) or paid
//!   (paid late): both take the places back, if they are still there;
//! - paid → refunded (money returned). Refunded is final.
//!
//! Expired and refunded registrations are released: an event registration becomes
//! `cancelled` (its people leave the event's count), a camp registration gives back its weeks
//! (enrolments deleted, the week ids kept in `released_weeks` for a restore). The schema's
//! CHECKs keep the count and the places honest under concurrency. A team of an event whose
//! tournament schedule exists is never released or restored here: the admin withdraws it
//! (deleting the registration) instead.
//!
//! Taking the places back keeps `released_at`: a registration an admin brought back is the
//! admin's to follow, so the deadline never releases it again (`overview::unpaid` gives it no
//! deadline); otherwise the next pass would release it again at once and tell its registrant
//! a second time.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Kind, PaymentStatus};
use crate::db::{events, tournaments};

#[derive(Debug, thiserror::Error)]
pub enum StatusError {
    #[error("no such registration")]
    NotFound,
    #[error("a payment cannot go from {} to {}", from.as_str(), to.as_str())]
    NotAllowed { from: PaymentStatus, to: PaymentStatus },
    /// Taking the places back: the event or a camp week is full now, or the member (the
    /// child) registered again meanwhile.
    #[error("the places are no longer available")]
    PlacesGone,
    /// A team of an event whose tournament schedule exists.
    #[error("the event's tournament has started")]
    TournamentStarted,
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

pub(super) fn table(kind: Kind) -> &'static str {
    match kind {
        Kind::Event => "event_registrations",
        Kind::Camp => "day_camp_registrations",
    }
}

/// The registration's payment state, `None` when it does not exist.
pub fn current(conn: &Connection, kind: Kind, id: i64) -> rusqlite::Result<Option<PaymentStatus>> {
    conn.query_row(&format!("SELECT payment_status FROM {} WHERE id = ?1", table(kind)), params![id], |r| r.get(0))
        .optional()
}

/// Moves a registration to `to` (see the module's text). `now` is stored as the release time.
pub fn set(conn: &Connection, kind: Kind, id: i64, to: PaymentStatus, now: &str) -> Result<(), StatusError> {
    let from = current(conn, kind, id)?.ok_or(StatusError::NotFound)?;
    if from == to {
        return Ok(());
    }
    if !from.can_become(to) {
        return Err(StatusError::NotAllowed { from, to });
    }
    match (from.is_released(), to.is_released()) {
        (false, true) => release(conn, kind, id, to, now),
        (true, false) => take_back(conn, kind, id, to),
        _ => {
            conn.execute(&format!("UPDATE {} SET payment_status = ?2 WHERE id = ?1", table(kind)), params![id, to])?;
            if from == PaymentStatus::Paid && to == PaymentStatus::Pending {
                // The payment taken back (the transfer bounced, or was someone else's): the
                // transfer recorded as paying it no longer does, and must not stand in the way of
                // the one that will (a registration is paid by one transfer).
                let column = match kind {
                    Kind::Event => "event_registration_id",
                    Kind::Camp => "camp_registration_id",
                };
                conn.execute(&format!("DELETE FROM payment_transfers WHERE {column} = ?1"), params![id])?;
            }
            Ok(())
        }
    }
}

/// True when `event_id` has a tournament whose schedule exists (past 'setup').
pub fn tournament_started(conn: &Connection, event_id: i64) -> rusqlite::Result<bool> {
    Ok(tournaments::find_for_event(conn, event_id)?.is_some_and(|t| t.status.has_schedule()))
}

/// The event of a registration whose places may move: a team's only while its tournament has
/// not started.
fn event_of_movable(conn: &Connection, id: i64) -> Result<i64, StatusError> {
    let (event_id, team): (i64, bool) = conn
        .query_row("SELECT event_id, kind = 'team' FROM event_registrations WHERE id = ?1", params![id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?
        .ok_or(StatusError::NotFound)?;
    if team && tournament_started(conn, event_id)? {
        return Err(StatusError::TournamentStarted);
    }
    Ok(event_id)
}

fn release(conn: &Connection, kind: Kind, id: i64, to: PaymentStatus, now: &str) -> Result<(), StatusError> {
    match kind {
        Kind::Event => {
            let event_id = event_of_movable(conn, id)?;
            conn.execute(
                "UPDATE event_registrations SET payment_status = ?2, status = 'cancelled', released_at = ?3 WHERE id = ?1",
                params![id, to, now],
            )?;
            events::recount_participants(conn, event_id)?;
        }
        Kind::Camp => {
            let weeks: Vec<i64> = conn
                .prepare_cached("SELECT week_id FROM day_camp_enrolments WHERE registration_id = ?1 ORDER BY week_id")?
                .query_map(params![id], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            conn.execute(
                "UPDATE day_camp_places SET taken = taken - 1
                  WHERE (program_id, week_id) IN (SELECT program_id, week_id FROM day_camp_enrolments WHERE registration_id = ?1)",
                params![id],
            )?;
            conn.execute("DELETE FROM day_camp_enrolments WHERE registration_id = ?1", params![id])?;
            let released =
                serde_json::to_string(&weeks).map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
            conn.execute(
                "UPDATE day_camp_registrations SET payment_status = ?2, released_at = ?3, released_weeks = ?4 WHERE id = ?1",
                params![id, to, now, released],
            )?;
        }
    }
    Ok(())
}

/// Places back, or `PlacesGone` (the caller's transaction is then rolled back).
fn take_back(conn: &Connection, kind: Kind, id: i64, to: PaymentStatus) -> Result<(), StatusError> {
    let gone = |e: rusqlite::Error| {
        if crate::db::refusal(&e).is_some() { StatusError::PlacesGone } else { StatusError::Db(e) }
    };
    match kind {
        Kind::Event => {
            let event_id = event_of_movable(conn, id)?;
            conn.execute(
                "UPDATE event_registrations SET payment_status = ?2, status = 'confirmed' WHERE id = ?1",
                params![id, to],
            )
            .map_err(gone)?;
            events::recount_participants(conn, event_id).map_err(gone)?;
        }
        Kind::Camp => {
            let (program_id, first, last, birth, released): (
                String,
                String,
                String,
                chrono::NaiveDate,
                Option<String>,
            ) = conn.query_row(
                "SELECT program_id, child_first_name, child_last_name, child_birth_date, released_weeks
                       FROM day_camp_registrations WHERE id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )?;
            // The same key as at registration: the same child twice in a week stays refused.
            let key = centre_core::camps::child_key(&first, &last, birth);
            let weeks: Vec<i64> = released.as_deref().and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default();
            for week in weeks {
                let taken = conn
                    .execute(
                        "UPDATE day_camp_places SET taken = taken + 1 WHERE program_id = ?1 AND week_id = ?2 AND taken < capacity",
                        params![program_id, week],
                    )
                    .map_err(gone)?;
                if taken != 1 {
                    return Err(StatusError::PlacesGone);
                }
                conn.execute(
                    "INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES (?1, ?2, ?3, ?4)",
                    params![id, week, program_id, key],
                )
                .map_err(gone)?;
            }
            conn.execute(
                "UPDATE day_camp_registrations SET payment_status = ?2, released_weeks = NULL WHERE id = ?1",
                params![id, to],
            )?;
        }
    }
    Ok(())
}
