//! The person in charge and the incidents register: admins only, every field checked by core,
//! refused in the request's language.

use serde_json::{Value, json};

use crate::common::TestApp;

#[tokio::test]
async fn the_person_in_charge_is_published_and_only_admins_change_them() {
    let app = TestApp::spawn().await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let member = app.user("member@example.org", None).await;
    let default: Value = app.new_client().get(app.at("/api/privacy")).send().await.unwrap().json().await.unwrap();
    assert_eq!(default["name"], "Direction générale", "the highest authority until someone is named");

    let bad = admin.client.put(app.at("/api/admin/privacy")).json(&json!({"name": " ", "email": "pas-un-courriel"}));
    let bad = bad.send().await.unwrap();
    assert_eq!(bad.status(), 422);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["name"], "Ce champ est requis.");
    assert_eq!(body["fieldErrors"]["title"], "Ce champ est requis.");
    assert_eq!(body["fieldErrors"]["email"], "Email invalide");
    assert_eq!(body["fieldErrors"]["phone"], "Le numéro de téléphone est requis");
    let en =
        admin.client.put(app.at("/api/admin/privacy")).header("X-Lang", "en").json(&json!({})).send().await.unwrap();
    assert_eq!(en.json::<Value>().await.unwrap()["fieldErrors"]["name"], "This field is required.");

    let named = json!({"name": "Rosalie Caron", "title": "Directrice générale", "email": "vie.privee@example.org", "phone": "819-555-0199"});
    assert_eq!(member.client.put(app.at("/api/admin/privacy")).json(&named).send().await.unwrap().status(), 403);
    assert_eq!(app.new_client().put(app.at("/api/admin/privacy")).json(&named).send().await.unwrap().status(), 401);
    assert_eq!(admin.client.put(app.at("/api/admin/privacy")).json(&named).send().await.unwrap().status(), 200);
    let published: Value = app.new_client().get(app.at("/api/privacy")).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (published["name"].as_str(), published["email"].as_str()),
        (Some("Rosalie Caron"), Some("vie.privee@example.org"))
    );
}

#[tokio::test]
async fn the_incidents_register_is_kept_by_admins_with_every_field_checked() {
    let app = TestApp::spawn().await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let supervisor = app.user("sup@example.org", Some("supervisor")).await;
    for client in [&supervisor.client, &app.user("member@example.org", None).await.client] {
        assert_eq!(client.get(app.at("/api/admin/privacy-incidents")).send().await.unwrap().status(), 403);
    }
    assert_eq!(app.new_client().get(app.at("/api/admin/privacy-incidents")).send().await.unwrap().status(), 401);

    let future = json!({"occurredOn": "2999-01-01", "description": "", "affected": "Une famille"});
    let bad = admin.client.post(app.at("/api/admin/privacy-incidents")).json(&future).send().await.unwrap();
    assert_eq!(bad.status(), 422);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["occurredOn"], "La date ne peut pas être dans le futur.");
    assert_eq!(body["fieldErrors"]["description"], "Ce champ est requis.");
    let en = admin
        .client
        .post(app.at("/api/admin/privacy-incidents"))
        .header("X-Lang", "en")
        .json(&json!({"occurredOn": "hier"}));
    let en: Value = en.send().await.unwrap().json().await.unwrap();
    assert_eq!(en["fieldErrors"]["occurredOn"], "Invalid date");
    assert_eq!(en["fieldErrors"]["affected"], "This field is required.");

    let incident = json!({
        "occurredOn": "2026-06-02", "description": "Liste des enfants envoyée au mauvais parent",
        "affected": "12 familles de la semaine 1", "reportedToCommission": false, "reportedToPeople": true
    });
    let added = admin.client.post(app.at("/api/admin/privacy-incidents")).json(&incident).send().await.unwrap();
    assert_eq!(added.status(), 201);
    let added: Value = added.json().await.unwrap();
    let mut edited = incident.clone();
    edited["reportedToCommission"] = json!(true);
    let path = format!("/api/admin/privacy-incidents/{}", added["id"]);
    assert_eq!(supervisor.client.put(app.at(&path)).json(&edited).send().await.unwrap().status(), 403);
    let saved = admin.client.put(app.at(&path)).json(&edited).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    let list: Value =
        admin.client.get(app.at("/api/admin/privacy-incidents")).send().await.unwrap().json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["reportedToCommission"], true);
    assert_eq!(list[0]["affected"], "12 familles de la semaine 1");
    let missing = admin.client.put(app.at("/api/admin/privacy-incidents/999")).json(&edited).send().await.unwrap();
    assert_eq!(missing.status(), 404);
}
