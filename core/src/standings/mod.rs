//! Pool standings. Completed pool matches between two listed teams count. A team withdrawn
//! after it played stays listed, marked (`Team::withdrawn`): its played matches count as they
//! were played, the ones it had left are forfeits (the format's forfeit score), and it ranks
//! below every team still in. The same rule holds in the console, the public page and the
//! exports.
//!
//! What a result is worth comes from the phase's format ([`MatchFormat`]: win 3, draw 1, loss 0
//! for `single`); the order is its chain of tie-breaks ([`tiebreak`]), each applied to the
//! whole pool or among the tied teams only, and applied again to the teams a criterion left
//! tied, down to registration order: the order is total and does not depend on the order the
//! matches are given.

mod tiebreak;

use serde::{Deserialize, Serialize};

pub use crate::tiebreak::{Criterion, Scope, Tiebreak};

use crate::format::{MatchFormat, forfeit_sets};
use crate::small::IdIndex;
use crate::tournament::SetScore;
use crate::tournament::{Match, MatchStatus, RoundType, Team, TeamId};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    /// 1-based rank.
    pub position: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub team_id: TeamId,
    pub team_name: String,
    pub tournament_points: u32,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Points scored: rally points summed over the sets when the format has sets.
    pub points_for: u32,
    pub points_against: u32,
    pub points_differential: i64,
    /// Sets won and lost where the format has sets; `null` for `single`.
    #[serde(default)]
    pub sets_won: Option<u32>,
    #[serde(default)]
    pub sets_lost: Option<u32>,
    /// Sets won / sets lost where the format has sets; `null` for `single`, and when no set was
    /// lost (FIVB's MAX: `setsWon` says which).
    #[serde(default)]
    pub set_ratio: Option<f64>,
    /// Points won / points lost where the format has sets; `null` as for `setRatio`.
    #[serde(default)]
    pub point_ratio: Option<f64>,
    /// The criterion that separated this team from the one below; none for the last.
    #[serde(default)]
    pub decided_by: Option<Criterion>,
    /// Withdrawn after it played: listed last, never drawn into the bracket.
    #[serde(default)]
    pub withdrawn: bool,
}

/// One counted result, from team `a`'s side: its points and sets, and who forfeited.
#[derive(Debug, Clone)]
pub(crate) struct Result {
    pub a: TeamId,
    pub b: TeamId,
    pub points: [u32; 2],
    pub sets: Option<[u32; 2]>,
    /// Sets played, to tell a win in the deciding set.
    pub sets_played: usize,
    /// The side (0 for `a`, 1 for `b`) that forfeited.
    pub forfeited: Option<usize>,
}

/// Results that count: completed pool matches between two different listed teams with scores,
/// or forfeited. A forfeit counts as the format's forfeit score (none with `single`: a win for
/// one side, the points left as they are).
fn counted(matches: &[Match], known: &IdIndex, format: &MatchFormat) -> Vec<Result> {
    let mut out = Vec::new();
    for m in matches.iter().filter(|m| m.round_type == RoundType::Pool && m.status == MatchStatus::Completed) {
        let (Some(a), Some(b)) = (m.team1_id, m.team2_id) else { continue };
        if a == b || !known.contains(a) || !known.contains(b) {
            continue;
        }
        let forfeited = m.forfeit_side.filter(|s| *s == 1 || *s == 2).map(|s| usize::from(s) - 1);
        let (s1, s2) = match (m.team1_score, m.team2_score, forfeited) {
            (Some(s1), Some(s2), _) => (s1, s2),
            (_, _, Some(_)) => (0, 0),
            _ => continue,
        };
        let (points, sets, sets_played) = match &format.sets {
            None => ([s1, s2], None, 0),
            Some(f) => {
                let sets: Vec<SetScore> = match forfeited {
                    Some(side) if m.sets.is_empty() => forfeit_sets(f, side as u8 + 1),
                    _ => m.sets.clone(),
                };
                let points = sets.iter().fold([0, 0], |acc, s| [acc[0] + s[0], acc[1] + s[1]]);
                let won = sets
                    .iter()
                    .fold([0, 0], |acc, s| if s[0] > s[1] { [acc[0] + 1, acc[1]] } else { [acc[0], acc[1] + 1] });
                (points, Some(won), sets.len())
            }
        };
        out.push(Result { a, b, points, sets, sets_played, forfeited });
    }
    out
}

/// One team's figures over some results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub points: u32,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points_for: u32,
    pub points_against: u32,
    pub sets_won: u32,
    pub sets_lost: u32,
}

impl Tally {
    /// Adds one side (`side` 0 for the result's `a`) of a result.
    fn add(&mut self, r: &Result, side: usize, format: &MatchFormat) {
        let other = 1 - side;
        self.played += 1;
        self.points_for += r.points[side];
        self.points_against += r.points[other];
        // Sets decide the result where the format has them, else the scores.
        let (mine, theirs) = match r.sets {
            Some(s) => {
                self.sets_won += s[side];
                self.sets_lost += s[other];
                (s[side], s[other])
            }
            None => (r.points[side], r.points[other]),
        };
        let close =
            format.sets.as_ref().is_some_and(|f| !f.play_all && f.sets > 1 && r.sets_played == usize::from(f.sets));
        let worth = &format.points;
        let earned = match (r.forfeited, mine.cmp(&theirs)) {
            (Some(f), _) if f == side => {
                self.losses += 1;
                worth.forfeit
            }
            (Some(_), _) => {
                self.wins += 1;
                worth.win
            }
            (_, std::cmp::Ordering::Greater) => {
                self.wins += 1;
                if close { worth.close_win } else { worth.win }
            }
            (_, std::cmp::Ordering::Equal) => {
                self.draws += 1;
                worth.draw
            }
            (_, std::cmp::Ordering::Less) => {
                self.losses += 1;
                if close { worth.close_loss } else { worth.loss }
            }
        };
        self.points += u32::from(earned);
    }

    /// Each team's tally over the results, by position in `teams` (`member`: which teams count;
    /// a result counts when both its teams do).
    pub(crate) fn of(
        results: &[Result],
        index: &IdIndex,
        member: &dyn Fn(usize) -> bool,
        format: &MatchFormat,
        n: usize,
    ) -> Vec<Tally> {
        let mut out = vec![Tally::default(); n];
        for r in results {
            if let (Some(ia), Some(ib)) = (index.get(r.a), index.get(r.b))
                && member(ia)
                && member(ib)
            {
                out[ia].add(r, 0, format);
                out[ib].add(r, 1, format);
            }
        }
        out
    }
}

/// The quotient `won / lost`; none when nothing was lost (FIVB's MAX: JSON has no infinity).
fn ratio(won: u32, lost: u32) -> Option<f64> {
    (lost > 0).then(|| f64::from(won) / f64::from(lost))
}

/// The standings of `teams` (duplicates by id are dropped, first kept) under the default
/// `single` format: one score per match, win 3, draw 1, loss 0.
pub fn standings(matches: &[Match], teams: &[Team]) -> Vec<Standing> {
    standings_in(matches, teams, &MatchFormat::default())
}

/// The standings of `teams` under `format` (its results table and tie-breaks).
pub fn standings_in(matches: &[Match], teams: &[Team], format: &MatchFormat) -> Vec<Standing> {
    let first = IdIndex::new(teams.iter().map(|t| t.id));
    let teams: Vec<&Team> =
        teams.iter().enumerate().filter(|(pos, t)| first.get(t.id) == Some(*pos)).map(|(_, t)| t).collect();
    let index = IdIndex::new(teams.iter().map(|t| t.id));
    let results = counted(matches, &index, format);
    let all = Tally::of(&results, &index, &|_| true, format, teams.len());
    let ranked = tiebreak::rank(&tiebreak::Pool { teams: &teams, index: &index, results: &results, all: &all, format });
    let sets = format.sets.is_some();
    ranked
        .into_iter()
        .enumerate()
        .map(|(i, (t, decided_by))| {
            let tally = all[t];
            Standing {
                position: i as u32 + 1,
                team_id: teams[t].id,
                team_name: teams[t].name.clone(),
                tournament_points: tally.points,
                played: tally.played,
                wins: tally.wins,
                draws: tally.draws,
                losses: tally.losses,
                points_for: tally.points_for,
                points_against: tally.points_against,
                points_differential: i64::from(tally.points_for) - i64::from(tally.points_against),
                sets_won: sets.then_some(tally.sets_won),
                sets_lost: sets.then_some(tally.sets_lost),
                set_ratio: sets.then(|| ratio(tally.sets_won, tally.sets_lost)).flatten(),
                point_ratio: sets.then(|| ratio(tally.points_for, tally.points_against)).flatten(),
                decided_by,
                withdrawn: teams[t].withdrawn,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
