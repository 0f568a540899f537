//! The offer window an event or a camp program sets (`offerHours`): an offer made on it expires
//! that many hours after it was made, and the scheduled pass then offers the place to the next.

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use super::*;
use crate::payments::support::{answer, camp_weeks, id, register_camp, register_team, run, set_payment, spawn, text};

/// The member's live offer: (id, made at, expires at).
async fn offer_times(app: &TestApp, user: &User) -> (i64, DateTime<Utc>, DateTime<Utc>) {
    let entry = mine(app, user).await.into_iter().find(|e| e["offer"]["state"] == "live").expect("a live offer");
    let at = |key: &str| entry["offer"][key].as_str().unwrap().parse::<DateTime<Utc>>().unwrap();
    (entry["offer"]["id"].as_i64().unwrap(), at("offeredAt"), at("expiresAt"))
}

fn event_body(offer_hours: Value) -> Value {
    json!({
        "title": "Tournoi du soir", "description": "Tournoi amical en équipes.",
        "location": "20, chemin du Lac-Mulvihill, La Pêche",
        "startDate": text(crate::common::now() + Duration::days(30)),
        "price": 0, "maxParticipants": 2, "offerHours": offer_hours,
    })
}

#[tokio::test]
async fn an_event_offer_expires_after_the_event_s_own_window() {
    let app = spawn().await;
    // The form refuses a window outside 2 to 336 hours, in the request's language.
    for hours in [json!(1), json!(337), json!("six")] {
        let response = app.client.post(app.at("/api/events")).header("X-Lang", "en").json(&event_body(hours)).send();
        let (status, body) = answer(response.await.unwrap()).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            body["fieldErrors"]["offerHours"], "The delay must be a whole number from 2 to 336 hours.",
            "{body}"
        );
    }
    let response = app.client.post(app.at("/api/events")).json(&event_body(json!(6))).send().await.unwrap();
    let (status, created) = answer(response).await;
    assert_eq!((status, created["offerHours"].as_i64()), (201, Some(6)), "{created}");
    let event = id(&created);
    let shown: Value = app.get(&format!("/api/events/{event}")).await.json().await.unwrap();
    assert_eq!(shown["offerHours"], 6);
    // Blank on an edit is the default window again; 6 set back.
    for (sent, read) in [(json!(""), Value::Null), (json!(6), json!(6))] {
        let response = app.client.put(app.at(&format!("/api/events/{event}"))).json(&event_body(sent)).send();
        let (status, body) = answer(response.await.unwrap()).await;
        assert_eq!((status, &body["offerHours"]), (200, &read), "{body}");
    }

    let [a, b, c] = members(&app, ["a", "b", "c"]).await;
    let first = register_team(&app, &a, event, 2, "fr").await;
    assert_eq!(join_event(&app, &b, event, 2, "fr").await.0, 201);
    assert_eq!(join_event(&app, &c, event, 2, "fr").await.0, 201);
    let deleted = app.client.delete(app.at(&format!("/api/admin/event-registrations/{}", id(&first)))).send().await;
    assert_eq!(deleted.unwrap().status(), 204);

    let (offer, made, expires) = offer_times(&app, &b).await;
    assert_eq!(expires - made, Duration::hours(6), "six hours, not the default 48");
    run(&app, made + Duration::hours(6) - Duration::minutes(1)).await;
    assert_eq!(live_offers(&app), vec![(b.id.clone(), 2)], "the window has not passed yet");
    run(&app, made + Duration::hours(6) + Duration::minutes(1)).await;
    assert_eq!(live_offers(&app), vec![(c.id.clone(), 2)], "expired: the next in line has it");
    assert_eq!(answer_offer(&app, &b, offer, "accept").await.0, 409);
}

/// An offer whose time has run out is refused at once, before the scheduled pass expires it:
/// the same file served by a server whose clock is past the expiry (two processes on one file),
/// the pass not run yet.
#[tokio::test]
async fn an_offer_accepted_after_its_expiry_before_the_scheduled_pass_is_refused() {
    let app = spawn().await;
    let response = app.client.post(app.at("/api/events")).json(&event_body(json!(6))).send().await.unwrap();
    let event = id(&answer(response).await.1);
    let [a, b, c] = members(&app, ["a", "b", "c"]).await;
    let first = register_team(&app, &a, event, 2, "fr").await;
    assert_eq!(join_event(&app, &b, event, 2, "fr").await.0, 201);
    assert_eq!(join_event(&app, &c, event, 2, "fr").await.0, 201);
    let deleted = app.client.delete(app.at(&format!("/api/admin/event-registrations/{}", id(&first)))).send().await;
    assert_eq!(deleted.unwrap().status(), 204);
    let (offer, _, expires) = offer_times(&app, &b).await;

    let at = (expires + Duration::minutes(1)).with_timezone(&app.state.settings.timezone).naive_local();
    let later = app.beside(|s| s.clock = centre_server::settings::Clock::starting_at(at, s.timezone)).await;
    let b_later = later.user(&b.email, None).await;
    let (status, body) = answer_offer(&later, &b_later, offer, "accept").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(live_offers(&app), vec![(b.id.clone(), 2)], "nothing changed until the pass: {body}");
    // Before its expiry, the same acceptance goes through.
    assert_eq!(answer_offer(&app, &b, offer, "accept").await.0, 201);
}

#[tokio::test]
async fn a_camp_week_offer_expires_after_the_program_s_own_window() {
    let app = spawn().await;
    let put = |body: Value, program: &str| {
        app.client
            .put(app.at(&format!("/api/admin/day-camp-programs/{program}")))
            .header("X-Lang", "fr")
            .json(&body)
            .send()
    };
    let (status, body) = answer(put(json!({"offerHours": 337}), "explorateurs").await.unwrap()).await;
    assert_eq!(
        (status, body["fieldErrors"]["offerHours"].as_str()),
        (422, Some("Le délai doit être un nombre entier de 2 à 336 heures."))
    );
    assert_eq!(put(json!({"offerHours": 6}), "inconnu").await.unwrap().status(), 404);
    let (status, body) = answer(put(json!({"offerHours": 6}), "explorateurs").await.unwrap()).await;
    assert_eq!(
        (status, body["offerHours"].as_i64(), body["name"].as_str()),
        (200, Some(6), Some("Explorateurs")),
        "{body}"
    );
    let programs: Value = app.get("/api/day-camp-programs").await.json().await.unwrap();
    let hours: Vec<&Value> = programs.as_array().unwrap().iter().map(|p| &p["offerHours"]).collect();
    assert_eq!(hours, [&json!(6), &Value::Null, &Value::Null], "only the explorateurs' window is set");

    let week = camp_weeks(&app).await[0].0;
    set_week_capacity(&app, week, 1);
    let [ana, bea, cleo] = members(&app, ["ana", "bea", "cleo"]).await;
    let taken = register_camp(&app, &ana, "Léa", &[week], "fr").await;
    assert_eq!(join_week(&app, &bea, "Noé", week, "fr").await.0, 201);
    assert_eq!(join_week(&app, &cleo, "Zoé", week, "fr").await.0, 201);
    assert_eq!(set_payment(&app, "camp", id(&taken), "paid").await.0, 200);
    assert_eq!(set_payment(&app, "camp", id(&taken), "refunded").await.0, 200);

    let (_, made, expires) = offer_times(&app, &bea).await;
    assert_eq!(expires - made, Duration::hours(6), "the program's six hours, not the default 48");
    run(&app, made + Duration::hours(6) - Duration::minutes(1)).await;
    assert_eq!(live_offers(&app), vec![(bea.id.clone(), 1)]);
    run(&app, made + Duration::hours(6) + Duration::minutes(1)).await;
    assert_eq!(live_offers(&app), vec![(cleo.id.clone(), 1)]);
}

/// A member's waiting-list entry with its live offer, as /my-registrations reads it (`GET
/// /api/user/waitlist`), in French and in English: what is held, until when, the rank.
#[tokio::test]
async fn a_waiting_list_entry_with_its_offer_as_the_member_reads_it() {
    let app = spawn().await;
    let response = app.client.post(app.at("/api/events")).json(&event_body(json!(6))).send().await.unwrap();
    let event = id(&answer(response).await.1);
    let [a, b] = members(&app, ["a", "b"]).await;
    let first = register_team(&app, &a, event, 2, "fr").await;
    assert_eq!(join_event(&app, &b, event, 2, "en").await.0, 201);
    let deleted = app.client.delete(app.at(&format!("/api/admin/event-registrations/{}", id(&first)))).send().await;
    assert_eq!(deleted.unwrap().status(), 204);
    let mut settings = crate::common::snap::answer_settings();
    for key in ["offeredAt", "expiresAt", "joinedAt", "startDate"] {
        settings.add_redaction(&format!(".**.{key}"), crate::common::snap::unless_null("[instant of the run]"));
    }
    for lang in ["fr", "en"] {
        let response = b.client.get(app.at("/api/user/waitlist")).header("X-Lang", lang).send().await.unwrap();
        let entries: Value = response.json().await.unwrap();
        settings.bind(|| insta::assert_json_snapshot!(format!("waitlist_entry_{lang}"), entries));
    }
}
