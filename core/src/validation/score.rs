//! Score entry.

use serde::{Deserialize, Serialize};

use super::{Checker, NumberInput};
use crate::errors::FieldError;
use crate::format::SetScore;

/// Body of `PUT /api/admin/matches/{matchId}/score`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ScoreInput {
    pub team1_score: Option<NumberInput>,
    pub team2_score: Option<NumberInput>,
    /// The sets, team 1's points first (`[[21, 18], [17, 21]]`), where the phase's format has
    /// sets: the two scores are then the sets won, and may be left out.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Vec<u32>>>))]
    pub sets: Option<Vec<SetScore>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    team1_score: u32,
    team2_score: u32,
    /// Checked against the match's format where it is scored (`format::result_of`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sets: Vec<SetScore>,
}

impl Score {
    /// Highest accepted score.
    pub const MAX: i64 = 999;

    /// Two scores already known to be whole numbers (a stored entry): `None` above [`Score::MAX`].
    pub fn new(team1_score: u32, team2_score: u32) -> Option<Score> {
        let max = Score::MAX as u32;
        (team1_score <= max && team2_score <= max).then_some(Score { team1_score, team2_score, sets: Vec::new() })
    }

    /// A stored score in sets (an entry a phone sent): `None` above [`Score::MAX`].
    pub fn with_sets(team1_score: u32, team2_score: u32, sets: Vec<SetScore>) -> Option<Score> {
        Score::new(team1_score, team2_score).map(|s| Score { sets, ..s })
    }

    pub fn team1_score(&self) -> u32 {
        self.team1_score
    }
    pub fn team2_score(&self) -> u32 {
        self.team2_score
    }
    pub fn sets(&self) -> &[SetScore] {
        &self.sets
    }
}

/// Body of `PUT /api/admin/matches/{matchId}/forfeit`: the side (1 or 2) whose team did not
/// play; the other wins by the format's forfeit score.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ForfeitInput {
    pub side: Option<NumberInput>,
}

pub fn validate_forfeit(input: &ForfeitInput) -> Result<u8, Vec<FieldError>> {
    let mut c = Checker::new();
    let side = match input.side.as_ref().and_then(NumberInput::as_integer) {
        Some(side @ 1..=2) => Some(side as u8),
        _ => {
            c.push("side", "forfeit_side");
            None
        }
    };
    c.finish(|| side)
}

pub fn validate_score(input: &ScoreInput) -> Result<Score, Vec<FieldError>> {
    let mut c = Checker::new();
    let one = |c: &mut Checker, field: &'static str, n: Option<&NumberInput>| match n {
        None => {
            c.push(field, "score_required");
            None
        }
        Some(n) if n.is_blank() => {
            c.push(field, "score_required");
            None
        }
        Some(n) => match n.as_integer() {
            Some(v @ 0..=Score::MAX) => Some(v as u32),
            Some(v) if v > Score::MAX => {
                c.push(field, "score_too_high");
                None
            }
            _ => {
                c.push(field, "score_invalid");
                None
            }
        },
    };
    let sets = input.sets.clone().unwrap_or_default();
    if !sets.is_empty() {
        // The sets decide; the two numbers, when given, are the sets won.
        let won = |side: usize| sets.iter().filter(|s| s[side] > s[1 - side]).count() as u32;
        if sets.len() > usize::from(crate::format::MAX_SETS) {
            c.push("sets", "sets_count");
        }
        let (team1_score, team2_score) = (won(0), won(1));
        return c.finish(|| Some(Score { team1_score, team2_score, sets }));
    }
    let t1 = one(&mut c, "team1Score", input.team1_score.as_ref());
    let t2 = one(&mut c, "team2Score", input.team2_score.as_ref());
    c.finish(|| Some(Score { team1_score: t1?, team2_score: t2?, sets }))
}

/// Body of `POST /api/matches/{matchId}/report`: the score as the admin's score takes it (sets,
/// team 1's points first whoever reports, or the two scores), or `forfeit: true` to concede;
/// `clientId` makes a repeat of the same report harmless.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ReportInput {
    pub team1_score: Option<NumberInput>,
    pub team2_score: Option<NumberInput>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Vec<u32>>>))]
    pub sets: Option<Vec<SetScore>>,
    /// The reporting team concedes the match.
    pub forfeit: Option<bool>,
    /// 1 to 64 characters, chosen by the client for this report.
    pub client_id: Option<String>,
}

/// A report as checked: the score (`None`: the team concedes) and its client id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportForm {
    pub score: Option<Score>,
    pub client_id: Option<String>,
}

pub fn validate_report(input: &ReportInput) -> Result<ReportForm, Vec<FieldError>> {
    let client_id = input.client_id.as_deref().map(str::trim).filter(|id| !id.is_empty());
    let mut errors = Vec::new();
    if client_id.is_some_and(|id| id.chars().count() > 64) {
        errors.push(FieldError::new("clientId", "client_id_invalid"));
    }
    let score = if input.forfeit == Some(true) {
        None
    } else {
        let body = ScoreInput {
            team1_score: input.team1_score.clone(),
            team2_score: input.team2_score.clone(),
            sets: input.sets.clone(),
        };
        match validate_score(&body) {
            Ok(score) => Some(score),
            Err(mut more) => {
                errors.append(&mut more);
                None
            }
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(ReportForm { score, client_id: client_id.map(str::to_owned) })
}

/// Body of `PUT /api/admin/matches/{matchId}/duty`: the team that referees the match.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DutyInput {
    pub team_id: Option<NumberInput>,
}

/// The team's registration id, a whole positive number.
pub fn validate_duty(input: &DutyInput) -> Result<i64, Vec<FieldError>> {
    match input.team_id.as_ref().and_then(NumberInput::as_integer) {
        Some(id) if id > 0 => Ok(id),
        _ => Err(vec![FieldError::new("teamId", "duty_team_invalid")]),
    }
}
