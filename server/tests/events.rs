//! The public events API: only active events starting today or later (centre time zone),
//! soonest first, in the EventDto's camelCase shape; one event or a JSON 404.
#![allow(clippy::unwrap_used)]

use crate::common;

use chrono::{Duration, Utc};
use common::TestApp;
use rusqlite::params;
use serde_json::{Value, json};

fn utc(t: chrono::DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Inserts an event straight into the database; returns its id.
fn insert_event(app: &TestApp, title: &str, start: chrono::DateTime<Utc>, active: bool) -> i64 {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    conn.execute(
        "INSERT INTO events (title, title_en, description, description_en, category_id, location, start_date, end_date,
                             price_cents, max_participants, current_participants, is_active, created_at)
         VALUES (?1, ?2, 'Description', NULL, 'volleyball', 'La Pêche', ?3, ?4, 2550, 48, 4, ?5, ?6)",
        params![
            title,
            format!("{title} (en)"),
            utc(start),
            utc(start + Duration::hours(3)),
            active,
            utc(crate::common::now())
        ],
    )
    .unwrap();
    conn.last_insert_rowid()
}

#[tokio::test]
async fn the_listing_hides_inactive_and_past_events_and_puts_the_soonest_first() {
    let app = TestApp::spawn().await;
    let now = crate::common::now();
    insert_event(&app, "Dans trois semaines", now + Duration::days(21), true);
    insert_event(&app, "Inactif", now + Duration::days(5), false);
    insert_event(&app, "Hier", now - Duration::days(1) - Duration::hours(1), true);
    let soon = insert_event(&app, "Dans deux jours", now + Duration::days(2), true);

    let response = app.get("/api/events").await;
    assert_eq!(response.status(), 200);
    let body: Vec<Value> = response.json().await.unwrap();
    let titles: Vec<&str> = body.iter().map(|e| e["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Dans deux jours", "Dans trois semaines"]);

    let first = &body[0];
    assert_eq!(first["id"], soon);
    assert_eq!(first["titleEn"], "Dans deux jours (en)");
    assert_eq!(first["descriptionEn"], Value::Null);
    assert_eq!(first["categoryId"], "volleyball");
    assert_eq!(first["price"], 25.5, "price is in dollars");
    assert_eq!(first["maxParticipants"], 48);
    assert_eq!(first["currentParticipants"], 4);
    assert_eq!(first["isActive"], true);
    assert_eq!(first["requiresPayment"], false);
    for field in ["location", "startDate", "endDate", "createdAt", "description"] {
        assert!(first[field].is_string(), "{field} is present");
    }
}

#[tokio::test]
async fn an_event_earlier_today_is_still_listed() {
    let app = TestApp::spawn().await;
    let tz = chrono_tz::America::Toronto;
    // One minute after the centre's midnight: listed all day long, even once it has started.
    let today = crate::common::now().with_timezone(&tz).date_naive();
    let midnight = today.and_hms_opt(0, 1, 0).unwrap().and_local_timezone(tz).earliest().unwrap();
    insert_event(&app, "Ce matin", midnight.with_timezone(&Utc), true);
    let body: Vec<Value> = app.get("/api/events").await.json().await.unwrap();
    assert_eq!(body.len(), 1);
    assert_eq!(body[0]["title"], "Ce matin");
}

#[tokio::test]
async fn one_event_or_a_json_404_when_missing_or_inactive() {
    let app = TestApp::spawn().await;
    let now = crate::common::now();
    let active = insert_event(&app, "Actif", now + Duration::days(3), true);
    let inactive = insert_event(&app, "Caché", now + Duration::days(3), false);

    let response = app.get(&format!("/api/events/{active}")).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["title"], "Actif");

    for path in [format!("/api/events/{inactive}"), "/api/events/999999".to_owned(), "/api/events/abc".to_owned()] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "not_found");
        assert_eq!(body["message"], "Ressource introuvable.");
    }
}

/// The featured flag of every event, by title, as the console's list gives it.
async fn featured(app: &TestApp) -> Vec<(String, bool)> {
    let list: Vec<Value> = app.get("/api/admin/events").await.json().await.unwrap();
    let mut out: Vec<(String, bool)> =
        list.iter().map(|e| (e["title"].as_str().unwrap().to_owned(), e["featured"].as_bool().unwrap())).collect();
    out.sort();
    out
}

#[tokio::test]
async fn one_event_at_most_is_featured_and_marking_one_unmarks_the_other() {
    let app = TestApp::with_admin().await;
    let create = |body: Value| {
        let request = app.client.post(app.at("/api/events")).json(&body);
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    // Not said: not featured.
    let plain = create(common::event_body("Formation", None)).await;
    assert_eq!(plain["featured"], false);
    let mut body = common::event_body("Tournoi 4x4", Some(48));
    body["featured"] = json!(true);
    let tournament = create(body).await;
    assert_eq!(tournament["featured"], true);
    let listed: Vec<Value> = app.get("/api/events").await.json().await.unwrap();
    assert_eq!(listed.iter().filter(|e| e["featured"] == true).count(), 1, "the public list says which");

    // The edit dialog marks the other one: the first is unmarked in the same write.
    let mut edit = common::event_body("Formation", None);
    edit["featured"] = json!(true);
    let response = app.client.put(app.at(&format!("/api/events/{}", plain["id"]))).json(&edit).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        featured(&app).await,
        [("Formation".to_owned(), true), ("Tournoi 4x4".to_owned(), false)],
        "marking one unmarks the other"
    );

    // An edit that does not say keeps it; one that says false unmarks it.
    let response = app
        .client
        .put(app.at(&format!("/api/events/{}", plain["id"])))
        .json(&common::event_body("Formation", Some(30)))
        .send()
        .await
        .unwrap();
    assert_eq!(response.json::<Value>().await.unwrap()["featured"], true);
    edit["featured"] = json!(false);
    app.client.put(app.at(&format!("/api/events/{}", plain["id"]))).json(&edit).send().await.unwrap();
    assert_eq!(featured(&app).await, [("Formation".to_owned(), false), ("Tournoi 4x4".to_owned(), false)]);

    // A member cannot feature anything.
    let member = app.user("membre.vedette@example.org", None).await;
    let mut sneaky = common::event_body("Formation", None);
    sneaky["featured"] = json!(true);
    let response =
        member.client.put(app.at(&format!("/api/events/{}", plain["id"]))).json(&sneaky).send().await.unwrap();
    assert_eq!(response.status(), 403);
}

#[tokio::test]
async fn the_database_refuses_a_second_featured_event() {
    let app = TestApp::spawn().await;
    let now = crate::common::now();
    let first = insert_event(&app, "Premier", now + Duration::days(3), true);
    let second = insert_event(&app, "Second", now + Duration::days(4), true);
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.execute("UPDATE events SET featured = 1 WHERE id = ?1", [first]).unwrap();
    let refused = conn.execute("UPDATE events SET featured = 1 WHERE id = ?1", [second]);
    assert!(refused.is_err(), "the partial unique index keeps one featured event at most");
    assert!(conn.execute("UPDATE events SET featured = 2 WHERE id = ?1", [second]).is_err(), "0 or 1 only");
}
