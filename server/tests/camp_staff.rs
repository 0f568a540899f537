//! Camp staff ('Animateur') through the real router: an admin grants the role and gives weeks;
//! a counsellor sees their week's children with flags only, opens one child's full record (one
//! log row each time), and gets 403 for another week's child, as members and supervisors do.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::daycamps::{born, count, form, register, weeks};

use common::TestApp;
use serde_json::{Value, json};

async fn get(client: &reqwest::Client, app: &TestApp, path: &str) -> (u16, Value) {
    let response = client.get(app.at(path)).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn views(app: &TestApp) -> i64 {
    count(app, "SELECT count(*) FROM child_record_views")
}

#[tokio::test]
async fn a_counsellor_sees_their_week_and_each_opened_record_is_logged() {
    let app = TestApp::spawn().await;
    let admin = app.user("direction@example.org", Some("admin")).await;
    let counsellor = app.user("animatrice@example.org", None).await;
    let parent = app.user("ana@example.org", None).await;
    let supervisor = app.user("surveillance@example.org", Some("supervisor")).await;
    let weeks = weeks(&app).await;
    let (week1, week2) = (weeks[0].id, weeks[1].id);
    let mut lea_form = form("Léa", &born(&weeks, 7, 40), &[week1]);
    lea_form["healthForm"]["allergies"] = json!([{"what": "Arachides", "severity": "severe", "epinephrine": true}]);
    lea_form["healthForm"]["pickups"] = json!([{"name": "Julie Roy", "relation": "tante", "phone": "819-555-0103"}]);
    let (status, lea) = register(&parent, &app.url, &lea_form).await;
    assert_eq!(status, 201, "{lea}");
    let (status, noe) = register(&parent, &app.url, &form("Noé", &born(&weeks, 7, 40), &[week2])).await;
    assert_eq!(status, 201, "{noe}");
    let lea_id = lea["id"].as_i64().unwrap();
    let noe_id = noe["id"].as_i64().unwrap();

    // Not camp staff yet: refused, and weeks cannot be given before the role.
    assert_eq!(get(&counsellor.client, &app, &format!("/api/camp-staff/weeks/{week1}/children")).await.0, 403);
    let path = format!("/api/admin/camp-staff/{}/weeks", counsellor.id);
    let early = admin.client.put(app.at(&path)).json(&json!({"weekIds": [week1]})).send().await.unwrap();
    assert_eq!(early.status(), 409);
    let body: Value = early.json().await.unwrap();
    assert_eq!(body["code"], "not_camp_staff");
    assert_eq!(body["message"], "Ce membre n'a pas le rôle d'animateur : donnez-lui d'abord le rôle.");

    // The admin grants the role and gives week 1; an unknown week is the field's error.
    let granted = admin.client.post(app.at(&format!("/api/admin/camp-staff/{}", counsellor.id))).send().await.unwrap();
    assert_eq!(granted.status(), 201);
    let unknown = admin.client.put(app.at(&path)).json(&json!({"weekIds": [week1, 9999]})).send().await.unwrap();
    assert_eq!(unknown.status(), 422);
    let body: Value = unknown.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["weekIds"], "Cette semaine de camp n'existe pas.");
    let given = admin.client.put(app.at(&path)).json(&json!({"weekIds": [week1, week1]})).send().await.unwrap();
    assert_eq!(given.status(), 200);
    assert_eq!(given.json::<Value>().await.unwrap()["weekIds"], json!([week1]));
    let (_, status) = get(&counsellor.client, &app, "/api/camp-staff/status").await;
    assert_eq!(status["isCampStaff"], true);
    assert_eq!(status["weeks"][0]["id"], week1);

    // The week at a glance: flags and who picks up (the parent, then the form's adults), no
    // health details.
    let (code, children) = get(&counsellor.client, &app, &format!("/api/camp-staff/weeks/{week1}/children")).await;
    assert_eq!(code, 200, "{children}");
    let list = children.as_array().unwrap();
    assert_eq!(list.len(), 1, "{children}");
    assert_eq!(list[0]["childFirstName"], "Léa");
    assert_eq!(list[0]["hasHealthNotes"], true);
    assert_eq!(list[0]["hasEmergencyPhone"], true);
    assert_eq!(list[0]["hasHealthForm"], true);
    assert_eq!(
        (&list[0]["hasAllergy"], &list[0]["severeAllergy"], &list[0]["epinephrine"]),
        (&json!(true), &json!(true), &json!(true))
    );
    assert_eq!(list[0]["pickUp"], json!(["Ana Roy", "Julie Roy (tante)"]));
    assert!(list[0].get("healthForm").is_none(), "no health form in the list: {children}");
    assert!(list[0].get("medicalConditions").is_none(), "no health detail in the list: {children}");
    assert!(list[0].get("parentPhone").is_none(), "{children}");
    assert_eq!(get(&counsellor.client, &app, &format!("/api/camp-staff/weeks/{week2}/children")).await.0, 403);

    // Opening Léa's record: the details, and exactly one log row per opening.
    assert_eq!(views(&app), 0);
    let (code, record) = get(&counsellor.client, &app, &format!("/api/camp-staff/children/{lea_id}")).await;
    assert_eq!(code, 200, "{record}");
    assert_eq!(record["medicalConditions"], "Allergie aux arachides");
    assert_eq!(record["emergencyPhone"], "819-555-0199");
    let health = &record["healthForm"];
    assert_eq!(health["allergies"], json!([{"what": "Arachides", "severity": "severe", "epinephrine": true}]));
    assert_eq!(health["conditions"], "Allergie aux arachides");
    assert_eq!(health["emergencyContacts"][0]["name"], "Marc Roy");
    assert_eq!(health["pickups"][0], json!({"name": "Julie Roy", "relation": "tante", "phone": "819-555-0103"}));
    assert_eq!((&health["mayLeaveAlone"], &health["photoPermission"]), (&json!(false), &json!(false)));
    assert_eq!(views(&app), 1);
    get(&counsellor.client, &app, &format!("/api/camp-staff/children/{lea_id}")).await;
    assert_eq!(views(&app), 2);

    // Another week's child, the parent, a supervisor and a visitor: refused, and nothing logged.
    assert_eq!(get(&counsellor.client, &app, &format!("/api/camp-staff/children/{noe_id}")).await.0, 403);
    assert_eq!(get(&parent.client, &app, &format!("/api/camp-staff/children/{lea_id}")).await.0, 403);
    assert_eq!(get(&supervisor.client, &app, &format!("/api/camp-staff/children/{lea_id}")).await.0, 403);
    assert_eq!(get(&app.new_client(), &app, &format!("/api/camp-staff/children/{lea_id}")).await.0, 401);
    assert_eq!(get(&counsellor.client, &app, "/api/camp-staff/children/424242").await.0, 404);
    assert_eq!(views(&app), 2);

    // The admins' log: who, when, which child, newest first; counsellors cannot read it.
    let (code, log) = get(&admin.client, &app, "/api/admin/child-record-views").await;
    assert_eq!(code, 200);
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0]["childName"], "Léa Roy");
    assert_eq!(log[0]["viewerEmail"], "animatrice@example.org");
    assert_eq!(log[0]["registrationId"], lea_id);
    assert!(log[0]["viewedAt"].as_str().unwrap() >= log[1]["viewedAt"].as_str().unwrap());
    assert_eq!(get(&counsellor.client, &app, "/api/admin/child-record-views").await.0, 403);

    // An admin opening a record is logged too.
    assert_eq!(get(&admin.client, &app, &format!("/api/camp-staff/children/{noe_id}")).await.0, 200);
    assert_eq!(views(&app), 3);

    // The role removed, the weeks go with it.
    let removed =
        admin.client.delete(app.at(&format!("/api/admin/camp-staff/{}", counsellor.id))).send().await.unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(count(&app, "SELECT count(*) FROM camp_staff_weeks"), 0);
    assert_eq!(get(&counsellor.client, &app, &format!("/api/camp-staff/weeks/{week1}/children")).await.0, 403);
    let (_, status) = get(&counsellor.client, &app, "/api/camp-staff/status").await;
    assert_eq!(status, json!({"isCampStaff": false, "weeks": []}));
}
