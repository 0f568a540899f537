//! kill -9 in the middle of a burst of concurrent writes, and SIGTERM with requests in flight
//! (issue 16). kill -9: the real binary takes
//! events, court bookings, team registrations and phones' scores from many clients at once and
//! is killed without warning; after a restart every write it acknowledged is there, nothing is
//! half-written (each event's participant count equals its registrations) and SQLite's
//! integrity check is ok.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chrono::{Datelike, NaiveDate, Utc};
use serde_json::{Value, json};
use tokio::sync::Mutex;

const ADMIN: &str = "admin@example.org";

/// The server process, killed and reaped if a test fails before it ends it.
type Server = common::Process;

fn spawn(db: &std::path::Path, addr: &str) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap(), "--dev-login", "--demo", "--admin-emails", ADMIN])
        .env("RUST_LOG", "error")
        .env_remove("CENTRE_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_until_listening(addr);
    common::Process(child)
}

/// 15 June of the next outdoor season, when both courts are open all day.
fn season_day() -> NaiveDate {
    let today = Utc::now().with_timezone(&chrono_tz::America::Toronto).date_naive();
    let year =
        if today < NaiveDate::from_ymd_opt(today.year(), 5, 15).unwrap() { today.year() } else { today.year() + 1 };
    NaiveDate::from_ymd_opt(year, 6, 15).unwrap()
}

fn event_body(title: &str) -> Value {
    json!({
        "title": title, "titleEn": "", "description": "Rafale.", "descriptionEn": "", "categoryId": "volleyball",
        "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null, "price": 10,
        "maxParticipants": null, "requiresPayment": false,
    })
}

/// What the server acknowledged before it was killed.
#[derive(Default)]
struct Acked {
    events: Vec<String>,
    bookings: Vec<i64>,
    registrations: Vec<i64>,
    /// (match, team1, team2) of each entry answered 'applied'.
    scores: Vec<(i64, i64, i64)>,
}

#[tokio::test]
async fn every_acknowledged_write_survives_kill_9_in_a_burst() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let mut server = spawn(&db, &addr);

    // Before the burst: an event to register teams for, free court slots, unscored matches.
    let admin = common::same_origin_client(&url);
    common::sign_in(&admin, &url, ADMIN).await;
    let created = admin.post(format!("{url}/api/events")).json(&event_body("Rafale")).send().await.unwrap();
    let event_id = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let day = season_day();
    let mut slots = Vec::new();
    for court in [1, 2] {
        let answer = admin.get(format!("{url}/api/courts/availability?date={day}&courtId={court}")).send().await;
        for slot in answer.unwrap().json::<Vec<Value>>().await.unwrap() {
            if slot["available"] == true {
                slots.push((court, slot["start"].clone(), slot["end"].clone()));
            }
        }
    }
    let events: Vec<Value> = admin.get(format!("{url}/api/admin/events")).send().await.unwrap().json().await.unwrap();
    let demo = events.iter().find(|e| e["categoryId"] == "volleyball" && e["title"] != "Rafale").unwrap()["id"].clone();
    let tournament: Value =
        admin.get(format!("{url}/api/admin/events/{demo}/tournament")).send().await.unwrap().json().await.unwrap();
    let matches: Vec<Value> = admin
        .get(format!("{url}/api/admin/tournaments/{}/matches", tournament["id"]))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let open: Vec<&Value> = matches.iter().filter(|m| m["status"] != "completed" && m["team2Id"].is_i64()).collect();

    let acked = Arc::new(Mutex::new(Acked::default()));
    let count = Arc::new(AtomicUsize::new(0));
    let mut tasks = tokio::task::JoinSet::new();
    let mut members = Vec::new();
    for i in 0..20 {
        let member = common::same_origin_client(&url);
        common::sign_in(&member, &url, &format!("membre{i}@example.org")).await;
        members.push(member);
    }
    for (i, ((court, start, end), member)) in slots.into_iter().zip(members).enumerate() {
        let (url, acked, count) = (url.clone(), acked.clone(), count.clone());
        tasks.spawn(async move {
            let email = format!("membre{i}@example.org");
            let booking = json!({"courtId": court, "firstName": "Marie", "lastName": "Roy", "email": email,
                "phone": "819-555-0199", "startTime": start, "endTime": end, "players": 4, "ballRental": false,
                "comments": ""});
            if let Ok(r) = member.post(format!("{url}/api/courts/book")).json(&booking).send().await
                && r.status() == 201
                && let Ok(body) = r.json::<Value>().await
            {
                acked.lock().await.bookings.push(body["id"].as_i64().unwrap());
                count.fetch_add(1, Ordering::SeqCst);
            }
            let team = json!({"eventId": event_id, "teamName": format!("Équipe {i}"), "captainFirstName": "Cap",
                "captainLastName": format!("Taine{i}"), "captainEmail": email, "member2FirstName": "Alex",
                "member2LastName": "Roy", "member2Email": format!("alex{i}@example.org")});
            if let Ok(r) = member.post(format!("{url}/api/events/{event_id}/register")).json(&team).send().await
                && r.status() == 201
                && let Ok(body) = r.json::<Value>().await
            {
                acked.lock().await.registrations.push(body["id"].as_i64().unwrap());
                count.fetch_add(1, Ordering::SeqCst);
            }
        });
    }
    for writer in 0..4 {
        let (url, acked, count, admin) = (url.clone(), acked.clone(), count.clone(), admin.clone());
        tasks.spawn(async move {
            for i in 0..200 {
                let title = format!("Rafale {writer}-{i}");
                match admin.post(format!("{url}/api/events")).json(&event_body(&title)).send().await {
                    Ok(r) if r.status() == 201 => {
                        acked.lock().await.events.push(title);
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                    _ => return,
                }
            }
        });
    }
    let entries: Vec<Value> = open
        .iter()
        .enumerate()
        .map(|(i, m)| {
            json!({"seq": 1, "entryId": format!("crash-{i}"), "matchId": m["id"], "team1Score": 21,
            "team2Score": i, "baseVersion": m["version"], "enteredAt": "2026-06-15T14:00:00Z"})
        })
        .collect();
    for (i, entry) in entries.into_iter().enumerate() {
        let (url, acked, count, admin) = (url.clone(), acked.clone(), count.clone(), admin.clone());
        tasks.spawn(async move {
            let scored = (entry["matchId"].as_i64().unwrap(), 21, entry["team2Score"].as_i64().unwrap());
            let body = json!({"deviceId": format!("crash-phone-{i}"), "entries": [entry]});
            if let Ok(r) = admin.post(format!("{url}/api/admin/sync/scores")).json(&body).send().await
                && r.status() == 200
                && let Ok(answer) = r.json::<Value>().await
                && answer["results"][0]["outcome"] == "applied"
            {
                acked.lock().await.scores.push(scored);
                count.fetch_add(1, Ordering::SeqCst);
            }
        });
    }

    // Killed without warning once the burst is well under way.
    let started = Instant::now();
    while count.load(Ordering::SeqCst) < 40 && started.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill().unwrap();
    server.wait().unwrap();
    while tasks.join_next().await.is_some() {}
    let acked = acked.lock().await;
    assert!(count.load(Ordering::SeqCst) >= 40, "the burst was under way");
    eprintln!(
        "acknowledged before kill -9: {} events, {} bookings, {} registrations, {} scores",
        acked.events.len(),
        acked.bookings.len(),
        acked.registrations.len(),
        acked.scores.len()
    );

    // Restarted on the same file: everything acknowledged is there, and only whole writes.
    let mut server = spawn(&db, &addr);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
    for title in &acked.events {
        let n: i64 = conn.query_row("SELECT count(*) FROM events WHERE title = ?1", [title], |r| r.get(0)).unwrap();
        assert_eq!(n, 1, "{title}");
    }
    for id in &acked.bookings {
        let status: String =
            conn.query_row("SELECT status FROM court_bookings WHERE id = ?1", [id], |r| r.get(0)).unwrap();
        assert_eq!(status, "confirmed", "booking {id}");
    }
    for id in &acked.registrations {
        let n: i64 =
            conn.query_row("SELECT count(*) FROM event_registrations WHERE id = ?1", [id], |r| r.get(0)).unwrap();
        assert_eq!(n, 1, "registration {id}");
    }
    for (match_id, a, b) in &acked.scores {
        let score: (i64, i64) = conn
            .query_row("SELECT team1_score, team2_score FROM matches WHERE id = ?1", [match_id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!(score, (*a, *b), "match {match_id}");
    }
    let drift: i64 = conn
        .query_row(
            "SELECT count(*) FROM events e WHERE e.current_participants <>
               (SELECT COALESCE(sum(people_count), 0) FROM event_registrations r
                 WHERE r.event_id = e.id AND r.status <> 'cancelled')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(drift, 0, "an event's count differs from its registrations: a half-written registration");
    let answer = reqwest::get(format!("{url}/api/events/{event_id}")).await.unwrap();
    assert_eq!(answer.status(), 200, "the restarted server serves");
    server.kill().unwrap();
    server.wait().unwrap();
}

/// SIGTERM while requests are in flight: a long one (the schedule of a 60-team tournament, about
/// two seconds in a debug build) and
/// a burst of event creations. Each request that reached the server gets its whole answer, what
/// it acknowledged is in the database, the process exits 0 and the WAL is checkpointed.
#[tokio::test]
async fn sigterm_lets_requests_in_flight_finish() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    // 60 teams registered for an event, written before the server starts (as `make bench` does).
    let migrated = centre_server::db::Db::open(&db).unwrap();
    let conn = migrated.connect().unwrap();
    conn.execute(
        "INSERT INTO events (id, title, description, location, start_date, price_cents, created_at)
         VALUES (1, 'Grand tournoi', 'x', 'La Pêche', '2099-08-01T13:00:00Z', 0, '2026-01-01T00:00:00Z')",
        [],
    )
    .unwrap();
    for n in 1..=60 {
        conn.execute(
            "INSERT INTO event_registrations (event_id, kind, team_name, team_number, captain_first_name,
                captain_last_name, people_count, payment_reference, created_at)
             VALUES (1, 'team', ?1, ?2, 'Cap', 'Taine', 2, ?3, '2026-01-01T00:00:00Z')",
            rusqlite::params![format!("Équipe {n}"), n, format!("SIG{n}")],
        )
        .unwrap();
    }
    drop((conn, migrated));
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let server = spawn(&db, &addr);
    let admin = common::same_origin_client(&url);
    common::sign_in(&admin, &url, ADMIN).await;
    let created = admin
        .post(format!("{url}/api/admin/events/1/tournament"))
        .json(&json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10,
            "startTime": "2099-08-01T13:00:00Z"}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let tournament = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    let long = {
        let (admin, url) = (admin.clone(), url.clone());
        tokio::spawn(async move {
            admin.post(format!("{url}/api/admin/tournaments/{tournament}/generate-schedule")).send().await
        })
    };
    let mut burst = tokio::task::JoinSet::new();
    for i in 0..20 {
        let (admin, url) = (admin.clone(), url.clone());
        burst.spawn(async move {
            let title = format!("En vol {i}");
            let answer = admin.post(format!("{url}/api/events")).json(&event_body(&title)).send().await;
            (title, answer.map(|r| r.status().as_u16()))
        });
    }
    // The long request is under way when the signal comes.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let pid = server.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());

    let generated = long.await.unwrap().expect("the schedule's request got its answer");
    assert_eq!(generated.status(), 200);
    let matches = generated.json::<Value>().await.unwrap()["matches"].as_array().unwrap().len();
    assert_eq!(matches, 60 * 59 / 2, "the whole schedule came back");
    let mut acknowledged = Vec::new();
    while let Some(done) = burst.join_next().await {
        let (title, status) = done.unwrap();
        // A request either got its whole answer or never reached the server (refused at the door).
        if let Ok(status) = status {
            assert_eq!(status, 201, "{title}");
            acknowledged.push(title);
        }
    }
    let exit = tokio::task::spawn_blocking(move || {
        let mut server = server;
        server.wait().unwrap()
    })
    .await
    .unwrap();
    assert!(exit.success(), "exit 0 after SIGTERM: {exit:?}");
    let wal = db.with_extension("db-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0, "the WAL was checkpointed");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: i64 =
        conn.query_row("SELECT count(*) FROM matches WHERE tournament_id = ?1", [tournament], |r| r.get(0)).unwrap();
    assert_eq!(stored, matches as i64);
    for title in &acknowledged {
        let n: i64 = conn.query_row("SELECT count(*) FROM events WHERE title = ?1", [title], |r| r.get(0)).unwrap();
        assert_eq!(n, 1, "{title}");
    }
}
