//! A team withdrawn from its event (its registration deleted) while a tournament exists: core's
//! rule (`withdraw_team`) says what becomes of its matches. Not yet played, before the draw: its
//! matches go. Once it has played: it stays by name in `withdrawn_teams` (the matches keep its
//! registration id beside the emptied foreign key), its played matches stand, and every match
//! it had left (its pool matches, its next knockout match) is a forfeit.

use centre_core::schedule::withdraw_team;
use rusqlite::{Connection, params};

use super::scores::{Changed, Refused, follow_results, forfeit};
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
    let core: Vec<_> = rows.iter().map(MatchRow::to_core).collect();
    let withdrawal = withdraw_team(&core, team_id);
    for id in withdrawal.removed_match_ids {
        conn.execute("DELETE FROM matches WHERE id = ?1", params![id])?;
    }
    if !withdrawal.kept {
        return Ok(changed);
    }
    conn.execute(
        "INSERT INTO withdrawn_teams (registration_id, tournament_id, name, withdrawn_at)
         SELECT id, ?2, team_name(team_name, team_number), ?3 FROM event_registrations WHERE id = ?1",
        params![team_id, tournament.id, now],
    )?;
    conn.execute(
        "UPDATE matches SET team1_withdrawn = CASE WHEN team1_id = ?2 THEN ?2 ELSE team1_withdrawn END,
            team2_withdrawn = CASE WHEN team2_id = ?2 THEN ?2 ELSE team2_withdrawn END
         WHERE tournament_id = ?1 AND ?2 IN (team1_id, team2_id)",
        params![tournament.id, team_id],
    )?;
    for (match_id, side) in withdrawal.forfeits {
        if let Some(m) = rows.iter().find(|m| m.id == match_id) {
            forfeit(conn, m, side, user_id, now)?;
        }
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
