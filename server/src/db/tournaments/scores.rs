//! Scores: entering one (the check and the write in the caller's `BEGIN IMMEDIATE`
//! transaction, so of many admins scoring one match exactly one wins), correcting a pool
//! result before the bracket is drawn, and what follows every result: the bracket drawn from
//! the standings once the pool is complete, winners moved on, the tournament completed with
//! its final.

use centre_core::format::{Formats, SetScore, forfeit_score, result_of};
use centre_core::schedule::duty::{Duty, duty_courts, duty_team};
use centre_core::schedule::knockout::{advance, plan_knockout, seed_pools, teams_still_in};
use centre_core::schedule::{ScheduleError, pool_complete};
use centre_core::sync::{Entered, Sides, Verdict, judge};
use centre_core::timefmt::utc_text;
use centre_core::tournament::{
    BracketCode, CorrectionRefused, DutyMode, Match, MatchStatus, RoundType, ScoreKind, TournamentStatus,
};
use centre_core::validation::Score;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::schedule::{duties_of, insert_planned};
use super::views::pool_standings;
use super::{MatchRow, bump_version, core_matches, find, find_match, matches};

#[derive(Debug)]
pub enum Refused {
    NotFound,
    /// The match already has its score.
    Completed,
    /// A correction of a match without a score.
    NotCompleted,
    /// A correction once the bracket is drawn, or of a knockout match.
    CorrectionClosed,
    Rule(ScheduleError),
    /// Refused by core's merge rule, with its catalogue code.
    Rejected(&'static str),
    /// Refused as things stand (409), with its catalogue code: a team-scored tournament's rule.
    Conflict(&'static str),
    /// The asker may not do this to this match (403).
    Forbidden,
    Db(rusqlite::Error),
}

impl Refused {
    /// The catalogue code a device's entry is rejected with (a database failure has none: the
    /// entry is not taken).
    pub fn code(&self) -> &'static str {
        match self {
            Refused::NotFound => "not_found",
            Refused::Completed => "match_completed",
            Refused::NotCompleted => "match_not_completed",
            Refused::CorrectionClosed => "correction_closed",
            Refused::Rule(rule) => rule.code(),
            Refused::Rejected(code) | Refused::Conflict(code) => code,
            Refused::Forbidden => "forbidden",
            Refused::Db(_) => "internal",
        }
    }
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Db(e)
    }
}

/// What a write did to a tournament: the live page of `event_id` is told.
#[derive(Debug, Clone, Copy)]
pub struct Changed {
    pub event_id: i64,
    pub tournament_id: i64,
}

pub(super) fn changed(conn: &Connection, tournament_id: i64) -> Result<Changed, Refused> {
    let t = find(conn, tournament_id)?.ok_or(Refused::NotFound)?;
    Ok(Changed { event_id: t.event_id, tournament_id })
}

/// The signature of [`record`] and [`correct`].
pub type ScoreWrite = fn(&Connection, i64, Score, &str, DateTime<Utc>) -> Result<(MatchRow, Changed), Refused>;

/// Records the score of a match not yet completed (a completed match takes no score: changing
/// it is a correction, [`correct`]).
/// The online call: core's rule decides as for a pushed entry; anything but `Apply` is refused.
pub fn record(
    conn: &Connection,
    match_id: i64,
    score: Score,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    let now = &utc_text(now);
    write_match(conn, match_id, |m| {
        let entered = Entered { team1: score.team1_score(), team2: score.team2_score(), sets: score.sets() };
        applied(apply(conn, m, entered, None, user_id, now)?)
    })
}

/// An online score's verdict as the caller's answer: anything but `Apply` is refused.
pub(super) fn applied(verdict: Verdict) -> Result<(), Refused> {
    match verdict {
        Verdict::Apply => Ok(()),
        Verdict::Duplicate | Verdict::Conflict => Err(Refused::Completed),
        Verdict::Rejected(code) => Err(Refused::Rejected(code)),
    }
}

/// Records a no-show: match `match_id` (not yet completed, both teams known) is forfeited by
/// `side`, the other side winning by the format's forfeit score; then what follows results.
pub fn record_forfeit(
    conn: &Connection,
    match_id: i64,
    side: u8,
    user_id: &str,
    now: &str,
) -> Result<(MatchRow, Changed), Refused> {
    write_match(conn, match_id, |m| {
        if !m.to_core().can_score() {
            return Err(Refused::Completed);
        }
        forfeit(conn, m, side, user_id, now)?;
        follow_results(conn, m.tournament_id, now)?;
        bump_version(conn, m.tournament_id)?;
        Ok(())
    })
}

/// Records match `m` as forfeited by `side` (1 or 2), with its history: completed with the
/// format's forfeit score once both teams are known; a knockout side still waiting for its
/// opponent stays scheduled, and what follows results completes it.
pub(super) fn forfeit(conn: &Connection, m: &MatchRow, side: u8, user_id: &str, now: &str) -> Result<(), Refused> {
    let formats = find(conn, m.tournament_id)?.ok_or(Refused::NotFound)?.formats;
    let other_known = if side == 1 { m.team2_id.is_some() } else { m.team1_id.is_some() };
    let score = other_known.then(|| forfeit_score(formats.of(m.round_type), side)).flatten();
    let status = if other_known { MatchStatus::Completed } else { MatchStatus::Scheduled };
    let sets = score.as_ref().map_or(&[][..], |s| &s.2[..]);
    conn.execute(
        "UPDATE matches SET forfeit_side = ?2, status = ?3, team1_score = ?4, team2_score = ?5, sets = ?6,
            version = version + 1, updated_at = ?7 WHERE id = ?1",
        params![m.id, side, status, score.as_ref().map(|s| s.0), score.as_ref().map(|s| s.1), sets_text(sets)?, now],
    )?;
    history(conn, m, ScoreKind::Forfeit, score.as_ref().map(|s| (s.0, s.1, sets)), user_id, now)?;
    Ok(())
}

/// Marks match `match_id` started (its court is playing it, whatever the clock says): a match
/// not completed whose teams are known; marking it again changes nothing.
pub fn mark_started(conn: &Connection, match_id: i64, now: &str) -> Result<(MatchRow, Changed), Refused> {
    write_match(conn, match_id, |m| {
        let core = m.to_core();
        if m.is_completed() || m.forfeit_side.is_some() {
            return Err(Refused::Completed);
        }
        if !core.teams_known() {
            return Err(Refused::Rule(ScheduleError::MatchTeamsUnknown));
        }
        if m.started_at.is_none() {
            conn.execute(
                "UPDATE matches SET started_at = ?2, version = version + 1, updated_at = ?2 WHERE id = ?1",
                params![m.id, now],
            )?;
            bump_version(conn, m.tournament_id)?;
        }
        Ok(())
    })
}

/// Runs `write` on a match, then answers the match as written with what changed.
fn write_match(
    conn: &Connection,
    match_id: i64,
    write: impl FnOnce(&MatchRow) -> Result<(), Refused>,
) -> Result<(MatchRow, Changed), Refused> {
    let m = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    write(&m)?;
    let after = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    Ok((after, changed(conn, m.tournament_id)?))
}

/// The one path of every score, online or pushed by a phone: core's merge rule
/// ([`judge`]; `seen`: the teams a phone showed for the match) decides; an applied score is written with its history, then what follows the
/// result (bracket, winners, completion) and a new tournament version. Anything else writes
/// nothing here.
pub(super) fn apply(
    conn: &Connection,
    m: &MatchRow,
    entered: Entered<'_>,
    seen: Option<Sides>,
    user_id: &str,
    now: &str,
) -> Result<Verdict, Refused> {
    let formats = find(conn, m.tournament_id)?.ok_or(Refused::NotFound)?.formats;
    let verdict = judge(Some(&m.to_core()), entered, seen, &formats);
    if verdict != Verdict::Apply {
        return Ok(verdict);
    }
    let (team1, team2) = scored(&formats, m, entered)?;
    let sets = sets_text(entered.sets)?;
    let updated = conn.execute(
        "UPDATE matches SET team1_score = ?2, team2_score = ?3, sets = ?5, status = 'completed', version = version + 1,
            updated_at = ?4 WHERE id = ?1 AND status <> 'completed'",
        params![m.id, team1, team2, now, sets],
    )?;
    if updated == 0 {
        return Err(Refused::Completed);
    }
    history(conn, m, ScoreKind::Score, Some((team1, team2, entered.sets)), user_id, now)?;
    follow_results(conn, m.tournament_id, now)?;
    bump_version(conn, m.tournament_id)?;
    Ok(verdict)
}

/// Corrects a completed pool match while the bracket is not drawn, keeping the history.
pub fn correct(
    conn: &Connection,
    match_id: i64,
    score: Score,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    let now = &utc_text(now);
    write_match(conn, match_id, |m| {
        m.to_core().can_correct(bracket_drawn(conn, m.tournament_id)?).map_err(|refused| match refused {
            CorrectionRefused::Closed => Refused::CorrectionClosed,
            CorrectionRefused::NotCompleted => Refused::NotCompleted,
        })?;
        let formats = find(conn, m.tournament_id)?.ok_or(Refused::NotFound)?.formats;
        let entered = Entered { team1: score.team1_score(), team2: score.team2_score(), sets: score.sets() };
        let (team1, team2) = scored(&formats, m, entered)?;
        conn.execute(
            // A forfeit corrected is the score played: the forfeit goes.
            "UPDATE matches SET team1_score = ?2, team2_score = ?3, sets = ?5, forfeit_side = NULL, version = version + 1,
                updated_at = ?4 WHERE id = ?1",
            params![match_id, team1, team2, now, sets_text(score.sets())?],
        )?;
        history(conn, m, ScoreKind::Correction, Some((team1, team2, score.sets())), user_id, now)?;
        bump_version(conn, m.tournament_id)?;
        Ok(())
    })
}

/// One line of a match's history: its scores before and after.
pub(super) fn history(
    conn: &Connection,
    before: &MatchRow,
    kind: ScoreKind,
    score: Option<(u32, u32, &[SetScore])>,
    user_id: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO match_score_history (match_id, kind, team1_score, team2_score, previous_team1_score,
            previous_team2_score, changed_by, changed_at, sets, previous_sets)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT id FROM users WHERE id = ?7), ?8, ?9, ?10)",
        params![
            before.id,
            kind,
            score.map(|s| s.0),
            score.map(|s| s.1),
            before.team1_score,
            before.team2_score,
            user_id,
            now,
            sets_text(score.map_or(&[][..], |s| s.2))?,
            sets_text(&before.sets)?,
        ],
    )?;
    Ok(())
}

/// The sets as stored: JSON, or NULL for a score without sets.
pub(super) fn sets_text(sets: &[SetScore]) -> rusqlite::Result<Option<String>> {
    if sets.is_empty() { Ok(None) } else { crate::db::json_text(&sets).map(Some) }
}

/// The two numbers a score stands for under the match's format (the sets won, with sets), or
/// the format's refusal.
pub(super) fn scored(formats: &Formats, m: &MatchRow, entered: Entered<'_>) -> Result<(u32, u32), Refused> {
    let knockout = m.round_type != RoundType::Pool;
    result_of(formats.of(m.round_type), knockout, entered.team1, entered.team2, entered.sets).map_err(Refused::Rejected)
}

pub fn bracket_drawn(conn: &Connection, tournament_id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM matches WHERE tournament_id = ?1 AND round_type <> 'pool')",
        params![tournament_id],
        |r| r.get(0),
    )
}

/// What follows results: once every pool match is completed the bracket is drawn from the
/// standings of each pool (core's seeds and cut-offs) after the pool's last slot; each
/// knockout result fills the next round (core's `advance`); the final completes the
/// tournament. Idempotent: calling it again changes nothing.
pub fn follow_results(conn: &Connection, tournament_id: i64, now: &str) -> Result<(), Refused> {
    let Some(tournament) = find(conn, tournament_id)? else {
        return Ok(());
    };
    if !tournament.status.has_schedule() {
        return Ok(());
    }
    // While pool matches are still to play and the bracket is not drawn (core's `pool_complete`
    // is false), a result changes nothing here: asked of the database rather than by reading
    // every match (the index `matches_round_status` seeks each), so a score costs the same
    // whatever the pool's size.
    let (drawn, pools_open): (bool, bool) = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM matches WHERE tournament_id = ?1
                        AND round_type IN ('quarterfinal', 'semifinal', 'final')),
                EXISTS (SELECT 1 FROM matches WHERE tournament_id = ?1 AND round_type = 'pool'
                        AND status IN ('scheduled', 'in_progress'))",
        params![tournament_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if !drawn && pools_open {
        return Ok(());
    }
    let core = core_matches(conn, tournament_id)?;
    let has_knockout = core.iter().any(|m| m.round_type != RoundType::Pool);
    if !has_knockout {
        if !pool_complete(&core) {
            return Ok(());
        }
        let rows = matches(conn, tournament_id)?;
        let mut settings = tournament.settings().ok_or(Refused::Rule(ScheduleError::StartTimeRequired))?;
        let pools = pool_standings(conn, &tournament, &rows)?;
        let still_in = teams_still_in(&pools);
        if tournament.duty == DutyMode::Teams {
            // As in the pools: a third team free for every match on at once.
            settings.courts_available = duty_courts(settings.courts_available, still_in.len());
        }
        let seeds = seed_pools(&pools);
        let first_slot = rows.iter().map(|m| m.slot_index + 1).max().unwrap_or(0);
        let planned = plan_knockout(&seeds, &settings, first_slot);
        if planned.is_empty() {
            set_status(conn, tournament_id, TournamentStatus::Completed)?;
        } else {
            // The knockout's work teams: losers of earlier matches, else the teams already out
            // of the bracket but still in the tournament (never a withdrawn one).
            let everyone = vec![still_in];
            let (duties, _) = duties_of(&tournament, &planned, &everyone, &settings)?;
            insert_planned(conn, tournament_id, &planned, &duties, now)?;
        }
        return Ok(());
    }
    let advanced = advance(&core).map_err(Refused::Rule)?;
    for (before, after) in core.iter().zip(&advanced) {
        if before.team1_id != after.team1_id || before.team2_id != after.team2_id || before.status != after.status {
            let status =
                if after.status == MatchStatus::Completed { MatchStatus::Completed } else { MatchStatus::Scheduled };
            conn.execute(
                "UPDATE matches SET team1_id = ?2, team2_id = ?3, status = ?4, version = version + 1, updated_at = ?5
                 WHERE id = ?1",
                params![after.id, after.team1_id, after.team2_id, status, now],
            )?;
        }
    }
    fill_duties(conn, tournament_id, &advanced, now)?;
    let final_done = advanced.iter().any(|m| m.round_type == RoundType::Final && m.status == MatchStatus::Completed);
    if final_done {
        set_status(conn, tournament_id, TournamentStatus::Completed)?;
    }
    Ok(())
}

/// The knockout's work teams still waiting for a loser: filled in once that match is final.
fn fill_duties(conn: &Connection, tournament_id: i64, matches: &[Match], now: &str) -> rusqlite::Result<()> {
    let waiting: Vec<(i64, BracketCode)> = conn
        .prepare_cached(
            "SELECT id, duty_from FROM matches WHERE tournament_id = ?1 AND duty_from IS NOT NULL AND duty_team_id IS NULL",
        )?
        .query_map(params![tournament_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, code) in waiting {
        if let Some(team) = duty_team(Duty::LoserOf { code }, matches) {
            conn.execute(
                "UPDATE matches SET duty_team_id = ?2, version = version + 1, updated_at = ?3 WHERE id = ?1",
                params![id, team, now],
            )?;
        }
    }
    Ok(())
}

fn set_status(conn: &Connection, id: i64, status: TournamentStatus) -> rusqlite::Result<()> {
    conn.execute("UPDATE tournaments SET status = ?2 WHERE id = ?1", params![id, status])?;
    Ok(())
}
