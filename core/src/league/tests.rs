//! The grid, its groups, the ranking in a group and the movement, by hand and over random nights.

use proptest::prelude::*;

use super::*;
use crate::format::preset;

fn rules(group_size: u8) -> Rules {
    Rules { group_size, format: MatchFormat::default() }
}

/// Every match of the night's grid, played: team `a` beats team `b` when `wins(a, b)`.
fn played(grid: &Grid, wins: impl Fn(TeamId, TeamId) -> bool) -> Vec<Match> {
    plan_night(grid, 2, 20, u32::MAX)
        .expect("laid out")
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (s1, s2) = if wins(m.team1, m.team2) { (21, 15) } else { (15, 21) };
            Match::played(i as i64 + 1, m.team1, m.team2, s1, s2)
        })
        .collect()
}

#[test]
fn group_sizes_keep_the_asked_size_at_the_top() {
    assert_eq!(group_sizes(10, 3), Ok(vec![3, 3, 4]));
    assert_eq!(group_sizes(11, 3), Ok(vec![3, 3, 3, 2]));
    assert_eq!(group_sizes(9, 3), Ok(vec![3, 3, 3]));
    assert_eq!(group_sizes(11, 4), Ok(vec![4, 4, 3]));
    assert_eq!(group_sizes(9, 4), Ok(vec![3, 3, 3]));
    assert_eq!(group_sizes(4, 3), Ok(vec![2, 2]));
    assert_eq!(group_sizes(72, 4), Ok(vec![4; 18]));
    assert_eq!(group_sizes(3, 3), Err(LeagueError::TooFewTeams { teams: 3, needed: 4 }));
    assert_eq!(group_sizes(10, 5), Err(LeagueError::GroupSize));
    assert_eq!(group_sizes(MAX_TEAMS + 1, 4), Err(LeagueError::TooManyTeams { teams: MAX_TEAMS + 1 }));
}

#[test]
fn first_and_last_move_and_the_ends_stay() {
    // 9 teams in groups of 3; in every group the lower id wins.
    let grid = grid_of(&(1..=9).collect::<Vec<_>>(), 3).expect("grid");
    assert_eq!(grid.tiers, [vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]);
    let matches = played(&grid, |a, b| a < b);
    let night = Night { grid: &grid, matches: &matches, absent: &[], previous: None };
    let next = next_placement(&night, &Roster::default(), &rules(3)).expect("next");
    // Down from above first, then the stayers, then up from below.
    assert_eq!(next.tiers, [vec![1, 2, 4], vec![3, 5, 7], vec![6, 8, 9]]);
    assert_eq!(movement(Some(&grid), &next, 4), Movement::Up);
    assert_eq!(movement(Some(&grid), &next, 3), Movement::Down);
    assert_eq!(movement(Some(&grid), &next, 1), Movement::Same);
    assert_eq!(movement(None, &next, 1), Movement::New);
}

#[test]
fn an_absent_team_ranks_last_and_goes_down() {
    let grid = grid_of(&(1..=6).collect::<Vec<_>>(), 3).expect("grid");
    // Team 1 is absent: whatever the table says, it ranks last of its group.
    let matches = played(&grid, |a, b| a < b);
    let night = Night { grid: &grid, matches: &matches, absent: &[1], previous: None };
    assert_eq!(group_ranking(&night, 1, &MatchFormat::default()), [2, 3, 1]);
    let next = next_placement(&night, &Roster::default(), &rules(3)).expect("next");
    assert_eq!(next.tiers, [vec![2, 3, 4], vec![1, 5, 6]]);
}

#[test]
fn a_tie_goes_to_the_team_from_the_lower_tier_then_the_seed() {
    // Three teams that each won once, by the same points: the table cannot tell them apart.
    let grid = Grid { tiers: vec![vec![1, 2, 3], vec![4, 5, 6]] };
    let previous = Grid { tiers: vec![vec![1, 3, 7], vec![2, 8, 9]] };
    let matches = [Match::played(1, 1, 2, 21, 15), Match::played(2, 2, 3, 21, 15), Match::played(3, 3, 1, 21, 15)];
    let night = Night { grid: &grid, matches: &matches, absent: &[], previous: Some(&previous) };
    // Team 2 was in tier 2 the week before: first; then 1 and 3 by their seed.
    assert_eq!(group_ranking(&night, 1, &MatchFormat::default()), [2, 1, 3]);
    let first = Night { previous: None, ..night };
    assert_eq!(group_ranking(&first, 1, &MatchFormat::default()), [1, 2, 3]);
}

#[test]
fn arrivals_enter_at_the_bottom_and_a_withdrawn_place_is_filled_from_below() {
    let grid = grid_of(&(1..=8).collect::<Vec<_>>(), 4).expect("grid");
    let matches = played(&grid, |a, b| a < b);
    let night = Night { grid: &grid, matches: &matches, absent: &[], previous: None };
    let roster = Roster { arrived: &[20], withdrawn: &[2] };
    let next = next_placement(&night, &roster, &rules(4)).expect("next");
    // Without changes: [1, 2, 3, 5] and [4, 6, 7, 8]; 2 leaves, 20 arrives last.
    assert_eq!(next.tiers, [vec![1, 3, 5, 4], vec![6, 7, 8, 20]]);
}

#[test]
fn the_night_lays_groups_on_courts_in_waves() {
    let grid = grid_of(&(1..=10).collect::<Vec<_>>(), 3).expect("grid");
    let plan = plan_night(&grid, 2, 20, 180).expect("fits");
    // Tiers 1 and 2 at once on courts 0 and 1 (3 matches each), then tier 3's group of 4.
    let of_tier =
        |t: usize| plan.iter().filter(|m| m.tier == t).map(|m| (m.court, m.start_minutes)).collect::<Vec<_>>();
    assert_eq!(of_tier(1), [(0, 0), (0, 20), (0, 40)]);
    assert_eq!(of_tier(2), [(1, 0), (1, 20), (1, 40)]);
    assert_eq!(of_tier(3).len(), 6);
    assert_eq!(of_tier(3)[0], (0, 60));
    assert_eq!(
        plan_night(&grid, 2, 20, 150),
        Err(LeagueError::TooManyWaves { waves: 2, minutes_needed: 180, minutes_available: 150 })
    );
    assert_eq!(plan_night(&grid, 0, 20, 150), Err(LeagueError::NoCourt));
}

#[test]
fn sets_decide_with_the_leagues_format() {
    let grid = Grid { tiers: vec![vec![1, 2], vec![3, 4]] };
    // Team 1 scored more points, team 2 won two sets to one: the sets decide.
    let mut m = Match::played(1, 1, 2, 1, 2);
    m.sets = vec![[21, 5], [18, 21], [13, 15]];
    let night = Night { grid: &grid, matches: std::slice::from_ref(&m), absent: &[], previous: None };
    assert_eq!(group_ranking(&night, 1, &preset("fivb-beach").expect("preset")), [2, 1]);
}

/// A night of `teams` teams seeded in order, with random results and absences.
fn night_strategy() -> impl Strategy<Value = (usize, u8, Vec<bool>, Vec<u8>)> {
    (4usize..=80, prop::sample::select(GROUP_SIZES.to_vec())).prop_flat_map(|(teams, size)| {
        (Just(teams), Just(size), prop::collection::vec(any::<bool>(), 200), prop::collection::vec(0u8..20, teams))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Over 4 to 80 teams and random results: every team is placed exactly once, no team moves
    /// more than one tier, the sizes are kept, and the same night gives the same grid.
    #[test]
    fn placement_keeps_every_team_once_within_a_tier_and_the_sizes((teams, size, coins, absent) in night_strategy()) {
        let ids: Vec<TeamId> = (1..=teams as i64).collect();
        let grid = grid_of(&ids, size).expect("grid");
        prop_assert_eq!(grid.order().len(), teams);
        prop_assert!(grid.sizes().iter().all(|s| (2..=4).contains(s)), "{:?}", grid.sizes());
        let plan = plan_night(&grid, 2, 20, u32::MAX).expect("laid out");
        let matches: Vec<Match> = plan.iter().enumerate().map(|(i, m)| {
            let (s1, s2) = if coins[i % coins.len()] { (21, 17) } else { (17, 21) };
            Match::played(i as i64 + 1, m.team1, m.team2, s1, s2)
        }).collect();
        let absent: Vec<TeamId> = ids.iter().zip(&absent).filter(|(_, a)| **a == 0).map(|(t, _)| *t).collect();
        let night = Night { grid: &grid, matches: &matches, absent: &absent, previous: None };
        let next = next_placement(&night, &Roster::default(), &rules(size)).expect("next");
        let mut placed = next.order();
        placed.sort_unstable();
        prop_assert_eq!(&placed, &ids);
        prop_assert_eq!(next.sizes(), grid.sizes());
        for &t in &ids {
            let (before, after) = (grid.tier_of(t).expect("before"), next.tier_of(t).expect("after"));
            prop_assert!(before.abs_diff(after) <= 1, "team {} from tier {} to {}", t, before, after);
        }
        // Each group's first goes up and its last down, except at the ends.
        for tier in 1..=grid.tiers.len() {
            let ranked = group_ranking(&night, tier, &MatchFormat::default());
            let (first, last) = (ranked[0], ranked[ranked.len() - 1]);
            prop_assert_eq!(next.tier_of(first), Some(if tier == 1 { 1 } else { tier - 1 }));
            prop_assert_eq!(next.tier_of(last), Some(if tier == grid.tiers.len() { tier } else { tier + 1 }));
        }
        let again = next_placement(&night, &Roster::default(), &rules(size)).expect("again");
        prop_assert_eq!(again, next.clone());
        // A second night from the first's grid keeps the rule with the tie-break by tier.
        let night2 = Night { grid: &next, matches: &matches, absent: &[], previous: Some(&grid) };
        let third = next_placement(&night2, &Roster::default(), &rules(size)).expect("third");
        prop_assert_eq!(third.sizes(), grid.sizes());
    }
}

#[test]
fn a_night_is_timed_in_the_centre_s_zone_and_closes_with_its_first_court() {
    use chrono::{NaiveDate, NaiveTime};
    let t = |h, m| NaiveTime::from_hms_opt(h, m, 0).expect("time");
    // 18:30 in Gatineau in June is 22:30 UTC; the third match of a group starts 40 min later.
    let date = NaiveDate::from_ymd_opt(2027, 6, 8).expect("date");
    let at = match_start(&chrono_tz::America::Toronto, date, t(18, 30), 40);
    assert_eq!(at.to_rfc3339(), "2027-06-08T23:10:00+00:00");
    assert_eq!(minutes_until_close(t(18, 30), &[Some(t(21, 0)), Some(t(22, 0))]), 150, "the first to close");
    assert_eq!(minutes_until_close(t(18, 30), &[Some(t(21, 0)), None]), 0, "a court closed that day");
    assert_eq!(minutes_until_close(t(21, 30), &[Some(t(21, 0))]), 0);
    assert!(NightState::Played.is_settled() && !NightState::Planned.is_settled());
}
