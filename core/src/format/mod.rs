//! How a match is scored, per phase of a tournament (pool, knockout): one pair of whole numbers
//! (`single`, the default), or volleyball sets (best of N or all N played, points per
//! set and for the deciding set, win by two or not, a cap, or a time limit with a running
//! score). A format also says what each result is worth in the standings and the order of the
//! tie-breaks ([`crate::tiebreak`], applied by [`crate::standings`]).
//!
//! A score in sets is `sets: [[21, 18], [17, 21]]` (team 1 first); its `team1Score`/`team2Score`
//! are then the sets each side won. [`check_sets`] refuses what cannot happen under the format.

mod presets;
mod sets;

use serde::{Deserialize, Serialize};

pub use crate::tournament::SetScore;
pub use presets::{Preset, preset};
pub use sets::{check_sets, forfeit_score, forfeit_sets};

use crate::tiebreak::Tiebreak;

/// Sets in a match: at most five.
pub const MAX_SETS: u8 = 5;

/// How the sets of a match are played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SetsFormat {
    /// N: best of N, or N sets all played.
    pub sets: u8,
    /// All N sets are played (a 1-1 split of two sets is a draw); otherwise the match stops once
    /// a side has won more than half.
    #[serde(default)]
    pub play_all: bool,
    /// Points that win a set (ignored with a time limit).
    pub points: u16,
    /// Points that win the deciding set of a best-of (the last one): 15 in 21/21/15.
    #[serde(default)]
    pub deciding_points: Option<u16>,
    /// A set is won by two clear points (unless the cap is reached).
    #[serde(default = "yes")]
    pub win_by_two: bool,
    /// The most points a set can reach: at the cap, the next point wins (23 after 22-22).
    #[serde(default)]
    pub cap: Option<u16>,
    /// A running score for this many minutes per match: the higher score wins each set, never a
    /// tie (the last rally decides), with no target or cap.
    #[serde(default)]
    pub time_limit_minutes: Option<u16>,
}

fn yes() -> bool {
    true
}

impl SetsFormat {
    /// Sets a side must win to take a best-of.
    pub fn to_win(&self) -> u32 {
        u32::from(self.sets) / 2 + 1
    }

    /// The target of set `index` (0-based): the deciding points for the last set of a best-of.
    pub fn target(&self, index: usize) -> u16 {
        let last = usize::from(self.sets.saturating_sub(1));
        match self.deciding_points {
            Some(points) if !self.play_all && index == last && self.sets > 1 => points,
            _ => self.points,
        }
    }
}

/// What each result is worth in a pool's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ResultPoints {
    pub win: u8,
    /// A win in the deciding set of a best-of (3-2 indoors, 2-1 on the beach).
    pub close_win: u8,
    pub draw: u8,
    pub close_loss: u8,
    pub loss: u8,
    /// The side that forfeited.
    pub forfeit: u8,
}

impl ResultPoints {
    /// The classic table (`single`, `rec-2x21`, `timed`): win 3, draw 1, loss 0.
    pub const CLASSIC: ResultPoints =
        ResultPoints { win: 3, close_win: 3, draw: 1, close_loss: 0, loss: 0, forfeit: 0 };
}

/// A phase's scoring: `single` (one pair of numbers) or sets, with its results table and
/// tie-breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchFormat {
    /// The preset it came from, or none for a custom format.
    #[serde(default)]
    pub preset: Option<Preset>,
    /// None: one pair of whole numbers per match.
    #[serde(default)]
    pub sets: Option<SetsFormat>,
    pub points: ResultPoints,
    /// In order; the last always separates (registration order).
    pub tiebreaks: Vec<Tiebreak>,
}

impl Default for MatchFormat {
    fn default() -> Self {
        Preset::Single.format()
    }
}

impl MatchFormat {
    pub fn is_single(&self) -> bool {
        self.sets.is_none()
    }
}

/// A format as a request gives it: a preset's id, or a custom object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum FormatInput {
    Preset(String),
    Custom(CustomFormat),
}

/// A custom format: the sets (none for `single`), and optionally its own results table and
/// tie-breaks (else those of the closest preset: `rec-2x21` for sets all played, `fivb-beach`
/// for a best-of, `single` without sets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CustomFormat {
    #[serde(default)]
    pub sets: Option<SetsFormat>,
    #[serde(default)]
    pub points: Option<ResultPoints>,
    #[serde(default)]
    pub tiebreaks: Option<Vec<Tiebreak>>,
}

/// The formats of a tournament's two phases.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Formats {
    #[serde(default)]
    pub pool: MatchFormat,
    #[serde(default)]
    pub knockout: MatchFormat,
}

impl Formats {
    /// The format of a match of round `round`.
    pub fn of(&self, round: crate::tournament::RoundType) -> &MatchFormat {
        if round == crate::tournament::RoundType::Pool { &self.pool } else { &self.knockout }
    }
}

/// The match's result under `format` as `(team1Score, team2Score)`: the numbers given for
/// `single` (which takes no sets: `sets_count`), else the sets each side won, once
/// [`check_sets`] accepts them.
pub fn result_of(
    format: &MatchFormat,
    knockout: bool,
    team1: u32,
    team2: u32,
    sets: &[SetScore],
) -> Result<(u32, u32), &'static str> {
    match &format.sets {
        None if sets.is_empty() => Ok((team1, team2)),
        None => Err("sets_count"),
        Some(f) => check_sets(f, sets, knockout),
    }
}

/// The format a request names, or the catalogue code of what is wrong with it
/// (`format_invalid`). Absent means `single`.
pub fn resolve(input: Option<&FormatInput>) -> Result<MatchFormat, &'static str> {
    let format = match input {
        None => MatchFormat::default(),
        Some(FormatInput::Preset(id)) => preset(id.trim()).ok_or("format_invalid")?,
        Some(FormatInput::Custom(custom)) => {
            let base = match &custom.sets {
                None => Preset::Single,
                Some(s) if s.play_all => Preset::Rec2x21,
                Some(_) => Preset::FivbBeach,
            }
            .format();
            MatchFormat {
                preset: None,
                sets: custom.sets.clone(),
                points: custom.points.unwrap_or(base.points),
                tiebreaks: custom.tiebreaks.clone().unwrap_or(base.tiebreaks),
            }
        }
    };
    if let Some(s) = &format.sets {
        let timed = s.time_limit_minutes.is_some();
        let target_ok = |p: u16| (1..=99).contains(&p);
        let ok = (1..=MAX_SETS).contains(&s.sets)
            && (timed || target_ok(s.points))
            && s.deciding_points.is_none_or(target_ok)
            && s.cap.is_none_or(|c| c > s.points && c <= 99)
            && s.time_limit_minutes.is_none_or(|m| (1..=240).contains(&m));
        if !ok {
            return Err("format_invalid");
        }
    }
    if format.tiebreaks.is_empty() {
        return Err("format_invalid");
    }
    Ok(format)
}

#[cfg(test)]
mod tests;
