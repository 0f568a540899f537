//! Retention with the scheduled work's clock: a child's health data and attendance go a year
//! after the camp season, sent e-mails and the forms of ended places in line after 180 days, registrations and bookings are anonymised six full years
//! after their year; the admin sees what goes when, every count and total stays, and each is
//! done once.

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use centre_server::db::privacy::retention::{self, Report};

use super::deletion::{every_text, totals};
use super::{db, two_families};
use crate::common::TestApp;

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

/// The server's scheduled pass at `when`, then what retention has done so far, by kind, read
/// back from the database.
async fn pass(app: &TestApp, when: &str) -> Report {
    centre_server::scheduler::run_once(&app.state, at(when)).await.unwrap();
    let conn = db(app);
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as usize;
    Report {
        health: count("SELECT count(*) FROM day_camp_registrations WHERE health_erased_at IS NOT NULL"),
        // The attendance planted below: A's child's day, B's child's override.
        attendance: 2 - count(
            "SELECT count(DISTINCT registration_id) FROM (SELECT registration_id FROM camp_attendance
            UNION ALL SELECT registration_id FROM camp_pickup_overrides)",
        ),
        camp_registrations: count("SELECT count(*) FROM day_camp_registrations WHERE anonymised_at IS NOT NULL"),
        event_registrations: count("SELECT count(*) FROM event_registrations WHERE anonymised_at IS NOT NULL"),
        court_bookings: count("SELECT count(*) FROM court_bookings WHERE anonymised_at IS NOT NULL"),
        emails: 2 - count("SELECT count(*) FROM outbox_emails"),
        waiting_list_forms: count("SELECT count(*) FROM waitlist_entries WHERE form IS NULL"),
    }
}

fn medical(app: &TestApp) -> Vec<Option<String>> {
    let conn = db(app);
    let mut stmt = conn.prepare("SELECT medical_conditions FROM day_camp_registrations ORDER BY id").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

#[tokio::test]
async fn health_data_then_records_go_on_their_day_once_and_every_total_stays() {
    let app = TestApp::spawn().await;
    let (a, b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    {
        // The 2026 season: six weeks from 6 July, the last ending 14 August; both children in
        // the first. The event was in August 2025; A's booking in July 2025, B's is to come.
        let conn = db(&app);
        conn.execute(
            "UPDATE day_camp_weeks SET start_date = date('2026-07-06', '+' || ((id - (SELECT min(id) FROM day_camp_weeks)) * 7) || ' days'),
                 end_date = date('2026-07-10', '+' || ((id - (SELECT min(id) FROM day_camp_weeks)) * 7) || ' days')",
            [],
        )
        .unwrap();
        conn.execute("UPDATE events SET start_date = '2025-08-24T13:00:00Z' WHERE id = 1", []).unwrap();
        // Their places in line for the second week ended with the season.
        conn.execute("UPDATE waitlist_entries SET state = 'closed', ended_at = '2026-08-14T20:00:00Z'", []).unwrap();
        conn.execute(
            "UPDATE court_bookings SET start_time = '2025-07-01T14:00:00Z', end_time = '2025-07-01T15:00:00Z' WHERE user_id = ?1",
            [&a.user.id],
        )
        .unwrap();
        // A counsellor's phone recorded A's child's day; an admin allowed someone to take B's.
        conn.execute_batch(
            "INSERT INTO camp_attendance_entries (entry_id, device_id, seq, registration_id, week_id, day, action, at,
                 received_at, outcome)
               SELECT 'e1', 'phone', 1, r.id, e.week_id, '2026-07-07', 'arrival', '2026-07-07T12:00:00Z', '2026-07-07T12:00:01Z', 'applied'
                 FROM day_camp_registrations r JOIN day_camp_enrolments e ON e.registration_id = r.id ORDER BY r.id LIMIT 1;
             INSERT INTO camp_attendance (registration_id, day, week_id, arrived_at, arrival_entry)
               SELECT registration_id, day, week_id, at, entry_id FROM camp_attendance_entries;
             INSERT INTO camp_pickup_overrides (registration_id, day, person_name, reason, admin_email, created_at)
               SELECT max(id), '2026-07-08', 'Oncle Paul', 'Appel de la mère', 'admin@example.org', '2026-07-08T12:00:00Z'
                 FROM day_camp_registrations;",
        )
        .unwrap();
    }

    // What goes when, as the admin reads it (days written by hand).
    let read = admin.client.get(app.at("/api/admin/privacy-retention")).send().await.unwrap();
    assert_eq!(read.status(), 200);
    let read: Value = read.json().await.unwrap();
    assert_eq!((read["healthMonths"].clone(), read["recordsYears"].clone()), (json!(12), json!(6)));
    assert_eq!(
        read["upcoming"],
        json!([
            {"kind": "sentEmail", "dueOn": "2026-07-02", "count": 2},
            {"kind": "waitingListForm", "dueOn": "2027-02-10", "count": 2},
            {"kind": "health", "dueOn": "2027-08-14", "count": 2},
            {"kind": "attendance", "dueOn": "2027-08-14", "count": 2},
            {"kind": "eventRegistration", "dueOn": "2032-01-01", "count": 2},
            {"kind": "courtBooking", "dueOn": "2032-01-01", "count": 1},
            {"kind": "campRegistration", "dueOn": "2033-01-01", "count": 2},
            {"kind": "courtBooking", "dueOn": "2106-01-01", "count": 1},
        ])
    );
    let before = totals(&app);

    // The day before the health data's day (noon in Gatineau): only the old e-mails and the
    // forms of the ended places in line go.
    let done = pass(&app, "2027-08-13T16:00:00Z").await;
    assert_eq!((done.health, done.attendance, done.emails, done.waiting_list_forms), (0, 0, 2, 2));
    assert_eq!(medical(&app), [Some(a.medical.to_owned()), Some(b.medical.to_owned())]);

    // On the day: both children's health data is gone; the registrations, names and totals stay.
    let done = pass(&app, "2027-08-14T16:00:00Z").await;
    assert_eq!((done.health, done.attendance, done.camp_registrations, done.event_registrations), (2, 2, 0, 0));
    assert_eq!(medical(&app), [None, None]);
    for table in [
        "camp_health_forms",
        "camp_health_allergies",
        "camp_health_people",
        "camp_attendance",
        "camp_attendance_entries",
        "camp_pickup_overrides",
    ] {
        let left: i64 = db(&app).query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)).unwrap();
        assert_eq!(left, 0, "{table} is erased");
    }
    let texts = every_text(&app);
    for f in [&a, &b] {
        assert!(!texts.iter().any(|(_, t)| t.contains(f.medical)), "{} is erased", f.medical);
        assert!(texts.iter().any(|(w, t)| w == "day_camp_registrations.child_first_name" && t == f.child));
    }
    assert_eq!(totals(&app), before);
    // A second server on the same file, the same day: its own pass finds nothing more to do.
    let other = db(&app);
    let today = chrono::NaiveDate::from_ymd_opt(2027, 8, 14).unwrap();
    assert_eq!(retention::run(&other, today, at("2027-08-14T16:05:00Z")).unwrap(), Report::default());
    // Erased stays erased, whatever writes.
    let rewrite = db(&app).execute("UPDATE day_camp_registrations SET medical_conditions = 'Asthme'", []);
    assert!(rewrite.is_err(), "the schema keeps erased health data erased");

    // 1 January 2032: the 2025 event's registrations and A's 2025 booking are anonymised.
    let done = pass(&app, "2032-01-01T16:00:00Z").await;
    assert_eq!((done.event_registrations, done.court_bookings, done.camp_registrations), (2, 1, 0));
    let texts = every_text(&app);
    let in_table = |table: &str, value: &str| texts.iter().any(|(w, t)| w.starts_with(table) && t.contains(value));
    for f in [&a, &b] {
        assert!(!in_table("event_registrations.", f.teammate), "{} left the team's row", f.teammate);
        assert!(!in_table("event_registrations.", f.last));
    }
    assert!(!in_table("court_bookings.", a.phone), "A's old booking is anonymised");
    assert!(in_table("court_bookings.", b.phone), "B's booking to come is kept");
    assert!(in_table("day_camp_registrations.", a.child), "camp records wait for their own year");
    assert!(in_table("camp_registration_payers.", a.last), "and so do their payers");
    assert_eq!(totals(&app), before);

    // 1 January 2033: the 2026 camp's registrations too; nothing of A's children is left.
    let done = pass(&app, "2033-01-01T16:00:00Z").await;
    assert_eq!(done.camp_registrations, 2);
    let texts = every_text(&app);
    for value in [a.child, a.medical, a.phone, a.teammate, a.parent_email] {
        let found: Vec<_> = texts.iter().filter(|(_, t)| t.contains(value)).map(|(w, _)| w.as_str()).collect();
        assert!(found.is_empty(), "{value:?} remains in {found:?}");
    }
    // The payers' names and addresses went with them; their shares stay with the accounts.
    let payer_texts =
        |value: &str| texts.iter().any(|(w, t)| w.starts_with("camp_registration_payers.") && t.contains(value));
    assert!(!payer_texts(a.last) && !payer_texts(b.last));
    let shares: i64 = db(&app)
        .query_row("SELECT sum(share_percent) FROM camp_registration_payers WHERE street IS NULL", [], |r| r.get(0))
        .unwrap();
    assert_eq!(shares, 200);
    assert_eq!(totals(&app), before, "counts and totals are unchanged");
    let read: Value =
        admin.client.get(app.at("/api/admin/privacy-retention")).send().await.unwrap().json().await.unwrap();
    assert_eq!(read["upcoming"], json!([{"kind": "courtBooking", "dueOn": "2106-01-01", "count": 1}]));
}

#[tokio::test]
async fn the_admin_chooses_the_periods_within_the_law_and_the_days_follow() {
    let app = TestApp::spawn().await;
    let (a, _b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let short =
        admin.client.put(app.at("/api/admin/privacy-retention")).json(&json!({"healthMonths": 12, "recordsYears": 5}));
    let short = short.send().await.unwrap();
    assert_eq!(short.status(), 422);
    assert_eq!(
        short.json::<Value>().await.unwrap()["fieldErrors"]["recordsYears"],
        "Un nombre entier d'années, de 6 (le minimum de la loi fiscale) à 20."
    );
    let odd = admin.client.put(app.at("/api/admin/privacy-retention")).header("X-Lang", "en");
    let odd = odd.json(&json!({"healthMonths": "dix", "recordsYears": 6})).send().await.unwrap();
    assert_eq!(odd.status(), 422);
    assert_eq!(
        odd.json::<Value>().await.unwrap()["fieldErrors"]["healthMonths"],
        "A whole number of months, from 1 to 60."
    );
    let member =
        a.user.client.put(app.at("/api/admin/privacy-retention")).json(&json!({"healthMonths": 1, "recordsYears": 6}));
    assert_eq!(member.send().await.unwrap().status(), 403);

    let week_end: String = db(&app).query_row("SELECT max(end_date) FROM day_camp_weeks", [], |r| r.get(0)).unwrap();
    let set =
        admin.client.put(app.at("/api/admin/privacy-retention")).json(&json!({"healthMonths": "6", "recordsYears": 7}));
    let set: Value = set.send().await.unwrap().json().await.unwrap();
    assert_eq!((set["healthMonths"].clone(), set["recordsYears"].clone()), (json!(6), json!(7)));
    let health = set["upcoming"].as_array().unwrap().iter().find(|d| d["kind"] == "health").unwrap().clone();
    let expected = chrono::NaiveDate::parse_from_str(&week_end, "%Y-%m-%d").unwrap() + chrono::Months::new(6);
    assert_eq!(health["dueOn"], expected.to_string(), "six months after the season's last camp day");
}

#[tokio::test]
async fn an_ownerless_email_is_counted_read_by_nobody_and_goes_on_the_usual_day() {
    let app = TestApp::spawn().await;
    let (a, _b) = two_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    // An e-mail from before e-mails had owners, to A's parent's address, that names no record
    // the migration could tie it to.
    db(&app)
        .execute(
            "INSERT INTO outbox_emails (to_address, subject, body_text, status, next_attempt_at, created_at)
             VALUES (?1, 'Rappel', 'Un message sans référence au sujet de Maëlle', 'sent', '2026-01-05T00:00:00Z',
                 '2026-01-05T00:00:00Z')",
            [a.parent_email],
        )
        .unwrap();
    let read: Value =
        admin.client.get(app.at("/api/admin/privacy-retention")).send().await.unwrap().json().await.unwrap();
    assert_eq!(read["ownerlessEmails"], 1);
    let sent_email = |read: &Value| -> Vec<Value> {
        read["upcoming"].as_array().unwrap().iter().filter(|d| d["kind"] == "sentEmail").cloned().collect()
    };
    // The seed's two e-mails (3 January) and this one (5 January), 180 days later each.
    assert_eq!(
        sent_email(&read),
        [
            json!({"kind": "sentEmail", "dueOn": "2026-07-02", "count": 2}),
            json!({"kind": "sentEmail", "dueOn": "2026-07-04", "count": 1})
        ]
    );
    let mine: Value = a.user.client.get(app.at("/api/user/my-data")).send().await.unwrap().json().await.unwrap();
    assert!(!mine.to_string().contains("sans référence"), "the ownerless e-mail is nobody's: {mine}");

    pass(&app, "2026-07-04T16:00:00Z").await;
    let read: Value =
        admin.client.get(app.at("/api/admin/privacy-retention")).send().await.unwrap().json().await.unwrap();
    assert_eq!(read["ownerlessEmails"], 0, "removed on its day, with the other sent e-mails");
    // (The pass itself may write e-mails, waiting-list offers of its own day: each has its owner.)
    let old: Vec<Value> = sent_email(&read).into_iter().filter(|d| d["dueOn"].as_str() < Some("2026-12-01")).collect();
    assert_eq!(old, Vec::<Value>::new());
}
