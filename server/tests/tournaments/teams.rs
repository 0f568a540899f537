//! A team withdrawn (its registration deleted) before generating, during the pool, and after
//! the draw.

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
async fn a_team_deleted_during_the_pool_loses_its_unplayed_matches_and_its_results() {
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
    let unplayed: BTreeSet<i64> = before
        .iter()
        .filter(|m| m["status"] != "completed" && (m["team1Id"] == gone || m["team2Id"] == gone))
        .map(|m| id(&m["id"]))
        .collect();
    assert!(!unplayed.is_empty(), "the team still had matches to play");

    setup.delete_team(gone).await;
    let after = setup.matches().await;
    let after_ids: BTreeSet<i64> = after.iter().map(|m| id(&m["id"])).collect();
    assert_eq!(after.len(), before.len() - unplayed.len());
    assert!(after_ids.is_disjoint(&unplayed), "its unplayed matches are gone");
    for m in &before {
        if let Some(kept) = after.iter().find(|k| k["id"] == m["id"]) {
            // Everything else keeps its time, court and score.
            for field in ["scheduledTime", "courtNumber", "slotIndex", "team1Score", "team2Score", "status"] {
                assert_eq!(kept[field], m[field], "{field} of match {}", m["id"]);
            }
        }
    }
    assert!(after.iter().all(|m| m["status"] == "completed" || (m["team1Id"] != gone && m["team2Id"] != gone)));

    // Its completed matches stop counting; it is no longer listed.
    let remaining: Vec<i64> = ids.iter().copied().filter(|t| *t != gone).collect();
    let standings = setup.standings().await;
    assert!(standings.iter().all(|s| s["teamId"] != gone));
    assert_standings(&standings, &expected_table(&remaining, &results));
    let public: Value =
        setup.app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.json().await.unwrap();
    assert_eq!(public["tournament"]["teamCount"], 4);

    // The rest of the pool, then semifinals of the 4 remaining teams.
    results.extend(setup.score_pool(&strength).await);
    let table = expected_table(&remaining, &results);
    assert_standings(&setup.standings().await, &table);
    let matches = setup.matches().await;
    assert_eq!(sides(bracket(&matches, "SF1")), (Some(table[0].team_id), Some(table[3].team_id)));
    assert_eq!(sides(bracket(&matches, "SF2")), (Some(table[1].team_id), Some(table[2].team_id)));
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
    assert!(setup.standings().await.iter().all(|s| s["teamId"] != fourth));
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
    assert_eq!(sides(f), (None, None));
    assert_eq!((&f["status"], &f["forfeit"], &f["winnerId"]), (&json!("scheduled"), &json!(true), &Value::Null));
    let semi = bracket(&matches, "SF1");
    assert_eq!((&semi["team1Score"], &semi["status"]), (&json!(21), &json!("completed")), "SF1 stays played");
    assert_eq!(setup.history(fin).await[0]["kind"], "forfeit");

    // SF2's winner goes through to the title without playing the final.
    setup.score_ok(sf2, 15, 21).await;
    let f = bracket(&setup.matches().await, "F").clone();
    assert_eq!(sides(&f), (None, Some(third)));
    assert_eq!((&f["status"], &f["winnerId"]), (&json!("completed"), &json!(third)));
    assert_eq!(setup.tournament().await["status"], "completed");
    let (status, body) = refused(setup.score(fin, 21, 0).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));
}
