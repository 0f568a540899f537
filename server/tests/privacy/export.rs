//! 'Mes données': the JSON holds every row about its member and their children, checked against
//! the database, and nothing about the other family; the page shows the same, in the language
//! asked.

use serde_json::Value;

use super::{db, two_families};
use crate::common::TestApp;

fn ids(rows: &Value, column: &str) -> Vec<i64> {
    let mut out: Vec<i64> = rows.as_array().unwrap().iter().map(|r| r[column].as_i64().unwrap()).collect();
    out.sort_unstable();
    out
}

fn sql_ids(app: &TestApp, sql: &str, user: &str) -> Vec<i64> {
    let conn = db(app);
    let mut stmt = conn.prepare(sql).unwrap();
    let mut out: Vec<i64> = stmt.query_map([user], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    out.sort_unstable();
    out
}

#[tokio::test]
async fn the_export_holds_every_row_about_the_member_and_nothing_about_anyone_else() {
    let app = TestApp::spawn().await;
    let (a, b) = two_families(&app).await;
    // A deletion request of each family's own.
    for f in [&a, &b] {
        let r = f
            .user
            .client
            .post(app.at("/api/user/deletion-requests"))
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    // A day at camp for each family's child: arrival and departure, an absence notice, an override.
    db(&app)
        .execute_batch(
            "INSERT INTO camp_attendance (registration_id, day, week_id, arrived_at, arrival_entry, left_at, departure_entry,
                 pickup_kind, pickup_name)
               SELECT r.id, '2030-07-02', 1, '2030-07-02T12:00:00Z', 'a' || r.id, '2030-07-02T20:00:00Z', 'd' || r.id,
                 'other', 'Oncle de ' || r.child_first_name FROM day_camp_registrations r;
             INSERT INTO camp_absence_notices (registration_id, day, entry_id, recorded_at)
               SELECT id, '2030-07-03', 'n' || id, '2030-07-03T12:00:00Z' FROM day_camp_registrations;
             INSERT INTO camp_pickup_overrides (registration_id, day, person_name, reason, admin_email, created_at)
               SELECT id, '2030-07-02', 'Oncle de ' || child_first_name, 'Appel', 'admin@example.org', '2030-07-02T15:00:00Z'
                 FROM day_camp_registrations;",
        )
        .unwrap();
    let response = a.user.client.get(app.at("/api/user/my-data")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("mes-donnees.json"));
    let text = response.text().await.unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();

    assert_eq!(data["user"]["id"], a.user.id.as_str());
    assert_eq!(data["user"]["email"], a.user.email.as_str());
    let me = a.user.id.as_str();
    for (section, sql) in [
        ("eventRegistrations", "SELECT id FROM event_registrations WHERE user_id = ?1"),
        ("courtBookings", "SELECT id FROM court_bookings WHERE user_id = ?1"),
        ("dayCampRegistrations", "SELECT id FROM day_camp_registrations WHERE user_id = ?1"),
        ("deletionRequests", "SELECT id FROM deletion_requests WHERE user_id = ?1"),
        ("waitlistEntries", "SELECT id FROM waitlist_entries WHERE user_id = ?1"),
        (
            "payments",
            "SELECT t.id FROM payment_transfers t
             LEFT JOIN event_registrations e ON e.id = t.event_registration_id
             LEFT JOIN day_camp_registrations c ON c.id = t.camp_registration_id
             WHERE e.user_id = ?1 OR c.user_id = ?1",
        ),
        (
            "emails",
            "SELECT o.id FROM outbox_emails o JOIN day_camp_registrations c ON o.about_kind = 'camp_registration' AND o.about_id = c.id
             WHERE c.user_id = ?1",
        ),
    ] {
        let expected = sql_ids(&app, sql, me);
        assert!(!expected.is_empty(), "the seed gives family A rows in {section}");
        assert_eq!(ids(&data[section], "id"), expected, "{section}");
    }
    // The children's health forms, their rows and the consents, every one and only theirs.
    for (section, table) in [
        ("healthForms", "camp_health_forms"),
        ("healthAllergies", "camp_health_allergies"),
        ("healthPeople", "camp_health_people"),
        ("healthConsents", "camp_health_consents"),
        ("campPayers", "camp_registration_payers"),
    ] {
        let expected = sql_ids(
            &app,
            &format!(
                "SELECT h.registration_id FROM {table} h JOIN day_camp_registrations c ON c.id = h.registration_id WHERE c.user_id = ?1"
            ),
            me,
        );
        assert!(!expected.is_empty(), "the seed gives family A rows in {table}");
        assert_eq!(ids(&data[section], "registration_id"), expected, "{section}");
    }
    // The children's days at camp, every one and only theirs.
    for (section, table) in [
        ("campAttendance", "camp_attendance"),
        ("absenceNotices", "camp_absence_notices"),
        ("pickupOverrides", "camp_pickup_overrides"),
    ] {
        let expected = sql_ids(
            &app,
            &format!(
                "SELECT h.registration_id FROM {table} h JOIN day_camp_registrations c ON c.id = h.registration_id WHERE c.user_id = ?1"
            ),
            me,
        );
        assert!(!expected.is_empty(), "family A has rows in {table}");
        assert_eq!(ids(&data[section], "registration_id"), expected, "{section}");
    }
    assert_eq!(data["campAttendance"][0]["pickup_name"], format!("Oncle de {}", a.child));
    assert_eq!(data["pickupOverrides"][0]["reason"], "Appel");
    assert!(data["healthPeople"].as_array().unwrap().iter().any(|p| p["name"] == a.pickup), "the pick-up adult");
    assert_eq!(data["healthConsents"][0]["version"], "sante-2026-1");
    assert_eq!(
        ids(&data["dayCampWeeks"], "registration_id"),
        sql_ids(
            &app,
            "SELECT registration_id FROM day_camp_enrolments JOIN day_camp_registrations c ON c.id = registration_id WHERE c.user_id = ?1",
            me
        ),
    );
    // The children's data and the team members entered are there, with every column.
    let camp = &data["dayCampRegistrations"][0];
    assert_eq!(camp["child_first_name"], a.child);
    assert_eq!(camp["medical_conditions"], a.medical);
    assert_eq!(camp["emergency_phone"], a.phone);
    assert_eq!(data["eventRegistrations"][0]["member2_first_name"], a.teammate);
    assert_eq!(data["eventRegistrations"][0]["event_title"], "Tournoi d'été");
    // Nothing of the other family, anywhere in the file.
    for value in b.personal() {
        assert!(!text.contains(value), "family B's {value:?} is in family A's export");
    }
    let b_ids = sql_ids(&app, "SELECT id FROM day_camp_registrations WHERE user_id = ?1", &b.user.id);
    assert!(!ids(&data["dayCampRegistrations"], "id").iter().any(|id| b_ids.contains(id)));

    // The readable page: the same rows, in the language asked, nothing of B.
    let page = a.user.client.get(app.at("/api/user/my-data.html?lang=en")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = page.text().await.unwrap();
    assert!(html.contains("<html lang=\"en\">") && html.contains("Your day-camp registrations"), "{html}");
    assert!(html.contains(a.child) && html.contains("Allergie sévère aux noix (EpiPen)"));
    assert!(html.contains("Your children&#39;s health forms") && html.contains(a.pickup), "{html}");
    for value in b.personal() {
        assert!(!html.contains(value), "family B's {value:?} is on family A's page");
    }
    let french = a.user.client.get(app.at("/api/user/my-data.html")).send().await.unwrap().text().await.unwrap();
    assert!(french.contains("Vos inscriptions au camp de jour"), "French by default");

    // A visitor has no data to read.
    assert_eq!(app.new_client().get(app.at("/api/user/my-data")).send().await.unwrap().status(), 401);
}

/// 'Mes données' as a member reads it, in French and in English: every section's heading and
/// rows. The run's own instants and days, ids and drawn references are blanked.
#[tokio::test]
async fn the_my_data_page_as_a_member_reads_it() {
    let app = TestApp::spawn().await;
    let (a, _b) = two_families(&app).await;
    let mut settings = insta::Settings::clone_current();
    crate::common::snap::redact_references(&mut settings);
    settings.add_filter(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?", "[instant of the run]");
    settings.add_filter(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", "[account id]");
    settings.add_filter(r"\b\d{4}-\d{2}-\d{2}\b", "[day]");
    for (lang, query) in [("fr", ""), ("en", "?lang=en")] {
        let page = a.user.client.get(app.at(&format!("/api/user/my-data.html{query}"))).send().await.unwrap();
        assert_eq!(page.status(), 200);
        let html = page.text().await.unwrap();
        settings.bind(|| insta::assert_snapshot!(format!("my_data_page_{lang}"), html));
    }
}
