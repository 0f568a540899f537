//! Errors name each field as the request names it, through the real router: one bad value at a
//! time in every field of the health form (sent as `healthForm`, so `healthForm.allergies.0.what`)
//! and of the RL-24 payers (`payers.1.city`), in a registration and in the parent's later change,
//! and the older top-level `medicalConditions` and `emergencyPhone` under their own names. The
//! PWA puts each error next to the input of that name.
//!
//! Planted once (then reverted): with core naming the form's conditions `medicalConditions`
//! wherever they were sent, and with the payers numbered after the blank rows were dropped, this
//! failed on `healthForm/conditions` (registration and change) and on the blank first payer.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::daycamps::{born, form, weeks};
use crate::rl24::payer;

use common::TestApp;
use serde_json::{Value, json};

/// A valid health form with a row in every list, and two emergency contacts.
fn health() -> Value {
    json!({
        "allergies": [{"what": "Arachides", "severity": "severe", "epinephrine": true}],
        "medication": "Ventolin", "conditions": "Asthme léger", "canSwim": true,
        "emergencyContacts": [
            {"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0102"},
            {"name": "Nina Roy", "relation": "tante", "phone": "819-555-0104"}
        ],
        "pickups": [{"name": "Julie Roy", "relation": "voisine", "phone": "819-555-0103"}],
        "mayLeaveAlone": false, "photoPermission": false
    })
}

/// Sets `value` at the JSON pointer `at` (its parent must exist).
fn set(body: &mut Value, at: &str, value: Value) {
    let (parent, key) = at.rsplit_once('/').unwrap();
    let target = body.pointer_mut(parent).unwrap_or_else(|| panic!("no {parent}"));
    match target {
        Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
        Value::Object(map) => {
            map.insert(key.to_owned(), value);
        }
        other => panic!("{at}: {other}"),
    }
}

/// One bad value in each field of the health form, at its place in `healthForm`, and the field
/// the error must name.
fn health_cases() -> Vec<(&'static str, Value, &'static str)> {
    let long = json!("x".repeat(2001));
    let seven = json!(vec![json!({"what": "Pollen", "severity": "mild"}); 7]);
    let three = json!(vec![json!({"name": "A", "relation": "B", "phone": "819-555-0102"}); 3]);
    let five = json!(vec![json!({"name": "A", "relation": "B", "phone": "819-555-0102"}); 5]);
    vec![
        ("/allergies/0/what", json!(""), "healthForm.allergies.0.what"),
        ("/allergies/0/severity", json!("terrible"), "healthForm.allergies.0.severity"),
        ("/allergies", seven, "healthForm.allergies"),
        ("/medication", long.clone(), "healthForm.medication"),
        ("/conditions", long, "healthForm.conditions"),
        ("/emergencyContacts/0/name", json!(""), "healthForm.emergencyContacts.0.name"),
        ("/emergencyContacts/0/relation", json!(" "), "healthForm.emergencyContacts.0.relation"),
        ("/emergencyContacts/0/phone", json!("abc"), "healthForm.emergencyContacts.0.phone"),
        ("/emergencyContacts/1/name", json!(""), "healthForm.emergencyContacts.1.name"),
        ("/emergencyContacts/1/relation", json!(""), "healthForm.emergencyContacts.1.relation"),
        ("/emergencyContacts/1/phone", json!("12"), "healthForm.emergencyContacts.1.phone"),
        ("/emergencyContacts", three, "healthForm.emergencyContacts"),
        ("/pickups/0/name", json!(""), "healthForm.pickups.0.name"),
        ("/pickups/0/relation", json!(""), "healthForm.pickups.0.relation"),
        ("/pickups/0/phone", json!("téléphone"), "healthForm.pickups.0.phone"),
        ("/pickups", five, "healthForm.pickups"),
    ]
}

/// One bad value in each field of the payers (two of them), and the field the error must name.
fn payer_cases() -> Vec<(&'static str, Value, &'static str)> {
    let mut cases = Vec::new();
    for (i, fields) in [
        [
            "payers.0.name",
            "payers.0.street",
            "payers.0.city",
            "payers.0.province",
            "payers.0.postalCode",
            "payers.0.sin",
        ],
        [
            "payers.1.name",
            "payers.1.street",
            "payers.1.city",
            "payers.1.province",
            "payers.1.postalCode",
            "payers.1.sin",
        ],
    ]
    .into_iter()
    .enumerate()
    {
        let at = |f: &str| -> &'static str { Box::leak(format!("/{i}/{f}").into_boxed_str()) };
        cases.extend([
            (at("name"), json!(""), fields[0]),
            (at("street"), json!(""), fields[1]),
            (at("city"), json!(" "), fields[2]),
            (at("province"), json!("XX"), fields[3]),
            (at("postalCode"), json!("123"), fields[4]),
            (at("sin"), json!("123 456 789"), fields[5]),
        ]);
    }
    // The shares are checked together, on the first payer's.
    cases.push(("/0/share", json!(70), "payers.0.share"));
    cases
}

fn payers() -> Value {
    json!([payer("Ana Roy", Some(crate::rl24::SIN)), payer("Marc Roy", None)])
}

/// The fields a 422 names.
async fn refused(request: reqwest::RequestBuilder, case: &str) -> Vec<String> {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(status, 422, "{case}: {body}");
    body["fieldErrors"].as_object().unwrap().keys().cloned().collect()
}

#[tokio::test]
async fn every_field_of_the_health_form_and_the_payers_is_named_as_the_request_names_it() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let weeks = weeks(&app).await;
    let mut good = form("Léa", &born(&weeks, 7, 40), &[weeks[0].id]);
    good["healthForm"] = health();
    good["payers"] = payers();
    // The older top-level fields are left out: the form carries its own.
    for older in ["medicalConditions", "emergencyPhone", "canSwim"] {
        good.as_object_mut().unwrap().remove(older);
    }
    let mut failures = Vec::new();
    let mut check = |case: String, named: Vec<String>, expected: &str| {
        if named != [expected] {
            failures.push(format!("{case}: named {named:?}, expected [{expected:?}]"));
        }
    };

    // A registration.
    let post = |body: &Value| parent.client.post(app.at("/api/day-camp-registrations")).json(body);
    for (at, value, expected) in health_cases() {
        let mut body = good.clone();
        set(&mut body, &format!("/healthForm{at}"), value);
        check(format!("registration healthForm{at}"), refused(post(&body), at).await, expected);
    }
    for (at, value, expected) in payer_cases() {
        let mut body = good.clone();
        set(&mut body, &format!("/payers{at}"), value);
        check(format!("registration payers{at}"), refused(post(&body), at).await, expected);
    }
    // The older top-level fields, sent at the top level, keep their names; the form's own
    // conditions, when it has them, are the form's.
    for (field, value, left_out) in [
        ("medicalConditions", json!("x".repeat(2001)), "/healthForm/conditions"),
        ("emergencyPhone", json!("abc"), "/healthForm/emergencyContacts/0/phone"),
    ] {
        let mut body = good.clone();
        let (parent, key) = left_out.rsplit_once('/').unwrap();
        body.pointer_mut(parent).unwrap().as_object_mut().unwrap().remove(key);
        body[field] = value;
        check(format!("registration {field}"), refused(post(&body), field).await, field);
    }
    let mut body = good.clone();
    body["medicalConditions"] = json!("Aucune");
    body["healthForm"]["conditions"] = json!("x".repeat(2001));
    check("conditions in both places".to_owned(), refused(post(&body), "both").await, "healthForm.conditions");
    let mut body = good.clone();
    body["payers"] = json!([payer("A", None), payer("B", None), payer("C", None)]);
    check("three payers".to_owned(), refused(post(&body), "three").await, "payers");
    // A blank first payer keeps its place: the one sent second is `payers.1`.
    let mut body = good.clone();
    body["payers"] =
        json!([{}, {"name": "Ana Roy", "street": "", "city": "La Pêche", "province": "QC", "postalCode": "J0X 2W0"}]);
    check("a blank first payer".to_owned(), refused(post(&body), "blank first").await, "payers.1.street");

    // The parent's change of the form and of the payers, from /my-registrations.
    let response = post(&good).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let id = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let change = json!({"healthForm": health(), "healthConsent": true, "healthConsentVersion": "sante-2026-1"});
    let form_path = app.at(&format!("/api/user/day-camp-registrations/{id}/health-form"));
    for (at, value, expected) in health_cases() {
        let mut body = change.clone();
        set(&mut body, &format!("/healthForm{at}"), value);
        let request = parent.client.put(&form_path).json(&body);
        check(format!("change healthForm{at}"), refused(request, at).await, expected);
    }
    let payers_path = app.at(&format!("/api/user/day-camp-registrations/{id}/payers"));
    for (at, value, expected) in payer_cases() {
        let mut body = json!({"payers": payers()});
        set(&mut body, &format!("/payers{at}"), value);
        let request = parent.client.put(&payers_path).json(&body);
        check(format!("change payers{at}"), refused(request, at).await, expected);
    }
    assert!(failures.is_empty(), "fields named otherwise than the request names them:\n{}", failures.join("\n"));
}
