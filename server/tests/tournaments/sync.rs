//! Offline scoring through HTTP: phones push their waiting entries
//! (`POST /api/admin/sync/scores`), each applied once and in order, a gap refused, a different
//! score kept as a conflict for an admin to settle, a permanently invalid entry answered with its
//! reason without blocking the rest, the online `PUT …/score` under the same rule, and 20 phones
//! pushing at once.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::support::*;
use crate::common::{TestApp, User};

/// When every test phone entered its scores (the server keeps it as sent, in UTC).
const ENTERED: &str = "2030-06-01T13:25:00Z";

/// Entry `seq` of `device` (its id is `{device}-{seq}`).
fn entry(device: &str, seq: i64, match_id: i64, team1: u32, team2: u32) -> Value {
    json!({
        "seq": seq,
        "entryId": format!("{device}-{seq}"),
        "matchId": match_id,
        "team1Score": team1,
        "team2Score": team2,
        "baseVersion": 1,
        "enteredAt": ENTERED,
    })
}

fn push_request(app: &TestApp, client: &reqwest::Client, device: &str, entries: &[Value]) -> reqwest::RequestBuilder {
    client.post(app.at("/api/admin/sync/scores")).json(&json!({"deviceId": device, "entries": entries}))
}

async fn push(app: &TestApp, client: &reqwest::Client, device: &str, entries: &[Value]) -> reqwest::Response {
    push_request(app, client, device, entries).send().await.unwrap()
}

/// Pushes as the app's admin, expecting 200; answers the body.
async fn push_ok(app: &TestApp, device: &str, entries: &[Value]) -> Value {
    let response = push(app, &app.client, device, entries).await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    response.json().await.unwrap()
}

/// `(seq, outcome, code)` of each result, in the answer's order.
fn outcomes(answer: &Value) -> Vec<(i64, String, Option<String>)> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (id(&r["seq"]), r["outcome"].as_str().unwrap().to_owned(), r["code"].as_str().map(str::to_owned)))
        .collect()
}

fn expect(list: &[(i64, &str, Option<&str>)]) -> Vec<(i64, String, Option<String>)> {
    list.iter().map(|(s, o, c)| (*s, (*o).to_owned(), c.map(str::to_owned))).collect()
}

fn find(matches: &[Value], match_id: i64) -> &Value {
    matches.iter().find(|m| m["id"] == match_id).unwrap_or_else(|| panic!("no match {match_id}"))
}

fn score_of(m: &Value) -> (Option<u64>, Option<u64>) {
    (m["team1Score"].as_u64(), m["team2Score"].as_u64())
}

async fn conflicts(setup: &Setup) -> Vec<Value> {
    let response = setup.app.get(&format!("/api/admin/tournaments/{}/conflicts", setup.tournament_id)).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn resolve(app: &TestApp, entry_id: &str, keep: &str) -> reqwest::Response {
    app.client
        .post(app.at(&format!("/api/admin/score-conflicts/{entry_id}/resolve")))
        .json(&json!({"keep": keep}))
        .send()
        .await
        .unwrap()
}

/// A team's line in the standings.
fn line(standings: &[Value], team: i64) -> Value {
    standings.iter().find(|s| s["teamId"] == team).unwrap().clone()
}

/// The database as the server left it (read only), for what no call shows: how many entries
/// were applied to a match.
fn db(app: &TestApp) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn
}

fn count(conn: &rusqlite::Connection, sql: &str, match_id: i64) -> i64 {
    conn.query_row(sql, [match_id], |r| r.get(0)).unwrap()
}

const APPLIED: &str = "SELECT count(*) FROM score_entries WHERE match_id = ?1 AND outcome = 'applied'";
const SCORED: &str = "SELECT count(*) FROM match_score_history WHERE match_id = ?1 AND kind = 'score'";

#[tokio::test]
async fn a_push_applies_in_seq_order_and_the_same_push_sent_again_changes_nothing() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let matches = setup.matches().await;
    let ids: Vec<i64> = matches.iter().map(|m| id(&m["id"])).collect();

    // Sent out of order (the phone's outbox is keyed by seq): answered and applied in seq order.
    let body =
        [entry("phone-a", 3, ids[2], 21, 17), entry("phone-a", 1, ids[0], 21, 10), entry("phone-a", 2, ids[1], 12, 21)];
    let answer = push_ok(&setup.app, "phone-a", &body).await;
    assert_eq!(answer["lastSeq"], 3);
    assert_eq!(outcomes(&answer), expect(&[(1, "applied", None), (2, "applied", None), (3, "applied", None)]));
    let results = answer["results"].as_array().unwrap();
    assert_eq!((&results[0]["entryId"], &results[0]["matchId"]), (&json!("phone-a-1"), &json!(ids[0])));
    assert!(results.iter().all(|r| r["message"].is_null()));

    let after = setup.matches().await;
    for (match_id, score) in [(ids[0], (21, 10)), (ids[1], (12, 21)), (ids[2], (21, 17))] {
        let m = find(&after, match_id);
        assert_eq!((m["status"].as_str(), score_of(m)), (Some("completed"), (Some(score.0), Some(score.1))));
    }
    let played: i64 = setup.standings().await.iter().map(|s| id(&s["played"])).sum();
    assert_eq!(played, 6, "three matches count once each");
    let version = setup.tournament().await["version"].clone();

    // The answer was lost: the phone sends the very same push again. Same answer, nothing new.
    let again = push_ok(&setup.app, "phone-a", &body).await;
    assert_eq!(again, answer);
    assert_eq!(setup.matches().await, after);
    assert_eq!(setup.tournament().await["version"], version, "nothing changed");
    for &match_id in &ids[..3] {
        let history = setup.history(match_id).await;
        assert_eq!(history.len(), 1, "one score for match {match_id}: {history:?}");
        assert_eq!(history[0]["kind"], "score");
        assert_eq!(history[0]["changedBy"], "admin Test");
    }
    let played: i64 = setup.standings().await.iter().map(|s| id(&s["played"])).sum();
    assert_eq!(played, 6);

    // A replay followed by the next entry: the replay answers as before, the new one applies.
    let more = push_ok(&setup.app, "phone-a", &[body[0].clone(), entry("phone-a", 4, ids[3], 21, 5)]).await;
    assert_eq!(more["lastSeq"], 4);
    assert_eq!(outcomes(&more), expect(&[(3, "applied", None), (4, "applied", None)]));
    assert_eq!(setup.history(ids[2]).await.len(), 1);

    // A new phone starts at 0; an empty push answers its number.
    assert_eq!(push_ok(&setup.app, "phone-b", &[]).await, json!({"lastSeq": 0, "results": []}));
    assert_eq!(push_ok(&setup.app, "phone-a", &[]).await["lastSeq"], 4);
}

#[tokio::test]
async fn a_gap_is_refused_with_the_servers_number_and_the_entries_before_it_are_kept() {
    let setup = Setup::new(5, config(2, 1)).await;
    setup.generate().await;
    let ids: Vec<i64> = setup.matches().await.iter().map(|m| id(&m["id"])).collect();
    push_ok(&setup.app, "phone-a", &[entry("phone-a", 1, ids[0], 21, 3)]).await;

    // Entry 3 before entry 2: nothing taken, the server says where to resume.
    let version = setup.tournament().await["version"].clone();
    let (status, body) =
        refused(push(&setup.app, &setup.app.client, "phone-a", &[entry("phone-a", 3, ids[2], 21, 4)]).await).await;
    assert_eq!(status, 409);
    assert_eq!(
        body,
        json!({
            "code": "sync_gap",
            "lastSeq": 1,
            "message": "Des saisies de cet appareil manquent au serveur : elles sont renvoyées depuis le numéro attendu.",
        })
    );
    let response = push_request(&setup.app, &setup.app.client, "phone-a", &[entry("phone-a", 5, ids[4], 21, 4)])
        .header("X-Lang", "en")
        .send()
        .await
        .unwrap();
    let (status, body) = refused(response).await;
    assert_eq!((status, body["lastSeq"].as_i64()), (409, Some(1)));
    assert_eq!(
        body["message"],
        "The server is missing entries from this device: they are sent again from the expected number."
    );
    let matches = setup.matches().await;
    assert!(find(&matches, ids[2])["team1Score"].is_null() && find(&matches, ids[4])["team1Score"].is_null());
    assert_eq!(setup.tournament().await["version"], version);

    // 2 and 3 continue from the server's number, 5 and 6 come after a hole (4 is missing):
    // 2 and 3 are kept and answered, 5 and 6 are not taken.
    let answer = push_ok(
        &setup.app,
        "phone-a",
        &[
            entry("phone-a", 2, ids[1], 21, 5),
            entry("phone-a", 3, ids[2], 21, 4),
            entry("phone-a", 5, ids[4], 21, 6),
            entry("phone-a", 6, ids[5], 21, 7),
        ],
    )
    .await;
    assert_eq!(answer["lastSeq"], 3);
    assert_eq!(outcomes(&answer), expect(&[(2, "applied", None), (3, "applied", None)]));
    let matches = setup.matches().await;
    assert_eq!(score_of(find(&matches, ids[2])), (Some(21), Some(4)));
    assert!(find(&matches, ids[4])["team1Score"].is_null() && find(&matches, ids[5])["team1Score"].is_null());

    // The phone resends from 4: everything lands, each once.
    let answer = push_ok(
        &setup.app,
        "phone-a",
        &[entry("phone-a", 4, ids[3], 21, 8), entry("phone-a", 5, ids[4], 21, 6), entry("phone-a", 6, ids[5], 21, 7)],
    )
    .await;
    assert_eq!(answer["lastSeq"], 6);
    assert_eq!(outcomes(&answer), expect(&[(4, "applied", None), (5, "applied", None), (6, "applied", None)]));
    let conn = db(&setup.app);
    for &match_id in &ids[..6] {
        assert_eq!((count(&conn, APPLIED, match_id), count(&conn, SCORED, match_id)), (1, 1), "match {match_id}");
    }
    // Another phone's numbering is its own.
    let other = push_ok(&setup.app, "phone-b", &[entry("phone-b", 1, ids[6], 21, 9)]).await;
    assert_eq!((other["lastSeq"].as_i64(), outcomes(&other)), (Some(1), expect(&[(1, "applied", None)])));
}

#[tokio::test]
async fn the_same_score_from_two_phones_is_a_duplicate_and_a_different_one_a_conflict_for_an_admin() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let matches = setup.matches().await;
    let first = &matches[0];
    let (m0, a, b) = (id(&first["id"]), id(&first["team1Id"]), id(&first["team2Id"]));
    let (m1, m2) = (id(&matches[1]["id"]), id(&matches[2]["id"]));
    let referee = app.user("arbitre@example.org", Some("admin")).await;

    // Phone A scores first; phone B saw the same result; phone C (another admin) saw it the
    // other way round.
    assert_eq!(
        outcomes(&push_ok(app, "phone-a", &[entry("phone-a", 1, m0, 21, 15)]).await),
        expect(&[(1, "applied", None)])
    );
    assert_eq!(
        outcomes(&push_ok(app, "phone-b", &[entry("phone-b", 1, m0, 21, 15)]).await),
        expect(&[(1, "duplicate", None)])
    );
    assert!(conflicts(&setup).await.is_empty(), "the same score is not a conflict");
    let version = id(&setup.tournament().await["version"]);
    let mut late = entry("phone-c", 1, m0, 15, 21);
    late["enteredAt"] = json!("2030-06-01T13:31:00Z");
    let response = push(app, &referee.client, "phone-c", &[late]).await;
    assert_eq!(response.status(), 200);
    assert_eq!(outcomes(&response.json().await.unwrap()), expect(&[(1, "conflict", None)]));

    // The match keeps the first score, counted once; the console's count follows the version.
    let stored = find(&setup.matches().await, m0).clone();
    assert_eq!(score_of(&stored), (Some(21), Some(15)));
    assert_eq!(stored["winnerId"], a);
    assert_eq!(setup.history(m0).await.len(), 1);
    assert!(id(&setup.tournament().await["version"]) > version);
    assert_eq!(line(&setup.standings().await, a)["tournamentPoints"], 3);

    // The admin sees both sides: the teams, who entered each score, on which phone, when.
    let list = conflicts(&setup).await;
    assert_eq!(list.len(), 1, "{list:?}");
    let c = &list[0];
    assert_eq!(
        (&c["entryId"], &c["matchId"], &c["tournamentId"]),
        (&json!("phone-c-1"), &json!(m0), &json!(setup.tournament_id))
    );
    assert_eq!((&c["team1Name"], &c["team2Name"]), (&first["team1Name"], &first["team2Name"]));
    assert_eq!((&c["roundType"], &c["courtNumber"]), (&json!("pool"), &first["courtNumber"]));
    let current = &c["current"];
    assert_eq!(score_of(current), (Some(21), Some(15)));
    assert_eq!(
        (&current["enteredBy"], &current["deviceId"], &current["enteredAt"]),
        (&json!("admin Test"), &json!("phone-a"), &json!(ENTERED))
    );
    let proposed = &c["proposed"];
    assert_eq!(score_of(proposed), (Some(15), Some(21)));
    assert_eq!(
        (&proposed["enteredBy"], &proposed["deviceId"], &proposed["enteredAt"]),
        (&json!("arbitre Test"), &json!("phone-c"), &json!("2030-06-01T13:31:00Z"))
    );
    assert!(current["receivedAt"].is_string() && proposed["receivedAt"].is_string());

    // The admin keeps the phone C's score: it counts as the match's score, the standings follow.
    let response = resolve(app, "phone-c-1", "proposed").await;
    assert_eq!(response.status(), 200);
    let settled: Value = response.json().await.unwrap();
    assert_eq!((score_of(&settled), &settled["winnerId"]), ((Some(15), Some(21)), &json!(b)));
    assert_eq!(score_of(find(&setup.matches().await, m0)), (Some(15), Some(21)));
    let standings = setup.standings().await;
    assert_eq!(
        (line(&standings, a)["tournamentPoints"].as_i64(), line(&standings, a)["losses"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(
        (line(&standings, b)["tournamentPoints"].as_i64(), line(&standings, b)["pointsFor"].as_i64()),
        (Some(3), Some(21))
    );
    let history = setup.history(m0).await;
    assert_eq!(history.iter().map(|h| h["kind"].as_str().unwrap()).collect::<Vec<_>>(), ["correction", "score"]);
    assert!(conflicts(&setup).await.is_empty());
    let (status, body) = refused(resolve(app, "phone-c-1", "proposed").await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict_resolved")));
    let (status, body) = refused(resolve(app, "phone-c-1", "current").await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict_resolved")));
    assert_eq!(body["message"], "Ce conflit de score est déjà réglé.");

    // Another match: the admin keeps the current score; nothing changes but the list.
    push_ok(app, "phone-a", &[entry("phone-a", 2, m1, 21, 10)]).await;
    assert_eq!(
        outcomes(&push_ok(app, "phone-b", &[entry("phone-b", 2, m1, 10, 21)]).await),
        expect(&[(2, "conflict", None)])
    );
    let before = setup.standings().await;
    let response = resolve(app, "phone-b-2", "current").await;
    assert_eq!(response.status(), 200);
    assert_eq!(score_of(&response.json::<Value>().await.unwrap()), (Some(21), Some(10)));
    assert_eq!(setup.standings().await, before);
    assert_eq!(setup.history(m1).await.len(), 1);
    assert!(conflicts(&setup).await.is_empty());

    // Two phones disagree with the score of a third: one choice settles both.
    push_ok(app, "phone-a", &[entry("phone-a", 3, m2, 21, 12)]).await;
    push_ok(app, "phone-b", &[entry("phone-b", 3, m2, 12, 21)]).await;
    push_ok(app, "phone-c", &[entry("phone-c", 2, m2, 21, 19)]).await;
    let open: Vec<Value> = conflicts(&setup).await.iter().map(|c| c["entryId"].clone()).collect();
    assert_eq!(open, [json!("phone-b-3"), json!("phone-c-2")]);
    assert_eq!(resolve(app, "phone-c-2", "proposed").await.status(), 200);
    assert!(conflicts(&setup).await.is_empty());
    assert_eq!(score_of(find(&setup.matches().await, m2)), (Some(21), Some(19)));
    let (status, body) = refused(resolve(app, "phone-b-3", "proposed").await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("conflict_resolved")));
    assert_eq!(score_of(find(&setup.matches().await, m2)), (Some(21), Some(19)));

    // Not a conflict: an applied entry, a duplicate, an unknown id.
    for unknown in ["phone-a-1", "phone-b-1", "nothing-here", "p%20c"] {
        let (status, body) = refused(resolve(app, unknown, "current").await).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("not_found")), "{unknown}");
    }
    assert_eq!(app.get("/api/admin/tournaments/999999/conflicts").await.status(), 404);
}

#[tokio::test]
async fn after_the_draw_a_conflict_can_only_keep_the_current_score() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let ids = setup.ids();
    let results = setup.score_pool(&strengths(&ids, &[2, 8, 5, 11])).await;
    let table = expected_table(&ids, &results);
    let matches = setup.matches().await;
    let pool = id(&matches[0]["id"]);
    let (pool_score, sf1) = (score_of(&matches[0]), id(&bracket(&matches, "SF1")["id"]));

    // A late phone disagrees with a pool result: the bracket is drawn, so it cannot change.
    let (s1, s2) = (pool_score.1.unwrap() as u32, pool_score.0.unwrap() as u32);
    push_ok(app, "phone-a", &[entry("phone-a", 1, pool, s1, s2), entry("phone-a", 2, sf1, 21, 18)]).await;
    let answer = push_ok(app, "phone-b", &[entry("phone-b", 1, sf1, 18, 21)]).await;
    assert_eq!(outcomes(&answer), expect(&[(1, "conflict", None)]));
    let list = conflicts(&setup).await;
    assert_eq!(list.len(), 2);
    assert_eq!(
        list.iter().map(|c| c["roundType"].as_str().unwrap()).collect::<BTreeSet<_>>(),
        BTreeSet::from(["pool", "semifinal"])
    );

    for entry_id in ["phone-a-1", "phone-b-1"] {
        let (status, body) = refused(resolve(app, entry_id, "proposed").await).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("correction_closed")), "{entry_id}");
        let response = resolve(app, entry_id, "current").await;
        assert_eq!(response.status(), 200, "{entry_id}");
    }
    assert!(conflicts(&setup).await.is_empty());
    let matches = setup.matches().await;
    assert_eq!(score_of(find(&matches, pool)), pool_score);
    assert_eq!(score_of(bracket(&matches, "SF1")), (Some(21), Some(18)));
    assert_eq!(sides(bracket(&matches, "F")).0, Some(table[0].team_id), "the first seed won SF1 and moved on");
}

#[tokio::test]
async fn a_rejected_entry_answers_its_reason_in_the_phones_language_and_does_not_block_the_rest() {
    let setup = Setup::new(5, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let ids = setup.ids();

    // A team withdraws before playing: its matches go, and a phone still has a score for one.
    let gone = ids[4];
    let deleted = setup
        .matches()
        .await
        .iter()
        .find(|m| m["team1Id"] == gone || m["team2Id"] == gone)
        .map(|m| id(&m["id"]))
        .unwrap();
    setup.delete_team(gone).await;
    assert!(setup.matches().await.iter().all(|m| m["id"] != deleted));
    let kept: Vec<i64> = ids[..4].to_vec();
    let results = setup.score_pool(&strengths(&kept, &[2, 8, 5, 11])).await;
    let table = expected_table(&kept, &results);
    let matches = setup.matches().await;
    let (sf1, sf2, fin) =
        (id(&bracket(&matches, "SF1")["id"]), id(&bracket(&matches, "SF2")["id"]), id(&bracket(&matches, "F")["id"]));

    // French by default: each refusal with its reason, and what follows still lands.
    let body = [
        entry("phone-a", 1, deleted, 21, 15),
        entry("phone-a", 2, sf1, 21, 21),
        entry("phone-a", 3, fin, 21, 15),
        entry("phone-a", 4, sf1, 1000, 3),
        entry("phone-a", 5, sf1, 21, 15),
        // The final as a phone showed it before another result: the SF1 loser in it.
        {
            let mut e = entry("phone-a", 6, fin, 21, 17);
            e["team1Id"] = sides(bracket(&matches, "SF1")).1.into();
            e["team2Id"] = sides(bracket(&matches, "SF2")).0.into();
            e
        },
    ];
    let answer = push_ok(app, "phone-a", &body).await;
    assert_eq!(answer["lastSeq"], 6);
    assert_eq!(
        outcomes(&answer),
        expect(&[
            (1, "rejected", Some("not_found")),
            (2, "rejected", Some("knockout_draw")),
            (3, "rejected", Some("match_teams_unknown")),
            (4, "rejected", Some("score_too_high")),
            (5, "applied", None),
            (6, "rejected", Some("match_teams_changed")),
        ])
    );
    let messages: Vec<&str> =
        answer["results"].as_array().unwrap().iter().map(|r| r["message"].as_str().unwrap_or("")).collect();
    assert_eq!(
        messages,
        [
            "Ressource introuvable.",
            "Un match à élimination directe ne peut pas se terminer par une égalité.",
            "Les équipes de ce match ne sont pas encore connues.",
            "Le score ne peut pas dépasser 999",
            "",
            "Les équipes de ce match ont changé depuis la saisie de ce score : il n'a pas été enregistré.",
        ]
    );
    let matches = setup.matches().await;
    assert_eq!(score_of(bracket(&matches, "SF1")), (Some(21), Some(15)));
    assert_eq!(sides(bracket(&matches, "F")).0, Some(table[0].team_id));
    // The refusals are answered the same when the push is replayed.
    assert_eq!(push_ok(app, "phone-a", &body).await, answer);

    // The third seed withdraws: SF2 is a forfeit, a score for it is refused. English this time.
    setup.delete_team(table[2].team_id).await;
    let response = push_request(
        app,
        &app.client,
        "phone-b",
        &[
            entry("phone-b", 1, sf2, 21, 12),
            entry("phone-b", 2, fin, 19, 19),
            entry("phone-b", 3, deleted, 21, 15),
            entry("phone-b", 4, fin, 21, 19),
        ],
    )
    .header("X-Lang", "en")
    .send()
    .await
    .unwrap();
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        outcomes(&answer),
        expect(&[
            (1, "rejected", Some("match_completed")),
            (2, "rejected", Some("knockout_draw")),
            (3, "rejected", Some("not_found")),
            (4, "applied", None),
        ])
    );
    let messages: Vec<&str> =
        answer["results"].as_array().unwrap().iter().map(|r| r["message"].as_str().unwrap_or("")).collect();
    assert_eq!(
        messages,
        [
            "This match is already over: its score is recorded.",
            "A knockout match cannot end in a draw.",
            "Not found.",
            ""
        ]
    );
    let matches = setup.matches().await;
    let f = bracket(&matches, "F");
    assert_eq!((score_of(f), &f["winnerId"]), ((Some(21), Some(19)), &json!(table[0].team_id)));
    assert_eq!(bracket(&matches, "SF2")["forfeit"], true);
    assert_eq!(setup.tournament().await["status"], "completed");
    assert!(conflicts(&setup).await.is_empty(), "a refusal is not a conflict");
}

#[tokio::test]
async fn the_online_score_and_a_pushed_entry_follow_one_rule_whichever_comes_second() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let matches = setup.matches().await;
    let (m0, m1, m2) = (id(&matches[0]["id"]), id(&matches[1]["id"]), id(&matches[2]["id"]));

    // The phone first: the online call is refused, with the same score or another.
    push_ok(app, "phone-a", &[entry("phone-a", 1, m0, 21, 15)]).await;
    for (s1, s2) in [(21, 15), (10, 21)] {
        let (status, body) = refused(setup.score(m0, s1, s2).await).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("match_completed")));
    }
    assert_eq!(score_of(find(&setup.matches().await, m0)), (Some(21), Some(15)));
    assert_eq!(setup.history(m0).await.len(), 1);

    // The online call first: the same score from the phone is a duplicate, another a conflict.
    setup.score_ok(m1, 21, 10).await;
    let answer = push_ok(app, "phone-a", &[entry("phone-a", 2, m1, 21, 10), entry("phone-a", 3, m1, 10, 21)]).await;
    assert_eq!(outcomes(&answer), expect(&[(2, "duplicate", None), (3, "conflict", None)]));
    assert_eq!(score_of(find(&setup.matches().await, m1)), (Some(21), Some(10)));
    assert_eq!(setup.history(m1).await.len(), 1);
    let list = conflicts(&setup).await;
    assert_eq!(list.len(), 1);
    let current = &list[0]["current"];
    assert_eq!(score_of(current), (Some(21), Some(10)));
    assert_eq!((&current["enteredBy"], &current["deviceId"]), (&json!("admin Test"), &Value::Null), "scored online");
    assert!(current["enteredAt"].is_string());

    // Both refuse a score the rules refuse, with the same code.
    let (status, body) = refused(setup.score(m2, 1000, 0).await).await;
    let answer = push_ok(app, "phone-a", &[entry("phone-a", 4, m2, 1000, 0)]).await;
    assert_eq!(status, 422);
    assert_eq!(outcomes(&answer), expect(&[(4, "rejected", body["code"].as_str())]));

    let conn = db(app);
    for match_id in [m0, m1] {
        assert_eq!(count(&conn, SCORED, match_id), 1, "match {match_id}");
    }
    assert_eq!((count(&conn, APPLIED, m0), count(&conn, APPLIED, m1)), (1, 0), "the online score is no entry");
}

#[tokio::test]
async fn twenty_phones_pushing_at_once_apply_each_match_once_and_answer_every_entry_once() {
    let setup = Setup::new(6, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let pool: Vec<i64> = setup.matches().await.iter().map(|m| id(&m["id"])).collect();
    assert_eq!(pool.len(), 15);

    // Phone d scores 6 matches, d*2 … d*2+5 (mod 15): every match is scored by 8 phones. Most
    // agree on (21, i); every fourth phone saw the result the other way round.
    let mut phones = Vec::new();
    for d in 0..20usize {
        let user = app.user(&format!("arbitre{d}@example.org"), Some("admin")).await;
        let device = format!("phone-{d:02}");
        let entries: Vec<Value> = (0..6)
            .map(|k| {
                let i = (d * 2 + k) % 15;
                let (s1, s2) = if d % 4 == 3 { (i as u32, 21) } else { (21, i as u32) };
                entry(&device, k as i64 + 1, pool[i], s1, s2)
            })
            .collect();
        phones.push((user, device, entries));
    }
    let send_all = |phones: &[(User, String, Vec<Value>)]| {
        let handles: Vec<_> = phones
            .iter()
            .map(|(user, device, entries)| {
                let request = push_request(app, &user.client, device, entries);
                tokio::spawn(async move {
                    let response = request.send().await.unwrap();
                    let status = response.status().as_u16();
                    (status, response.json::<Value>().await.unwrap())
                })
            })
            .collect();
        async move {
            let mut answers = Vec::new();
            for handle in handles {
                answers.push(handle.await.unwrap());
            }
            answers
        }
    };
    let answers = send_all(&phones).await;

    let mut answered: BTreeMap<String, (i64, String)> = BTreeMap::new();
    for ((_, device, _), (status, body)) in phones.iter().zip(&answers) {
        assert_eq!(*status, 200, "{device}: {body}");
        assert_eq!(body["lastSeq"], 6);
        let seqs: Vec<i64> = body["results"].as_array().unwrap().iter().map(|r| id(&r["seq"])).collect();
        assert_eq!(seqs, [1, 2, 3, 4, 5, 6], "{device}");
        for r in body["results"].as_array().unwrap() {
            let outcome = r["outcome"].as_str().unwrap().to_owned();
            assert!(["applied", "duplicate", "conflict"].contains(&outcome.as_str()), "{r}");
            let previous = answered.insert(r["entryId"].as_str().unwrap().to_owned(), (id(&r["matchId"]), outcome));
            assert!(previous.is_none(), "one outcome per entry");
        }
    }
    assert_eq!(answered.len(), 120);

    // Each match: one applied entry, one score in its history, the score of that entry; every
    // other entry a duplicate when it agrees, a conflict when it does not.
    let matches = setup.matches().await;
    let conn = db(app);
    let stored: BTreeMap<String, (i64, u32, u32, String)> = conn
        .prepare("SELECT entry_id, match_id, team1_score, team2_score, outcome FROM score_entries")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(stored.len(), 120, "every entry stored once");
    let mut conflicts_seen = 0;
    for &match_id in &pool {
        assert_eq!((count(&conn, APPLIED, match_id), count(&conn, SCORED, match_id)), (1, 1), "match {match_id}");
        let m = find(&matches, match_id);
        let final_score = score_of(m);
        assert_eq!(m["status"], "completed");
        for (entry_id, (entry_match, s1, s2, outcome)) in stored.iter().filter(|(_, e)| e.0 == match_id) {
            assert_eq!(answered[entry_id], (*entry_match, outcome.clone()), "the answer is what was stored");
            let same = (Some(u64::from(*s1)), Some(u64::from(*s2))) == final_score;
            match outcome.as_str() {
                "applied" | "duplicate" => assert!(same, "{entry_id} {outcome} with another score"),
                "conflict" => {
                    assert!(!same, "{entry_id}: the same score is no conflict");
                    conflicts_seen += 1;
                }
                other => panic!("{entry_id}: {other}"),
            }
        }
    }
    assert_eq!(conflicts(&setup).await.len(), conflicts_seen);
    let played: i64 = setup.standings().await.iter().map(|s| id(&s["played"])).sum();
    assert_eq!(played, 30, "15 matches, each counted once");
    let drawn: Vec<&str> = matches.iter().filter_map(|m| m["bracketCode"].as_str()).collect();
    assert_eq!(drawn.len(), BTreeSet::from_iter(drawn.iter()).len(), "the bracket drawn once: {drawn:?}");
    assert!(!drawn.is_empty());

    // Every answer lost: all 20 phones send again at once. Same answers, nothing changes.
    let version = setup.tournament().await["version"].clone();
    let again = send_all(&phones).await;
    for (first, second) in answers.iter().zip(&again) {
        assert_eq!(first, second);
    }
    assert_eq!(setup.matches().await, matches);
    assert_eq!(setup.tournament().await["version"], version);
}

#[tokio::test]
async fn a_malformed_push_is_refused_whole_in_the_common_shape() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let m0 = id(&setup.matches().await[0]["id"]);
    let good = entry("phone-a", 1, m0, 21, 15);

    for device in ["", "phone a", "phone/1", "é-phone", &"x".repeat(65)] {
        let (status, body) = refused(push(app, &app.client, device, std::slice::from_ref(&good)).await).await;
        assert_eq!((status, body["code"].as_str()), (422, Some("sync_device_invalid")), "{device:?}");
        assert_eq!(body["message"], "L'identifiant de l'appareil est invalide.");
        assert_eq!(body["fieldErrors"]["deviceId"], body["message"]);
    }

    let many: Vec<Value> = (1..=201).map(|seq| entry("phone-a", seq, m0, 21, 15)).collect();
    let response = push_request(app, &app.client, "phone-a", &many).header("X-Lang", "en").send().await.unwrap();
    let (status, body) = refused(response).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("sync_too_many")));
    assert_eq!(body["fieldErrors"]["entries"], "Too many entries at once: at most 200 per push.");

    let mut bad_time = good.clone();
    bad_time["enteredAt"] = json!("hier midi");
    let mut bad_seq = good.clone();
    bad_seq["seq"] = json!(0);
    let mut bad_id = good.clone();
    bad_id["entryId"] = json!("");
    for bad in [bad_time, bad_seq, bad_id] {
        // A bad entry after a good one: the whole push is refused, nothing taken.
        let (status, body) = refused(push(app, &app.client, "phone-a", &[good.clone(), bad.clone()]).await).await;
        assert_eq!((status, body["code"].as_str()), (422, Some("sync_entry_invalid")), "{bad}");
        assert_eq!(body["fieldErrors"]["entries"], "Un score en attente est mal formé (numéro, identifiant ou date).");
    }
    // Not even JSON of the right shape: 400, same shape.
    let mut negative = good.clone();
    negative["team1Score"] = json!(-1);
    let (status, body) = refused(push(app, &app.client, "phone-a", &[negative]).await).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("malformed_json")));
    assert!(body["message"].is_string());

    // Nothing was taken: the phone starts at 1 and its entry applies.
    assert!(setup.matches().await[0]["team1Score"].is_null());
    let answer = push_ok(app, "phone-a", &[good]).await;
    assert_eq!((answer["lastSeq"].as_i64(), outcomes(&answer)), (Some(1), expect(&[(1, "applied", None)])));
    // 200 entries is the most a push takes.
    let full: Vec<Value> = (2..=201).map(|seq| entry("phone-a", seq, m0, 21, 15)).collect();
    let answer = push_ok(app, "phone-a", &full).await;
    assert_eq!(answer["lastSeq"], 201);
    assert!(outcomes(&answer).iter().all(|(_, o, _)| o == "duplicate"));
}

#[tokio::test]
async fn phones_have_names_in_conflicts_and_in_a_matchs_history() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    let app = &setup.app;
    let m0 = id(&setup.matches().await[0]["id"]);
    let named = |device: &str, name: &str, entries: Vec<Value>| {
        app.client
            .post(app.at("/api/admin/sync/scores"))
            .json(&json!({"deviceId": device, "deviceName": name, "entries": entries}))
    };
    // A name alone (no entry yet) is kept; a phone renamed keeps its latest name.
    assert_eq!(named("phone-ada", "Téléphone de Ada", vec![]).send().await.unwrap().status(), 200);
    let first = named("phone-ada", "  Téléphone d'Adèle  ", vec![entry("phone-ada", 1, m0, 21, 15)]);
    assert_eq!(first.send().await.unwrap().status(), 200);
    let second = named("phone-bo", "Cellulaire de Bérénice-Éloïse", vec![entry("phone-bo", 1, m0, 15, 21)]);
    assert_eq!(second.send().await.unwrap().status(), 200);

    let list = conflicts(&setup).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["current"]["deviceName"], "Téléphone d'Adèle", "trimmed, renamed");
    assert_eq!(list[0]["proposed"]["deviceName"], "Cellulaire de Bérénice-Éloïse");
    let history = setup.history(m0).await;
    assert_eq!(
        (&history[0]["deviceName"], &history[0]["changedBy"]),
        (&json!("Téléphone d'Adèle"), &json!("admin Test"))
    );

    // A name must say something, and not a novel: refused whole, in the request's language.
    for bad in ["   ", &"x".repeat(61), "a\u{7}b"] {
        let response = app
            .client
            .post(app.at("/api/admin/sync/scores"))
            .header("Accept-Language", "en")
            .json(&json!({"deviceId": "phone-ada", "deviceName": bad, "entries": [entry("phone-ada", 2, m0, 21, 15)]}))
            .send()
            .await
            .unwrap();
        let (status, body) = refused(response).await;
        assert_eq!(status, 422, "{bad:?}");
        assert_eq!(body["fieldErrors"]["deviceName"], "The device name must be 1 to 60 characters long.");
    }
    let list = conflicts(&setup).await;
    assert_eq!(list[0]["current"]["deviceName"], "Téléphone d'Adèle", "nothing written by a refused push");
}
