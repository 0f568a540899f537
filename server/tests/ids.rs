//! Ids that people hold (events, event registrations, court bookings, day-camp registrations)
//! are never given again once their row is gone: through the real router, and on a database made
//! at V7 (ids reusable) that V8 rebuilds with AUTOINCREMENT, keeping every row, column and
//! reference, and references that still act as before. Tournaments and matches too (V21): a
//! phone's score entries name match ids after their match is gone.
#![allow(clippy::unwrap_used)]

use crate::common;

use centre_server::db::{Db, known_schema_version};
use common::{TestApp, event_body, team};
use rusqlite::Connection;
use rusqlite::types::Value as Sql;
use serde_json::{Value, json};

use crate::courts::{book, booking_body, season_day};

mod embedded {
    refinery::embed_migrations!("../migrations");
}

/// The tables whose ids V8 makes never reused.
const NEVER_REUSED: [&str; 4] = ["events", "event_registrations", "court_bookings", "day_camp_registrations"];

fn db(app: &TestApp) -> Connection {
    let conn = Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn.execute_batch("PRAGMA foreign_keys=ON;").unwrap();
    conn
}

async fn created_id(response: reqwest::Response) -> i64 {
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let body: Value = response.json().await.unwrap();
    body["id"].as_i64().unwrap()
}

/// Creates an event as the admin (`app.client`); answers its id.
async fn create_event(app: &TestApp, title: &str) -> i64 {
    created_id(app.client.post(app.at("/api/events")).json(&event_body(title, None)).send().await.unwrap()).await
}

#[tokio::test]
async fn a_deleted_events_id_is_never_given_to_a_new_event() {
    let app = TestApp::with_admin().await;
    let first = create_event(&app, "A").await;
    assert_eq!(app.delete(&format!("/api/events/{first}")).await.status(), 204);
    let second = create_event(&app, "B").await;
    assert!(second > first, "event B got id {second}, deleted event A had {first}");
    // The old link finds nothing rather than event B.
    assert_eq!(app.get(&format!("/api/events/{first}")).await.status(), 404);
}

#[tokio::test]
async fn a_deleted_registrations_id_is_never_given_to_a_new_one() {
    let app = TestApp::with_admin().await;
    let event = create_event(&app, "Tournoi").await;
    let register = |user: &common::User, event: i64, name: &str| {
        user.client.post(app.at(&format!("/api/events/{event}/register"))).json(&team(2, name)).send()
    };
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let ana = app.user("ana@example.org", None).await;

    // Deleted by the admin.
    let first = created_id(register(&marie, event, "Les Smash").await.unwrap()).await;
    assert_eq!(app.delete(&format!("/api/admin/event-registrations/{first}")).await.status(), 204);
    let second = created_id(register(&paul, event, "Les Blocs").await.unwrap()).await;
    assert!(second > first, "{second} after {first}");

    // Deleted with its event.
    let other = create_event(&app, "Autre").await;
    let gone = created_id(register(&ana, other, "Les Hérons").await.unwrap()).await;
    assert_eq!(app.delete(&format!("/api/events/{other}")).await.status(), 204);
    let third = created_id(register(&ana, event, "Les Hérons").await.unwrap()).await;
    assert!(third > gone, "{third} after {gone}");
}

#[tokio::test]
async fn a_court_bookings_id_is_never_given_again_even_once_its_row_is_gone() {
    let app = TestApp::spawn().await;
    let marie = app.user("marie@example.org", None).await;
    let day = season_day(7, 14);

    // Cancelling keeps the row (and its id) for history.
    let first = created_id(book(&app, &marie, &booking_body(1, day, 10, 1)).await).await;
    let response = marie.client.delete(app.at(&format!("/api/user/court-bookings/{first}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let second = created_id(book(&app, &marie, &booking_body(1, day, 10, 1)).await).await;
    assert!(second > first);

    // No route deletes a booking; a row removed by hand (a purge) does not free its id either.
    assert_eq!(db(&app).execute("DELETE FROM court_bookings WHERE id = ?1", [second]).unwrap(), 1);
    let third = created_id(book(&app, &marie, &booking_body(1, day, 11, 1)).await).await;
    assert!(third > second, "{third} after {second}");
}

#[tokio::test]
async fn a_day_camp_registrations_id_is_never_given_again_once_its_row_is_gone() {
    let app = TestApp::spawn().await;
    let ana = app.user("ana@example.org", None).await;
    let weeks: Value = app.get("/api/day-camp-weeks?programId=explorateurs").await.json().await.unwrap();
    let week = weeks[0]["id"].as_i64().unwrap();
    let start: chrono::NaiveDate = weeks[0]["startDate"].as_str().unwrap().parse().unwrap();
    let birth = start.checked_sub_months(chrono::Months::new(12 * 7)).unwrap() - chrono::Days::new(30);
    let form = |first: &str| {
        json!({
            "weekIds": [week.to_string()],
            "childFirstName": first, "childLastName": "Roy", "childBirthDate": birth.to_string(),
            "parentName": "Ana Roy", "parentEmail": "ana@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1",
            "canSwim": false
        })
    };
    let register = |first: &str| ana.client.post(app.at("/api/day-camp-registrations")).json(&form(first)).send();

    // No route deletes one; a row removed by hand (with its weeks) does not free its id.
    let first = created_id(register("Léa").await.unwrap()).await;
    assert_eq!(db(&app).execute("DELETE FROM day_camp_registrations WHERE id = ?1", [first]).unwrap(), 1);
    let second = created_id(register("Noé").await.unwrap()).await;
    assert!(second > first, "{second} after {first}");
}

/// A database at schema V7 with what a season leaves behind: events, a played tournament whose
/// teams paid, an individual, an expired registration, court bookings, day-camp children.
fn at_v7(path: &std::path::Path) {
    let mut conn = Connection::open(path).unwrap();
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(7))
        .set_abort_divergent(true)
        .run(&mut conn)
        .unwrap();
    let version: i64 = conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
    assert_eq!(version, 7);
    conn.execute_batch(
        "PRAGMA foreign_keys=ON;
         INSERT INTO users (id, email, first_name, last_name, created_at, updated_at, email_verified) VALUES
           ('u-admin', 'admin@example.org', 'Ada', 'Admin', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z', 1),
           ('u-marie', 'marie@example.org', 'Marie', 'Tremblay', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z', 1),
           ('u-john', 'john@example.org', 'John', 'Smith', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z', 0);
         INSERT INTO role_grants (user_id, role, granted_at) VALUES ('u-admin', 'admin', '2026-05-01T12:00:00Z');
         INSERT INTO events (id, title, title_en, description, description_en, category_id, location, start_date,
             end_date, price_cents, max_participants, current_participants, is_active, requires_payment, created_at,
             payment_deadline_days, payment_deadline_date) VALUES
           (1, 'Tournoi 4x4', '4x4 tournament', 'Tournoi', 'Tournament', 'volleyball', 'La Pêche',
             '2026-06-20T13:00:00Z', '2026-06-20T20:00:00Z', 2500, 48, 12, 1, 1, '2026-05-01T12:00:00Z', 14, NULL),
           (2, 'Formation', NULL, 'Formation', NULL, NULL, 'La Pêche', '2026-07-20T13:00:00Z', NULL, 0, NULL, 2, 0, 0,
             '2026-05-01T12:00:00Z', NULL, '2026-07-01');
         INSERT INTO event_registrations (id, event_id, user_id, kind, team_name, team_number, captain_first_name,
             captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email,
             member3_first_name, member3_last_name, member4_first_name, member4_last_name, member4_email, people_count,
             status, payment_status, payment_reference, amount_due_cents, lang, created_at, reminders_sent,
             last_reminder_at, released_at) VALUES
           (1, 1, 'u-marie', 'team', 'Les Smash', 1, 'Marie', 'Tremblay', 'marie@example.org', 'Alex', 'Roy',
             'alex@example.org', 'Léa', 'Gagnon', 'Sam', 'Côté', 'sam@example.org', 4, 'confirmed', 'paid',
             'EV1-K7MQ2X', 10000, 'fr', '2026-05-02T12:00:00Z', 1, '2026-05-09T12:00:00Z', NULL),
           (2, 1, 'u-john', 'team', 'The Blockers', 2, 'John', 'Smith', 'john@example.org', 'Bo', 'Lee', NULL,
             'Cy', 'Ray', 'Di', 'Moe', NULL, 4, 'confirmed', 'paid', 'EV1-H3PW9D', 10000, 'en',
             '2026-05-03T12:00:00Z', 0, NULL, NULL),
           (3, 1, NULL, 'team', NULL, 3, 'Noé', 'Gagnon', 'noe@example.org', 'Zoé', 'Roy', NULL,
             'Éli', 'Roy', 'Jo', 'Roy', NULL, 4, 'confirmed', 'pending', 'EV1-M4N5P6', 10000, 'fr',
             '2026-05-04T12:00:00Z', 2, '2026-05-18T12:00:00Z', NULL),
           (4, 1, NULL, 'team', 'Partis', 4, 'Ève', 'Roy', 'eve@example.org', 'Ian', 'Roy', NULL,
             NULL, NULL, NULL, NULL, NULL, 2, 'cancelled', 'expired', 'EV1-Q8R9S2', 5000, 'fr',
             '2026-05-04T13:00:00Z', 3, '2026-05-20T12:00:00Z', '2026-05-21T12:00:00Z');
         INSERT INTO event_registrations (id, event_id, user_id, kind, first_name, last_name, email, phone, notes,
             people_count, payment_reference, lang, created_at) VALUES
           (5, 2, 'u-marie', 'individual', 'Marie', 'Tremblay', 'marie@example.org', '819-555-0101', 'Végétarienne',
             2, 'EV2-ABCDEF', 'fr', '2026-05-05T12:00:00Z');
         INSERT INTO tournaments (id, event_id, name, status, courts_available, match_duration_minutes,
             break_between_matches, start_time, created_at, pool_count, version, quality_json, pool_format,
             knockout_format) VALUES
           (1, 1, 'Tournoi 4x4', 'in_progress', 2, 25, 5, '2026-06-20T13:00:00Z', '2026-05-10T12:00:00Z', 1, 6,
             '{\"idle\":0}', '{\"preset\":\"rec-2x21\"}', NULL);
         INSERT INTO matches (id, tournament_id, round_type, round_name, pool, status, team1_id, team2_id,
             team1_score, team2_score, sets, scheduled_time, court_number, slot_index, version, updated_at) VALUES
           (1, 1, 'pool', 'Poule - Ronde 1', 0, 'completed', 1, 2, 2, 0, '[[21,18],[21,15]]',
             '2026-06-20T13:00:00Z', 1, 0, 2, '2026-06-20T13:25:00Z'),
           (2, 1, 'pool', 'Poule - Ronde 2', 0, 'completed', 2, 3, 1, 1, '[[21,19],[17,21]]',
             '2026-06-20T13:30:00Z', 1, 1, 3, '2026-06-20T13:55:00Z'),
           (3, 1, 'pool', 'Poule - Ronde 3', 0, 'scheduled', 3, 1, NULL, NULL, NULL,
             '2026-06-20T14:00:00Z', 1, 2, 1, '2026-05-10T12:00:00Z');
         INSERT INTO matches (id, tournament_id, round_type, round_name, bracket_code, status, team1_from, team2_from,
             scheduled_time, court_number, slot_index, updated_at) VALUES
           (4, 1, 'final', 'Finale', 'F', 'scheduled', 'P1', 'P2', '2026-06-20T14:30:00Z', 2, 3, '2026-05-10T12:00:00Z');
         INSERT INTO match_score_history (match_id, kind, team1_score, team2_score, changed_by, changed_at, sets) VALUES
           (1, 'score', 2, 0, 'u-admin', '2026-06-20T13:25:00Z', '[[21,18],[21,15]]');
         INSERT INTO score_entries (entry_id, device_id, seq, match_id, tournament_id, team1_score, team2_score,
             base_version, entered_at, user_id, received_at, outcome, sets) VALUES
           ('phone-1', 'phone', 1, 2, 1, 1, 1, 2, '2026-06-20T13:54:00Z', 'u-admin', '2026-06-20T13:55:00Z',
             'applied', '[[21,19],[17,21]]'),
           ('old-phone-1', 'old-phone', 1, 9, 7, 21, 15, 1, '2026-06-01T13:54:00Z', 'u-admin', '2026-06-01T13:55:00Z',
             'applied', NULL);
         INSERT INTO sync_devices (device_id, last_seq, updated_at) VALUES ('phone', 1, '2026-06-20T13:55:00Z');
         INSERT INTO courts (id, name, position, season_start, season_end) VALUES
           (1, 'Terrain 1', 1, '05-15', '09-30'), (2, 'Terrain 2', 2, '05-15', '09-30');
         INSERT INTO court_hours (court_id, weekday, open_time, close_time) VALUES (1, 0, '09:00', '21:00');
         INSERT INTO court_bookings (id, court_id, user_id, first_name, last_name, email, phone, start_time, end_time,
             status, payment_status, players, ball_rental, notes, lang, created_at, cancelled_at) VALUES
           (1, 1, 'u-marie', 'Marie', 'Tremblay', 'marie@example.org', '819-555-0101', '2026-07-01T14:00:00Z',
             '2026-07-01T15:00:00Z', 'confirmed', 'paid', 8, 1, 'On apporte le filet', 'fr', '2026-06-01T12:00:00Z',
             NULL),
           (2, 2, NULL, 'John', 'Smith', 'john@example.org', '819-555-0102', '2026-07-02T14:00:00Z',
             '2026-07-02T16:00:00Z', 'cancelled', 'pending', NULL, 0, NULL, 'en', '2026-06-02T12:00:00Z',
             '2026-06-03T12:00:00Z');
         INSERT INTO day_camp_programs (id, position, min_age, max_age, weekly_price_cents, capacity_per_week,
             payment_deadline_days) VALUES ('explorateurs', 1, 6, 8, 12000, 20, 7);
         INSERT INTO day_camp_weeks (id, label, start_date, end_date) VALUES
           (1, 'week1', '2026-07-06', '2026-07-10'), (2, 'week2', '2026-07-13', '2026-07-17');
         INSERT INTO day_camp_places (program_id, week_id, capacity, taken) VALUES
           ('explorateurs', 1, 20, 2), ('explorateurs', 2, 20, 1);
         INSERT INTO day_camp_registrations (id, user_id, program_id, child_first_name, child_last_name,
             child_birth_date, child_gender, parent_name, parent_email, parent_phone, emergency_phone,
             medical_conditions, can_swim, amount_cents, payment_status, payment_reference, lang, created_at,
             reminders_sent, last_reminder_at, released_at, released_weeks) VALUES
           (1, 'u-marie', 'explorateurs', 'Léa', 'Tremblay', '2019-03-01', 'girl', 'Marie Tremblay',
             'marie@example.org', '819-555-0101', '819-555-0199', 'Allergie aux arachides', 1, 24000, 'pending',
             'CJ-ABC234', 'fr', '2026-05-06T12:00:00Z', 1, '2026-05-13T12:00:00Z', NULL, NULL),
           (2, 'u-john', 'explorateurs', 'Max', 'Smith', '2019-04-01', NULL, 'John Smith', 'john@example.org',
             '819-555-0102', NULL, NULL, 0, 12000, 'paid', 'CJ-DEF567', 'en', '2026-05-07T12:00:00Z', 0, NULL,
             NULL, NULL),
           (3, NULL, 'explorateurs', 'Zoé', 'Roy', '2019-05-01', 'other', 'Ana Roy', 'ana@example.org',
             '819-555-0103', NULL, NULL, 0, 12000, 'expired', 'CJ-GHJ892', 'fr', '2026-05-08T12:00:00Z', 2,
             '2026-05-15T12:00:00Z', '2026-05-16T12:00:00Z', '[2]');
         INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES
           (1, 1, 'explorateurs', 'lea|tremblay|2019-03-01'), (1, 2, 'explorateurs', 'lea|tremblay|2019-03-01'),
           (2, 1, 'explorateurs', 'max|smith|2019-04-01');
         INSERT INTO payment_transfers (id, event_registration_id, camp_registration_id, amount_cents, sender,
             message, transfer_date, bank_reference, confirmed_by, confirmed_at) VALUES
           (1, 1, NULL, 10000, 'Marie Tremblay', 'EV1-K7MQ2X', '2026-05-08', 'CA1234', 'u-admin', '2026-05-08T15:00:00Z'),
           (2, 2, NULL, 10000, 'John Smith', 'EV1-H3PW9D', NULL, NULL, 'u-admin', '2026-05-09T15:00:00Z'),
           (3, NULL, 2, 12000, 'John Smith', 'CJ-DEF567', '2026-05-10', NULL, 'u-admin', '2026-05-10T15:00:00Z');
         INSERT INTO outbox_emails (to_address, subject, body_text, status, next_attempt_at, created_at) VALUES
           ('marie@example.org', 'Inscription confirmée', '/event/1', 'sent', '2026-05-02T12:00:00Z',
             '2026-05-02T12:00:00Z');",
    )
    .unwrap();
    let broken: i64 = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).unwrap();
    assert_eq!(broken, 0, "the V7 fixture itself is consistent");
}

/// Every value of `sql`'s rows.
fn values(conn: &Connection, sql: &str) -> Vec<Vec<Sql>> {
    let mut stmt = conn.prepare(sql).unwrap();
    let n = stmt.column_count();
    stmt.query_map([], |r| (0..n).map(|i| r.get::<_, Sql>(i)).collect::<Result<Vec<_>, _>>())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// A table as the migration must keep it: its columns (name, type, NOT NULL, default, primary
/// key), its references, and its rows with every value.
#[derive(Debug, PartialEq)]
struct Table {
    name: String,
    columns: Vec<Vec<Sql>>,
    references: Vec<Vec<Sql>>,
    rows: Vec<Vec<Sql>>,
}

/// What the migration must keep of the whole database: every table, and the schema's indexes
/// and triggers.
#[derive(Debug, PartialEq)]
struct Kept {
    tables: Vec<Table>,
    indexes_and_triggers: Vec<Vec<Sql>>,
}

fn tables(conn: &Connection) -> Vec<String> {
    let mut stmt = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table'
               AND name NOT IN ('refinery_schema_history', 'sqlite_sequence') ORDER BY name",
        )
        .unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

fn kept(conn: &Connection) -> Kept {
    let tables = tables(conn)
        .into_iter()
        .map(|name| {
            let columns = values(
                conn,
                &format!("SELECT cid, name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('{name}')"),
            );
            let references = values(
                conn,
                &format!(
                    "SELECT id, seq, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list('{name}')
                     ORDER BY id, seq"
                ),
            );
            // A WITHOUT ROWID table has no rowid: a scan reads it in its key's order.
            let keyed: bool = conn
                .query_row("SELECT wr FROM pragma_table_list WHERE name = ?1", [&name], |r| r.get(0))
                .unwrap_or(false);
            let order = if keyed { "" } else { " ORDER BY rowid" };
            let rows = values(conn, &format!("SELECT * FROM \"{name}\"{order}"));
            Table { name, columns, references, rows }
        })
        .collect();
    let indexes_and_triggers = values(
        conn,
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY type, name",
    );
    Kept { tables, indexes_and_triggers }
}

fn renumbered(references: Vec<Vec<Sql>>) -> Vec<Vec<Sql>> {
    let mut ids: Vec<Sql> = Vec::new();
    references
        .into_iter()
        .map(|mut r| {
            if !ids.contains(&r[0]) {
                ids.push(r[0].clone());
            }
            r[0] = Sql::Integer(ids.iter().position(|id| *id == r[0]).unwrap_or(0) as i64);
            r
        })
        .collect()
}

/// `after` as far as `before` reaches: later migrations may add tables, columns and indexes;
/// what was there must be as it was.
fn as_far_as(after: Kept, before: &Kept) -> Kept {
    let new: Vec<Sql> = after
        .tables
        .iter()
        .filter(|t| before.tables.iter().all(|b| b.name != t.name))
        .map(|t| Sql::Text(t.name.clone()))
        .collect();
    let tables = after
        .tables
        .into_iter()
        .filter_map(|t| {
            let was = before.tables.iter().find(|b| b.name == t.name)?;
            let keep: Vec<usize> =
                (0..t.columns.len()).filter(|i| was.columns.iter().any(|c| c[1] == t.columns[*i][1])).collect();
            let names: Vec<&Sql> = keep.iter().map(|i| &t.columns[*i][1]).collect();
            Some(Table {
                columns: keep.iter().map(|i| t.columns[*i].clone()).collect(),
                // Numbered again: SQLite numbers a table's references from the last declared.
                references: renumbered(t.references.iter().filter(|r| names.contains(&&r[3])).cloned().collect()),
                rows: t.rows.iter().map(|row| keep.iter().map(|i| row[*i].clone()).collect()).collect(),
                name: t.name,
            })
        })
        .collect();
    // An index or trigger added later (on a new table or an old one) is left out; one that was
    // there is compared as it was.
    let known =
        |entry: &Vec<Sql>| !new.contains(&entry[2]) && before.indexes_and_triggers.iter().any(|b| b[1] == entry[1]);
    let indexes_and_triggers = after.indexes_and_triggers.into_iter().filter(known).collect();
    Kept { tables, indexes_and_triggers }
}

/// Columns added to these tables after V8, as `ALTER TABLE … ADD COLUMN` appends them to the
/// table's declaration (spaces as `created_as` gives them).
const LATER_COLUMNS: [&str; 5] = [
    ", featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1))",
    ", offer_hours INTEGER CHECK (offer_hours IS NULL OR offer_hours BETWEEN 2 AND 336)",
    ", waitlist_closed INTEGER NOT NULL DEFAULT 0 CHECK (waitlist_closed IN (0, 1))",
    ", health_erased_at TEXT",
    ", anonymised_at TEXT",
];

/// The V7 picture with what a later version changed on purpose: V23 lets an account have no
/// address (`users.email` NULL) and makes an address unique among verified accounts only, so the
/// column's UNIQUE and its automatic index give way to the partial index `users_verified_email`
/// (SQLite's automatic indexes of users were id's, email's and oidc_subject's, numbered 1 to 3;
/// they are id's and oidc_subject's, 1 and 2).
fn changed_on_purpose(mut before: Kept) -> Kept {
    for table in before.tables.iter_mut().filter(|t| t.name == "users") {
        for column in table.columns.iter_mut().filter(|c| c[1] == Sql::Text("email".to_owned())) {
            column[3] = Sql::Integer(0);
        }
    }
    before.indexes_and_triggers.retain(|entry| entry[1] != Sql::Text("sqlite_autoindex_users_3".to_owned()));
    before
}

/// A table's CREATE statement as SQLite keeps it, spaces and quotes aside.
fn created_as(conn: &Connection, table: &str) -> String {
    let sql: String = conn
        .query_row("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1", [table], |r| r.get(0))
        .unwrap();
    sql.replace('"', "").split_whitespace().collect::<Vec<_>>().join(" ")
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn a_v7_database_migrates_with_every_row_and_reference_and_its_ids_are_never_given_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    at_v7(&path);
    let (before, created_before) = {
        let conn = Connection::open(&path).unwrap();
        let created: Vec<String> = NEVER_REUSED.iter().map(|t| created_as(&conn, t)).collect();
        (kept(&conn), created)
    };
    for table in NEVER_REUSED {
        let kept = before.tables.iter().find(|t| t.name == table).unwrap();
        assert!(!kept.rows.is_empty(), "{table} has rows to keep");
    }

    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA foreign_keys=ON;").unwrap();
    assert_eq!(count(&conn, "SELECT max(version) FROM refinery_schema_history"), known_schema_version());
    assert!(known_schema_version() >= 8);

    // Every table, column, reference, row, value, index and trigger is as it was, but for what
    // a later version changed on purpose.
    let before = changed_on_purpose(before);
    let after = as_far_as(kept(&conn), &before);
    for (now, was) in after.tables.iter().zip(&before.tables) {
        assert_eq!((&now.name, &now.columns), (&was.name, &was.columns), "{}'s columns", was.name);
        assert_eq!(now.references, was.references, "{}'s references", was.name);
        assert_eq!(now.rows, was.rows, "{}'s rows", was.name);
    }
    assert_eq!(after, before);
    assert_eq!(count(&conn, "SELECT count(*) FROM pragma_foreign_key_check"), 0, "foreign_key_check is clean");
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");

    // The rebuilt tables are declared as before, AUTOINCREMENT aside, and no schema entry names
    // their temporary names. Each sequence starts at the largest id kept.
    for (table, was) in NEVER_REUSED.iter().zip(&created_before) {
        let now = created_as(&conn, table);
        assert!(now.contains("id INTEGER PRIMARY KEY AUTOINCREMENT,"), "{now}");
        let mut now_as_v8 = now.replace(" AUTOINCREMENT", "");
        for added in LATER_COLUMNS {
            now_as_v8 = now_as_v8.replace(added, "");
        }
        assert_eq!(&now_as_v8, was, "{table} is declared as before");
        let (seq, max): (i64, i64) = conn
            .query_row(
                &format!(
                    "SELECT (SELECT seq FROM sqlite_sequence WHERE name = '{table}'), (SELECT max(id) FROM {table})"
                ),
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(seq, max, "{table}'s sequence");
    }
    assert_eq!(count(&conn, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%\\_v8%' ESCAPE '\\'"), 0);
    // Tournaments and matches (V21) too, and their sequences start above every id a phone's score
    // entry still names: the entry for match 9 of tournament 7, both deleted before.
    for (table, seq) in [("tournaments", 7), ("matches", 9)] {
        let now = created_as(&conn, table);
        assert!(now.contains("id INTEGER PRIMARY KEY AUTOINCREMENT,"), "{now}");
        assert_eq!(count(&conn, &format!("SELECT seq FROM sqlite_sequence WHERE name = '{table}'")), seq, "{table}");
    }
    assert_eq!(count(&conn, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%\\_v21%' ESCAPE '\\'"), 0);

    // The references still act as before. A team withdrawn from a played tournament leaves its
    // matches with an empty side, and its payment goes with it.
    conn.execute("DELETE FROM event_registrations WHERE id = 2", []).unwrap();
    let sides = values(&conn, "SELECT id, team1_id, team2_id FROM matches ORDER BY id");
    let int = |v: Option<i64>| v.map_or(Sql::Null, Sql::Integer);
    assert_eq!(
        sides,
        [(1, Some(1), None), (2, None, Some(3)), (3, Some(3), Some(1)), (4, None, None)].map(|(id, a, b)| vec![
            Sql::Integer(id),
            int(a),
            int(b)
        ])
    );
    assert_eq!(count(&conn, "SELECT count(*) FROM payment_transfers WHERE event_registration_id = 2"), 0);
    // A camp registration takes its weeks and its payment with it.
    conn.execute("DELETE FROM day_camp_registrations WHERE id = 2", []).unwrap();
    assert_eq!(count(&conn, "SELECT count(*) FROM day_camp_enrolments WHERE registration_id = 2"), 0);
    assert_eq!(count(&conn, "SELECT count(*) FROM payment_transfers WHERE camp_registration_id = 2"), 0);
    // A row referring to nothing is refused.
    let orphan = conn.execute(
        "INSERT INTO event_registrations (event_id, people_count, payment_reference, created_at)
         VALUES (99, 2, 'EV99-XXXXXX', '2026-05-08T12:00:00Z')",
        [],
    );
    assert!(orphan.is_err(), "a registration of no event");
    let orphan = conn.execute("UPDATE matches SET team2_id = 99 WHERE id = 3", []);
    assert!(orphan.is_err(), "a match side naming no registration");
    let orphan = conn.execute("UPDATE court_bookings SET court_id = 99 WHERE id = 1", []);
    assert!(orphan.is_err(), "a booking of no court");
    // An event deleted takes its registrations, its tournament and its matches.
    conn.execute("DELETE FROM events WHERE id = 1", []).unwrap();
    assert_eq!(
        count(
            &conn,
            "SELECT (SELECT count(*) FROM event_registrations WHERE event_id = 1) + (SELECT count(*) FROM tournaments)
                  + (SELECT count(*) FROM matches) + (SELECT count(*) FROM match_score_history)"
        ),
        0
    );

    // The largest ids, deleted, are not given again.
    conn.execute("DELETE FROM events WHERE id = 2", []).unwrap();
    conn.execute_batch(
        "INSERT INTO events (title, description, location, start_date, created_at)
           VALUES ('Nouveau', 'Nouveau', 'La Pêche', '2026-09-01T13:00:00Z', '2026-08-01T12:00:00Z');",
    )
    .unwrap();
    let event = conn.last_insert_rowid();
    assert_eq!(event, 3);
    conn.execute(
        "INSERT INTO event_registrations (event_id, people_count, payment_reference, created_at)
         VALUES (?1, 2, 'EV3-AAAAAA', '2026-08-02T12:00:00Z')",
        [event],
    )
    .unwrap();
    assert_eq!(conn.last_insert_rowid(), 6, "registration 5 went with event 2");
    conn.execute("DELETE FROM court_bookings WHERE id = 2", []).unwrap();
    conn.execute(
        "INSERT INTO court_bookings (court_id, first_name, last_name, email, phone, start_time, end_time, created_at)
         VALUES (2, 'A', 'B', 'a@example.org', '819', '2026-07-03T14:00:00Z', '2026-07-03T15:00:00Z',
                 '2026-06-04T12:00:00Z')",
        [],
    )
    .unwrap();
    assert_eq!(conn.last_insert_rowid(), 3);
    conn.execute("DELETE FROM day_camp_registrations WHERE id = 3", []).unwrap();
    conn.execute(
        "INSERT INTO day_camp_registrations (program_id, child_first_name, child_last_name, child_birth_date,
             parent_name, parent_email, parent_phone, amount_cents, payment_reference, created_at)
         VALUES ('explorateurs', 'Jo', 'Roy', '2019-06-01', 'Ana Roy', 'ana@example.org', '819', 12000, 'CJ-KLM345',
                 '2026-05-09T12:00:00Z')",
        [],
    )
    .unwrap();
    assert_eq!(conn.last_insert_rowid(), 4);
    assert_eq!(count(&conn, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
}

/// A tournament deleted and made again (the draw redone from scratch) gives its matches new ids.
/// A phone's score entries stay on the server after their match is gone (they are the phone's
/// record), so a match given an old id again would meet the old match's applied score: the new
/// score would be refused, or taken for the old one.
#[tokio::test]
async fn a_deleted_tournaments_match_ids_are_never_given_again_and_a_phone_scores_the_new_draw() {
    use crate::tournaments::support::{Setup, config, create_tournament, generate, id};
    let setup = Setup::new(4, config(2, 1)).await;
    let app = &setup.app;
    setup.generate().await;
    let old: Vec<i64> = setup.matches().await.iter().map(|m| id(&m["id"])).collect();
    let push = |seq: i64, match_id: i64| {
        app.client.post(app.at("/api/admin/sync/scores")).json(&json!({"deviceId": "terrain-1", "entries": [{
            "seq": seq, "entryId": format!("terrain-1-{seq}"), "matchId": match_id, "team1Score": 21,
            "team2Score": 15, "baseVersion": 1, "enteredAt": "2030-06-01T13:25:00Z"}]}))
    };
    let outcome = |answer: Value| answer["results"][0]["outcome"].as_str().unwrap_or_default().to_owned();
    // The phone scores the last match of the draw.
    let last = *old.iter().max().unwrap();
    let answer: Value = push(1, last).send().await.unwrap().json().await.unwrap();
    assert_eq!(outcome(answer), "applied");

    let deleted = app.client.delete(app.at(&format!("/api/admin/tournaments/{}", setup.tournament_id))).send().await;
    assert!(deleted.unwrap().status().is_success());
    let again = create_tournament(app, setup.event_id, &config(2, 1)).await;
    let again_id = id(&again["id"]);
    assert!(again_id > setup.tournament_id, "a new tournament id: {again_id}");
    generate(app, again_id).await;
    let matches: Vec<Value> =
        app.get(&format!("/api/admin/tournaments/{again_id}/matches")).await.json().await.unwrap();
    assert_eq!(matches.len(), old.len());
    let new: Vec<i64> = matches.iter().map(|m| id(&m["id"])).collect();
    assert!(new.iter().all(|m| *m > last), "new match ids {new:?} after the old {old:?}");

    // The same phone scores the new draw's last match: applied to it, and shown.
    let newest = *new.iter().max().unwrap();
    let response = push(2, newest).send().await.unwrap();
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(outcome(answer), "applied");
    let matches: Vec<Value> =
        app.get(&format!("/api/admin/tournaments/{again_id}/matches")).await.json().await.unwrap();
    let scored = matches.iter().find(|m| id(&m["id"]) == newest).unwrap();
    assert_eq!((scored["team1Score"].as_u64(), scored["team2Score"].as_u64()), (Some(21), Some(15)));
}
