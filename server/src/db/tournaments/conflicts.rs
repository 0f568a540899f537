//! What the phones' entries left for an admin to settle, in one list: the score conflicts
//! (`sync`) and the teams' disputes raised from a phone (`report_entries`), each settled by its
//! entry's id.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::scores::Changed;
use super::sync::{self, Conflict, Keep, ResolveRefused};
use super::{MatchRow, report_entries};

/// The open conflicts of a tournament, oldest first: the phones' scores, then the teams' disputes.
pub fn open(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<Conflict>> {
    let mut all = sync::conflicts(conn, tournament_id)?;
    all.extend(report_entries::disputes(conn, tournament_id)?);
    Ok(all)
}

/// Settles the conflict raised by entry `entry_id`, whichever kind raised it.
pub fn resolve(
    conn: &Connection,
    entry_id: &str,
    keep: Keep,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), ResolveRefused> {
    match report_entries::resolve(conn, entry_id, keep, user_id, now) {
        Some(decided) => decided,
        None => sync::resolve(conn, entry_id, keep, user_id, now),
    }
}
