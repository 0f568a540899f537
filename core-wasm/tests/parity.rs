//! Native half of the native/WASM parity check. `tests/parity.json` holds inputs and the exact
//! answers of the facade computed natively; this test fails if they go stale, and
//! `tests/parity.mjs` (Node, over the built package) fails if the WASM answers differently.
//! Refresh after an intended change with `UPDATE_PARITY=1 cargo test -p centre-core-wasm --test parity`.

use centre_core_wasm::api;
use serde_json::{Value, json};

fn call(name: &str, args: &[String]) -> String {
    let a = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    match name {
        "validateTeamRegistration" => api::validate_team_registration(a(0), a(1)),
        "validateCourtBooking" => api::validate_court_booking(a(0), a(1), a(2)),
        "validateDayCampRegistration" => api::validate_day_camp_registration(a(0), a(1), a(2)),
        "validateEvent" => api::validate_event(a(0), a(1)),
        "validateHealthFormUpdate" => api::validate_health_form_update(a(0), a(1)),
        "validateTournamentConfig" => api::validate_tournament_config(a(0), a(1)),
        "validateScore" => api::validate_score(a(0), a(1)),
        "validateUserId" => api::validate_user_id(a(0), a(1)),
        "standings" => api::standings_of(a(0), a(1)),
        "applyPending" => api::apply_pending(a(0), a(1)),
        "projectChildDay" => centre_core_wasm::attendance::project_child_day(a(0), a(1)),
        "reportOutlook" => centre_core_wasm::report::report_outlook(a(0), a(1)),
        "message" => centre_core_wasm::message(a(0), a(1)),
        "splitFullName" => api::split_full_name(a(0)),
        "checkCampAge" => api::check_camp_age(a(0), a(1)),
        "matchActions" => api::match_actions(a(0), a(1)),
        "dutyTeams" => api::duty_teams(a(0), a(1)),
        "paymentMoves" => api::payment_moves(a(0)),
        other => panic!("unknown export {other}"),
    }
}

/// `(export, case name, arguments)`; JSON arguments are passed as strings, as the PWA does.
/// (The whole catalogue is left out: it grows with every feature; `tests/facade.rs` checks it.)
fn cases() -> Vec<(&'static str, &'static str, Vec<String>)> {
    let j = |v: Value| v.to_string();
    let s = |v: &str| v.to_owned();
    let m = |id: i64, a: i64, b: i64, s1: Option<u32>, s2: Option<u32>| {
        json!({"id": id, "roundType": "pool", "roundName": "Poule", "status": if s1.is_some() { "completed" } else { "scheduled" },
            "team1Id": a, "team2Id": b, "team1Score": s1, "team2Score": s2})
    };
    let matches = json!([
        m(1, 1, 2, Some(21), Some(15)),
        m(2, 3, 4, Some(18), Some(21)),
        m(3, 1, 3, Some(20), Some(20)),
        m(4, 2, 4, None, None)
    ]);
    let teams = json!([{"id": 1, "name": "Huards"}, {"id": 2, "name": "Castors"}, {"id": 3, "name": "Orignaux"}, {"id": 4, "name": "Renards"}]);
    let ko = json!([
        {"id": 10, "roundType": "semifinal", "bracketCode": "SF1", "status": "completed", "team1Id": 1, "team2Id": 4, "team1Score": 21, "team2Score": 12},
        {"id": 11, "roundType": "semifinal", "bracketCode": "SF2", "status": "scheduled", "team1Id": 2, "team2Id": 3},
        {"id": 12, "roundType": "final", "bracketCode": "F", "status": "scheduled"},
    ]);
    let entries = json!([
        {"entryId": "b", "matchId": 4, "team1Score": 21, "team2Score": 9, "enteredAt": "2026-08-24T13:25:00Z", "deviceId": "p1"},
        {"entryId": "a", "matchId": 4, "team1Score": 9, "team2Score": 21, "enteredAt": "2026-08-24T09:26:00-04:00", "deviceId": "p2"},
        {"entryId": "c", "matchId": 12, "team1Score": 1, "team2Score": 0, "enteredAt": "2026-08-24T13:26:00Z", "deviceId": "p2"},
    ]);
    let team = json!({"captainFirstName": "Marie", "captainLastName": "Tremblay", "captainEmail": "marie@example.ca",
        "member2FirstName": "Luc", "member2LastName": "Gagnon", "member2Email": "luc@example.ca", "member3Email": "ana@"});
    vec![
        ("validateTeamRegistration", "errors fr", vec![j(team.clone()), s("fr")]),
        (
            "validateTeamRegistration",
            "valid en",
            vec![
                j(json!({"captainFirstName": "M", "captainLastName": "T", "captainEmail": "m@example.ca",
            "member2FirstName": "L", "member2LastName": "G", "member2Email": "l@example.ca", "teamName": " Huards "})),
                s("en"),
            ],
        ),
        ("validateTeamRegistration", "malformed", vec![s("{"), s("fr")]),
        (
            "validateCourtBooking",
            "valid",
            vec![
                j(json!({"courtId": "1", "firstName": "Marie", "lastName": "Tremblay", "email": "m@example.ca",
            "phone": "819-555-0123", "startTime": "2026-06-12T14:00:00.000Z", "endTime": "2026-06-12T15:00:00.000Z", "players": 4})),
                s("2026-06-10"),
                s("fr"),
            ],
        ),
        ("validateCourtBooking", "missing", vec![j(json!({})), s("2026-06-10"), s("fr")]),
        (
            "validateDayCampRegistration",
            "errors en",
            vec![
                j(json!({"weekIds": [], "childBirthDate": "2030-01-01", "childGender": "x"})),
                s("2026-06-10"),
                s("en"),
            ],
        ),
        (
            "validateDayCampRegistration",
            "health form",
            vec![
                j(
                    json!({"weekIds": ["3"], "childFirstName": "Léa", "childLastName": "Roy", "childBirthDate": "2017-05-02",
                    "parentName": "S", "parentEmail": "s@example.ca", "parentPhone": "819 555 0101",
                    "healthForm": {"allergies": [{"what": "Arachides", "severity": "severe", "epinephrine": true}, {"what": "Pollen"}],
                        "emergencyContacts": [{"name": "M", "relation": "oncle", "phone": "819 555 0102"}],
                        "pickups": [{"name": "J"}]},
                    "healthConsent": true, "healthConsentVersion": "sante-2026-1"}),
                ),
                s("2026-06-10"),
                s("fr"),
            ],
        ),
        (
            "validateHealthFormUpdate",
            "no consent, a half pick-up",
            vec![
                j(
                    json!({"healthForm": {"emergencyContacts": [{"name": "M", "relation": "oncle", "phone": "819 555 0102"}],
                    "pickups": [{"name": "J"}]}}),
                ),
                s("en"),
            ],
        ),
        (
            "validateEvent",
            "price",
            vec![
                j(
                    json!({"title": "T", "description": "D", "startDate": "2025-08-24T09:00", "location": "L", "price": "19,99", "maxParticipants": 12}),
                ),
                s("fr"),
            ],
        ),
        (
            "validateTournamentConfig",
            "fallbacks",
            vec![j(json!({"courtsAvailable": "9", "matchDurationMinutes": 15, "breakBetweenMatches": "x"})), s("fr")],
        ),
        ("validateScore", "invalid", vec![j(json!({"team1Score": -1, "team2Score": 2.5})), s("en")]),
        ("validateUserId", "blank", vec![s("   "), s("fr")]),
        ("standings", "four teams", vec![j(json!({"matches": matches, "teams": teams})), s("fr")]),
        // A semifinal scored offline moves its winner into the final, as the server will.
        (
            "applyPending",
            "semifinal entered",
            vec![
                j(
                    json!({"matches": ko, "entries": [{"entryId": "k", "matchId": 11, "team1Score": 21, "team2Score": 17,
                "enteredAt": "2026-08-24T15:00:00Z", "deviceId": "p1"}]}),
                ),
                s("fr"),
            ],
        ),
        ("applyPending", "entries", vec![j(json!({"matches": matches, "entries": entries})), s("fr")]),
        ("matchActions", "pool", vec![j(json!({"matches": matches})), s("fr")]),
        (
            "dutyTeams",
            "the loser of a semifinal once final, not before",
            vec![
                j(json!({"matches": ko, "duties": [
                    {"matchId": 12, "loserOf": "SF1"},
                    {"matchId": 13, "loserOf": "SF2"}
                ]})),
                s("fr"),
            ],
        ),
        // A confirmation entered after the proposal's deadline finds it confirmed by itself.
        (
            "reportOutlook",
            "late confirmation",
            vec![
                j(json!({"report": {"state": "proposed", "by": "team1", "team1Score": 21, "team2Score": 18,
                    "deadline": "2026-08-24T13:30:00Z"},
                    "entries": [{"by": "team2", "team1Score": 21, "team2Score": 18, "at": "2026-08-24T13:31:00Z"}],
                    "windowMinutes": 10, "now": "2026-08-24T13:31:00Z"})),
                s("fr"),
            ],
        ),
        // The proposer replaces its proposal (the window starts again), the other side disputes.
        (
            "reportOutlook",
            "replaced then disputed",
            vec![
                j(json!({"report": null, "windowMinutes": 10, "now": "2026-08-24T13:22:00Z", "entries": [
                    {"by": "team1", "team1Score": 2, "team2Score": 1, "sets": [[21, 18], [17, 21], [15, 12]], "at": "2026-08-24T13:20:00Z"},
                    {"by": "team1", "team1Score": 2, "team2Score": 0, "sets": [[21, 18], [21, 17]], "at": "2026-08-24T13:21:00Z"},
                    {"by": "duty", "team1Score": 0, "team2Score": 0, "forfeit": true, "at": "2026-08-24T13:21:30Z"},
                    {"by": "team2", "team1Score": 2, "team2Score": 1, "sets": [[21, 18], [17, 21], [15, 12]], "at": "2026-08-24T13:22:00Z"}
                ]})),
                s("en"),
            ],
        ),
        ("paymentMoves", "expired", vec![s("expired")]),
        // Volleyball sets: the same checks, standings and projection with a format.
        ("validateScore", "sets", vec![j(json!({"sets": [[21, 18], [17, 21]]})), s("fr")]),
        (
            "validateTournamentConfig",
            "formats",
            vec![
                j(
                    json!({"poolFormat": "rec-2x21", "knockoutFormat": {"sets": {"sets": 3, "points": 21, "decidingPoints": 15}}}),
                ),
                s("fr"),
            ],
        ),
        ("validateTournamentConfig", "unknown format", vec![j(json!({"poolFormat": "football"})), s("en")]),
        (
            "standings",
            "two sets all played",
            vec![
                j(json!({
                    "matches": [
                        {"id": 1, "roundType": "pool", "status": "completed", "team1Id": 1, "team2Id": 2, "team1Score": 1, "team2Score": 1, "sets": [[21, 18], [17, 21]]},
                        {"id": 2, "roundType": "pool", "status": "completed", "team1Id": 1, "team2Id": 3, "team1Score": 2, "team2Score": 0, "sets": [[21, 10], [21, 12]]},
                        {"id": 3, "roundType": "pool", "status": "completed", "team1Id": 2, "team2Id": 3, "team1Score": 1, "team2Score": 1, "sets": [[23, 21], [19, 21]]}
                    ],
                    "teams": [{"id": 1, "name": "Hérons"}, {"id": 2, "name": "Brochets"}, {"id": 3, "name": "Ouaouarons"}],
                    "format": centre_core::format::preset("rec-2x21")
                })),
                s("fr"),
            ],
        ),
        (
            "applyPending",
            "sets",
            vec![
                j(json!({
                    "matches": [{"id": 1, "roundType": "pool", "status": "scheduled", "team1Id": 1, "team2Id": 2}],
                    "entries": [
                        {"entryId": "s1", "matchId": 1, "team1Score": 1, "team2Score": 1, "sets": [[21, 18], [17, 21]], "enteredAt": "2026-08-24T13:20:00Z", "seq": 1},
                        {"entryId": "s2", "matchId": 1, "team1Score": 1, "team2Score": 1, "sets": [[21, 18], [17, 21]], "enteredAt": "2026-08-24T13:21:00Z", "seq": 2},
                        {"entryId": "s3", "matchId": 1, "team1Score": 1, "team2Score": 1, "sets": [[21, 19], [17, 21]], "enteredAt": "2026-08-24T13:22:00Z", "seq": 3},
                        {"entryId": "s4", "matchId": 1, "team1Score": 2, "team2Score": 0, "sets": [[21, 19], [24, 22]], "enteredAt": "2026-08-24T13:23:00Z", "seq": 4}
                    ],
                    "formats": {"pool": centre_core::format::preset("rec-2x21")}
                })),
                s("fr"),
            ],
        ),
        (
            "projectChildDay",
            "offline day",
            vec![
                j(json!({
                    "day": "2030-07-02", "arrivedAt": null, "leftAt": null, "absenceNotice": false, "absentWithoutNotice": true,
                    "authorised": ["Julie Roy"], "mayLeaveAlone": false, "overrides": ["Oncle Paul"],
                    "entries": [
                        {"entryId": "a", "action": "arrival", "at": "2030-07-02T08:00:00-04:00"},
                        {"entryId": "a2", "action": "arrival", "at": "2030-07-02T12:05:00Z"},
                        {"entryId": "x", "action": "departure", "at": "2030-07-02T19:00:00Z", "pickupKind": "other", "pickupName": "Tante Lise"},
                        {"entryId": "n", "action": "absence", "at": "2030-07-02T19:10:00Z"},
                        {"entryId": "d", "action": "departure", "at": "2030-07-02T20:00:00.000Z", "pickupKind": "other", "pickupName": " oncle  paul "}
                    ]
                })),
                s("en"),
            ],
        ),
        ("message", "slot_taken", vec![s("slot_taken"), s("fr")]),
        ("splitFullName", "two words", vec![s("Marie Tremblay")]),
        (
            "checkCampAge",
            "too old",
            vec![
                j(json!({"birthDate": "2018-07-20", "programId": "explorateurs", "minAge": 6, "maxAge": 8,
            "weeks": [{"startDate": "2027-07-05", "endDate": "2027-07-09"}, {"startDate": "2027-08-09", "endDate": "2027-08-13"}]})),
                s("fr"),
            ],
        ),
    ]
}

#[test]
fn fixture_holds_the_native_answers() {
    let computed: Vec<Value> = cases()
        .into_iter()
        .map(|(export, name, args)| json!({"fn": export, "name": name, "out": call(export, &args), "args": args}))
        .collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/parity.json");
    let text = serde_json::to_string_pretty(&computed).expect("serializes") + "\n";
    if std::env::var_os("UPDATE_PARITY").is_some() {
        std::fs::write(path, &text).expect("fixture written");
    }
    let stored = std::fs::read_to_string(path).expect("tests/parity.json exists (UPDATE_PARITY=1 writes it)");
    assert!(stored == text, "tests/parity.json is stale: rerun with UPDATE_PARITY=1 and review the diff");
}
