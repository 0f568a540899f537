//! The JSON answers of the league calls, in camelCase.

use centre_core::format::MatchFormat;
use centre_core::league::{ClosureReason, Movement, NightState};
use centre_core::timefmt::utc_text;

use serde::Serialize;

use crate::db::leagues::views::{Board, NightBoard};
use crate::db::leagues::{LeagueRow, NightRow};

/// A league: its settings, `version` (a live page follows it) and its nights.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeagueDto {
    pub id: i64,
    pub event_id: i64,
    /// The nights' first match, in the centre's time (`18:30`).
    pub start_time: String,
    /// The courts' ids, tier 1's court first.
    pub courts: Vec<i64>,
    pub group_size: u8,
    pub format: MatchFormat,
    pub match_duration_minutes: u16,
    pub confirm_hours: u16,
    /// The first night's order the admin set; `null`: the registration order.
    pub seeding: Option<Vec<i64>>,
    pub version: i64,
    pub nights: Vec<NightDto>,
}

impl LeagueDto {
    pub fn new(row: &LeagueRow, nights: &[NightRow]) -> LeagueDto {
        LeagueDto {
            id: row.id,
            event_id: row.event_id,
            start_time: row.start_time.clone(),
            courts: row.courts.clone(),
            group_size: row.group_size,
            format: row.format.clone(),
            match_duration_minutes: row.match_duration_minutes,
            confirm_hours: row.confirm_hours,
            seeding: row.seeding.clone(),
            version: row.version,
            nights: nights.iter().map(NightDto::new).collect(),
        }
    }
}

/// A night of the season: its number (from 1), date and state; a cancelled night's reason.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NightDto {
    pub number: u32,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub state: NightState,
    pub cancel_reason: Option<ClosureReason>,
    pub cancel_message: Option<String>,
}

impl NightDto {
    fn new(n: &NightRow) -> NightDto {
        NightDto {
            number: n.number,
            date: n.date.to_string(),
            state: n.state,
            cancel_reason: n.cancel_reason,
            cancel_message: n.cancel_message.clone(),
        }
    }
}

/// A team in a night's grid, and how it moved since the last night played.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridTeamDto {
    pub team_id: i64,
    pub team_name: String,
    pub movement: Movement,
    /// Said it cannot come: its matches are forfeits and it ranks last of its group.
    pub absent: bool,
}

/// A match of a night's grid: its teams and when it starts (UTC).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridMatchDto {
    pub team1_id: i64,
    pub team2_id: i64,
    pub scheduled_time: String,
}

/// A tier of the grid (1 = the top): one group on one court, its round robin.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierDto {
    pub tier: usize,
    pub court_id: i64,
    pub court_name: String,
    pub court_name_en: String,
    pub teams: Vec<GridTeamDto>,
    pub matches: Vec<GridMatchDto>,
}

/// A night with its grid: no tiers while it is planned.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NightGridDto {
    #[serde(flatten)]
    pub night: NightDto,
    pub tiers: Vec<TierDto>,
}

impl NightGridDto {
    fn new(league: &LeagueRow, b: &NightBoard, tz: chrono_tz::Tz) -> NightGridDto {
        let tiers = b
            .tiers(league, tz)
            .into_iter()
            .map(|t| TierDto {
                tier: t.tier,
                court_id: t.court.id,
                court_name: t.court.name,
                court_name_en: t.court.name_en,
                teams: t
                    .teams
                    .into_iter()
                    .map(|x| GridTeamDto { team_id: x.id, team_name: x.name, movement: x.movement, absent: x.absent })
                    .collect(),
                matches: t
                    .matches
                    .into_iter()
                    .map(|(team1_id, team2_id, at)| GridMatchDto { team1_id, team2_id, scheduled_time: utc_text(at) })
                    .collect(),
            })
            .collect();
        NightGridDto { night: NightDto::new(&b.night), tiers }
    }
}

/// `GET /api/events/{id}/league`: the league with its nights, and this week's night with its
/// grid; a `null` league while the event has none.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicLeague {
    pub league: Option<LeagueDto>,
    pub night: Option<NightGridDto>,
}

impl PublicLeague {
    pub fn new(board: Option<Board>, tz: chrono_tz::Tz) -> PublicLeague {
        match board {
            None => PublicLeague { league: None, night: None },
            Some(b) => PublicLeague {
                league: Some(LeagueDto::new(&b.league, &b.nights)),
                night: b.night.as_ref().map(|n| NightGridDto::new(&b.league, n, tz)),
            },
        }
    }
}
