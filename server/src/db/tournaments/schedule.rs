//! Creating a tournament, editing it (re-timing the matches not yet played once the schedule
//! exists), generating its schedule, and deleting it.

use centre_core::schedule::duty::{Duty, assign_duties, duty_courts};
use centre_core::schedule::{
    PlannedMatch, ScheduleError, ScheduleQuality, ScheduleSettings, pools_schedule, split_pools,
};
use centre_core::timefmt::utc_text;
use centre_core::tournament::DutyMode;
use centre_core::validation::TournamentConfig;
use rusqlite::{Connection, params};

use super::{TournamentRow, bump_version, event_teams, find, find_for_event};
use crate::db::{events, json_text};

/// Whether a match of the pool (`pool`) or of the knockout has a result.
fn phase_scored(conn: &Connection, tournament_id: i64, pool: bool) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM matches WHERE tournament_id = ?1 AND status = 'completed'
            AND (round_type = 'pool') = ?2)",
        params![tournament_id, pool],
        |r| r.get(0),
    )
}

#[derive(Debug)]
pub enum Refused {
    NotFound,
    /// The event already has a tournament.
    Exists,
    /// The event is a league: it holds one or the other.
    HasLeague,
    /// Generation after the schedule exists.
    NotSetup,
    NotEnoughTeams,
    PoolTooSmall,
    StartTimeRequired,
    CourtsLocked,
    /// A phase's format changed after its first score.
    FormatLocked,
    PoolsLocked,
    Schedule(ScheduleError),
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Db(e)
    }
}

/// A new tournament for `event_id`, named after the event, in setup.
pub fn create(
    conn: &Connection,
    event_id: i64,
    config: &TournamentConfig,
    now: &str,
) -> Result<TournamentRow, Refused> {
    let event = events::find(conn, event_id)?.ok_or(Refused::NotFound)?;
    if find_for_event(conn, event_id)?.is_some() {
        return Err(Refused::Exists);
    }
    if crate::db::leagues::find_for_event(conn, event_id)?.is_some() {
        return Err(Refused::HasLeague);
    }
    let inserted = conn.execute(
        "INSERT INTO tournaments (event_id, name, status, courts_available, match_duration_minutes,
            break_between_matches, start_time, pool_count, created_at, pool_format, knockout_format,
            scoring, confirm_minutes, duty)
         VALUES (?1, ?2, 'setup', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            event_id,
            event.title,
            config.courts_available(),
            config.match_duration_minutes(),
            config.break_between_matches(),
            config.start_time().map(utc_text),
            config.pool_count(),
            now,
            json_text(&config.formats().pool)?,
            json_text(&config.formats().knockout)?,
            config.scoring().unwrap_or_default(),
            config.confirm_minutes().unwrap_or(TournamentConfig::CONFIRM_MINUTES.2),
            config.duty().unwrap_or_default(),
        ],
    );
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::refusal(&e) == Some(crate::db::Refusal::Unique) => {
            return Err(Refused::Exists);
        }
        // The trigger: another admin's league came first.
        Err(e) if crate::db::refusal(&e).is_some() => {
            return Err(Refused::HasLeague);
        }
        Err(e) => return Err(e.into()),
    }
    find(conn, conn.last_insert_rowid())?.ok_or(Refused::NotFound)
}

/// In setup every value is stored. Once the schedule exists the courts and pools are fixed,
/// and a new start, duration or break re-times every match not yet completed, keeping its
/// slot (so its order) and its court: "everything shifts 45 minutes".
pub fn update(conn: &Connection, id: i64, config: &TournamentConfig, now: &str) -> Result<TournamentRow, Refused> {
    let current = find(conn, id)?.ok_or(Refused::NotFound)?;
    let start = config.start_time().map(utc_text);
    if current.status.has_schedule() {
        if config.courts_available() != current.courts_available {
            return Err(Refused::CourtsLocked);
        }
        if config.pool_count() != current.pool_count {
            return Err(Refused::PoolsLocked);
        }
        if start.is_none() {
            return Err(Refused::StartTimeRequired);
        }
    }
    // Who scores, the window and the work teams are set before the schedule: the duties are
    // drawn with it, and a result already entered was entered under the rule it had.
    let scoring = config.scoring().unwrap_or(current.scoring);
    let confirm_minutes = config.confirm_minutes().unwrap_or(current.confirm_minutes);
    let duty = config.duty().unwrap_or(current.duty);
    if current.status.has_schedule()
        && (scoring, confirm_minutes, duty) != (current.scoring, current.confirm_minutes, current.duty)
    {
        return Err(Refused::NotSetup);
    }
    // A phase's format holds once that phase has a score: its results would change meaning.
    let formats = config.formats();
    for (round_pool, before, after) in
        [(true, &current.formats.pool, &formats.pool), (false, &current.formats.knockout, &formats.knockout)]
    {
        if before != after && phase_scored(conn, id, round_pool)? {
            return Err(Refused::FormatLocked);
        }
    }
    conn.execute(
        "UPDATE tournaments SET courts_available = ?2, match_duration_minutes = ?3, break_between_matches = ?4,
            start_time = ?5, pool_count = ?6, pool_format = ?7, knockout_format = ?8, scoring = ?9,
            confirm_minutes = ?10, duty = ?11 WHERE id = ?1",
        params![
            id,
            config.courts_available(),
            config.match_duration_minutes(),
            config.break_between_matches(),
            start,
            config.pool_count(),
            json_text(&formats.pool)?,
            json_text(&formats.knockout)?,
            scoring,
            confirm_minutes,
            duty,
        ],
    )?;
    let updated = find(conn, id)?.ok_or(Refused::NotFound)?;
    if updated.status.has_schedule()
        && let Some(settings) = updated.settings()
    {
        retime(conn, id, &settings, now)?;
    }
    bump_version(conn, id)?;
    find(conn, id)?.ok_or(Refused::NotFound)
}

/// New times for every match not yet completed, from its slot.
fn retime(conn: &Connection, id: i64, settings: &ScheduleSettings, now: &str) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, slot_index, scheduled_time FROM matches WHERE tournament_id = ?1 AND status <> 'completed'",
    )?;
    let rows: Vec<(i64, u32, Option<String>)> =
        stmt.query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?;
    for (match_id, slot, old) in rows {
        let time = utc_text(settings.slot_time(slot));
        if old.as_deref() != Some(time.as_str()) {
            conn.execute(
                "UPDATE matches SET scheduled_time = ?2, version = version + 1, updated_at = ?3 WHERE id = ?1",
                params![match_id, time, now],
            )?;
        }
    }
    Ok(())
}

/// Inserts planned matches (pool or knockout) of tournament `id`, with their work teams when
/// `duties` holds one per match (empty: none).
pub(super) fn insert_planned(
    conn: &Connection,
    id: i64,
    planned: &[PlannedMatch],
    duties: &[Option<Duty>],
    now: &str,
) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO matches (tournament_id, round_type, round_name, bracket_code, pool, team1_id, team2_id,
            team1_from, team2_from, scheduled_time, court_number, slot_index, updated_at, duty_team_id, duty_from)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?;
    for (k, p) in planned.iter().enumerate() {
        let duty = duties.get(k).copied().flatten();
        let duty_team = match duty {
            Some(Duty::Team { team_id }) => Some(team_id),
            _ => None,
        };
        let duty_from = match duty {
            Some(Duty::LoserOf { code }) => Some(code),
            _ => None,
        };
        stmt.execute(params![
            id,
            p.round_type,
            p.round_name,
            p.bracket_code,
            p.pool,
            p.team1_id,
            p.team2_id,
            p.team1_from,
            p.team2_from,
            utc_text(p.scheduled_time),
            p.court_number,
            p.slot_index,
            now,
            duty_team,
            duty_from,
        ])?;
    }
    Ok(())
}

/// The work teams of `planned` among `pools` when the tournament's matches get one, with their
/// quality as JSON; none otherwise.
pub(super) fn duties_of(
    tournament: &TournamentRow,
    planned: &[PlannedMatch],
    pools: &[Vec<i64>],
    settings: &ScheduleSettings,
) -> rusqlite::Result<(Vec<Option<Duty>>, Option<String>)> {
    if tournament.duty != DutyMode::Teams {
        return Ok((Vec::new(), None));
    }
    let plan = assign_duties(planned, pools, settings);
    Ok((plan.duties, Some(json_text(&plan.quality)?)))
}

/// The pool phase of the event's teams (spread over `pool_count` pools by registration order,
/// snake seeding), stored with times and courts; the tournament moves to `in_progress`.
pub fn generate(conn: &Connection, id: i64, now: &str) -> Result<(TournamentRow, ScheduleQuality), Refused> {
    let tournament = find(conn, id)?.ok_or(Refused::NotFound)?;
    if tournament.status.has_schedule() {
        return Err(Refused::NotSetup);
    }
    let mut settings = tournament.settings().ok_or(Refused::StartTimeRequired)?;
    let teams: Vec<i64> = event_teams(conn, tournament.event_id)?.into_iter().map(|t| t.id).collect();
    if tournament.duty == DutyMode::Teams {
        // Each match needs a third team free to referee it: no more courts at once than that.
        settings.courts_available = duty_courts(settings.courts_available, teams.len());
    }
    if teams.len() < 2 {
        return Err(Refused::NotEnoughTeams);
    }
    let pools = split_pools(&teams, usize::from(tournament.pool_count));
    if pools.iter().any(|p| p.len() < 2) {
        return Err(Refused::PoolTooSmall);
    }
    let plan = schedule_on_a_large_stack(&pools, &settings)?;
    let (duties, duty_quality) = duties_of(&tournament, &plan.matches, &pools, &settings)?;
    insert_planned(conn, id, &plan.matches, &duties, now)?;
    let quality_json = serde_json::to_string(&plan.quality)
        .map_err(|e| Refused::Db(rusqlite::Error::ToSqlConversionFailure(Box::new(e))))?;
    conn.execute(
        "UPDATE tournaments SET status = 'in_progress', quality_json = ?2, duty_quality_json = ?3 WHERE id = ?1",
        params![id, quality_json, duty_quality],
    )?;
    bump_version(conn, id)?;
    let row = find(conn, id)?.ok_or(Refused::NotFound)?;
    Ok((row, plan.quality))
}

/// Core's scheduler searches depth-first, one level per time slot: 64 teams on 2 courts is over
/// a thousand levels, more than the 2 MiB stack of the runtime's blocking threads. It runs on a
/// thread of its own with room for the largest pool (128 teams).
fn schedule_on_a_large_stack(
    pools: &[Vec<i64>],
    settings: &ScheduleSettings,
) -> Result<centre_core::schedule::PoolSchedule, Refused> {
    const STACK: usize = 256 * 1024 * 1024;
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("scheduler".into())
            .stack_size(STACK)
            .spawn_scoped(scope, || pools_schedule(pools, settings))
            .map_err(|e| Refused::Db(rusqlite::Error::ToSqlConversionFailure(Box::new(e))))?
            .join()
            .map_err(|_| Refused::Db(rusqlite::Error::InvalidParameterName("the scheduler failed".into())))?
            .map_err(Refused::Schedule)
    })
}

/// Deletes a tournament and its matches. Returns its event, or `None` when it did not exist.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<Option<i64>> {
    let Some(row) = find(conn, id)? else {
        return Ok(None);
    };
    conn.execute("DELETE FROM tournaments WHERE id = ?1", params![id])?;
    Ok(Some(row.event_id))
}
