//! A deletion request: the member's own, one open at a time, in the admin's queue with its
//! 30-day clock; answered done, it anonymises the member while every count and total stays.

use serde_json::{Value, json};

use super::{db, two_families};
use crate::common::TestApp;

/// Every text (and byte) value of every table, with where it is.
pub(super) fn every_text(app: &TestApp) -> Vec<(String, String)> {
    let conn = db(app);
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut out = Vec::new();
    for table in tables {
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let names: Vec<String> = stmt.column_names().into_iter().map(str::to_owned).collect();
        let mut rows = stmt.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            for (i, name) in names.iter().enumerate() {
                // Text, and bytes read as text (a session's data holds its strings as they are).
                if let Ok(rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t)) = row.get_ref(i) {
                    out.push((format!("{table}.{name}"), String::from_utf8_lossy(t).into_owned()));
                }
            }
        }
    }
    out
}

/// Counts and totals the accounts keep.
pub(super) fn totals(app: &TestApp) -> Vec<i64> {
    let conn = db(app);
    [
        "SELECT count(*) FROM event_registrations",
        "SELECT coalesce(sum(amount_due_cents), 0) FROM event_registrations",
        "SELECT count(*) FROM day_camp_registrations",
        "SELECT coalesce(sum(amount_cents), 0) FROM day_camp_registrations",
        "SELECT count(*) FROM day_camp_enrolments",
        "SELECT count(*) FROM payment_transfers",
        "SELECT coalesce(sum(amount_cents), 0) FROM payment_transfers",
        "SELECT count(*) FROM court_bookings",
        "SELECT count(*) FROM users",
        "SELECT count(*) FROM event_registrations WHERE payment_status = 'paid'",
    ]
    .iter()
    .map(|sql| conn.query_row(sql, [], |r| r.get(0)).unwrap())
    .collect()
}

#[tokio::test]
async fn a_member_asks_once_sees_only_their_own_and_the_admin_sees_the_clock() {
    let app = TestApp::spawn().await;
    let (a, b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let asked = a.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({"reason": "Nous déménageons"}));
    let first = asked.send().await.unwrap();
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["status"], "open");
    let again = a.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({})).send().await.unwrap();
    assert_eq!(again.status(), 409);
    assert_eq!(again.json::<Value>().await.unwrap()["code"], "deletion_request_open");

    let mine: Value =
        a.user.client.get(app.at("/api/user/deletion-requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine.as_array().unwrap().len(), 1);
    let theirs: Value =
        b.user.client.get(app.at("/api/user/deletion-requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(theirs, json!([]), "another member's request is not theirs to read");

    // The queue: a member and a supervisor are refused; the admin sees 30 days left.
    assert_eq!(a.user.client.get(app.at("/api/admin/deletion-requests")).send().await.unwrap().status(), 403);
    let supervisor = app.user("sup@example.org", Some("supervisor")).await;
    assert_eq!(supervisor.client.get(app.at("/api/admin/deletion-requests")).send().await.unwrap().status(), 403);
    let answer = format!("/api/admin/deletion-requests/{}/answer", first["id"]);
    let refused = a.user.client.post(app.at(&answer)).json(&json!({"outcome": "done"})).send().await.unwrap();
    assert_eq!(refused.status(), 403, "a member cannot answer their own request");
    let queue: Value =
        admin.client.get(app.at("/api/admin/deletion-requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(queue[0]["email"], a.user.email.as_str());
    assert_eq!(queue[0]["daysLeft"], 30);
    assert_eq!(queue[0]["reason"], "Nous déménageons");

    // Overdue: requested 32 days ago in the centre's calendar, at this hour (never 32 × 24 hours
    // in UTC, which is 31 of the centre's days late in the evening across a change of time).
    let now = app.state.settings.clock.now().with_timezone(&app.state.settings.timezone);
    let asked_at = (now.naive_local() - chrono::Days::new(32))
        .and_local_timezone(app.state.settings.timezone)
        .earliest()
        .unwrap()
        .with_timezone(&chrono::Utc);
    db(&app)
        .execute("UPDATE deletion_requests SET requested_at = ?1", [centre_core::timefmt::utc_text(asked_at)])
        .unwrap();
    let queue: Value =
        admin.client.get(app.at("/api/admin/deletion-requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(queue[0]["daysLeft"], -2);

    // A refusal must say why, in the request's language.
    let bare = admin.client.post(app.at(&answer)).header("X-Lang", "en").json(&json!({"outcome": "refused"}));
    let bare = bare.send().await.unwrap();
    assert_eq!(bare.status(), 422);
    assert_eq!(bare.json::<Value>().await.unwrap()["fieldErrors"]["note"], "Say why the request is refused.");
    let odd = admin.client.post(app.at(&answer)).json(&json!({"outcome": "maybe"})).send().await.unwrap();
    assert_eq!(odd.json::<Value>().await.unwrap()["fieldErrors"]["outcome"], "Choisissez : effectuée ou refusée.");
    let long = a.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({"reason": "x".repeat(1001)}));
    let long = long.send().await.unwrap();
    assert_eq!(long.status(), 422);
    assert_eq!(long.json::<Value>().await.unwrap()["fieldErrors"]["reason"], "Ce champ est trop long.");
}

#[tokio::test]
async fn done_anonymises_the_member_and_keeps_every_count_and_total() {
    let app = TestApp::spawn().await;
    let (a, b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let asked = a.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({"reason": "Je pars, Lavoie"}));
    let id = asked.send().await.unwrap().json::<Value>().await.unwrap()["id"].clone();
    // Camp staff opened A's children's records: the log names them too.
    let children: Vec<i64> = db(&app)
        .prepare("SELECT id FROM day_camp_registrations WHERE user_id = ?1")
        .unwrap()
        .query_map([&a.user.id], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(!children.is_empty());
    for child in children {
        let opened = admin.client.get(app.at(&format!("/api/camp-staff/children/{child}"))).send().await.unwrap();
        assert_eq!(opened.status(), 200);
    }
    let before = totals(&app);
    // Every value of A is somewhere in the database before.
    let texts = every_text(&app);
    for value in a.personal() {
        assert!(texts.iter().any(|(_, t)| t.contains(value)), "{value:?} was seeded");
    }

    let answer = format!("/api/admin/deletion-requests/{id}/answer");
    let done =
        admin.client.post(app.at(&answer)).json(&json!({"outcome": "done", "note": "Anonymisé"})).send().await.unwrap();
    assert_eq!(done.status(), 200);
    let done: Value = done.json().await.unwrap();
    assert_eq!(done["status"], "done");
    assert_eq!(done["daysLeft"], Value::Null);

    assert_eq!(totals(&app), before, "counts and totals are unchanged");
    let lines: Vec<(String, String)> = db(&app)
        .prepare("SELECT user_id, state FROM waitlist_entries ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        lines,
        [(a.user.id.clone(), "left".to_owned()), (b.user.id.clone(), "offered".to_owned())],
        "out of the line; the week has places, so the refill that follows offers one to the next"
    );
    // The children's health forms and the consents to them are erased; the other family's stay.
    for table in ["camp_health_forms", "camp_health_allergies", "camp_health_people", "camp_health_consents"] {
        let count = |user: &str| -> i64 {
            db(&app)
                .query_row(
                    &format!("SELECT count(*) FROM {table} h JOIN day_camp_registrations c ON c.id = h.registration_id WHERE c.user_id = ?1"),
                    [user],
                    |r| r.get(0),
                )
                .unwrap()
        };
        assert_eq!(count(&a.user.id), 0, "{table} of the anonymised family");
        assert!(count(&b.user.id) > 0, "{table} of the other family");
    }
    let texts = every_text(&app);
    for value in a.personal() {
        let found: Vec<_> = texts.iter().filter(|(_, t)| t.contains(value)).map(|(w, _)| w.as_str()).collect();
        assert!(found.is_empty(), "{value:?} remains in {found:?}");
    }
    // The other family is untouched.
    for value in b.personal() {
        assert!(texts.iter().any(|(_, t)| t.contains(value)), "family B's {value:?} is kept");
    }
    // Signed out: the member's sessions are gone, the other family's stay.
    let me = a.user.client.get(app.at("/api/user/my-data")).send().await.unwrap();
    assert_eq!(me.status(), 401, "the anonymised member's session ended");
    assert_eq!(b.user.client.get(app.at("/api/user/my-data")).send().await.unwrap().status(), 200);
    // Answered once only.
    let twice =
        admin.client.post(app.at(&answer)).json(&json!({"outcome": "refused", "note": "non"})).send().await.unwrap();
    assert_eq!(twice.status(), 409);
    let unknown =
        admin.client.post(app.at("/api/admin/deletion-requests/999/answer")).json(&json!({"outcome": "done"}));
    assert_eq!(unknown.send().await.unwrap().status(), 404);
}

/// A member's deletion request as they read it, and as the admins' queue shows it.
#[tokio::test]
async fn a_deletion_request_as_the_member_and_the_admins_read_it() {
    let app = TestApp::spawn().await;
    let (a, _b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let asked = a.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({"reason": "Nous déménageons"}));
    assert_eq!(asked.send().await.unwrap().status(), 201);
    let mut settings = crate::common::snap::answer_settings();
    settings.add_redaction(".**.requestedAt", "[instant of the run]");
    settings.add_redaction(".**.answerDue", "[30 days after the request]");
    settings.add_redaction(".**.email", "[the member's address]");
    let mine: Value =
        a.user.client.get(app.at("/api/user/deletion-requests")).send().await.unwrap().json().await.unwrap();
    settings.bind(|| insta::assert_json_snapshot!("deletion_request_member", mine));
    let queue: Value =
        admin.client.get(app.at("/api/admin/deletion-requests")).send().await.unwrap().json().await.unwrap();
    settings.bind(|| insta::assert_json_snapshot!("deletion_request_queue", queue));
}
