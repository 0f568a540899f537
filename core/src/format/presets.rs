//! The formats the console offers by name.

use serde::{Deserialize, Serialize};

use super::{MatchFormat, ResultPoints, SetsFormat};
use crate::stored::stored_text;
use crate::tiebreak::{Criterion, Scope, Tiebreak};

/// A format the console offers by name (the console lists them in declaration order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Preset {
    /// One pair of whole numbers per match.
    #[serde(rename = "single")]
    Single,
    #[serde(rename = "fivb-beach")]
    FivbBeach,
    #[serde(rename = "rec-2x21")]
    Rec2x21,
    #[serde(rename = "indoor-25")]
    Indoor25,
    #[serde(rename = "timed")]
    Timed,
}

stored_text!(Preset {
    Single = "single",
    FivbBeach = "fivb-beach",
    Rec2x21 = "rec-2x21",
    Indoor25 = "indoor-25",
    Timed = "timed",
});

const fn tb(criterion: Criterion, scope: Scope) -> Tiebreak {
    Tiebreak { criterion, scope }
}

/// Points, then differential, then points for, the matches between the tied teams, their names
/// and registration order: the order standings always had.
const SINGLE: &[Tiebreak] = &[
    tb(Criterion::Points, Scope::All),
    tb(Criterion::PointDifference, Scope::All),
    tb(Criterion::PointsFor, Scope::All),
    tb(Criterion::HeadToHead, Scope::Tied),
    tb(Criterion::TeamName, Scope::All),
    tb(Criterion::RegistrationOrder, Scope::All),
];

/// FIVB's pool criteria as Quebec beach events apply them: points, then the set and point
/// quotients among the tied teams, the point quotient over all matches, the match between them.
const SETS: &[Tiebreak] = &[
    tb(Criterion::Points, Scope::All),
    tb(Criterion::SetRatio, Scope::Tied),
    tb(Criterion::PointRatio, Scope::Tied),
    tb(Criterion::PointRatio, Scope::All),
    tb(Criterion::HeadToHead, Scope::Tied),
    tb(Criterion::RegistrationOrder, Scope::All),
];

fn sets(sets: u8, play_all: bool, points: u16, deciding: Option<u16>, cap: Option<u16>) -> SetsFormat {
    SetsFormat { sets, play_all, points, deciding_points: deciding, win_by_two: true, cap, time_limit_minutes: None }
}

/// The preset named `id`.
pub fn preset(id: &str) -> Option<MatchFormat> {
    Preset::parse(id).map(Preset::format)
}

impl Preset {
    /// The format this preset names: its sets, results table and tie-break chain.
    pub fn format(self) -> MatchFormat {
        let (sets, points, tiebreaks) = match self {
            Preset::Single => (None, ResultPoints::CLASSIC, SINGLE),
            // Beach: best of 3, 21/21/15, win by 2, no cap; win 2, loss 1, forfeit 0.
            Preset::FivbBeach => (
                Some(sets(3, false, 21, Some(15), None)),
                ResultPoints { win: 2, close_win: 2, draw: 1, close_loss: 1, loss: 1, forfeit: 0 },
                SETS,
            ),
            // Recreational: two sets of 21, both played, cap 23; a 1-1 split is a draw (3/1/0).
            Preset::Rec2x21 => (Some(sets(2, true, 21, None, Some(23))), ResultPoints::CLASSIC, SETS),
            // Indoor, three sets: 25/25/15; a win in the deciding set is worth 2, its loss 1.
            Preset::Indoor25 => (
                Some(sets(3, false, 25, Some(15), None)),
                ResultPoints { win: 3, close_win: 2, draw: 1, close_loss: 1, loss: 0, forfeit: 0 },
                SETS,
            ),
            // One running score for 24 minutes; the last rally decides a tie.
            Preset::Timed => (
                Some(SetsFormat { time_limit_minutes: Some(24), ..sets(1, true, 0, None, None) }),
                ResultPoints::CLASSIC,
                SETS,
            ),
        };
        MatchFormat { preset: Some(self), sets, points, tiebreaks: tiebreaks.to_vec() }
    }
}
