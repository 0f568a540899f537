//! A database that cannot grow (a full disk, a read-only file, or the `--max-db-pages` cap that
//! stands for them here, since the tests run as root and permissions do not stop root): writes
//! are refused with a clear 503 in French and English, reads keep working, nothing half-written
//! stays behind and the file stays sound.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::TestApp;
use serde_json::{Value, json};

fn event(title: &str) -> Value {
    json!({
        "title": title, "titleEn": "", "description": "Une description assez longue pour remplir des pages. ".repeat(40),
        "descriptionEn": "", "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z",
        "endDate": null, "price": 10, "maxParticipants": null, "requiresPayment": false,
    })
}

#[tokio::test]
async fn a_full_database_refuses_writes_clearly_and_keeps_serving_reads() {
    // The cap: the fresh database's size plus a little room.
    let probe = TestApp::spawn().await;
    let conn = rusqlite::Connection::open(&probe.db_path).unwrap();
    let pages: u32 = conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    let app = TestApp::spawn_with(|s| s.max_db_pages = Some(pages + 8)).await;
    let id = app.sign_in_as("admin@example.org").await;
    app.grant(&id, "admin");

    let mut created = 0;
    let refused = loop {
        let response =
            app.client.post(app.at("/api/events")).json(&event(&format!("Événement {created}"))).send().await.unwrap();
        match response.status().as_u16() {
            201 => created += 1,
            503 => break response.json::<Value>().await.unwrap(),
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
        assert!(created < 500, "the cap never bit");
    };
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
