//! A database that cannot grow (a full disk, or the `--max-db-pages` cap that stands for it
//! here) or cannot be written (a read-only file: the tests run as root, whom permissions do not
//! stop, so the file is made immutable): writes are refused with a clear 503 in French and
//! English, reads keep working, nothing half-written stays behind and the file stays sound;
//! `GET /api/health` says so and why, and says when writes can pass again.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::TestApp;
use serde_json::{Value, json};

/// The health answer of a server whose database takes no writes, for `reason`.
fn degraded(reason: &str) -> Value {
    json!({ "status": "degraded", "version": env!("CARGO_PKG_VERSION"), "database": "read_only", "reason": reason })
}

/// The health answer of a healthy server, as monitors know it.
fn healthy() -> Value {
    json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION"), "database": "ok" })
}

async fn health(app: &TestApp) -> (u16, Value) {
    let response = app.get("/api/health").await;
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Creates events until the server refuses one; answers how many it created and the refusal.
async fn fill(app: &TestApp) -> (usize, Value) {
    let mut created = 0;
    loop {
        let response =
            app.client.post(app.at("/api/events")).json(&event(&format!("Événement {created}"))).send().await.unwrap();
        match response.status().as_u16() {
            201 => created += 1,
            503 => return (created, response.json::<Value>().await.unwrap()),
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
        assert!(created < 500, "the cap never bit");
    }
}

/// A server whose page cap leaves room for a few events past the fresh database, signed in as
/// an admin; and its cap.
async fn capped_app() -> (TestApp, u32) {
    let probe = TestApp::spawn().await;
    let conn = rusqlite::Connection::open(&probe.db_path).unwrap();
    let pages: u32 = conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    let cap = pages + 8;
    let app = TestApp::spawn_with(|s| {
        s.max_db_pages = Some(cap);
        // Filling it takes more writes than a member may make in a minute.
        s.write_limit = 0;
    })
    .await;
    let id = app.sign_in_as("admin@example.org").await;
    app.grant(&id, "admin");
    (app, cap)
}

/// The pages the database can still take under `cap` (free pages inside the file included).
fn room_pages(app: &TestApp, cap: u32) -> i64 {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.pragma_update(None, "max_page_count", cap).unwrap();
    conn.query_row(
        "SELECT max_page_count - page_count + freelist_count FROM pragma_max_page_count(), pragma_page_count(), pragma_freelist_count()",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

/// About 1 kB: a few to a page.
fn small_event(title: &str) -> Value {
    json!({
        "title": title, "titleEn": "", "description": "Moyenne. ".repeat(100), "descriptionEn": "", "categoryId": "volleyball",
        "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null, "price": 10,
        "maxParticipants": null, "requiresPayment": false,
    })
}

fn event(title: &str) -> Value {
    json!({
        "title": title, "titleEn": "", "description": "Une description assez longue pour remplir des pages. ".repeat(40),
        "descriptionEn": "", "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z",
        "endDate": null, "price": 10, "maxParticipants": null, "requiresPayment": false,
    })
}

#[tokio::test]
async fn a_full_database_refuses_writes_clearly_and_keeps_serving_reads() {
    let (app, _) = capped_app().await;
    let (created, refused) = fill(&app).await;
    assert!(created > 0, "room for a few writes first");
    assert_eq!(refused["code"], "storage_unavailable");
    assert!(refused["message"].as_str().unwrap().starts_with("Le serveur ne peut rien enregistrer"), "{refused}");
    let english =
        app.client.post(app.at("/api/events")).header("X-Lang", "en").json(&event("Encore")).send().await.unwrap();
    assert_eq!(english.status(), 503);
    let english: Value = english.json().await.unwrap();
    assert!(english["message"].as_str().unwrap().starts_with("The server cannot save anything"), "{english}");

    // Reads go on, with exactly the events whose creation was acknowledged.
    let listed = app.get("/api/events").await;
    assert_eq!(listed.status(), 200);
    let titles: Vec<String> = listed
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .iter()
        .map(|e| e["title"].as_str().unwrap().to_owned())
        .filter(|t| t.starts_with("Événement"))
        .collect();
    assert_eq!(titles.len(), created, "{titles:?}");
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
}

#[tokio::test]
async fn health_says_when_the_database_takes_no_writes_and_when_it_does_again() {
    let (app, _) = capped_app().await;
    assert_eq!(health(&app).await, (200, healthy()), "room left under the cap");

    let (created, _) = fill(&app).await;
    assert_eq!(health(&app).await, (503, degraded("page_cap")));
    // Checks arriving together share one look, and each still tells the truth.
    let together = futures_util::future::join_all((0..8).map(|_| health(&app))).await;
    assert!(together.iter().all(|answer| *answer == (503, degraded("page_cap"))), "{together:?}");
    assert_eq!(app.get("/api/events").await.status(), 200, "reads go on");

    // Room comes back from outside the server, as when the operator frees disk space: no write
    // of the server's passed in between, yet health sees it.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    let deleted = conn.execute("DELETE FROM events WHERE title LIKE 'Événement%'", []).unwrap();
    assert_eq!(deleted, created);
    assert_eq!(health(&app).await, (200, healthy()));
    let again = app.client.post(app.at("/api/events")).json(&event("De retour")).send().await.unwrap();
    assert_eq!(again.status(), 201, "writes pass again");
    assert_eq!(health(&app).await, (200, healthy()));
}

#[tokio::test]
async fn deleting_data_through_the_site_lets_writes_pass_again() {
    let (app, _) = capped_app().await;
    fill(&app).await;
    assert_eq!(health(&app).await, (503, degraded("page_cap")));
    // A delete needs no new page: it passes at the cap, and frees pages for the next writes.
    let events: Vec<Value> = app.get("/api/admin/events").await.json().await.unwrap();
    let first = events.iter().find(|e| e["title"] == "Événement 0").unwrap();
    assert_eq!(app.delete(&format!("/api/events/{}", first["id"])).await.status(), 204);
    assert_eq!(health(&app).await, (200, healthy()));
    let again = app.client.post(app.at("/api/events")).json(&event("De retour")).send().await.unwrap();
    assert_eq!(again.status(), 201);
}

#[tokio::test]
async fn a_write_refused_for_lack_of_room_is_reported_until_a_write_passes() {
    let (app, cap) = capped_app().await;
    // Small events until a few pages are left: room enough for small writes, not for a big one.
    let mut created = 0;
    while room_pages(&app, cap) > 3 {
        let response = app.client.post(app.at("/api/events")).json(&small_event(&format!("Petit {created}"))).send();
        assert_eq!(response.await.unwrap().status(), 201);
        created += 1;
        assert!(created < 500, "the room never shrank");
    }
    assert!(room_pages(&app, cap) > 0, "some room is left: only the refused write can tell");
    assert_eq!(health(&app).await, (200, healthy()));

    // About 20 kB of text: more pages than are left.
    let mut big = event("Grand");
    big["description"] = json!("é".repeat(5000));
    big["descriptionEn"] = json!("è".repeat(5000));
    let refused = app.client.post(app.at("/api/events")).json(&big).send().await.unwrap();
    assert_eq!(refused.status(), 503);
    assert_eq!(health(&app).await, (503, degraded("page_cap")));
    assert_eq!(health(&app).await, (503, degraded("page_cap")), "it is remembered, not seen once");

    // An edit in place needs no new page: it passes, and writes are known to pass again.
    let events: Vec<Value> = app.get("/api/admin/events").await.json().await.unwrap();
    let first = events.iter().find(|e| e["title"] == "Petit 0").unwrap();
    let edited =
        app.client.put(app.at(&format!("/api/events/{}", first["id"]))).json(&small_event("Petit 0")).send().await;
    assert_eq!(edited.unwrap().status(), 200);
    assert_eq!(health(&app).await, (200, healthy()));
}

/// Makes `path` read-only for this process, root included: its permissions first, then the
/// immutable attribute (which root cannot ignore) when permissions did not stop us. Undone on
/// drop, so that the folder can be removed.
struct ReadOnlyFile(PathBuf);

fn can_write(path: &Path) -> bool {
    std::fs::OpenOptions::new().append(true).open(path).is_ok()
}

impl ReadOnlyFile {
    fn make(path: &Path) -> ReadOnlyFile {
        let guard = ReadOnlyFile(path.to_owned());
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
        if can_write(path) {
            let chattr = std::process::Command::new("chattr").arg("+i").arg(path).status();
            assert!(
                chattr.as_ref().is_ok_and(|s| s.success()) && !can_write(path),
                "cannot make {} read-only here: permissions do not stop this user and `chattr +i` failed ({chattr:?})",
                path.display()
            );
        }
        guard
    }
}

impl Drop for ReadOnlyFile {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr").arg("-i").arg(&self.0).status();
        let _ = std::fs::set_permissions(&self.0, std::fs::Permissions::from_mode(0o644));
    }
}

#[tokio::test]
async fn a_read_only_database_file_starts_serves_reads_and_health_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        // Every connection closed before the file turns read-only: SQLite reuses, within one
        // process, a descriptor a closed connection opened read-write.
        let db = centre_server::db::Db::open(&path).unwrap();
        let mut conn = db.connect().unwrap();
        centre_server::db::seed::reference_data(&mut conn, chrono::Utc::now().date_naive()).unwrap();
    }
    let _read_only = ReadOnlyFile::make(&path);

    let app = TestApp::spawn_with(|s| s.db = path.clone()).await;
    assert_eq!(health(&app).await, (503, degraded("not_writable")));
    let courts = app.get("/api/courts").await;
    assert_eq!(courts.status(), 200);
    assert_eq!(courts.json::<Vec<Value>>().await.unwrap().len(), 2, "the reference data is read");
    assert_eq!(app.get("/api/events").await.status(), 200);
    // Signing in writes the account: refused like every write.
    let refused = app
        .client
        .post(app.at("/api/dev-login"))
        .json(&json!({ "email": "a@example.org", "firstName": "A", "lastName": "B" }))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 503);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "storage_unavailable");
    assert_eq!(health(&app).await, (503, degraded("not_writable")));
}
