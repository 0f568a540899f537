//! The whole tournament of 6 teams, and what creation, generation and knockout scoring refuse.

use serde_json::{Value, json};

use super::support::*;

#[tokio::test]
async fn six_teams_play_the_pool_the_semifinals_and_the_final() {
    let setup = Setup::new(6, config(2, 1)).await;
    let ids = setup.ids();

    let created = setup.tournament().await;
    assert_eq!(created["id"], setup.tournament_id);
    assert_eq!(created["name"], "Tournoi d'été", "named after the event");
    assert_eq!(created["status"], "setup");
    assert_eq!(created["teamCount"], 6);
    assert_eq!(created["startTime"], START);
    assert_eq!(created["quality"], Value::Null, "no quality before generating");

    // 6 teams, 2 courts: 15 matches, at best ceil(15 / 2) = 8 slots.
    let generated = setup.generate().await;
    assert_eq!(generated["tournament"]["status"], "in_progress");
    let matches = generated["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 15);
    let quality = &generated["quality"];
    assert_eq!(quality["lowerBound"].as_u64(), Some(lower_bound(&[6], 2)));
    assert_eq!(quality["slotsUsed"], quality["lowerBound"]);
    assert_eq!(generated["tournament"]["quality"]["slotsUsed"], quality["slotsUsed"]);
    check_pool_phase(matches, &ids, 1, 2);
    for m in matches {
        assert_eq!(m["status"], "scheduled");
        assert_eq!((&m["team1Score"], &m["team2Score"], &m["winnerId"]), (&Value::Null, &Value::Null, &Value::Null));
        let slot = m["slotIndex"].as_i64().unwrap();
        assert_eq!(m["scheduledTime"], plus_minutes(START, 30 * slot).as_str(), "slot {slot} starts 30 min later each");
    }
    let stored = setup.matches().await;
    let stored_ids: Vec<&Value> = stored.iter().map(|m| &m["id"]).collect();
    let generated_ids: Vec<&Value> = matches.iter().map(|m| &m["id"]).collect();
    assert_eq!(stored_ids, generated_ids);
    let before = setup.standings().await;
    let mut listed: Vec<i64> = before.iter().map(|s| id(&s["teamId"])).collect();
    listed.sort_unstable();
    assert_eq!(listed, ids, "every team, before any score");
    assert!(before.iter().all(|s| s["played"] == 0 && s["tournamentPoints"] == 0 && s["pointsDifferential"] == 0));

    // The pool, with scores the test chooses; the standings follow the test's own table.
    let strength = strengths(&ids, &[2, 5, 0, 4, 1, 3]);
    let results = setup.score_pool(&strength).await;
    assert_eq!(results.len(), 15);
    let table = expected_table(&ids, &results);
    let pts: Vec<u32> = table.iter().map(|l| l.tournament_points).collect();
    assert!(pts.windows(2).any(|w| w[0] == w[1]), "some points are tied, the differential decides: {table:?}");
    assert_standings(&setup.standings().await, &table);

    // 6 teams: semifinals 1v4 and 2v3 of the test's ranking, then the final of their winners.
    let matches = setup.matches().await;
    assert_eq!(matches.len(), 18);
    let last_pool_slot = of_round(&matches, "pool").iter().map(|m| id(&m["slotIndex"])).max().unwrap();
    let (sf1, sf2, fin) = (bracket(&matches, "SF1"), bracket(&matches, "SF2"), bracket(&matches, "F"));
    assert_eq!(sides(sf1), (Some(table[0].team_id), Some(table[3].team_id)));
    assert_eq!(sides(sf2), (Some(table[1].team_id), Some(table[2].team_id)));
    assert_eq!(
        (&sf1["roundType"], &sf2["roundType"], &fin["roundType"]),
        (&json!("semifinal"), &json!("semifinal"), &json!("final"))
    );
    assert_eq!(sides(fin), (None, None));
    assert_eq!((&fin["team1From"], &fin["team2From"]), (&json!("SF1"), &json!("SF2")));
    assert!(id(&sf1["slotIndex"]) > last_pool_slot && id(&sf2["slotIndex"]) > last_pool_slot);
    assert!(id(&fin["slotIndex"]) > id(&sf1["slotIndex"]).max(id(&sf2["slotIndex"])));
    assert_eq!(sf1["pool"], Value::Null);
    assert_eq!(setup.tournament().await["status"], "in_progress");

    // SF1: the first seed wins; SF2: the third seed wins. The final takes both winners.
    let (sf1_id, sf2_id, final_id) = (id(&sf1["id"]), id(&sf2["id"]), id(&fin["id"]));
    let scored = setup.score_ok(sf1_id, 21, 15).await;
    assert_eq!(scored["winnerId"], table[0].team_id);
    assert_eq!(sides(bracket(&setup.matches().await, "F")), (Some(table[0].team_id), None));
    let scored = setup.score_ok(sf2_id, 15, 21).await;
    assert_eq!(scored["winnerId"], table[2].team_id);
    let fin = bracket(&setup.matches().await, "F").clone();
    assert_eq!(sides(&fin), (Some(table[0].team_id), Some(table[2].team_id)));
    assert_eq!(setup.tournament().await["status"], "in_progress");

    let scored = setup.score_ok(final_id, 23, 25).await;
    assert_eq!(scored["winnerId"], table[2].team_id);
    assert_eq!(setup.tournament().await["status"], "completed");
    let fin = bracket(&setup.matches().await, "F").clone();
    assert_eq!(fin["status"], "completed");
    assert_eq!(fin["winnerId"], table[2].team_id);
    assert_eq!(fin["forfeit"], false);
    // The pool standings do not move with knockout results.
    assert_standings(&setup.standings().await, &table);

    // Each member's team card says its final place: the champion (3rd seed), the final's loser
    // (1st seed), the semifinal losers by seed (2nd, then 4th), then the 5th and 6th.
    let places = [(2, 1), (0, 2), (1, 3), (3, 4), (4, 5), (5, 6)];
    for (rank, place) in places {
        let team = setup.teams.iter().find(|t| t.id == table[rank].team_id).unwrap();
        let path = format!("/api/events/{}/user-team", setup.event_id);
        let mine: Value = team.user.client.get(setup.app.at(&path)).send().await.unwrap().json().await.unwrap();
        assert_eq!(mine["finalPlace"], place, "seed {}", rank + 1);
    }
}

#[tokio::test]
async fn creation_and_generation_refusals() {
    // Without a start time the tournament is created, but the schedule cannot be generated.
    let setup =
        Setup::new(2, json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10})).await;
    let app = &setup.app;
    let tournament = setup.tournament().await;
    assert_eq!(tournament["startTime"], Value::Null);
    assert_eq!(tournament["poolCount"], 1, "default pool count");
    let (status, body) = refused(post_generate(app, setup.tournament_id).await).await;
    assert_eq!(status, 422);
    assert_eq!(body["code"], "start_time_required");
    assert!(body["fieldErrors"]["startTime"].is_string(), "{body}");
    assert_eq!(setup.tournament().await["status"], "setup");
    assert!(setup.matches().await.is_empty());

    // One tournament per event.
    let response = app
        .client
        .post(app.at(&format!("/api/admin/events/{}/tournament", setup.event_id)))
        .json(&config(2, 1))
        .send()
        .await
        .unwrap();
    let (status, body) = refused(response).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("tournament_exists")));

    // Set the start, generate once; a second generation is refused and changes nothing.
    let put = app.client.put(app.at(&format!("/api/admin/tournaments/{}", setup.tournament_id))).json(&config(2, 1));
    assert_eq!(put.send().await.unwrap().status(), 200);
    let generated = setup.generate().await;
    assert_eq!(generated["matches"].as_array().unwrap().len(), 1);
    let (status, body) = refused(post_generate(app, setup.tournament_id).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("tournament_not_setup")));
    assert_eq!(setup.matches().await.len(), 1);

    // One team only.
    let lonely = create_event(app, "Tournoi solitaire").await;
    register_teams(app, lonely, 1).await;
    let id = create_tournament(app, lonely, &config(2, 1)).await["id"].as_i64().unwrap();
    let (status, body) = refused(post_generate(app, id).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("not_enough_teams")));

    // 3 teams in 2 pools: a pool of one.
    let small = create_event(app, "Petites poules").await;
    register_teams(app, small, 3).await;
    let id = create_tournament(app, small, &config(2, 2)).await["id"].as_i64().unwrap();
    let (status, body) = refused(post_generate(app, id).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("pool_too_small")));

    // Unknown event and unknown tournament.
    let response = app.client.post(app.at("/api/admin/events/999999/tournament")).json(&config(2, 1)).send().await;
    assert_eq!(response.unwrap().status(), 404);
    assert_eq!(post_generate(app, 999_999).await.status(), 404);

    // Members and visitors are refused the console's calls.
    let member = app.user("membre@example.org", None).await;
    let visitor = app.new_client();
    for (client, expected) in [(&member.client, 403), (&visitor, 401)] {
        let calls = [
            client.get(app.at(&format!("/api/admin/events/{}/tournament", setup.event_id))),
            client.post(app.at(&format!("/api/admin/tournaments/{}/generate-schedule", setup.tournament_id))),
            client.get(app.at(&format!("/api/admin/tournaments/{}/matches", setup.tournament_id))),
            client.put(app.at("/api/admin/matches/1/score")).json(&json!({"team1Score": 1, "team2Score": 0})),
        ];
        for call in calls {
            let response = call.send().await.unwrap();
            assert_eq!(response.status(), expected, "{}", response.url());
        }
    }
}

#[tokio::test]
async fn a_knockout_match_takes_no_draw_and_no_score_before_its_teams_are_known() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let results = setup.score_pool(&strengths(&setup.ids(), &[0, 3, 6, 9])).await;
    let table = expected_table(&setup.ids(), &results);
    let matches = setup.matches().await;
    let (sf1, fin) = (bracket(&matches, "SF1"), bracket(&matches, "F"));
    assert_eq!(sides(sf1), (Some(table[0].team_id), Some(table[3].team_id)));

    let (status, body) = refused(setup.score(id(&fin["id"]), 21, 15).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("match_teams_unknown")));
    let (status, body) = refused(setup.score(id(&sf1["id"]), 20, 20).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("knockout_draw")));

    let after = setup.matches().await;
    for code in ["SF1", "F"] {
        let m = bracket(&after, code);
        assert_eq!((&m["status"], &m["team1Score"]), (&json!("scheduled"), &Value::Null), "{code} unchanged");
    }
    assert!(setup.history(id(&sf1["id"])).await.is_empty());
    // A pool match may end in a draw; bad numbers are field errors.
    let response = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{}/score", id(&sf1["id"]))))
        .json(&json!({"team1Score": -1, "team2Score": ""}))
        .send()
        .await
        .unwrap();
    let (status, body) = refused(response).await;
    assert_eq!(status, 422);
    assert!(body["fieldErrors"]["team1Score"].is_string() && body["fieldErrors"]["team2Score"].is_string(), "{body}");
    assert_eq!(setup.score(999_999, 1, 0).await.status(), 404);
}

#[tokio::test]
async fn the_console_s_event_list_says_which_events_have_a_tournament() {
    let setup = Setup::new(2, config(2, 1)).await;
    let other = create_event(&setup.app, "Soirée sans tournoi").await;
    let events: Vec<serde_json::Value> = setup.app.get("/api/admin/events").await.json().await.unwrap();
    let has = |id: i64| events.iter().find(|e| e["id"] == id).map(|e| e["hasTournament"].clone());
    assert_eq!((has(setup.event_id), has(other)), (Some(serde_json::json!(true)), Some(serde_json::json!(false))));
}
