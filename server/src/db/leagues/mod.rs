//! Weekly leagues: the league (an event's season settings), its nights and their grids. The
//! rules (group sizes, the grid, a night's layout, movement) are core's `league`; this stores
//! what they gave. `setup.rs` creates and edits a league and publishes its first night.

pub mod nights;
pub mod setup;
pub mod views;

use centre_core::format::MatchFormat;
use centre_core::league::{ClosureReason, Grid, NightState};
use centre_core::timefmt::parse_date;
use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::json_column;

#[derive(Debug, Clone, PartialEq)]
pub struct LeagueRow {
    pub id: i64,
    pub event_id: i64,
    /// The nights' first match, in the centre's time ('HH:MM').
    pub start_time: String,
    /// Tier 1's court first.
    pub courts: Vec<i64>,
    pub group_size: u8,
    pub format: MatchFormat,
    pub match_duration_minutes: u16,
    pub confirm_hours: u16,
    /// The first night's order the admin set; none: the registration order.
    pub seeding: Option<Vec<i64>>,
    pub version: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NightRow {
    /// From 1, in date order.
    pub number: u32,
    pub date: NaiveDate,
    pub state: NightState,
    /// Set once published.
    pub grid: Option<Grid>,
    pub cancel_reason: Option<ClosureReason>,
    pub cancel_message: Option<String>,
}

const COLUMNS: &str = "id, event_id, start_time, courts, group_size, format, match_duration_minutes, confirm_hours,
    seeding, version";

fn from_row(r: &Row<'_>) -> rusqlite::Result<LeagueRow> {
    Ok(LeagueRow {
        id: r.get(0)?,
        event_id: r.get(1)?,
        start_time: r.get(2)?,
        courts: json_column(r.get(3)?, 3)?.unwrap_or_default(),
        group_size: r.get(4)?,
        format: json_column(r.get(5)?, 5)?.unwrap_or_default(),
        match_duration_minutes: r.get(6)?,
        confirm_hours: r.get(7)?,
        seeding: json_column(r.get(8)?, 8)?,
        version: r.get(9)?,
    })
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<LeagueRow>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM leagues WHERE id = ?1"))?
        .query_row(params![id], from_row)
        .optional()
}

pub fn find_for_event(conn: &Connection, event_id: i64) -> rusqlite::Result<Option<LeagueRow>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM leagues WHERE event_id = ?1"))?
        .query_row(params![event_id], from_row)
        .optional()
}

/// The season's nights, the first first.
pub fn season(conn: &Connection, league_id: i64) -> rusqlite::Result<Vec<NightRow>> {
    conn.prepare_cached(
        "SELECT number, night_date, state, grid, cancel_reason, cancel_message
           FROM league_nights WHERE league_id = ?1 ORDER BY number",
    )?
    .query_map(params![league_id], |r| {
        let date: String = r.get(1)?;
        Ok(NightRow {
            number: r.get(0)?,
            date: parse_date(&date).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, "not a date".into())
            })?,
            state: r.get(2)?,
            grid: json_column(r.get(3)?, 3)?,
            cancel_reason: r.get(4)?,
            cancel_message: r.get(5)?,
        })
    })?
    .collect()
}

/// Marks a change of the league or its nights: live pages follow `version`.
pub fn bump_version(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE leagues SET version = version + 1 WHERE id = ?1", params![id])?;
    Ok(())
}
