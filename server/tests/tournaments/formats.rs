//! Volleyball formats through the real router: a 'rec-2x21' pool scored in sets (a 1-1 split is
//! a draw, quotients in the standings), an impossible set refused in the request's language,
//! the format locked once its phase has a score, a phone's entry in sets, the public page
//! showing the sets; and a database of the schema before formats keeping every result.

use centre_server::db::{Db, tournaments};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::support::*;

mod embedded {
    refinery::embed_migrations!("../migrations");
}

fn with_formats(pool: &str, knockout: &str) -> Value {
    let mut body = config(2, 1);
    body["poolFormat"] = json!(pool);
    body["knockoutFormat"] = json!(knockout);
    body
}

async fn score_sets(setup: &Setup, match_id: i64, sets: Value) -> reqwest::Response {
    setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{match_id}/score")))
        .json(&json!({ "sets": sets }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_recreational_pool_is_scored_in_sets_and_ranked_by_points_then_quotients() {
    let names = ["Les Hérons".to_owned(), "Les Brochets".to_owned(), "Les Ouaouarons".to_owned()];
    let setup = Setup::named(&names, with_formats("rec-2x21", "fivb-beach")).await;
    let tournament = setup.tournament().await;
    assert_eq!(tournament["poolFormat"]["preset"], "rec-2x21");
    assert_eq!(tournament["poolFormat"]["sets"]["cap"], 23);
    assert_eq!(tournament["knockoutFormat"]["sets"]["decidingPoints"], 15);
    setup.generate().await;
    let ids = setup.ids();
    let matches = setup.matches().await;
    let find = |a: i64, b: i64| {
        matches
            .iter()
            .find(|m| {
                let pair = (m["team1Id"].as_i64().unwrap(), m["team2Id"].as_i64().unwrap());
                pair == (a, b) || pair == (b, a)
            })
            .unwrap()
    };
    // Hérons and Brochets split their sets: a draw; Hérons beat Ouaouarons 2-0.
    let split = find(ids[0], ids[1]);
    let herons_first = split["team1Id"].as_i64() == Some(ids[0]);
    let sets = if herons_first { json!([[21, 18], [17, 21]]) } else { json!([[18, 21], [21, 17]]) };
    let response = score_sets(&setup, id(&split["id"]), sets.clone()).await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    let answered: Value = response.json().await.unwrap();
    assert_eq!((answered["team1Score"].as_u64(), answered["team2Score"].as_u64()), (Some(1), Some(1)));
    assert_eq!(answered["sets"], sets);
    let sweep = find(ids[0], ids[2]);
    let sets = if sweep["team1Id"].as_i64() == Some(ids[0]) {
        json!([[21, 10], [21, 12]])
    } else {
        json!([[10, 21], [12, 21]])
    };
    assert_eq!(score_sets(&setup, id(&sweep["id"]), sets).await.status(), 200);

    let table = setup.standings().await;
    let row = |team: i64| table.iter().find(|s| s["teamId"].as_i64() == Some(team)).unwrap().clone();
    let herons = row(ids[0]);
    assert_eq!((herons["position"].as_u64(), herons["tournamentPoints"].as_u64()), (Some(1), Some(4)));
    assert_eq!((herons["wins"].as_u64(), herons["draws"].as_u64()), (Some(1), Some(1)));
    assert_eq!((herons["setsWon"].as_u64(), herons["setsLost"].as_u64()), (Some(3), Some(1)));
    assert_eq!(herons["setRatio"].as_f64(), Some(3.0));
    assert_eq!((herons["pointsFor"].as_u64(), herons["pointsAgainst"].as_u64()), (Some(80), Some(61)));
    let brochets = row(ids[1]);
    assert_eq!((brochets["tournamentPoints"].as_u64(), brochets["draws"].as_u64()), (Some(1), Some(1)));
    assert_eq!((brochets["setRatio"].as_f64(), brochets["decidedBy"].as_str()), (Some(1.0), Some("points")));
    // Ouaouarons lost every set they played; an unbeaten team's quotient would be FIVB's MAX, null.
    assert_eq!(row(ids[2])["setRatio"].as_f64(), Some(0.0));

    // The public page shows the sets.
    let public: Value =
        setup.app.get(&format!("/api/events/{}/tournament", setup.event_id)).await.json().await.unwrap();
    let shown = public["matches"].as_array().unwrap().iter().find(|m| m["id"] == split["id"]).unwrap();
    assert_eq!(shown["sets"].as_array().unwrap().len(), 2);
    assert!(public["standings"][0]["setRatio"].is_number());
}

#[tokio::test]
async fn an_impossible_set_is_refused_with_its_message_and_the_format_locks_at_the_first_score() {
    let setup = Setup::new(4, with_formats("rec-2x21", "single")).await;
    setup.generate().await;
    let first = id(&setup.matches().await[0]["id"]);
    for (sets, code) in [
        (json!([[21, 20], [21, 15]]), "set_win_by_two"),
        (json!([[24, 22], [21, 15]]), "set_over_cap"),
        (json!([[21, 15]]), "sets_undecided"),
        (json!([[21, 15], [15, 15]]), "set_tied"),
    ] {
        let (status, body) = refused(score_sets(&setup, first, sets.clone()).await).await;
        assert_eq!((status, body["code"].as_str()), (422, Some(code)), "{sets}: {body}");
        assert!(body["fieldErrors"]["sets"].is_string() || body["message"].is_string(), "{body}");
    }
    let english = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/matches/{first}/score")))
        .header("X-Lang", "en")
        .json(&json!({"sets": [[21, 20], [21, 15]]}))
        .send()
        .await
        .unwrap();
    let (_, body) = refused(english).await;
    assert_eq!(body["message"], "A set is won by two clear points.");
    // A single number pair is not a score in sets.
    let (status, body) = refused(setup.score(first, 21, 15).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("sets_required")), "{body}");

    assert_eq!(score_sets(&setup, first, json!([[21, 15], [23, 22]])).await.status(), 200);
    let mut body = with_formats("fivb-beach", "single");
    body["courtsAvailable"] = json!(2);
    let response = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/tournaments/{}", setup.tournament_id)))
        .json(&body)
        .send()
        .await
        .unwrap();
    let (status, answer) = refused(response).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("format_locked")), "{answer}");
    // The knockout's format can still change: no knockout score yet.
    let body = with_formats("rec-2x21", "fivb-beach");
    let response = setup
        .app
        .client
        .put(setup.app.at(&format!("/api/admin/tournaments/{}", setup.tournament_id)))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
}

#[tokio::test]
async fn a_phone_s_entry_in_sets_applies_once_and_other_sets_are_a_conflict() {
    let setup = Setup::new(4, with_formats("rec-2x21", "single")).await;
    setup.generate().await;
    let m = setup.matches().await[0].clone();
    let entry = |seq: u32, sets: Value| {
        json!({"seq": seq, "entryId": format!("phone-{seq}"), "matchId": m["id"], "team1Score": 2, "team2Score": 0,
            "enteredAt": "2030-06-01T13:20:00Z", "team1Id": m["team1Id"], "team2Id": m["team2Id"], "sets": sets})
    };
    let body = json!({"deviceId": "phone", "entries": [
        entry(1, json!([[21, 15], [21, 19]])),
        entry(2, json!([[21, 15], [21, 19]])),
        entry(3, json!([[21, 17], [21, 19]])),
    ]});
    let response = setup.app.client.post(setup.app.at("/api/admin/sync/scores")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let outcomes: Vec<&str> =
        answer["results"].as_array().unwrap().iter().map(|r| r["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["applied", "duplicate", "conflict"]);
    let conflicts: Vec<Value> =
        setup.app.get(&format!("/api/admin/tournaments/{}/conflicts", setup.tournament_id)).await.json().await.unwrap();
    assert_eq!(conflicts[0]["proposed"]["sets"], json!([[21, 17], [21, 19]]));
    assert_eq!(conflicts[0]["current"]["sets"], json!([[21, 15], [21, 19]]));
}

#[tokio::test]
async fn a_database_from_before_formats_keeps_every_result_as_single() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        embedded::migrations::runner().set_target(refinery::Target::Version(6)).run(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO events (id, title, description, location, start_date, created_at) VALUES
               (1, 'Tournoi 4x4', 'Tournoi', 'La Pêche', '2026-08-22T13:00:00Z', '2026-05-01T12:00:00Z');
             INSERT INTO event_registrations (id, event_id, kind, team_name, team_number, people_count,
                 payment_reference, created_at) VALUES
               (1, 1, 'team', 'Les Smash', 1, 4, 'EV1-AAAAAA', '2026-05-02T12:00:00Z'),
               (2, 1, 'team', 'Les Blocs', 2, 4, 'EV1-BBBBBB', '2026-05-03T12:00:00Z'),
               (3, 1, 'team', NULL, 3, 4, 'EV1-CCCCCC', '2026-05-04T12:00:00Z');
             INSERT INTO tournaments (id, event_id, name, status, start_time, created_at, pool_count, version)
               VALUES (1, 1, 'Tournoi 4x4', 'in_progress', '2026-08-22T13:00:00Z', '2026-05-10T12:00:00Z', 1, 3);
             INSERT INTO matches (id, tournament_id, round_type, round_name, pool, status, team1_id, team2_id,
                 team1_score, team2_score, scheduled_time, court_number, slot_index, version, updated_at) VALUES
               (1, 1, 'pool', 'Poule - Ronde 1', 0, 'completed', 1, 2, 21, 18, '2026-08-22T13:00:00Z', 1, 0, 2, '2026-08-22T13:25:00Z'),
               (2, 1, 'pool', 'Poule - Ronde 2', 0, 'completed', 2, 3, 15, 15, '2026-08-22T13:30:00Z', 1, 1, 2, '2026-08-22T13:55:00Z'),
               (3, 1, 'pool', 'Poule - Ronde 3', 0, 'scheduled', 3, 1, NULL, NULL, '2026-08-22T14:00:00Z', 1, 2, 1, '2026-05-10T12:00:00Z');",
        )
        .unwrap();
    }
    let db = Db::open(&path).unwrap();
    let conn = db.connect().unwrap();
    let tournament = tournaments::find(&conn, 1).unwrap().unwrap();
    assert!(tournament.formats.pool.is_single() && tournament.formats.knockout.is_single());
    let rows = tournaments::matches(&conn, 1).unwrap();
    let scores: Vec<_> = rows.iter().map(|m| (m.id, m.team1_score, m.team2_score, m.sets.len())).collect();
    assert_eq!(scores, [(1, Some(21), Some(18), 0), (2, Some(15), Some(15), 0), (3, None, None, 0)]);
    let board = tournaments::views::board(&conn, tournament).unwrap();
    let table: Vec<_> = board.standings[0]
        .iter()
        .map(|s| (s.team_name.as_str(), s.tournament_points, s.points_differential, s.sets_won))
        .collect();
    // Win 3, draw 1, loss 0, and no sets: the table it had.
    assert_eq!(table, [("Les Smash", 3, 3, None), ("Équipe 3", 1, 0, None), ("Les Blocs", 1, -3, None)]);
}
