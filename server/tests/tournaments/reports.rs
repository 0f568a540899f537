//! Captains report their own results in a team-scored tournament: one proposes, the other
//! confirms or disputes, the window confirms what nobody answered, an admin decides; standings
//! move on final results only. Every role is tried on the route.

use chrono::Duration;
use serde_json::{Value, json};

use super::support::*;
use crate::common::TestApp;

pub(super) fn teams_config() -> Value {
    let mut body = config(2, 1);
    body["scoring"] = json!("teams");
    body["confirmMinutes"] = json!(15);
    body
}

pub(super) async fn report(client: &reqwest::Client, app: &TestApp, match_id: i64, body: Value) -> reqwest::Response {
    client
        .post(app.at(&format!("/api/matches/{match_id}/report")))
        .header("X-Lang", "fr")
        .json(&body)
        .send()
        .await
        .unwrap()
}

pub(super) async fn ok(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    response.json().await.unwrap()
}

/// The first match and the two members who registered its teams.
pub(super) async fn first_match(setup: &Setup) -> (Value, &Registered, &Registered) {
    let m = setup.matches().await.into_iter().next().unwrap();
    let captain = |side: &str| setup.teams.iter().find(|t| Some(t.id) == m[side].as_i64()).unwrap();
    let (a, b) = (captain("team1Id"), captain("team2Id"));
    (m, a, b)
}

pub(super) fn played(standings: &[Value]) -> i64 {
    standings.iter().map(|s| s["played"].as_i64().unwrap()).sum()
}

/// The e-mails about a team's registration: (to, subject, body).
fn emails_about(app: &TestApp, registration: i64) -> Vec<(String, String, String)> {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT to_address, subject, body_text FROM outbox_emails
             WHERE about_kind = 'event_registration' AND about_id = ?1 AND subject LIKE 'Résultat%' ORDER BY id",
        )
        .unwrap();
    stmt.query_map([registration], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().map(Result::unwrap).collect()
}

pub(super) fn reports_of(app: &TestApp, match_id: i64) -> i64 {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.query_row("SELECT count(*) FROM match_reports WHERE match_id = ?1", [match_id], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn a_captain_proposes_the_other_confirms_and_only_then_the_standings_move() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);

    let proposed = ok(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;
    assert_eq!(proposed["report"]["state"], "proposed");
    assert_eq!(proposed["report"]["byTeamId"], a.id);
    assert_eq!(
        (proposed["report"]["team1Score"].as_u64(), proposed["report"]["team2Score"].as_u64()),
        (Some(21), Some(18))
    );
    assert!(proposed["report"]["deadline"].is_string());
    // A proposal moves nothing: the match keeps its state and the table its zeros.
    assert_eq!(proposed["team1Score"], Value::Null);
    assert_ne!(proposed["status"], "completed");
    assert_eq!(played(&setup.standings().await), 0);

    let confirmed =
        ok(report(&b.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;
    assert_eq!(confirmed["report"]["state"], "confirmed");
    assert_eq!(confirmed["report"]["deadline"], Value::Null);
    assert_eq!((confirmed["team1Score"].as_u64(), confirmed["status"].as_str()), (Some(21), Some("completed")));
    assert_eq!(played(&setup.standings().await), 2, "both teams have played once");
    assert_eq!(
        emails_about(&setup.app, b.id).len() + emails_about(&setup.app, a.id).len(),
        1,
        "a confirmation tells nobody"
    );

    // Final: a captain changes nothing more; the admin's correction does.
    let late = report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 5})).await;
    let (status, refusal) = refused(late).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("match_completed")));
}

#[tokio::test]
async fn another_result_disputes_it_and_the_admin_decides_in_one_entry() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    ok(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;
    let disputed = ok(report(&b.user.client, &setup.app, mid, json!({"team1Score": 18, "team2Score": 21})).await).await;
    let r = &disputed["report"];
    assert_eq!(r["state"], "disputed");
    assert_eq!((r["team1Score"].as_u64(), r["counterTeam1Score"].as_u64()), (Some(21), Some(18)), "both versions: {r}");
    assert_eq!(r["counterByTeamId"], b.id);
    assert_eq!(played(&setup.standings().await), 0);

    let (status, refusal) =
        refused(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("report_disputed")));
    assert_eq!(refusal["message"], "Les deux équipes ont donné des résultats différents : l'organisation tranche.");

    let decided = setup.score_ok(mid, 21, 19).await;
    assert_eq!(decided["report"]["state"], "resolved");
    assert_eq!(decided["report"]["decidedByAdmin"], true);
    assert_eq!(decided["report"]["team2Score"], 19);
    assert_eq!(reports_of(&setup.app, mid), 3, "no report is lost");
}

#[tokio::test]
async fn an_unanswered_proposal_confirms_itself_once_when_the_scheduler_passes_its_window() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let proposed = ok(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 12})).await).await;
    let deadline = at(proposed["report"]["deadline"].as_str().unwrap());

    // The half-minute pass of proposals, in two processes on one file at once.
    let path = setup.app.db_path.clone();
    let other =
        tokio::task::spawn_blocking(move || centre_server::prepare(centre_server::settings::Settings::for_tests(path)))
            .await
            .unwrap()
            .unwrap();
    let confirm = centre_server::scheduler::confirm_proposals;
    assert_eq!(confirm(&setup.app.state, deadline - Duration::minutes(1)).await.unwrap(), 0);
    assert_eq!(setup.matches().await[0]["report"]["state"], "proposed", "not before its window ends");
    let (first, second) = tokio::join!(confirm(&setup.app.state, deadline), confirm(&other, deadline));
    assert_eq!(first.unwrap() + second.unwrap(), 1, "confirmed once, by one of the two");
    let after = setup.matches().await.into_iter().find(|x| id(&x["id"]) == mid).unwrap();
    assert_eq!(
        (after["report"]["state"].as_str(), after["status"].as_str()),
        (Some("auto_confirmed"), Some("completed"))
    );
    assert_eq!(after["team1Score"], 21);
    // A second pass, as another process would run it, changes nothing.
    centre_server::scheduler::run_once(&setup.app.state, deadline + Duration::minutes(5)).await.unwrap();
    assert_eq!(played(&setup.standings().await), 2);
    let (status, _) =
        refused(report(&b.user.client, &setup.app, mid, json!({"team1Score": 12, "team2Score": 21})).await).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_team_concedes_for_itself_at_once_and_a_repeat_is_harmless() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, _a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let body = json!({"forfeit": true, "clientId": "b-forfeit-1"});
    let conceded = ok(report(&b.user.client, &setup.app, mid, body.clone()).await).await;
    assert_eq!(conceded["report"]["state"], "confirmed");
    assert_eq!((conceded["forfeitSide"].as_u64(), conceded["status"].as_str()), (Some(2), Some("completed")));
    // The same report again (a phone that lost the answer): the same answer, nothing more stored.
    let again = ok(report(&b.user.client, &setup.app, mid, body).await).await;
    assert_eq!(again["report"], conceded["report"]);
    assert_eq!(reports_of(&setup.app, mid), 1);
}

#[tokio::test]
async fn only_the_two_captains_and_the_admins_report_and_only_when_the_teams_score() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, _b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let score = json!({"team1Score": 21, "team2Score": 18});
    let other = setup
        .teams
        .iter()
        .find(|t| Some(t.id) != m["team1Id"].as_i64() && Some(t.id) != m["team2Id"].as_i64())
        .unwrap();
    let member = setup.app.user("quelqu.un@example.org", None).await;
    let supervisor = setup.app.user("superviseure@example.org", Some("supervisor")).await;
    let anonymous = setup.app.new_client();
    assert_eq!(report(&anonymous, &setup.app, mid, score.clone()).await.status(), 401);
    for client in [&member.client, &other.user.client, &supervisor.client] {
        assert_eq!(report(client, &setup.app, mid, score.clone()).await.status(), 403);
    }
    assert_eq!(report(&a.user.client, &setup.app, 999_999, score.clone()).await.status(), 404);
    // Bad input: 422 with core's words; a too long client id too.
    let (status, refusal) = refused(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21})).await).await;
    assert_eq!(status, 422, "{refusal}");
    assert!(refusal["fieldErrors"]["team2Score"].is_string(), "{refusal}");
    let long = json!({"team1Score": 21, "team2Score": 18, "clientId": "x".repeat(65)});
    assert_eq!(report(&a.user.client, &setup.app, mid, long).await.status(), 422);
    assert_eq!(reports_of(&setup.app, mid), 0, "nothing refused is stored");
    // An admin who plays no match decides at once.
    let decided = ok(report(&setup.app.client, &setup.app, mid, score.clone()).await).await;
    assert_eq!(decided["report"]["state"], "resolved");

    // In a tournament the organisers score, captains are told so.
    let staff = Setup::new(4, config(2, 1)).await;
    staff.generate().await;
    let (m, a, _) = first_match(&staff).await;
    let (status, refusal) = refused(report(&a.user.client, &staff.app, id(&m["id"]), score.clone()).await).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("team_scoring_off")));
    // A member who is no captain of the match is refused as anywhere else, learning nothing.
    let stranger = staff.app.user("curieux@example.org", None).await;
    assert_eq!(report(&stranger.client, &staff.app, id(&m["id"]), score).await.status(), 403);
    assert_eq!(staff.matches().await[0]["report"], Value::Null, "no report in a staff-scored tournament");
}

#[tokio::test]
async fn both_captains_at_the_same_instant_give_one_result_and_keep_both_reports() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let score = json!({"sets": [], "team1Score": 21, "team2Score": 16});
    let (first, second) = tokio::join!(
        report(&a.user.client, &setup.app, mid, score.clone()),
        report(&b.user.client, &setup.app, mid, score.clone())
    );
    let states = [ok(first).await["report"]["state"].clone(), ok(second).await["report"]["state"].clone()];
    assert!(states.contains(&json!("proposed")) && states.contains(&json!("confirmed")), "{states:?}");
    assert_eq!(reports_of(&setup.app, mid), 2);
    assert_eq!(setup.history(mid).await.len(), 1, "the match was scored once");
    assert_eq!(played(&setup.standings().await), 2);
}

/// The other captain hears of a proposal once, though the captain's phone sends it twice at the
/// same instant to two server processes on one file (a retry landing on the other process).
#[tokio::test]
async fn a_proposal_sent_to_two_processes_at_once_is_told_to_the_other_captain_once() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let other = setup.app.beside(|_| {}).await;
    // The same captain, signed in on the other process's address.
    let there = crate::common::same_origin_client(&other.url);
    crate::common::sign_in(&there, &other.url, &a.user.email).await;
    let score = json!({"team1Score": 21, "team2Score": 16});
    let (first, second) = tokio::join!(
        report(&a.user.client, &setup.app, mid, score.clone()),
        report(&there, &other, mid, score.clone())
    );
    let states = [ok(first).await["report"]["state"].clone(), ok(second).await["report"]["state"].clone()];
    assert_eq!(states, [json!("proposed"), json!("proposed")]);
    assert_eq!(reports_of(&setup.app, mid), 2, "both reports kept");
    let told = emails_about(&setup.app, b.id);
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].1, "Résultat proposé 21-16 — confirmer ou contester");
    assert!(emails_about(&setup.app, a.id).is_empty(), "the proposer is not told of its own report");
}

#[tokio::test]
async fn a_score_from_the_scorekeepers_phone_decides_a_dispute_too() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    ok(report(&a.user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 18})).await).await;
    ok(report(&b.user.client, &setup.app, mid, json!({"team1Score": 18, "team2Score": 21})).await).await;
    // The console scores through its phone's outbox: the pushed entry is the organisers' decision.
    let entry = json!({
        "seq": 1, "entryId": "tel-1", "matchId": mid, "team1Score": 21, "team2Score": 17,
        "baseVersion": m["version"], "enteredAt": "2030-06-01T13:25:00Z",
    });
    let answer = setup
        .app
        .client
        .post(setup.app.at("/api/admin/sync/scores"))
        .json(&json!({"deviceId": "tel", "entries": [entry]}));
    let answer: Value = ok(answer.send().await.unwrap()).await;
    assert_eq!(answer["results"][0]["outcome"], "applied", "{answer}");
    let after = setup.matches().await.into_iter().find(|x| id(&x["id"]) == mid).unwrap();
    assert_eq!(
        (after["report"]["state"].as_str(), after["report"]["decidedByAdmin"].as_bool()),
        (Some("resolved"), Some(true))
    );
    assert_eq!((after["team1Score"].as_u64(), after["team2Score"].as_u64()), (Some(21), Some(17)));
    assert_eq!(after["report"]["counterTeam1Score"], 18, "the teams' versions stay readable: {}", after["report"]);
    assert_eq!(reports_of(&setup.app, mid), 3);
}

#[tokio::test]
async fn an_admins_correction_or_forfeit_decides_the_report_too() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    let matches = setup.matches().await;
    let captain = |m: &Value, side: &str| setup.teams.iter().find(|t| Some(t.id) == m[side].as_i64()).unwrap();

    // Agreed by both captains, then corrected by the organisers: the correction is the result
    // the report shows, marked as theirs, and no team's version stands beside it.
    let first = &matches[0];
    let mid = id(&first["id"]);
    let score = json!({"team1Score": 21, "team2Score": 18});
    ok(report(&captain(first, "team1Id").user.client, &setup.app, mid, score.clone()).await).await;
    let confirmed = ok(report(&captain(first, "team2Id").user.client, &setup.app, mid, score).await).await;
    assert_eq!(confirmed["report"]["state"], "confirmed");
    let corrected = ok(setup.correct(mid, 21, 15).await).await;
    assert_eq!(corrected["report"]["state"], "resolved", "{corrected}");
    assert_eq!(corrected["report"]["decidedByAdmin"], true);
    assert_eq!(
        (corrected["report"]["team1Score"].as_u64(), corrected["report"]["team2Score"].as_u64()),
        (Some(21), Some(15))
    );

    // A proposal waiting, then the other team does not show: the forfeit decides the report, so
    // no proposal is left waiting on a completed match for the window to confirm.
    let second = &matches[1];
    let mid = id(&second["id"]);
    ok(report(&captain(second, "team1Id").user.client, &setup.app, mid, json!({"team1Score": 21, "team2Score": 10}))
        .await)
    .await;
    let response = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{mid}/forfeit")))
        .json(&json!({"side": 2}))
        .send()
        .await
        .unwrap();
    let forfeited = ok(response).await;
    assert_eq!((forfeited["status"].as_str(), forfeited["forfeitSide"].as_u64()), (Some("completed"), Some(2)));
    assert_eq!(forfeited["report"]["state"], "resolved", "{forfeited}");
    assert_eq!(forfeited["report"]["decidedByAdmin"], true);
    let conn = rusqlite::Connection::open(&setup.app.db_path).unwrap();
    let waiting: i64 =
        conn.query_row("SELECT count(*) FROM matches WHERE report_state = 'proposed'", [], |r| r.get(0)).unwrap();
    assert_eq!(waiting, 0);
}

#[tokio::test]
async fn a_result_in_sets_is_reported_and_confirmed_and_bad_sets_are_refused_in_words() {
    let mut body = teams_config();
    body["poolFormat"] = json!("fivb-beach");
    let setup = Setup::new(4, body).await;
    setup.generate().await;
    let (m, a, b) = first_match(&setup).await;
    let mid = id(&m["id"]);
    let (status, refusal) =
        refused(report(&a.user.client, &setup.app, mid, json!({"sets": [[21, 18], [10, 5]]})).await).await;
    assert_eq!(status, 422, "{refusal}");
    assert!(refusal["fieldErrors"]["sets"].as_str().is_some_and(|m| !m.is_empty()), "{refusal}");
    assert_eq!(reports_of(&setup.app, mid), 0);

    let sets = json!({"sets": [[21, 18], [17, 21], [15, 12]]});
    let proposed = ok(report(&a.user.client, &setup.app, mid, sets.clone()).await).await;
    assert_eq!(proposed["report"]["state"], "proposed");
    assert_eq!(proposed["report"]["sets"], json!([[21, 18], [17, 21], [15, 12]]), "{proposed}");
    let confirmed = ok(report(&b.user.client, &setup.app, mid, sets).await).await;
    assert_eq!(confirmed["report"]["state"], "confirmed");
    assert_eq!((confirmed["team1Score"].as_u64(), confirmed["team2Score"].as_u64()), (Some(2), Some(1)));
    assert_eq!(confirmed["sets"], json!([[21, 18], [17, 21], [15, 12]]));
}

#[tokio::test]
async fn a_report_on_a_match_still_waiting_for_its_teams_is_refused_as_a_conflict() {
    let setup = Setup::new(4, teams_config()).await;
    setup.generate().await;
    // The pool decided: the semifinals are drawn, the final waits for their winners.
    setup.score_pool(&strengths(&setup.ids(), &[0, 3, 6, 9])).await;
    let final_match = id(&bracket(&setup.matches().await, "F")["id"]);
    let (status, refusal) =
        refused(report(&setup.app.client, &setup.app, final_match, json!({"team1Score": 21, "team2Score": 18})).await)
            .await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("match_teams_unknown")), "{refusal}");
    assert_eq!(refusal["message"], "Les équipes de ce match ne sont pas encore connues.");
}
