//! The public event page, the member's team, and the live stream.

use std::time::Duration;

use serde_json::{Value, json};

use super::support::*;

#[tokio::test]
async fn anyone_reads_the_tournament_without_personal_data() {
    let setup = Setup::new(4, config(2, 1)).await;
    let app = &setup.app;
    let visitor = app.new_client();
    let public = |event: i64| visitor.get(app.at(&format!("/api/events/{event}/tournament"))).send();

    // An event without a tournament, and an unknown event.
    let other = create_event(app, "Sans tournoi").await;
    let response = public(other).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"tournament": null, "matches": [], "standings": []}));
    assert_eq!(public(999_999).await.unwrap().status(), 404);

    setup.generate().await;
    setup.score_ok(id(&setup.matches().await[0]["id"]), 21, 18).await;
    let response = public(setup.event_id).await.unwrap();
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    assert!(!text.contains('@'), "no e-mail address in {text}");
    let body: Value = serde_json::from_str(&text).unwrap();
    let tournament = &body["tournament"];
    assert_eq!((&tournament["id"], &tournament["status"]), (&json!(setup.tournament_id), &json!("in_progress")));
    assert_eq!(tournament["teamCount"], 4);
    assert!(tournament.get("quality").is_none(), "the console's figures stay in the console");
    let matches = body["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 6);
    assert_eq!(matches[0]["team1Score"], 21);
    assert_eq!(matches[0]["court"], matches[0]["courtNumber"]);
    let names: Vec<&str> =
        matches.iter().flat_map(|m| [&m["team1Name"], &m["team2Name"]]).filter_map(Value::as_str).collect();
    assert!(names.iter().all(|n| n.starts_with("Équipe T")), "{names:?}");
    assert_eq!(body["standings"].as_array().unwrap().len(), 4);
    assert_eq!(body["standings"][0]["tournamentPoints"], 3);
    assert_eq!(body["standings"], Value::Array(setup.standings().await));

    // An inactive event hides its tournament from visitors (an admin still sees it).
    let mut hidden = event_body("Tournoi d'été");
    hidden["isActive"] = json!(false);
    let response = app.client.put(app.at(&format!("/api/events/{}", setup.event_id))).json(&hidden).send().await;
    assert_eq!(response.unwrap().status(), 200);
    assert_eq!(public(setup.event_id).await.unwrap().status(), 404);
    assert_eq!(app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.status(), 200);
}

#[tokio::test]
async fn a_member_sees_their_team_its_standing_and_its_next_match() {
    let setup = Setup::new(4, config(2, 1)).await;
    let app = &setup.app;
    let path = format!("/api/events/{}/user-team", setup.event_id);
    let team = &setup.teams[1];

    assert_eq!(app.new_client().get(app.at(&path)).send().await.unwrap().status(), 401);
    let stranger = app.user("personne@example.org", None).await;
    let response = stranger.client.get(app.at(&path)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), Value::Null);

    // Before the schedule: the team, no standing, no match.
    let mine: Value = team.user.client.get(app.at(&path)).send().await.unwrap().json().await.unwrap();
    assert_eq!((&mine["teamId"], &mine["teamName"]), (&json!(team.id), &json!(team.name)));
    assert_eq!((&mine["standing"], &mine["nextMatch"]), (&Value::Null, &Value::Null));

    setup.generate().await;
    let matches = setup.matches().await;
    let of_team: Vec<&Value> = matches.iter().filter(|m| m["team1Id"] == team.id || m["team2Id"] == team.id).collect();
    assert_eq!(of_team.len(), 3);
    setup.score_ok(id(&of_team[0]["id"]), 21, 19).await;

    // The member who registered it. A member whose address the captain typed for member 2 is
    // not shown the team: an address typed into a form never finds a record (anyone may type
    // anyone's), even when it is that member's own verified address.
    let partner = app.user(&partner_email(setup.event_id, 1), None).await;
    let theirs: Value = partner.client.get(app.at(&path)).send().await.unwrap().json().await.unwrap();
    assert_eq!(theirs, Value::Null);
    let theirs: Value =
        partner.client.get(app.at("/api/user/tournament-data")).send().await.unwrap().json().await.unwrap();
    assert_eq!(theirs, json!([]));
    for client in [&team.user.client] {
        let response = client.get(app.at(&path)).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let mine: Value = response.json().await.unwrap();
        assert_eq!(mine["eventId"], setup.event_id);
        assert_eq!((&mine["teamId"], &mine["teamName"]), (&json!(team.id), &json!(team.name)));
        assert_eq!(mine["captainName"], "Camille Tremblay");
        assert_eq!((&mine["standing"]["teamId"], &mine["standing"]["played"]), (&json!(team.id), &json!(1)));
        assert_eq!(mine["nextMatch"]["id"], of_team[1]["id"], "its first match not played yet");
        assert_eq!(mine["nextMatch"]["status"], "scheduled");
        assert_eq!(mine["finalPlace"], Value::Null, "no place while the tournament goes on");
    }

    // Across events: the member's teams with their tournament.
    let data: Vec<Value> =
        team.user.client.get(app.at("/api/user/tournament-data")).send().await.unwrap().json().await.unwrap();
    assert_eq!(data.len(), 1, "{data:?}");
    assert_eq!((&data[0]["teamId"], &data[0]["eventId"]), (&json!(team.id), &json!(setup.event_id)));
    assert_eq!(data[0]["eventTitle"], "Tournoi d'été");
    assert_eq!(
        (&data[0]["tournament"]["id"], &data[0]["tournament"]["status"]),
        (&json!(setup.tournament_id), &json!("in_progress"))
    );
    assert_eq!(data[0]["nextMatch"]["id"], of_team[1]["id"]);
    let none: Vec<Value> =
        stranger.client.get(app.at("/api/user/tournament-data")).send().await.unwrap().json().await.unwrap();
    assert!(none.is_empty());
    assert_eq!(app.new_client().get(app.at("/api/user/tournament-data")).send().await.unwrap().status(), 401);
}

/// Reads server-sent events from `response` until one `tournament` event arrives; answers its
/// version. Each read waits at most 10 seconds.
async fn next_version(response: &mut reqwest::Response, buffer: &mut String) -> i64 {
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut event = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(name) = line.strip_prefix("event:") {
                    event = Some(name.trim().to_owned());
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim());
                }
            }
            if event.as_deref() == Some("tournament") {
                let body: Value = serde_json::from_str(&data).unwrap();
                return body["version"].as_i64().unwrap_or_else(|| panic!("no version in {data}"));
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), response.chunk())
            .await
            .expect("no event within 10 seconds")
            .unwrap()
            .expect("the stream ended");
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

#[tokio::test]
async fn the_live_stream_tells_the_page_each_change() {
    let setup = Setup::new(2, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let visitor = app.new_client();
    let mut response =
        visitor.get(app.at(&format!("/api/events/{}/tournament/stream", setup.event_id))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/event-stream"), "{content_type}");

    let mut buffer = String::new();
    let first = next_version(&mut response, &mut buffer).await;
    assert_eq!(first, setup.tournament().await["version"].as_i64().unwrap(), "the current version at once");

    let only = id(&setup.matches().await[0]["id"]);
    setup.score_ok(only, 21, 15).await;
    let mut seen = next_version(&mut response, &mut buffer).await;
    assert!(seen > first, "a larger version after the score: {seen} after {first}");
    let current = setup.tournament().await["version"].as_i64().unwrap();
    assert!(current > first);
    // Several writes may each send one; the last reaches the current version.
    while seen < current {
        seen = next_version(&mut response, &mut buffer).await;
    }
    assert_eq!(seen, current);

    // An unknown event has no stream.
    let unknown = visitor.get(app.at("/api/events/999999/tournament/stream")).send().await.unwrap();
    assert_eq!(unknown.status(), 404);
}

#[tokio::test]
async fn a_court_plays_one_match_at_a_time_however_late_the_scores() {
    // Six teams on two courts, started three hours ago, nothing scored: three rounds are late.
    let mut body = config(2, 1);
    body["startTime"] = json!(text(crate::common::now() - chrono::Duration::hours(3)));
    let setup = Setup::new(6, body).await;
    setup.generate().await;
    let public: Value =
        setup.app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.json().await.unwrap();
    let matches = public["matches"].as_array().unwrap();
    for court in [1, 2] {
        let playing = matches.iter().filter(|m| m["court"] == court && m["status"] == "in_progress").count();
        assert_eq!(playing, 1, "court {court}: {matches:?}");
    }
    // No team is shown playing two matches at once.
    let mut busy: Vec<i64> = matches
        .iter()
        .filter(|m| m["status"] == "in_progress")
        .flat_map(|m| [m["team1Id"].as_i64().unwrap(), m["team2Id"].as_i64().unwrap()])
        .collect();
    let all = busy.len();
    busy.sort_unstable();
    busy.dedup();
    assert_eq!(busy.len(), all);
}

#[tokio::test]
async fn a_match_marked_started_is_the_one_its_court_plays_and_the_later_ones_are_late() {
    let mut body = config(2, 1);
    body["startTime"] = json!(text(crate::common::now() - chrono::Duration::hours(3)));
    let setup = Setup::new(6, body).await;
    setup.generate().await;
    let public = || async {
        let answer: Value =
            setup.app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.json().await.unwrap();
        answer["matches"].as_array().unwrap().clone()
    };
    let matches = public().await;
    let on_court1: Vec<&Value> = matches.iter().filter(|m| m["court"] == 1).collect();
    assert_eq!((&on_court1[0]["status"], &on_court1[0]["late"]), (&json!("in_progress"), &json!(false)));
    assert_eq!(
        (&on_court1[1]["status"], &on_court1[1]["late"]),
        (&json!("scheduled"), &json!(true)),
        "overdue, its court busy"
    );

    // Court 1's scorekeeper says its second match is the one being played.
    let second = id(&on_court1[1]["id"]);
    let path = format!("/api/admin/matches/{second}/start");
    let member = setup.app.user("curious@example.org", None).await;
    assert_eq!(member.client.put(setup.app.at(&path)).send().await.unwrap().status(), 403);
    assert_eq!(setup.app.new_client().put(setup.app.at(&path)).send().await.unwrap().status(), 401);
    let response = setup.app.client.put(setup.app.at(&path)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let answered: Value = response.json().await.unwrap();
    assert_eq!((&answered["started"], &answered["status"]), (&json!(true), &json!("in_progress")));
    let matches = public().await;
    let court1: Vec<&Value> = matches.iter().filter(|m| m["court"] == 1).collect();
    let playing: Vec<i64> = court1.iter().filter(|m| m["status"] == "in_progress").map(|m| id(&m["id"])).collect();
    assert_eq!(playing, [second], "one match per court, the one started");
    assert_eq!(court1[0]["late"], true, "the first, never played, is now late");

    // Scored, it frees the court; a completed match cannot be started.
    setup.score_ok(second, 21, 12).await;
    let (status, body) = refused(setup.app.client.put(setup.app.at(&path)).send().await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));
}
