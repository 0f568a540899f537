//! What the console, the public event page and the member read: standings per pool, a
//! member's team with its next match, a match's history.

use std::collections::BTreeMap;

use centre_core::format::SetScore;
use centre_core::standings::{Standing, standings_in};
use centre_core::tournament::{RoundType, ScoreKind, Team};
use rusqlite::{Connection, params};

use super::{MatchRow, TournamentRow, event_teams, withdrawn_teams};
use crate::db::events::{self, EventRow};
use crate::db::json_column;

/// Everything a page shows of one tournament, read in one go: its matches, each pool's
/// standings and how many teams its event has.
pub struct BoardRows {
    pub tournament: TournamentRow,
    pub matches: Vec<MatchRow>,
    pub standings: Vec<Vec<Standing>>,
    pub teams: usize,
}

pub fn board(conn: &Connection, tournament: TournamentRow) -> rusqlite::Result<BoardRows> {
    let matches = super::matches(conn, tournament.id)?;
    let standings = if matches.is_empty() { Vec::new() } else { pool_standings(conn, &tournament, &matches)? };
    let teams = event_teams(conn, tournament.event_id)?.len();
    Ok(BoardRows { tournament, matches, standings, teams })
}

/// How many teams the tournament's event has.
pub fn team_count(conn: &Connection, tournament: &TournamentRow) -> rusqlite::Result<usize> {
    Ok(event_teams(conn, tournament.event_id)?.len())
}

/// The standings of each pool (core's order and tie-breaks). A team's pool is the pool of its
/// pool matches; a team withdrawn after it played is listed too (core ranks it last).
pub fn pool_standings(
    conn: &Connection,
    tournament: &TournamentRow,
    rows: &[MatchRow],
) -> rusqlite::Result<Vec<Vec<Standing>>> {
    let mut pool_of: BTreeMap<i64, u8> = BTreeMap::new();
    for m in rows.iter().filter(|m| m.round_type == RoundType::Pool) {
        if let Some(pool) = m.pool {
            for t in [m.team1_id, m.team2_id].into_iter().flatten() {
                pool_of.insert(t, pool);
            }
        }
    }
    let mut teams = event_teams(conn, tournament.event_id)?;
    teams.extend(withdrawn_teams(conn, tournament.id)?);
    let core: Vec<_> = rows.iter().map(MatchRow::to_core).collect();
    let mut out = Vec::new();
    for pool in 0..tournament.pool_count {
        let members: Vec<Team> = teams.iter().filter(|t| pool_of.get(&t.id) == Some(&pool)).cloned().collect();
        if !members.is_empty() || pool == 0 {
            out.push(standings_in(&core, &members, &tournament.formats.pool));
        }
    }
    Ok(out)
}

/// The members' view of a team: the registration a signed-in member owns or plays in.
#[derive(Debug, Clone)]
pub struct TeamOfUser {
    pub event_id: i64,
    pub team_id: i64,
    pub team_name: String,
    pub captain_name: String,
}

/// The teams a member registered (the registration's `user_id`). With `event_id`, only that
/// event's; soonest event first. The addresses typed for the captain and the members are data
/// of the registration, never a way to find it: anyone may type anyone's address there.
pub fn teams_of_user(
    conn: &Connection,
    user_id: &str,
    event_id: Option<i64>,
) -> rusqlite::Result<Vec<(TeamOfUser, EventRow)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT r.id, r.event_id, team_name(r.team_name, r.team_number),
            trim(COALESCE(r.captain_first_name, '') || ' ' || COALESCE(r.captain_last_name, '')), {}
         FROM event_registrations r JOIN events e ON e.id = r.event_id
         WHERE r.kind = 'team' AND (?2 IS NULL OR r.event_id = ?2) AND r.user_id = ?1
         ORDER BY e.start_date, r.id",
        events::columns_of("e")
    ))?;
    let rows = stmt.query_map(params![user_id, event_id], |r| {
        Ok((
            TeamOfUser { team_id: r.get(0)?, event_id: r.get(1)?, team_name: r.get(2)?, captain_name: r.get(3)? },
            events::from_row_at(r, 4)?,
        ))
    })?;
    rows.collect()
}

/// One line of a match's history.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    pub kind: ScoreKind,
    pub team1_score: Option<u32>,
    pub team2_score: Option<u32>,
    pub previous_team1_score: Option<u32>,
    pub previous_team2_score: Option<u32>,
    pub changed_by: Option<String>,
    /// The phone a score came from (its entry applied), by the name it gave.
    pub device_name: Option<String>,
    pub changed_at: String,
    pub sets: Vec<SetScore>,
    pub previous_sets: Vec<SetScore>,
}

/// A match's history, newest first, with who made each change (name, else e-mail).
/// A user's name as the console shows it (`u`): first and last names, else the e-mail.
pub(super) const USER_NAME: &str =
    "COALESCE(NULLIF(trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')), ''), u.email)";

pub fn history(conn: &Connection, match_id: i64) -> rusqlite::Result<Vec<HistoryRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT h.kind, h.team1_score, h.team2_score, h.previous_team1_score, h.previous_team2_score,
            {USER_NAME}, h.changed_at, h.sets, h.previous_sets, d.name
         FROM match_score_history h LEFT JOIN users u ON u.id = h.changed_by
         LEFT JOIN score_entries e ON h.kind = 'score' AND e.match_id = h.match_id AND e.outcome = 'applied'
         LEFT JOIN sync_devices d ON d.device_id = e.device_id
         WHERE h.match_id = ?1 ORDER BY h.id DESC"
    ))?;
    let rows = stmt.query_map(params![match_id], |r| {
        Ok(HistoryRow {
            kind: r.get(0)?,
            team1_score: r.get(1)?,
            team2_score: r.get(2)?,
            previous_team1_score: r.get(3)?,
            previous_team2_score: r.get(4)?,
            changed_by: r.get(5)?,
            device_name: r.get(9)?,
            changed_at: r.get(6)?,
            sets: json_column(r.get(7)?, 7)?.unwrap_or_default(),
            previous_sets: json_column(r.get(8)?, 8)?.unwrap_or_default(),
        })
    })?;
    rows.collect()
}
