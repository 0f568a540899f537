//! Reconciliation: a batch of Interac transfers (read by core from pasted notification e-mails
//! or a bank's CSV) matched against every registration that has a reference, and the admin's
//! confirmation, which marks the chosen registrations paid and records which transfer paid
//! which, in one transaction. Nothing is marked paid without that confirmation.

use rusqlite::{Connection, OptionalExtension, params};

use super::status::{self, StatusError};
use super::{Kind, PaymentStatus};

/// A registration a transfer can pay, with what the console shows of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    pub amount_cents: i64,
    pub status: PaymentStatus,
    pub name: String,
    pub title: String,
}

/// Every registration with an amount to pay, whatever its state.
pub fn candidates(conn: &Connection) -> rusqlite::Result<Vec<Candidate>> {
    let row = |kind: Kind| {
        move |r: &rusqlite::Row<'_>| {
            Ok(Candidate {
                kind,
                id: r.get(0)?,
                reference: r.get(1)?,
                amount_cents: r.get(2)?,
                name: r.get(3)?,
                status: r.get(4)?,
                title: r.get(5)?,
            })
        }
    };
    super::registrations(
        conn,
        ["r.payment_status, e.title", "r.payment_status, r.program_id"],
        ["r.amount_due_cents > 0", "r.amount_cents > 0"],
        row,
    )
}

/// Bank reference numbers already recorded (a transfer confirmed in an earlier batch).
pub fn known_bank_references(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached("SELECT bank_reference FROM payment_transfers WHERE bank_reference IS NOT NULL")?
        .query_map([], |r| r.get(0))?
        .collect()
}

/// One confirmed transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmed<'a> {
    pub kind: Kind,
    pub registration_id: i64,
    pub amount_cents: i64,
    pub sender: &'a str,
    pub message: &'a str,
    pub date: Option<&'a str>,
    pub bank_reference: Option<&'a str>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfirmError {
    #[error(transparent)]
    Status(#[from] StatusError),
    /// The amount is not what the registration owes: confirm by hand instead.
    #[error("amount mismatch")]
    AmountMismatch,
    /// Already paid, or the transfer (its bank reference) was recorded before.
    #[error("already recorded")]
    AlreadyRecorded,
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// Marks each registration paid (an expired one takes its places back) and records its
/// transfer. The caller's transaction makes the batch all or nothing.
pub fn confirm(conn: &Connection, batch: &[Confirmed<'_>], by: &str, now: &str) -> Result<usize, ConfirmError> {
    for t in batch {
        let (table, column) = match t.kind {
            Kind::Event => ("event_registrations r", "amount_due_cents"),
            Kind::Camp => ("day_camp_registrations r", "amount_cents"),
        };
        let owed: Option<(i64, PaymentStatus)> = conn
            .query_row(
                &format!("SELECT r.{column}, r.payment_status FROM {table} WHERE r.id = ?1"),
                params![t.registration_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let (owed, state) = owed.ok_or(StatusError::NotFound)?;
        if owed != t.amount_cents {
            return Err(ConfirmError::AmountMismatch);
        }
        if state == PaymentStatus::Paid {
            return Err(ConfirmError::AlreadyRecorded);
        }
        status::set(conn, t.kind, t.registration_id, PaymentStatus::Paid, now)?;
        let (event_id, camp_id) = match t.kind {
            Kind::Event => (Some(t.registration_id), None),
            Kind::Camp => (None, Some(t.registration_id)),
        };
        let inserted = conn.execute(
            "INSERT INTO payment_transfers (event_registration_id, camp_registration_id, amount_cents, sender, message,
                 transfer_date, bank_reference, confirmed_by, confirmed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![event_id, camp_id, t.amount_cents, t.sender, t.message, t.date, t.bank_reference, by, now],
        );
        match inserted {
            Ok(_) => {}
            Err(e) if crate::db::refusal(&e).is_some() => {
                return Err(ConfirmError::AlreadyRecorded);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(batch.len())
}

/// The transfer that paid a registration, as the console shows it on the registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidBy {
    pub sender: String,
    pub amount_cents: i64,
    pub date: Option<String>,
    pub confirmed_at: String,
}

/// The transfer that paid a registration, if it is paid and one was recorded.
pub fn paid_by(conn: &Connection, kind: Kind, id: i64, status: PaymentStatus) -> rusqlite::Result<Option<PaidBy>> {
    if status != PaymentStatus::Paid {
        return Ok(None);
    }
    let column = match kind {
        Kind::Event => "event_registration_id",
        Kind::Camp => "camp_registration_id",
    };
    conn.query_row(
        &format!("SELECT sender, amount_cents, transfer_date, confirmed_at FROM payment_transfers WHERE {column} = ?1"),
        params![id],
        |r| Ok(PaidBy { sender: r.get(0)?, amount_cents: r.get(1)?, date: r.get(2)?, confirmed_at: r.get(3)? }),
    )
    .optional()
}
