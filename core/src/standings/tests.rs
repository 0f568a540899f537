//! The tables and tie-breaks, on results written by hand.

use super::*;
use crate::tournament::MatchStatus;

pub(crate) fn team(id: TeamId, name: &str) -> Team {
    Team::new(id, name)
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

fn in_sets(id: i64, a: TeamId, b: TeamId, sets: &[[u32; 2]]) -> Match {
    let won = |side: usize| sets.iter().filter(|s| s[side] > s[1 - side]).count() as u32;
    let mut m = Match::played(id, a, b, won(0), won(1));
    m.sets = sets.to_vec();
    m
}

fn format(id: &str) -> MatchFormat {
    crate::format::preset(id).unwrap_or_default()
}

#[test]
fn in_two_sets_all_played_a_split_is_a_draw_and_quotients_are_counted() {
    let teams = [team(1, "Hérons"), team(2, "Brochets"), team(3, "Ouaouarons")];
    let matches = [
        in_sets(1, 1, 2, &[[21, 18], [17, 21]]),
        in_sets(2, 1, 3, &[[21, 10], [21, 12]]),
        in_sets(3, 2, 3, &[[23, 21], [19, 21]]),
    ];
    let t = standings_in(&matches, &teams, &format("rec-2x21"));
    assert_eq!(order(&t), [1, 2, 3]);
    let herons = &t[0];
    assert_eq!((herons.tournament_points, herons.wins, herons.draws, herons.losses), (4, 1, 1, 0));
    assert_eq!((herons.sets_won, herons.sets_lost), (Some(3), Some(1)));
    assert_eq!(herons.set_ratio, Some(3.0));
    assert_eq!((herons.points_for, herons.points_against), (80, 61));
    let brochets = &t[1];
    assert_eq!((brochets.tournament_points, brochets.draws), (2, 2));
    assert_eq!(brochets.decided_by, Some(Criterion::Points));
    assert_eq!(t[2].decided_by, None);
    // Single keeps its columns: no sets, no quotients.
    let single = standings(&[Match::played(1, 1, 2, 3, 1)], &teams);
    assert_eq!((single[0].sets_won, single[0].set_ratio), (None, None));
}

#[test]
fn a_three_way_tie_is_broken_by_the_set_quotient_among_the_tied_teams_only() {
    let teams = [team(1, "A"), team(2, "B"), team(3, "C"), team(4, "D")];
    let matches = [
        in_sets(1, 1, 2, &[[21, 15], [21, 17]]),
        in_sets(2, 2, 3, &[[21, 18], [19, 21], [15, 12]]),
        in_sets(3, 3, 1, &[[21, 19], [18, 21], [15, 13]]),
        in_sets(4, 1, 4, &[[21, 10], [21, 10]]),
        in_sets(5, 2, 4, &[[21, 12], [21, 12]]),
        in_sets(6, 3, 4, &[[21, 19], [17, 21], [15, 11]]),
    ];
    let t = standings_in(&matches, &teams, &format("fivb-beach"));
    // A, B and C have 5 points (win 2, loss 1). Among them A won 3 sets and lost 2, C 3 and 3,
    // B 2 and 3; over all matches B (4/3) would be ahead of C (5/4).
    assert_eq!(t.iter().map(|s| s.tournament_points).collect::<Vec<_>>(), [5, 5, 5, 3]);
    assert_eq!(order(&t), [1, 3, 2, 4]);
    let decided: Vec<_> = t.iter().map(|s| s.decided_by).collect();
    assert_eq!(decided, [Some(Criterion::SetRatio), Some(Criterion::SetRatio), Some(Criterion::Points), None]);
    // The quotients shown are over all matches.
    assert_eq!(t[0].set_ratio, Some(2.5));
}

#[test]
fn a_team_still_tied_after_a_split_is_ranked_again_among_its_own() {
    // Castors, Zèbres and Aigles: 6 points, +10 and 40 scored each. Among the three, Castors
    // lead (+4); Zèbres and Aigles are level (-2 each), so the two are ranked again on their own
    // match, which Zèbres won: the name would have put Aigles first.
    let teams = [team(1, "Castors"), team(2, "Zèbres"), team(3, "Aigles"), team(4, "Huards")];
    let matches = [
        Match::played(1, 1, 2, 10, 5),
        Match::played(2, 3, 1, 10, 9),
        Match::played(3, 2, 3, 10, 7),
        Match::played(4, 1, 4, 21, 15),
        Match::played(5, 2, 4, 25, 13),
        Match::played(6, 3, 4, 23, 11),
    ];
    let t = standings(&matches, &teams);
    assert_eq!(
        t.iter().map(|s| (s.tournament_points, s.points_differential, s.points_for)).collect::<Vec<_>>()[..3],
        [(6, 10, 40); 3]
    );
    assert_eq!(order(&t), [1, 2, 3, 4]);
    let decided: Vec<_> = t.iter().map(|s| s.decided_by).collect();
    assert_eq!(decided, [Some(Criterion::HeadToHead), Some(Criterion::HeadToHead), Some(Criterion::Points), None]);
}

#[test]
fn a_forfeit_counts_as_the_format_s_forfeit_score() {
    let teams = [team(1, "A"), team(2, "B")];
    let mut forfeit = Match::played(1, 1, 2, 0, 2);
    forfeit.forfeit_side = Some(1);
    let t = standings_in(&[forfeit], &teams, &format("fivb-beach"));
    assert_eq!(order(&t), [2, 1]);
    assert_eq!((t[0].tournament_points, t[1].tournament_points), (2, 0), "win 2, forfeit 0");
    assert_eq!((t[0].sets_won, t[0].points_for, t[1].points_against), (Some(2), 42, 42));
}

/// A forfeit as the server records it without a score (`single`) or with the format's.
fn forfeited(id: i64, a: TeamId, b: TeamId, side: u8, format: &MatchFormat) -> Match {
    let mut m = Match::played(id, a, b, 0, 0);
    (m.team1_score, m.team2_score) = (None, None);
    if let Some((s1, s2, sets)) = crate::format::forfeit_score(format, side) {
        (m.team1_score, m.team2_score, m.sets) = (Some(s1), Some(s2), sets);
    }
    m.forfeit_side = Some(side);
    m
}

#[test]
fn a_single_forfeit_is_a_win_for_the_other_side_with_no_points_invented() {
    let teams = [team(1, "A"), team(2, "B")];
    let t = standings(&[forfeited(1, 1, 2, 2, &MatchFormat::default())], &teams);
    assert_eq!(order(&t), [1, 2]);
    let (a, b) = (&t[0], &t[1]);
    assert_eq!((a.tournament_points, a.wins, a.played, a.points_for), (3, 1, 1, 0));
    assert_eq!((b.tournament_points, b.losses, b.played, b.points_against), (0, 1, 1, 0));
}

#[test]
fn a_recorded_sets_forfeit_keeps_the_quotients_true() {
    let rec = format("rec-2x21");
    let teams = [team(1, "A"), team(2, "B")];
    let t = standings_in(&[forfeited(1, 1, 2, 1, &rec)], &teams, &rec);
    assert_eq!(order(&t), [2, 1]);
    assert_eq!((t[0].sets_won, t[0].sets_lost, t[0].points_for, t[0].points_against), (Some(2), Some(0), 42, 0));
    assert_eq!((t[1].tournament_points, t[1].set_ratio, t[1].point_ratio), (0, Some(0.0), Some(0.0)));
}

#[test]
fn a_withdrawn_team_ranks_last_and_its_results_still_count_for_the_others() {
    // C beat A and B before withdrawing; its last match, against D, is a forfeit.
    let mut teams = [team(1, "A"), team(2, "B"), team(3, "C"), team(4, "D")];
    teams[2].withdrawn = true;
    let single = MatchFormat::default();
    let matches = [
        Match::played(1, 3, 1, 21, 10),
        Match::played(2, 3, 2, 21, 12),
        forfeited(3, 3, 4, 1, &single),
        Match::played(4, 1, 2, 21, 19),
    ];
    let t = standings(&matches, &teams);
    assert_eq!(order(&t), [4, 1, 2, 3], "C, on 6 points, below every team still in");
    assert_eq!(t.iter().map(|s| s.withdrawn).collect::<Vec<_>>(), [false, false, false, true]);
    assert_eq!((t[3].tournament_points, t[3].position), (6, 4));
    assert_eq!((t[1].points_against, t[1].losses), (40, 1), "A's loss to C stands as played");
    assert_eq!(t[2].decided_by, None, "nothing decided B against a withdrawn team");
    let pools = [t];
    let seeds = crate::schedule::knockout::seed_pools(&pools);
    assert_eq!(seeds.iter().map(|s| s.team_id).collect::<Vec<_>>(), [4, 1, 2], "a withdrawn team is never seeded");
    let still_in = crate::schedule::knockout::teams_still_in(&pools);
    assert_eq!(still_in, [4, 1, 2], "nor given a work duty");
}
