//! A team withdrawn (its registration deleted) before generating, before its first match,
//! during the pool once it has played, and after the draw.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::support::*;

#[tokio::test]
async fn a_team_deleted_before_generating_is_simply_left_out() {
    let setup = Setup::new(5, config(2, 1)).await;
    let gone = setup.teams[2].id;
    setup.delete_team(gone).await;
    assert_eq!(setup.tournament().await["teamCount"], 4);

    let generated = setup.generate().await;
    let matches = generated["matches"].as_array().unwrap();
    let kept: Vec<i64> = setup.ids().into_iter().filter(|t| *t != gone).collect();
    assert_eq!(matches.len(), 6, "4 teams: 6 matches");
    check_pool_phase(matches, &kept, 1, 2);
    assert_eq!(generated["quality"]["slotsUsed"].as_u64(), Some(lower_bound(&[4], 2)));
}

#[tokio::test]
async fn a_team_withdrawn_during_the_pool_stays_by_name_and_forfeits_what_it_had_left() {
    let setup = Setup::new(5, config(2, 1)).await;
    setup.generate().await;
    let ids = setup.ids();
    let strength = strengths(&ids, &[3, 0, 6, 9, 12]);

    // Play the first two slots.
    let mut results = Vec::new();
    for m in setup.matches().await.iter().filter(|m| id(&m["slotIndex"]) < 2) {
        let (a, b) = (id(&m["team1Id"]), id(&m["team2Id"]));
        let (sa, sb) = chosen_score(strength[&a], strength[&b]);
        setup.score_ok(id(&m["id"]), sa, sb).await;
        results.push((a, b, sa, sb));
    }
    let before = setup.matches().await;
    let gone = results[0].0;
    let name = before.iter().find(|m| m["team1Id"] == gone).map(|m| m["team1Name"].clone()).unwrap();
    let unplayed: BTreeSet<i64> = before
        .iter()
        .filter(|m| m["status"] != "completed" && (m["team1Id"] == gone || m["team2Id"] == gone))
        .map(|m| id(&m["id"]))
        .collect();
    assert!(!unplayed.is_empty(), "the team still had matches to play");

    setup.delete_team(gone).await;
    let after = setup.matches().await;
    assert_eq!(after.len(), before.len(), "no match is deleted");
    for (m, was) in after.iter().zip(&before) {
        assert_eq!(m["id"], was["id"]);
        for field in ["scheduledTime", "courtNumber", "slotIndex", "team1Id", "team2Id", "team1Name", "team2Name"] {
            assert_eq!(m[field], was[field], "{field} of match {}: its name stays beside its scores", m["id"]);
        }
        let side = if m["team1Id"] == gone {
            Some(1)
        } else if m["team2Id"] == gone {
            Some(2)
        } else {
            None
        };
        assert_eq!((m["team1Withdrawn"] == true, m["team2Withdrawn"] == true), (side == Some(1), side == Some(2)));
        if unplayed.contains(&id(&m["id"])) {
            // A forfeit: completed, won by the other side, no points invented under `single`.
            let winner = if side == Some(1) { &m["team2Id"] } else { &m["team1Id"] };
            assert_eq!((&m["status"], &m["forfeit"], &m["winnerId"]), (&json!("completed"), &json!(true), winner));
            assert_eq!((&m["team1Score"], &m["team2Score"]), (&Value::Null, &Value::Null));
            assert_eq!(setup.history(id(&m["id"])).await[0]["kind"], "forfeit");
        } else {
            for field in ["team1Score", "team2Score", "status", "forfeit", "winnerId"] {
                assert_eq!(m[field], was[field], "{field} of match {}", m["id"]);
            }
        }
    }
    assert!(after.iter().any(|m| m["team1Name"] == name || m["team2Name"] == name));

    // The standings: its played results stand, the forfeits are wins for its opponents, and it
    // is listed last, marked.
    let standings = setup.standings().await;
    let last = standings.last().unwrap();
    assert_eq!((&last["teamId"], &last["withdrawn"], &last["teamName"]), (&json!(gone), &json!(true), &name));
    assert_eq!(last["played"], after.iter().filter(|m| m["team1Id"] == gone || m["team2Id"] == gone).count());
    // (winner, loser) of every counted result: the played ones and the forfeits.
    let mut decided: Vec<(i64, i64)> =
        results.iter().filter(|r| r.2 != r.3).map(|&(a, b, sa, sb)| if sa > sb { (a, b) } else { (b, a) }).collect();
    for m in after.iter().filter(|m| unplayed.contains(&id(&m["id"]))) {
        let (a, b) = (id(&m["team1Id"]), id(&m["team2Id"]));
        decided.push(if a == gone { (b, a) } else { (a, b) });
    }
    for t in ids.iter().filter(|t| **t != gone) {
        let s = standings.iter().find(|s| s["teamId"] == *t).unwrap();
        let wins = decided.iter().filter(|d| d.0 == *t).count() as u64;
        let draws = results.iter().filter(|r| r.2 == r.3 && (r.0 == *t || r.1 == *t)).count() as u64;
        assert_eq!(
            (s["wins"].as_u64(), s["tournamentPoints"].as_u64()),
            (Some(wins), Some(3 * wins + draws)),
            "team {t}"
        );
        assert_eq!(s["withdrawn"], false);
    }
    let public: Value =
        setup.app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.json().await.unwrap();
    assert_eq!(public["tournament"]["teamCount"], 4);
    assert_eq!(public["standings"].as_array().unwrap().last().unwrap()["withdrawn"], true);

    // The rest of the pool, then semifinals of the 4 teams still in: never the withdrawn one.
    setup.score_pool(&strength).await;
    let standings = setup.standings().await;
    let seeds: Vec<i64> = standings.iter().filter(|s| s["withdrawn"] == false).map(|s| id(&s["teamId"])).collect();
    assert_eq!(seeds.len(), 4);
    let matches = setup.matches().await;
    assert_eq!(sides(bracket(&matches, "SF1")), (Some(seeds[0]), Some(seeds[3])));
    assert_eq!(sides(bracket(&matches, "SF2")), (Some(seeds[1]), Some(seeds[2])));
}

#[tokio::test]
async fn a_team_withdrawn_before_its_first_match_leaves_the_schedule() {
    let setup = Setup::new(5, config(2, 1)).await;
    setup.generate().await;
    let first_slot: Vec<Value> = setup.matches().await.into_iter().filter(|m| id(&m["slotIndex"]) == 0).collect();
    for m in &first_slot {
        setup.score_ok(id(&m["id"]), 21, 15).await;
    }
    let before = setup.matches().await;
    let resting = *setup
        .ids()
        .iter()
        .find(|t| first_slot.iter().all(|m| m["team1Id"] != **t && m["team2Id"] != **t))
        .expect("5 teams on 2 courts: one rests");
    setup.delete_team(resting).await;
    let after = setup.matches().await;
    let its = before.iter().filter(|m| m["team1Id"] == resting || m["team2Id"] == resting).count();
    assert_eq!(after.len(), before.len() - its, "its matches go");
    assert!(setup.standings().await.iter().all(|s| s["teamId"] != resting), "it is not listed");
}

#[tokio::test]
async fn a_team_deleted_after_the_draw_forfeits_its_next_knockout_match() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let ids = setup.ids();
    let results = setup.score_pool(&strengths(&ids, &[2, 8, 5, 11])).await;
    let table = expected_table(&ids, &results);
    let matches = setup.matches().await;
    let (sf1, sf2) = (id(&bracket(&matches, "SF1")["id"]), id(&bracket(&matches, "SF2")["id"]));
    let (first, second, third, fourth) = (table[0].team_id, table[1].team_id, table[2].team_id, table[3].team_id);

    // The fourth seed withdraws before its semifinal: the first seed wins it by forfeit.
    setup.delete_team(fourth).await;
    let matches = setup.matches().await;
    let semi = bracket(&matches, "SF1");
    assert_eq!(semi["status"], "completed");
    assert_eq!(semi["forfeit"], true);
    assert_eq!(semi["winnerId"], first);
    assert_eq!(sides(bracket(&matches, "F")), (Some(first), None), "the winner moves on");
    assert_eq!(bracket(&matches, "SF2")["forfeit"], false);
    let history = setup.history(sf1).await;
    assert_eq!(history[0]["kind"], "forfeit");
    assert_eq!(history[0]["changedBy"], "admin Test");
    let (status, body) = refused(setup.score(sf1, 21, 0).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));
    let standings = setup.standings().await;
    assert_eq!(
        (&standings.last().unwrap()["teamId"], &standings.last().unwrap()["withdrawn"]),
        (&json!(fourth), &json!(true))
    );
    assert_eq!(semi["team2Withdrawn"], true, "its name stays on its semifinal");
    assert_eq!(setup.tournament().await["status"], "in_progress");

    // SF2 is played; then its loser, already out, withdraws: nothing left to forfeit, the final
    // stands as it is.
    setup.score_ok(sf2, 21, 17).await;
    let fin = bracket(&setup.matches().await, "F").clone();
    assert_eq!(sides(&fin), (Some(first), Some(second)));
    setup.delete_team(third).await;
    let matches = setup.matches().await;
    let fin = bracket(&matches, "F");
    assert_eq!(
        (sides(fin), &fin["status"], &fin["forfeit"]),
        ((Some(first), Some(second)), &json!("scheduled"), &json!(false))
    );
    assert_eq!(bracket(&matches, "SF2")["winnerId"], second, "a played match keeps its winner");

    // The finalists play; the tournament ends.
    let scored = setup.score_ok(id(&fin["id"]), 19, 21).await;
    assert_eq!(scored["winnerId"], second);
    assert_eq!(setup.tournament().await["status"], "completed");

    // A withdrawal after the end changes nothing.
    setup.delete_team(first).await;
    let fin = bracket(&setup.matches().await, "F").clone();
    assert_eq!((&fin["winnerId"], &fin["team1Score"], &fin["forfeit"]), (&json!(second), &json!(19), &json!(false)));
    assert_eq!(setup.tournament().await["status"], "completed");
}

#[tokio::test]
async fn a_semifinal_winner_withdrawn_before_the_final_forfeits_it_once_its_opponent_is_known() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let ids = setup.ids();
    let results = setup.score_pool(&strengths(&ids, &[9, 3, 6, 0])).await;
    let table = expected_table(&ids, &results);
    let matches = setup.matches().await;
    let (sf1, sf2, fin) =
        (id(&bracket(&matches, "SF1")["id"]), id(&bracket(&matches, "SF2")["id"]), id(&bracket(&matches, "F")["id"]));
    let (first, third) = (table[0].team_id, table[2].team_id);

    // The first seed wins SF1, then withdraws while SF2 is still to play.
    setup.score_ok(sf1, 21, 11).await;
    setup.delete_team(first).await;
    let matches = setup.matches().await;
    let f = bracket(&matches, "F");
    assert_eq!((sides(f), &f["team1Withdrawn"]), ((Some(first), None), &json!(true)));
    assert_eq!((&f["status"], &f["forfeit"], &f["winnerId"]), (&json!("scheduled"), &json!(true), &Value::Null));
    let semi = bracket(&matches, "SF1");
    assert_eq!((&semi["team1Score"], &semi["status"]), (&json!(21), &json!("completed")), "SF1 stays played");
    assert_eq!(setup.history(fin).await[0]["kind"], "forfeit");

    // SF2's winner goes through to the title without playing the final.
    setup.score_ok(sf2, 15, 21).await;
    let f = bracket(&setup.matches().await, "F").clone();
    assert_eq!(sides(&f), (Some(first), Some(third)));
    assert_eq!((&f["status"], &f["winnerId"]), (&json!("completed"), &json!(third)));
    assert_eq!(setup.tournament().await["status"], "completed");
    let (status, body) = refused(setup.score(fin, 21, 0).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));
}
