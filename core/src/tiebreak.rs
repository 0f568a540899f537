//! A tie-break chain's data: the criteria that order a pool, each over the whole pool or the
//! tied teams' matches only. A leaf: a format names its chain (`format`), the standings apply
//! it (`standings::tiebreak`).

use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

/// What separates two teams, higher first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// Tournament points (the format's results table).
    Points,
    Wins,
    /// Sets won / sets lost.
    SetRatio,
    /// Points won / points lost.
    PointRatio,
    PointDifference,
    PointsFor,
    /// The matches between the tied teams: their points, then their difference.
    HeadToHead,
    /// Alphabetical, accents and case aside.
    TeamName,
    /// Who registered first: always separates.
    RegistrationOrder,
}

stored_text!(Criterion {
    Points = "points",
    Wins = "wins",
    SetRatio = "set_ratio",
    PointRatio = "point_ratio",
    PointDifference = "point_difference",
    PointsFor = "points_for",
    HeadToHead = "head_to_head",
    TeamName = "team_name",
    RegistrationOrder = "registration_order",
});

/// Over which matches a criterion counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Every counted match of the pool.
    All,
    /// Only the matches between the teams still tied.
    Tied,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Tiebreak {
    pub criterion: Criterion,
    pub scope: Scope,
}
