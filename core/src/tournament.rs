//! Tournament data shared by standings, scheduling, the knockout bracket and the score merge.
//! Shapes follow spec section 3 (Match, Standing) in camelCase JSON.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub type TeamId = i64;
pub type MatchId = i64;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub id: TeamId,
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundType {
    Pool,
    Quarterfinal,
    Semifinal,
    Final,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    Scheduled,
    InProgress,
    Completed,
}

/// A stored match. Knockout matches carry a `bracketCode` (`QF1`..`QF4`, `SF1`, `SF2`, `F`) and
/// have no team until the match feeding that side is decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Match {
    pub id: MatchId,
    pub round_type: RoundType,
    #[serde(default)]
    pub round_name: String,
    #[serde(default)]
    pub bracket_code: Option<String>,
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
}
