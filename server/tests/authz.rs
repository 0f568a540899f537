//! The authorization matrix: the 40 calls the site began with (`matrix`) and the console's later
//! ones (`later_calls`), made as a visitor,
//! a member, a supervisor, camp staff (given week 1) and an admin, with the status each must get.
//!
//! Every row is exact: the refused roles get 401 or 403, the allowed ones the status written.
//! `GET /api/auth/user` is the one read a visitor gets 200 from among the signed-in calls: its
//! answer is `null` for them (`a_visitor_is_answered_null_by_the_current_user_call`).
//! Some admin rows expect the state's refusal (409, 422): the admin got past the role check.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::TestApp;
use reqwest::Method;
use serde_json::{Value, json};

#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user (401 for visitors).
    SignedIn,
    /// Admins and supervisors (401 visitors, 403 members).
    Staff,
    /// Admins only (401 visitors, 403 members and supervisors).
    Admin,
    /// Admins and camp staff given the week (401 visitors, 403 members and supervisors).
    CampStaff,
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// Implemented: the status an allowed role gets.
    Live(u16),
    /// Implemented, and taking something only one caller can have (a court slot, a child's
    /// week): the first allowed role gets the first status, every later allowed role the second.
    Once(u16, u16),
}

const ROLES: [&str; 5] = ["visitor", "member", "supervisor", "camp_staff", "admin"];

struct Call {
    method: Method,
    path: String,
    body: Option<Value>,
    rule: Rule,
    state: State,
}

fn allowed(rule: Rule, role: &str) -> bool {
    match rule {
        Rule::Public => true,
        Rule::SignedIn => role != "visitor",
        Rule::Staff => role == "supervisor" || role == "admin",
        Rule::Admin => role == "admin",
        Rule::CampStaff => role == "camp_staff" || role == "admin",
    }
}

fn refusal(role: &str) -> u16 {
    if role == "visitor" { 401 } else { 403 }
}

fn call(method: Method, path: impl Into<String>, rule: Rule, state: State) -> Call {
    Call { method, path: path.into(), body: None, rule, state }
}

fn with_body(method: Method, path: impl Into<String>, body: Value, rule: Rule, state: State) -> Call {
    Call { method, path: path.into(), body: Some(body), rule, state }
}

/// One event, a team registration, a tournament with a match, and a court booking, so that
/// every `{id}` below names something real.
fn seed(app: &TestApp) {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn.execute_batch(
        "INSERT INTO events (id, title, description, location, start_date, price_cents, max_participants, created_at)
           VALUES (1, 'Tournoi', 'Description', 'La Pêche', '2099-08-24T13:00:00Z', 2500, 48, '2026-01-01T00:00:00Z');
         INSERT INTO event_registrations (id, event_id, team_name, team_number, captain_first_name, captain_last_name,
             captain_email, member2_first_name, member2_last_name, people_count, payment_reference, created_at)
           VALUES (1, 1, 'Les Huards', 1, 'Camille', 'Tremblay', 'camille@example.org', 'Alex', 'Roy', 2, 'AUTHZ1',
             '2026-01-01T00:00:00Z'),
                  (2, 1, 'Les Castors', 2, 'Noé', 'Gagnon', 'noe@example.org', 'Léa', 'Roy', 2, 'AUTHZ2',
             '2026-01-01T00:00:01Z');
         INSERT INTO tournaments (id, event_id, name, status, start_time, created_at)
           VALUES (1, 1, 'Tournoi', 'in_progress', '2099-08-24T13:00:00Z', '2026-01-01T00:00:00Z');
         INSERT INTO matches (id, tournament_id, round_type, round_name, pool, team1_id, team2_id, court_number,
             slot_index, scheduled_time, updated_at)
           VALUES (1, 1, 'pool', 'Poule - Ronde 1', 0, 1, 2, 1, 0, '2099-08-24T13:00:00Z', '2026-01-01T00:00:00Z');
         INSERT INTO court_bookings (id, court_id, first_name, last_name, email, phone, start_time, end_time, status, created_at)
           VALUES (1, 1, 'Ana', 'Roy', 'ana@example.org', '819-555-0101', '2099-07-01T14:00:00Z',
             '2099-07-01T15:00:00Z', 'confirmed', '2026-01-01T00:00:00Z');
         INSERT INTO day_camp_registrations (id, program_id, child_first_name, child_last_name, child_birth_date,
             parent_name, parent_email, parent_phone, medical_conditions, amount_cents, payment_reference, created_at)
           VALUES (1, 'explorateurs', 'Zoé', 'Lafleur', '2018-03-01', 'Marie Lafleur', 'marie@example.org',
             '819-555-0111', 'Allergie aux arachides', 12000, 'CJ-AUTHZ1', '2026-01-01T00:00:00Z');
         INSERT INTO day_camp_enrolments (registration_id, week_id, program_id, child_key)
           VALUES (1, 1, 'explorateurs', 'zoe|lafleur|2018-03-01');
         UPDATE day_camp_places SET taken = taken + 1 WHERE program_id = 'explorateurs' AND week_id = 1;",
    )
    .unwrap();
}

fn team_form() -> Value {
    json!({
        "eventId": 1, "teamName": "", "captainFirstName": "Ana", "captainLastName": "Roy",
        "captainEmail": "ana@example.org", "member2FirstName": "Bo", "member2LastName": "Roy",
        "member2Email": "bo@example.org", "member3FirstName": "", "member3LastName": "", "member3Email": "",
        "member4FirstName": "", "member4LastName": "", "member4Email": ""
    })
}

fn matrix(target: &str) -> Vec<Call> {
    use Method as M;
    use Rule::*;
    use State::*;
    let event = json!({
        "title": "Nouvel événement", "titleEn": "New event", "description": "Description",
        "descriptionEn": "Description", "startDate": "2099-09-01T14:00", "endDate": null,
        "location": "La Pêche", "price": 10, "maxParticipants": 20, "requiresPayment": false
    });
    let team = team_form();
    let booking = json!({
        "courtId": 1, "firstName": "Ana", "lastName": "Roy", "email": "ana@example.org",
        "phone": "819-555-0101", "startTime": "2099-07-02T14:00:00Z", "endTime": "2099-07-02T15:00:00Z"
    });
    let camp = json!({
        "weekId": "1", "childFirstName": "Léa", "childLastName": "Roy", "childBirthDate": "2018-05-01",
        "childGender": "girl", "parentName": "Ana Roy", "parentEmail": "ana@example.org",
        "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1", "canSwim": true
    });
    let tournament = json!({
        "courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10,
        "startTime": "2099-08-24T13:00"
    });
    vec![
        // Identity and roles. Who is signed in is answered to everyone: the user,
        // or `null` for a visitor (so a visitor's console shows no failed request).
        call(M::GET, "/api/auth/user", Public, Live(200)),
        call(M::GET, "/api/admin/status", SignedIn, Live(200)),
        call(M::GET, "/api/supervisor/status", SignedIn, Live(200)),
        call(M::GET, "/api/admin/users", Admin, Live(200)),
        call(M::GET, "/api/admin/supervisors", Admin, Live(200)),
        call(M::GET, "/api/admin/all-users", Admin, Live(200)),
        call(M::POST, format!("/api/admin/users/{target}"), Admin, Live(201)),
        call(M::DELETE, format!("/api/admin/users/{target}"), Admin, Live(204)),
        call(M::POST, format!("/api/admin/supervisors/{target}"), Admin, Live(201)),
        call(M::DELETE, format!("/api/admin/supervisors/{target}"), Admin, Live(204)),
        // Events and registrations.
        call(M::GET, "/api/events", Public, Live(200)),
        call(M::GET, "/api/events/1", Public, Live(200)),
        call(M::GET, "/api/events/1/tournament", Public, Live(200)),
        call(M::GET, "/api/events/1/user-team", SignedIn, Live(200)),
        // Each signed-in role registers its own team of 2 (the event has 48 places).
        with_body(M::POST, "/api/events/1/register", team, SignedIn, Live(201)),
        call(M::GET, "/api/user/registrations", SignedIn, Live(200)),
        call(M::GET, "/api/user/event-registrations", SignedIn, Live(200)),
        call(M::GET, "/api/user/tournament-data", SignedIn, Live(200)),
        with_body(M::POST, "/api/events", event.clone(), Admin, Live(201)),
        with_body(M::PUT, "/api/events/1", event, Admin, Live(200)),
        call(M::GET, "/api/admin/events/1/registrations", Admin, Live(200)),
        // Courts.
        call(M::GET, "/api/courts", Public, Live(200)),
        call(M::GET, "/api/courts/availability?date=2099-07-01&courtId=1", Public, Live(200)),
        // One slot for three allowed roles: the member books it, the staff after them find it taken.
        with_body(M::POST, "/api/courts/book", booking, SignedIn, Once(201, 409)),
        call(M::GET, "/api/user/court-bookings", SignedIn, Live(200)),
        call(M::GET, "/api/admin/bookings", Staff, Live(200)),
        // Day camps.
        call(M::GET, "/api/day-camp-programs", Public, Live(200)),
        call(M::GET, "/api/day-camp-weeks", Public, Live(200)),
        // One child for three allowed roles: the member registers it (registration 1), the staff
        // after them get 409 (the same child twice in a week).
        with_body(M::POST, "/api/day-camp-registrations", camp, SignedIn, Once(201, 409)),
        // Tournaments. Tournament 1 (event 1) is under way with one pool match; the
        // admin's POST /api/events above created event 2, which gets a new tournament (2).
        call(M::GET, "/api/admin/events/1/tournament", Admin, Live(200)),
        with_body(M::POST, "/api/admin/events/2/tournament", tournament.clone(), Admin, Live(201)),
        // Same courts and pools: the new start re-times the match not yet played.
        with_body(M::PUT, "/api/admin/tournaments/1", tournament, Admin, Live(200)),
        call(M::GET, "/api/admin/tournaments/1/matches", Admin, Live(200)),
        call(M::GET, "/api/admin/tournaments/1/standings", Admin, Live(200)),
        // Tournament 1's schedule exists already: the admin gets past the role check and meets
        // the state's refusal.
        call(M::POST, "/api/admin/tournaments/1/generate-schedule", Admin, Live(409)),
        with_body(M::PUT, "/api/admin/matches/1/score", json!({"team1Score": 21, "team2Score": 18}), Admin, Live(200)),
        // Deletions last: they remove what the rows above use.
        call(M::DELETE, "/api/admin/bookings/1", Admin, Live(200)),
        call(M::DELETE, "/api/admin/event-registrations/1", Admin, Live(204)),
        call(M::DELETE, "/api/admin/tournaments/1", Admin, Live(204)),
        call(M::DELETE, "/api/events/1", Admin, Live(204)),
    ]
}

/// The counsellor looks after week 1, where the seeded child is.
fn give_week_1(app: &TestApp, user_id: &str) {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn.execute("INSERT INTO camp_staff_weeks (user_id, week_id) VALUES (?1, 1)", [user_id]).unwrap();
}

/// The calls added after the first 40 (camp staff, exports, payments, the day-camp tab, the month
/// calendar, ...): each enforces its role like the rest.
fn later_calls(target: &str) -> Vec<Call> {
    use Method as M;
    use Rule::*;
    use State::*;
    let paid = json!({"paymentStatus": "paid"});
    let officer = json!({"name": "Rosalie Caron", "title": "Directrice générale", "email": "vie.privee@example.org", "phone": "819-555-0199"});
    let incident =
        json!({"occurredOn": "2026-01-02", "description": "Courriel au mauvais parent", "affected": "Une famille"});
    let league = json!({"firstNight": "2099-06-09", "weeks": 4, "startTime": "18:30", "courts": [1]});
    vec![
        // Camp staff: the counsellor's week and the child registered in it; the admins' side.
        call(M::GET, "/api/camp-staff/status", SignedIn, Live(200)),
        call(M::GET, "/api/camp-staff/weeks/1/children", CampStaff, Live(200)),
        call(M::GET, "/api/camp-staff/children/1", CampStaff, Live(200)),
        call(M::GET, "/api/admin/camp-staff", Admin, Live(200)),
        call(M::POST, format!("/api/admin/camp-staff/{target}"), Admin, Live(201)),
        with_body(
            M::PUT,
            format!("/api/admin/camp-staff/{target}/weeks"),
            json!({"weekIds": [1, 2]}),
            Admin,
            Live(200),
        ),
        call(M::GET, "/api/admin/camp-staff-weeks", Admin, Live(200)),
        call(M::GET, "/api/admin/child-record-views", Admin, Live(200)),
        // Attendance: a push (nothing waiting), the week's day, an admin's pick-up override
        // (for a day of no week of the child's: 404, past the role check).
        with_body(
            M::POST,
            "/api/camp-staff/sync/attendance",
            json!({"deviceId": "authz-phone", "entries": []}),
            CampStaff,
            Live(200),
        ),
        call(M::GET, "/api/camp-staff/weeks/1/attendance", CampStaff, Live(200)),
        with_body(
            M::POST,
            "/api/admin/camp-attendance/overrides",
            json!({"registrationId": 1, "date": "2000-01-03", "personName": "Oncle Paul", "reason": "Appel"}),
            Admin,
            Live(404),
        ),
        call(M::DELETE, format!("/api/admin/camp-staff/{target}"), Admin, Live(204)),
        call(M::GET, "/api/courts/availability/month?month=2099-07&courtId=1", Public, Live(200)),
        call(M::GET, "/api/user/day-camp-registrations", SignedIn, Live(200)),
        // A family's health form: nobody else's registration exists for them (404).
        call(M::GET, "/api/user/day-camp-registrations/999/health-form", SignedIn, Live(404)),
        with_body(
            M::PUT,
            "/api/user/day-camp-registrations/999/health-form",
            json!({"healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]},
                "healthConsent": true, "healthConsentVersion": "sante-2026-1"}),
            SignedIn,
            Live(404),
        ),
        call(M::DELETE, "/api/user/day-camp-registrations/999/health-consent", SignedIn, Live(404)),
        // A family's RL-24 payers: nobody else's registration exists for them (404).
        call(M::GET, "/api/user/day-camp-registrations/999/payers", SignedIn, Live(404)),
        with_body(M::PUT, "/api/user/day-camp-registrations/999/payers", json!({"payers": []}), SignedIn, Live(404)),
        with_body(
            M::POST,
            "/api/user/day-camp-registrations/999/absences",
            json!({"day": "2030-07-08"}),
            SignedIn,
            Live(404),
        ),
        // The RL-24 figures: nothing was paid in 2001 (404), the statements page always answers.
        call(M::GET, "/api/admin/rl24.xlsx?year=2001", Admin, Live(404)),
        call(M::GET, "/api/admin/rl24/2001/statements", Admin, Live(200)),
        call(M::GET, "/api/admin/events", Admin, Live(200)),
        call(M::GET, "/api/admin/events/1/registrations.xlsx", Admin, Live(200)),
        with_body(M::PUT, "/api/admin/event-registrations/1/payment", paid.clone(), Admin, Live(200)),
        call(M::GET, "/api/admin/day-camps", Admin, Live(200)),
        call(M::GET, "/api/admin/day-camp-weeks/1/registrations", Admin, Live(200)),
        call(M::GET, "/api/admin/day-camp-weeks/1/registrations.xlsx", Admin, Live(200)),
        with_body(M::PUT, "/api/admin/day-camp-registrations/1/payment", paid, Admin, Live(200)),
        with_body(M::PUT, "/api/admin/day-camp-programs/explorateurs", json!({"offerHours": 24}), Admin, Live(200)),
        // Tournament calls added later: event 2 has no team; match 1 was scored above, which drew
        // the bracket, so corrections are closed.
        call(M::POST, "/api/admin/tournaments/2/generate-schedule", Admin, Live(422)),
        with_body(
            M::PUT,
            "/api/admin/matches/1/correction",
            json!({"team1Score": 21, "team2Score": 19}),
            Admin,
            Live(409),
        ),
        call(M::GET, "/api/admin/matches/1/history", Admin, Live(200)),
        // Match 1 has its score: a forfeit is the state's refusal.
        with_body(M::PUT, "/api/admin/matches/1/forfeit", json!({"side": 2}), Admin, Live(409)),
        call(M::PUT, "/api/admin/matches/1/start", Admin, Live(409)),
        // Offline scoring: an empty push answers the device's number; no conflict to settle.
        with_body(
            M::POST,
            "/api/admin/sync/scores",
            json!({"deviceId": "authz-phone", "entries": []}),
            Admin,
            Live(200),
        ),
        call(M::GET, "/api/admin/tournaments/1/conflicts", Admin, Live(200)),
        with_body(M::POST, "/api/admin/score-conflicts/none/resolve", json!({"keep": "current"}), Admin, Live(404)),
        // Getting paid. Registration 1 was marked paid above; the pasted notification
        // names registration 2's reference; an empty confirmation is the state's refusal.
        call(M::GET, "/api/admin/payments", Admin, Live(200)),
        call(M::GET, "/api/admin/payments.xlsx", Admin, Live(200)),
        call(M::GET, "/api/admin/payment-deadlines", Admin, Live(200)),
        with_body(
            M::POST,
            "/api/admin/payments/reconcile",
            json!({"text": "INTERAC e-Transfer: NOÉ GAGNON sent you money.\nAmount: $50.00\nMessage: AUTHZ2\n"}),
            Admin,
            Live(200),
        ),
        with_body(M::POST, "/api/admin/payments/confirm", json!({"items": []}), Admin, Live(422)),
        with_body(M::PUT, "/api/admin/events/1/payment-deadline", json!({"days": 7}), Admin, Live(204)),
        with_body(
            M::PUT,
            "/api/admin/day-camp-programs/explorateurs/payment-deadline",
            json!({"days": 7, "date": null}),
            Admin,
            Live(204),
        ),
        // Registration 1 belongs to no account: every signed-in role gets 404 (its own is
        // tested in payments::overview).
        call(M::GET, "/api/user/event-registrations/1", SignedIn, Live(404)),
        // Privacy (Loi 25). Each signed-in role asks for its own deletion (the member's is
        // request 1, which the admin refuses); the admin's incident is incident 1.
        call(M::GET, "/api/privacy", Public, Live(200)),
        with_body(M::PUT, "/api/admin/privacy", officer, Admin, Live(200)),
        call(M::GET, "/api/user/my-data", SignedIn, Live(200)),
        call(M::GET, "/api/user/my-data.html", SignedIn, Live(200)),
        with_body(M::POST, "/api/user/deletion-requests", json!({}), SignedIn, Live(201)),
        call(M::GET, "/api/user/deletion-requests", SignedIn, Live(200)),
        call(M::GET, "/api/admin/deletion-requests", Admin, Live(200)),
        with_body(
            M::POST,
            "/api/admin/deletion-requests/1/answer",
            json!({"outcome": "refused", "note": "Inscription en cours"}),
            Admin,
            Live(200),
        ),
        with_body(M::POST, "/api/admin/privacy-incidents", incident.clone(), Admin, Live(201)),
        call(M::GET, "/api/admin/privacy-incidents", Admin, Live(200)),
        with_body(M::PUT, "/api/admin/privacy-incidents/1", incident, Admin, Live(200)),
        call(M::GET, "/api/admin/privacy-retention", Admin, Live(200)),
        with_body(
            M::PUT,
            "/api/admin/privacy-retention",
            json!({"healthMonths": 12, "recordsYears": 6}),
            Admin,
            Live(200),
        ),
        // Waiting lists: event 1 has places left, so joining is the state's refusal; there is
        // no offer or entry 999 of anyone's (the flows are in tests/waitlist/).
        with_body(M::POST, "/api/events/1/waitlist", team_form(), SignedIn, Live(409)),
        call(M::GET, "/api/user/waitlist", SignedIn, Live(200)),
        call(M::GET, "/api/user/waitlist/offers/999", SignedIn, Live(404)),
        call(M::POST, "/api/user/waitlist/offers/999/accept", SignedIn, Live(404)),
        call(M::POST, "/api/user/waitlist/offers/999/decline", SignedIn, Live(404)),
        call(M::DELETE, "/api/user/waitlist/999", SignedIn, Live(404)),
        call(M::GET, "/api/admin/waitlists", Admin, Live(200)),
        with_body(M::PUT, "/api/admin/waitlist-entries/999/rank", json!({"rank": 1}), Admin, Live(404)),
        call(M::POST, "/api/admin/waitlist-entries/999/offer", Admin, Live(404)),
        with_body(M::POST, "/api/admin/waitlists/close", json!({"eventId": 1}), Admin, Live(204)),
        // Leagues: event 1 holds tournament 1, so a league there is the state's refusal; there
        // is no league 999 (the flows are in tests/leagues/).
        call(M::GET, "/api/events/1/league", Public, Live(200)),
        call(M::GET, "/api/events/1/league/nights/1", Public, Live(404)),
        with_body(M::POST, "/api/admin/events/1/league", league.clone(), Admin, Live(409)),
        with_body(M::PUT, "/api/admin/leagues/999", league, Admin, Live(404)),
        with_body(M::PUT, "/api/admin/leagues/999/seeding", json!({"teamIds": [1, 2]}), Admin, Live(404)),
        with_body(M::POST, "/api/admin/leagues/999/nights/1/cancel", json!({"reason": "rain"}), Admin, Live(404)),
        call(M::GET, "/api/admin/leagues/999/nights/1.xlsx", Admin, Live(404)),
        with_body(M::PUT, "/api/leagues/999/nights/1/availability", json!({"available": false}), SignedIn, Live(404)),
        with_body(
            M::PUT,
            "/api/admin/leagues/999/nights/1/availability",
            json!({"available": false, "teamId": 1}),
            Admin,
            Live(404),
        ),
        // Teams' reports and work teams: there is no match 999; a phone's empty batch of reports
        // is answered to any signed-in role (each entry is judged as the online report).
        with_body(M::POST, "/api/matches/999/report", json!({"team1Score": 21, "team2Score": 18}), SignedIn, Live(404)),
        with_body(
            M::POST,
            "/api/user/sync/reports",
            json!({"deviceId": "authz-reports", "entries": []}),
            SignedIn,
            Live(200),
        ),
        with_body(M::PUT, "/api/admin/matches/999/duty", json!({"teamId": 1}), Admin, Live(404)),
        // Booking 1's slot (2099-07-01 14:00 UTC) is taken: each signed-in role joins its list.
        with_body(
            M::POST,
            "/api/courts/waitlist",
            json!({"courtId": 1, "startTime": "2099-07-01T14:00:00Z"}),
            SignedIn,
            Live(201),
        ),
    ]
}

#[tokio::test]
async fn every_call_answers_each_role_as_its_rule_says() {
    let app = TestApp::spawn().await;
    let member = app.user("member@example.org", None).await;
    let supervisor = app.user("supervisor@example.org", Some("supervisor")).await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let counsellor = app.user("animatrice@example.org", Some("camp_staff")).await;
    let target = app.user("target@example.org", None).await;
    seed(&app);
    give_week_1(&app, &counsellor.id);
    let visitor = app.new_client();
    let clients = [&visitor, &member.client, &supervisor.client, &counsellor.client, &admin.client];

    // The later calls go in before the deletions, which remove what they use.
    let mut rows = matrix(&target.id);
    let deletions = rows.iter().position(|c| c.path == "/api/admin/bookings/1").unwrap();
    rows.splice(deletions..deletions, later_calls(&target.id));

    let mut failures = Vec::new();
    for row in rows {
        let mut taken = false;
        for (role, client) in ROLES.iter().zip(clients) {
            let mut request = client.request(row.method.clone(), app.at(&row.path));
            if let Some(body) = &row.body {
                request = request.json(body);
            }
            let status = request.send().await.unwrap().status().as_u16();
            let ok = match (row.state, allowed(row.rule, role)) {
                (State::Live(expected), true) => status == expected,
                (State::Once(first, then), true) => {
                    status == if std::mem::replace(&mut taken, true) { then } else { first }
                }
                (State::Live(_) | State::Once(..), false) => status == refusal(role),
            };
            if !ok {
                let state = match row.state {
                    State::Live(expected) => format!("live, {expected} when allowed"),
                    State::Once(first, then) => format!("live, {first} for the first allowed role, then {then}"),
                };
                failures.push(format!("{} {} as {role}: got {status} ({:?}, {state})", row.method, row.path, row.rule));
            }
        }
    }
    assert!(failures.is_empty(), "authorization matrix:\n{}", failures.join("\n"));
}

#[tokio::test]
async fn the_matrix_lists_every_call_the_site_began_with() {
    // The 40 calls the site began with (method and path with its placeholders).
    let first_calls = [
        "GET /api/auth/user",
        "GET /api/admin/status",
        "GET /api/supervisor/status",
        "GET /api/events",
        "GET /api/events/{eventId}",
        "POST /api/events",
        "PUT /api/events/{eventId}",
        "DELETE /api/events/{eventId}",
        "POST /api/events/{eventId}/register",
        "GET /api/events/{eventId}/tournament",
        "GET /api/events/{eventId}/user-team",
        "GET /api/courts",
        "GET /api/courts/availability",
        "POST /api/courts/book",
        "GET /api/day-camp-programs",
        "GET /api/day-camp-weeks",
        "POST /api/day-camp-registrations",
        "GET /api/user/registrations",
        "GET /api/user/court-bookings",
        "GET /api/user/event-registrations",
        "GET /api/user/tournament-data",
        "GET /api/admin/bookings",
        "DELETE /api/admin/bookings/{id}",
        "GET /api/admin/users",
        "POST /api/admin/users/{userId}",
        "DELETE /api/admin/users/{userId}",
        "GET /api/admin/all-users",
        "GET /api/admin/supervisors",
        "POST /api/admin/supervisors/{userId}",
        "DELETE /api/admin/supervisors/{userId}",
        "GET /api/admin/events/{eventId}/registrations",
        "DELETE /api/admin/event-registrations/{id}",
        "GET /api/admin/events/{eventId}/tournament",
        "POST /api/admin/events/{eventId}/tournament",
        "PUT /api/admin/tournaments/{id}",
        "DELETE /api/admin/tournaments/{id}",
        "POST /api/admin/tournaments/{id}/generate-schedule",
        "GET /api/admin/tournaments/{id}/matches",
        "GET /api/admin/tournaments/{id}/standings",
        "PUT /api/admin/matches/{matchId}/score",
    ];
    let rows: Vec<String> = matrix("{userId}")
        .iter()
        .map(|c| {
            let path = c.path.split('?').next().unwrap_or("").replace("/1", "/{id}").replace("/2/", "/{id}/");
            format!("{} {path}", c.method)
        })
        .collect();
    let normalise = |s: &str| s.replace("{eventId}", "{id}").replace("{matchId}", "{id}").replace("{userId}", "{id}");
    for call in first_calls {
        assert!(rows.iter().any(|r| normalise(r) == normalise(call)), "the matrix misses {call}");
    }
    assert_eq!(rows.len(), first_calls.len(), "one row per call");
}

#[tokio::test]
async fn a_visitor_is_answered_null_by_the_current_user_call() {
    let app = TestApp::spawn().await;
    let member = app.user("member@example.org", None).await;
    let visitor: Value = app.new_client().get(app.at("/api/auth/user")).send().await.unwrap().json().await.unwrap();
    assert!(visitor.is_null(), "{visitor}");
    let me: Value = member.client.get(app.at("/api/auth/user")).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["id"], member.id.as_str());
    // The other signed-in reads keep their 401.
    for path in ["/api/admin/status", "/api/user/registrations", "/api/user/court-bookings"] {
        assert_eq!(app.new_client().get(app.at(path)).send().await.unwrap().status(), 401, "{path}");
    }
}

#[tokio::test]
async fn supervisors_read_bookings_and_nothing_else_of_the_console() {
    let app = TestApp::spawn().await;
    let supervisor = app.user("supervisor@example.org", Some("supervisor")).await;
    seed(&app);
    let response = supervisor.client.get(app.at("/api/admin/bookings")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["bookings"].as_array().map(Vec::len), Some(1), "supervisors see every booking: {body}");
    for path in [
        "/api/admin/users",
        "/api/admin/supervisors",
        "/api/admin/all-users",
        "/api/admin/events",
        "/api/admin/day-camps",
        "/api/admin/deletion-requests",
        "/api/admin/privacy-incidents",
        "/api/admin/privacy-retention",
    ] {
        let status = supervisor.client.get(app.at(path)).send().await.unwrap().status();
        assert_eq!(status, 403, "{path}");
    }
    let status = supervisor.client.delete(app.at("/api/admin/bookings/1")).send().await.unwrap().status();
    assert_eq!(status, 403, "a supervisor cannot cancel");
}
