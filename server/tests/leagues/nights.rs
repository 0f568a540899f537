//! A night called off (nobody moves, the next night keeps the grid, each captain told once, even
//! when two admins press at once) and the teams that say they cannot come.

use reqwest::Method;
use serde_json::{Value, json};

use super::{League, refusal, season, tier_teams};

fn cancelled_mails(l: &League) -> i64 {
    l.db()
        .query_row("SELECT count(*) FROM outbox_emails WHERE subject LIKE 'Soirée du % annulée (pluie)%'", [], |r| {
            r.get(0)
        })
        .unwrap()
}

#[tokio::test]
async fn a_cancelled_night_moves_nobody_and_tells_every_captain_once() {
    let l = League::event(6).await;
    let created = l.created(&season(15)).await;
    let id = created["league"]["id"].as_i64().unwrap();
    let grid = tier_teams(&created["night"]);
    let path = format!("/api/admin/leagues/{id}/nights/1/cancel");
    let body = json!({"reason": "rain", "message": "Orages prévus dès 18 h : on se revoit mardi prochain."});
    // Two admins at once: one cancellation, one e-mail per captain.
    let (a, b) = tokio::join!(l.send(Method::POST, &path, &body, "fr"), l.send(Method::POST, &path, &body, "fr"));
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    let answer: Value = a.json().await.unwrap();
    let night = &answer["night"];
    assert_eq!(
        (&night["number"], &night["state"], &night["cancelReason"]),
        (&json!(1), &json!("cancelled"), &json!("rain"))
    );
    assert_eq!(night["cancelMessage"], body["message"]);
    assert_eq!(cancelled_mails(&l), 6);
    let text: String = l
        .db()
        .query_row(
            "SELECT body_text FROM outbox_emails WHERE subject LIKE 'Soirée du 08/06/2027 annulée%' LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(text.contains("Personne ne monte ni ne descend") && text.contains("Orages prévus"), "{text}");

    // Nobody moved: night 2 is this week's, with night 1's grid.
    let (_, public) = l.public("/league").await;
    assert_eq!((&public["night"]["number"], &public["night"]["state"]), (&json!(2), &json!("published")));
    assert_eq!(tier_teams(&public["night"]), grid);
    assert!(public["night"]["tiers"][0]["teams"].as_array().unwrap().iter().all(|t| t["movement"] == "new"));

    // Again: nothing more is sent.
    assert_eq!(l.send(Method::POST, &path, &body, "fr").await.status(), 200);
    assert_eq!(cancelled_mails(&l), 6);
    // A reason out of the list, a message too long: 422, nothing changed.
    let bad = json!({"reason": "hail", "message": "x".repeat(501)});
    let (status, refused) =
        refusal(l.send(Method::POST, &format!("/api/admin/leagues/{id}/nights/2/cancel"), &bad, "en").await).await;
    assert_eq!(status, 422);
    assert_eq!(refused["fieldErrors"]["reason"], "Choose the reason: storm, rain, heat, water quality or other");
    assert!(refused["fieldErrors"]["message"].is_string());
    assert_eq!(l.public("/league").await.1["night"]["state"], "published");
    let missing = l.send(Method::POST, &format!("/api/admin/leagues/{id}/nights/11/cancel"), &body, "fr").await;
    assert_eq!(missing.status(), 404);
    // A played night stays played.
    l.db().execute("UPDATE league_nights SET state = 'played' WHERE league_id = ?1 AND number = 2", [id]).unwrap();
    let (status, refused) =
        refusal(l.send(Method::POST, &format!("/api/admin/leagues/{id}/nights/2/cancel"), &body, "fr").await).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("league_night_played")));
}

#[tokio::test]
async fn a_captain_says_the_team_cannot_come_until_the_night_starts_and_an_admin_after() {
    let l = League::event(4).await;
    let mut body = season(15);
    // Night 1 is long past; night 2 is to come.
    body.as_object_mut().unwrap().remove("firstNight");
    body.as_object_mut().unwrap().remove("weeks");
    body["nights"] = json!(["2026-06-09", "2099-06-09"]);
    let id = l.created(&body).await["league"]["id"].as_i64().unwrap();
    let captain = &l.captains[1];
    let say = |n: u32, value: Value| {
        captain.user.client.put(l.app.at(&format!("/api/leagues/{id}/nights/{n}/availability"))).json(&value).send()
    };
    let answer: Value = say(2, json!({"available": false})).await.unwrap().json().await.unwrap();
    assert_eq!(answer, json!({"teamId": captain.id, "available": false}));
    let (_, night) = l.public("/league/nights/2").await;
    let teams: Vec<(i64, bool)> = night["night"]["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["teams"].as_array().unwrap().clone())
        .map(|t| (t["teamId"].as_i64().unwrap(), t["absent"].as_bool().unwrap()))
        .collect();
    assert!(teams.is_empty(), "night 2 is planned: no grid yet, {night}");
    // Night 1 (published) shows it only for night 1: nothing said there yet.
    let (_, first) = l.public("/league").await;
    assert!(first["night"]["tiers"][0]["teams"].as_array().unwrap().iter().all(|t| t["absent"] == false));

    // Night 1 has started: the captain is refused, an admin marks the team absent.
    let (status, refused) = refusal(say(1, json!({"available": false})).await.unwrap()).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("league_night_started")));
    let admin_path = format!("/api/admin/leagues/{id}/nights/1/availability");
    let marked = l.send(Method::PUT, &admin_path, &json!({"available": false, "teamId": captain.id}), "fr").await;
    assert_eq!(marked.status(), 200);
    let (_, first) = l.public("/league").await;
    let absent: Vec<i64> = first["night"]["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["teams"].as_array().unwrap().clone())
        .filter(|t| t["absent"] == true)
        .map(|t| t["teamId"].as_i64().unwrap())
        .collect();
    assert_eq!(absent, [captain.id]);
    let (status, refused) =
        refusal(l.send(Method::PUT, &admin_path, &json!({"available": false, "teamId": 999}), "fr").await).await;
    assert_eq!((status, refused["fieldErrors"]["teamId"].is_string()), (422, true));

    // Only a captain of the league, for their own team; never a visitor.
    let stranger = l.app.user("passant@example.org", None).await;
    let url = l.app.at(&format!("/api/leagues/{id}/nights/2/availability"));
    let other_team = json!({"available": false, "teamId": l.captains[0].id});
    assert_eq!(stranger.client.put(&url).json(&json!({"available": false})).send().await.unwrap().status(), 403);
    assert_eq!(say(2, other_team).await.unwrap().status(), 403);
    assert_eq!(l.app.new_client().put(&url).json(&json!({"available": false})).send().await.unwrap().status(), 401);
    // Coming after all: the row says so.
    assert_eq!(say(2, json!({"available": true})).await.unwrap().status(), 200);
    let available: i64 = l
        .db()
        .query_row(
            "SELECT available FROM league_availability WHERE team_id = ?1 AND night_date = '2099-06-09'",
            [captain.id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(available, 1);
}

#[tokio::test]
async fn what_a_team_said_of_a_night_stays_with_its_date_when_the_season_is_renumbered() {
    let l = League::event(4).await;
    let mut body = season(15);
    body.as_object_mut().unwrap().remove("firstNight");
    body.as_object_mut().unwrap().remove("weeks");
    body["nights"] = json!(["2099-06-09", "2099-06-23"]);
    let id = l.created(&body).await["league"]["id"].as_i64().unwrap();
    let captain = &l.captains[0];
    let url = l.app.at(&format!("/api/leagues/{id}/nights/2/availability"));
    assert_eq!(captain.user.client.put(&url).json(&json!({"available": false})).send().await.unwrap().status(), 200);
    // A night comes in between: 23 June becomes night 3 and keeps the absence.
    body["nights"] = json!(["2099-06-09", "2099-06-16", "2099-06-23"]);
    let answer: Value =
        l.send(Method::PUT, &format!("/api/admin/leagues/{id}"), &body, "fr").await.json().await.unwrap();
    let dates: Vec<(u64, &str)> = answer["league"]["nights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["number"].as_u64().unwrap(), n["date"].as_str().unwrap()))
        .collect();
    assert_eq!(dates, [(1, "2099-06-09"), (2, "2099-06-16"), (3, "2099-06-23")]);
    let kept: i64 = l
        .db()
        .query_row(
            "SELECT count(*) FROM league_availability WHERE night_date = '2099-06-23' AND available = 0",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kept, 1);
}

#[tokio::test]
async fn a_night_called_off_ahead_is_skipped_when_the_night_before_is_cancelled() {
    let l = League::event(4).await;
    let id = l.created(&season(15)).await["league"]["id"].as_i64().unwrap();
    let body = json!({"reason": "other"});
    // Night 2 is called off a week ahead (the beach is booked), then rain cancels night 1:
    // night 3 is this week's, with night 1's grid.
    for n in [2, 1] {
        let path = format!("/api/admin/leagues/{id}/nights/{n}/cancel");
        assert_eq!(l.send(Method::POST, &path, &body, "fr").await.status(), 200);
    }
    let (_, public) = l.public("/league").await;
    assert_eq!((&public["night"]["number"], &public["night"]["state"]), (&json!(3), &json!("published")));
    assert_eq!(tier_teams(&public["night"]).concat().len(), 4);
}

#[tokio::test]
async fn a_released_registration_is_no_team_to_answer_for() {
    let l = League::event(4).await;
    let id = l.created(&season(15)).await["league"]["id"].as_i64().unwrap();
    let captain = &l.captains[2];
    l.db().execute("UPDATE event_registrations SET status = 'cancelled' WHERE id = ?1", [captain.id]).unwrap();
    let url = l.app.at(&format!("/api/leagues/{id}/nights/2/availability"));
    let response = captain.user.client.put(&url).json(&json!({"available": false})).send().await.unwrap();
    assert_eq!(response.status(), 403);
}
