//! Tournaments: the rows, and the use cases that change them, each inside the caller's
//! `BEGIN IMMEDIATE` transaction. The rules come from core (scheduling, standings, knockout);
//! this module only reads and writes what core decides. The schema refuses a court or a team
//! twice at one time (unique index and triggers of V3), whatever happens here.
//!
//! - [`schedule`]: create, edit (re-timing), generate.
//! - [`scores`]: a score, a correction, and what follows a result (the bracket, the winner).
//! - [`sync`]: score entries pushed by phones (ordered, exactly once) and the conflicts they raise.
//! - [`teams`]: a team withdrawn from its event.
//! - [`views`]: what the console, the event page and the member read.

pub mod conflicts;
pub mod duties;
pub mod report_entries;
pub mod reports;
pub mod schedule;
pub mod scores;
pub mod sync;
pub mod teams;
pub mod views;

use centre_core::format::{Formats, SetScore};
use centre_core::report::Report;
use centre_core::schedule::ScheduleSettings;
use centre_core::tournament::{BracketCode, DutyMode, Match, MatchStatus, RoundType, Scoring, Team, TournamentStatus};
use centre_core::validation::parse_date_time;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::json_column;

use centre_core::registration::auto_team_name;

/// A stored tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    pub status: TournamentStatus,
    pub courts_available: u8,
    pub match_duration_minutes: u16,
    pub break_between_matches: u16,
    pub start_time: Option<String>,
    pub pool_count: u8,
    pub version: i64,
    pub quality_json: Option<String>,
    pub created_at: String,
    /// How the pool's and the knockout's matches are scored (`single` when not set).
    pub formats: Formats,
    /// Who enters the scores, the window of a team's proposal, and whether matches get a work team.
    pub scoring: Scoring,
    pub confirm_minutes: u16,
    pub duty: DutyMode,
    /// Core's measure of the work teams drawn with the schedule (JSON), where there are any.
    pub duty_quality_json: Option<String>,
}

impl TournamentRow {
    /// The settings that place slots in time (`None` while the start time is not set).
    pub fn settings(&self) -> Option<ScheduleSettings> {
        Some(ScheduleSettings {
            courts_available: self.courts_available,
            match_duration_minutes: self.match_duration_minutes,
            break_between_matches: self.break_between_matches,
            start_time: parse_date_time(self.start_time.as_deref()?)?,
        })
    }
}

const TOURNAMENT_COLUMNS: &str = "id, event_id, name, status, courts_available, match_duration_minutes,
    break_between_matches, start_time, pool_count, version, quality_json, created_at, pool_format, knockout_format,
    scoring, confirm_minutes, duty, duty_quality_json";

fn tournament_from_row(row: &Row<'_>) -> rusqlite::Result<TournamentRow> {
    Ok(TournamentRow {
        id: row.get(0)?,
        event_id: row.get(1)?,
        name: row.get(2)?,
        status: row.get(3)?,
        courts_available: row.get(4)?,
        match_duration_minutes: row.get(5)?,
        break_between_matches: row.get(6)?,
        start_time: row.get(7)?,
        pool_count: row.get(8)?,
        version: row.get(9)?,
        quality_json: row.get(10)?,
        created_at: row.get(11)?,
        formats: Formats {
            pool: json_column(row.get(12)?, 12)?.unwrap_or_default(),
            knockout: json_column(row.get(13)?, 13)?.unwrap_or_default(),
        },
        scoring: row.get(14)?,
        confirm_minutes: row.get(15)?,
        duty: row.get(16)?,
        duty_quality_json: row.get(17)?,
    })
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<TournamentRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1"))?;
    stmt.query_row(params![id], tournament_from_row).optional()
}

pub fn find_for_event(conn: &Connection, event_id: i64) -> rusqlite::Result<Option<TournamentRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE event_id = ?1"))?;
    stmt.query_row(params![event_id], tournament_from_row).optional()
}

/// Marks a change of the tournament or its matches: live pages and devices follow `version`.
pub fn bump_version(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ?1", params![id])?;
    Ok(())
}

/// A stored match with its teams' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRow {
    pub id: i64,
    pub tournament_id: i64,
    pub round_type: RoundType,
    pub round_name: String,
    pub bracket_code: Option<BracketCode>,
    pub pool: Option<u8>,
    pub status: MatchStatus,
    /// The team on each side: its registration, or the registration it had before it was
    /// withdrawn (then `team1_withdrawn`).
    pub team1_id: Option<i64>,
    pub team2_id: Option<i64>,
    pub team1_name: Option<String>,
    pub team2_name: Option<String>,
    pub team1_withdrawn: bool,
    pub team2_withdrawn: bool,
    pub team1_from: Option<BracketCode>,
    pub team2_from: Option<BracketCode>,
    pub team1_score: Option<u32>,
    pub team2_score: Option<u32>,
    pub forfeit_side: Option<u8>,
    pub scheduled_time: Option<String>,
    pub court_number: u8,
    pub slot_index: u32,
    pub version: i64,
    pub updated_at: String,
    /// The sets where the phase's format has them.
    pub sets: Vec<SetScore>,
    /// When a scorekeeper marked it started.
    pub started_at: Option<String>,
    /// The teams' report of its result, in a team-scored tournament (core's `Report`).
    pub report: Option<Report>,
    /// Its work team, where the matches get one: known, or the loser of `duty_from` once final.
    pub duty_team_id: Option<i64>,
    pub duty_team_name: Option<String>,
    pub duty_from: Option<BracketCode>,
}

impl MatchRow {
    /// The match as core's rules see it.
    pub fn to_core(&self) -> Match {
        Match {
            id: self.id,
            round_type: self.round_type,
            round_name: self.round_name.clone(),
            bracket_code: self.bracket_code,
            status: self.status,
            team1_id: self.team1_id,
            team2_id: self.team2_id,
            team1_score: self.team1_score,
            team2_score: self.team2_score,
            scheduled_time: self.scheduled_time.as_deref().and_then(parse_date_time),
            court_number: Some(self.court_number),
            forfeit_side: self.forfeit_side,
            sets: self.sets.clone(),
            started: self.started_at.is_some(),
        }
    }

    pub fn is_completed(&self) -> bool {
        self.status == MatchStatus::Completed
    }

    pub fn involves(&self, team: i64) -> bool {
        self.team1_id == Some(team) || self.team2_id == Some(team)
    }
}

/// A team's name as shown: its own, or 'Équipe n'.
const TEAM_NAME: &str = "team_name({r}.team_name, {r}.team_number)";

fn match_select() -> String {
    format!(
        "SELECT m.id, m.tournament_id, m.round_type, m.round_name, m.bracket_code, m.pool, m.status,
            coalesce(m.team1_id, m.team1_withdrawn), coalesce(m.team2_id, m.team2_withdrawn),
            coalesce({}, w1.name), coalesce({}, w2.name), m.team1_from, m.team2_from, m.team1_score, m.team2_score,
            m.forfeit_side, m.scheduled_time, m.court_number, m.slot_index, m.version, m.updated_at, m.sets,
            m.team1_withdrawn IS NOT NULL, m.team2_withdrawn IS NOT NULL, m.started_at, m.report,
            m.duty_team_id, {}, m.duty_from
         FROM matches m
         LEFT JOIN event_registrations r1 ON r1.id = m.team1_id
         LEFT JOIN event_registrations r2 ON r2.id = m.team2_id
         LEFT JOIN withdrawn_teams w1 ON w1.registration_id = m.team1_withdrawn
         LEFT JOIN withdrawn_teams w2 ON w2.registration_id = m.team2_withdrawn
         LEFT JOIN event_registrations r3 ON r3.id = m.duty_team_id",
        TEAM_NAME.replace("{r}", "r1"),
        TEAM_NAME.replace("{r}", "r2"),
        TEAM_NAME.replace("{r}", "r3"),
    )
}

fn match_from_row(row: &Row<'_>) -> rusqlite::Result<MatchRow> {
    Ok(MatchRow {
        id: row.get(0)?,
        tournament_id: row.get(1)?,
        round_type: row.get(2)?,
        round_name: row.get(3)?,
        bracket_code: row.get(4)?,
        pool: row.get(5)?,
        status: row.get(6)?,
        team1_id: row.get(7)?,
        team2_id: row.get(8)?,
        team1_name: row.get(9)?,
        team2_name: row.get(10)?,
        team1_withdrawn: row.get(22)?,
        team2_withdrawn: row.get(23)?,
        started_at: row.get(24)?,
        team1_from: row.get(11)?,
        team2_from: row.get(12)?,
        team1_score: row.get(13)?,
        team2_score: row.get(14)?,
        forfeit_side: row.get(15)?,
        scheduled_time: row.get(16)?,
        court_number: row.get(17)?,
        slot_index: row.get(18)?,
        version: row.get(19)?,
        updated_at: row.get(20)?,
        sets: json_column(row.get(21)?, 21)?.unwrap_or_default(),
        report: json_column(row.get(25)?, 25)?,
        duty_team_id: row.get(26)?,
        duty_team_name: row.get(27)?,
        duty_from: row.get(28)?,
    })
}

/// A tournament's matches in time order, then by court.
pub fn matches(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<MatchRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "{} WHERE m.tournament_id = ?1 ORDER BY m.slot_index, m.court_number",
        match_select()
    ))?;
    let rows = stmt.query_map(params![tournament_id], match_from_row)?;
    rows.collect()
}

/// A tournament's matches as core's rules read them, without the teams' names: what follows
/// every score reads these, the names only when the pool completes. A withdrawn team's side is
/// empty here: what follows results only ever writes registrations.
pub fn core_matches(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<Match>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, round_type, round_name, bracket_code, status, team1_id, team2_id, team1_score, team2_score,
            scheduled_time, court_number, forfeit_side, sets, started_at IS NOT NULL
         FROM matches WHERE tournament_id = ?1 ORDER BY slot_index, court_number",
    )?;
    let rows = stmt.query_map(params![tournament_id], |r| {
        let time: Option<String> = r.get(9)?;
        Ok(Match {
            id: r.get(0)?,
            round_type: r.get(1)?,
            round_name: r.get(2)?,
            bracket_code: r.get(3)?,
            status: r.get(4)?,
            team1_id: r.get(5)?,
            team2_id: r.get(6)?,
            team1_score: r.get(7)?,
            team2_score: r.get(8)?,
            scheduled_time: time.as_deref().and_then(parse_date_time),
            court_number: r.get(10)?,
            forfeit_side: r.get(11)?,
            sets: json_column(r.get(12)?, 12)?.unwrap_or_default(),
            started: r.get(13)?,
        })
    })?;
    rows.collect()
}

pub fn find_match(conn: &Connection, id: i64) -> rusqlite::Result<Option<MatchRow>> {
    let mut stmt = conn.prepare_cached(&format!("{} WHERE m.id = ?1", match_select()))?;
    stmt.query_row(params![id], match_from_row).optional()
}

/// The event's teams (team registrations; individuals do not play; released ones neither), in
/// registration order.
/// The teams withdrawn from a tournament after they played, in the order they withdrew.
pub fn withdrawn_teams(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<Team>> {
    let mut stmt = conn.prepare_cached(
        "SELECT registration_id, name FROM withdrawn_teams WHERE tournament_id = ?1 ORDER BY withdrawn_at, registration_id",
    )?;
    let rows = stmt.query_map(params![tournament_id], |r| {
        Ok(Team { withdrawn: true, ..Team::new(r.get(0)?, r.get::<_, String>(1)?) })
    })?;
    rows.collect()
}

pub fn event_teams(conn: &Connection, event_id: i64) -> rusqlite::Result<Vec<Team>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, team_name, team_number FROM event_registrations
         WHERE event_id = ?1 AND kind = 'team' AND status <> 'cancelled' ORDER BY created_at, id",
    )?;
    let rows = stmt.query_map(params![event_id], |r| {
        let name: Option<String> = r.get(1)?;
        let number: Option<i64> = r.get(2)?;
        Ok(Team::new(r.get(0)?, name.unwrap_or_else(|| auto_team_name(number.unwrap_or(0)))))
    })?;
    rows.collect()
}
