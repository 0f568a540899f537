//! A league's setup: created on an event with its nights and its first night's grid published
//! at once, edited (the settings until a night is played; the nights at any time, those not yet
//! published), and seeded (the first night's order, until a night is played).

use centre_core::league::{Grid, LeagueError, NightState, grid_of, minutes_until_close, plan_night};
use centre_core::slots::DEFAULT_SLOT_MINUTES;
use centre_core::timefmt::parse_time;
use centre_core::validation::LeagueConfig;
use chrono::{Datelike, NaiveDate};
use rusqlite::{Connection, params};

use super::{LeagueRow, NightRow, bump_version, find, find_for_event, season};
use crate::db::courts::{self, ScheduleError};
use crate::db::tournaments::{self, event_teams};
use crate::db::{Refusal, events, json_text, refusal};

#[derive(Debug)]
pub enum Refused {
    NotFound,
    /// The event has a league already.
    Exists,
    /// The event has a tournament: it holds one or the other.
    HasTournament,
    /// A court id names no court.
    CourtUnknown,
    /// A court of the league is closed that day (out of its season, or a closed weekday).
    CourtsClosed(NaiveDate),
    /// Core refuses the grid or its layout (too few teams, too many waves...).
    Rule(LeagueError),
    /// A night was played: only the nights change.
    SettingsLocked,
    /// This night is published, played or cancelled: it is neither removed nor renumbered.
    NightLocked(NaiveDate),
    /// The seeding does not name each team once.
    SeedingInvalid,
    /// A night was played: the first night's order is history.
    SeedingLocked,
    /// The night is played: it no longer changes.
    NightPlayed,
    /// The night is called off.
    NightCancelled,
    /// The night has begun: only an admin still marks a team absent.
    NightStarted,
    /// The member registered no team in this league.
    NotYourTeam,
    /// No such team in the league.
    TeamUnknown,
    Db(rusqlite::Error),
    Schedule(ScheduleError),
}

impl From<rusqlite::Error> for Refused {
    fn from(e: rusqlite::Error) -> Self {
        Refused::Db(e)
    }
}

impl From<LeagueError> for Refused {
    fn from(e: LeagueError) -> Self {
        Refused::Rule(e)
    }
}

impl From<ScheduleError> for Refused {
    fn from(e: ScheduleError) -> Self {
        Refused::Schedule(e)
    }
}

/// The first night's order: the admin's seeding (the teams still registered), then the teams
/// it does not name, in registration order.
fn first_order(seeding: Option<&[i64]>, teams: &[i64]) -> Vec<i64> {
    let mut order: Vec<i64> = seeding.unwrap_or_default().iter().copied().filter(|t| teams.contains(t)).collect();
    order.extend(teams.iter().filter(|t| !order.contains(t)).copied().collect::<Vec<_>>());
    order
}

fn team_ids(conn: &Connection, event_id: i64) -> rusqlite::Result<Vec<i64>> {
    Ok(event_teams(conn, event_id)?.into_iter().map(|t| t.id).collect())
}

/// Checks that `grid` fits every night of `dates` on the league's courts: each court exists and
/// is open that day (its season, its weekday), and the waves of groups end before the first of
/// them closes.
fn check_layout(conn: &Connection, config: &LeagueConfig, grid: &Grid, dates: &[NaiveDate]) -> Result<(), Refused> {
    let mut schedules = Vec::new();
    for &court in &config.courts {
        schedules.push(courts::schedule(conn, court)?.ok_or(Refused::CourtUnknown)?);
    }
    for &date in dates {
        let mut closings = Vec::new();
        for schedule in &schedules {
            let day = schedule.hours_for_year(date.year(), DEFAULT_SLOT_MINUTES).hours_on(date);
            closings.push(Some(day.ok_or(Refused::CourtsClosed(date))?.close));
        }
        let minutes = minutes_until_close(config.start_time, &closings);
        plan_night(grid, config.courts.len(), u32::from(config.match_duration_minutes), minutes)?;
    }
    Ok(())
}

/// Publishes `grid` as night `number`'s.
pub(super) fn publish(conn: &Connection, league_id: i64, number: u32, grid: &Grid, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE league_nights SET state = ?3, grid = ?4, published_at = ?5 WHERE league_id = ?1 AND number = ?2",
        params![league_id, number, NightState::Published, json_text(grid)?, now],
    )?;
    Ok(())
}

fn insert_night(conn: &Connection, league_id: i64, number: usize, date: NaiveDate) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO league_nights (league_id, number, night_date, state) VALUES (?1, ?2, ?3, ?4)",
        params![league_id, number as i64, date.to_string(), NightState::Planned],
    )?;
    Ok(())
}

/// Turns event `event_id` into a league: its nights planned, the first one's grid (the teams in
/// registration order) published.
pub fn create(conn: &Connection, event_id: i64, config: &LeagueConfig, now: &str) -> Result<LeagueRow, Refused> {
    events::find(conn, event_id)?.ok_or(Refused::NotFound)?;
    if find_for_event(conn, event_id)?.is_some() {
        return Err(Refused::Exists);
    }
    if tournaments::find_for_event(conn, event_id)?.is_some() {
        return Err(Refused::HasTournament);
    }
    let grid = grid_of(&team_ids(conn, event_id)?, config.group_size)?;
    check_layout(conn, config, &grid, &config.nights)?;
    let inserted = conn.execute(
        "INSERT INTO leagues (event_id, start_time, courts, group_size, format, match_duration_minutes,
            confirm_hours, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            event_id,
            config.start_time.format("%H:%M").to_string(),
            json_text(&config.courts)?,
            config.group_size,
            json_text(&config.format)?,
            config.match_duration_minutes,
            config.confirm_hours,
            now
        ],
    );
    match inserted {
        Ok(_) => {}
        // Another admin's league, or tournament, came first.
        Err(e) if refusal(&e) == Some(Refusal::Unique) => return Err(Refused::Exists),
        Err(e) if refusal(&e).is_some() => return Err(Refused::HasTournament),
        Err(e) => return Err(e.into()),
    }
    let id = conn.last_insert_rowid();
    for (i, date) in config.nights.iter().enumerate() {
        insert_night(conn, id, i + 1, *date)?;
    }
    publish(conn, id, 1, &grid, now)?;
    find(conn, id)?.ok_or(Refused::NotFound)
}

fn same_settings(row: &LeagueRow, config: &LeagueConfig) -> bool {
    parse_time(&row.start_time) == Some(config.start_time)
        && row.courts == config.courts
        && row.group_size == config.group_size
        && row.format == config.format
        && row.match_duration_minutes == config.match_duration_minutes
        && row.confirm_hours == config.confirm_hours
}

/// The nights as `dates` asks, each settled night (published, played, cancelled) kept with its
/// number: refused when one is missing or would move.
fn check_nights(stored: &[NightRow], dates: &[NaiveDate]) -> Result<(), Refused> {
    for night in stored.iter().filter(|n| n.state.is_settled()) {
        if dates.iter().position(|d| *d == night.date) != Some(night.number as usize - 1) {
            return Err(Refused::NightLocked(night.date));
        }
    }
    Ok(())
}

/// The season's nights become `dates`: the planned nights no longer listed go (with what their
/// teams said of them), the others are numbered in date order, the new ones planned. The
/// settled nights keep their numbers ([`check_nights`]).
fn renumber(conn: &Connection, id: i64, stored: &[NightRow], dates: &[NaiveDate]) -> rusqlite::Result<()> {
    for night in stored.iter().filter(|n| !n.state.is_settled() && !dates.contains(&n.date)) {
        conn.execute(
            "DELETE FROM league_nights WHERE league_id = ?1 AND night_date = ?2",
            params![id, night.date.to_string()],
        )?;
    }
    // Out of the way first: a night's number is its key.
    conn.execute(
        "UPDATE league_nights SET number = number + 1000 WHERE league_id = ?1 AND state = ?2",
        params![id, NightState::Planned],
    )?;
    for (i, date) in dates.iter().enumerate() {
        match stored.iter().find(|n| n.date == *date) {
            Some(n) if n.state.is_settled() => {}
            Some(_) => {
                conn.execute(
                    "UPDATE league_nights SET number = ?3 WHERE league_id = ?1 AND night_date = ?2",
                    params![id, date.to_string(), i as i64 + 1],
                )?;
            }
            None => insert_night(conn, id, i + 1, *date)?,
        }
    }
    Ok(())
}

/// Edits league `id`: its settings while no night is played; its nights at any time, those not
/// yet published. Until a night is played, the published grid follows the new settings.
pub fn update(conn: &Connection, id: i64, config: &LeagueConfig, now: &str) -> Result<LeagueRow, Refused> {
    let row = find(conn, id)?.ok_or(Refused::NotFound)?;
    let stored = season(conn, id)?;
    let played = stored.iter().any(|n| n.state == NightState::Played);
    if played && !same_settings(&row, config) {
        return Err(Refused::SettingsLocked);
    }
    check_nights(&stored, &config.nights)?;
    // Once a night is played the grids come from the results: the new nights are checked with
    // the last one drawn, not with who registers now.
    let grid = match stored.iter().rev().find_map(|n| n.grid.clone().filter(|_| played)) {
        Some(last) => last,
        None => grid_of(&first_order(row.seeding.as_deref(), &team_ids(conn, row.event_id)?), config.group_size)?,
    };
    check_layout(conn, config, &grid, &config.nights)?;
    conn.execute(
        "UPDATE leagues SET start_time = ?2, courts = ?3, group_size = ?4, format = ?5, match_duration_minutes = ?6,
            confirm_hours = ?7 WHERE id = ?1",
        params![
            id,
            config.start_time.format("%H:%M").to_string(),
            json_text(&config.courts)?,
            config.group_size,
            json_text(&config.format)?,
            config.match_duration_minutes,
            config.confirm_hours
        ],
    )?;
    renumber(conn, id, &stored, &config.nights)?;
    if !played {
        republish(conn, id, &stored, &grid, now)?;
    }
    bump_version(conn, id)?;
    find(conn, id)?.ok_or(Refused::NotFound)
}

/// Until a night is played, the published nights (the first, and the one a cancellation
/// carried it to) show `grid`.
fn republish(conn: &Connection, id: i64, stored: &[NightRow], grid: &Grid, now: &str) -> rusqlite::Result<()> {
    for night in stored.iter().filter(|n| n.state == NightState::Published) {
        publish(conn, id, night.number, grid, now)?;
    }
    Ok(())
}

/// Sets the first night's order: every team registered, each once. Refused once a night is
/// played.
pub fn seed(conn: &Connection, id: i64, order: &[i64], now: &str) -> Result<LeagueRow, Refused> {
    let row = find(conn, id)?.ok_or(Refused::NotFound)?;
    let stored = season(conn, id)?;
    if stored.iter().any(|n| n.state == NightState::Played) {
        return Err(Refused::SeedingLocked);
    }
    let mut teams = team_ids(conn, row.event_id)?;
    let mut asked = order.to_vec();
    teams.sort_unstable();
    asked.sort_unstable();
    if teams != asked {
        return Err(Refused::SeedingInvalid);
    }
    let grid = grid_of(order, row.group_size)?;
    conn.execute("UPDATE leagues SET seeding = ?2 WHERE id = ?1", params![id, json_text(&order)?])?;
    republish(conn, id, &stored, &grid, now)?;
    bump_version(conn, id)?;
    find(conn, id)?.ok_or(Refused::NotFound)
}

#[cfg(test)]
mod tests {
    use super::first_order;

    #[test]
    fn the_seeding_comes_first_then_the_teams_it_does_not_name() {
        assert_eq!(first_order(Some(&[3, 9, 1]), &[1, 2, 3, 4]), [3, 1, 2, 4], "9 withdrew; 2 and 4 are new");
        assert_eq!(first_order(None, &[5, 6]), [5, 6]);
    }
}
