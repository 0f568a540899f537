//! Weekly leagues over HTTP: the console's calls (`admin.rs`: create, edit, seed; `nights.rs`:
//! cancel a night, mark a team absent), the captain's availability (`nights.rs`) and the public
//! league page (`public.rs`), sharing the answers of `dto.rs`. Admin and captain routes take
//! the league's id, public ones the event's.

pub mod admin;
mod dto;
pub mod nights;
pub mod public;

use axum::http::StatusCode;
use centre_core::league::LeagueError;

use crate::db::leagues::setup::Refused;
use crate::error::{AppError, Localized};

/// Core's refusal of a grid: what is needed is said in the message.
fn rule(e: LeagueError) -> AppError {
    let detailed = |args| AppError::Detailed { status: StatusCode::CONFLICT, code: e.code(), field: None, args };
    match e {
        LeagueError::TooFewTeams { teams, needed } => detailed(vec![
            ("teams", Localized::same(teams.to_string())),
            ("needed", Localized::same(needed.to_string())),
        ]),
        LeagueError::TooManyWaves { minutes_needed, minutes_available, .. } => detailed(vec![
            ("needed", Localized::same(minutes_needed.to_string())),
            ("available", Localized::same(minutes_available.to_string())),
        ]),
        LeagueError::TooManyTeams { .. } => AppError::conflict(e.code()),
        LeagueError::GroupSize => AppError::field("groupSize", e.code()),
        LeagueError::NoCourt => AppError::field("courts", e.code()),
    }
}

impl From<Refused> for AppError {
    fn from(r: Refused) -> Self {
        match r {
            Refused::NotFound => AppError::not_found(),
            Refused::Exists => AppError::conflict("league_exists"),
            Refused::HasTournament => AppError::conflict("event_has_tournament"),
            Refused::CourtUnknown => AppError::field("courts", "league_court_unknown"),
            Refused::CourtsClosed(date) => AppError::Detailed {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "league_night_courts_closed",
                field: Some("nights"),
                args: vec![("date", Localized::same(date.to_string()))],
            },
            Refused::Rule(e) => rule(e),
            Refused::SettingsLocked => AppError::conflict("league_settings_locked"),
            Refused::NightLocked(date) => AppError::Detailed {
                status: StatusCode::CONFLICT,
                code: "league_night_locked",
                field: Some("nights"),
                args: vec![("date", Localized::same(date.to_string()))],
            },
            Refused::SeedingInvalid => AppError::field("teamIds", "league_seeding_invalid"),
            Refused::SeedingLocked => AppError::conflict("league_seeding_locked"),
            Refused::NightPlayed => AppError::conflict("league_night_played"),
            Refused::NightCancelled => AppError::conflict("league_night_cancelled"),
            Refused::NightStarted => AppError::conflict("league_night_started"),
            Refused::NotYourTeam => AppError::forbidden(),
            Refused::TeamUnknown => AppError::field("teamId", "league_team_unknown"),
            Refused::Db(e) => e.into(),
            Refused::Schedule(e) => e.into(),
        }
    }
}
