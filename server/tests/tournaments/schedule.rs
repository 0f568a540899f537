//! Re-timing after generating, pools, the estimates, and what the schema itself refuses.

use std::collections::BTreeMap;

use rusqlite::{ErrorCode, params};
use serde_json::{Value, json};

use super::support::*;

async fn put_config(setup: &Setup, body: &Value, lang: &str) -> reqwest::Response {
    let url = setup.app.at(&format!("/api/admin/tournaments/{}", setup.tournament_id));
    setup.app.client.put(url).header("X-Lang", lang).json(body).send().await.unwrap()
}

#[tokio::test]
async fn a_later_start_shifts_every_match_not_yet_played() {
    let setup = Setup::new(4, config(2, 1)).await;
    setup.generate().await;
    for m in setup.matches().await.iter().filter(|m| m["slotIndex"] == 0) {
        setup.score_ok(id(&m["id"]), 21, 12).await;
    }
    let before = setup.matches().await;
    let version = setup.tournament().await["version"].as_i64().unwrap();

    // Everything shifts 45 minutes, except what is already played.
    let later = plus_minutes(START, 45);
    let mut body = config(2, 1);
    body["startTime"] = json!(later);
    let response = put_config(&setup, &body, "fr").await;
    assert_eq!(response.status(), 200);
    let answered: Value = response.json().await.unwrap();
    assert_eq!(answered["startTime"], later.as_str());
    assert_eq!(answered["status"], "in_progress");
    assert!(answered["version"].as_i64().unwrap() > version);
    let after = setup.matches().await;
    assert_eq!(after.len(), before.len());
    let mut shifted = 0;
    for (old, new) in before.iter().zip(&after) {
        assert_eq!(new["id"], old["id"], "same order");
        assert_eq!((&new["slotIndex"], &new["courtNumber"]), (&old["slotIndex"], &old["courtNumber"]));
        let old_time = old["scheduledTime"].as_str().unwrap();
        if old["status"] == "completed" {
            assert_eq!(new["scheduledTime"], old_time, "a played match keeps its time");
        } else {
            assert_eq!(new["scheduledTime"], plus_minutes(old_time, 45).as_str());
            shifted += 1;
        }
    }
    assert_eq!(shifted, 4, "6 matches, 2 played");

    // Longer matches: the matches not played start every 30 + 10 minutes from the new start.
    body["matchDurationMinutes"] = json!(30);
    assert_eq!(put_config(&setup, &body, "fr").await.status(), 200);
    let longer = setup.matches().await;
    for (old, new) in after.iter().zip(&longer) {
        let expected = if old["status"] == "completed" {
            old["scheduledTime"].as_str().unwrap().to_owned()
        } else {
            plus_minutes(&later, 40 * id(&old["slotIndex"]))
        };
        assert_eq!(new["scheduledTime"], expected.as_str(), "match {}", old["id"]);
    }

    // The courts and the pools are fixed once the schedule exists.
    let mut courts = body.clone();
    courts["courtsAvailable"] = json!(3);
    let (status, refusal) = refused(put_config(&setup, &courts, "fr").await).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("courts_locked")));
    let mut pools = body.clone();
    pools["poolCount"] = json!(2);
    let (status, refusal) = refused(put_config(&setup, &pools, "fr").await).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("pools_locked")));

    // The start cannot be taken away once the schedule exists.
    let mut no_start = body.clone();
    no_start["startTime"] = json!("");
    let (status, refusal) = refused(put_config(&setup, &no_start, "fr").await).await;
    assert_eq!((status, refusal["code"].as_str()), (422, Some("start_time_required")));
    assert!(refusal["fieldErrors"]["startTime"].is_string(), "{refusal}");

    // Values out of range, in English.
    let mut bad = body.clone();
    bad["courtsAvailable"] = json!(9);
    bad["matchDurationMinutes"] = json!(5);
    let (status, refusal) = refused(put_config(&setup, &bad, "en").await).await;
    assert_eq!(status, 422);
    let errors = refusal["fieldErrors"].as_object().unwrap();
    assert_eq!(errors["courtsAvailable"], "The number of courts must be a whole number from 1 to 4");
    assert_eq!(errors["matchDurationMinutes"], "A match must last a whole number of minutes from 10 to 60");
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(setup.matches().await, longer, "refusals change nothing");
    let tournament = setup.tournament().await;
    assert_eq!((&tournament["courtsAvailable"], &tournament["matchDurationMinutes"]), (&json!(2), &json!(30)));
}

/// Checks the estimates of 12 teams on `courts` courts starting at [`START`] (20 + 10 min).
fn check_estimates(estimates: &[Value], courts: usize) {
    let pool_counts: Vec<i64> = estimates.iter().map(|e| id(&e["poolCount"])).collect();
    assert_eq!(pool_counts, [1, 2, 3, 4]);
    // 12 teams: quarterfinals (4 matches), semifinals (2), final (1).
    let knockout = [4usize, 2, 1].iter().map(|m| m.div_ceil(courts) as u64).sum::<u64>();
    for e in estimates {
        let p = id(&e["poolCount"]) as usize;
        let sizes = vec![12 / p; p];
        let pool_slots = lower_bound(&sizes, courts);
        assert_eq!(e["poolSlots"].as_u64(), Some(pool_slots), "{e}");
        assert_eq!(e["knockoutSlots"].as_u64(), Some(knockout), "{e}");
        let total = (pool_slots + knockout) * 30 - 10;
        assert_eq!(e["totalMinutes"].as_u64(), Some(total), "{e}");
        assert_eq!(e["endTime"], plus_minutes(START, total as i64).as_str(), "{e}");
    }
}

#[tokio::test]
async fn twelve_teams_in_two_pools_meet_in_their_pool_and_cross_in_the_quarterfinals() {
    let setup = Setup::new(12, config(2, 2)).await;
    let ids = setup.ids();
    let admin = setup.tournament().await;
    assert_eq!(admin["poolCount"], 2);
    check_estimates(admin["estimates"].as_array().unwrap(), 2);

    let generated = setup.generate().await;
    let matches = generated["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 30, "two round-robins of 6");
    let pool_of = check_pool_phase(matches, &ids, 2, 2);
    let members = |pool: i64| -> Vec<i64> { ids.iter().copied().filter(|t| pool_of[t] == pool).collect() };
    assert_eq!((members(0).len(), members(1).len()), (6, 6));
    let quality = &generated["quality"];
    assert_eq!(quality["lowerBound"].as_u64(), Some(lower_bound(&[6, 6], 2)));
    assert_eq!(quality["slotsUsed"], quality["lowerBound"]);

    // The whole pool phase, then each pool's standings.
    let results = setup.score_pool(&strengths(&ids, &[7, 2, 11, 0, 5, 9, 3, 10, 1, 6, 8, 4])).await;
    assert_eq!(results.len(), 30);
    let standings = setup.standings().await;
    let tables: Vec<Vec<Line>> = (0..2).map(|p| expected_table(&members(p), &results)).collect();
    for (p, table) in tables.iter().enumerate() {
        let of_pool: Vec<Value> = standings.iter().filter(|s| s["pool"] == p).cloned().collect();
        assert_standings(&of_pool, table);
    }

    // Seeds alternate pools (A1, B1, A2, B2, …): QF1 A1-B4, QF2 B2-A3, QF3 B1-A4, QF4 A2-B3.
    let matches = setup.matches().await;
    assert_eq!(of_round(&matches, "quarterfinal").len(), 4);
    let (a, b) = (&tables[0], &tables[1]);
    let expected = [
        ("QF1", a[0].team_id, b[3].team_id),
        ("QF2", b[1].team_id, a[2].team_id),
        ("QF3", b[0].team_id, a[3].team_id),
        ("QF4", a[1].team_id, b[2].team_id),
    ];
    for (code, one, two) in expected {
        let m = bracket(&matches, code);
        let (t1, t2) = (id(&m["team1Id"]), id(&m["team2Id"]));
        assert_ne!(pool_of[&t1], pool_of[&t2], "{code} opposes two teams of one pool");
        assert_eq!((t1, t2), (one, two), "{code}");
    }
    for (code, from) in [("SF1", ("QF1", "QF2")), ("SF2", ("QF3", "QF4")), ("F", ("SF1", "SF2"))] {
        let m = bracket(&matches, code);
        assert_eq!((m["team1From"].as_str(), m["team2From"].as_str()), (Some(from.0), Some(from.1)), "{code}");
        assert_eq!(sides(m), (None, None));
    }
}

#[tokio::test]
async fn twelve_teams_in_three_pools_share_three_courts() {
    let setup = Setup::new(12, config(3, 3)).await;
    let ids = setup.ids();
    check_estimates(setup.tournament().await["estimates"].as_array().unwrap(), 3);
    let generated = setup.generate().await;
    let matches = generated["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 18, "three round-robins of 4");
    let pool_of = check_pool_phase(matches, &ids, 3, 3);
    let mut sizes: BTreeMap<i64, usize> = BTreeMap::new();
    for pool in pool_of.values() {
        *sizes.entry(*pool).or_default() += 1;
    }
    assert_eq!(sizes.values().copied().collect::<Vec<_>>(), [4, 4, 4]);
    let quality = &generated["quality"];
    assert_eq!(quality["lowerBound"].as_u64(), Some(lower_bound(&[4, 4, 4], 3)));
    assert_eq!(quality["slotsUsed"], quality["lowerBound"]);
    // Pool matches are named after their pool.
    for m in matches {
        let letter = ["A", "B", "C"][id(&m["pool"]) as usize];
        assert!(m["roundName"].as_str().unwrap().starts_with(&format!("Poule {letter}")), "{}", m["roundName"]);
    }
}

/// The error of a write the schema must refuse: a constraint, mentioning `mention`.
fn assert_refused(result: rusqlite::Result<usize>, mention: &str) {
    match result {
        Err(rusqlite::Error::SqliteFailure(e, Some(message))) => {
            assert_eq!(e.code, ErrorCode::ConstraintViolation, "{message}");
            assert!(message.contains(mention), "{message}");
        }
        other => panic!("expected a constraint error mentioning {mention:?}, got {other:?}"),
    }
}

#[tokio::test]
async fn the_schema_refuses_a_court_or_a_team_twice_in_one_slot() {
    let setup = Setup::new(4, config(4, 1)).await;
    let [a, b, c, d] = setup.ids()[..] else { panic!("4 teams") };
    let conn = rusqlite::Connection::open(&setup.app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    let tournament = setup.tournament_id;
    let insert = |slot: i64, court: i64, team1: i64, team2: i64| {
        conn.execute(
            "INSERT INTO matches (tournament_id, round_type, round_name, pool, team1_id, team2_id, court_number,
                slot_index, updated_at)
             VALUES (?1, 'pool', 'Poule - Ronde 1', 0, ?2, ?3, ?4, ?5, '2030-06-01T00:00:00Z')",
            params![tournament, team1, team2, court, slot],
        )
    };
    assert_eq!(insert(0, 1, a, b).unwrap(), 1);
    // Court 1 of slot 0 is taken.
    assert_refused(insert(0, 1, c, d), "UNIQUE");
    // Team a (team 1 above) and team b (team 2 above), on another court of the same slot, on
    // either side.
    assert_refused(insert(0, 2, a, c), "a team cannot play twice");
    assert_refused(insert(0, 2, c, a), "a team cannot play twice");
    assert_refused(insert(0, 2, b, d), "a team cannot play twice");
    assert_refused(insert(0, 2, d, b), "a team cannot play twice");
    // What the rules allow goes in: another court with other teams, another slot.
    assert_eq!(insert(0, 2, c, d).unwrap(), 1);
    assert_eq!(insert(1, 1, a, c).unwrap(), 1);
    // Moving that match into slot 0 (on a free court) puts a and c twice in it.
    let moved = conn.execute(
        "UPDATE matches SET slot_index = 0, court_number = 3 WHERE tournament_id = ?1 AND slot_index = 1",
        params![tournament],
    );
    assert_refused(moved, "a team cannot play twice");
    let count: i64 =
        conn.query_row("SELECT count(*) FROM matches WHERE tournament_id = ?1", [tournament], |r| r.get(0)).unwrap();
    assert_eq!(count, 3);
}

#[tokio::test]
async fn who_scores_the_window_and_the_work_teams_are_set_in_setup_only() {
    let setup = Setup::new(6, config(2, 1)).await;
    let t = setup.tournament().await;
    assert_eq!(
        (&t["scoring"], &t["confirmMinutes"], &t["duty"]),
        (&json!("staff"), &json!(10), &json!("none")),
        "defaults"
    );

    let mut body = config(2, 1);
    body["scoring"] = json!("teams");
    body["confirmMinutes"] = json!(30);
    body["duty"] = json!("teams");
    assert_eq!(put_config(&setup, &body, "fr").await.status(), 200);
    let t = setup.tournament().await;
    assert_eq!((&t["scoring"], &t["confirmMinutes"], &t["duty"]), (&json!("teams"), &json!(30), &json!("teams")));

    // An edit that leaves them out keeps them (an older form, the re-timing of the day).
    assert_eq!(put_config(&setup, &config(2, 1), "fr").await.status(), 200);
    assert_eq!(setup.tournament().await["confirmMinutes"], 30);

    // Out of range or unknown: 422 with core's words, in English too.
    let mut bad = config(2, 1);
    bad["scoring"] = json!("captains");
    bad["confirmMinutes"] = json!(1441);
    bad["duty"] = json!("all");
    let (status, refusal) = refused(put_config(&setup, &bad, "en").await).await;
    assert_eq!(status, 422, "{refusal}");
    let errors = refusal["fieldErrors"].as_object().unwrap();
    assert_eq!(errors["confirmMinutes"], "The confirmation window must be a whole number of minutes from 1 to 1440");
    assert_eq!(errors["scoring"], "Scores are entered by the organisers (staff) or by the teams (teams)");
    assert_eq!(errors["duty"], "Matches are refereed by nobody (none) or by the teams (teams)");

    // Once the schedule exists they hold: results are entered, and duties drawn, under them.
    setup.generate().await;
    let mut change = body.clone();
    change["scoring"] = json!("staff");
    let (status, refusal) = refused(put_config(&setup, &change, "fr").await).await;
    assert_eq!((status, refusal["code"].as_str()), (409, Some("tournament_not_setup")), "{refusal}");
    assert_eq!(put_config(&setup, &body, "fr").await.status(), 200, "the same values are no change");
    assert_eq!(setup.tournament().await["scoring"], "teams");
}
