//! A team withdrawn from its event (its registration deleted) while a tournament exists.
//! Before the bracket: its matches not yet played go (core's `remove_team`), its completed
//! pool matches stop counting once the registration is gone (the side becomes empty).
//! After the draw: its next knockout match is a forfeit win for its opponent.

use centre_core::schedule::remove_team;
use centre_core::tournament::{MatchStatus, RoundType, ScoreKind};
use rusqlite::{Connection, params};

use super::scores::{Changed, Refused, bracket_drawn, follow_results, history};
use super::{MatchRow, bump_version, find_for_event, matches};

/// Call before deleting registration `team_id` of `event_id`; then delete it; then call
/// [`after_withdrawal`] with what this returned.
pub fn withdraw(
    conn: &Connection,
    event_id: i64,
    team_id: i64,
    user_id: &str,
    now: &str,
) -> Result<Option<Changed>, Refused> {
    let Some(tournament) = find_for_event(conn, event_id)? else {
        return Ok(None);
    };
    let changed = Some(Changed { event_id, tournament_id: tournament.id });
    if !tournament.status.has_schedule() {
        return Ok(changed);
    }
    let rows = matches(conn, tournament.id)?;
    if !bracket_drawn(conn, tournament.id)? {
        let core: Vec<_> = rows.iter().map(MatchRow::to_core).collect();
        for id in remove_team(&core, team_id).removed_match_ids {
            conn.execute("DELETE FROM matches WHERE id = ?1", params![id])?;
        }
        return Ok(changed);
    }
    let next = rows.iter().find(|m| !m.is_completed() && m.round_type != RoundType::Pool && m.involves(team_id));
    if let Some(m) = next {
        let side = if m.team1_id == Some(team_id) { 1 } else { 2 };
        let other_known = if side == 1 { m.team2_id.is_some() } else { m.team1_id.is_some() };
        let status = if other_known { MatchStatus::Completed } else { MatchStatus::Scheduled };
        conn.execute(
            "UPDATE matches SET forfeit_side = ?2, status = ?3, version = version + 1, updated_at = ?4 WHERE id = ?1",
            params![m.id, side, status, now],
        )?;
        history(conn, m, ScoreKind::Forfeit, None, user_id, now)?;
    }
    Ok(changed)
}

/// After the registration is gone: results follow (the pool may now be complete, a forfeit
/// moves its winner on) and the tournament's version grows.
pub fn after_withdrawal(conn: &Connection, changed: Changed, now: &str) -> Result<(), Refused> {
    follow_results(conn, changed.tournament_id, now)?;
    bump_version(conn, changed.tournament_id)?;
    Ok(())
}
