//! Events end to end through the real router: the admin's create / edit / delete, team
//! registration (validation in the request's language, duplicates, full and past events, no
//! oversell under concurrency), the member's own registrations, the payment follow-up, the
//! e-mail in the outbox and the xlsx export read back with calamine.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::io::Cursor;

use calamine::{Reader, Xlsx, open_workbook_from_rs};
use chrono::Duration;
use common::{TestApp, event_body, team};
use serde_json::{Value, json};

fn in_days(days: i64) -> String {
    (crate::common::now() + Duration::days(days)).format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Creates an event as the admin (`app.client`); answers it.
async fn create_event(app: &TestApp, body: Value) -> Value {
    let response = app.client.post(app.at("/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json().await.unwrap()
}

async fn register(client: &reqwest::Client, app: &TestApp, event_id: i64, body: &Value) -> reqwest::Response {
    client.post(app.at(&format!("/api/events/{event_id}/register"))).json(body).send().await.unwrap()
}

async fn event_json(app: &TestApp, id: i64) -> Value {
    app.get(&format!("/api/events/{id}")).await.json().await.unwrap()
}

#[tokio::test]
async fn an_admin_creates_edits_and_deletes_events_and_nobody_else_can() {
    let app = TestApp::with_admin().await;
    let created = create_event(&app, event_body("Tournoi 4x4", Some(48))).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["title"], "Tournoi 4x4");
    assert_eq!(created["price"], 25.0);
    assert_eq!(created["maxParticipants"], 48);
    assert_eq!(created["currentParticipants"], 0);
    assert_eq!(created["isActive"], true);
    assert_eq!(created["requiresPayment"], false);
    assert_eq!(created["descriptionEn"], Value::Null, "a blank English description is none");

    // Edit: the form's fields plus the Actif/Inactif switch.
    let mut edit = event_body("Tournoi 4x4 (modifié)", None);
    edit["isActive"] = json!(false);
    let response = app.client.put(app.at(&format!("/api/events/{id}"))).json(&edit).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let edited: Value = response.json().await.unwrap();
    assert_eq!(edited["title"], "Tournoi 4x4 (modifié)");
    assert_eq!(edited["maxParticipants"], Value::Null);
    assert_eq!(edited["isActive"], false);

    // Inactive: gone from the public list and page, still in the admin's.
    let visitor = app.new_client();
    let public: Vec<Value> = visitor.get(app.at("/api/events")).send().await.unwrap().json().await.unwrap();
    assert!(public.is_empty());
    assert_eq!(visitor.get(app.at(&format!("/api/events/{id}"))).send().await.unwrap().status(), 404);
    assert_eq!(app.get(&format!("/api/events/{id}")).await.status(), 200, "an admin still opens it");
    let all: Vec<Value> = app.get("/api/admin/events").await.json().await.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0]["registrationCount"], 0);

    // Members and visitors are refused every admin call.
    let member = app.user("membre@example.org", None).await;
    for (client, expected) in [(&member.client, 403), (&visitor, 401)] {
        let calls = [
            client.post(app.at("/api/events")).json(&event_body("x", None)),
            client.put(app.at(&format!("/api/events/{id}"))).json(&edit),
            client.delete(app.at(&format!("/api/events/{id}"))),
            client.get(app.at("/api/admin/events")),
            client.get(app.at(&format!("/api/admin/events/{id}/registrations"))),
            client.get(app.at(&format!("/api/admin/events/{id}/registrations.xlsx"))),
            client.delete(app.at("/api/admin/event-registrations/1")),
            client.put(app.at("/api/admin/event-registrations/1/payment")).json(&json!({"paymentStatus": "paid"})),
        ];
        for call in calls {
            let response = call.send().await.unwrap();
            assert_eq!(response.status(), expected, "{}", response.url());
        }
    }

    assert_eq!(app.delete(&format!("/api/events/{id}")).await.status(), 204);
    assert_eq!(app.delete(&format!("/api/events/{id}")).await.status(), 404);
    assert_eq!(app.delete("/api/events/abc").await.status(), 404);
}

#[tokio::test]
async fn the_event_form_is_validated_by_core_in_the_request_language() {
    let app = TestApp::with_admin().await;
    let response = app.client.post(app.at("/api/events")).json(&json!({})).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["title"], "Le titre est requis");
    assert_eq!(body["fieldErrors"]["description"], "La description est requise");
    assert_eq!(body["fieldErrors"]["startDate"], "La date de début est requise");
    assert_eq!(body["fieldErrors"]["location"], "Le lieu est requis");

    let mut bad = event_body("x", Some(0));
    bad["categoryId"] = json!("hockey");
    let response = app.client.post(app.at("/api/events")).header("X-Lang", "en").json(&bad).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["maxParticipants"], "Maximum participants must be a whole number of at least 1");

    bad["maxParticipants"] = json!(10);
    let response = app.client.post(app.at("/api/events")).json(&bad).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["categoryId"], "Catégorie invalide");

    let response = app
        .client
        .post(app.at("/api/events"))
        .body("{not json")
        .header("Content-Type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn a_team_registers_gets_a_number_a_reference_and_an_email() {
    let app = TestApp::with_admin().await;
    let event = create_event(&app, event_body("Tournoi 4x4", Some(48))).await;
    let id = event["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;

    let response = register(&marie.client, &app, id, &team(3, "  ")).await;
    assert_eq!(response.status(), 201);
    let registration: Value = response.json().await.unwrap();
    assert_eq!(registration["teamName"], "Équipe 1", "a blank name gets an automatic one");
    assert_eq!(registration["teamNumber"], 1);
    assert_eq!(registration["peopleCount"], 3);
    assert_eq!(registration["amountDue"], 75.0, "price × people");
    assert_eq!(registration["paymentStatus"], "pending");
    let reference = registration["paymentReference"].as_str().unwrap().to_owned();
    assert!(reference.starts_with(&format!("EV{id}-")), "{reference}");
    assert_eq!(event_json(&app, id).await["currentParticipants"], 3);

    let paul = app.user("paul@example.org", None).await;
    let second: Value = register(&paul.client, &app, id, &team(4, "Les Huards")).await.json().await.unwrap();
    assert_eq!(second["teamName"], "Les Huards");
    assert_eq!(second["teamNumber"], 2);
    assert_ne!(second["paymentReference"], registration["paymentReference"]);
    assert_eq!(event_json(&app, id).await["currentParticipants"], 7);

    // Each member sees their own registrations only, on both user routes.
    for path in ["/api/user/event-registrations", "/api/user/registrations"] {
        let mine: Vec<Value> = marie.client.get(app.at(path)).send().await.unwrap().json().await.unwrap();
        assert_eq!(mine.len(), 1, "{path}");
        assert_eq!(mine[0]["eventId"], id);
        assert_eq!(mine[0]["eventTitle"], "Tournoi 4x4");
        assert_eq!(mine[0]["paymentReference"], reference.as_str());
        assert_eq!(mine[0]["isPast"], false);
        assert!(mine[0]["registrationDate"].is_string() && mine[0]["eventStartDate"].is_string());
    }
    let visitor = app.new_client();
    assert_eq!(visitor.get(app.at("/api/user/event-registrations")).send().await.unwrap().status(), 401);
    assert_eq!(register(&visitor, &app, id, &team(2, "")).await.status(), 401);

    // The e-mail waits in the outbox (written in the same transaction), with the Interac instructions.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let (to, subject, body): (String, String, String) = conn
        .query_row(
            "SELECT to_address, subject, body_text FROM outbox_emails WHERE body_text LIKE ?1",
            [format!("%{reference}%")],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(to, "marie@example.org");
    assert_eq!(subject, "Inscription confirmée : Tournoi 4x4");
    assert!(body.contains("Montant à payer : 75,00 $"), "{body}");
    assert!(body.contains(centre_server::settings::DEFAULT_INTERAC_EMAIL));
}

#[tokio::test]
async fn a_registration_stands_when_the_mail_server_is_down() {
    // Nothing listens on port 9 of loopback: every delivery attempt fails at once.
    let app = TestApp::spawn_with(|settings| settings.smtp_url = Some("smtp://127.0.0.1:9".into())).await;
    let id = app.sign_in_as("admin@example.org").await;
    app.grant(&id, "admin");
    let event = create_event(&app, event_body("Tournoi sans courriel", Some(8))).await;
    let event_id = event["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;

    let response = register(&marie.client, &app, event_id, &team(2, "Les Huards")).await;
    assert_eq!(response.status(), 201, "the team is registered whatever the mail server does");
    let registration: Value = response.json().await.unwrap();
    assert_eq!(event_json(&app, event_id).await["currentParticipants"], 2);
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["paymentReference"], registration["paymentReference"]);

    // The worker tries, fails and keeps the e-mail for a later attempt: nothing is lost.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (status, attempts): (String, i64) = conn
            .query_row("SELECT status, attempts FROM outbox_emails WHERE to_address = 'marie@example.org'", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!(status, "pending");
        if attempts >= 1 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the worker never tried to send");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn registration_errors_come_back_in_the_request_language() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("Tournoi", Some(48))).await["id"].as_i64().unwrap();
    let member = app.user("marie@example.org", None).await;

    let response = register(&member.client, &app, id, &json!({ "captainEmail": "pas-un-courriel" })).await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    let errors = &body["fieldErrors"];
    assert_eq!(errors["captainFirstName"], "Le prénom du responsable est requis");
    assert_eq!(errors["captainLastName"], "Le nom du responsable est requis");
    assert_eq!(errors["captainEmail"], "Email invalide");
    assert_eq!(errors["member2FirstName"], "Le prénom du membre 2 est requis");
    assert_eq!(errors["member2LastName"], "Le nom du membre 2 est requis");
    assert_eq!(errors["member2Email"], "Email invalide");

    let mut bad_member3 = team(2, "");
    bad_member3["member3Email"] = json!("nope");
    let response = member
        .client
        .post(app.at(&format!("/api/events/{id}/register")))
        .header("X-Lang", "en")
        .json(&bad_member3)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["member3Email"], "Invalid email");
    assert_eq!(body["fieldErrors"].as_object().unwrap().len(), 1);
}

#[tokio::test]
async fn the_same_user_twice_full_past_and_inactive_events_are_refused() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("Petit tournoi", Some(6))).await["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;
    assert_eq!(register(&marie.client, &app, id, &team(4, "A")).await.status(), 201);

    let again = register(&marie.client, &app, id, &team(2, "B")).await;
    assert_eq!(again.status(), 409);
    let body: Value = again.json().await.unwrap();
    assert_eq!(body["code"], "already_registered");
    assert_eq!(body["message"], "Vous êtes déjà inscrit à cet événement.");

    // 4 of 6 places taken: a team of 3 does not fit, a team of 2 does.
    let paul = app.user("paul@example.org", None).await;
    let full = register(&paul.client, &app, id, &team(3, "C")).await;
    assert_eq!(full.status(), 409);
    let body: Value = full.json().await.unwrap();
    assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some("event_full"), Some("Complet")));
    assert_eq!(register(&paul.client, &app, id, &team(2, "C")).await.status(), 201);
    assert_eq!(event_json(&app, id).await["currentParticipants"], 6);

    // An event that started yesterday (only an admin can still open it).
    let mut past = event_body("Hier", None);
    past["startDate"] = json!(in_days(-2));
    let past_id = create_event(&app, past).await["id"].as_i64().unwrap();
    let response = register(&paul.client, &app, past_id, &team(2, "")).await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "event_past");

    let mut hidden = event_body("Caché", None);
    hidden["isActive"] = json!(false);
    let hidden_id = create_event(&app, event_body("Caché", None)).await["id"].as_i64().unwrap();
    app.client.put(app.at(&format!("/api/events/{hidden_id}"))).json(&hidden).send().await.unwrap();
    assert_eq!(register(&paul.client, &app, hidden_id, &team(2, "")).await.status(), 404);
    assert_eq!(register(&paul.client, &app, 999_999, &team(2, "")).await.status(), 404);
}

#[tokio::test]
async fn forty_concurrent_teams_of_four_fill_twenty_places_exactly() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("La ruée", Some(20))).await["id"].as_i64().unwrap();
    let mut users = Vec::new();
    for n in 0..40 {
        users.push(app.user(&format!("joueur{n}@example.org"), None).await);
    }
    let body = team(4, "");
    let url = app.at(&format!("/api/events/{id}/register"));
    let attempts = users.iter().map(|u| {
        let request = u.client.post(&url).json(&body);
        async move { request.send().await.unwrap().status().as_u16() }
    });
    let statuses = futures_join_all(attempts).await;
    let accepted = statuses.iter().filter(|s| **s == 201).count();
    let full = statuses.iter().filter(|s| **s == 409).count();
    assert_eq!((accepted, full), (5, 35), "{statuses:?}");

    let event = event_json(&app, id).await;
    assert_eq!(event["currentParticipants"], 20);
    let registrations: Vec<Value> =
        app.get(&format!("/api/admin/events/{id}/registrations")).await.json().await.unwrap();
    assert_eq!(registrations.len(), 5);
    let mut numbers: Vec<i64> = registrations.iter().map(|r| r["teamNumber"].as_i64().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
}

/// Runs every future concurrently on the test's runtime.
async fn futures_join_all<F: std::future::Future<Output = u16> + Send + 'static>(
    futures: impl Iterator<Item = F>,
) -> Vec<u16> {
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

#[tokio::test]
async fn lowering_the_maximum_below_the_registered_people_is_refused() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("Tournoi", Some(10))).await["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;
    assert_eq!(register(&marie.client, &app, id, &team(4, "")).await.status(), 201);

    let response = app
        .client
        .put(app.at(&format!("/api/events/{id}")))
        .json(&event_body("Tournoi", Some(3)))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["fieldErrors"]["maxParticipants"],
        "Le nombre maximum de participants ne peut pas être inférieur au nombre de personnes déjà inscrites."
    );
    let response = app
        .client
        .put(app.at(&format!("/api/events/{id}")))
        .json(&event_body("Tournoi", Some(4)))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "exactly the registered people is fine");
    assert_eq!(event_json(&app, id).await["maxParticipants"], 4);
}

#[tokio::test]
async fn deleting_an_event_removes_its_registrations_and_deleting_a_team_frees_its_places() {
    let app = TestApp::with_admin().await;
    let keep = create_event(&app, event_body("Reste", Some(10))).await["id"].as_i64().unwrap();
    let gone = create_event(&app, event_body("Supprimé", Some(10))).await["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let kept: Value = register(&marie.client, &app, keep, &team(4, "")).await.json().await.unwrap();
    register(&paul.client, &app, keep, &team(2, "")).await;
    register(&marie.client, &app, gone, &team(3, "")).await;

    assert_eq!(app.delete(&format!("/api/events/{gone}")).await.status(), 204);
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let count = |event: i64| -> i64 {
        conn.query_row("SELECT count(*) FROM event_registrations WHERE event_id = ?1", [event], |r| r.get(0)).unwrap()
    };
    assert_eq!(count(gone), 0);
    assert_eq!(count(keep), 2);
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/event-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine.len(), 1);

    let path = format!("/api/admin/event-registrations/{}", kept["id"]);
    assert_eq!(app.delete(&path).await.status(), 204);
    assert_eq!(app.delete(&path).await.status(), 404);
    assert_eq!(event_json(&app, keep).await["currentParticipants"], 2);
    let all: Vec<Value> = app.get("/api/admin/events").await.json().await.unwrap();
    assert_eq!(all.iter().find(|e| e["id"] == keep).unwrap()["registrationCount"], 1);
}

#[tokio::test]
async fn an_admin_marks_a_registration_paid_and_the_member_sees_it() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("Tournoi", None)).await["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;
    let registration: Value = register(&marie.client, &app, id, &team(2, "")).await.json().await.unwrap();
    let path = format!("/api/admin/event-registrations/{}/payment", registration["id"]);

    let response = app.client.put(app.at(&path)).json(&json!({"paymentStatus": "paid"})).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["paymentStatus"], "paid");
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/event-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine[0]["paymentStatus"], "paid");

    let response = app.client.put(app.at(&path)).json(&json!({"paymentStatus": "pending"})).send().await.unwrap();
    assert_eq!(response.json::<Value>().await.unwrap()["paymentStatus"], "pending");
    let response = app.client.put(app.at(&path)).json(&json!({"paymentStatus": "maybe"})).send().await.unwrap();
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["fieldErrors"]["paymentStatus"], "Statut de paiement invalide");
    let response = app
        .client
        .put(app.at("/api/admin/event-registrations/999999/payment"))
        .json(&json!({"paymentStatus": "paid"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn the_xlsx_export_has_the_sheet_the_headers_and_one_row_per_person() {
    let app = TestApp::with_admin().await;
    let id = create_event(&app, event_body("Tournoi d'été 4x4", None)).await["id"].as_i64().unwrap();

    // No registrations: no file, a message that says so.
    let empty = app.get(&format!("/api/admin/events/{id}/registrations.xlsx")).await;
    assert_eq!(empty.status(), 404);
    assert_eq!(empty.json::<Value>().await.unwrap()["message"], "Aucune inscription à exporter pour cet événement");

    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let first: Value = register(&marie.client, &app, id, &team(4, "Les Huards")).await.json().await.unwrap();
    let second: Value = register(&paul.client, &app, id, &team(2, "")).await.json().await.unwrap();
    let path = format!("/api/admin/event-registrations/{}/payment", first["id"]);
    // One registration in summer time, one in standard time.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    for (registration, at) in [(&first, "2026-06-10T13:00:00Z"), (&second, "2026-12-01T15:00:00Z")] {
        conn.execute(
            "UPDATE event_registrations SET created_at = ?1 WHERE id = ?2",
            rusqlite::params![at, registration["id"].as_i64()],
        )
        .unwrap();
    }
    app.client.put(app.at(&path)).json(&json!({"paymentStatus": "paid"})).send().await.unwrap();

    let response = app.get(&format!("/api/admin/events/{id}/registrations.xlsx")).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let today = crate::common::now().with_timezone(&chrono_tz::America::Toronto).format("%Y-%m-%d");
    assert_eq!(
        headers["content-disposition"].to_str().unwrap(),
        format!("attachment; filename=\"inscriptions_Tournoi_d_ete_4x4_{today}.xlsx\"")
    );
    assert_eq!(headers["x-row-count"], "6");
    let bytes = response.bytes().await.unwrap();

    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(book.sheet_names(), ["Inscriptions"]);
    let range = book.worksheet_range("Inscriptions").unwrap();
    // The registration date is a date cell on Toronto's clock: 13:00 UTC in June is 09:00,
    // 15:00 UTC in December is 10:00.
    let cells: Vec<&[calamine::Data]> = range.rows().collect();
    for row in &cells[1..5] {
        xlsx_checks::assert_date(&row[7], "2026-06-10", 9, 0);
    }
    for row in &cells[5..7] {
        xlsx_checks::assert_date(&row[7], "2026-12-01", 10, 0);
    }
    xlsx_checks::keep(&bytes, "inscriptions.xlsx");
    xlsx_checks::assert_formats(&bytes, &[xlsx_checks::INSTANT]);
    let sheet = common::snap::workbook(&bytes);
    // One row per person: the team's captain and members, then the unnamed team's.
    insta::assert_json_snapshot!("event_registrations_sheet", sheet);
    let headings: Vec<&str> =
        sheet["Inscriptions"][0].as_array().unwrap().iter().map(|h| h.as_str().unwrap()).collect();
    xlsx_checks::assert_print_layout(
        &bytes,
        1,
        "Inscriptions",
        &headings,
        "&amp;LInscriptions — Tournoi d'été 4x4&amp;RExporté le {day} ",
    );
}

#[tokio::test]
async fn the_xlsx_export_says_gratuit_for_a_registration_with_nothing_to_pay() {
    let app = TestApp::with_admin().await;
    let mut body = event_body("Soirée libre", None);
    body["price"] = json!(0);
    let id = create_event(&app, body).await["id"].as_i64().unwrap();
    let marie = app.user("marie@example.org", None).await;
    let registered: Value = register(&marie.client, &app, id, &team(2, "Les Libres")).await.json().await.unwrap();
    // The row keeps its stored state: only what is shown says free.
    assert_eq!(registered["paymentStatus"], "pending");
    assert_eq!(registered["amountDue"], 0.0);

    let response = app.get(&format!("/api/admin/events/{id}/registrations.xlsx")).await;
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap();
    let mut book: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range("Inscriptions").unwrap();
    let statuses: Vec<String> = range.rows().skip(1).map(|r| r[6].to_string()).collect();
    assert_eq!(statuses, ["Gratuit", "Gratuit"], "the captain's row and the member's");
}

/// What every export's test checks in the workbook's own files, which calamine does not read:
/// the number formats and the print layout (also used by the day-camp and payments tests).
pub(crate) mod xlsx_checks {
    use std::io::{Cursor, Read};

    use calamine::Data;
    use chrono::NaiveDate;

    /// Keeps the workbook as `name` in `$XLSX_OUT_DIR` when it is set, for LibreOffice's check
    /// (`scripts/xlsx-libreoffice.sh`).
    pub fn keep(bytes: &[u8], name: &str) {
        if let Some(dir) = std::env::var_os("XLSX_OUT_DIR") {
            std::fs::write(std::path::Path::new(&dir).join(name), bytes).unwrap();
        }
    }

    /// One file of the xlsx (a zip archive), as text.
    pub fn part(bytes: &[u8], name: &str) -> String {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let mut text = String::new();
        zip.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    }

    /// Excel's serial number of a wall-clock time (days since 1899-12-30, the time as a
    /// fraction of the day): the test's own reference, not the exporter's.
    fn serial(day: &str, hour: u32, minute: u32) -> f64 {
        let day: NaiveDate = day.parse().unwrap();
        let days = (day - NaiveDate::from_ymd_opt(1899, 12, 30).unwrap()).num_days() as f64;
        days + f64::from(hour * 60 + minute) / 1440.0
    }

    /// A date cell (a date number format, read as a date by calamine) at that wall-clock time.
    pub fn assert_date(cell: &Data, day: &str, hour: u32, minute: u32) {
        match cell {
            Data::DateTime(d) if d.is_datetime() => {
                let expected = serial(day, hour, minute);
                assert!((d.as_f64() - expected).abs() < 1e-6, "{cell:?} is not {day} {hour:02}:{minute:02}");
            }
            other => panic!("not a date cell: {other:?}, expected {day} {hour:02}:{minute:02}"),
        }
    }

    /// An amount: a number cell in dollars (its format is checked by `assert_formats`).
    pub fn assert_dollars(cell: &Data, dollars: f64) {
        assert_eq!(cell, &Data::Float(dollars), "an amount of {dollars} dollars");
    }

    /// The instants' number format, French style.
    pub const INSTANT: &str = "dd/mm/yyyy hh:mm";
    /// The days' number format.
    pub const DAY: &str = "dd/mm/yyyy";
    /// The amounts' number format (XML-escaped): `# ##0,00 $` in French.
    pub const DOLLARS: &str = "#,##0.00 &quot;$&quot;";

    /// The workbook has these number formats (`INSTANT`, `DAY`, `DOLLARS`).
    pub fn assert_formats(bytes: &[u8], codes: &[&str]) {
        let styles = part(bytes, "xl/styles.xml");
        for code in codes {
            assert!(styles.contains(&format!("formatCode=\"{code}\"")), "{code} missing from {styles}");
        }
    }

    /// Sheet `n` (from 1) prints landscape on Letter, one page wide and as many pages tall as it
    /// needs, its heading row on every page, under `header` (the start of `<oddHeader>`, XML
    /// escaped), every column at least as wide as its heading.
    pub fn assert_print_layout(bytes: &[u8], n: usize, name: &str, headings: &[&str], header: &str) {
        let sheet = part(bytes, &format!("xl/worksheets/sheet{n}.xml"));
        assert!(sheet.contains("<pageSetUpPr fitToPage=\"1\"/>"), "fit to page in {sheet}");
        let setup = element(&sheet, "<pageSetup ");
        for attribute in ["orientation=\"landscape\"", "fitToHeight=\"0\"", "paperSize=\"1\""] {
            assert!(setup.contains(attribute), "{attribute} in {setup}");
        }
        // fitToWidth is 1 when it is left out (the schema's default).
        assert!(!setup.contains("fitToWidth") || setup.contains("fitToWidth=\"1\""), "{setup}");
        // `{day}` in `header` is the export's day in Toronto: today, or yesterday when the
        // export was written just before midnight.
        let odd_header = element(&sheet, "<oddHeader>");
        let now = crate::common::now().with_timezone(&chrono_tz::America::Toronto);
        let days = [now, now - chrono::Duration::days(1)].map(|d| d.format("%d/%m/%Y").to_string());
        assert!(
            days.iter().any(|day| odd_header.starts_with(&format!("<oddHeader>{}", header.replace("{day}", day)))),
            "{odd_header} is not {header}…"
        );
        let book = part(bytes, "xl/workbook.xml");
        let titles = format!(">'{name}'!$1:$1</definedName>");
        let plain = format!(">{name}!$1:$1</definedName>");
        assert!(
            book.contains("name=\"_xlnm.Print_Titles\"") && (book.contains(&titles) || book.contains(&plain)),
            "the heading row repeated on every page of {name}: {book}"
        );
        let widths = column_widths(&sheet);
        for (col, heading) in headings.iter().enumerate() {
            let width = widths.get(&(col + 1)).copied().unwrap_or(0.0);
            assert!(width >= heading.chars().count() as f64, "column {heading:?} is {width} wide in {sheet}");
        }
    }

    /// The first element starting with `start`, up to its end.
    fn element<'a>(xml: &'a str, start: &str) -> &'a str {
        let from = xml.find(start).unwrap_or_else(|| panic!("no {start} in {xml}"));
        let rest = &xml[from..];
        let end = rest.find("/>").into_iter().chain(rest.find("</")).min().unwrap();
        &rest[..end]
    }

    /// Each column's width (`<col min max width>`), by column number from 1.
    fn column_widths(sheet: &str) -> std::collections::HashMap<usize, f64> {
        let attribute = |col: &str, name: &str| -> String {
            let at = col.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            col[at..].split('"').next().unwrap().to_owned()
        };
        let mut widths = std::collections::HashMap::new();
        // Each element's attributes, with the space before the first one.
        for col in sheet.split("<col ").skip(1).map(|c| format!(" {}", c.split("/>").next().unwrap())) {
            let (min, max): (usize, usize) =
                (attribute(&col, "min").parse().unwrap(), attribute(&col, "max").parse().unwrap());
            let width: f64 = attribute(&col, "width").parse().unwrap();
            for n in min..=max {
                widths.insert(n, width);
            }
        }
        widths
    }
}
