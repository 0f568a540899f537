#![allow(clippy::unwrap_used)]

use centre_server::db::{Db, known_schema_version};
use rusqlite::{Connection, params};

fn migrated() -> (tempfile::TempDir, Connection) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA foreign_keys=ON;").unwrap();
    (dir, conn)
}

fn insert_court(conn: &Connection) -> i64 {
    conn.execute("INSERT INTO courts (name, position, season_start, season_end) VALUES ('T', 9, '05-15', '09-30')", [])
        .unwrap();
    conn.last_insert_rowid()
}

fn book(conn: &Connection, court: i64, start: &str, status: &str) -> rusqlite::Result<usize> {
    conn.execute(
        "INSERT INTO court_bookings (court_id, first_name, last_name, email, phone, start_time, end_time, status, created_at)
         VALUES (?1, 'A', 'B', 'a@b.ca', '819', ?2, '2027-06-01T15:00:00Z', ?3, '2026-11-22T00:00:00Z')",
        params![court, start, status],
    )
}

#[test]
fn every_migration_applies_to_an_empty_database() {
    let (_dir, conn) = migrated();
    let applied: i64 = conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
    assert_eq!(applied, known_schema_version());
    let fk: i64 = conn.query_row("PRAGMA foreign_key_check", [], |r| r.get(0)).unwrap_or(0);
    assert_eq!(fk, 0);
}

#[test]
fn two_live_bookings_of_one_court_slot_are_impossible() {
    let (_dir, conn) = migrated();
    let court = insert_court(&conn);
    book(&conn, court, "2027-06-01T14:00:00Z", "confirmed").unwrap();
    let second = book(&conn, court, "2027-06-01T14:00:00Z", "pending");
    assert!(second.is_err(), "a second live booking of the same slot must be refused");
    // A cancelled booking frees the slot: history is kept, the slot can be booked again.
    conn.execute("UPDATE court_bookings SET status = 'cancelled'", []).unwrap();
    book(&conn, court, "2027-06-01T14:00:00Z", "confirmed").unwrap();
}

#[test]
fn out_of_range_statuses_and_values_are_refused() {
    let (_dir, conn) = migrated();
    let court = insert_court(&conn);
    assert!(book(&conn, court, "2027-06-02T14:00:00Z", "maybe").is_err());
    conn.execute(
        "INSERT INTO events (title, description, location, start_date, max_participants, created_at) VALUES ('T', 'D', 'L', '2027-01-01T00:00:00Z', 4, 'now')",
        [],
    )
    .unwrap();
    let event = conn.last_insert_rowid();
    assert!(
        conn.execute("UPDATE events SET current_participants = 5 WHERE id = ?1", [event]).is_err(),
        "an event cannot be oversold"
    );
    assert!(
        conn.execute(
            "INSERT INTO tournaments (event_id, name, courts_available, created_at) VALUES (?1, 'T', 5, 'now')",
            [event]
        )
        .is_err(),
        "courts are 1 to 4"
    );
    conn.execute("INSERT INTO tournaments (event_id, name, created_at) VALUES (?1, 'T', 'now')", [event]).unwrap();
    assert!(conn.execute("UPDATE tournaments SET status = 'paused'", []).is_err());
    assert!(conn.execute("UPDATE tournaments SET match_duration_minutes = 61", []).is_err());
}

#[test]
fn deleting_an_event_deletes_its_registrations_and_tournament() {
    let (_dir, conn) = migrated();
    conn.execute("INSERT INTO events (title, description, location, start_date, created_at) VALUES ('T', 'D', 'L', '2027-01-01T00:00:00Z', 'now')", []).unwrap();
    let event = conn.last_insert_rowid();
    conn.execute(
        "INSERT INTO event_registrations (event_id, team_name, team_number, people_count, payment_reference, created_at) VALUES (?1, 'A', 1, 2, 'REF1', 'now')",
        [event],
    )
    .unwrap();
    conn.execute("INSERT INTO tournaments (event_id, name, created_at) VALUES (?1, 'T', 'now')", [event]).unwrap();
    conn.execute("DELETE FROM events WHERE id = ?1", [event]).unwrap();
    let left: i64 = conn
        .query_row("SELECT (SELECT count(*) FROM event_registrations) + (SELECT count(*) FROM tournaments)", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(left, 0);
}

#[test]
fn a_day_camp_week_cannot_be_oversold() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    centre_server::prepare(centre_server::settings::Settings::for_tests(path.clone())).unwrap();
    let conn = Connection::open(&path).unwrap();
    let capacity: i64 = conn.query_row("SELECT capacity FROM day_camp_places LIMIT 1", [], |r| r.get(0)).unwrap();
    assert!(conn.execute("UPDATE day_camp_places SET taken = capacity + 1", []).is_err());
    assert!(capacity > 0);
}

#[test]
fn a_database_newer_than_the_code_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute(
        "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (?1, 'future', '2030-01-01', '0')",
        [known_schema_version() + 1],
    )
    .unwrap();
    drop(conn);
    let error = Db::open(&path).err().expect("a newer schema must be refused").to_string();
    assert!(error.contains("newer than this program knows"), "{error}");
}

mod embedded {
    refinery::embed_migrations!("../migrations");
}

#[test]
fn v6_keeps_the_users_and_counts_only_accounts_without_a_provider_as_verified() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        // A database at schema V5 with an account of each kind.
        let mut conn = Connection::open(&path).unwrap();
        embedded::migrations::runner()
            .set_target(refinery::Target::Version(5))
            .set_abort_divergent(true)
            .run(&mut conn)
            .unwrap();
        let version: i64 =
            conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
        assert_eq!(version, 5);
        conn.execute_batch(
            "INSERT INTO users (id, email, first_name, last_name, oidc_subject, created_at, updated_at) VALUES
               ('u-operator', 'premier@example.org', NULL, NULL, NULL, '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z'),
               ('u-provider', 'marie@example.org', 'Marie', 'Tremblay', 'sub-marie', '2026-05-02T12:00:00Z', '2026-05-02T12:00:00Z');
             INSERT INTO role_grants (user_id, role, granted_at) VALUES ('u-operator', 'admin', '2026-05-01T12:00:00Z');",
        )
        .unwrap();
    }
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let version: i64 = conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
    assert_eq!(version, known_schema_version());
    let users: Vec<(String, String, Option<String>, i64)> = conn
        .prepare("SELECT id, email, first_name, email_verified FROM users ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        users,
        [
            ("u-operator".to_owned(), "premier@example.org".to_owned(), None, 1),
            ("u-provider".to_owned(), "marie@example.org".to_owned(), Some("Marie".to_owned()), 0),
        ]
    );
    let admins: i64 =
        conn.query_row("SELECT count(*) FROM role_grants WHERE role = 'admin'", [], |r| r.get(0)).unwrap();
    assert_eq!(admins, 1);
    // A new account is unverified unless said otherwise; only 0 and 1 are values.
    conn.execute(
        "INSERT INTO users (id, email, created_at, updated_at) VALUES ('u-new', 'new@example.org', 'now', 'now')",
        [],
    )
    .unwrap();
    let verified: i64 =
        conn.query_row("SELECT email_verified FROM users WHERE id = 'u-new'", [], |r| r.get(0)).unwrap();
    assert_eq!(verified, 0);
    assert!(conn.execute("UPDATE users SET email_verified = 2 WHERE id = 'u-new'", []).is_err());
    assert!(conn.execute("UPDATE users SET email_verified = NULL WHERE id = 'u-new'", []).is_err());
}

#[test]
fn v12_gives_the_two_courts_their_english_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        // A database before V12 with the two courts it was given and one named by hand.
        let mut conn = Connection::open(&path).unwrap();
        embedded::migrations::runner()
            .set_target(refinery::Target::Version(11))
            .set_abort_divergent(true)
            .run(&mut conn)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO courts (name, position, season_start, season_end) VALUES
               ('Terrain de volleyball 1', 1, '05-15', '09-30'),
               ('Terrain de volleyball 2', 2, '05-15', '09-30'),
               ('Terrain du lac', 3, '05-15', '09-30');",
        )
        .unwrap();
    }
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let names: Vec<(String, String)> = conn
        .prepare("SELECT name, name_en FROM courts ORDER BY position")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let expected = [
        ("Terrain de volleyball 1", "Volleyball court 1"),
        ("Terrain de volleyball 2", "Volleyball court 2"),
        ("Terrain du lac", ""),
    ];
    assert_eq!(names, expected.map(|(fr, en)| (fr.to_owned(), en.to_owned())));
}

#[test]
fn v22_gives_old_emails_the_owner_of_the_one_record_they_name_and_never_guesses_from_the_address() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        // A database at V21: two families, their registrations, a booking and an offer, and the
        // e-mails the centre wrote about them, each to the address it went to then.
        let mut conn = Connection::open(&path).unwrap();
        embedded::migrations::runner()
            .set_target(refinery::Target::Version(21))
            .set_abort_divergent(true)
            .run(&mut conn)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, email, created_at, updated_at, email_verified) VALUES
               ('u-a', 'a@example.org', 'now', 'now', 1), ('u-b', 'b@example.org', 'now', 'now', 1);
             INSERT INTO events (id, title, description, location, start_date, created_at)
               VALUES (1, 'Tournoi', 'D', 'L', '2027-01-01T00:00:00Z', 'now');
             INSERT INTO event_registrations (id, event_id, user_id, team_number, people_count, payment_reference, created_at)
               VALUES (1, 1, 'u-a', 1, 2, 'EV1-AAAAAA', 'now');
             INSERT INTO day_camp_programs (id, position, min_age, max_age, weekly_price_cents, capacity_per_week)
               VALUES ('p', 99, 5, 9, 100, 10);
             INSERT INTO day_camp_registrations (id, user_id, program_id, child_first_name, child_last_name,
                 child_birth_date, parent_name, parent_email, parent_phone, amount_cents, payment_reference, created_at)
               VALUES (1, 'u-a', 'p', 'Léa', 'A', '2019-01-01', 'P', 'a@example.org', '819', 100, 'CJ-ABC123', 'now'),
                      (2, 'u-b', 'p', 'Zoé', 'B', '2019-01-01', 'P', 'a@example.org', '819', 100, 'CJ-ABC1234', 'now');
             INSERT INTO courts (id, name, position, season_start, season_end) VALUES (9, 'T', 9, '05-15', '09-30');
             INSERT INTO court_bookings (id, court_id, user_id, first_name, last_name, email, phone, start_time,
                 end_time, created_at)
               VALUES (7, 9, 'u-b', 'B', 'B', 'a@example.org', '819', '2027-06-01T14:00:00Z', '2027-06-01T15:00:00Z', 'now');
             INSERT INTO waitlist_entries (id, kind, event_id, user_id, state, sort_key, joined_at)
               VALUES (3, 'event', 1, 'u-b', 'offered', 1, 'now');
             INSERT INTO waitlist_offers (id, entry_id, event_id, places, offered_at, expires_at)
               VALUES (12, 3, 1, 1, '2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z');
             INSERT INTO outbox_emails (id, to_address, subject, body_text, ics, next_attempt_at, created_at) VALUES
               (1, 'a@example.org', 'Inscription reçue (EV1-AAAAAA)', 'Référence : EV1-AAAAAA', NULL, 'now', 'now'),
               (2, 'a@example.org', 'Camp de jour : inscription de Léa reçue (CJ-ABC123)', 'Référence : CJ-ABC123.', NULL, 'now', 'now'),
               (3, 'a@example.org', 'Rappel de paiement : CJ-ABC1234', 'Référence : CJ-ABC1234', NULL, 'now', 'now'),
               (4, 'a@example.org', 'Réservation confirmée', 'Terrain T', 'BEGIN:VEVENT\r\nUID:court-booking-7@centre.example\r\nEND:VEVENT', 'now', 'now'),
               (5, 'b@example.org', 'Une place pour vous', 'Acceptez : http://centre.example/offers/12\nMerci', NULL, 'now', 'now'),
               (6, 'a@example.org', 'Deux inscriptions', 'CJ-ABC123 et EV1-AAAAAA', NULL, 'now', 'now'),
               (7, 'a@example.org', 'Bienvenue', 'Rien qui nomme une fiche', NULL, 'now', 'now'),
               (8, 'b@example.org', 'Une place', 'http://centre.example/offers/120', NULL, 'now', 'now'),
               (9, 'a@example.org', 'Réservation', 'Terrain', 'UID:court-booking-70@centre.example', 'now', 'now');",
        )
        .unwrap();
    }
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    /// An e-mail's id, owner, and the kind and id of its record.
    type Owned = (i64, Option<String>, Option<String>, Option<i64>);
    let rows: Vec<Owned> = conn
        .prepare("SELECT id, user_id, about_kind, about_id FROM outbox_emails ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let owned =
        |id: i64, user: &str, kind: &str, record: i64| (id, Some(user.to_owned()), Some(kind.to_owned()), Some(record));
    assert_eq!(
        rows,
        [
            owned(1, "u-a", "event_registration", 1),
            owned(2, "u-a", "camp_registration", 1),
            // B's child's reminder went to A's address (the parent's address B typed): B's.
            owned(3, "u-b", "camp_registration", 2),
            // B's booking, whose confirmation went to the address B typed: B's.
            owned(4, "u-b", "court_booking", 7),
            owned(5, "u-b", "waitlist_offer", 12),
            // Two records named: nobody's, whatever address.
            (6, None, None, None),
            // No record named: nobody's, even though it went to A's address.
            (7, None, None, None),
            // An offer and a booking that do not exist (120 is not 12, 70 is not 7).
            (8, None, None, None),
            (9, None, None, None),
        ]
    );
    // A new row names its record and owner together, or neither.
    let odd = conn.execute(
        "INSERT INTO outbox_emails (to_address, subject, body_text, next_attempt_at, created_at, about_kind)
         VALUES ('x', 's', 'b', 'now', 'now', 'court_booking')",
        [],
    );
    assert!(odd.is_err(), "a kind without an id is refused");
    let odd = conn.execute(
        "INSERT INTO outbox_emails (to_address, subject, body_text, next_attempt_at, created_at, about_kind, about_id)
         VALUES ('x', 's', 'b', 'now', 'now', 'payment', 1)",
        [],
    );
    assert!(odd.is_err(), "an unknown kind is refused");
}

#[test]
fn v23_keeps_every_account_and_lets_unverified_addresses_be_shared() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        embedded::migrations::runner()
            .set_target(refinery::Target::Version(22))
            .set_abort_divergent(true)
            .run(&mut conn)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, email, first_name, oidc_subject, created_at, updated_at, email_verified) VALUES
               ('u-a', 'ana@example.org', 'Ana', 'sub-a', 'then', 'then', 1),
               ('u-e', 'eve@example.org', 'Eve', 'sub-e', 'then', 'then', 0),
               ('u-x', '', NULL, 'sub-x', 'then', 'then', 1);
             INSERT INTO role_grants (user_id, role, granted_at) VALUES ('u-a', 'admin', 'then');",
        )
        .unwrap();
    }
    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA foreign_keys=ON;").unwrap();
    type Account = (String, Option<String>, Option<String>, Option<String>, i64);
    let users: Vec<Account> = conn
        .prepare("SELECT id, email, first_name, oidc_subject, email_verified FROM users ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let some = |s: &str| Some(s.to_owned());
    assert_eq!(
        users,
        [
            ("u-a".to_owned(), some("ana@example.org"), some("Ana"), some("sub-a"), 1),
            ("u-e".to_owned(), some("eve@example.org"), some("Eve"), some("sub-e"), 0),
            // The empty address a provider left is none.
            ("u-x".to_owned(), None, None, some("sub-x"), 0),
        ]
    );
    let grants: i64 =
        conn.query_row("SELECT count(*) FROM role_grants WHERE user_id = 'u-a'", [], |r| r.get(0)).unwrap();
    assert_eq!(grants, 1, "the references to users still hold");
    // Unverified accounts share an address; one verified account holds it, in any case.
    let add = |id: &str, email: &str, verified: i64| {
        conn.execute(
            "INSERT INTO users (id, email, created_at, updated_at, email_verified) VALUES (?1, ?2, 'now', 'now', ?3)",
            params![id, email, verified],
        )
    };
    add("u-e2", "EVE@example.org", 0).unwrap();
    add("u-e3", "eve@example.org", 1).unwrap();
    assert!(add("u-e4", "Eve@Example.org", 1).is_err(), "a second verified holder is refused");
    assert!(add("u-a2", "ana@example.org", 1).is_err());
    assert!(
        conn.execute(
            "INSERT INTO users (id, created_at, updated_at, email_verified) VALUES ('u-n', 'now', 'now', 1)",
            []
        )
        .is_err(),
        "verified without an address is refused"
    );
}
