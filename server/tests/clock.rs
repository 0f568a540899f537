//! The server reads one clock (`clock.rs`), which `--today` and `--now` move: with it set years
//! ahead of the real date, what a scorekeeper sees, a phone's sync, the scheduled work and the
//! e-mails all follow it. Read from the real date instead, each answer below would differ: the
//! matches would be years away, the stamps and the e-mails' dates in the real year, and no
//! payment reminder would be due.

use centre_server::settings::{Clock, Settings};
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use serde_json::{Value, json};

use crate::common::{TestApp, event_body, wait_for};
use crate::tournaments::support::{config, create_tournament, generate, id, put_score, register_teams, text};

/// A Tuesday in July five years on, at the centre.
const AHEAD: &str = "2031-07-15T10:30";

fn moved_to(at: &str) -> impl FnOnce(&mut Settings) {
    let at = NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M").unwrap();
    move |s| s.clock = Clock::starting_at(at, s.timezone)
}

/// An app on a clock set to `at` (centre time), its client signed in as an admin.
async fn admin_app(at: &str) -> TestApp {
    let app = TestApp::spawn_with(moved_to(at)).await;
    let admin = app.sign_in_as("admin@example.org").await;
    app.grant(&admin, "admin");
    app
}

/// An event the day after the app's today; answers its id.
async fn event_tomorrow(app: &TestApp, requires_payment: bool) -> i64 {
    let mut body = event_body("Tournoi de juillet", None);
    body["startDate"] = json!((app.state.now() + Duration::days(1)).format("%Y-%m-%dT%H:%M:%SZ").to_string());
    body["requiresPayment"] = json!(requires_payment);
    let response = app.client.post(app.at("/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    id(&response.json::<Value>().await.unwrap()["id"])
}

fn day_of(stamp: &str) -> &str {
    &stamp[..10]
}

fn query<T: rusqlite::types::FromSql>(app: &TestApp, sql: &str) -> T {
    rusqlite::Connection::open(&app.db_path).unwrap().query_row(sql, [], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn a_court_s_match_is_in_progress_by_the_server_s_clock() {
    let app = admin_app(AHEAD).await;
    let event = event_tomorrow(&app, false).await;
    register_teams(&app, event, 4).await;
    // One court from 40 minutes ago: its first match's time has come, its second's 10 minutes ago.
    let mut body = config(1, 1);
    body["startTime"] = json!(text(app.state.now() - Duration::minutes(40)));
    let tournament = id(&create_tournament(&app, event, &body).await["id"]);
    generate(&app, tournament).await;
    let matches = || async {
        let answer = app.get(&format!("/api/admin/tournaments/{tournament}/matches")).await;
        let mut matches: Vec<Value> = answer.json().await.unwrap();
        matches.sort_by_key(|m| m["scheduledTime"].as_str().unwrap_or_default().to_owned());
        matches
    };
    let before = matches().await;
    assert_eq!((&before[0]["status"], &before[1]["late"]), (&json!("in_progress"), &json!(true)), "{before:?}");

    let answered: Value = put_score(&app, id(&before[0]["id"]), 21, 15).await.json().await.unwrap();
    assert_eq!(answered["status"], "completed");
    let after = matches().await;
    assert_eq!((&after[1]["status"], &after[1]["late"]), (&json!("in_progress"), &json!(false)), "{after:?}");
    assert_eq!(after[2]["status"], "scheduled", "its time (20 minutes on) has not come");
}

#[tokio::test]
async fn a_phone_s_entries_and_its_device_are_stamped_by_the_server_s_clock() {
    let app = admin_app(AHEAD).await;
    let event = event_tomorrow(&app, false).await;
    register_teams(&app, event, 4).await;
    let tournament = id(&create_tournament(&app, event, &config(1, 1)).await["id"]);
    generate(&app, tournament).await;
    let matches: Vec<Value> =
        app.get(&format!("/api/admin/tournaments/{tournament}/matches")).await.json().await.unwrap();
    let entry = json!({
        "seq": 1, "entryId": "phone-1", "matchId": id(&matches[0]["id"]),
        "team1Score": 21, "team2Score": 18, "baseVersion": 1, "enteredAt": "2031-07-15T14:00:00Z",
    });
    let response = app
        .client
        .post(app.at("/api/admin/sync/scores"))
        .json(&json!({"deviceId": "phone", "entries": [entry]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    let received: String = query(&app, "SELECT received_at FROM score_entries");
    let device: String = query(&app, "SELECT updated_at FROM sync_devices WHERE device_id = 'phone'");
    assert_eq!((day_of(&received), day_of(&device)), ("2031-07-15", "2031-07-15"));
}

// wait_for blocks its thread: the scheduler runs on another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduled_work_runs_on_the_server_s_clock() {
    // Registered on 10 July, unpaid: the first reminder is due three days later.
    let app = admin_app("2031-07-10T10:00").await;
    let event = event_tomorrow(&app, true).await;
    register_teams(&app, event, 1).await;
    let reminders = || -> i64 { query(&app, "SELECT reminders_sent FROM event_registrations") };
    assert_eq!(reminders(), 0);

    // The server started on the 15th: its scheduler's first pass, at start, reminds.
    let later = app.beside(moved_to(AHEAD)).await;
    centre_server::scheduler::spawn(later.state.clone());
    wait_for("the reminder", std::time::Duration::from_secs(20), || reminders() == 1);
}

// wait_for blocks its thread: the mailer runs on another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_mails_are_written_and_dated_by_the_server_s_clock() {
    let app = admin_app(AHEAD).await;
    let event = event_tomorrow(&app, true).await;
    register_teams(&app, event, 1).await;
    let created: String = query(&app, "SELECT created_at FROM outbox_emails");
    assert_eq!(day_of(&created), "2031-07-15");
    // The mailer (no SMTP server here) writes the message to its folder, with its Date header.
    let dir = app.state.settings.mail_dir.clone();
    let sent = || std::fs::read_dir(&dir).map(|d| d.flatten().count()).unwrap_or(0) > 0;
    wait_for("the e-mail's file", std::time::Duration::from_secs(20), sent);
    let file = std::fs::read_dir(&dir).unwrap().flatten().next().unwrap().path();
    let message = std::fs::read_to_string(file).unwrap();
    let date = message.lines().find_map(|l| l.strip_prefix("Date: ")).expect("a Date header");
    let date: DateTime<Utc> = DateTime::parse_from_rfc2822(date).unwrap().into();
    assert_eq!(date.format("%Y-%m-%d").to_string(), "2031-07-15", "{message}");
}
