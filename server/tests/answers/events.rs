//! The events: the public list and one event, the console's list and an event's registrations,
//! and a member's own registrations (the two lists and the page that says what to pay).

use serde_json::{Value, json};

use super::{answer, assert_answer};
use crate::common::{self, TestApp, snap};
use crate::payments::support::{register_team, spawn};

/// Creates an event at fixed dates as the admin; answers its id.
async fn create(app: &TestApp, (title, title_en): (&str, &str), price: i64, start: &str, end: Option<&str>) -> i64 {
    let mut body = common::event_body(title, if price > 0 { Some(48) } else { None });
    body["titleEn"] = json!(title_en);
    body["descriptionEn"] = json!("Friendly tournament, teams of 4.");
    body["startDate"] = json!(start);
    body["endDate"] = json!(end);
    body["price"] = json!(price);
    let response = app.client.post(app.at("/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_events_and_a_members_registrations() {
    let app = spawn().await;
    let names = ("Tournoi 4x4", "4x4 tournament");
    let tournoi = create(&app, names, 25, "2030-06-01T13:00:00Z", Some("2030-06-01T21:00:00Z")).await;
    let names = ("Soirée de volleyball libre", "Open volleyball night");
    let soiree = create(&app, names, 0, "2030-06-05T22:00:00Z", None).await;
    let marie = app.user("marie@example.org", None).await;
    let john = app.user("john@example.org", None).await;
    let team = register_team(&app, &marie, tournoi, 3, "fr").await;
    register_team(&app, &john, tournoi, 2, "en").await;
    register_team(&app, &marie, soiree, 2, "fr").await;

    let settings = snap::answer_settings();
    let visitor = app.new_client();
    assert_answer(&settings, "events_list", &answer(&app, &visitor, "/api/events").await);
    assert_answer(&settings, "event", &answer(&app, &visitor, &format!("/api/events/{tournoi}")).await);
    assert_answer(&settings, "admin_events", &answer(&app, &app.client, "/api/admin/events").await);
    let registrations = answer(&app, &app.client, &format!("/api/admin/events/{tournoi}/registrations")).await;
    assert_answer(&settings, "admin_event_registrations", &registrations);
    let mine = answer(&app, &marie.client, "/api/user/event-registrations").await;
    assert_answer(&settings, "user_event_registrations", &mine);
    assert_answer(&settings, "user_registrations", &answer(&app, &marie.client, "/api/user/registrations").await);
    let checkout = format!("/api/user/event-registrations/{}", team["id"]);
    assert_answer(&settings, "event_checkout", &answer(&app, &marie.client, &checkout).await);
}
