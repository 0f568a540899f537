//! `/metrics` scraped from the real binary on its own address: requests by route and
//! status with their latency, the mail outbox (an SMTP server that refuses keeps a message
//! waiting), the phones' score entries and open conflicts of the demo, sessions, busy retries
//! and memory. The public address does not serve it, and the request log names the member by
//! id, never by e-mail address.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const ADMIN: &str = "metrics-admin@example.org";

struct Server {
    child: Child,
    url: String,
    metrics: String,
    log: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let (addr, metrics_addr) = (common::free_addr(), common::free_addr());
    // Nothing listens there: every e-mail stays pending, retried later.
    let smtp = format!("smtp://{}", common::free_addr());
    let log = dir.path().join("centre.log");
    let child = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", &addr, "--dev-login", "--demo", "--admin-emails", ADMIN])
        .args(["--metrics-addr", &metrics_addr, "--smtp-url", &smtp])
        .arg("--db")
        .arg(dir.path().join("centre.db"))
        .env("RUST_LOG", "info")
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_until_listening(&addr);
    common::wait_until_listening(&metrics_addr);
    Server { child, url: format!("http://{addr}"), metrics: format!("http://{metrics_addr}/metrics"), log, _dir: dir }
}

/// The value of the sample named exactly `series` (name and labels).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok())
}

async fn scrape(server: &Server) -> String {
    let scrape = reqwest::get(&server.metrics).await.unwrap();
    assert_eq!(scrape.status(), 200);
    assert!(scrape.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = scrape.text().await.unwrap();
    assert!(text.ends_with("# EOF\n"), "a whole exposition: {text}");
    text
}

/// A sample's value, 0 when the series is not there yet (a counter not yet incremented).
fn value(text: &str, series: &str) -> f64 {
    sample(text, series).unwrap_or(0.0)
}

/// One figure counted by the test's own query on the file (not the server's code).
fn count(db: &std::path::Path, sql: &str) -> f64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as f64
}

#[tokio::test]
async fn a_scrape_shows_requests_latency_outbox_sync_sessions_and_memory() {
    let server = start();
    let url = &server.url;
    let db = server._dir.path().join("centre.db");
    let admin = common::same_origin_client(url);
    common::sign_in(&admin, url, ADMIN).await;
    let events_ok = r#"centre_http_requests_total{route="/api/events",method="GET",status="200"}"#;
    let missing = r#"centre_http_requests_total{route="/api/events/{id}",method="GET",status="404"}"#;
    let registered = r#"centre_http_requests_total{route="/api/events/{id}/register",method="POST",status="201"}"#;
    let latency_count = r#"centre_http_request_duration_seconds_count{route="/api/events",method="GET"}"#;
    let all = r#"centre_http_request_duration_seconds_bucket{le="+Inf",route="/api/events",method="GET"}"#;
    let before = scrape(&server).await;

    // Known traffic: 3 reads of the list, 2 of an event that does not exist, 1 registration.
    for _ in 0..3 {
        assert_eq!(admin.get(format!("{url}/api/events")).send().await.unwrap().status(), 200);
    }
    for _ in 0..2 {
        assert_eq!(admin.get(format!("{url}/api/events/999999")).send().await.unwrap().status(), 404);
    }
    let event = json!({"title": "Mesures", "titleEn": "", "description": "Soirée.", "descriptionEn": "",
        "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null,
        "price": 10, "maxParticipants": null, "requiresPayment": false});
    let created: Value =
        admin.post(format!("{url}/api/events")).json(&event).send().await.unwrap().json().await.unwrap();
    let event_id = &created["id"];
    let team = json!({"eventId": event_id, "teamName": "Les Mesures", "captainFirstName": "Cap",
        "captainLastName": "Taine", "captainEmail": ADMIN, "member2FirstName": "Alex",
        "member2LastName": "Roy", "member2Email": "alex.metrics@example.org"});
    let answer = admin.post(format!("{url}/api/events/{event_id}/register")).json(&team).send().await.unwrap();
    assert_eq!(answer.status(), 201, "{}", answer.text().await.unwrap());
    // Two more members signed in: three sessions in all.
    for email in ["m1.metrics@example.org", "m2.metrics@example.org"] {
        common::sign_in(&common::same_origin_client(url), url, email).await;
    }

    let text = scrape(&server).await;
    let grew = |series: &str| value(&text, series) - value(&before, series);
    assert_eq!(grew(events_ok), 3.0, "{text}");
    assert_eq!(grew(missing), 2.0, "the route's pattern, not the path: {text}");
    assert_eq!(grew(registered), 1.0, "{text}");
    assert_eq!(grew(latency_count), 3.0, "{text}");
    assert_eq!(grew(all), 3.0, "{text}");
    let fastest = r#"centre_http_request_duration_seconds_bucket{le="0.0005",route="/api/events",method="GET"}"#;
    assert!(value(&text, fastest) <= value(&text, all), "buckets are cumulative: {text}");

    // The gauges equal what the file holds, counted by the test's own queries.
    let pending = count(&db, "SELECT count(*) FROM outbox_emails WHERE status = 'pending'");
    assert_eq!(sample(&text, "centre_mail_outbox_pending"), Some(pending), "{text}");
    let oldest = {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let first: Option<String> = conn
            .query_row("SELECT min(created_at) FROM outbox_emails WHERE status = 'pending'", [], |r| r.get(0))
            .unwrap();
        first.map_or(0.0, |t| {
            (chrono::Utc::now() - t.parse::<chrono::DateTime<chrono::Utc>>().unwrap()).num_seconds() as f64
        })
    };
    let shown = sample(&text, "centre_mail_outbox_oldest_pending_seconds").unwrap();
    assert!((shown - oldest).abs() <= 5.0, "oldest pending: {shown} shown, {oldest} in the file");
    // The demo: phone entries applied, one conflict waiting for an admin.
    let applied = count(&db, "SELECT count(*) FROM score_entries WHERE outcome = 'applied'");
    assert!(applied >= 1.0, "the demo has applied entries");
    assert_eq!(sample(&text, r#"centre_sync_score_entries{outcome="applied"}"#), Some(applied), "{text}");
    assert_eq!(sample(&text, r#"centre_sync_score_entries{outcome="conflict"}"#), Some(1.0));
    assert_eq!(sample(&text, r#"centre_sync_score_entries{outcome="rejected"}"#), Some(0.0));
    assert_eq!(sample(&text, "centre_sync_open_conflicts"), Some(1.0));
    assert_eq!(sample(&text, "centre_sessions"), Some(3.0), "{text}");
    let busy = sample(&text, "centre_sqlite_busy_retries_total").unwrap();
    assert!(busy >= value(&before, "centre_sqlite_busy_retries_total") && busy.fract() == 0.0, "{text}");
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    let rss_kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .unwrap()
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap();
    let memory = sample(&text, "centre_process_resident_memory_bytes").unwrap();
    let ratio = memory / (rss_kib * 1024.0);
    assert!((0.5..2.0).contains(&ratio), "resident memory {memory} shown, {rss_kib} KiB in /proc");

    // The public address has no /metrics: it answers the site, not the figures.
    let public = admin.get(format!("{url}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(!public.contains("centre_http_requests_total"));

    // The request log names the member by id on signed-in requests, and no e-mail address.
    let me: Value = admin.get(format!("{url}/api/auth/user")).send().await.unwrap().json().await.unwrap();
    let id = me["id"].as_str().unwrap().to_owned();
    let log = std::fs::read_to_string(&server.log).unwrap();
    let signed_in = log.lines().filter(|l| l.contains("path=/api/events ") && l.contains(&format!("member_id={id}")));
    assert_eq!(signed_in.count(), 4, "the three GETs and the POST: {log}");
    assert!(!log.contains(ADMIN) && !log.contains("alex.metrics@example.org"), "no e-mail in the log: {log}");
}

#[test]
fn a_bad_metrics_address_is_refused_at_start() {
    let output = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", "127.0.0.1:0", "--metrics-addr", "not an address", "--db", "/nonexistent/x.db"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("invalid --metrics-addr 'not an address'"), "{stderr}");
}
