//! Score entry.

use serde::{Deserialize, Serialize};

use super::{Checker, NumberInput};
use crate::errors::FieldError;

/// Body of `PUT /api/admin/matches/{matchId}/score`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ScoreInput {
    pub team1_score: Option<NumberInput>,
    pub team2_score: Option<NumberInput>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    team1_score: u32,
    team2_score: u32,
}

impl Score {
    /// Highest accepted score.
    pub const MAX: i64 = 999;

    /// Two scores already known to be whole numbers (a stored entry): `None` above [`Score::MAX`].
    pub fn new(team1_score: u32, team2_score: u32) -> Option<Score> {
        let max = Score::MAX as u32;
        (team1_score <= max && team2_score <= max).then_some(Score { team1_score, team2_score })
    }

    pub fn team1_score(&self) -> u32 {
        self.team1_score
    }
    pub fn team2_score(&self) -> u32 {
        self.team2_score
    }
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
    let t1 = one(&mut c, "team1Score", input.team1_score.as_ref());
    let t2 = one(&mut c, "team2Score", input.team2_score.as_ref());
    c.finish(|| Some(Score { team1_score: t1?, team2_score: t2? }))
}
