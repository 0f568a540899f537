//! Waiting lists end to end through the real router, with the scheduled work at moments the
//! tests choose (`scheduler::run_once`): a freed place goes to the first in line, held by an
//! offer nobody else can take; declining, leaving or letting it expire passes it on; an empty
//! list opens it; accepting registers through the usual path; 60 parents in a rush; and a
//! property test of random joins, cancellations, declines, expiries and capacity changes.
#![allow(clippy::unwrap_used)]

mod flows;
mod property;
mod rush;
mod slots;
mod window;

use serde_json::{Value, json};

use crate::common::{TestApp, User, team};
pub use crate::payments::support::answer;
use crate::payments::support::{birth_date, db};

/// `POST /api/events/{id}/waitlist` with a team of `people`.
pub async fn join_event(app: &TestApp, user: &User, event_id: i64, people: usize, lang: &str) -> (u16, Value) {
    let response = user
        .client
        .post(app.at(&format!("/api/events/{event_id}/waitlist")))
        .header("X-Lang", lang)
        .json(&team(people, &format!("Attente de {}", user.email)))
        .send()
        .await
        .unwrap();
    answer(response).await
}

/// The explorateurs camp form for `child` in `week`.
pub async fn camp_form(app: &TestApp, child: &str, week: i64) -> Value {
    json!({
        "programId": "explorateurs",
        "weekId": week.to_string(),
        "childFirstName": child, "childLastName": "Roy", "childBirthDate": birth_date(app).await, "childGender": "girl",
        "parentName": "Ana Roy", "parentEmail": "parent-form@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        "emergencyPhone": "819-555-0199", "medicalConditions": "", "canSwim": true
    })
}

/// `POST /api/day-camp-waitlist` for `child` in `week`.
pub async fn join_week(app: &TestApp, user: &User, child: &str, week: i64, lang: &str) -> (u16, Value) {
    let body = camp_form(app, child, week).await;
    let response =
        user.client.post(app.at("/api/day-camp-waitlist")).header("X-Lang", lang).json(&body).send().await.unwrap();
    answer(response).await
}

/// The member's entries (`GET /api/user/waitlist`).
pub async fn mine(app: &TestApp, user: &User) -> Vec<Value> {
    let response = user.client.get(app.at("/api/user/waitlist")).send().await.unwrap();
    let (status, body) = answer(response).await;
    assert_eq!(status, 200, "{body}");
    body.as_array().unwrap().clone()
}

/// The member's live offer's id, if any.
pub async fn live_offer(app: &TestApp, user: &User) -> Option<i64> {
    mine(app, user)
        .await
        .iter()
        .filter_map(|e| e["offer"].as_object().filter(|o| o["state"] == "live").and_then(|o| o["id"].as_i64()))
        .next()
}

pub async fn answer_offer(app: &TestApp, user: &User, offer: i64, what: &str) -> (u16, Value) {
    let response = user.client.post(app.at(&format!("/api/user/waitlist/offers/{offer}/{what}"))).send().await.unwrap();
    answer(response).await
}

/// Sets a program's places in one week straight in the database (the console has no control
/// for it yet).
pub fn set_week_capacity(app: &TestApp, week: i64, capacity: i64) {
    db(app)
        .execute(
            "UPDATE day_camp_places SET capacity = ?2 WHERE program_id = 'explorateurs' AND week_id = ?1",
            rusqlite::params![week, capacity],
        )
        .unwrap();
}

/// Live offers as stored: (entry's member, places) in offer order.
pub fn live_offers(app: &TestApp) -> Vec<(String, i64)> {
    db(app)
        .prepare(
            "SELECT e.user_id, o.places FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
              WHERE o.state = 'live' ORDER BY o.id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Members signed in under `names` (`name@example.org`), in that order.
pub async fn members<const N: usize>(app: &TestApp, names: [&str; N]) -> [User; N] {
    let mut users = Vec::with_capacity(N);
    for name in names {
        users.push(app.user(&format!("{name}@example.org"), None).await);
    }
    users.try_into().unwrap_or_else(|_| unreachable!("one member per name"))
}
