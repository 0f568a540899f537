//! Shared steps: an app whose admin is signed in, events with a price and a maximum, teams and
//! camp children registered in French or English, the payment calls, the scheduled work at a
//! moment the test chooses, and what the database and the outbox hold.

use chrono::{DateTime, Duration, Months, NaiveDate, Utc};
use serde_json::{Value, json};

use crate::common::{TestApp, User, team};

/// The Interac address the tests configure, so an e-mail naming it is no accident.
pub const INTERAC: &str = "paiements@centre-test.ca";

/// An app with `configure` applied, the Interac address set and `app.client` signed in as an
/// admin (admin@example.org).
pub async fn spawn_with(configure: impl FnOnce(&mut centre_server::settings::Settings)) -> TestApp {
    let app = TestApp::spawn_with(|s| {
        s.interac_email = INTERAC.to_owned();
        configure(s);
    })
    .await;
    let id = app.sign_in_as("admin@example.org").await;
    app.grant(&id, "admin");
    app
}

pub async fn spawn() -> TestApp {
    spawn_with(|_| {}).await
}

pub fn text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `days` (and a minute, so a delay of exactly that many days has passed) from now.
pub fn after_days(days: i64) -> DateTime<Utc> {
    crate::common::now() + Duration::days(days) + Duration::minutes(1)
}

/// The scheduled work as of `at`, as the server's own task runs it.
pub async fn run(app: &TestApp, at: DateTime<Utc>) -> centre_server::db::payments::due::Report {
    centre_server::scheduler::run_once(&app.state, at).await.unwrap()
}

/// Creates an active event in 30 days as the admin; answers its id.
pub async fn create_event(app: &TestApp, title: &str, price: i64, max: Option<i64>) -> i64 {
    let body = json!({
        "title": title,
        "titleEn": format!("{title} (EN)"),
        "description": "Tournoi amical en équipes.",
        "descriptionEn": "",
        "categoryId": "volleyball",
        "location": "20, chemin du Lac-Mulvihill, La Pêche",
        "startDate": text(crate::common::now() + Duration::days(30)),
        "endDate": null,
        "price": price,
        "maxParticipants": max,
        "requiresPayment": price > 0,
    });
    let response = app.client.post(app.at("/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// `POST /api/events/{id}/register` as `user`, the page in `lang`.
pub async fn post_team(app: &TestApp, user: &User, event_id: i64, people: usize, lang: &str) -> reqwest::Response {
    user.client
        .post(app.at(&format!("/api/events/{event_id}/register")))
        .header("X-Lang", lang)
        .json(&team(people, &format!("Équipe de {}", user.email)))
        .send()
        .await
        .unwrap()
}

/// Registers a team, expecting 201; answers the registration.
pub async fn register_team(app: &TestApp, user: &User, event_id: i64, people: usize, lang: &str) -> Value {
    let response = post_team(app, user, event_id, people, lang).await;
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json().await.unwrap()
}

/// The explorateurs' weeks: `(id, remaining places)`, in order.
pub async fn camp_weeks(app: &TestApp) -> Vec<(i64, i64)> {
    let body: Value = app.get("/api/day-camp-weeks?programId=explorateurs").await.json().await.unwrap();
    body.as_array().unwrap().iter().map(|w| (w["id"].as_i64().unwrap(), w["remaining"].as_i64().unwrap())).collect()
}

pub async fn remaining(app: &TestApp, week: i64) -> i64 {
    camp_weeks(app).await.into_iter().find(|(id, _)| *id == week).unwrap().1
}

/// A 7-year-old (on the first camp week's Monday) for the explorateurs program.
pub async fn birth_date(app: &TestApp) -> String {
    let body: Value = app.get("/api/day-camp-weeks?programId=explorateurs").await.json().await.unwrap();
    let first: NaiveDate = body[0]["startDate"].as_str().unwrap().parse().unwrap();
    (first.checked_sub_months(Months::new(12 * 7)).unwrap() - chrono::Days::new(30)).to_string()
}

pub async fn post_camp(app: &TestApp, user: &User, child: &str, weeks: &[i64], lang: &str) -> reqwest::Response {
    let body = json!({
        "programId": "explorateurs",
        "weekIds": weeks.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        "childFirstName": child, "childLastName": "Roy", "childBirthDate": birth_date(app).await, "childGender": "girl",
        "parentName": "Ana Roy", "parentEmail": "parent-form@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        "emergencyPhone": "819-555-0199", "medicalConditions": "", "canSwim": true
    });
    user.client.post(app.at("/api/day-camp-registrations")).header("X-Lang", lang).json(&body).send().await.unwrap()
}

/// Registers a child at the explorateurs camp, expecting 201; answers the registration.
pub async fn register_camp(app: &TestApp, user: &User, child: &str, weeks: &[i64], lang: &str) -> Value {
    let response = post_camp(app, user, child, weeks, lang).await;
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json().await.unwrap()
}

pub fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap_or_else(|| panic!("no id in {v}"))
}

pub fn reference(v: &Value) -> String {
    v["paymentReference"].as_str().unwrap().to_owned()
}

/// Status and body of an answer (`Value::Null` when it has none).
pub async fn answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// `PUT /api/admin/{event|day-camp}-registrations/{id}/payment` as the admin.
pub async fn set_payment(app: &TestApp, kind: &str, registration: i64, status: &str) -> (u16, Value) {
    let path = match kind {
        "event" => format!("/api/admin/event-registrations/{registration}/payment"),
        _ => format!("/api/admin/day-camp-registrations/{registration}/payment"),
    };
    answer(app.client.put(app.at(&path)).json(&json!({ "paymentStatus": status })).send().await.unwrap()).await
}

pub async fn event_deadline(app: &TestApp, event_id: i64, body: Value) -> u16 {
    let path = format!("/api/admin/events/{event_id}/payment-deadline");
    app.client.put(app.at(&path)).json(&body).send().await.unwrap().status().as_u16()
}

pub async fn program_deadline(app: &TestApp, program: &str, body: Value) -> u16 {
    let path = format!("/api/admin/day-camp-programs/{program}/payment-deadline");
    app.client.put(app.at(&path)).json(&body).send().await.unwrap().status().as_u16()
}

pub async fn participants(app: &TestApp, event_id: i64) -> i64 {
    let event: Value = app.get(&format!("/api/events/{event_id}")).await.json().await.unwrap();
    event["currentParticipants"].as_i64().unwrap()
}

pub fn db(app: &TestApp) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn
}

/// An event registration's `(status, payment_status)` as stored.
pub fn event_state(app: &TestApp, registration: i64) -> (String, String) {
    db(app)
        .query_row("SELECT status, payment_status FROM event_registrations WHERE id = ?1", [registration], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
}

pub fn camp_state(app: &TestApp, registration: i64) -> String {
    db(app)
        .query_row("SELECT payment_status FROM day_camp_registrations WHERE id = ?1", [registration], |r| r.get(0))
        .unwrap()
}

/// An e-mail in the outbox.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

pub fn outbox(app: &TestApp) -> Vec<Mail> {
    let conn = db(app);
    let mut stmt = conn.prepare("SELECT to_address, subject, body_text FROM outbox_emails ORDER BY id").unwrap();
    stmt.query_map([], |r| Ok(Mail { to: r.get(0)?, subject: r.get(1)?, body: r.get(2)? }))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The outbox's e-mails whose subject contains `reference` and starts with one of `prefixes`.
pub fn mails_about(app: &TestApp, reference: &str, prefixes: &[&str]) -> Vec<Mail> {
    outbox(app)
        .into_iter()
        .filter(|m| m.subject.contains(reference) && prefixes.iter().any(|p| m.subject.starts_with(p)))
        .collect()
}

pub const REMINDER: [&str; 2] = ["Rappel de paiement", "Payment reminder"];
pub const RELEASED: [&str; 2] = ["Inscription libérée", "Registration released"];

/// Moves a registration's creation back in time, as if it had been made `days` ago.
pub fn registered_days_ago(app: &TestApp, table: &str, registration: i64, days: i64) {
    let created = text(crate::common::now() - Duration::days(days));
    db(app)
        .execute(&format!("UPDATE {table} SET created_at = ?1 WHERE id = ?2"), rusqlite::params![created, registration])
        .unwrap();
}
