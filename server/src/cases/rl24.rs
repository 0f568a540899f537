//! The RL-24 (childcare expenses): a year's lines, one per payer per child, from every camp
//! registration money was received for.

use rusqlite::Connection;

use crate::db::{camp_payers, daycamps};
use crate::error::AppError;
use crate::exports::rl24::{self, Line, Source};

/// The lines of `year`, amounts split by the payers' shares (`exports::rl24`).
pub fn lines(conn: &Connection, year: i32, tz: chrono_tz::Tz) -> Result<Vec<Line>, AppError> {
    let mut sources = Vec::new();
    for registration in daycamps::list_paid_or_refunded(conn)? {
        let facts = camp_payers::money_facts(conn, registration.id)?;
        let payers = camp_payers::list(conn, registration.id)?;
        sources.push(Source { registration, facts, payers });
    }
    Ok(rl24::lines(&sources, year, tz))
}
