//! Random joins, cancellations, declines, expiries and capacity changes on one event, run on the
//! db functions inside real write transactions on a real file: registrations plus live offers
//! never exceed the capacity, every free place that fits someone in line is offered to the first
//! in line, and nobody holds two live offers at once.

use centre_server::db::Db;
use centre_server::db::waitlist::offers::{self, OfferLetters, OfferMail, Refill};
use centre_server::db::waitlist::{Target, line};
use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;
use rusqlite::{Connection, params};

struct NoLetters;

impl OfferLetters for NoLetters {
    fn offer(&self, m: &OfferMail<'_>) -> centre_server::db::outbox::Email {
        centre_server::db::outbox::Email {
            to: m.to.to_owned(),
            subject: format!("offer {}", m.offer_id),
            body_text: String::new(),
            ics: None,
        }
    }
}

#[derive(Debug, Clone)]
enum Op {
    /// Member `n` joins with a team of 2.
    Join(usize),
    /// The `n`-th live registration is deleted.
    Cancel(usize),
    /// The `n`-th live offer is declined.
    Decline(usize),
    /// Hours pass and the scheduled work runs.
    Wait(i64),
    /// The maximum changes by this many places (refused when below what is taken).
    Capacity(i64),
    /// The first live offer is accepted: a team of 2 registered.
    Accept,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0usize..12).prop_map(Op::Join),
        2 => (0usize..6).prop_map(Op::Cancel),
        2 => (0usize..4).prop_map(Op::Decline),
        1 => (1i64..72).prop_map(Op::Wait),
        1 => (-4i64..6).prop_map(Op::Capacity),
        2 => Just(Op::Accept),
    ]
}

const EVENT: i64 = 1;

fn setup(conn: &Connection) {
    conn.execute_batch(
        "INSERT INTO events (id, title, description, location, start_date, price_cents, max_participants, created_at)
           VALUES (1, 'Tournoi', 'D', 'La Pêche', '2099-08-24T13:00:00Z', 0, 6, '2026-01-01T00:00:00Z');",
    )
    .unwrap();
    for n in 0..12 {
        conn.execute(
            "INSERT INTO users (id, email, created_at, updated_at, email_verified) VALUES (?1, ?2, 't', 't', 1)",
            params![format!("u{n}"), format!("u{n}@example.org")],
        )
        .unwrap();
    }
}

fn register(conn: &Connection, user: &str, reference: &str) -> bool {
    // Direct registration as `register_team` does it: a member in line leaves it (their own
    // offer's places theirs), then it is refused when registrations plus live offers leave no
    // room (the rule), and the schema refuses the rest. A refusal undoes it all, as the
    // registration's transaction does.
    conn.execute_batch("SAVEPOINT direct").unwrap();
    line::registered_directly(conn, &Target::Event(EVENT), user, None, "t").unwrap();
    let (max, current, held): (i64, i64, i64) = conn
        .query_row(
            "SELECT max_participants, current_participants,
                    (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers WHERE event_id = 1 AND state = 'live')
               FROM events WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    if current + held + 2 > max {
        conn.execute_batch("ROLLBACK TO direct; RELEASE direct").unwrap();
        return false;
    }
    conn.execute(
        "INSERT INTO event_registrations (event_id, user_id, people_count, payment_reference, created_at, captain_first_name)
         VALUES (1, ?1, 2, ?2, 't', 'x')",
        params![user, reference],
    )
    .unwrap();
    centre_server::db::events::recount_participants(conn, EVENT).unwrap();
    conn.execute_batch("RELEASE direct").unwrap();
    true
}

fn check(conn: &Connection) -> Result<(), TestCaseError> {
    let (max, current, held): (i64, i64, i64) = conn
        .query_row(
            "SELECT max_participants, current_participants,
                    (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers WHERE event_id = 1 AND state = 'live')
               FROM events WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    prop_assert!(current + held <= max, "{current} registered + {held} held > {max}");
    let twice: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM (SELECT entry_id FROM waitlist_offers WHERE state = 'live' GROUP BY entry_id HAVING COUNT(*) > 1)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    prop_assert_eq!(twice, 0, "someone holds two live offers");
    // In rank order, every offered entry comes before every waiting one, and no one waits
    // while places for them are free.
    let states: Vec<String> = conn
        .prepare("SELECT state FROM waitlist_entries WHERE state IN ('waiting', 'offered') ORDER BY sort_key, id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let first_waiting = states.iter().position(|s| s == "waiting").unwrap_or(states.len());
    prop_assert!(states[first_waiting..].iter().all(|s| s == "waiting"), "an offer skipped someone: {states:?}");
    if first_waiting < states.len() {
        prop_assert!(max - current - held < 2, "places free while a team waits: {max} {current} {held}");
    }
    Ok(())
}

fn run(ops: &[Op]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("centre.db")).unwrap();
    let conn = db.connect().unwrap();
    setup(&conn);
    let letters = NoLetters;
    let mut now: DateTime<Utc> = Utc.with_ymd_and_hms(2099, 6, 1, 12, 0, 0).unwrap();
    let mut references = 0;
    for op in ops {
        let tx = conn.unchecked_transaction().unwrap();
        let cx = Refill { now, tz: chrono_tz::America::Toronto, letters: &letters };
        let text = centre_core::timefmt::utc_text(now);
        match op {
            Op::Join(n) => {
                let user = format!("u{n}");
                let registered: bool = tx
                    .query_row(
                        "SELECT EXISTS (SELECT 1 FROM event_registrations WHERE user_id = ?1 AND status <> 'cancelled')",
                        [&user],
                        |r| r.get(0),
                    )
                    .unwrap();
                references += 1;
                // Only a full event has a list: otherwise the member registers.
                if !registered && !register(&tx, &user, &format!("R{references}")) {
                    let join = line::Join {
                        target: &Target::Event(EVENT),
                        user_id: &user,
                        child_key: None,
                        places: 2,
                        form: None,
                        lang: "fr",
                        now: &text,
                    };
                    let _ = line::join(&tx, &join);
                }
            }
            Op::Cancel(k) => {
                let id: Option<i64> = tx
                    .query_row(
                        "SELECT id FROM event_registrations WHERE status <> 'cancelled' ORDER BY id LIMIT 1 OFFSET ?1",
                        [*k as i64],
                        |r| r.get(0),
                    )
                    .ok();
                if let Some(id) = id {
                    tx.execute("DELETE FROM event_registrations WHERE id = ?1", [id]).unwrap();
                    centre_server::db::events::recount_participants(&tx, EVENT).unwrap();
                    offers::refill(&tx, &Target::Event(EVENT), &cx).unwrap();
                }
            }
            Op::Decline(k) => {
                let found: Option<(i64, String)> = tx
                    .query_row(
                        "SELECT o.id, e.user_id FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
                          WHERE o.state = 'live' ORDER BY o.id LIMIT 1 OFFSET ?1",
                        [*k as i64],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .ok();
                if let Some((offer, user)) = found {
                    offers::decline(&tx, offer, &user, &cx).unwrap();
                }
            }
            Op::Wait(hours) => {
                now += Duration::hours(*hours);
                let cx = Refill { now, tz: chrono_tz::America::Toronto, letters: &letters };
                offers::expire_due(&tx, &cx).unwrap();
            }
            Op::Capacity(delta) => {
                let changed = tx.execute(
                    "UPDATE events SET max_participants = max(1, max_participants + ?1) WHERE id = 1",
                    [delta],
                );
                // Below what registrations and offers take, the schema refuses.
                if changed.is_ok() {
                    offers::refill(&tx, &Target::Event(EVENT), &cx).unwrap();
                } else {
                    tx.rollback().unwrap();
                    check(&conn)?;
                    continue;
                }
            }
            Op::Accept => {
                let found: Option<(i64, String)> = tx
                    .query_row(
                        "SELECT o.id, e.user_id FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
                          WHERE o.state = 'live' ORDER BY o.id LIMIT 1",
                        [],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .ok();
                if let Some((offer, user)) = found {
                    let entry = offers::accept(&tx, offer, &user, &text).unwrap();
                    references += 1;
                    prop_assert!(register(&tx, &user, &format!("R{references}")), "an accepted offer found its places");
                    let _ = entry;
                }
            }
        }
        tx.commit().unwrap();
        check(&conn)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn capacity_is_never_exceeded_and_freed_places_go_to_the_first_in_line(ops in proptest::collection::vec(op(), 1..40)) {
        run(&ops)?;
    }
}
