//! What the league pages read: the league, its nights, and one night with what its grid needs
//! shown (the teams' names, the courts, the grid it moved from).

use std::collections::BTreeMap;

use centre_core::league::{Grid, NightState};
use rusqlite::Connection;

use super::{LeagueRow, NightRow, nights};
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
    let nights = nights(conn, league.id)?;
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
