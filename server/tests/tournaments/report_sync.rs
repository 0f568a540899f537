//! Captains' reports from a phone's outbox (`POST /api/user/sync/reports`): the same rule as the
//! online report, each entry taken once under the device's numbering, a dispute listed with the
//! phones' score conflicts and settled there.

use serde_json::{Value, json};

use super::reports::{first_match, ok, played, report, reports_of, teams_config};
use super::support::*;
use crate::common::TestApp;

const PATH: &str = "/api/user/sync/reports";

fn entry(device: &str, seq: i64, match_id: i64, team1: u32, team2: u32) -> Value {
    json!({
        "seq": seq,
        "entryId": format!("{device}-{seq}"),
        "matchId": match_id,
        "team1Score": team1,
        "team2Score": team2,
        "enteredAt": "2026-07-11T14:05:00Z",
    })
}

async fn push(client: &reqwest::Client, app: &TestApp, device: &str, entries: &[Value]) -> reqwest::Response {
    client
        .post(app.at(PATH))
        .header("X-Lang", "fr")
        .json(&json!({"deviceId": device, "deviceName": "Cellulaire du capitaine", "entries": entries}))
        .send()
        .await
        .unwrap()
}

/// `(seq, outcome, code)` of each result.
fn outcomes(answer: &Value) -> Vec<(i64, String, Option<String>)> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (id(&r["seq"]), r["outcome"].as_str().unwrap().to_owned(), r["code"].as_str().map(str::to_owned)))
        .collect()
}

fn applied(seq: i64) -> (i64, String, Option<String>) {
    (seq, "applied".to_owned(), None)
}

async fn the_match(setup: &Setup, match_id: i64) -> Value {
    setup.matches().await.into_iter().find(|m| id(&m["id"]) == match_id).unwrap()
}

#[tokio::test]
async fn a_captain_reports_offline_and_the_other_confirms_from_another_phone_once_each() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);

    let proposal = [entry("phone-a", 1, mid, 21, 18)];
    let answer = ok(push(&a.user.client, &setup.app, "phone-a", &proposal).await).await;
    assert_eq!((outcomes(&answer), answer["lastSeq"].as_i64()), (vec![applied(1)], Some(1)));
    let proposed = the_match(&setup, mid).await;
    assert_eq!(
        (proposed["report"]["state"].as_str(), proposed["report"]["byTeamId"].as_i64()),
        (Some("proposed"), Some(a.id))
    );
    assert_eq!(played(&setup.standings().await), 0, "a proposal moves nothing");

    // The phone never heard the answer and sends it again: the same answer, nothing added.
    let again = ok(push(&a.user.client, &setup.app, "phone-a", &proposal).await).await;
    assert_eq!(outcomes(&again), vec![applied(1)]);
    assert_eq!(reports_of(&setup.app, mid), 1);

    let answer = ok(push(&b.user.client, &setup.app, "phone-b", &[entry("phone-b", 1, mid, 21, 18)]).await).await;
    assert_eq!(outcomes(&answer), vec![applied(1)]);
    let confirmed = the_match(&setup, mid).await;
    assert_eq!(
        (confirmed["report"]["state"].as_str(), confirmed["status"].as_str()),
        (Some("confirmed"), Some("completed"))
    );
    assert_eq!(played(&setup.standings().await), 2);
}

#[tokio::test]
async fn a_dispute_sent_from_a_phone_waits_with_the_score_conflicts_and_the_admin_keeps_one_version() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    ok(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;

    let answer = ok(push(&b.user.client, &setup.app, "phone-b", &[entry("phone-b", 1, mid, 18, 21)]).await).await;
    assert_eq!(outcomes(&answer), vec![(1, "conflict".to_owned(), None)]);

    let path = format!("/api/admin/tournaments/{}/conflicts", setup.tournament_id);
    let conflicts: Vec<Value> = setup.app.client.get(setup.app.at(&path)).send().await.unwrap().json().await.unwrap();
    assert_eq!(conflicts.len(), 1, "{conflicts:?}");
    let c = &conflicts[0];
    assert_eq!((c["current"]["team"].as_str(), c["current"]["team1Score"].as_u64()), (Some(a.name.as_str()), Some(21)));
    assert_eq!(
        (c["proposed"]["team"].as_str(), c["proposed"]["team1Score"].as_u64()),
        (Some(b.name.as_str()), Some(18))
    );
    assert_eq!(c["proposed"]["deviceName"], "Cellulaire du capitaine");

    let resolve = format!("/api/admin/score-conflicts/{}/resolve", c["entryId"].as_str().unwrap());
    let settled =
        setup.app.client.post(setup.app.at(&resolve)).json(&json!({"keep": "proposed"})).send().await.unwrap();
    let settled = ok(settled).await;
    assert_eq!((settled["team1Score"].as_u64(), settled["team2Score"].as_u64()), (Some(18), Some(21)));
    assert_eq!(
        (settled["report"]["state"].as_str(), settled["report"]["decidedByAdmin"].as_bool()),
        (Some("resolved"), Some(true))
    );
    let left: Vec<Value> = setup.app.client.get(setup.app.at(&path)).send().await.unwrap().json().await.unwrap();
    assert!(left.is_empty(), "{left:?}");
    // Settled once: a second tap is refused.
    let twice = setup.app.client.post(setup.app.at(&resolve)).json(&json!({"keep": "current"})).send().await.unwrap();
    assert_eq!(refused(twice).await.0, 409);
}

#[tokio::test]
async fn entries_nobody_may_send_are_rejected_and_never_block_the_phone() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, _) = first_match(&setup).await;
    let mid = id(&m["id"]);
    // A member who captains neither team (nor referees): refused, the next entry still taken.
    let other = setup
        .teams
        .iter()
        .find(|t| Some(t.id) != m["team1Id"].as_i64() && Some(t.id) != m["team2Id"].as_i64())
        .unwrap();
    let own = setup
        .matches()
        .await
        .into_iter()
        .find(|x| x["team1Id"].as_i64() == Some(other.id) || x["team2Id"].as_i64() == Some(other.id))
        .unwrap();
    let entries = [entry("phone-c", 1, mid, 21, 18), entry("phone-c", 2, id(&own["id"]), 21, 10)];
    let answer = ok(push(&other.user.client, &setup.app, "phone-c", &entries).await).await;
    assert_eq!(outcomes(&answer), vec![(1, "rejected".to_owned(), Some("forbidden".to_owned())), applied(2)]);
    assert_eq!(answer["lastSeq"], 2);
    assert_eq!(reports_of(&setup.app, mid), 0);

    // Entries that skip a number: 409 with the device's number; a malformed one: 422 for the push.
    let gap = push(&a.user.client, &setup.app, "phone-a", &[entry("phone-a", 3, mid, 21, 18)]).await;
    let (status, body) = refused(gap).await;
    assert_eq!((status, body["code"].as_str(), body["lastSeq"].as_i64()), (409, Some("sync_gap"), Some(0)));
    let mut bad = entry("phone-a", 1, mid, 21, 18);
    bad.as_object_mut().unwrap().remove("team2Score");
    assert_eq!(refused(push(&a.user.client, &setup.app, "phone-a", &[bad]).await).await.0, 422);

    // Nobody signed in: 401, nothing taken.
    let anonymous = setup.app.new_client();
    assert_eq!(push(&anonymous, &setup.app, "phone-x", &[entry("phone-x", 1, mid, 21, 18)]).await.status(), 401);
}

#[tokio::test]
async fn in_a_tournament_the_organisers_score_a_captain_s_entry_is_rejected_with_their_reason() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let (m, a, _) = first_match(&setup).await;
    let answer =
        ok(push(&a.user.client, &setup.app, "phone-a", &[entry("phone-a", 1, id(&m["id"]), 21, 18)]).await).await;
    assert_eq!(outcomes(&answer), vec![(1, "rejected".to_owned(), Some("team_scoring_off".to_owned()))]);
    assert!(answer["results"][0]["message"].as_str().unwrap().contains("l'organisation saisit les scores"), "{answer}");
}

#[tokio::test]
async fn every_role_pushes_and_each_report_is_held_to_the_captains_rule() {
    let mut body = teams_config();
    body["duty"] = json!("teams");
    let setup = Setup::new(6, body).await;
    setup.generate().await;
    let (m, a, _) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let duty = setup.teams.iter().find(|t| Some(t.id) == m["dutyTeamId"].as_i64()).expect("a work team");
    let playing = [m["team1Id"].as_i64(), m["team2Id"].as_i64(), m["dutyTeamId"].as_i64()];
    let elsewhere = setup.teams.iter().find(|t| !playing.contains(&Some(t.id))).unwrap();
    let member = setup.app.user("quelqu.un@example.org", None).await;
    let supervisor = setup.app.user("superviseure@example.org", Some("supervisor")).await;
    let forbidden = vec![(1, "rejected".to_owned(), Some("forbidden".to_owned()))];
    for (device, client) in [("m", &member.client), ("o", &elsewhere.user.client), ("s", &supervisor.client)] {
        let answer = ok(push(client, &setup.app, device, &[entry(device, 1, mid, 21, 18)]).await).await;
        assert_eq!(outcomes(&answer), forbidden, "{device}");
    }
    assert_eq!(reports_of(&setup.app, mid), 0);

    // The work team's captain proposes; a playing captain confirms it.
    let answer = ok(push(&duty.user.client, &setup.app, "d", &[entry("d", 1, mid, 21, 18)]).await).await;
    assert_eq!(outcomes(&answer), vec![applied(1)]);
    assert_eq!(the_match(&setup, mid).await["report"]["byTeamId"].as_i64(), Some(duty.id));
    let answer = ok(push(&a.user.client, &setup.app, "a", &[entry("a", 1, mid, 21, 18)]).await).await;
    assert_eq!(outcomes(&answer), vec![applied(1)]);
    assert_eq!(the_match(&setup, mid).await["report"]["state"], "confirmed");

    // An admin's entry is the organisers' decision.
    let next = setup.matches().await.into_iter().find(|x| x["status"] != "completed" && x["team1Id"].is_i64()).unwrap();
    let answer =
        ok(push(&setup.app.client, &setup.app, "admin", &[entry("admin", 1, id(&next["id"]), 21, 9)]).await).await;
    assert_eq!(outcomes(&answer), vec![applied(1)]);
    assert_eq!(the_match(&setup, id(&next["id"])).await["report"]["decidedByAdmin"], true);
}
