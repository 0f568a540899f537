//! An admin's change of a match's work team: a team of the event, held to the rule the drawing
//! follows (core's `free_to_referee`: it plays and referees nothing at that time).

use centre_core::schedule::duty::free_to_referee;
use centre_core::tournament::DutyMode;
use rusqlite::{Connection, params};

use super::scores::{Changed, Refused, changed};
use super::{MatchRow, bump_version, event_teams, find, find_match, matches};

/// Gives match `match_id` the work team `team_id`, in the caller's transaction.
pub fn set_duty(conn: &Connection, match_id: i64, team_id: i64, now: &str) -> Result<(MatchRow, Changed), Refused> {
    let m = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    let t = find(conn, m.tournament_id)?.ok_or(Refused::NotFound)?;
    if t.duty != DutyMode::Teams {
        return Err(Refused::Conflict("duty_off"));
    }
    if !event_teams(conn, t.event_id)?.iter().any(|team| team.id == team_id) {
        return Err(Refused::Rejected("duty_team_invalid"));
    }
    let all = matches(conn, t.id)?;
    let cores: Vec<_> = all.iter().map(MatchRow::to_core).collect();
    let duties: Vec<Option<i64>> = all.iter().map(|r| r.duty_team_id).collect();
    let slot = t.settings().map_or(0, |s| s.slot_minutes());
    if !free_to_referee(team_id, &m.to_core(), &cores, &duties, slot) {
        return Err(Refused::Conflict("duty_team_busy"));
    }
    conn.execute(
        "UPDATE matches SET duty_team_id = ?2, duty_from = NULL, version = version + 1, updated_at = ?3 WHERE id = ?1",
        params![match_id, team_id, now],
    )?;
    bump_version(conn, t.id)?;
    let after = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    Ok((after, changed(conn, t.id)?))
}
