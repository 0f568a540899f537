//! Each family's data is theirs alone, through the real router: three families register and book
//! as members do, one giving another family's address as a parent's (a shared family address),
//! one mistyping theirs into another family's (in another case). 'Mes données' of each holds the
//! e-mails written about its own records and nothing of the others, whichever address an e-mail
//! went to; a deletion anonymises the requester's rows and leaves every other family's rows
//! byte for byte as they were.
//!
//! Which rows are whose is kept by the test itself, from what each request answered and which
//! outbox rows each request added: never read back through the rule under test.
//!
//! Planted once each (then reverted): with 'Mes données' reading e-mails by every address the
//! member typed (the old `ADDRESSES` union in `db/privacy/export.rs`),
//! `mes_donnees_holds_only_the_families_own_emails` failed on B's export holding A's child's name
//! and payment reference; with the deletion erasing e-mails by those addresses,
//! `a_deletion_leaves_every_other_family_byte_for_byte` failed on family A's e-mail rows.

use serde_json::{Value, json};

use super::db;
use crate::common::{TestApp, User};
use crate::courts::{book, booking_body, season_day};
use crate::daycamps::{born, weeks};
use crate::rl24::{SIN, payer};

/// One family: its account and what the test knows is theirs.
struct Family {
    user: User,
    /// Values only this family gave or was given (a child's name, a birth date, a payment
    /// reference, a court booking's note), searched for in the other families' exports.
    own: Vec<String>,
    camp: Vec<i64>,
    bookings: Vec<i64>,
    entries: Vec<i64>,
    emails: Vec<i64>,
}

impl Family {
    async fn new(app: &TestApp, email: &str) -> Family {
        let user = app.user(email, None).await;
        Family {
            user,
            own: Vec::new(),
            camp: Vec::new(),
            bookings: Vec::new(),
            entries: Vec::new(),
            emails: Vec::new(),
        }
    }
}

fn last_email_id(app: &TestApp) -> i64 {
    db(app).query_row("SELECT coalesce(max(id), 0) FROM outbox_emails", [], |r| r.get(0)).unwrap()
}

/// The outbox rows written since `before`: what the request just made wrote.
fn emails_since(app: &TestApp, before: i64) -> Vec<i64> {
    let conn = db(app);
    let mut stmt = conn.prepare("SELECT id FROM outbox_emails WHERE id > ?1 ORDER BY id").unwrap();
    stmt.query_map([before], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

/// Registers `child` for `week` with a health form, the consent and a payer with a social
/// insurance number, the parent's address being `parent_email`.
async fn register_child(
    app: &TestApp,
    f: &mut Family,
    child: &str,
    last: &str,
    birth: &str,
    week: i64,
    parent_email: &str,
) {
    let body = json!({
        "weekIds": [week.to_string()], "childFirstName": child, "childLastName": last, "childBirthDate": birth,
        "parentName": format!("Parent {last}"), "parentEmail": parent_email, "parentPhone": "819-555-0101",
        "healthForm": {
            "allergies": [{"what": format!("Noix de {child}"), "severity": "severe", "epinephrine": true}],
            "conditions": format!("Asthme de {child}"),
            "emergencyContacts": [{"name": format!("Urgence {last}"), "relation": "tante", "phone": "819-555-0199"}],
            "pickups": [{"name": format!("Grand-mère {last}"), "relation": "grand-mère", "phone": "819-555-0198"}],
        },
        "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        "payers": [payer(&format!("Parent {last}"), Some(SIN))],
    });
    let before = last_email_id(app);
    let response = f.user.client.post(app.at("/api/day-camp-registrations")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let id = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let reference: String = db(app)
        .query_row("SELECT payment_reference FROM day_camp_registrations WHERE id = ?1", [id], |r| r.get(0))
        .unwrap();
    f.camp.push(id);
    f.emails.extend(emails_since(app, before));
    f.own.extend([child.to_owned(), birth.to_owned(), reference, format!("Grand-mère {last}")]);
}

/// Books a court slot with `email` typed in the form, and a note only this family wrote.
async fn book_court(app: &TestApp, f: &mut Family, hour: u32, email: &str, note: &str) -> Value {
    let mut body = booking_body(1, season_day(7, 7), hour, 1);
    body["email"] = json!(email);
    body["comments"] = json!(note);
    let before = last_email_id(app);
    let response = book(app, &f.user, &body).await;
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let id = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    f.bookings.push(id);
    f.emails.extend(emails_since(app, before));
    f.own.push(note.to_owned());
    body
}

/// Joins the waiting list of a taken slot.
async fn join_slot(app: &TestApp, f: &mut Family, slot: &Value) {
    let body = json!({"courtId": 1, "startTime": slot["startTime"]});
    let response = f.user.client.post(app.at("/api/courts/waitlist")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    f.entries.push(response.json::<Value>().await.unwrap()["id"].as_i64().unwrap());
}

/// Three families, as the scenario has them (see the module's documentation). A's child and
/// B's child each have a day at camp; A and B wait for C's court slot.
async fn three_families(app: &TestApp) -> (Family, Family, Family) {
    let mut a = Family::new(app, "famille.lavoie@example.org").await;
    let mut b = Family::new(app, "famille.belanger@example.org").await;
    let mut c = Family::new(app, "tiers.membre@example.org").await;
    let weeks = weeks(app).await;
    let a_address = a.user.email.clone();
    register_child(app, &mut a, "Maëlle", "Lavoie", &born(&weeks, 7, 40), weeks[0].id, &a_address).await;
    // B gives A's address as the parent's: a shared family address.
    register_child(app, &mut b, "Zoéline", "Bélanger", &born(&weeks, 8, 75), weeks[1].id, &a_address).await;
    book_court(app, &mut a, 10, &a_address, "Filet de Lavoie").await;
    // C mistypes their address into A's, in another case.
    let slot = book_court(app, &mut c, 11, "Famille.Lavoie@Example.org", "Ballons du tiers").await;
    join_slot(app, &mut a, &slot).await;
    join_slot(app, &mut b, &slot).await;
    // A day at camp for each child: an arrival and departure, an absence notice, an override.
    for f in [&a, &b] {
        let id = f.camp[0];
        db(app)
            .execute_batch(&format!(
                "INSERT INTO camp_attendance (registration_id, day, week_id, arrived_at, arrival_entry, left_at,
                     departure_entry, pickup_kind, pickup_name)
                   VALUES ({id}, '2030-07-02', 1, '2030-07-02T12:00:00Z', 'a{id}', '2030-07-02T20:00:00Z', 'd{id}',
                     'authorised', 'Oncle {id}');
                 INSERT INTO camp_absence_notices (registration_id, day, entry_id, recorded_at)
                   VALUES ({id}, '2030-07-03', 'n{id}', '2030-07-03T12:00:00Z');
                 INSERT INTO camp_pickup_overrides (registration_id, day, person_name, reason, admin_email, created_at)
                   VALUES ({id}, '2030-07-02', 'Voisin {id}', 'Appel', 'admin@example.org', '2030-07-02T15:00:00Z');"
            ))
            .unwrap();
    }
    for f in [&a, &b, &c] {
        assert!(!f.emails.is_empty(), "{} was written to", f.user.email);
    }
    (a, b, c)
}

fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids
}

fn section_ids(data: &Value, section: &str) -> Vec<i64> {
    sorted(data[section].as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect())
}

#[tokio::test]
async fn mes_donnees_holds_only_the_families_own_emails() {
    let app = TestApp::spawn().await;
    let (a, b, c) = three_families(&app).await;
    let families = [&a, &b, &c];
    for f in families {
        let response = f.user.client.get(app.at("/api/user/my-data")).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let text = response.text().await.unwrap();
        let data: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(section_ids(&data, "emails"), sorted(f.emails.clone()), "{}'s e-mails", f.user.email);
        let page = f.user.client.get(app.at("/api/user/my-data.html")).send().await.unwrap().text().await.unwrap();
        for other in families.iter().filter(|o| o.user.id != f.user.id) {
            for value in &other.own {
                assert!(
                    !text.contains(value.as_str()),
                    "{}'s {value:?} is in {}'s export",
                    other.user.email,
                    f.user.email
                );
                assert!(
                    !page.contains(value.as_str()),
                    "{}'s {value:?} is on {}'s page",
                    other.user.email,
                    f.user.email
                );
            }
        }
        for value in &f.own {
            assert!(text.contains(value.as_str()), "{value:?} is in {}'s own export", f.user.email);
        }
    }
    // The addresses a member typed are theirs to see, as data of their own records: B's child's
    // registration names A's address; C's booking, the address C typed.
    let data: Value = b.user.client.get(app.at("/api/user/my-data")).send().await.unwrap().json().await.unwrap();
    let typed: Vec<(String, i64, String, String)> = data["addressesTyped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["record"].as_str().unwrap().to_owned(),
                r["record_id"].as_i64().unwrap(),
                r["field"].as_str().unwrap().to_owned(),
                r["address"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        typed,
        [("day_camp_registrations".to_owned(), b.camp[0], "parent_email".to_owned(), a.user.email.clone())]
    );
    let data: Value = c.user.client.get(app.at("/api/user/my-data")).send().await.unwrap().json().await.unwrap();
    assert_eq!(data["addressesTyped"][0]["address"], "Famille.Lavoie@Example.org");
    assert_eq!(data["addressesTyped"].as_array().unwrap().len(), 1);
}

/// Every row of `table` whose `column` is one of `ids`, each column and value as text (bytes in
/// hex), in rowid order.
fn dump_rows(app: &TestApp, table: &str, column: &str, ids: &[i64]) -> Vec<String> {
    let conn = db(app);
    let mut stmt = conn
        .prepare(&format!("SELECT * FROM {table} WHERE {column} IN (SELECT value FROM json_each(?1)) ORDER BY rowid"))
        .unwrap();
    let names: Vec<String> = stmt.column_names().into_iter().map(str::to_owned).collect();
    let mut rows = stmt.query([json!(ids).to_string()]).unwrap();
    let mut out = Vec::new();
    while let Some(row) = rows.next().unwrap() {
        let mut line = format!("{table}:");
        for (i, name) in names.iter().enumerate() {
            let value = match row.get_ref(i).unwrap() {
                rusqlite::types::ValueRef::Null => "NULL".to_owned(),
                rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                rusqlite::types::ValueRef::Real(x) => x.to_string(),
                rusqlite::types::ValueRef::Text(t) => format!("{:?}", String::from_utf8_lossy(t)),
                rusqlite::types::ValueRef::Blob(b) => b.iter().map(|x| format!("{x:02x}")).collect(),
            };
            line.push_str(&format!(" {name}={value}"));
        }
        out.push(line);
    }
    out
}

/// A family's rows: their registrations, the children's health forms and consents, their
/// payers, attendance, bookings, waiting-list entries and e-mails.
fn dump(app: &TestApp, f: &Family) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(dump_rows(app, "day_camp_registrations", "id", &f.camp));
    for table in [
        "day_camp_enrolments",
        "camp_health_forms",
        "camp_health_allergies",
        "camp_health_people",
        "camp_health_consents",
        "camp_registration_payers",
        "camp_attendance",
        "camp_absence_notices",
        "camp_pickup_overrides",
        "payment_transfers",
    ] {
        let column = if table == "payment_transfers" { "camp_registration_id" } else { "registration_id" };
        out.extend(dump_rows(app, table, column, &f.camp));
    }
    out.extend(dump_rows(app, "court_bookings", "id", &f.bookings));
    out.extend(dump_rows(app, "waitlist_entries", "id", &f.entries));
    out.extend(dump_rows(app, "outbox_emails", "id", &f.emails));
    out
}

/// Waits until the mail worker has sent every queued e-mail, so that its writes do not change
/// a dump.
fn all_sent(app: &TestApp) {
    crate::common::wait_for("the outbox to be sent", std::time::Duration::from_secs(20), || {
        db(app)
            .query_row("SELECT count(*) FROM outbox_emails WHERE status = 'pending'", [], |r| r.get::<_, i64>(0))
            .unwrap()
            == 0
    });
}

#[tokio::test]
async fn a_deletion_leaves_every_other_family_byte_for_byte() {
    let app = TestApp::spawn().await;
    let (a, b, c) = three_families(&app).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    all_sent(&app);
    let before = (dump(&app, &a), dump(&app, &c));
    for (f, rows) in [(&a, &before.0), (&c, &before.1)] {
        assert!(rows.len() >= f.camp.len() + f.bookings.len() + f.emails.len(), "{rows:?}");
        assert!(rows.iter().any(|r| r.starts_with("outbox_emails:")), "{}'s e-mails are dumped", f.user.email);
    }
    assert!(before.0.iter().any(|r| r.starts_with("camp_registration_payers:")), "A's payer is dumped");
    let b_before = dump(&app, &b);

    let asked = b.user.client.post(app.at("/api/user/deletion-requests")).json(&json!({})).send().await.unwrap();
    assert_eq!(asked.status(), 201);
    let id = asked.json::<Value>().await.unwrap()["id"].clone();
    let done = admin
        .client
        .post(app.at(&format!("/api/admin/deletion-requests/{id}/answer")))
        .json(&json!({"outcome": "done", "note": "Fait"}))
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 200);
    all_sent(&app);

    assert_eq!(dump(&app, &a), before.0, "family A's rows are unchanged");
    assert_eq!(dump(&app, &c), before.1, "the third member's rows are unchanged");
    // B's own rows did change: the e-mails written for B are gone, the child's name too.
    let b_after = dump(&app, &b);
    assert_ne!(b_after, b_before);
    assert!(!b_after.iter().any(|r| r.starts_with("outbox_emails:")), "{b_after:?}");
    assert!(!b_after.iter().any(|r| r.contains("Zoéline")), "{b_after:?}");
}
