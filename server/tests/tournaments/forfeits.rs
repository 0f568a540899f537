//! A team that does not show up: an admin records the forfeit, and the other side wins by the
//! format's forfeit score (2-0 with 21-0, 21-0 in sets), so the quotients stay true.

use serde_json::{Value, json};

use super::support::*;

async fn put_forfeit(setup: &Setup, match_id: i64, body: Value, lang: &str) -> reqwest::Response {
    setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{match_id}/forfeit")))
        .header("Accept-Language", lang)
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_no_show_in_a_sets_pool_is_recorded_as_the_format_s_forfeit_score() {
    let names = ["Les Hérons".to_owned(), "Les Brochets".to_owned(), "Les Ouaouarons".to_owned()];
    let mut body = config(2, 1);
    body["poolFormat"] = json!("rec-2x21");
    let setup = Setup::named(&names, body).await;
    setup.generate().await;
    let matches = setup.matches().await;
    let m = &matches[0];
    let (absent, present) = (id(&m["team2Id"]), id(&m["team1Id"]));

    let response = put_forfeit(&setup, id(&m["id"]), json!({"side": 3}), "fr").await;
    let (status, refusal) = refused(response).await;
    assert_eq!(status, 422);
    assert_eq!(refusal["fieldErrors"]["side"], "Choisissez l'équipe qui déclare forfait", "{refusal}");

    let response = put_forfeit(&setup, id(&m["id"]), json!({"side": 2}), "fr").await;
    assert_eq!(response.status(), 200);
    let answered: Value = response.json().await.unwrap();
    assert_eq!(
        (&answered["status"], &answered["forfeit"], &answered["winnerId"]),
        (&json!("completed"), &json!(true), &json!(present))
    );
    assert_eq!(
        (&answered["team1Score"], &answered["team2Score"], &answered["sets"]),
        (&json!(2), &json!(0), &json!([[21, 0], [21, 0]]))
    );
    let history = setup.history(id(&m["id"])).await;
    assert_eq!((&history[0]["kind"], &history[0]["sets"]), (&json!("forfeit"), &json!([[21, 0], [21, 0]])));

    let standings = setup.standings().await;
    let line = |t: i64| standings.iter().find(|s| s["teamId"] == t).unwrap().clone();
    let (winner, loser) = (line(present), line(absent));
    assert_eq!((&winner["wins"], &winner["setsWon"], &winner["pointsFor"]), (&json!(1), &json!(2), &json!(42)));
    assert_eq!((&loser["losses"], &loser["tournamentPoints"], &loser["setRatio"]), (&json!(1), &json!(0), &json!(0.0)));

    // Once recorded, the match is completed: a second forfeit or a score is refused.
    let (status, again) = refused(put_forfeit(&setup, id(&m["id"]), json!({"side": 1}), "en").await).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("match_completed")));
    let score = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{}/score", id(&m["id"]))))
        .json(&json!({"sets": [[21, 10], [21, 12]]}))
        .send()
        .await
        .unwrap();
    assert_eq!(score.status(), 409);
}

#[tokio::test]
async fn only_an_admin_records_a_forfeit() {
    let setup = Setup::new(3, config(2, 1)).await;
    setup.generate().await;
    let match_id = id(&setup.matches().await[0]["id"]);
    let member = setup.app.user("forfeit-member@example.org", None).await;
    let by_member = member
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{match_id}/forfeit")))
        .json(&json!({"side": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(by_member.status(), 403);
    let by_visitor = setup
        .app
        .new_client()
        .put(setup.app.at(&format!("/api/admin/matches/{match_id}/forfeit")))
        .json(&json!({"side": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(by_visitor.status(), 401);
    assert_eq!(setup.matches().await[0]["status"], "scheduled", "nothing was written");
}
