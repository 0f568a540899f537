//! Random joins, cancellations, declines, expiries and capacity changes on one event (teams of
//! 2) and on one camp week (a child each), run on the db functions inside real write
//! transactions on a real file: registrations plus live offers never exceed the capacity, every
//! free place that fits someone in line is offered to the first in line, and nobody holds two
//! live offers at once.

use centre_core::validation::{DayCampRegistrationInput, validate_day_camp_registration};
use centre_server::db::daycamps::{self, NewRegistration};
use centre_server::db::payments::{Kind as PayKind, PaymentStatus, status};
use centre_server::db::waitlist::offers::{self, OfferLetters, OfferMail, Refill};
use centre_server::db::waitlist::{Target, line};
use centre_server::db::{Db, seed};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
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
    /// Member `n` joins: with a team of 2, or their child.
    Join(usize),
    /// The `n`-th live registration frees its places.
    Cancel(usize),
    /// The `n`-th live offer is declined.
    Decline(usize),
    /// Hours pass and the scheduled work runs.
    Wait(i64),
    /// The maximum changes by this many places (refused when below what is taken).
    Capacity(i64),
    /// The first live offer is accepted: the team or the child registered.
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
const PROGRAM: &str = "explorateurs";
/// The day the camp weeks are seeded from, and the first moment of the test (weeks in July).
const TODAY: (i32, u32, u32) = (2099, 6, 1);

/// Where the list is: an event (teams of 2) or a camp week (one child each).
#[derive(Debug, Clone, Copy)]
enum Kind {
    Event,
    Camp,
}

/// The place under test: its list and how many places each one in line needs.
struct Place {
    kind: Kind,
    target: Target,
    need: i64,
}

impl Place {
    fn week_id(&self) -> i64 {
        match &self.target {
            Target::CampWeek { week_id, .. } => *week_id,
            _ => 0,
        }
    }
}

fn setup(conn: &mut Connection, kind: Kind) -> Place {
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
    match kind {
        Kind::Event => Place { kind, target: Target::Event(EVENT), need: 2 },
        Kind::Camp => {
            let today = NaiveDate::from_ymd_opt(TODAY.0, TODAY.1, TODAY.2).unwrap();
            seed::reference_data(conn, today).unwrap();
            let week_id: i64 =
                conn.query_row("SELECT id FROM day_camp_weeks ORDER BY start_date LIMIT 1", [], |r| r.get(0)).unwrap();
            conn.execute(
                "UPDATE day_camp_places SET capacity = 6 WHERE program_id = ?1 AND week_id = ?2",
                params![PROGRAM, week_id],
            )
            .unwrap();
            Place { kind, target: Target::CampWeek { program_id: PROGRAM.to_owned(), week_id }, need: 1 }
        }
    }
}

/// Member `user`'s child (one each), as the camp form sends it.
fn child_form(user: &str, week_id: i64) -> serde_json::Value {
    serde_json::json!({
        "weekId": week_id.to_string(), "childFirstName": format!("Enfant {user}"), "childLastName": "Roy",
        "childBirthDate": "2092-03-01", "childGender": "girl", "parentName": "Ana Roy",
        "parentEmail": format!("{user}@example.org"), "parentPhone": "819-555-0101",
        "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]},
        "medicalConditions": "", "canSwim": true, "healthConsent": true, "healthConsentVersion": "sante-2026-1"
    })
}

fn child_key(user: &str) -> String {
    centre_core::camps::child_key(&format!("Enfant {user}"), "Roy", NaiveDate::from_ymd_opt(2092, 3, 1).unwrap())
}

fn register(conn: &Connection, place: &Place, user: &str, reference: &str, now: &str) -> bool {
    match place.kind {
        Kind::Event => register_team(conn, user, reference),
        Kind::Camp => register_child(conn, place, user, now),
    }
}

/// As `daycamps::register` runs for the camp form: refused when the week has no place that is
/// nobody else's; a refusal undoes it all, as the registration's transaction does.
fn register_child(conn: &Connection, place: &Place, user: &str, now: &str) -> bool {
    let input: DayCampRegistrationInput = serde_json::from_value(child_form(user, place.week_id())).unwrap();
    let today = NaiveDate::from_ymd_opt(TODAY.0, TODAY.1, TODAY.2).unwrap();
    let form = validate_day_camp_registration(&input, today).unwrap();
    let week_ids = [place.week_id()];
    let new = NewRegistration {
        user_id: user,
        program_id: Some(PROGRAM),
        week_ids: &week_ids,
        form: &form,
        lang: centre_core::Lang::Fr,
        today,
        now,
    };
    conn.execute_batch("SAVEPOINT direct").unwrap();
    match daycamps::register(conn, &new) {
        Ok(_) => {
            conn.execute_batch("RELEASE direct").unwrap();
            true
        }
        Err(_) => {
            conn.execute_batch("ROLLBACK TO direct; RELEASE direct").unwrap();
            false
        }
    }
}

/// Direct registration as `register_team` does it: a member in line leaves it (their own
/// offer's places theirs), then it is refused when registrations plus live offers leave no room
/// (the rule), and the schema refuses the rest. A refusal undoes it all, as the registration's
/// transaction does.
fn register_team(conn: &Connection, user: &str, reference: &str) -> bool {
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

/// The capacity, the places registrations take and those live offers hold, counted from the
/// rows themselves (not from the counters the code keeps).
fn counts(conn: &Connection, place: &Place) -> (i64, i64, i64) {
    let (sql, week) = match place.kind {
        Kind::Event => (
            "SELECT max_participants,
                    (SELECT COALESCE(SUM(people_count), 0) FROM event_registrations WHERE event_id = 1 AND status <> 'cancelled'),
                    (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers WHERE event_id = 1 AND state = 'live')
               FROM events WHERE id = 1 AND ?1 = 0",
            0,
        ),
        Kind::Camp => (
            "SELECT p.capacity,
                    (SELECT COUNT(*) FROM day_camp_enrolments n WHERE n.program_id = p.program_id AND n.week_id = p.week_id),
                    (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers o
                      WHERE o.program_id = p.program_id AND o.week_id = p.week_id AND o.state = 'live')
               FROM day_camp_places p WHERE p.program_id = 'explorateurs' AND p.week_id = ?1",
            place.week_id(),
        ),
    };
    conn.query_row(sql, [week], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap()
}

fn check(conn: &Connection, place: &Place) -> Result<(), TestCaseError> {
    let (max, current, held) = counts(conn, place);
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
        prop_assert!(max - current - held < place.need, "places free while someone waits: {max} {current} {held}");
    }
    Ok(())
}

/// Whether `user` (their team, or their child) is registered at the place.
fn is_registered(conn: &Connection, place: &Place, user: &str) -> bool {
    let (sql, key) = match place.kind {
        Kind::Event => (
            "SELECT EXISTS (SELECT 1 FROM event_registrations WHERE user_id = ?1 AND status <> 'cancelled')",
            user.to_owned(),
        ),
        Kind::Camp => ("SELECT EXISTS (SELECT 1 FROM day_camp_enrolments WHERE child_key = ?1)", child_key(user)),
    };
    conn.query_row(sql, [&key], |r| r.get(0)).unwrap()
}

/// Frees the `k`-th registration's places as the product does, and offers them: an event's
/// registration deleted by an admin; a child's registration expired unpaid (its week given
/// back). False when there is no such registration.
fn cancel(conn: &Connection, place: &Place, k: usize, now: &str, cx: &Refill<'_>) -> bool {
    let sql = match place.kind {
        Kind::Event => "SELECT id FROM event_registrations WHERE status <> 'cancelled' ORDER BY id LIMIT 1 OFFSET ?1",
        Kind::Camp => {
            "SELECT id FROM day_camp_registrations WHERE payment_status = 'pending' AND released_at IS NULL
              ORDER BY id LIMIT 1 OFFSET ?1"
        }
    };
    let Some(id) = conn.query_row(sql, [k as i64], |r| r.get::<_, i64>(0)).ok() else { return false };
    match place.kind {
        Kind::Event => {
            conn.execute("DELETE FROM event_registrations WHERE id = ?1", [id]).unwrap();
            centre_server::db::events::recount_participants(conn, EVENT).unwrap();
            offers::refill(conn, &place.target, cx).unwrap();
        }
        Kind::Camp => {
            status::set(conn, PayKind::Camp, id, PaymentStatus::Expired, now).unwrap();
            offers::refill_all(conn, cx).unwrap();
        }
    }
    true
}

/// Changes the capacity by `delta` (at least 1); false when the schema refuses it (below what
/// registrations and offers take).
fn change_capacity(conn: &Connection, place: &Place, delta: i64) -> bool {
    let changed = match place.kind {
        Kind::Event => {
            conn.execute("UPDATE events SET max_participants = max(1, max_participants + ?1) WHERE id = 1", [delta])
        }
        Kind::Camp => conn.execute(
            "UPDATE day_camp_places SET capacity = max(1, capacity + ?1) WHERE program_id = ?2 AND week_id = ?3",
            params![delta, PROGRAM, place.week_id()],
        ),
    };
    changed.is_ok()
}

/// The `k`-th live offer: (offer, member).
fn live_offer(conn: &Connection, k: usize) -> Option<(i64, String)> {
    conn.query_row(
        "SELECT o.id, e.user_id FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
          WHERE o.state = 'live' ORDER BY o.id LIMIT 1 OFFSET ?1",
        [k as i64],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .ok()
}

/// Runs `ops`, checking the properties after each; answers the offers made in all.
fn run(kind: Kind, ops: &[Op]) -> Result<i64, TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(&dir.path().join("centre.db")).unwrap();
    let mut conn = db.connect().unwrap();
    let place = setup(&mut conn, kind);
    let letters = NoLetters;
    let mut now: DateTime<Utc> = Utc.with_ymd_and_hms(TODAY.0, TODAY.1, TODAY.2, 12, 0, 0).unwrap();
    let mut references = 0;
    for op in ops {
        let tx = conn.unchecked_transaction().unwrap();
        let cx = Refill { now, tz: chrono_tz::America::Toronto, letters: &letters };
        let text = centre_core::timefmt::utc_text(now);
        match op {
            Op::Join(n) => {
                let user = format!("u{n}");
                references += 1;
                // Only a full place has a list: otherwise the member registers.
                if !is_registered(&tx, &place, &user) && !register(&tx, &place, &user, &format!("R{references}"), &text)
                {
                    let (key, form) = match kind {
                        Kind::Event => (None, None),
                        Kind::Camp => (Some(child_key(&user)), Some(child_form(&user, place.week_id()).to_string())),
                    };
                    let join = line::Join {
                        target: &place.target,
                        user_id: &user,
                        child_key: key.as_deref(),
                        places: place.need,
                        form: form.as_deref(),
                        lang: centre_core::Lang::Fr,
                        now: &text,
                    };
                    let _ = line::join(&tx, &join);
                }
            }
            Op::Cancel(k) => {
                cancel(&tx, &place, *k, &text, &cx);
            }
            Op::Decline(k) => {
                if let Some((offer, user)) = live_offer(&tx, *k) {
                    offers::decline(&tx, offer, &user, &cx).unwrap();
                }
            }
            Op::Wait(hours) => {
                now += Duration::hours(*hours);
                let cx = Refill { now, tz: chrono_tz::America::Toronto, letters: &letters };
                offers::expire_due(&tx, &cx).unwrap();
            }
            Op::Capacity(delta) => {
                if change_capacity(&tx, &place, *delta) {
                    offers::refill(&tx, &place.target, &cx).unwrap();
                } else {
                    tx.rollback().unwrap();
                    check(&conn, &place)?;
                    continue;
                }
            }
            Op::Accept => {
                if let Some((offer, user)) = live_offer(&tx, 0) {
                    offers::accept(&tx, offer, &user, &text).unwrap();
                    references += 1;
                    let registered = register(&tx, &place, &user, &format!("R{references}"), &text);
                    prop_assert!(registered, "an accepted offer found its places");
                }
            }
        }
        tx.commit().unwrap();
        check(&conn, &place)?;
    }
    Ok(conn.query_row("SELECT COUNT(*) FROM waitlist_offers", [], |r| r.get(0)).unwrap())
}

/// The random runs would pass vacuously if nobody ever registered or got an offer: a run
/// written out by hand does both, for a team and for a child.
#[test]
fn a_written_out_run_registers_fills_and_makes_offers() {
    use Op::{Accept, Cancel, Capacity, Decline, Join, Wait};
    // Event: 3 teams of 2 fill 6 places and 5 wait; camp: 6 children fill it and 2 wait.
    let joins: Vec<Op> = (0..8).map(Join).collect();
    let after = [Cancel(0), Decline(0), Wait(49), Capacity(2), Accept];
    let ops: Vec<Op> = joins.iter().cloned().chain(after.iter().cloned()).collect();
    // Teams: the cancel offers to u3, the decline to u4, the 49 h expiry to u5, the 2 new
    // places to u6: 4 offers. Children: the cancel to u6, the decline to u7, whose offer then
    // expires with nobody left in line: 2 offers.
    assert_eq!(run(Kind::Event, &ops).unwrap(), 4, "team offers");
    assert_eq!(run(Kind::Camp, &ops).unwrap(), 2, "child offers");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn capacity_is_never_exceeded_and_freed_places_go_to_the_first_in_line(ops in proptest::collection::vec(op(), 1..40)) {
        run(Kind::Event, &ops)?;
    }

    #[test]
    fn a_camp_week_s_places_go_to_the_first_child_in_line_and_never_overflow(ops in proptest::collection::vec(op(), 1..40)) {
        run(Kind::Camp, &ops)?;
    }
}
