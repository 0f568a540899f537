//! The payers of a day-camp registration (V20, `camp_registration_payers`), for the RL-24
//! figures. The social insurance number arrives here already sealed (`secret.rs`): this module
//! never sees it in clear, and keeps its last three digits for the mask.

use centre_core::validation::Payer;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A payer as stored.
#[derive(Debug, Clone)]
pub struct PayerRow {
    pub registration_id: i64,
    /// 1 or 2.
    pub position: i64,
    pub name: String,
    /// None once anonymised, as are the other parts of the address.
    pub street: Option<String>,
    pub city: Option<String>,
    pub province: Option<String>,
    pub postal_code: Option<String>,
    pub share_percent: i64,
    pub sin_sealed: Option<Vec<u8>>,
    pub sin_last3: Option<String>,
    pub updated_at: String,
    pub anonymised_at: Option<String>,
}

/// A validated payer and its number sealed for the registration (when one was given).
pub struct NewPayer<'a> {
    pub payer: &'a Payer,
    pub sin_sealed: Option<Vec<u8>>,
}

const COLUMNS: &str = "registration_id, position, name, street, city, province, postal_code, share_percent, \
     sin_sealed, sin_last3, updated_at, anonymised_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<PayerRow> {
    Ok(PayerRow {
        registration_id: r.get(0)?,
        position: r.get(1)?,
        name: r.get(2)?,
        street: r.get(3)?,
        city: r.get(4)?,
        province: r.get(5)?,
        postal_code: r.get(6)?,
        share_percent: r.get(7)?,
        sin_sealed: r.get(8)?,
        sin_last3: r.get(9)?,
        updated_at: r.get(10)?,
        anonymised_at: r.get(11)?,
    })
}

/// One sealed number and its registration, if any is stored: the start refuses to run without
/// its key, or with a key that does not open it.
pub fn one_sealed(conn: &Connection) -> rusqlite::Result<Option<(i64, Vec<u8>)>> {
    conn.query_row(
        "SELECT registration_id, sin_sealed FROM camp_registration_payers WHERE sin_sealed IS NOT NULL LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// The registration's payers, first then second.
pub fn list(conn: &Connection, registration_id: i64) -> rusqlite::Result<Vec<PayerRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM camp_registration_payers WHERE registration_id = ?1 ORDER BY position"
    ))?;
    stmt.query_map(params![registration_id], from_row)?.collect()
}

/// The payers of these registrations, grouped in the order given.
pub fn list_many(conn: &Connection, registration_ids: &[i64]) -> rusqlite::Result<Vec<Vec<PayerRow>>> {
    registration_ids.iter().map(|id| list(conn, *id)).collect()
}

/// Replaces the registration's payers, in the caller's transaction. A payer given without a
/// number keeps the one stored at its position, when the name is the same (the form shows the
/// number masked and sends it blank); `forget_numbers` drops every stored number instead.
pub fn replace(
    tx: &Connection,
    registration_id: i64,
    payers: &[NewPayer<'_>],
    forget_numbers: bool,
    now: &str,
) -> rusqlite::Result<()> {
    let before = list(tx, registration_id)?;
    tx.execute("DELETE FROM camp_registration_payers WHERE registration_id = ?1", params![registration_id])?;
    let mut stmt = tx.prepare_cached(
        "INSERT INTO camp_registration_payers (registration_id, position, name, street, city, province, postal_code,
             share_percent, sin_sealed, sin_last3, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    for (i, new) in payers.iter().enumerate() {
        let position = i as i64 + 1;
        let p = new.payer;
        let kept = before
            .iter()
            .find(|b| b.position == position && b.name == p.name().as_str() && !forget_numbers)
            .and_then(|b| Some((b.sin_sealed.clone()?, b.sin_last3.clone()?)));
        let (sealed, last3) = match (&new.sin_sealed, p.sin()) {
            (Some(sealed), Some(sin)) => (Some(sealed.clone()), Some(sin.last3().to_owned())),
            _ => kept.map_or((None, None), |(s, l)| (Some(s), Some(l))),
        };
        stmt.execute(params![
            registration_id,
            position,
            p.name().as_str(),
            p.street().as_str(),
            p.city().as_str(),
            p.province(),
            p.postal_code(),
            i64::from(p.share()),
            sealed,
            last3,
            now
        ])?;
    }
    Ok(())
}

/// Anonymises the payers of the registrations `which` selects (a condition on
/// `day_camp_registrations` with one parameter): the name, the address and the number go, the
/// share stays with the accounts.
pub fn anonymise_where(
    conn: &Connection,
    which: &str,
    param: &str,
    anonymous: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        &format!(
            "UPDATE camp_registration_payers SET name = ?2, street = NULL, city = NULL, province = NULL,
                 postal_code = NULL, sin_sealed = NULL, sin_last3 = NULL, anonymised_at = COALESCE(anonymised_at, ?3)
             WHERE registration_id IN (SELECT id FROM day_camp_registrations WHERE {which})"
        ),
        params![param, anonymous, now],
    )?;
    Ok(())
}

/// What the RL-24 figures read of a registration's money: the transfer that paid it, if one
/// was recorded (amount, the bank's date, the admin's confirmation instant), and when it was
/// released (a refund's instant, for a refunded one).
#[derive(Debug, Clone, Default)]
pub struct MoneyFacts {
    pub transfer: Option<(i64, Option<String>, String)>,
    pub released_at: Option<String>,
}

pub fn money_facts(conn: &Connection, registration_id: i64) -> rusqlite::Result<MoneyFacts> {
    let transfer = conn
        .query_row(
            "SELECT amount_cents, transfer_date, confirmed_at FROM payment_transfers WHERE camp_registration_id = ?1",
            params![registration_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let released_at = conn.query_row(
        "SELECT released_at FROM day_camp_registrations WHERE id = ?1",
        params![registration_id],
        |r| r.get(0),
    )?;
    Ok(MoneyFacts { transfer, released_at })
}
