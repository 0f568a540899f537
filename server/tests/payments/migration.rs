//! V5 rebuilds both registration tables (a CHECK cannot be altered in SQLite): a database made
//! at V4 with registrations, a tournament's matches and a camp child's weeks keeps every row,
//! every enrolment and every match's teams, and its references still hold and still act.

use centre_server::db::{Db, known_schema_version};
use rusqlite::Connection;
use rusqlite::types::Value as Sql;

mod embedded {
    refinery::embed_migrations!("../migrations");
}

/// A database at schema V4 with what a season leaves behind.
fn at_v4(path: &std::path::Path) {
    let mut conn = Connection::open(path).unwrap();
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(4))
        .set_abort_divergent(true)
        .run(&mut conn)
        .unwrap();
    let version: i64 = conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
    assert_eq!(version, 4);
    conn.execute_batch(
        "PRAGMA foreign_keys=ON;
         INSERT INTO users (id, email, first_name, last_name, created_at, updated_at) VALUES
           ('u-marie', 'marie@example.org', 'Marie', 'Tremblay', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z'),
           ('u-john', 'john@example.org', 'John', 'Smith', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z'),
           ('u-ana', 'ana@example.org', 'Ana', 'Roy', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00Z');
         INSERT INTO events (id, title, title_en, description, location, start_date, price_cents, max_participants,
             current_participants, requires_payment, created_at) VALUES
           (1, 'Tournoi 4x4', '4x4 tournament', 'Tournoi', 'La Pêche', '2026-06-20T13:00:00Z', 2500, 48, 10, 1, '2026-05-01T12:00:00Z'),
           (2, 'Formation', NULL, 'Formation', 'La Pêche', '2026-07-20T13:00:00Z', 0, NULL, 2, 0, '2026-05-01T12:00:00Z');
         INSERT INTO event_registrations (id, event_id, user_id, kind, team_name, team_number, captain_first_name,
             captain_last_name, captain_email, member2_first_name, member2_last_name, member2_email,
             member3_first_name, member3_last_name, member4_first_name, member4_last_name, people_count,
             status, payment_status, payment_reference, amount_due_cents, lang, created_at) VALUES
           (1, 1, 'u-marie', 'team', 'Les Smash', 1, 'Marie', 'Tremblay', 'marie@example.org', 'Alex', 'Roy', 'alex@example.org',
             'Léa', 'Gagnon', 'Sam', 'Côté', 4, 'confirmed', 'paid', 'EV1-K7MQ2X', 10000, 'fr', '2026-05-02T12:00:00Z'),
           (2, 1, 'u-john', 'team', 'The Blockers', 2, 'John', 'Smith', 'john@example.org', 'Bo', 'Lee', NULL,
             'Cy', 'Ray', 'Di', 'Moe', 4, 'confirmed', 'pending', 'EV1-H3PW9D', 10000, 'en', '2026-05-03T12:00:00Z'),
           (3, 1, NULL, 'team', 'Équipe 3', 3, 'Noé', 'Gagnon', 'noe@example.org', 'Zoé', 'Roy', NULL,
             NULL, NULL, NULL, NULL, 2, 'confirmed', 'pending', 'EV1-M4N5P6', 5000, 'fr', '2026-05-04T12:00:00Z');
         INSERT INTO event_registrations (id, event_id, user_id, kind, first_name, last_name, email, phone, notes,
             people_count, payment_reference, lang, created_at) VALUES
           (4, 2, 'u-marie', 'individual', 'Marie', 'Tremblay', 'marie@example.org', '819-555-0101', 'Végétarienne',
             2, 'EV2-ABCDEF', 'fr', '2026-05-05T12:00:00Z');
         INSERT INTO tournaments (id, event_id, name, status, start_time, created_at, pool_count, version)
           VALUES (1, 1, 'Tournoi 4x4', 'in_progress', '2026-06-20T13:00:00Z', '2026-05-10T12:00:00Z', 1, 4);
         INSERT INTO matches (id, tournament_id, round_type, round_name, pool, status, team1_id, team2_id,
             team1_score, team2_score, scheduled_time, court_number, slot_index, version, updated_at) VALUES
           (1, 1, 'pool', 'Poule - Ronde 1', 0, 'completed', 1, 2, 21, 18, '2026-06-20T13:00:00Z', 1, 0, 2, '2026-06-20T13:25:00Z'),
           (2, 1, 'pool', 'Poule - Ronde 2', 0, 'scheduled', 2, 3, NULL, NULL, '2026-06-20T13:30:00Z', 1, 1, 1, '2026-05-10T12:00:00Z'),
           (3, 1, 'pool', 'Poule - Ronde 3', 0, 'scheduled', 3, 1, NULL, NULL, '2026-06-20T14:00:00Z', 1, 2, 1, '2026-05-10T12:00:00Z');
         INSERT INTO matches (id, tournament_id, round_type, round_name, bracket_code, status, team1_from, team2_from,
             scheduled_time, court_number, slot_index, updated_at) VALUES
           (4, 1, 'final', 'Finale', 'F', 'scheduled', 'P1', 'P2', '2026-06-20T14:30:00Z', 1, 3, '2026-05-10T12:00:00Z');
         INSERT INTO match_score_history (match_id, kind, team1_score, team2_score, changed_by, changed_at)
           VALUES (1, 'score', 21, 18, 'u-marie', '2026-06-20T13:25:00Z');
         INSERT INTO score_entries (entry_id, device_id, seq, match_id, tournament_id, team1_score, team2_score,
             base_version, entered_at, user_id, received_at, outcome)
           VALUES ('phone-1', 'phone', 1, 1, 1, 21, 18, 1, '2026-06-20T13:24:00Z', 'u-marie', '2026-06-20T13:25:00Z', 'applied');
         INSERT INTO sync_devices (device_id, last_seq, updated_at) VALUES ('phone', 1, '2026-06-20T13:25:00Z');
         INSERT INTO day_camp_programs (id, position, min_age, max_age, weekly_price_cents, capacity_per_week)
           VALUES ('explorateurs', 1, 6, 8, 12000, 20);
         INSERT INTO day_camp_weeks (id, label, start_date, end_date) VALUES
           (1, 'week1', '2026-07-06', '2026-07-10'), (2, 'week2', '2026-07-13', '2026-07-17');
         INSERT INTO day_camp_places (program_id, week_id, capacity, taken) VALUES
           ('explorateurs', 1, 20, 2), ('explorateurs', 2, 20, 1);
         INSERT INTO day_camp_registrations (id, user_id, program_id, child_first_name, child_last_name, child_birth_date,
             child_gender, parent_name, parent_email, parent_phone, emergency_phone, medical_conditions, can_swim,
             amount_cents, payment_status, payment_reference, lang, created_at) VALUES
           (1, 'u-ana', 'explorateurs', 'Léa', 'Roy', '2019-03-01', 'girl', 'Ana Roy', 'ana@example.org', '819-555-0101',
             '819-555-0199', 'Allergie aux arachides', 1, 24000, 'pending', 'CJ-ABC234', 'fr', '2026-05-06T12:00:00Z'),
           (2, 'u-john', 'explorateurs', 'Max', 'Smith', '2019-04-01', NULL, 'John Smith', 'john@example.org', '819-555-0102',
             NULL, NULL, 0, 12000, 'paid', 'CJ-DEF567', 'en', '2026-05-07T12:00:00Z');
         INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key) VALUES
           (1, 1, 'explorateurs', 'lea|roy|2019-03-01'), (1, 2, 'explorateurs', 'lea|roy|2019-03-01'),
           (2, 1, 'explorateurs', 'max|smith|2019-04-01');",
    )
    .unwrap();
}

fn columns(conn: &Connection, table: &str) -> Vec<String> {
    conn.prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Every row of `table`, with `cols`, in rowid order.
fn rows(conn: &Connection, table: &str, cols: &[String]) -> Vec<Vec<Sql>> {
    let sql = format!("SELECT {} FROM {table} ORDER BY rowid", cols.join(", "));
    let mut stmt = conn.prepare(&sql).unwrap();
    stmt.query_map([], |r| (0..cols.len()).map(|i| r.get::<_, Sql>(i)).collect::<Result<Vec<_>, _>>())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// A table's columns and its rows.
type Table = (Vec<String>, Vec<Vec<Sql>>);

/// A match's two sides.
type Sides = (Option<i64>, Option<i64>);

const KEPT: [&str; 11] = [
    "users",
    "events",
    "event_registrations",
    "tournaments",
    "matches",
    "match_score_history",
    "score_entries",
    "day_camp_places",
    "day_camp_registrations",
    "day_camp_enrolments",
    "sync_devices",
];

#[test]
fn a_v4_database_with_a_season_in_it_migrates_to_v5_with_every_row_and_reference_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("centre.db");
    at_v4(&path);
    let before: Vec<Table> = {
        let conn = Connection::open(&path).unwrap();
        KEPT.iter()
            .map(|t| {
                let cols = columns(&conn, t);
                let data = rows(&conn, t, &cols);
                (cols, data)
            })
            .collect()
    };

    Db::open(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA foreign_keys=ON;").unwrap();
    let version: i64 = conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap();
    assert_eq!(version, known_schema_version());
    assert!(version >= 5);
    for (table, (cols, data)) in KEPT.iter().zip(&before) {
        assert!(!data.is_empty(), "{table} has rows to keep");
        assert_eq!(&rows(&conn, table, cols), data, "{table} kept every row and value");
    }
    let broken: i64 = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).unwrap();
    assert_eq!(broken, 0, "PRAGMA foreign_key_check is clean");
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");

    // The new columns start empty.
    let fresh: (i64, i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM event_registrations WHERE reminders_sent = 0 AND last_reminder_at IS NULL AND released_at IS NULL),
                    (SELECT count(*) FROM day_camp_registrations WHERE reminders_sent = 0 AND released_at IS NULL AND released_weeks IS NULL),
                    (SELECT count(*) FROM events WHERE payment_deadline_days IS NULL AND payment_deadline_date IS NULL)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(fresh, (4, 2, 2));

    // Other tables still point at the rebuilt ones.
    let target = |table: &str| -> Vec<String> {
        conn.prepare(&format!("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list('{table}')"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert!(target("matches").contains(&"event_registrations".to_owned()), "{:?}", target("matches"));
    assert!(target("day_camp_enrolments").contains(&"day_camp_registrations".to_owned()));
    let schema: String = conn
        .query_row("SELECT group_concat(sql, ' ') FROM sqlite_master WHERE sql IS NOT NULL", [], |r| r.get(0))
        .unwrap();
    assert!(!schema.contains("_v5"), "no reference to the rebuilt tables' temporary names");

    // And the references still act: one live registration per member and event, a released
    // one does not count; a deleted team leaves its matches with an empty side; a deleted camp
    // registration takes its enrolments with it.
    let again = conn.execute(
        "INSERT INTO event_registrations (event_id, user_id, people_count, payment_reference, created_at)
         VALUES (1, 'u-marie', 2, 'EV1-AGAIN1', '2026-05-08T12:00:00Z')",
        [],
    );
    assert!(again.is_err(), "a second live registration of the same member");
    conn.execute(
        "INSERT INTO event_registrations (event_id, user_id, people_count, payment_reference, created_at, status,
             payment_status, released_at)
         VALUES (1, 'u-marie', 2, 'EV1-AGAIN2', '2026-05-08T12:00:00Z', 'cancelled', 'expired', '2026-05-09T12:00:00Z')",
        [],
    )
    .unwrap();
    assert!(
        conn.execute("UPDATE event_registrations SET payment_status = 'expired' WHERE id = 2", []).is_err(),
        "expired holds no places: it must be cancelled and dated"
    );
    conn.execute("DELETE FROM event_registrations WHERE id = 3", []).unwrap();
    let sides: Vec<Sides> = conn
        .prepare("SELECT team1_id, team2_id FROM matches WHERE id IN (2, 3) ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(sides, [(Some(2), None), (None, Some(1))]);
    conn.execute("DELETE FROM day_camp_registrations WHERE id = 1", []).unwrap();
    let left: i64 = conn.query_row("SELECT count(*) FROM day_camp_enrolments", [], |r| r.get(0)).unwrap();
    assert_eq!(left, 1);
    let orphan = conn.execute(
        "INSERT INTO payment_transfers (event_registration_id, amount_cents, sender, message, confirmed_at)
         VALUES (999, 100, 'X', 'Y', '2026-05-09T12:00:00Z')",
        [],
    );
    assert!(orphan.is_err(), "a transfer pays a registration that exists");
    drop(conn);

    // The server starts on it.
    centre_server::prepare(centre_server::settings::Settings::for_tests(path)).unwrap();
}
