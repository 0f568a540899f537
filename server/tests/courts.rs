//! Court reservations through the real router: availability, booking (concurrency, the slot
//! rules, the member's limit), cancelling, the console's list and its roles, the e-mails, and
//! slots on the daylight-saving days. Dates are in the next outdoor season (15 May to
//! 30 September), whatever today is.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::sync::Arc;

use chrono::{Datelike, NaiveDate, TimeZone, Utc};
use common::{TestApp, User};
use serde_json::{Value, json};

const TZ: chrono_tz::Tz = chrono_tz::America::Toronto;

/// A date of the next outdoor season: `month`-`day` of the first year whose season is ahead.
pub(crate) fn season_day(month: u32, day: u32) -> NaiveDate {
    let today = crate::common::now().with_timezone(&TZ).date_naive();
    let this_year = NaiveDate::from_ymd_opt(today.year(), 5, 15).unwrap();
    let year = if today < this_year { today.year() } else { today.year() + 1 };
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

/// The UTC instant of `hour`:00 local time on `date`.
fn local(date: NaiveDate, hour: u32) -> chrono::DateTime<Utc> {
    TZ.from_local_datetime(&date.and_hms_opt(hour, 0, 0).unwrap()).earliest().unwrap().with_timezone(&Utc)
}

fn iso(t: chrono::DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

pub(crate) fn booking_body(court: i64, date: NaiveDate, hour: u32, hours: i64) -> Value {
    let start = local(date, hour);
    json!({
        "courtId": court,
        "firstName": "Marie",
        "lastName": "Tremblay Roy",
        "email": "marie@example.org",
        "phone": "819-555-0199",
        "startTime": iso(start),
        "endTime": iso(start + chrono::Duration::hours(hours)),
        "players": 8,
        "ballRental": true,
        "comments": "On apporte le filet",
    })
}

pub(crate) async fn book(app: &TestApp, user: &User, body: &Value) -> reqwest::Response {
    user.client.post(app.at("/api/courts/book")).json(body).send().await.unwrap()
}

async fn slots(app: &TestApp, court: i64, date: NaiveDate) -> Vec<Value> {
    let response = app.get(&format!("/api/courts/availability?date={date}&courtId={court}")).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn slot_at<'a>(slots: &'a [Value], time: &str) -> &'a Value {
    slots.iter().find(|s| s["time"] == time).unwrap_or_else(|| panic!("no slot at {time}: {slots:?}"))
}

async fn error_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn the_two_courts_are_there_in_every_new_database_named_in_both_languages() {
    let app = TestApp::spawn().await;
    let courts: Vec<Value> = app.get("/api/courts").await.json().await.unwrap();
    // Each with the season not ended yet (15 May to 30 September: this year's until its last
    // day) and every day's hours, 8:00 to 21:00.
    let today = crate::common::now().with_timezone(&TZ).date_naive();
    let year = if (today.month(), today.day()) <= (9, 30) { today.year() } else { today.year() + 1 };
    let week: Vec<Value> =
        (0..7).map(|weekday| json!({"weekday": weekday, "open": "08:00", "close": "21:00"})).collect();
    let court = |id: i64| {
        json!({
            "id": id,
            "name": format!("Terrain de volleyball {id}"),
            "nameEn": format!("Volleyball court {id}"),
            "seasonStart": format!("{year}-05-15"),
            "seasonEnd": format!("{year}-09-30"),
            "openingHours": week,
        })
    };
    assert_eq!(courts, vec![court(1), court(2)]);
}

#[tokio::test]
async fn availability_lists_the_days_slots_and_refuses_bad_questions() {
    let app = TestApp::spawn().await;
    let day = season_day(6, 15);
    let list = slots(&app, 1, day).await;
    let times: Vec<&str> = list.iter().map(|s| s["time"].as_str().unwrap()).collect();
    assert_eq!(times.first(), Some(&"08:00"));
    assert_eq!(times.last(), Some(&"20:00"));
    assert_eq!(times.len(), 13, "08:00 to 21:00, one-hour slots");
    assert!(list.iter().all(|s| s["available"] == true));
    assert_eq!(list[0]["start"], format!("{day}T12:00:00Z"), "08:00 in Toronto is 12:00 UTC in summer");
    assert_eq!(list[0]["end"], format!("{day}T13:00:00Z"));

    // Outside the season: closed, no slots.
    assert!(slots(&app, 1, season_day(10, 15)).await.is_empty());

    let yesterday = crate::common::now().with_timezone(&TZ).date_naive().pred_opt().unwrap();
    let (status, body) = error_of(app.get(&format!("/api/courts/availability?date={yesterday}&courtId=1")).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("date_in_past")));
    assert_eq!(body["message"], "La date ne peut pas être antérieure à aujourd'hui.");

    let (status, body) = error_of(app.get(&format!("/api/courts/availability?date={day}&courtId=99")).await).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not_found")));
    let (status, body) = error_of(app.get("/api/courts/availability?date=15/06/2027&courtId=1").await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("date_invalid")));
    let (status, body) = error_of(app.get("/api/courts/availability?courtId=1").await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("date_required")));
    let (status, _) = error_of(app.get(&format!("/api/courts/availability?date={day}&courtId=abc")).await).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn fifty_concurrent_bookings_of_one_slot_give_exactly_one_booking() {
    let app = TestApp::spawn().await;
    let day = season_day(7, 10);
    let body = Arc::new(booking_body(1, day, 10, 1));
    let mut users = Vec::new();
    for n in 0..50 {
        users.push(app.user(&format!("joueur{n}@example.org"), None).await);
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(users.len()));
    let url = app.at("/api/courts/book");
    let tasks: Vec<_> = users
        .into_iter()
        .map(|user| {
            let (barrier, body, url) = (barrier.clone(), body.clone(), url.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                let response = user.client.post(url).json(&*body).send().await.unwrap();
                let status = response.status().as_u16();
                let body: Value = response.json().await.unwrap();
                (status, body)
            })
        })
        .collect();
    let mut created = 0;
    let mut conflicts = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            201 => created += 1,
            409 => {
                assert_eq!(body["code"], "slot_taken");
                assert_eq!(body["message"], "Ce créneau n'est plus disponible.");
                conflicts += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!((created, conflicts), (1, 49));
    let list = slots(&app, 1, day).await;
    assert_eq!(slot_at(&list, "10:00")["available"], false);
    assert_eq!(slot_at(&list, "11:00")["available"], true);
    // The other court is untouched.
    assert_eq!(slot_at(&slots(&app, 2, day).await, "10:00")["available"], true);
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let live: i64 =
        conn.query_row("SELECT count(*) FROM court_bookings WHERE status <> 'cancelled'", [], |r| r.get(0)).unwrap();
    assert_eq!(live, 1);
}

#[tokio::test]
async fn a_booking_is_stored_linked_to_the_member_with_its_extras_and_a_confirmation_email() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let day = season_day(6, 20);
    let response = book(&app, &marie, &booking_body(2, day, 9, 1)).await;
    assert_eq!(response.status(), 201);
    let booking: Value = response.json().await.unwrap();
    assert_eq!(booking["courtId"], 2);
    assert_eq!(booking["courtName"], "Terrain de volleyball 2");
    assert_eq!(booking["status"], "confirmed");
    assert_eq!(booking["paymentStatus"], "pending");
    assert_eq!(booking["firstName"], "Marie");
    assert_eq!(booking["lastName"], "Tremblay Roy");
    assert_eq!(booking["players"], 8);
    assert_eq!(booking["ballRental"], true);
    assert_eq!(booking["notes"], "On apporte le filet");
    assert_eq!(booking["startTime"], format!("{day}T13:00:00Z"));
    assert_eq!(booking["endTime"], format!("{day}T14:00:00Z"));

    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/court-bookings")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["id"], booking["id"]);
    // Someone else's list is empty; signed out is 401.
    let paul = app.user("paul@example.org", None).await;
    let theirs: Vec<Value> =
        paul.client.get(app.at("/api/user/court-bookings")).send().await.unwrap().json().await.unwrap();
    assert!(theirs.is_empty());
    assert_eq!(app.new_client().get(app.at("/api/user/court-bookings")).send().await.unwrap().status(), 401);

    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let (user_id, to, subject, body, ics): (String, String, String, String, String) = conn
        .query_row(
            "SELECT b.user_id, o.to_address, o.subject, o.body_text, o.ics FROM court_bookings b, outbox_emails o",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(user_id, marie.id);
    assert_eq!(to, "marie@example.org");
    assert!(subject.starts_with("Réservation confirmée : Terrain de volleyball 2,"), "{subject}");
    assert!(body.contains("Heure : de 09:00 à 10:00"), "{body}");
    assert!(ics.contains(&format!("DTSTART:{}T130000Z", day.format("%Y%m%d"))), "{ics}");
}

#[tokio::test]
async fn signed_out_visitors_cannot_book() {
    let app = TestApp::spawn().await;
    let response = app
        .new_client()
        .post(app.at("/api/courts/book"))
        .json(&booking_body(1, season_day(6, 1), 10, 1))
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(response).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthorized")));
}

#[tokio::test]
async fn the_slot_rules_are_checked_by_the_server_with_the_right_status_and_message() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let day = season_day(6, 16);

    // Outside opening hours (the courts close at 21:00).
    let (status, body) = error_of(book(&app, &marie, &booking_body(1, day, 21, 1)).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("outside_opening_hours")));
    assert_eq!(body["fieldErrors"]["startTime"], "Le terrain est fermé à cette date ou à cette heure.");
    // Outside the season.
    let (status, body) = error_of(book(&app, &marie, &booking_body(1, season_day(10, 2), 10, 1)).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("outside_opening_hours")));
    // Two hours instead of one slot.
    let (status, body) = error_of(book(&app, &marie, &booking_body(1, day, 10, 2)).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("wrong_slot_length")));
    assert_eq!(body["fieldErrors"]["endTime"], "Une réservation doit durer exactement un créneau.");
    // In the past.
    let yesterday = crate::common::now().with_timezone(&TZ).date_naive().pred_opt().unwrap();
    let (status, body) = error_of(book(&app, &marie, &booking_body(1, yesterday, 10, 1)).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("date_in_past")));
    // A bad e-mail, in English when asked.
    let mut bad = booking_body(1, day, 10, 1);
    bad["email"] = json!("marie@");
    let response =
        marie.client.post(app.at("/api/courts/book")).header("X-Lang", "en").json(&bad).send().await.unwrap();
    let (status, body) = error_of(response).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("email_invalid")));
    assert_eq!(body["fieldErrors"]["email"], "Invalid email");
    // Missing fields: one sentence for all of them.
    let (status, body) = error_of(book(&app, &marie, &json!({"courtId": 1})).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("missing_fields")));
    assert_eq!(body["message"], "Champs manquants: Veuillez remplir tous les champs obligatoires.");
    // Not on the slot grid.
    let mut off_grid = booking_body(1, day, 10, 1);
    off_grid["startTime"] = json!(iso(local(day, 10) + chrono::Duration::minutes(30)));
    off_grid["endTime"] = json!(iso(local(day, 11) + chrono::Duration::minutes(30)));
    let (status, body) = error_of(book(&app, &marie, &off_grid).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("not_a_slot")));
    // An unknown court, malformed JSON.
    let (status, body) = error_of(book(&app, &marie, &booking_body(9, day, 10, 1)).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("court_invalid")));
    let response = marie
        .client
        .post(app.at("/api/courts/book"))
        .header("Content-Type", "application/json")
        .body("{\"courtId\":")
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(response).await.0, 400);
    // Nothing was stored.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let stored: i64 = conn.query_row("SELECT count(*) FROM court_bookings", [], |r| r.get(0)).unwrap();
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_member_holds_at_most_the_configured_number_of_future_bookings() {
    let app = TestApp::spawn_with(|s| s.max_future_bookings = 2).await;
    let marie = app.user("marie@example.org", None).await;
    let day = season_day(8, 3);
    assert_eq!(book(&app, &marie, &booking_body(1, day, 9, 1)).await.status(), 201);
    assert_eq!(book(&app, &marie, &booking_body(1, day, 10, 1)).await.status(), 201);
    let (status, body) = error_of(book(&app, &marie, &booking_body(2, day, 11, 1)).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("booking_limit")));
    assert_eq!(body["message"], "Vous avez atteint le nombre maximal de réservations.");
    // Another member is not affected.
    let paul = app.user("paul@example.org", None).await;
    assert_eq!(book(&app, &paul, &booking_body(2, day, 11, 1)).await.status(), 201);
    // Cancelling one gives the place back.
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/court-bookings")).send().await.unwrap().json().await.unwrap();
    let id = mine[0]["id"].as_i64().unwrap();
    let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(book(&app, &marie, &booking_body(2, day, 12, 1)).await.status(), 201);
}

#[tokio::test]
async fn a_member_cancels_their_own_future_booking_and_the_slot_is_free_again() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let day = season_day(7, 21);
    let booking: Value = book(&app, &marie, &booking_body(1, day, 15, 1)).await.json().await.unwrap();
    let id = booking["id"].as_i64().unwrap();
    assert_eq!(slot_at(&slots(&app, 1, day).await, "15:00")["available"], false);

    // Paul cannot see or cancel it.
    let response = paul.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let cancelled: Value = response.json().await.unwrap();
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(slot_at(&slots(&app, 1, day).await, "15:00")["available"], true);
    // Twice is 409.
    let (status, body) =
        error_of(marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("booking_already_cancelled")));
    // The row stays for history, and the slot can be booked again.
    assert_eq!(book(&app, &paul, &booking_body(1, day, 15, 1)).await.status(), 201);
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/court-bookings")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["status"], "cancelled");
    // Bad ids are 404, never 500.
    for bad in ["abc", "0", "99999"] {
        let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{bad}"))).send().await.unwrap();
        assert_eq!(response.status(), 404, "{bad}");
    }
    // The cancellation e-mail, with a cancelling calendar file.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let (subject, ics): (String, String) = conn
        .query_row(
            "SELECT subject, ics FROM outbox_emails WHERE subject LIKE 'Réservation annulée%' AND to_address = 'marie@example.org'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(subject.contains("Terrain de volleyball 1"));
    assert!(ics.contains("METHOD:CANCEL"));
}

#[tokio::test]
async fn a_member_cannot_cancel_a_booking_that_has_started() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let booking: Value = book(&app, &marie, &booking_body(1, season_day(6, 10), 10, 1)).await.json().await.unwrap();
    let id = booking["id"].as_i64().unwrap();
    // Move it to yesterday, as if time had passed.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let yesterday = crate::common::now() - chrono::Duration::days(1);
    conn.execute(
        "UPDATE court_bookings SET start_time = ?1, end_time = ?2 WHERE id = ?3",
        rusqlite::params![
            yesterday.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            (yesterday + chrono::Duration::hours(1)).format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            id
        ],
    )
    .unwrap();
    let (status, body) =
        error_of(marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("booking_started")));
}

#[tokio::test]
async fn admins_cancel_any_confirmed_booking_and_supervisors_only_read() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let supervisor = app.user("superviseur@example.org", Some("supervisor")).await;
    let day = season_day(6, 24);
    let booking: Value = book(&app, &marie, &booking_body(2, day, 18, 1)).await.json().await.unwrap();
    let id = booking["id"].as_i64().unwrap();
    let path = app.at(&format!("/api/admin/bookings/{id}"));

    // Members and supervisors may not cancel from the console.
    let (status, body) = error_of(supervisor.client.delete(&path).send().await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    assert_eq!(marie.client.delete(&path).send().await.unwrap().status(), 403);
    assert_eq!(app.new_client().delete(&path).send().await.unwrap().status(), 401);
    // The supervisor reads the list; a member may not.
    assert_eq!(supervisor.client.get(app.at("/api/admin/bookings")).send().await.unwrap().status(), 200);
    assert_eq!(marie.client.get(app.at("/api/admin/bookings")).send().await.unwrap().status(), 403);
    assert_eq!(slot_at(&slots(&app, 2, day).await, "18:00")["available"], false);

    let response = admin.client.delete(&path).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let cancelled: Value = response.json().await.unwrap();
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(slot_at(&slots(&app, 2, day).await, "18:00")["available"], true);
    let (status, body) = error_of(admin.client.delete(&path).send().await.unwrap()).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("booking_already_cancelled")));
    assert_eq!(admin.client.delete(app.at("/api/admin/bookings/4242")).send().await.unwrap().status(), 404);

    // Marie is told, in French (the language she booked in), that the centre cancelled it.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let body: String = conn
        .query_row("SELECT body_text FROM outbox_emails WHERE subject LIKE 'Réservation annulée%'", [], |r| r.get(0))
        .unwrap();
    assert!(body.contains("Votre réservation a été annulée par le centre."), "{body}");
}

#[tokio::test]
async fn the_console_filters_by_day_and_status_and_counts() {
    let app = TestApp::spawn().await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let (a, b) = (season_day(7, 1), season_day(7, 2));
    let mut ids = Vec::new();
    for (n, (day, hour)) in [(a, 9), (a, 10), (a, 11), (b, 9)].into_iter().enumerate() {
        let user = app.user(&format!("m{n}@example.org"), None).await;
        let booking: Value = book(&app, &user, &booking_body(1, day, hour, 1)).await.json().await.unwrap();
        ids.push(booking["id"].as_i64().unwrap());
    }
    assert_eq!(
        admin.client.delete(app.at(&format!("/api/admin/bookings/{}", ids[1]))).send().await.unwrap().status(),
        200
    );
    let list = |query: String| {
        let client = admin.client.clone();
        let url = app.at(&format!("/api/admin/bookings{query}"));
        async move {
            let response = client.get(url).send().await.unwrap();
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()
        }
    };
    let all = list(String::new()).await;
    assert_eq!(all["matched"], 4);
    assert_eq!(all["counts"], json!({"total": 4, "confirmed": 3, "pending": 0, "cancelled": 1}));
    let first = &all["bookings"][0];
    for field in ["firstName", "lastName", "email", "phone", "courtName", "status", "startTime", "endTime", "createdAt"]
    {
        assert!(first[field].is_string(), "{field}");
    }

    let day_a = list(format!("?date={a}")).await;
    assert_eq!(day_a["matched"], 3);
    assert_eq!(day_a["counts"], json!({"total": 3, "confirmed": 2, "pending": 0, "cancelled": 1}));
    let confirmed_a = list(format!("?date={a}&status=confirmed")).await;
    assert_eq!(confirmed_a["matched"], 2);
    assert_eq!(confirmed_a["counts"]["total"], 3, "counters ignore the status filter");
    let starts: Vec<&str> =
        confirmed_a["bookings"].as_array().unwrap().iter().map(|b| b["startTime"].as_str().unwrap()).collect();
    assert_eq!(starts, [format!("{a}T13:00:00Z"), format!("{a}T15:00:00Z")], "by start time");
    let cancelled = list("?status=cancelled".to_owned()).await;
    assert_eq!(cancelled["matched"], 1);
    assert_eq!(cancelled["bookings"][0]["id"], ids[1]);
    assert_eq!(list("?status=all&date=".to_owned()).await["matched"], 4);
    assert_eq!(list(format!("?date={}", season_day(9, 1))).await["matched"], 0);

    let response = admin.client.get(app.at("/api/admin/bookings?status=done")).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let response = admin.client.get(app.at("/api/admin/bookings?date=demain")).send().await.unwrap();
    assert_eq!(response.status(), 422);
}

#[tokio::test]
async fn the_month_view_marks_each_day_for_the_calendar() {
    let app = TestApp::spawn().await;
    let day = season_day(6, 9);
    // Fill court 1 on that day.
    for hour in 8..21 {
        let user = app.user(&format!("h{hour}@example.org"), None).await;
        assert_eq!(book(&app, &user, &booking_body(1, day, hour, 1)).await.status(), 201);
    }
    let month = format!("{}-{:02}", day.year(), day.month());
    let one: Vec<Value> =
        app.get(&format!("/api/courts/availability/month?month={month}&courtId=1")).await.json().await.unwrap();
    assert_eq!(one.len(), 30);
    let of = |days: &[Value], d: u32| days[d as usize - 1]["status"].as_str().unwrap().to_owned();
    assert_eq!(of(&one, 9), "full");
    assert_eq!(of(&one, 10), "available");
    assert_eq!(one[9]["totalSlots"], 13);
    let both: Vec<Value> =
        app.get(&format!("/api/courts/availability/month?month={month}")).await.json().await.unwrap();
    assert_eq!(of(&both, 9), "partial", "court 2 is still free");
    assert_eq!(both[8]["availableSlots"], 13);
    assert_eq!(both[8]["totalSlots"], 26);
    // May: closed before the 15th.
    let may: Vec<Value> = app
        .get(&format!("/api/courts/availability/month?month={}-05&courtId=2", day.year()))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(of(&may, 14), "closed");
    assert_eq!(of(&may, 15), "available");

    for bad in ["month=2027-13&courtId=1", "month=juin&courtId=1", "courtId=1", &format!("month={month}&courtId=0")] {
        assert_eq!(app.get(&format!("/api/courts/availability/month?{bad}")).await.status(), 422, "{bad}");
    }
    assert_eq!(app.get(&format!("/api/courts/availability/month?month={month}&courtId=7")).await.status(), 404);
}

/// Courts open all year at night, so the daylight-saving days fall inside opening hours.
fn open_at_night_all_year(app: &TestApp) {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.execute_batch(
        "UPDATE courts SET season_start = '01-01', season_end = '12-31';
         UPDATE court_hours SET open_time = '00:00', close_time = '05:00';",
    )
    .unwrap();
}

/// The first Sunday of `month` on or after the `from`th (DST changes on a Sunday).
fn sunday(year: i32, month: u32, from: u32) -> NaiveDate {
    let mut d = NaiveDate::from_ymd_opt(year, month, from).unwrap();
    while d.weekday() != chrono::Weekday::Sun {
        d = d.succ_opt().unwrap();
    }
    d
}

#[tokio::test]
async fn slots_are_correct_on_the_daylight_saving_days() {
    let app = TestApp::spawn().await;
    open_at_night_all_year(&app);
    let year = crate::common::now().with_timezone(&TZ).year() + 1;
    // Spring forward: the second Sunday of March has no 02:00.
    let spring = sunday(year, 3, 8);
    let list = slots(&app, 1, spring).await;
    let summary: Vec<(String, String)> = list
        .iter()
        .map(|s| (s["time"].as_str().unwrap().to_owned(), s["start"].as_str().unwrap().to_owned()))
        .collect();
    let at = |h: u32| format!("{spring}T{h:02}:00:00Z");
    assert_eq!(
        summary,
        [
            ("00:00".to_owned(), at(5)),
            ("01:00".to_owned(), at(6)),
            ("03:00".to_owned(), at(7)),
            ("04:00".to_owned(), at(8))
        ]
    );

    // Fall back: the first Sunday of November has two 01:00; book the second one.
    let fall = sunday(year, 11, 1);
    let list = slots(&app, 1, fall).await;
    let times: Vec<&str> = list.iter().map(|s| s["time"].as_str().unwrap()).collect();
    assert_eq!(times, ["00:00", "01:00", "01:00", "02:00", "03:00", "04:00"]);
    let second = list[2]["start"].as_str().unwrap().to_owned();
    assert_eq!(second, format!("{fall}T06:00:00Z"));
    let marie = app.user("marie@example.org", None).await;
    let mut body = booking_body(1, fall, 0, 1);
    body["startTime"] = json!(second);
    body["endTime"] = json!(list[2]["end"]);
    let response = book(&app, &marie, &body).await;
    assert_eq!(response.status(), 201);
    let list = slots(&app, 1, fall).await;
    let available: Vec<bool> = list.iter().map(|s| s["available"].as_bool().unwrap()).collect();
    assert_eq!(available, [true, true, false, true, true, true], "only the second 01:00 is taken");
    // The e-mail gives local times: the second 01:00 (EST) ends at 02:00 EST.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let mail: String = conn.query_row("SELECT body_text FROM outbox_emails", [], |r| r.get(0)).unwrap();
    assert!(mail.contains("Heure : de 01:00 à 02:00"), "{mail}");
}

/// Every outbox row's recipient and subject, oldest first.
fn outbox(app: &TestApp) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    let mut stmt = conn.prepare("SELECT to_address, subject FROM outbox_emails ORDER BY id").unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap()
}

#[tokio::test]
async fn a_bookings_emails_go_to_the_members_own_address_never_to_the_typed_one() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let day = season_day(7, 8);
    // The form's address is someone else's (the e-mail would carry Marie's comments to it).
    let mut body = booking_body(1, day, 10, 1);
    body["email"] = json!("victime@example.org");
    let response = book(&app, &marie, &body).await;
    assert_eq!(response.status(), 201);
    let booking: Value = response.json().await.unwrap();
    // The booking keeps what was typed (the console shows it); only the e-mail's recipient changes.
    assert_eq!(booking["email"], "victime@example.org");
    let mails = outbox(&app);
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].0, "marie@example.org");
    assert!(mails[0].1.starts_with("Réservation confirmée"), "{mails:?}");

    // The member's cancellation: to her too.
    let id = booking["id"].as_i64().unwrap();
    let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    // The centre's cancellation of another such booking: to her as well.
    let second: Value = book(&app, &marie, &body).await.json().await.unwrap();
    let second = second["id"].as_i64().unwrap();
    assert_eq!(
        admin.client.delete(app.at(&format!("/api/admin/bookings/{second}"))).send().await.unwrap().status(),
        200
    );

    let mails = outbox(&app);
    let count = |prefix: &str| mails.iter().filter(|(_, s)| s.starts_with(prefix)).count();
    assert_eq!((mails.len(), count("Réservation confirmée"), count("Réservation annulée")), (4, 2, 2), "{mails:?}");
    assert!(mails.iter().all(|(to, _)| to == "marie@example.org"), "{mails:?}");
    assert!(!mails.iter().any(|(to, _)| to.eq_ignore_ascii_case("victime@example.org")), "{mails:?}");
}

#[tokio::test]
async fn a_member_whose_address_is_not_verified_books_and_cancels_without_any_email() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    // As after a sign-in at a provider that did not verify her address.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    assert_eq!(conn.execute("UPDATE users SET email_verified = 0 WHERE id = ?1", [&marie.id]).unwrap(), 1);
    let day = season_day(7, 9);
    let response = book(&app, &marie, &booking_body(2, day, 11, 1)).await;
    assert_eq!(response.status(), 201);
    let booking: Value = response.json().await.unwrap();
    assert_eq!(slot_at(&slots(&app, 2, day).await, "11:00")["available"], false, "the booking is made");
    let id = booking["id"].as_i64().unwrap();
    let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(outbox(&app), Vec::<(String, String)>::new());
}
