//! The day camp's health form (fiche santé) and its consent through the real router: stored
//! with the registration and the consent (who, when in UTC, which text), refused without the
//! consent in both languages, changed by its parent until the week starts and by nobody else,
//! and erased when the parent withdraws the consent.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::daycamps::{born, count, db, form, register, weeks};

use common::{TestApp, User};
use serde_json::{Value, json};

fn full_form() -> Value {
    json!({
        "allergies": [
            {"what": "Arachides", "severity": "severe", "epinephrine": true},
            {"what": "", "severity": "", "epinephrine": false},
            {"what": "Pollen", "severity": "mild"}
        ],
        "medication": "Ventolin au besoin", "conditions": "Asthme léger", "canSwim": true,
        "emergencyContacts": [
            {"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0102"},
            {"name": "Nina Roy", "relation": "tante", "phone": "819-555-0104"}
        ],
        "pickups": [{"name": "Julie Roy", "relation": "voisine", "phone": "819-555-0103"}],
        "mayLeaveAlone": false, "photoPermission": true
    })
}

async fn call(user: &User, app: &TestApp, method: reqwest::Method, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut request = user.client.request(method, app.at(path));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_health_form_and_its_consent_are_stored_with_the_registration() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let weeks = weeks(&app).await;
    let mut body = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    body["healthForm"] = full_form();
    let before = crate::common::now().format("%Y-%m-%dT%H:%M:%S").to_string();
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_i64().unwrap();

    // The database holds the form, its rows and the consent: who, when (UTC), which text.
    let conn = db(&app);
    let (medication, conditions, swim, alone, photo): (String, String, bool, bool, bool) = conn
        .query_row(
            "SELECT medication, conditions, can_swim, may_leave_alone, photo_permission FROM camp_health_forms
              WHERE registration_id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(
        (medication.as_str(), conditions.as_str(), swim, alone, photo),
        ("Ventolin au besoin", "Asthme léger", true, false, true)
    );
    let allergies: Vec<(String, String, bool)> = conn
        .prepare("SELECT what, severity, epinephrine FROM camp_health_allergies WHERE registration_id = ?1 ORDER BY position")
        .unwrap()
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(allergies, [("Arachides".into(), "severe".into(), true), ("Pollen".into(), "mild".into(), false)]);
    assert_eq!(count(&app, "SELECT count(*) FROM camp_health_people WHERE kind = 'emergency'"), 2);
    assert_eq!(count(&app, "SELECT count(*) FROM camp_health_people WHERE kind = 'pickup'"), 1);
    let (action, version, who, at): (String, String, String, String) = conn
        .query_row(
            "SELECT action, version, user_id, at FROM camp_health_consents WHERE registration_id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!((action.as_str(), version.as_str(), who.as_str()), ("given", "sante-2026-1", parent.id.as_str()));
    assert!(at.ends_with('Z') && at >= before, "consented at {at}, UTC");
    // The registration's own columns follow the form (the admin's tab and export read them).
    let (phone, medical): (String, String) = conn
        .query_row("SELECT emergency_phone, medical_conditions FROM day_camp_registrations WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((phone.as_str(), medical.as_str()), ("819-555-0102", "Asthme léger"));

    // The parent reads it back from /my-registrations.
    let (status, mine) =
        call(&parent, &app, reqwest::Method::GET, &format!("/api/user/day-camp-registrations/{id}/health-form"), None)
            .await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["editable"], true);
    assert_eq!(mine["consentVersion"], "sante-2026-1");
    assert_eq!(mine["consent"]["action"], "given");
    assert_eq!(mine["healthForm"]["allergies"][1], json!({"what": "Pollen", "severity": "mild", "epinephrine": false}));
    assert_eq!(mine["healthForm"]["pickups"][0]["relation"], "voisine");
}

#[tokio::test]
async fn no_consent_no_registration_in_both_languages() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let weeks = weeks(&app).await;
    let mut body = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    body["healthConsent"] = json!(false);
    for (lang, text) in [
        (
            "fr",
            "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.",
        ),
        (
            "en",
            "Tick the box to consent to the use of the health form: without this consent, registration is not possible.",
        ),
    ] {
        let response = parent
            .client
            .post(app.at("/api/day-camp-registrations"))
            .header("X-Lang", lang)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422);
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["fieldErrors"], json!({ "healthConsent": text }), "{lang}");
    }
    assert_eq!(count(&app, "SELECT count(*) FROM day_camp_registrations"), 0);
    assert_eq!(count(&app, "SELECT count(*) FROM camp_health_consents"), 0);
    // A consent to an older text is refused too.
    body["healthConsent"] = json!(true);
    body["healthConsentVersion"] = json!("sante-2025-1");
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["fieldErrors"]["healthConsent"],
        "Le texte du consentement a changé : rechargez la page et relisez-le."
    );
    // The schema refuses a form without a consent in force, whatever the code does.
    let conn = db(&app);
    let refused = conn.execute(
        "INSERT INTO camp_health_forms (registration_id, can_swim, updated_at) VALUES (1, 0, '2026-01-01T00:00:00Z')",
        [],
    );
    assert!(refused.is_err());
}

#[tokio::test]
async fn the_parent_changes_the_form_until_the_week_starts_and_nobody_else_can() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let other = app.user("bea@example.org", None).await;
    let weeks = weeks(&app).await;
    let (status, answer) = register(&parent, &app.url, &form("Léa", &born(&weeks, 7, 40), &[weeks[1].id])).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_i64().unwrap();
    let path = format!("/api/user/day-camp-registrations/{id}/health-form");
    let change = json!({"healthForm": full_form(), "healthConsent": true, "healthConsentVersion": "sante-2026-1"});

    // Another family: as if it did not exist, reading or writing.
    assert_eq!(call(&other, &app, reqwest::Method::GET, &path, None).await.0, 404);
    assert_eq!(call(&other, &app, reqwest::Method::PUT, &path, Some(&change)).await.0, 404);
    let withdraw = format!("/api/user/day-camp-registrations/{id}/health-consent");
    assert_eq!(call(&other, &app, reqwest::Method::DELETE, &withdraw, None).await.0, 404);

    // The parent: a bad row is the field's error; a good change is saved with a new consent.
    let mut bad = change.clone();
    bad["healthForm"]["allergies"][0]["severity"] = json!("");
    let (status, answer) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&bad)).await;
    assert_eq!(status, 422);
    assert_eq!(answer["fieldErrors"]["healthForm.allergies.0.severity"], "Choisissez la gravité de l'allergie");
    let (status, answer) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&change)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["healthForm"]["medication"], "Ventolin au besoin");
    assert_eq!(count(&app, &format!("SELECT count(*) FROM camp_health_consents WHERE registration_id = {id}")), 2);
    assert_eq!(count(&app, &format!("SELECT count(*) FROM camp_health_allergies WHERE registration_id = {id}")), 2);

    // From the week's first day it is the centre's to change.
    db(&app).execute("UPDATE day_camp_weeks SET start_date = '2000-01-03' WHERE id = ?1", [weeks[1].id]).unwrap();
    let (_, mine) = call(&parent, &app, reqwest::Method::GET, &path, None).await;
    assert_eq!(mine["editable"], false);
    let (status, answer) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&change)).await;
    assert_eq!(status, 409);
    assert_eq!(
        answer["message"],
        "Le camp est commencé : la fiche santé ne peut plus être modifiée en ligne. Appelez le centre pour tout changement."
    );
}

#[tokio::test]
async fn withdrawing_the_consent_erases_the_health_form() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let weeks = weeks(&app).await;
    let mut body = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    body["healthForm"] = full_form();
    let (_, answer) = register(&parent, &app.url, &body).await;
    let id = answer["id"].as_i64().unwrap();
    let path = format!("/api/user/day-camp-registrations/{id}/health-consent");

    let (status, answer) = call(&parent, &app, reqwest::Method::DELETE, &path, None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["healthForm"], Value::Null);
    assert_eq!(answer["consent"]["action"], "withdrawn");
    for table in ["camp_health_forms", "camp_health_allergies", "camp_health_people"] {
        assert_eq!(count(&app, &format!("SELECT count(*) FROM {table}")), 0, "{table} erased");
    }
    let (phone, medical): (Option<String>, Option<String>) = db(&app)
        .query_row("SELECT emergency_phone, medical_conditions FROM day_camp_registrations WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((phone, medical), (None, None), "the registration's health columns go too");
    // Recorded with its date; the registration itself stays.
    assert_eq!(
        count(&app, "SELECT count(*) FROM camp_health_consents WHERE action = 'withdrawn' AND at LIKE '20%Z'"),
        1
    );
    assert_eq!(count(&app, "SELECT count(*) FROM day_camp_registrations"), 1);
    // Twice: nothing left to withdraw.
    let (status, answer) = call(&parent, &app, reqwest::Method::DELETE, &path, None).await;
    assert_eq!(status, 409);
    assert_eq!(answer["message"], "Le consentement à la fiche santé est déjà retiré.");
}
