//! The standings rule against tables written by hand: each scenario plays chosen scores through
//! the server and compares its standings, line by line, with a table worked out on paper. One
//! scenario per rule: the points of a win, a draw and a loss; points before differential; then
//! points for, head-to-head points, head-to-head differential, the name (case aside, then as
//! written) and the id. The first table also checks the tests' own reference (`expected_table`).

use serde_json::Value;

use super::support::*;

/// A hand-written line: (team by registration order, played, won, drawn, lost, points for,
/// points against, differential, tournament points). Lines are listed in rank order.
type Hand = (usize, u32, u32, u32, u32, u32, u32, i64, u32);

fn hand(setup: &Setup, rows: &[Hand]) -> Vec<Line> {
    let ids = setup.ids();
    rows.iter()
        .map(|&(t, played, wins, draws, losses, points_for, points_against, points_differential, tournament_points)| {
            Line {
                team_id: ids[t],
                played,
                wins,
                draws,
                losses,
                points_for,
                points_against,
                points_differential,
                tournament_points,
            }
        })
        .collect()
}

/// Scores, for each `(i, j, si, sj)`, the pool match of teams `i` and `j` (registration order):
/// `i` scores `si`, `j` scores `sj`, whichever side of the match each is on.
async fn play(setup: &Setup, games: &[(usize, usize, u32, u32)]) -> Vec<Result4> {
    let ids = setup.ids();
    let matches = setup.matches().await;
    let mut results = Vec::new();
    for &(i, j, si, sj) in games {
        let (a, b) = (ids[i], ids[j]);
        let m: &Value = matches
            .iter()
            .find(|m| {
                m["roundType"] == "pool"
                    && ((m["team1Id"] == a && m["team2Id"] == b) || (m["team1Id"] == b && m["team2Id"] == a))
            })
            .unwrap_or_else(|| panic!("no pool match of {i} and {j}"));
        if m["team1Id"] == a {
            setup.score_ok(id(&m["id"]), si, sj).await;
        } else {
            setup.score_ok(id(&m["id"]), sj, si).await;
        }
        results.push((a, b, si, sj));
    }
    results
}

async fn pool_of(names: &[&str]) -> Setup {
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let setup = Setup::named(&names, config(2, 1)).await;
    setup.generate().await;
    setup
}

async fn four() -> Setup {
    pool_of(&["Équipe T0", "Équipe T1", "Équipe T2", "Équipe T3"]).await
}

#[tokio::test]
async fn a_win_is_worth_3_a_draw_1_a_loss_0_and_points_come_before_the_differential() {
    let setup = four().await;
    let results =
        play(&setup, &[(0, 1, 21, 15), (0, 2, 18, 18), (0, 3, 15, 21), (1, 2, 21, 10), (1, 3, 21, 19), (2, 3, 21, 20)])
            .await;
    // T1: W v T2 and T3, L v T0. T0 and T2: a win, a draw, a loss each, 4 points; T0's
    // differential (0) beats T2's (-10). T3 has a better differential than both but 3 points.
    let table = hand(
        &setup,
        &[
            (1, 3, 2, 0, 1, 57, 50, 7, 6),
            (0, 3, 1, 1, 1, 54, 54, 0, 4),
            (2, 3, 1, 1, 1, 49, 59, -10, 4),
            (3, 3, 1, 0, 2, 60, 57, 3, 3),
        ],
    );
    assert_standings(&setup.standings().await, &table);
    assert_eq!(expected_table(&setup.ids(), &results), table, "the tests' reference gives the hand table");
}

#[tokio::test]
async fn level_on_points_and_differential_the_team_that_scored_more_ranks_first() {
    let setup = four().await;
    // Two matches only: T3 and T2 both win by 10, T3 with 30 points scored, T2 with 20.
    play(&setup, &[(3, 1, 30, 20), (2, 0, 20, 10)]).await;
    let table = hand(
        &setup,
        &[
            (3, 1, 1, 0, 0, 30, 20, 10, 3),
            (2, 1, 1, 0, 0, 20, 10, 10, 3),
            (1, 1, 0, 0, 1, 20, 30, -10, 0),
            (0, 1, 0, 0, 1, 10, 20, -10, 0),
        ],
    );
    assert_standings(&setup.standings().await, &table);
}

#[tokio::test]
async fn level_on_points_differential_and_points_for_the_head_to_head_winner_ranks_first() {
    let setup = four().await;
    // T3 and T2: 3 points, +1, 20 scored each; T3 beat T2. T1: 3 points, +1, 9 scored.
    play(&setup, &[(3, 2, 12, 10), (2, 0, 10, 7), (3, 1, 8, 9)]).await;
    let table = hand(
        &setup,
        &[
            (3, 2, 1, 0, 1, 20, 19, 1, 3),
            (2, 2, 1, 0, 1, 20, 19, 1, 3),
            (1, 1, 1, 0, 0, 9, 8, 1, 3),
            (0, 1, 0, 0, 1, 7, 10, -3, 0),
        ],
    );
    assert_standings(&setup.standings().await, &table);
}

#[tokio::test]
async fn level_on_head_to_head_points_the_head_to_head_differential_decides() {
    let setup = four().await;
    // T2, T0, T3 beat one another in a circle (T2 +11 v T0, T0 +2 v T3, T3 +3 v T2) and all lose
    // to T1, ending level: 3 points, 50 for, 60 against. Head to head, each has 3 points;
    // differentials: T2 +8, T3 +1, T0 -9.
    play(&setup, &[(2, 0, 21, 10), (0, 3, 21, 19), (3, 2, 21, 18), (2, 1, 11, 29), (0, 1, 19, 20), (3, 1, 10, 21)])
        .await;
    let table = hand(
        &setup,
        &[
            (1, 3, 3, 0, 0, 70, 40, 30, 9),
            (2, 3, 1, 0, 2, 50, 60, -10, 3),
            (3, 3, 1, 0, 2, 50, 60, -10, 3),
            (0, 3, 1, 0, 2, 50, 60, -10, 3),
        ],
    );
    assert_standings(&setup.standings().await, &table);
}

#[tokio::test]
async fn level_head_to_head_too_the_name_decides_whatever_its_case() {
    // A perfect circle by the same score: all level, head to head too. By name, case aside:
    // aigles, castors, Zèbres (as written, 'Z' would come before both).
    let setup = pool_of(&["castors", "Zèbres", "aigles", "Huards"]).await;
    play(&setup, &[(0, 1, 21, 19), (1, 2, 21, 19), (2, 0, 21, 19)]).await;
    let table = hand(
        &setup,
        &[
            (2, 2, 1, 0, 1, 40, 40, 0, 3),
            (0, 2, 1, 0, 1, 40, 40, 0, 3),
            (1, 2, 1, 0, 1, 40, 40, 0, 3),
            (3, 0, 0, 0, 0, 0, 0, 0, 0),
        ],
    );
    assert_standings(&setup.standings().await, &table);
}

#[tokio::test]
async fn names_equal_but_for_case_go_as_written_and_equal_names_by_id() {
    // Nothing played. "Autre" twice: the first registered (lower id) first. "même" and "Même":
    // level case aside, then as written, upper case first, though "même" registered first.
    let setup = pool_of(&["même", "Même", "Autre", "Autre"]).await;
    let table = hand(
        &setup,
        &[
            (2, 0, 0, 0, 0, 0, 0, 0, 0),
            (3, 0, 0, 0, 0, 0, 0, 0, 0),
            (1, 0, 0, 0, 0, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 0, 0, 0, 0),
        ],
    );
    assert_standings(&setup.standings().await, &table);
}
