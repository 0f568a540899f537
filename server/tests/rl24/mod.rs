//! The RL-24 readiness through the real router: the payers given with a day-camp registration
//! (their social insurance number sealed at rest, never in the SQLite file in clear, masked in
//! every answer), the parent's change, and the admin's January export and statements.
#![allow(clippy::unwrap_used)]

mod export;

use crate::common;
use crate::daycamps::{born, db, form, register, weeks};

use common::{TestApp, User};
use serde_json::{Value, json};

pub(crate) const SIN: &str = "046454286";

pub(crate) fn payer(name: &str, sin: Option<&str>) -> Value {
    json!({
        "name": name, "street": "12 chemin de la Rivière", "city": "La Pêche", "province": "QC",
        "postalCode": "j0x2w0", "sin": sin.unwrap_or("")
    })
}

/// Registers Léa for the first week with `payers`; answers the status and body.
pub(crate) async fn register_with(app: &TestApp, parent: &User, payers: Value) -> (u16, Value) {
    let weeks = weeks(app).await;
    let mut body = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    body["payers"] = payers;
    register(parent, &app.url, &body).await
}

async fn call(user: &User, app: &TestApp, method: reqwest::Method, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut request = user.client.request(method, app.at(path));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// Every byte of the database: the main file and its write-ahead log.
fn file_bytes(app: &TestApp) -> Vec<u8> {
    let mut bytes = std::fs::read(&app.db_path).unwrap();
    let wal = app.db_path.with_extension("db-wal");
    bytes.extend(std::fs::read(wal).unwrap_or_default());
    bytes
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn two_payers_are_kept_and_the_number_is_sealed_and_masked() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let (status, answer) =
        register_with(&app, &parent, json!([payer("Ana Roy", Some("046 454 286")), payer("Marc Roy", None)])).await;
    assert_eq!(status, 201, "{answer}");
    let id = answer["id"].as_i64().unwrap();

    let (status, text) =
        call(&parent, &app, reqwest::Method::GET, &format!("/api/user/day-camp-registrations/{id}/payers"), None).await;
    assert_eq!(status, 200, "{text}");
    assert!(!text.contains("046") && !text.contains("454"), "{text}");
    let body: Value = serde_json::from_str(&text).unwrap();
    let summary: Vec<(String, i64, Value, String)> = body["payers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().into(),
                p["share"].as_i64().unwrap(),
                p["sinMasked"].clone(),
                p["postalCode"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("Ana Roy".into(), 50, json!("*** *** 286"), "J0X 2W0".into()),
            ("Marc Roy".into(), 50, Value::Null, "J0X 2W0".into())
        ]
    );
    assert_eq!(body["editable"], true);

    // The digits are nowhere in the file, grouped or not; the sealed value opens with the
    // server's key for this registration only.
    let bytes = file_bytes(&app);
    assert!(!holds(&bytes, SIN) && !holds(&bytes, "046 454 286"));
    let (sealed, last3): (Vec<u8>, String) = db(&app)
        .query_row(
            "SELECT sin_sealed, sin_last3 FROM camp_registration_payers WHERE registration_id = ?1 AND position = 1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(last3, "286");
    let key = app.state.sin_key.clone().unwrap();
    assert_eq!(key.open(id, &sealed).unwrap(), SIN);
    assert!(key.open(id + 1, &sealed).is_err(), "another registration's number does not open");

    // The parent changes the address; the number left blank is kept for the same payer.
    let mut first = payer("Ana Roy", None);
    first["city"] = json!("Wakefield");
    let change = json!({ "payers": [first, payer("Marc Roy", None)] });
    let path = format!("/api/user/day-camp-registrations/{id}/payers");
    let (status, text) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&change)).await;
    assert_eq!(status, 200, "{text}");
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (body["payers"][0]["city"].clone(), body["payers"][0]["sinMasked"].clone()),
        (json!("Wakefield"), json!("*** *** 286"))
    );

    // Nobody else reaches them.
    let other = app.user("other@example.org", None).await;
    assert_eq!(call(&other, &app, reqwest::Method::GET, &path, None).await.0, 404);
    assert_eq!(call(&other, &app, reqwest::Method::PUT, &path, Some(&change)).await.0, 404);

    // After 31 January following the camp, the payers are the centre's to change.
    let move_week = |start: &str, end: &str| {
        db(&app)
            .execute(
                "UPDATE day_camp_weeks SET start_date = ?2, end_date = ?3
                  WHERE id IN (SELECT week_id FROM day_camp_enrolments WHERE registration_id = ?1)",
                rusqlite::params![id, start, end],
            )
            .unwrap()
    };
    move_week("2020-07-06", "2020-07-10");
    let (status, text) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&change)).await;
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("payers_locked"), "{text}");
    let (_, text) = call(&parent, &app, reqwest::Method::GET, &path, None).await;
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!((body["editable"].clone(), body["editableUntil"].clone()), (json!(false), json!("2021-01-31")));
    move_week("2099-07-06", "2099-07-10");

    // Forgetting the numbers erases them.
    let forget = json!({ "payers": [payer("Ana Roy", None), payer("Marc Roy", None)], "forgetSins": true });
    let (status, text) = call(&parent, &app, reqwest::Method::PUT, &path, Some(&forget)).await;
    assert_eq!(status, 200, "{text}");
    assert!(!text.contains("***"), "{text}");
}

#[tokio::test]
async fn wrong_payers_are_refused_field_by_field_in_both_languages() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let mut bad = payer("Ana Roy", Some("046 454 287"));
    bad["postalCode"] = json!("J0X 2W");
    bad["share"] = json!(60);
    let (status, answer) = register_with(&app, &parent, json!([bad, payer("Marc Roy", None)])).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["fieldErrors"],
        json!({
            "payers.0.postalCode": "Code postal invalide (format A1A 1A1)",
            "payers.0.sin": "Numéro d'assurance sociale invalide : 9 chiffres",
            "payers.0.share": "Les parts des payeurs doivent totaliser 100 %."
        })
    );
    // The same refusals in English.
    let weeks = weeks(&app).await;
    let mut body = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    let mut bad = payer("Ana Roy", Some("046 454 287"));
    bad["postalCode"] = json!("J0X 2W");
    body["payers"] = json!([bad]);
    let english = parent.client.post(app.at("/api/day-camp-registrations")).header("X-Lang", "en").json(&body);
    let answer: Value = english.send().await.unwrap().json().await.unwrap();
    assert_eq!(
        answer["fieldErrors"],
        json!({
            "payers.0.postalCode": "Invalid postal code (format A1A 1A1)",
            "payers.0.sin": "Invalid social insurance number: 9 digits"
        })
    );
    let three = json!([payer("A B", None), payer("C D", None), payer("E F", None)]);
    let (status, answer) = register_with(&app, &parent, three).await;
    assert_eq!((status, answer["fieldErrors"]["payers"].clone()), (422, json!("Deux payeurs au plus.")));
    // Nothing was registered.
    assert_eq!(crate::daycamps::count(&app, "SELECT count(*) FROM day_camp_registrations"), 0);
    // Without payers, a registration still works, with none stored.
    let (status, answer) = register_with(&app, &parent, Value::Null).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(crate::daycamps::count(&app, "SELECT count(*) FROM camp_registration_payers"), 0);
}

#[tokio::test]
async fn the_server_will_not_start_without_the_key_that_sealed_the_numbers() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let (status, answer) = register_with(&app, &parent, json!([payer("Ana Roy", Some(SIN))])).await;
    assert_eq!(status, 201, "{answer}");
    let path = app.db_path.clone();
    let missing = tokio::task::spawn_blocking(move || {
        let mut settings = centre_server::settings::Settings::for_tests(path);
        settings.dev_login = false;
        centre_server::prepare(settings).err().map(|e| e.to_string())
    })
    .await
    .unwrap();
    assert!(missing.as_deref().is_some_and(|e| e.contains("--secret-key-file")), "{missing:?}");
    let other = app.db_path.with_file_name("other.key");
    std::fs::write(&other, "ab".repeat(32)).unwrap();
    let path = app.db_path.clone();
    let wrong = tokio::task::spawn_blocking(move || {
        let mut settings = centre_server::settings::Settings::for_tests(path);
        settings.secret_key_file = Some(other);
        centre_server::prepare(settings).err().map(|e| e.to_string())
    })
    .await
    .unwrap();
    assert!(wrong.as_deref().is_some_and(|e| e.contains("does not open with this key")), "{wrong:?}");
}
