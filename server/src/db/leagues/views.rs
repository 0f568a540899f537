//! What the league pages read: the league, its nights, and one night with what its grid needs
//! shown (the teams' names, the courts, the grid it moved from).

use std::collections::BTreeMap;

use centre_core::league::{Grid, Movement, NightState, match_start, movement, plan_night};
use centre_core::timefmt::parse_time;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{LeagueRow, NightRow, season};
use crate::db::courts::{self, CourtRow};
use crate::db::tournaments::event_teams;

pub struct Board {
    pub league: LeagueRow,
    pub nights: Vec<NightRow>,
    /// The night asked for, or this week's.
    pub night: Option<NightBoard>,
}

pub struct NightBoard {
    pub night: NightRow,
    /// The grid of the last night played before it: where each team comes from.
    pub previous: Option<Grid>,
    /// Registration id → team name.
    pub teams: BTreeMap<i64, String>,
    /// The league's courts, tier 1's first (a court since removed is left out).
    pub courts: Vec<CourtRow>,
    /// The teams that said they cannot come.
    pub absent: Vec<i64>,
}

/// This week's night: the one published, else the last played.
fn this_week(nights: &[NightRow]) -> Option<u32> {
    let last = |state| nights.iter().rev().find(|n| n.state == state).map(|n| n.number);
    last(NightState::Published).or_else(|| last(NightState::Played))
}

/// The league's board with night `number` (`None`: this week's); `None` for no such night.
pub fn board(conn: &Connection, league: LeagueRow, number: Option<u32>) -> rusqlite::Result<Option<Board>> {
    let nights = season(conn, league.id)?;
    let Some(number) = number.or_else(|| this_week(&nights)) else {
        return Ok(Some(Board { league, nights, night: None }));
    };
    let Some(night) = nights.iter().find(|n| n.number == number).cloned() else { return Ok(None) };
    let previous =
        nights.iter().rev().find(|n| n.number < number && n.state == NightState::Played).and_then(|n| n.grid.clone());
    let teams = event_teams(conn, league.event_id)?.into_iter().map(|t| (t.id, t.name)).collect();
    let mut court_rows = Vec::new();
    for &id in &league.courts {
        court_rows.extend(courts::find(conn, id)?);
    }
    let absent = super::nights::absent(conn, league.id, night.date)?;
    let night = NightBoard { night, previous, teams, courts: court_rows, absent };
    Ok(Some(Board { league, nights, night: Some(night) }))
}

/// A team of a night's grid as the pages and the printed grid show it.
pub struct GridTeam {
    pub id: i64,
    pub name: String,
    pub movement: Movement,
    pub absent: bool,
}

/// One tier laid out: its court, its teams, its round robin with each match's start.
pub struct Tier {
    /// 1 = the top.
    pub tier: usize,
    pub court: CourtRow,
    pub teams: Vec<GridTeam>,
    pub matches: Vec<(i64, i64, DateTime<Utc>)>,
}

impl NightBoard {
    /// The night's grid laid out by core (`plan_night`, `match_start`) in the centre's zone:
    /// only the teams still registered; none while the night is planned.
    pub fn tiers(&self, league: &super::LeagueRow, tz: chrono_tz::Tz) -> Vec<Tier> {
        let grid = self.night.grid.clone().unwrap_or_default();
        let shown = Grid {
            tiers: grid
                .tiers
                .iter()
                .map(|g| g.iter().copied().filter(|t| self.teams.contains_key(t)).collect())
                .collect(),
        };
        let start = parse_time(&league.start_time).unwrap_or_default();
        // The layout was checked against the courts' hours when the grid was published.
        let planned = plan_night(&shown, self.courts.len(), u32::from(league.match_duration_minutes), u32::MAX)
            .unwrap_or_default();
        shown
            .tiers
            .iter()
            .enumerate()
            .filter_map(|(i, group)| {
                let court = self.courts.get(i % self.courts.len().max(1))?.clone();
                Some(Tier {
                    tier: i + 1,
                    court,
                    teams: group
                        .iter()
                        .map(|&t| GridTeam {
                            id: t,
                            name: self.teams.get(&t).cloned().unwrap_or_default(),
                            movement: movement(self.previous.as_ref(), &shown, t),
                            absent: self.absent.contains(&t),
                        })
                        .collect(),
                    matches: planned
                        .iter()
                        .filter(|m| m.tier == i + 1)
                        .map(|m| (m.team1, m.team2, match_start(&tz, self.night.date, start, m.start_minutes)))
                        .collect(),
                })
            })
            .collect()
    }
}
