//! The JSON answers of the tournament calls, in camelCase.

use centre_core::Lang;
use centre_core::format::{MatchFormat, SetScore};
use centre_core::report::{Report, ReportState, Reporter};
use centre_core::schedule::duty::{DutyQuality, duty_placeholder};
use centre_core::schedule::places::final_ranking;
use centre_core::schedule::{ScheduleQuality, ScheduleSettings, estimate};
use centre_core::standings::Standing;
use centre_core::timefmt::utc_text;
use centre_core::tournament::{
    BracketCode, DutyMode, Match, MatchStatus, RoundType, Scoring, TeamId, TournamentStatus, late_matches,
    shown_statuses,
};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

use crate::db::tournaments::views::{BoardRows, TeamOfUser};
use crate::db::tournaments::{MatchRow, TournamentRow};

/// A tournament: its state and settings (courts, match length, break, start time), with
/// `poolCount`, `teamCount` and `version`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TournamentDto {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    pub status: TournamentStatus,
    pub courts_available: u8,
    pub match_duration_minutes: u16,
    pub break_between_matches: u16,
    pub start_time: Option<String>,
    pub pool_count: u8,
    pub team_count: usize,
    pub version: i64,
    pub created_at: String,
    /// How pool matches are scored.
    pub pool_format: MatchFormat,
    /// How knockout matches are scored.
    pub knockout_format: MatchFormat,
    /// Who enters the scores: the organisers, or the teams (who confirm each other's results).
    pub scoring: Scoring,
    /// Minutes a team's proposed result waits for the other side before it confirms itself.
    pub confirm_minutes: u16,
    /// Whether every match gets a work team.
    pub duty: DutyMode,
}

impl TournamentDto {
    pub fn new(row: &TournamentRow, team_count: usize) -> TournamentDto {
        TournamentDto {
            id: row.id,
            event_id: row.event_id,
            name: row.name.clone(),
            status: row.status,
            courts_available: row.courts_available,
            match_duration_minutes: row.match_duration_minutes,
            break_between_matches: row.break_between_matches,
            start_time: row.start_time.clone(),
            pool_count: row.pool_count,
            team_count,
            version: row.version,
            created_at: row.created_at.clone(),
            pool_format: row.formats.pool.clone(),
            knockout_format: row.formats.knockout.clone(),
            scoring: row.scoring,
            confirm_minutes: row.confirm_minutes,
            duty: row.duty,
        }
    }
}

/// Core's measure of the pool schedule, with its longest wait and when the pool ends.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QualityDto {
    #[serde(flatten)]
    quality: ScheduleQuality,
    longest_wait_minutes: u32,
    estimated_end_time: Option<String>,
}

impl QualityDto {
    pub fn new(quality: ScheduleQuality, settings: Option<&ScheduleSettings>) -> QualityDto {
        let longest_wait_minutes = quality.longest_wait.iter().map(|w| w.minutes).max().unwrap_or(0);
        let estimated_end_time = settings.filter(|_| quality.slots_used > 0).map(|s| {
            utc_text(s.slot_time(quality.slots_used - 1) + Duration::minutes(i64::from(s.match_duration_minutes)))
        });
        QualityDto { quality, longest_wait_minutes, estimated_end_time }
    }
}

/// The estimate of one pool count, with its end time when the start is known.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstimateDto {
    pool_count: u8,
    pool_slots: u32,
    knockout_slots: u32,
    total_minutes: u32,
    end_time: Option<String>,
}

/// The console's view: the tournament, its quality once generated, and the estimates of 1 to 4
/// pools for its teams.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTournamentDto {
    #[serde(flatten)]
    pub tournament: TournamentDto,
    pub quality: Option<QualityDto>,
    /// The work teams' quality (conflicts, which must be 0; spread; back-to-back duties), once
    /// drawn with the schedule.
    pub duty_quality: Option<DutyQuality>,
    pub estimates: Vec<EstimateDto>,
}

impl AdminTournamentDto {
    /// `teams`: how many teams the event has.
    pub fn new(row: &TournamentRow, teams: usize) -> AdminTournamentDto {
        let settings = row.settings();
        let quality = row
            .quality_json
            .as_deref()
            .and_then(|q| serde_json::from_str::<ScheduleQuality>(q).ok())
            .map(|q| QualityDto::new(q, settings.as_ref()));
        let basis = settings.unwrap_or(ScheduleSettings {
            courts_available: row.courts_available,
            match_duration_minutes: row.match_duration_minutes,
            break_between_matches: row.break_between_matches,
            start_time: DateTime::<Utc>::UNIX_EPOCH,
        });
        let estimates = (1..=4u8)
            .filter_map(|p| estimate(teams, p, &basis))
            .map(|e| EstimateDto {
                pool_count: e.pool_count,
                pool_slots: e.pool_slots,
                knockout_slots: e.knockout_slots,
                total_minutes: e.total_minutes,
                end_time: settings.map(|s| utc_text(s.start_time + Duration::minutes(i64::from(e.total_minutes)))),
            })
            .collect();
        let duty_quality = row.duty_quality_json.as_deref().and_then(|q| serde_json::from_str::<DutyQuality>(q).ok());
        AdminTournamentDto { tournament: TournamentDto::new(row, teams), quality, duty_quality, estimates }
    }
}

/// One match of the schedule: `courtNumber` (console) and `court` (public) carry the same value.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchDto {
    pub id: i64,
    pub tournament_id: i64,
    pub round_type: RoundType,
    pub round_name: String,
    pub bracket_code: Option<BracketCode>,
    pub pool: Option<u8>,
    /// 1-based pool round (the slot's order in the pool phase); none for knockout matches.
    pub round: Option<u32>,
    /// As shown when answered: `in_progress` for the match its court is playing (the earliest
    /// not completed whose time has come), else as stored.
    pub status: MatchStatus,
    /// Its time has come but its court is playing another match ('En retard' in the console).
    pub late: bool,
    /// A scorekeeper marked it started.
    pub started: bool,
    pub team1_id: Option<i64>,
    pub team2_id: Option<i64>,
    pub team1_name: Option<String>,
    pub team2_name: Option<String>,
    /// The side's team was withdrawn after it played: its name is kept, shown '(retirée)'.
    pub team1_withdrawn: bool,
    pub team2_withdrawn: bool,
    pub team1_from: Option<BracketCode>,
    pub team2_from: Option<BracketCode>,
    pub team1_score: Option<u32>,
    pub team2_score: Option<u32>,
    pub scheduled_time: Option<String>,
    pub court_number: u8,
    pub court: u8,
    pub slot_index: u32,
    pub version: i64,
    pub forfeit: bool,
    /// The side (1 or 2) that forfeited, whose opponent wins: a knockout side may forfeit before
    /// its opponent is known, and the phone's projection (core's `advance`) must know which.
    pub forfeit_side: Option<u8>,
    pub winner_id: Option<i64>,
    /// The sets, team 1's points first, where the phase's format has sets (then the two scores
    /// are the sets won); empty otherwise.
    #[schema(value_type = Vec<Vec<u32>>)]
    pub sets: Vec<SetScore>,
    /// The teams' report of the result, in a team-scored tournament (else null). While it is
    /// proposed or disputed, the match's own status, scores and sets stay as they were.
    pub report: Option<ReportDto>,
    /// The work team refereeing it, where the matches get one.
    pub duty_team_id: Option<i64>,
    pub duty_team_name: Option<String>,
    /// While the work team is the loser of an earlier knockout match not final yet: that match
    /// as the request's language names the work team ('Perdant QF1', 'Loser QF1').
    pub duty_from: Option<String>,
    /// The same match's bracket code ('QF1'): a phone names the work team as soon as it decides
    /// that match, offline, and words it in the page's language.
    pub duty_from_code: Option<BracketCode>,
}

/// A match's report as people read it: the standing version (the proposal, or the decision),
/// the other side's when disputed, and until when a proposal waits.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDto {
    pub state: ReportState,
    /// The team whose version stands; null for an admin's decision.
    pub by_team_id: Option<i64>,
    pub team1_score: u32,
    pub team2_score: u32,
    #[schema(value_type = Vec<Vec<u32>>)]
    pub sets: Vec<SetScore>,
    /// The other side's version, once disputed.
    #[schema(value_type = Option<Vec<Vec<u32>>>)]
    pub counter_sets: Option<Vec<SetScore>>,
    pub counter_team1_score: Option<u32>,
    pub counter_team2_score: Option<u32>,
    /// The team that disputed.
    pub counter_by_team_id: Option<i64>,
    /// When a proposal confirms itself, while it is proposed.
    pub deadline: Option<String>,
    /// 'Décidé par l'organisation'.
    pub decided_by_admin: bool,
}

impl ReportDto {
    fn new(report: &Report, row: &MatchRow) -> ReportDto {
        let team = |by: Reporter| match by {
            Reporter::Team1 => row.team1_id,
            Reporter::Team2 => row.team2_id,
            Reporter::Duty => row.duty_team_id,
            Reporter::Admin => None,
        };
        let standing = report.standing();
        let result = standing.claim.result();
        let counter = report.countered();
        ReportDto {
            state: report.state,
            by_team_id: team(standing.by),
            team1_score: result.team1_score,
            team2_score: result.team2_score,
            sets: result.sets.clone(),
            counter_sets: counter.map(|c| c.claim.result().sets.clone()),
            counter_team1_score: counter.map(|c| c.claim.result().team1_score),
            counter_team2_score: counter.map(|c| c.claim.result().team2_score),
            counter_by_team_id: counter.and_then(|c| team(c.by)),
            deadline: (report.state == ReportState::Proposed).then(|| utc_text(report.deadline)),
            decided_by_admin: standing.by == Reporter::Admin,
        }
    }
}

impl MatchDto {
    /// A match alone (the answer to its score): shown as core shows it at `now`.
    pub fn new(row: &MatchRow, now: DateTime<Utc>, lang: Lang) -> MatchDto {
        let core = row.to_core();
        let one = std::slice::from_ref(&core);
        MatchDto::shown(row, &core, (shown_statuses(one, now)[0], late_matches(one, now)[0]), lang)
    }

    /// A match of a whole board, as `status` and `late` say it is shown.
    fn shown(row: &MatchRow, core: &Match, (status, late): (MatchStatus, bool), lang: Lang) -> MatchDto {
        let duty_from = row.duty_from.filter(|_| row.duty_team_id.is_none());
        MatchDto {
            id: row.id,
            tournament_id: row.tournament_id,
            round_type: row.round_type,
            round_name: row.round_name.clone(),
            bracket_code: row.bracket_code,
            pool: row.pool,
            round: row.pool.map(|_| row.slot_index + 1),
            status,
            late,
            started: row.started_at.is_some(),
            team1_id: row.team1_id,
            team2_id: row.team2_id,
            team1_name: row.team1_name.clone(),
            team2_name: row.team2_name.clone(),
            team1_withdrawn: row.team1_withdrawn,
            team2_withdrawn: row.team2_withdrawn,
            team1_from: row.team1_from,
            team2_from: row.team2_from,
            team1_score: row.team1_score,
            team2_score: row.team2_score,
            scheduled_time: row.scheduled_time.clone(),
            court_number: row.court_number,
            court: row.court_number,
            slot_index: row.slot_index,
            version: row.version,
            forfeit: row.forfeit_side.is_some(),
            forfeit_side: row.forfeit_side,
            winner_id: core.winner(),
            sets: row.sets.clone(),
            report: row.report.as_ref().map(|r| ReportDto::new(r, row)),
            duty_team_id: row.duty_team_id,
            duty_team_name: row.duty_team_name.clone(),
            duty_from: duty_from.map(|code| duty_placeholder(code, lang)),
            duty_from_code: duty_from,
        }
    }
}

/// A team's standing (its points, wins, draws, losses, points for and against, ...), with its pool
/// (0-based) and its rank in it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StandingDto {
    #[serde(flatten)]
    pub standing: Standing,
    pub pool: u8,
}

/// Everything a page shows of one tournament, read in one go.
pub struct Board {
    pub row: TournamentRow,
    pub teams: usize,
    pub matches: Vec<MatchDto>,
    pub standings: Vec<StandingDto>,
    /// The teams in final order once the tournament is decided (core's `final_ranking`).
    pub final_ranking: Vec<TeamId>,
}

impl Board {
    /// The board as shown at `now` (which matches are in progress).
    pub fn new(rows: BoardRows, now: DateTime<Utc>, lang: Lang) -> Board {
        let cores: Vec<Match> = rows.matches.iter().map(MatchRow::to_core).collect();
        let final_ranking = final_ranking(&rows.standings, &cores);
        let standings = rows
            .standings
            .into_iter()
            .enumerate()
            .flat_map(|(pool, list)| list.into_iter().map(move |standing| StandingDto { standing, pool: pool as u8 }))
            .collect();
        let shown = shown_statuses(&cores, now);
        let late = late_matches(&cores, now);
        let mut matches: Vec<MatchDto> = rows
            .matches
            .iter()
            .zip(&cores)
            .zip(shown.into_iter().zip(late))
            .map(|((m, core), shown)| MatchDto::shown(m, core, shown, lang))
            .collect();
        number_pool_rounds(&mut matches);
        Board { teams: rows.teams, matches, standings, final_ranking, row: rows.tournament }
    }

    /// A team's standing, next match (the first not completed, in time order) and final place.
    pub fn team(&self, team: &TeamOfUser) -> UserTeamDto {
        let final_place = self.final_ranking.iter().position(|&t| t == team.team_id).map(|i| i as u32 + 1);
        UserTeamDto {
            event_id: team.event_id,
            team_id: team.team_id,
            team_name: team.team_name.clone(),
            captain_name: team.captain_name.clone(),
            standing: self.standings.iter().find(|s| s.standing.team_id == team.team_id).cloned(),
            next_match: self
                .matches
                .iter()
                .find(|m| {
                    m.status != MatchStatus::Completed
                        && (m.team1_id == Some(team.team_id) || m.team2_id == Some(team.team_id))
                })
                .cloned(),
            final_place,
        }
    }
}

/// A pool's rounds are its own slots in time order (pools sharing the courts do not play in
/// every slot): 'Poule A - Ronde 3' is pool A's third slot, whatever the other pools do.
fn number_pool_rounds(matches: &mut [MatchDto]) {
    let mut slots: std::collections::BTreeMap<u8, Vec<u32>> = std::collections::BTreeMap::new();
    for m in matches.iter() {
        if let Some(pool) = m.pool {
            slots.entry(pool).or_default().push(m.slot_index);
        }
    }
    for list in slots.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    for m in matches.iter_mut() {
        if let Some(pool) = m.pool {
            m.round = slots.get(&pool).and_then(|l| l.binary_search(&m.slot_index).ok()).map(|i| i as u32 + 1);
        }
    }
}

/// The 'Votre équipe' card.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTeamDto {
    pub event_id: i64,
    pub team_id: i64,
    pub team_name: String,
    pub captain_name: String,
    pub standing: Option<StandingDto>,
    pub next_match: Option<MatchDto>,
    /// The team's final place (1 for the champion) once the tournament is decided, else null.
    pub final_place: Option<u32>,
}

impl UserTeamDto {
    /// A team whose event has no tournament yet.
    pub fn without_tournament(team: &TeamOfUser) -> UserTeamDto {
        UserTeamDto {
            event_id: team.event_id,
            team_id: team.team_id,
            team_name: team.team_name.clone(),
            captain_name: team.captain_name.clone(),
            standing: None,
            next_match: None,
            final_place: None,
        }
    }
}
