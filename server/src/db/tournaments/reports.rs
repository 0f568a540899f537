//! Results reported by the teams, in a team-scored tournament. Each accepted report is stored
//! in order (`match_reports`); the match keeps its report as core's rule made it (`report`,
//! with its state and deadline for the lists and the scheduler). Only a result that counts
//! touches the match's score, through the one score path (`scores::apply`, or the forfeit of a
//! team that concedes), so standings and the bracket move on final results only.

use centre_core::Lang;
use centre_core::format::{SetScore, forfeit_score};
use centre_core::report::{Claim, Report, ReportState, Reported, Reporter, Version, apply};
use centre_core::schedule::ScheduleError;
use centre_core::sync::Entered;
use centre_core::timefmt::utc_text;
use centre_core::tournament::Scoring;
use centre_core::validation::Score;
use chrono::{DateTime, SubsecRound, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::scores::{self, Changed, Refused, changed, follow_results, forfeit, sets_text};
use super::{MatchRow, TournamentRow, bump_version, find, find_match};
use crate::db::json_text;
use crate::db::outbox::{self, About};
use crate::emails::reports::{Proposal, ReportLetters};

/// Who asks: a member, perhaps an admin.
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    pub user_id: &'a str,
    pub is_admin: bool,
}

/// What a report says, before the rule reads it.
#[derive(Debug, Clone)]
pub enum Said {
    /// The score, team 1 first.
    Score(Score),
    /// The reporting team concedes.
    Concede,
}

/// The side a member reports for: the captain of a playing team (who registered it), else of
/// the match's work team, else an admin. `None`: none of them.
fn reporter(conn: &Connection, m: &MatchRow, asker: Asker<'_>) -> rusqlite::Result<Option<Reporter>> {
    let mut stmt =
        conn.prepare_cached("SELECT id FROM event_registrations WHERE id IN (?1, ?2, ?3) AND user_id = ?4")?;
    let mine: Vec<i64> = stmt
        .query_map(params![m.team1_id, m.team2_id, m.duty_team_id, asker.user_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let holds = |team: Option<i64>| team.is_some_and(|t| mine.contains(&t));
    Ok(if holds(m.team1_id) {
        Some(Reporter::Team1)
    } else if holds(m.team2_id) {
        Some(Reporter::Team2)
    } else if holds(m.duty_team_id) {
        Some(Reporter::Duty)
    } else if asker.is_admin {
        Some(Reporter::Admin)
    } else {
        None
    })
}

/// Whether this member already sent this report (its `client_id`): a repeat changes nothing.
fn already_sent(conn: &Connection, match_id: i64, user_id: &str, client_id: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM match_reports WHERE match_id = ?1 AND user_id = ?2 AND client_id = ?3)",
        params![match_id, user_id, client_id],
        |r| r.get(0),
    )
}

/// The report of match `match_id`, in one transaction: checked by core's rule against what the
/// match's report holds, stored, and, once its result counts, written as the match's score.
pub fn submit(
    conn: &Connection,
    match_id: i64,
    asker: Asker<'_>,
    said: Said,
    client_id: Option<&str>,
    letters: &ReportLetters,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    // Whole seconds, as every instant is stored: the deadline read back is the one the rule set.
    let now = now.trunc_subsecs(0);
    let m = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    let t = find(conn, m.tournament_id)?.ok_or(Refused::NotFound)?;
    // Who may report is asked first: a stranger learns nothing of how the tournament is scored.
    let by = reporter(conn, &m, asker)?.ok_or(Refused::Forbidden)?;
    if t.scoring != Scoring::Teams {
        return Err(Refused::Conflict("team_scoring_off"));
    }
    if let Some(client_id) = client_id
        && already_sent(conn, m.id, asker.user_id, client_id)?
    {
        return answer(conn, m.id);
    }
    if m.is_completed() || m.forfeit_side.is_some() {
        return Err(Refused::Completed);
    }
    // A match still waiting for its teams is a state of the tournament, not bad input: 409.
    if !m.to_core().teams_known() {
        return Err(Refused::Conflict(ScheduleError::MatchTeamsUnknown.code()));
    }
    let claim = claim_of(&t, &m, by, said)?;
    let version = Version { by, claim, at: now };
    let next = apply(m.report.as_ref(), version.clone(), u32::from(t.confirm_minutes))
        .map_err(|refused| Refused::Conflict(refused.code()))?;
    store(conn, &m, &version, asker.user_id, client_id)?;
    settle(conn, &m, &next, asker.user_id, now)?;
    // A new proposal (not one its author replaced) is told to the other side, once.
    let renewed = m.report.as_ref().is_some_and(|r| r.state == ReportState::Proposed && r.standing().by == by);
    if next.state == ReportState::Proposed && !renewed {
        tell_the_other_side(conn, &m, &next, letters, now)?;
    }
    answer(conn, m.id)
}

/// E-mails the captain of each playing team other than the proposer, at their verified address
/// and in their registration's language, in this transaction (the outbox sends it after).
fn tell_the_other_side(
    conn: &Connection,
    m: &MatchRow,
    report: &Report,
    letters: &ReportLetters,
    now: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let proposal = report.standing();
    let by_team = team_name(m, proposal.by);
    let event_id = find(conn, m.tournament_id)?.map_or(0, |t| t.event_id);
    for (side, team, name) in
        [(Reporter::Team1, m.team1_id, &m.team1_name), (Reporter::Team2, m.team2_id, &m.team2_name)]
    {
        let Some(registration) = team.filter(|_| side != proposal.by) else { continue };
        let Some((to, lang)) = captain_address(conn, registration)? else { continue };
        let own_team = name.as_deref().unwrap_or_default();
        let email = letters.proposed(&Proposal {
            to: &to,
            lang,
            event_id,
            match_id: m.id,
            by_team: by_team.unwrap_or_default(),
            own_team,
            result: proposal.claim.result(),
            deadline: &utc_text(report.deadline),
        });
        outbox::enqueue(conn, About::EventRegistration(registration), &email, now)?;
    }
    Ok(())
}

/// The name of the team reporting as `by` in match `m` (none for an admin).
pub fn team_name(m: &MatchRow, by: Reporter) -> Option<&str> {
    match by {
        Reporter::Team1 => m.team1_name.as_deref(),
        Reporter::Team2 => m.team2_name.as_deref(),
        Reporter::Duty => m.duty_team_name.as_deref(),
        Reporter::Admin => None,
    }
}

/// The verified address of the member who registered a team, and the language of its e-mails.
pub(crate) fn captain_address(conn: &Connection, registration: i64) -> rusqlite::Result<Option<(String, Lang)>> {
    conn.query_row(
        "SELECT u.email, r.lang FROM event_registrations r JOIN users u ON u.id = r.user_id
         WHERE r.id = ?1 AND u.email IS NOT NULL AND u.email_verified = 1",
        params![registration],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// The claim a report makes, its score read under the phase's format (a refusal is 422).
fn claim_of(t: &TournamentRow, m: &MatchRow, by: Reporter, said: Said) -> Result<Claim, Refused> {
    let format = t.formats.of(m.round_type);
    Ok(match said {
        Said::Score(score) => {
            let (team1, team2) = scores::scored(&t.formats, m, entered(&score))?;
            Claim::Result(Reported { team1_score: team1, team2_score: team2, sets: score.sets().to_vec() })
        }
        Said::Concede => {
            let side = by.side().ok_or(Refused::Conflict("concede_own_team_only"))?;
            // A single-score format has no forfeit score: the match is won by forfeit, unscored.
            let (team1_score, team2_score, sets) = forfeit_score(format, side).unwrap_or_default();
            Claim::Concede(Reported { team1_score, team2_score, sets })
        }
    })
}

fn entered(score: &Score) -> Entered<'_> {
    Entered { team1: score.team1_score(), team2: score.team2_score(), sets: score.sets() }
}

/// One accepted report, in order.
fn store(conn: &Connection, m: &MatchRow, v: &Version, user_id: &str, client_id: Option<&str>) -> rusqlite::Result<()> {
    let r = v.claim.result();
    conn.execute(
        "INSERT INTO match_reports (match_id, reporter, conceded, team1_score, team2_score, sets, user_id, client_id,
            created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT id FROM users WHERE id = ?7), ?8, ?9)",
        params![
            m.id,
            v.by,
            matches!(v.claim, Claim::Concede(_)),
            r.team1_score,
            r.team2_score,
            sets_text(&r.sets)?,
            user_id,
            client_id,
            utc_text(v.at),
        ],
    )?;
    Ok(())
}

/// Keeps the match's report as it now stands, and writes its result once it counts.
fn settle(conn: &Connection, m: &MatchRow, report: &Report, user_id: &str, now: DateTime<Utc>) -> Result<(), Refused> {
    conn.execute(
        "UPDATE matches SET report = ?2, report_state = ?3, report_deadline = ?4, version = version + 1, updated_at = ?5
         WHERE id = ?1",
        params![m.id, json_text(report)?, report.state, utc_text(report.deadline), utc_text(now)],
    )?;
    let Some(counting) = report.counting() else {
        bump_version(conn, m.tournament_id)?;
        return Ok(());
    };
    let now = utc_text(now);
    match &counting.claim {
        Claim::Concede(_) => {
            let side = counting.by.side().ok_or(Refused::Conflict("concede_own_team_only"))?;
            forfeit(conn, m, side, user_id, &now)?;
            follow_results(conn, m.tournament_id, &now)?;
            bump_version(conn, m.tournament_id)?;
        }
        Claim::Result(r) => {
            let sets: &[SetScore] = &r.sets;
            let entered = Entered { team1: r.team1_score, team2: r.team2_score, sets };
            scores::applied(scores::apply(conn, m, entered, None, user_id, &now)?)?;
        }
    }
    Ok(())
}

fn answer(conn: &Connection, match_id: i64) -> Result<(MatchRow, Changed), Refused> {
    let after = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    let changed = changed(conn, after.tournament_id)?;
    Ok((after, changed))
}

/// An admin's score online (`PUT /api/admin/matches/{id}/score`): written as any admin's score
/// is, then, in a team-scored tournament, kept as the report's decision ([`decided`]).
pub fn record(
    conn: &Connection,
    match_id: i64,
    score: Score,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    by_admin(conn, match_id, user_id, now, |conn| scores::record(conn, match_id, score, user_id, now))
}

/// An admin's correction of a completed pool match (`PUT /api/admin/matches/{id}/correction`):
/// in a team-scored tournament the corrected score is the report's decision, so the teams'
/// earlier result no longer stands beside it.
pub fn correct(
    conn: &Connection,
    match_id: i64,
    score: Score,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    by_admin(conn, match_id, user_id, now, |conn| scores::correct(conn, match_id, score, user_id, now))
}

/// An admin's forfeit of a no-show (`PUT /api/admin/matches/{id}/forfeit`): in a team-scored
/// tournament it decides the report too, so no proposal or dispute waits on a completed match.
pub fn record_forfeit(
    conn: &Connection,
    match_id: i64,
    side: u8,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), Refused> {
    by_admin(conn, match_id, user_id, now, |conn| scores::record_forfeit(conn, match_id, side, user_id, &utc_text(now)))
}

/// `write` (an admin's score, correction or forfeit), then kept as the report's decision.
fn by_admin(
    conn: &Connection,
    match_id: i64,
    user_id: &str,
    now: DateTime<Utc>,
    write: impl FnOnce(&Connection) -> Result<(MatchRow, Changed), Refused>,
) -> Result<(MatchRow, Changed), Refused> {
    let before = find_match(conn, match_id)?.ok_or(Refused::NotFound)?;
    let written = write(conn)?;
    decided(conn, &before, user_id, now)?;
    Ok((find_match(conn, match_id)?.ok_or(Refused::NotFound)?, written.1))
}

/// After an admin's score was applied to a match (`before`, as it was), online or pushed by a
/// phone: in a team-scored tournament the score is the report's decision, whether or not a team
/// had reported (state `resolved`, the admin's version kept with the teams'). Nothing otherwise.
pub fn decided(conn: &Connection, before: &MatchRow, user_id: &str, at: DateTime<Utc>) -> Result<(), Refused> {
    let t = find(conn, before.tournament_id)?.ok_or(Refused::NotFound)?;
    let after = find_match(conn, before.id)?.ok_or(Refused::NotFound)?;
    if t.scoring != Scoring::Teams || !after.is_completed() {
        return Ok(());
    }
    let (team1_score, team2_score) = (after.team1_score.unwrap_or(0), after.team2_score.unwrap_or(0));
    let claim = Claim::Result(Reported { team1_score, team2_score, sets: after.sets.clone() });
    let version = Version { by: Reporter::Admin, claim, at };
    let report = apply(before.report.as_ref(), version.clone(), u32::from(t.confirm_minutes))
        .map_err(|refused| Refused::Conflict(refused.code()))?;
    store(conn, before, &version, user_id, None)?;
    conn.execute(
        "UPDATE matches SET report = ?2, report_state = ?3, report_deadline = ?4 WHERE id = ?1",
        params![before.id, json_text(&report)?, report.state, utc_text(report.deadline)],
    )?;
    Ok(())
}

/// The scheduler's pass: every proposal whose window has passed confirms itself and its result
/// is written, each in the caller's transaction (one process at a time, so exactly once).
pub fn confirm_due(conn: &Connection, now: DateTime<Utc>) -> Result<Vec<Changed>, Refused> {
    let due: Vec<i64> = conn
        .prepare_cached(
            "SELECT id FROM matches WHERE report_state = 'proposed' AND report_deadline <= ?1 ORDER BY report_deadline, id",
        )?
        .query_map(params![utc_text(now)], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    for id in due {
        let Some(m) = find_match(conn, id)? else { continue };
        let Some(report) = m.report.as_ref().map(|r| r.at(now)) else { continue };
        if report.state != ReportState::AutoConfirmed || m.is_completed() {
            continue;
        }
        let by = report.standing().by;
        settle(conn, &m, &report, "", now)?;
        tracing::info!(match_id = id, ?by, "a proposed result confirmed itself: its window passed");
        out.push(changed(conn, m.tournament_id)?);
    }
    Ok(out)
}
