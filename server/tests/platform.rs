#![allow(clippy::unwrap_used)]

use crate::common;

use common::TestApp;
use serde_json::Value;

#[tokio::test]
async fn health_answers_after_a_real_query() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[tokio::test]
async fn unknown_api_paths_answer_404_json_in_the_request_language() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/does-not-exist/42").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");
    assert_eq!(body["message"], "Ressource introuvable.");

    let english = app.client.get(app.at("/api/nope")).header("accept-language", "en-CA,en;q=0.9").send().await.unwrap();
    let body: Value = english.json().await.unwrap();
    assert_eq!(body["message"], "Not found.");
}

#[tokio::test]
async fn client_routes_fall_back_to_the_app_shell_and_assets_are_cached() {
    let app = TestApp::spawn().await;
    let response = app.get("/events").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    let html = response.text().await.unwrap();
    assert!(html.contains("<div id=\"root\">"), "the SPA shell is served for client routes");
    let asset = html
        .split("src=\"/assets/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("index.html names a hashed script");
    let response = app.get(&format!("/assets/{asset}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    let missing = app.get("/assets/gone-1234.js").await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn the_entry_pages_and_the_service_worker_are_revalidated_every_time() {
    // A new version must reach phones at once: only hashed assets are cached for long.
    let app = TestApp::spawn().await;
    for path in ["/", "/sw.js", "/manifest.webmanifest"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
    }
}

#[tokio::test]
async fn a_body_over_256_kib_is_refused_with_413_in_the_error_shape() {
    let app = TestApp::spawn().await;
    let big = serde_json::json!({ "email": "a@example.org", "firstName": "x".repeat(300 * 1024) });
    let response = app.client.post(app.at("/api/dev-login")).json(&big).send().await.unwrap();
    assert_eq!(response.status(), 413);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "payload_too_large", "{body}");
    assert_eq!(body["message"], "La requête est trop volumineuse.");
    // The server is unharmed: the next request is answered.
    assert_eq!(app.get("/api/health").await.status(), 200);
}

#[tokio::test]
async fn every_response_carries_its_own_request_id() {
    let app = TestApp::spawn().await;
    let first = app.get("/api/health").await.headers()["x-request-id"].to_str().unwrap().to_owned();
    let second = app.get("/api/health").await.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(first.len(), 16);
    assert_ne!(first, second);
}

#[tokio::test]
async fn text_is_compressed_when_the_client_accepts_it() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::new();
    let response = client.get(app.at("/")).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
}

#[tokio::test]
async fn every_response_has_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/", "/api/health", "/api/missing"] {
        let response = app.get(path).await;
        let csp = response.headers()["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert!(response.headers().contains_key("referrer-policy"));
    }
}

#[tokio::test]
async fn reference_data_exists_in_every_new_database() {
    let app = TestApp::spawn().await;
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let courts: i64 = conn.query_row("SELECT count(*) FROM courts", [], |r| r.get(0)).unwrap();
    let programs: i64 = conn.query_row("SELECT count(*) FROM day_camp_programs", [], |r| r.get(0)).unwrap();
    let weeks: i64 = conn.query_row("SELECT count(*) FROM day_camp_weeks", [], |r| r.get(0)).unwrap();
    let events: i64 = conn.query_row("SELECT count(*) FROM events", [], |r| r.get(0)).unwrap();
    assert_eq!((courts, programs, weeks, events), (2, 3, 6, 0), "no demo events without --demo");
}

#[tokio::test]
async fn demo_data_is_seeded_once_into_an_empty_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    for _ in 0..2 {
        let mut settings = centre_server::settings::Settings::for_tests(db.clone());
        settings.demo = true;
        tokio::task::spawn_blocking(move || centre_server::prepare(settings).map(|_| ())).await.unwrap().unwrap();
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let categories: i64 = conn.query_row("SELECT count(DISTINCT category_id) FROM events", [], |r| r.get(0)).unwrap();
    let events: i64 = conn.query_row("SELECT count(*) FROM events", [], |r| r.get(0)).unwrap();
    assert_eq!(categories, 4, "an upcoming event of each category");
    assert_eq!(events, 6, "a second start does not seed again");
    // The tournament shows every part of scoring: scores, a phone's, and an open conflict
    // (what else the demo holds: tests/demo.rs).
    let outcomes: Vec<(String, Option<String>)> = conn
        .prepare("SELECT outcome, resolution FROM score_entries ORDER BY device_id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(outcomes, [("applied".to_owned(), None), ("conflict".to_owned(), None)]);
    // The conflict's two sides come from two phones, each by its name.
    let phones: Vec<String> = conn
        .prepare(
            "SELECT d.name FROM score_entries e JOIN sync_devices d ON d.device_id = e.device_id ORDER BY e.device_id",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(phones, ["Téléphone du terrain 1", "Cellulaire de Rosalie"]);
    let scored: i64 =
        conn.query_row("SELECT count(*) FROM matches WHERE status = 'completed'", [], |r| r.get(0)).unwrap();
    assert!(scored >= 1, "{scored} matches scored");

    // Every event deleted: the next start seeds the events again, beside the member, the camps
    // and the bookings that stayed.
    conn.execute("DELETE FROM events", []).unwrap();
    let (bookings, camps): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM court_bookings), (SELECT count(*) FROM day_camp_registrations)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    drop(conn);
    let mut settings = centre_server::settings::Settings::for_tests(db.clone());
    settings.demo = true;
    tokio::task::spawn_blocking(move || centre_server::prepare(settings).map(|_| ())).await.unwrap().unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(count("SELECT count(*) FROM events"), 6);
    assert_eq!(count("SELECT count(*) FROM events WHERE featured = 1"), 1);
    // The demo's member, its counsellor, the former member whose deletion request waits, the 3
    // parents of its waiting list and the 5 other captains of the day's tournament, once each.
    assert_eq!(count("SELECT count(*) FROM users"), 11, "the demo's people, once");
    assert_eq!(count("SELECT count(*) FROM court_bookings"), bookings);
    assert_eq!(count("SELECT count(*) FROM day_camp_registrations"), camps);
}

/// The run's clock is every app's: a test computes what it expects on the clock its app runs on
/// (make test runs the suites that touch dates again under two fixed clocks, `CENTRE_TEST_NOW`).
#[tokio::test]
async fn every_app_runs_on_the_run_s_clock() {
    let app = TestApp::spawn().await;
    let gap = (app.state.now() - crate::common::now()).num_seconds().abs();
    assert!(gap <= 5, "the app and the test are {gap} s apart");
    if let Ok(text) = std::env::var("CENTRE_TEST_NOW") {
        let local = app.state.now().with_timezone(&app.state.settings.timezone).format("%Y-%m-%dT%H");
        assert_eq!(local.to_string(), text[..13], "the app starts at CENTRE_TEST_NOW");
    }
}
