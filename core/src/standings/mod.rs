//! Pool standings: win 3, draw 1, loss 0. Only completed pool matches between two listed teams
//! count, so removing a team from the list makes its played matches stop counting.
//!
//! Order: tournament points, then points differential (the spec's public order), then points
//! for, then head-to-head among the teams still tied (points, then differential, in the matches
//! between them), then team name, then team id, so the order is always fully determined.

use serde::{Deserialize, Serialize};

use crate::small::{IdIndex, sort_by};
use crate::tournament::{Match, RoundType, Team, TeamId};

pub const WIN_POINTS: u32 = 3;
pub const DRAW_POINTS: u32 = 1;
pub const LOSS_POINTS: u32 = 0;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    pub points_for: u32,
    pub points_against: u32,
    pub points_differential: i64,
}

/// Adds one side of a result to a standing.
fn record(s: &mut Standing, scored: u32, conceded: u32) {
    s.played += 1;
    s.points_for += scored;
    s.points_against += conceded;
    s.points_differential += i64::from(scored) - i64::from(conceded);
    match scored.cmp(&conceded) {
        std::cmp::Ordering::Greater => {
            s.wins += 1;
            s.tournament_points += WIN_POINTS;
        }
        std::cmp::Ordering::Equal => {
            s.draws += 1;
            s.tournament_points += DRAW_POINTS;
        }
        std::cmp::Ordering::Less => {
            s.losses += 1;
            s.tournament_points += LOSS_POINTS;
        }
    }
}

/// Results that count: completed pool matches between two different listed teams with scores.
fn counted<'a>(matches: &'a [Match], known: &'a IdIndex) -> impl Iterator<Item = (TeamId, TeamId, u32, u32)> + 'a {
    matches
        .iter()
        .filter(|m| m.round_type == RoundType::Pool)
        .filter_map(Match::result)
        .filter(|(a, b, _, _)| a != b && known.contains(*a) && known.contains(*b))
}

/// The standings of `teams` (duplicates by id are dropped, first kept) from `matches`.
pub fn standings(matches: &[Match], teams: &[Team]) -> Vec<Standing> {
    let first = IdIndex::new(teams.iter().map(|t| t.id));
    let table_teams = teams.iter().enumerate().filter(|(pos, t)| first.get(t.id) == Some(*pos)).map(|(_, t)| t);
    let mut table: Vec<Standing> = table_teams
        .map(|team| Standing {
            position: 0,
            team_id: team.id,
            team_name: team.name.clone(),
            tournament_points: 0,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points_for: 0,
            points_against: 0,
            points_differential: 0,
        })
        .collect();
    let index = IdIndex::new(table.iter().map(|s| s.team_id));
    for (a, b, sa, sb) in counted(matches, &index) {
        if let (Some(ia), Some(ib)) = (index.get(a), index.get(b)) {
            record(&mut table[ia], sa, sb);
            record(&mut table[ib], sb, sa);
        }
    }
    let key = |s: &Standing| {
        (
            std::cmp::Reverse(s.tournament_points),
            std::cmp::Reverse(s.points_differential),
            std::cmp::Reverse(s.points_for),
        )
    };
    sort_by(&mut table, |x, y| key(x).cmp(&key(y)).then_with(|| x.team_id.cmp(&y.team_id)));

    // Break remaining ties inside each group of equal keys.
    let mut start = 0;
    while start < table.len() {
        let mut end = start + 1;
        while end < table.len() && key(&table[end]) == key(&table[start]) {
            end += 1;
        }
        if end - start > 1 {
            break_tie(&mut table[start..end], matches, &index);
        }
        start = end;
    }
    for (i, s) in table.iter_mut().enumerate() {
        s.position = i as u32 + 1;
    }
    table
}

/// Orders a group of tied teams by their head-to-head record, then name, then id.
fn break_tie(group: &mut [Standing], matches: &[Match], index: &IdIndex) {
    let member = |id: TeamId| group.iter().position(|s| s.team_id == id);
    // (points, differential) in matches between members of the group.
    let mut h2h = vec![(0u32, 0i64); group.len()];
    for (a, b, sa, sb) in counted(matches, index) {
        if let (Some(ia), Some(ib)) = (member(a), member(b)) {
            let pts = |x: u32, y: u32| match x.cmp(&y) {
                std::cmp::Ordering::Greater => WIN_POINTS,
                std::cmp::Ordering::Equal => DRAW_POINTS,
                std::cmp::Ordering::Less => LOSS_POINTS,
            };
            h2h[ia].0 += pts(sa, sb);
            h2h[ia].1 += i64::from(sa) - i64::from(sb);
            h2h[ib].0 += pts(sb, sa);
            h2h[ib].1 += i64::from(sb) - i64::from(sa);
        }
    }
    let mut order: Vec<(u32, i64, Standing)> =
        group.iter().enumerate().map(|(i, s)| (h2h[i].0, h2h[i].1, s.clone())).collect();
    sort_by(&mut order, |x, y| {
        y.0.cmp(&x.0)
            .then(y.1.cmp(&x.1))
            .then_with(|| {
                let fold = |s: &str| s.chars().flat_map(char::to_lowercase).collect::<Vec<char>>();
                fold(&x.2.team_name).cmp(&fold(&y.2.team_name))
            })
            .then_with(|| x.2.team_name.cmp(&y.2.team_name))
            .then(x.2.team_id.cmp(&y.2.team_id))
    });
    for (slot, (_, _, s)) in group.iter_mut().zip(order) {
        *slot = s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::MatchStatus;

    pub(crate) fn team(id: TeamId, name: &str) -> Team {
        Team { id, name: name.to_owned() }
    }

    fn order(table: &[Standing]) -> Vec<TeamId> {
        table.iter().map(|s| s.team_id).collect()
    }

    #[test]
    fn points_and_counts() {
        let teams = [team(1, "A"), team(2, "B"), team(3, "C")];
        let matches = [Match::played(1, 1, 2, 21, 15), Match::played(2, 2, 3, 18, 18), Match::played(3, 3, 1, 25, 23)];
        let t = standings(&matches, &teams);
        let a = t.iter().find(|s| s.team_id == 1).expect("A");
        assert_eq!((a.tournament_points, a.wins, a.draws, a.losses, a.played), (3, 1, 0, 1, 2));
        assert_eq!((a.points_for, a.points_against, a.points_differential), (44, 40, 4));
        let c = t.iter().find(|s| s.team_id == 3).expect("C");
        assert_eq!((c.tournament_points, c.draws, c.points_differential), (4, 1, 2));
        assert_eq!(order(&t), [3, 1, 2]);
        assert_eq!(t.iter().map(|s| s.position).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn only_completed_pool_matches_between_listed_teams_count() {
        let teams = [team(1, "A"), team(2, "B")];
        let mut scheduled = Match::played(2, 1, 2, 0, 0);
        scheduled.status = MatchStatus::Scheduled;
        let mut in_progress = Match::played(3, 1, 2, 10, 2);
        in_progress.status = MatchStatus::InProgress;
        let mut knockout = Match::played(4, 1, 2, 21, 3);
        knockout.round_type = RoundType::Final;
        let mut no_score = Match::played(5, 1, 2, 0, 0);
        no_score.team2_score = None;
        let against_removed = Match::played(6, 2, 9, 21, 0);
        let matches = [Match::played(1, 2, 1, 21, 19), scheduled, in_progress, knockout, no_score, against_removed];
        let t = standings(&matches, &teams);
        assert_eq!(order(&t), [2, 1]);
        assert_eq!(t[0].played, 1);
        assert_eq!(t[1].played, 1);
    }

    #[test]
    fn ties_fall_to_differential_then_points_for() {
        let teams = [team(1, "A"), team(2, "B"), team(3, "C"), team(4, "D")];
        // 1 and 2 both 3 pts; 2 has the better differential.
        let matches = [Match::played(1, 1, 3, 21, 20), Match::played(2, 2, 4, 21, 10)];
        assert_eq!(order(&standings(&matches, &teams)), [2, 1, 3, 4]);
        // Same points and differential; 1 scored more (and 3 more than 4).
        let matches = [Match::played(1, 1, 3, 30, 20), Match::played(2, 2, 4, 20, 10)];
        assert_eq!(order(&standings(&matches, &teams)), [1, 2, 3, 4]);
    }

    #[test]
    fn head_to_head_then_name() {
        // 1, 2, 3 each beat one other by the same margin with the same scores: a perfect cycle,
        // so head-to-head is level too and the name decides. Team 4 plays no one.
        let teams = [team(1, "Zèbres"), team(2, "aigles"), team(3, "Castors"), team(4, "Huards")];
        let cycle = [Match::played(1, 1, 2, 21, 19), Match::played(2, 2, 3, 21, 19), Match::played(3, 3, 1, 21, 19)];
        assert_eq!(order(&standings(&cycle, &teams)), [2, 3, 1, 4]);
        // Without a full tie, head-to-head plays no part: 2 beat 1 but 1 has the better differential.
        let teams = [team(1, "A"), team(2, "B"), team(3, "C"), team(4, "D")];
        let matches = [Match::played(1, 2, 1, 21, 19), Match::played(2, 1, 3, 21, 15), Match::played(3, 3, 2, 21, 15)];
        assert_eq!(order(&standings(&matches, &teams)), [1, 3, 2, 4]);
        // 1 and 2: 3 pts, +1, 16 for each; 2 beat 1, so 2 ranks first. 4 has 3 pts, +1, 7 for.
        let level = [Match::played(1, 2, 1, 10, 8), Match::played(2, 1, 3, 8, 5), Match::played(3, 4, 2, 7, 6)];
        assert_eq!(order(&standings(&level, &teams)), [2, 1, 4, 3], "2 beat 1 head to head");
        let same_names = [team(7, "Même"), team(5, "Même")];
        assert_eq!(order(&standings(&[], &same_names)), [5, 7], "ids decide last");
    }

    #[test]
    fn duplicate_team_entries_are_dropped() {
        let teams = [team(1, "A"), team(1, "A bis"), team(2, "B")];
        let t = standings(&[Match::played(1, 1, 2, 1, 0)], &teams);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].team_name, "A");
    }
}
