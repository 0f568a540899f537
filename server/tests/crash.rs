//! kill -9 in the middle of a burst of concurrent writes, and SIGTERM with requests in flight.
//! kill -9: the real binary takes
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
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::Mutex;

const ADMIN: &str = "admin@example.org";

/// The server process, killed and reaped if a test fails before it ends it.
type Server = common::Process;

fn spawn(db: &std::path::Path, addr: &str) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap(), "--dev-login", "--demo", "--admin-emails", ADMIN])
        .args(["--now", &common::demo_now()])
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
    // The demo's tournament under way, /event/1 (the next one is only set up).
    let tournament: Value =
        admin.get(format!("{url}/api/admin/events/1/tournament")).send().await.unwrap().json().await.unwrap();
    assert_eq!(tournament["status"], "in_progress", "{tournament}");
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
/// two seconds in a debug build, seen holding the write lock when the signal comes) and a burst
/// of event creations, after writes already acknowledged. Each request that reached the server
/// gets its whole answer, every write acknowledged (before or after the signal) is in the
/// database, the process exits 0 and the WAL is checkpointed.
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

    // First writes, answered before anything else starts: acknowledged before the signal.
    let mut acknowledged = Vec::new();
    for i in 0..5 {
        let title = format!("Avant {i}");
        let answer = admin.post(format!("{url}/api/events")).json(&event_body(&title)).send().await.unwrap();
        assert_eq!(answer.status(), 201, "{title}");
        acknowledged.push(title);
    }
    let long = {
        let (admin, url) = (admin.clone(), url.clone());
        tokio::spawn(async move {
            admin.post(format!("{url}/api/admin/tournaments/{tournament}/generate-schedule")).send().await
        })
    };
    // The long request is under way: nothing else is in flight, so the write lock the server
    // holds is its (the schedule is written in one transaction).
    let probe = db.clone();
    tokio::task::spawn_blocking(move || {
        common::wait_for("the schedule's write transaction", Duration::from_secs(20), || {
            common::write_lock_held(&probe)
        });
    })
    .await
    .unwrap();
    let mut burst = tokio::task::JoinSet::new();
    for i in 0..20 {
        let (admin, url) = (admin.clone(), url.clone());
        burst.spawn(async move {
            let title = format!("En vol {i}");
            let answer = admin.post(format!("{url}/api/events")).json(&event_body(&title)).send().await;
            (title, answer.map(|r| r.status().as_u16()))
        });
    }
    let pid = server.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());

    let generated = long.await.unwrap().expect("the schedule's request got its answer");
    assert_eq!(generated.status(), 200);
    let matches = generated.json::<Value>().await.unwrap()["matches"].as_array().unwrap().len();
    assert_eq!(matches, 60 * 59 / 2, "the whole schedule came back");
    while let Some(done) = burst.join_next().await {
        let (title, status) = done.unwrap();
        // A request either got its whole answer or never reached the server (refused at the door).
        if let Ok(status) = status {
            assert_eq!(status, 201, "{title}");
            acknowledged.push(title);
        }
    }
    eprintln!("acknowledged around SIGTERM: {acknowledged:?}");
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

/// Rounds of kill -9: each one kills the server at a random point of a burst of writes.
const ROUNDS: usize = 30;
/// Events a member registers a team for in one round.
const EVENTS_PER_ROUND: i64 = 8;
/// Tournaments at their knockout stage (quarter-finals drawn), scored round after round.
const TOURNAMENTS: i64 = 24;
const TOURNAMENT_EVENTS: i64 = 100_000;
/// The site's address for every process, so that one client's session and Origin outlive each
/// kill (each process listens on a new port).
const SITE: &str = "http://centre.test";

/// Where each knockout match's winner goes: (feeder, next match, side). Written by hand from the
/// bracket's shape, not read from the code under test.
const NEXT: [(&str, &str, u8); 6] =
    [("QF1", "SF1", 1), ("QF2", "SF1", 2), ("QF3", "SF2", 1), ("QF4", "SF2", 2), ("SF1", "F", 1), ("SF2", "F", 2)];

fn spawn_site(db: &std::path::Path, addr: &str) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap(), "--dev-login", "--admin-emails", ADMIN])
        .args(["--public-url", SITE])
        .env("RUST_LOG", "error")
        .env_remove("CENTRE_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_until_listening(addr);
    common::Process(child)
}

/// Letters only (names refuse digits): a distinct name for each number.
fn letters(mut n: usize) -> String {
    let mut out = String::new();
    loop {
        out.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            break;
        }
    }
    let mut chars = out.chars();
    let first = chars.next().unwrap().to_ascii_uppercase();
    std::iter::once(first).chain(chars).collect()
}

/// The events members register for, and tournaments whose quarter-finals are drawn (8 teams
/// each; semi-finals and final wait for their winners), written before the first start.
fn prepare_multi_row_writes(db: &std::path::Path) {
    let migrated = centre_server::db::Db::open(db).unwrap();
    let mut conn = migrated.connect().unwrap();
    let tx = conn.transaction().unwrap();
    let event = "INSERT INTO events (id, title, description, location, start_date, price_cents, created_at)
                 VALUES (?1, ?2, 'x', 'La Pêche', '2099-08-01T13:00:00Z', 1000, '2026-01-01T00:00:00Z')";
    for id in 1..=(ROUNDS as i64) * EVENTS_PER_ROUND {
        tx.execute(event, rusqlite::params![id, format!("Soirée {id}")]).unwrap();
    }
    for t in 1..=TOURNAMENTS {
        let event_id = TOURNAMENT_EVENTS + t;
        tx.execute(event, rusqlite::params![event_id, format!("Coupe {t}")]).unwrap();
        let mut teams = Vec::new();
        for n in 1..=8 {
            tx.execute(
                "INSERT INTO event_registrations (event_id, kind, team_name, team_number, captain_first_name,
                    captain_last_name, people_count, payment_reference, created_at)
                 VALUES (?1, 'team', ?2, ?3, 'Cap', 'Taine', 2, ?4, '2026-01-01T00:00:00Z')",
                rusqlite::params![event_id, format!("Équipe {n}"), n, format!("KO{t}-{n}")],
            )
            .unwrap();
            teams.push(tx.last_insert_rowid());
        }
        tx.execute("UPDATE events SET current_participants = 16 WHERE id = ?1", [event_id]).unwrap();
        tx.execute(
            "INSERT INTO tournaments (id, event_id, name, status, start_time, created_at)
             VALUES (?1, ?2, 'Coupe', 'in_progress', '2099-08-01T13:00:00Z', '2026-01-01T00:00:00Z')",
            rusqlite::params![t, event_id],
        )
        .unwrap();
        let knockout = [
            ("quarterfinal", "QF1", Some(teams[0]), Some(teams[7]), None, None, 1, 0),
            ("quarterfinal", "QF2", Some(teams[3]), Some(teams[4]), None, None, 2, 0),
            ("quarterfinal", "QF3", Some(teams[1]), Some(teams[6]), None, None, 1, 1),
            ("quarterfinal", "QF4", Some(teams[2]), Some(teams[5]), None, None, 2, 1),
            ("semifinal", "SF1", None, None, Some("QF1"), Some("QF2"), 1, 2),
            ("semifinal", "SF2", None, None, Some("QF3"), Some("QF4"), 2, 2),
            ("final", "F", None, None, Some("SF1"), Some("SF2"), 1, 3),
        ];
        for (round, code, team1, team2, from1, from2, court, slot) in knockout {
            tx.execute(
                "INSERT INTO matches (tournament_id, round_type, round_name, bracket_code, team1_id, team2_id,
                    team1_from, team2_from, court_number, slot_index, updated_at)
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7, ?8, ?9, '2026-01-01T00:00:00Z')",
                rusqlite::params![t, round, code, team1, team2, from1, from2, court, slot],
            )
            .unwrap();
        }
    }
    tx.commit().unwrap();
}

/// What one round's server acknowledged (201 or 200) before it was killed.
#[derive(Default)]
struct RoundAcks {
    /// (registration, event)
    teams: Vec<(i64, i64)>,
    /// (registration, weeks asked for)
    camps: Vec<(i64, Vec<i64>)>,
    /// Every camp registration sent, acknowledged or not: the child's last name → the weeks asked.
    camps_sent: std::collections::BTreeMap<String, Vec<i64>>,
    /// (match, team1 score, team2 score)
    scores: Vec<(i64, i64, i64)>,
}

/// Every write in the file is whole, and every acknowledged one is there.
fn check_whole(db: &std::path::Path, acks: &RoundAcks, round: usize, seed: u64) {
    let ctx = format!("round {round}, seed {seed} (CRASH_SEED={seed} replays it)");
    let conn = rusqlite::Connection::open(db).unwrap();
    let one = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok", "{ctx}");

    // A team registration: its row and its event's participant count, together.
    let drift = one("SELECT count(*) FROM events e WHERE e.current_participants <>
           (SELECT COALESCE(sum(people_count), 0) FROM event_registrations r
             WHERE r.event_id = e.id AND r.status <> 'cancelled')");
    assert_eq!(drift, 0, "an event's count differs from its registrations: a half-written registration; {ctx}");
    for (id, event) in &acks.teams {
        let row: Option<(i64, i64)> = conn
            .query_row("SELECT event_id, people_count FROM event_registrations WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .ok();
        assert_eq!(row, Some((*event, 2)), "acknowledged team registration {id}; {ctx}");
    }

    // A day-camp registration: its row, one enrolment per week, one place taken per week.
    let places = one("SELECT count(*) FROM day_camp_places p WHERE p.taken <>
           (SELECT count(*) FROM day_camp_enrolments e WHERE e.program_id = p.program_id AND e.week_id = p.week_id)");
    assert_eq!(places, 0, "places taken differ from the enrolments: a half-written camp registration; {ctx}");
    let bare = one("SELECT count(*) FROM day_camp_registrations r
          WHERE NOT EXISTS (SELECT 1 FROM day_camp_enrolments e WHERE e.registration_id = r.id)");
    assert_eq!(bare, 0, "a camp registration without its weeks; {ctx}");
    // Whole or absent whether or not it was acknowledged: each registration in the file (each
    // child is its own) has every week it asked for, never some of them.
    let mut statement = conn
        .prepare(
            "SELECT r.child_last_name, group_concat(e.week_id) FROM day_camp_registrations r
               JOIN day_camp_enrolments e ON e.registration_id = r.id GROUP BY r.id",
        )
        .unwrap();
    let stored: Vec<(String, String)> =
        statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
    let mut compared = 0;
    for (child, weeks) in stored {
        let Some(asked) = acks.camps_sent.get(&child) else { continue };
        compared += 1;
        let mut weeks: Vec<i64> = weeks.split(',').map(|w| w.parse().unwrap()).collect();
        weeks.sort_unstable();
        let mut asked = asked.clone();
        asked.sort_unstable();
        assert_eq!(weeks, asked, "camp registration of {child}, acknowledged or not; {ctx}");
    }
    assert!(compared >= acks.camps.len(), "every acknowledged one was among them; {ctx}");
    for (id, weeks) in &acks.camps {
        let mut statement = conn
            .prepare("SELECT week_id FROM day_camp_enrolments WHERE registration_id = ?1 ORDER BY week_id")
            .unwrap();
        let stored: Vec<i64> = statement.query_map([id], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        let mut asked = weeks.clone();
        asked.sort_unstable();
        assert_eq!(stored, asked, "acknowledged camp registration {id}; {ctx}");
    }

    // A knockout score: the match, its history line and its winner in the next match.
    let unlogged = one("SELECT count(*) FROM matches m WHERE m.round_type <> 'pool' AND
           (m.status = 'completed') <> (SELECT count(*) = 1 FROM match_score_history h
                                         WHERE h.match_id = m.id AND h.kind = 'score')");
    assert_eq!(unlogged, 0, "a score without its history line (or the reverse); {ctx}");
    for (feeder, next, side) in NEXT {
        let column = if side == 1 { "team1_id" } else { "team2_id" };
        let misplaced = one(&format!(
            "SELECT count(*) FROM matches f JOIN matches n
               ON n.tournament_id = f.tournament_id AND f.bracket_code = '{feeder}' AND n.bracket_code = '{next}'
              WHERE n.{column} IS NOT (CASE WHEN f.status <> 'completed' THEN NULL
                                       WHEN f.team1_score > f.team2_score THEN f.team1_id ELSE f.team2_id END)"
        ));
        assert_eq!(misplaced, 0, "{feeder}'s winner is not (only) in {next}: a half-written score; {ctx}");
    }
    let open_after_final =
        one("SELECT count(*) FROM tournaments t JOIN matches m ON m.tournament_id = t.id AND m.bracket_code = 'F'
          WHERE (m.status = 'completed') <> (t.status = 'completed')");
    assert_eq!(open_after_final, 0, "a final played, its tournament not completed (or the reverse); {ctx}");
    for (id, a, b) in &acks.scores {
        let row: (String, Option<i64>, Option<i64>) = conn
            .query_row("SELECT status, team1_score, team2_score FROM matches WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        assert_eq!(row, ("completed".to_owned(), Some(*a), Some(*b)), "acknowledged score of match {id}; {ctx}");
    }
}

/// kill -9 at random points of bursts of writes that each write several rows in one
/// transaction: a team registration (its row and its event's participant count), a day-camp
/// registration over two or three weeks (its row, one enrolment and one place per week) and a
/// knockout score (the match, its history line, the winner in the next match, the final
/// completing its tournament). Each of the rounds starts the server on the same file, sends a
/// burst from several tasks, and kills it without warning once the n-th acknowledgement
/// arrives (n drawn at random; the seed is printed, `CRASH_SEED` replays it); the file is then
/// checked: every acknowledged write is there, and every write is whole or absent.
///
/// Planted once to see it fail: the team registration split into two commits (the row, then
/// the count, in a second `Db::write` of the route): the test failed in 3 of 3 runs, in the
/// first rounds.
#[tokio::test]
async fn kill_9_at_random_points_leaves_each_multi_row_write_whole_or_absent() {
    let seed = std::env::var("CRASH_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random::<u64>);
    eprintln!("kill -9 rounds with seed {seed} (CRASH_SEED={seed} replays the kill points)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    prepare_multi_row_writes(&db);

    // One start to sign everyone in (the sessions are in the file and outlive each kill).
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let mut server = spawn_site(&db, &addr);
    let admin = common::same_origin_client(SITE);
    common::sign_in(&admin, &url, ADMIN).await;
    let mut members = Vec::new();
    for i in 0..4 {
        let member = common::same_origin_client(SITE);
        common::sign_in(&member, &url, &format!("rafale{i}@example.org")).await;
        members.push(member);
    }
    let weeks: Vec<Value> = admin
        .get(format!("{url}/api/day-camp-weeks?programId=aventuriers"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let weeks: Vec<(i64, NaiveDate)> = weeks
        .iter()
        .filter(|w| w["open"] == true)
        .map(|w| (w["id"].as_i64().unwrap(), w["startDate"].as_str().unwrap().parse().unwrap()))
        .collect();
    assert!(weeks.len() >= 3, "camp weeks open: {weeks:?}");
    // Ten on the first week's Monday, ten all summer: the 9-12 program.
    let birth = weeks[0].1.checked_sub_months(chrono::Months::new(120)).unwrap() - chrono::Days::new(30);
    server.kill().unwrap();
    server.wait().unwrap();

    let mut kills_mid_burst = 0;
    let mut acknowledged = [0usize; 3];
    for round in 0..ROUNDS {
        // Places for every child of every round: the writes are refused for nothing but a crash.
        let scorable: Vec<i64> = {
            let conn = rusqlite::Connection::open(&db).unwrap();
            conn.execute("UPDATE day_camp_places SET capacity = 1000000", []).unwrap();
            let mut statement = conn
                .prepare(
                    "SELECT id FROM matches WHERE round_type <> 'pool' AND status = 'scheduled'
                       AND team1_id IS NOT NULL AND team2_id IS NOT NULL ORDER BY id LIMIT 8",
                )
                .unwrap();
            statement.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
        };

        let addr = common::free_addr();
        let url = format!("http://{addr}");
        let mut server = spawn_site(&db, &addr);
        let health = reqwest::get(format!("{url}/api/health")).await.unwrap();
        assert_eq!(health.status(), 200, "round {round}: the restarted server answers");

        let acks = Arc::new(Mutex::new(RoundAcks::default()));
        let count = Arc::new(AtomicUsize::new(0));
        let mut tasks = tokio::task::JoinSet::new();
        for (m, member) in members.iter().enumerate() {
            let (url, acks, count, member) = (url.clone(), acks.clone(), count.clone(), member.clone());
            let weeks: Vec<i64> = weeks.iter().map(|w| w.0).collect();
            tasks.spawn(async move {
                for j in 0..EVENTS_PER_ROUND {
                    let event_id = 1 + round as i64 * EVENTS_PER_ROUND + j;
                    let team = json!({"eventId": event_id, "teamName": format!("Équipe {m}"), "captainFirstName": "Cap",
                        "captainLastName": "Taine", "captainEmail": format!("rafale{m}@example.org"),
                        "member2FirstName": "Alex", "member2LastName": "Roy", "member2Email": "alex@example.org"});
                    let Ok(r) = member.post(format!("{url}/api/events/{event_id}/register")).json(&team).send().await
                    else {
                        return;
                    };
                    if r.status() == 201 {
                        let Ok(body) = r.json::<Value>().await else { return };
                        acks.lock().await.teams.push((body["id"].as_i64().unwrap(), event_id));
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                    // Two or three weeks, a child of its own (names are letters only).
                    let chosen: Vec<i64> =
                        weeks.iter().copied().skip(j as usize % 2).take(2 + j as usize % 2).collect();
                    let child = letters(round * 1000 + m * 100 + j as usize);
                    acks.lock().await.camps_sent.insert(child.clone(), chosen.clone());
                    let camp = json!({"weekIds": chosen.iter().map(i64::to_string).collect::<Vec<_>>(),
                        "childFirstName": "Enfant", "childLastName": child, "childBirthDate": birth.to_string(),
                        "parentName": "Ana Roy", "parentEmail": "ana@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1"});
                    let Ok(r) = member.post(format!("{url}/api/day-camp-registrations")).json(&camp).send().await
                    else {
                        return;
                    };
                    if r.status() == 201 {
                        let Ok(body) = r.json::<Value>().await else { return };
                        acks.lock().await.camps.push((body["id"].as_i64().unwrap(), chosen));
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                }
            });
        }
        for share in scorable.chunks(4) {
            let (url, acks, count, admin) = (url.clone(), acks.clone(), count.clone(), admin.clone());
            let scores: Vec<(i64, i64)> = share.iter().map(|&id| (id, rng.random_range(0..21))).collect();
            tasks.spawn(async move {
                for (id, loser) in scores {
                    let body = json!({"team1Score": 21, "team2Score": loser});
                    let Ok(r) = admin.put(format!("{url}/api/admin/matches/{id}/score")).json(&body).send().await
                    else {
                        return;
                    };
                    if r.status() == 200 {
                        acks.lock().await.scores.push((id, 21, loser));
                        count.fetch_add(1, Ordering::SeqCst);
                    }
                }
            });
        }

        // Killed without warning as the n-th acknowledgement arrives.
        let n = rng.random_range(1..=48);
        let deadline = Instant::now() + Duration::from_secs(30);
        while count.load(Ordering::SeqCst) < n && !tasks.is_empty() && Instant::now() < deadline {
            tokio::select! {
                _ = tasks.join_next() => {}
                () = tokio::time::sleep(Duration::from_millis(1)) => {}
            }
        }
        assert!(Instant::now() < deadline, "round {round}: the burst stalled");
        if !tasks.is_empty() {
            kills_mid_burst += 1;
        }
        server.kill().unwrap();
        server.wait().unwrap();
        while tasks.join_next().await.is_some() {}
        let acks = acks.lock().await;
        check_whole(&db, &acks, round, seed);
        acknowledged[0] += acks.teams.len();
        acknowledged[1] += acks.camps.len();
        acknowledged[2] += acks.scores.len();
        assert!(started.elapsed() < Duration::from_secs(150), "round {round}: the test is too slow");
    }
    eprintln!(
        "{ROUNDS} rounds, {kills_mid_burst} killed mid-burst, in {:?}; acknowledged: {} teams, {} camp \
         registrations, {} knockout scores",
        started.elapsed(),
        acknowledged[0],
        acknowledged[1],
        acknowledged[2]
    );
    assert!(acknowledged.iter().all(|&n| n > 0), "each kind of write was acknowledged: {acknowledged:?}");
    assert!(kills_mid_burst >= ROUNDS / 2, "most kills land in the middle of a burst: {kills_mid_burst}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let done: i64 = conn
        .query_row("SELECT count(*) FROM matches WHERE round_type <> 'pool' AND status = 'completed'", [], |r| r.get(0))
        .unwrap();
    assert!(done > 0, "knockout scores were written");
}
