//! Figures read from the database when `/metrics` is scraped: what waits in the mail outbox,
//! what the phones' score entries became, the open conflicts and the live sessions.

use centre_core::sync::SyncOutcome;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct DbStats {
    pub outbox_pending: i64,
    pub outbox_failed: i64,
    /// Age of the oldest e-mail still waiting, 0 when none waits.
    pub oldest_pending_seconds: f64,
    /// Score entries by outcome: applied, duplicate, conflict, rejected.
    pub sync_entries: Vec<(SyncOutcome, i64)>,
    pub open_conflicts: i64,
    pub sessions: i64,
}

pub fn read(conn: &Connection, now: DateTime<Utc>) -> rusqlite::Result<DbStats> {
    let (outbox_pending, outbox_failed, oldest): (i64, i64, Option<String>) = conn.query_row(
        "SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'failed'),
                min(created_at) FILTER (WHERE status = 'pending')
         FROM outbox_emails WHERE status != 'sent'",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let oldest_pending_seconds = oldest
        .and_then(|text| centre_core::timefmt::parse_utc(&text))
        .map_or(0.0, |t| (now - t).num_milliseconds().max(0) as f64 / 1000.0);
    let mut statement = conn.prepare_cached("SELECT outcome, count(*) FROM score_entries GROUP BY outcome")?;
    let counted: Vec<(SyncOutcome, i64)> =
        statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
    // Every outcome, zero included, so that a gauge exists before its first entry.
    let sync_entries = SyncOutcome::ALL
        .iter()
        .map(|&outcome| (outcome, counted.iter().find(|(o, _)| *o == outcome).map_or(0, |(_, n)| *n)))
        .collect();
    let open_conflicts = conn.query_row(
        "SELECT count(*) FROM score_entries WHERE outcome = 'conflict' AND resolution IS NULL",
        [],
        |r| r.get(0),
    )?;
    let sessions =
        conn.query_row("SELECT count(*) FROM tower_sessions WHERE expiry_date > ?1", [now.timestamp()], |r| r.get(0))?;
    Ok(DbStats { outbox_pending, outbox_failed, oldest_pending_seconds, sync_entries, open_conflicts, sessions })
}
