//! Scores under concurrency, and corrections with their history.

use serde_json::{Value, json};

use super::support::*;

#[tokio::test]
async fn twenty_admins_scoring_one_match_at_once_leave_exactly_one_score() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let target = id(&setup.matches().await[0]["id"]);

    // Twenty different scores (21-0, 21-1, …, 21-19), all sent at once.
    let url = setup.app.at(&format!("/api/admin/matches/{target}/score"));
    let handles: Vec<_> = (0..20u32)
        .map(|i| {
            let request = setup.app.client.put(&url).json(&json!({"team1Score": 21, "team2Score": i}));
            tokio::spawn(async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut answers = Vec::new();
    for handle in handles {
        answers.push(handle.await.unwrap());
    }
    let accepted: Vec<&Value> = answers.iter().filter(|(s, _)| *s == 200).map(|(_, b)| b).collect();
    let completed = answers.iter().filter(|(s, b)| *s == 409 && b["code"] == "match_completed").count();
    let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!((accepted.len(), completed), (1, 19), "{statuses:?}");

    let winner = accepted[0];
    let stored = setup.matches().await.into_iter().find(|m| m["id"] == target).unwrap();
    assert_eq!(stored["status"], "completed");
    assert_eq!((&stored["team1Score"], &stored["team2Score"]), (&winner["team1Score"], &winner["team2Score"]));
    assert_eq!(stored["team1Score"], 21);
    let history = setup.history(target).await;
    assert_eq!(history.len(), 1, "one score recorded: {history:?}");
    assert_eq!((&history[0]["team1Score"], &history[0]["team2Score"]), (&winner["team1Score"], &winner["team2Score"]));
    let played: Vec<i64> = setup.standings().await.iter().map(|s| id(&s["played"])).collect();
    assert_eq!(played.iter().sum::<i64>(), 2, "one match counted once: {played:?}");
}

#[tokio::test]
async fn a_pool_result_is_corrected_before_the_draw_and_not_after() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let ids = setup.ids();
    let matches = setup.matches().await;
    let first = &matches[0];
    let (m0, a, b) = (id(&first["id"]), id(&first["team1Id"]), id(&first["team2Id"]));
    let unplayed = id(&matches[1]["id"]);

    // Nothing to correct yet.
    let (status, body) = refused(setup.correct(m0, 21, 10).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_not_completed")));

    setup.score_ok(m0, 21, 10).await;
    let line = |standings: &[Value], team: i64| standings.iter().find(|s| s["teamId"] == team).unwrap().clone();
    let standings = setup.standings().await;
    assert_eq!(
        (line(&standings, a)["tournamentPoints"].as_i64(), line(&standings, b)["wins"].as_i64()),
        (Some(3), Some(0))
    );

    // The correction turns the result round; the standings follow.
    let response = setup.correct(m0, 10, 21).await;
    assert_eq!(response.status(), 200);
    let corrected: Value = response.json().await.unwrap();
    assert_eq!((&corrected["team1Score"], &corrected["team2Score"]), (&json!(10), &json!(21)));
    assert_eq!(corrected["winnerId"], b);
    let standings = setup.standings().await;
    let (la, lb) = (line(&standings, a), line(&standings, b));
    assert_eq!(
        (la["tournamentPoints"].as_i64(), la["losses"].as_i64(), la["pointsFor"].as_i64()),
        (Some(0), Some(1), Some(10))
    );
    assert_eq!(
        (lb["tournamentPoints"].as_i64(), lb["wins"].as_i64(), lb["pointsDifferential"].as_i64()),
        (Some(3), Some(1), Some(11))
    );
    assert_eq!(standings[0]["teamId"], b, "the winner leads");

    // Newest first: the correction (with the score it replaced), then the score; by whom.
    let history = setup.history(m0).await;
    assert_eq!(history.len(), 2, "{history:?}");
    assert_eq!(history[0]["kind"], "correction");
    assert_eq!((&history[0]["team1Score"], &history[0]["team2Score"]), (&json!(10), &json!(21)));
    assert_eq!((&history[0]["previousTeam1Score"], &history[0]["previousTeam2Score"]), (&json!(21), &json!(10)));
    assert_eq!(history[1]["kind"], "score");
    assert_eq!((&history[1]["team1Score"], &history[1]["team2Score"]), (&json!(21), &json!(10)));
    assert_eq!((&history[1]["previousTeam1Score"], &history[1]["previousTeam2Score"]), (&Value::Null, &Value::Null));
    for h in &history {
        assert_eq!(h["changedBy"], "admin Test", "the admin's name");
        assert!(h["changedAt"].is_string());
    }
    assert!(setup.history(unplayed).await.is_empty());

    // A completed match still takes no score: corrections go through their own call.
    let (status, body) = refused(setup.score(m0, 21, 0).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));

    // The rest of the pool; the bracket follows the corrected result.
    let mut results = vec![(a, b, 10, 21)];
    results.extend(setup.score_pool(&strengths(&ids, &[1, 4, 7, 10])).await);
    let table = expected_table(&ids, &results);
    assert_standings(&setup.standings().await, &table);
    let matches = setup.matches().await;
    assert_eq!(sides(bracket(&matches, "SF1")), (Some(table[0].team_id), Some(table[3].team_id)));

    // Drawn: no more corrections, of pool or knockout matches.
    let (status, body) = refused(setup.correct(m0, 21, 10).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("correction_closed")));
    let (status, body) = refused(setup.correct(id(&bracket(&matches, "SF1")["id"]), 21, 10).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("correction_closed")));
    let stored = setup.matches().await.into_iter().find(|m| m["id"] == m0).unwrap();
    assert_eq!((&stored["team1Score"], &stored["team2Score"]), (&json!(10), &json!(21)));
    assert_eq!(setup.history(m0).await.len(), 2);
    assert_eq!(setup.correct(999_999, 1, 0).await.status(), 404);
}
