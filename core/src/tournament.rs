//! Tournament data shared by standings, scheduling, the knockout bracket and the score merge.
//! `Match` here and `Standing` (in `standings`) serialize to camelCase JSON, the API's field names.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

/// One set: team 1's points, team 2's.
pub type SetScore = [u32; 2];

pub type TeamId = i64;
pub type MatchId = i64;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    /// Withdrawn after it played: it stays in its pool's table, below every team still in,
    /// and is never drawn into the bracket.
    #[serde(default)]
    pub withdrawn: bool,
}

impl Team {
    pub fn new(id: TeamId, name: impl Into<String>) -> Team {
        Team { id, name: name.into(), withdrawn: false }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RoundType {
    Pool,
    Quarterfinal,
    Semifinal,
    Final,
}

stored_text!(RoundType { Pool = "pool", Quarterfinal = "quarterfinal", Semifinal = "semifinal", Final = "final" });

/// Who enters a tournament's scores: its organisers (the default), or the teams themselves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    #[default]
    Staff,
    Teams,
}

stored_text!(Scoring { Staff = "staff", Teams = "teams" });

/// Whether a tournament's matches get a work team: none (the default), or the teams in turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DutyMode {
    #[default]
    #[serde(rename = "none")]
    Nobody,
    #[serde(rename = "teams")]
    Teams,
}

stored_text!(DutyMode { Nobody = "none", Teams = "teams" });

/// A knockout match's place in the bracket: its code on the wire and in the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum BracketCode {
    #[serde(rename = "QF1")]
    Qf1,
    #[serde(rename = "QF2")]
    Qf2,
    #[serde(rename = "QF3")]
    Qf3,
    #[serde(rename = "QF4")]
    Qf4,
    #[serde(rename = "SF1")]
    Sf1,
    #[serde(rename = "SF2")]
    Sf2,
    #[serde(rename = "F")]
    F,
}

stored_text!(BracketCode { Qf1 = "QF1", Qf2 = "QF2", Qf3 = "QF3", Qf4 = "QF4", Sf1 = "SF1", Sf2 = "SF2", F = "F" });

impl BracketCode {
    /// The quarterfinals, in bracket order.
    pub const QUARTERFINALS: [BracketCode; 4] =
        [BracketCode::Qf1, BracketCode::Qf2, BracketCode::Qf3, BracketCode::Qf4];
    /// The semifinals, in bracket order.
    pub const SEMIFINALS: [BracketCode; 2] = [BracketCode::Sf1, BracketCode::Sf2];

    /// The two matches whose winners meet here, if earlier matches feed it.
    pub fn feeders(self) -> Option<(BracketCode, BracketCode)> {
        match self {
            BracketCode::Sf1 => Some((BracketCode::Qf1, BracketCode::Qf2)),
            BracketCode::Sf2 => Some((BracketCode::Qf3, BracketCode::Qf4)),
            BracketCode::F => Some((BracketCode::Sf1, BracketCode::Sf2)),
            _ => None,
        }
    }
}

/// A match's state. Stored: `scheduled` until its score is in, then `completed`; shown:
/// `in_progress` once its time has come with both teams known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    Scheduled,
    InProgress,
    Completed,
}

stored_text!(MatchStatus { Scheduled = "scheduled", InProgress = "in_progress", Completed = "completed" });

/// A tournament's state: `setup` until its schedule is generated, `in_progress` while it is
/// played, `completed` with its final (or its last pool match when there is no bracket).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    Setup,
    InProgress,
    Completed,
}

stored_text!(TournamentStatus { Setup = "setup", InProgress = "in_progress", Completed = "completed" });

impl TournamentStatus {
    /// The schedule exists: the teams are fixed (withdrawn, never released by a payment), the
    /// settings no longer change the pools, and scores count.
    pub fn has_schedule(self) -> bool {
        self != TournamentStatus::Setup
    }
}

/// What a line of a match's history records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    Score,
    Correction,
    Forfeit,
}

stored_text!(ScoreKind { Score = "score", Correction = "correction", Forfeit = "forfeit" });

/// Why a correction is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorrectionRefused {
    /// A knockout match, or a pool match once the bracket is drawn from the pool's results.
    Closed,
    /// The match has no score to correct.
    NotCompleted,
}

/// A stored match. Knockout matches carry a [`BracketCode`] and
/// have no team until the match feeding that side is decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Match {
    pub id: MatchId,
    pub round_type: RoundType,
    #[serde(default)]
    pub round_name: String,
    #[serde(default)]
    pub bracket_code: Option<BracketCode>,
    pub status: MatchStatus,
    #[serde(default)]
    pub team1_id: Option<TeamId>,
    #[serde(default)]
    pub team2_id: Option<TeamId>,
    #[serde(default)]
    pub team1_score: Option<u32>,
    #[serde(default)]
    pub team2_score: Option<u32>,
    #[serde(default, deserialize_with = "crate::timefmt::de_utc_opt")]
    pub scheduled_time: Option<DateTime<Utc>>,
    #[serde(default)]
    pub court_number: Option<u8>,
    /// The side (1 or 2) that forfeited a knockout match (its team was withdrawn after the
    /// draw): the other side wins once it is known, without a score.
    #[serde(default)]
    pub forfeit_side: Option<u8>,
    /// The sets, team 1's points first, when the phase's format has sets; `team1Score` and
    /// `team2Score` are then the sets won.
    #[serde(default)]
    pub sets: Vec<SetScore>,
    /// A scorekeeper marked it started: its court is playing it, whatever the clock says.
    #[serde(default)]
    pub started: bool,
}

impl Match {
    /// A completed pool match between `a` and `b` with its score, not placed on a court: a
    /// result as the standings count it.
    pub fn played(id: MatchId, a: TeamId, b: TeamId, sa: u32, sb: u32) -> Match {
        Match {
            id,
            round_type: RoundType::Pool,
            round_name: String::new(),
            bracket_code: None,
            status: MatchStatus::Completed,
            team1_id: Some(a),
            team2_id: Some(b),
            team1_score: Some(sa),
            team2_score: Some(sb),
            scheduled_time: None,
            court_number: None,
            forfeit_side: None,
            sets: Vec::new(),
            started: false,
        }
    }

    /// Both teams and both scores of a completed match.
    pub fn result(&self) -> Option<(TeamId, TeamId, u32, u32)> {
        if self.status != MatchStatus::Completed {
            return None;
        }
        Some((self.team1_id?, self.team2_id?, self.team1_score?, self.team2_score?))
    }

    /// The winner of a completed match; `None` for a draw or an undecided match.
    pub fn winner(&self) -> Option<TeamId> {
        if self.status != MatchStatus::Completed {
            return None;
        }
        match self.forfeit_side {
            Some(1) => return self.team2_id,
            Some(2) => return self.team1_id,
            _ => {}
        }
        // The scores decide, not `result()`: a side emptied after the match (its team withdrawn)
        // must not take the win away from the team that is still there.
        match self.team1_score?.cmp(&self.team2_score?) {
            std::cmp::Ordering::Greater => self.team1_id,
            std::cmp::Ordering::Less => self.team2_id,
            std::cmp::Ordering::Equal => None,
        }
    }

    pub fn involves(&self, team: TeamId) -> bool {
        self.team1_id == Some(team) || self.team2_id == Some(team)
    }

    /// Both teams are known (a knockout side may still wait for a winner).
    pub fn teams_known(&self) -> bool {
        self.team1_id.is_some() && self.team2_id.is_some()
    }

    /// A score can be entered: not completed, not forfeited, and both teams known.
    pub fn can_score(&self) -> bool {
        self.status != MatchStatus::Completed && self.forfeit_side.is_none() && self.teams_known()
    }

    /// A result can be corrected: a completed pool match while the bracket, drawn from the
    /// pools' results, is not (`bracket_drawn`).
    pub fn can_correct(&self, bracket_drawn: bool) -> Result<(), CorrectionRefused> {
        if self.round_type != RoundType::Pool || bracket_drawn {
            return Err(CorrectionRefused::Closed);
        }
        if self.status != MatchStatus::Completed {
            return Err(CorrectionRefused::NotCompleted);
        }
        Ok(())
    }

    /// Whether the match could be under way at `now`: not completed, both teams known, its time
    /// come.
    fn due(&self, now: DateTime<Utc>) -> bool {
        self.status != MatchStatus::Completed && self.teams_known() && self.scheduled_time.is_some_and(|t| t <= now)
    }
}

/// The matches each court is playing at `now`. A court plays one match at a time: the one a
/// scorekeeper marked started (the earliest, should there be two), else the earliest match due
/// (not completed, both teams known, its time come). A match without a court plays once due or
/// started.
fn playing(matches: &[Match], now: DateTime<Utc>) -> Vec<MatchId> {
    /// Which match of a court goes first: not started after started, then by time and id.
    type Order = (bool, DateTime<Utc>, MatchId);
    let mut playing: Vec<(Option<u8>, Order)> = Vec::new();
    let candidates =
        matches.iter().filter(|m| m.due(now) || (m.started && m.status != MatchStatus::Completed && m.teams_known()));
    for m in candidates {
        // Started first, then by time.
        let key = (!m.started, m.scheduled_time.unwrap_or(now), m.id);
        match playing.iter_mut().find(|p| p.0 == m.court_number && m.court_number.is_some()) {
            Some(p) if key < p.1 => p.1 = key,
            Some(_) => {}
            None => playing.push((m.court_number, key)),
        }
    }
    playing.into_iter().map(|p| p.1.2).collect()
}

/// The state each match shows at `now`, in the given order: `in_progress` for what its court is
/// playing ([`playing`]); a later match whose time has also come is still `scheduled`, waiting
/// for the court (late: [`late_matches`]).
pub fn shown_statuses(matches: &[Match], now: DateTime<Utc>) -> Vec<MatchStatus> {
    let playing = playing(matches, now);
    matches
        .iter()
        .map(|m| match m.status {
            MatchStatus::Completed => MatchStatus::Completed,
            _ if playing.contains(&m.id) => MatchStatus::InProgress,
            _ => MatchStatus::Scheduled,
        })
        .collect()
}

/// Which matches are late at `now`, in the given order: their time has come, their court is
/// playing another ('En retard' in the console; 'À venir' on the public page).
pub fn late_matches(matches: &[Match], now: DateTime<Utc>) -> Vec<bool> {
    let playing = playing(matches, now);
    matches.iter().map(|m| m.due(now) && !playing.contains(&m.id)).collect()
}

/// The bracket is drawn once any match is not a pool match.
pub fn bracket_drawn(matches: &[Match]) -> bool {
    matches.iter().any(|m| m.round_type != RoundType::Pool)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 8, 22, hour, 0, 0).single().unwrap_or_default()
    }

    fn unscored(id: MatchId, court: u8, hour: u32) -> Match {
        let mut m = Match::played(id, 10 + id, 20 + id, 0, 0);
        (m.status, m.team1_score, m.team2_score) = (MatchStatus::Scheduled, None, None);
        (m.court_number, m.scheduled_time) = (Some(court), Some(at(hour)));
        m
    }

    #[test]
    fn a_match_is_in_progress_once_its_time_has_come_with_both_teams() {
        let mut m = unscored(1, 1, 14);
        let shown = |m: &Match, hour| shown_statuses(std::slice::from_ref(m), at(hour))[0];
        assert_eq!(shown(&m, 13), MatchStatus::Scheduled);
        assert_eq!(shown(&m, 14), MatchStatus::InProgress);
        m.team2_id = None;
        assert_eq!(shown(&m, 15), MatchStatus::Scheduled);
        assert!(!m.can_score());
        m.team2_id = Some(20);
        assert!(m.can_score());
        m.status = MatchStatus::Completed;
        assert_eq!(shown(&m, 15), MatchStatus::Completed);
        assert!(!m.can_score());
    }

    #[test]
    fn each_court_plays_one_match_at_a_time_however_late_the_scores() {
        // Three rounds on two courts, none scored, the clock past all three.
        let matches: Vec<Match> = [(1, 1, 13), (2, 2, 13), (3, 1, 14), (4, 2, 14), (5, 1, 15), (6, 2, 15)]
            .map(|(id, c, h)| unscored(id, c, h))
            .to_vec();
        let shown = shown_statuses(&matches, at(16));
        use MatchStatus::{InProgress, Scheduled};
        assert_eq!(shown, [InProgress, InProgress, Scheduled, Scheduled, Scheduled, Scheduled]);
        // Court 1's first match scored: its next one is the one being played.
        let mut scored = matches.clone();
        scored[0].status = MatchStatus::Completed;
        let shown = shown_statuses(&scored, at(16));
        assert_eq!(shown[..4], [MatchStatus::Completed, InProgress, InProgress, Scheduled]);
    }

    #[test]
    fn the_later_overdue_matches_are_late_and_a_match_marked_started_wins_over_the_clock() {
        let matches: Vec<Match> = [(1, 1, 13), (2, 2, 13), (3, 1, 14), (4, 2, 14), (5, 1, 15), (6, 2, 15)]
            .map(|(id, c, h)| unscored(id, c, h))
            .to_vec();
        assert_eq!(late_matches(&matches, at(16)), [false, false, true, true, true, true]);
        assert_eq!(late_matches(&matches, at(13)), [false; 6], "nothing late while each court plays its first");
        // Court 2's scorekeeper says match 4 started (its first was never played): court 2 plays it.
        let mut started = matches.clone();
        started[3].started = true;
        use MatchStatus::{InProgress, Scheduled};
        assert_eq!(
            shown_statuses(&started, at(16)),
            [InProgress, Scheduled, Scheduled, InProgress, Scheduled, Scheduled]
        );
        assert_eq!(late_matches(&started, at(16)), [false, true, true, false, true, true]);
        // Even before its time: a match marked started is under way.
        assert_eq!(shown_statuses(&started, at(12))[3], InProgress);
        // Completed, it no longer holds the court.
        started[3].status = MatchStatus::Completed;
        assert_eq!(shown_statuses(&started, at(16))[1], InProgress);
    }

    #[test]
    fn only_a_completed_pool_match_is_corrected_and_only_before_the_bracket() {
        let mut m = Match::played(1, 10, 20, 21, 18);
        assert_eq!(m.can_correct(false), Ok(()));
        assert_eq!(m.can_correct(true), Err(CorrectionRefused::Closed));
        m.status = MatchStatus::Scheduled;
        assert_eq!(m.can_correct(false), Err(CorrectionRefused::NotCompleted));
        m.round_type = RoundType::Final;
        assert_eq!(m.can_correct(false), Err(CorrectionRefused::Closed));
        assert!(bracket_drawn(&[Match::played(2, 1, 2, 0, 0), m]));
        assert!(!bracket_drawn(&[Match::played(2, 1, 2, 0, 0)]));
    }

    #[test]
    fn states_read_back_from_their_stored_text() {
        for s in TournamentStatus::ALL {
            assert_eq!(TournamentStatus::parse(s.as_str()), Some(*s));
        }
        for s in MatchStatus::ALL {
            assert_eq!(MatchStatus::parse(s.as_str()), Some(*s));
        }
        for r in RoundType::ALL {
            assert_eq!(RoundType::parse(r.as_str()), Some(*r));
        }
        for k in ScoreKind::ALL {
            assert_eq!(ScoreKind::parse(k.as_str()), Some(*k));
        }
        assert!(!TournamentStatus::Setup.has_schedule() && TournamentStatus::InProgress.has_schedule());
    }
}
