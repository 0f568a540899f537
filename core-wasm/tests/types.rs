//! `types.d.ts` stays true: every interface lists exactly the fields the Rust side reads or
//! writes, and every export is described there. Fails when the two drift apart.

use std::collections::{BTreeMap, BTreeSet};

use centre_core::slots::CourtHours;
use centre_core::validation as v;
use centre_core_wasm::api;
use chrono::NaiveDate;
use serde_json::{Value, json};

const TYPES: &str = include_str!("../types.d.ts");
const LIB: &str = include_str!("../src/lib.rs");

/// `interface name -> (field -> optional?)`, read from the `.d.ts` text.
fn interfaces() -> BTreeMap<String, BTreeMap<String, bool>> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, BTreeMap<String, bool>)> = None;
    for line in TYPES.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("export interface ") {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
            current = Some((name, BTreeMap::new()));
        } else if t == "}" {
            if let Some((name, fields)) = current.take() {
                out.insert(name, fields);
            }
        } else if let Some((_, fields)) = current.as_mut() {
            if t.starts_with("/**") || t.starts_with('*') || t.starts_with("//") {
                continue;
            }
            let name: String = t.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let after = &t[name.len()..];
            if !name.is_empty() && (after.starts_with(':') || after.starts_with("?:") || after.starts_with('(')) {
                fields.insert(name, after.starts_with('?'));
            }
        }
    }
    out
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap_or_else(|| panic!("object expected: {v}")).keys().cloned().collect()
}

fn ok(s: &str) -> Value {
    let a: Value = serde_json::from_str(s).expect("JSON");
    assert_eq!(a["ok"], true, "{a}");
    a["value"].clone()
}

/// An output shape: the interface's fields are exactly the keys of `sample`.
fn check_output(all: &BTreeMap<String, BTreeMap<String, bool>>, name: &str, sample: &Value) {
    let declared: BTreeSet<String> =
        all.get(name).unwrap_or_else(|| panic!("{name} missing from types.d.ts")).keys().cloned().collect();
    assert_eq!(declared, keys(sample), "{name}");
}

/// An input shape: every field it declares is accepted, and the required ones are needed.
fn check_input(
    all: &BTreeMap<String, BTreeMap<String, bool>>,
    name: &str,
    full: &Value,
    call: impl Fn(&Value) -> Value,
) {
    let declared = all.get(name).unwrap_or_else(|| panic!("{name} missing from types.d.ts"));
    assert_eq!(
        declared.keys().cloned().collect::<BTreeSet<_>>(),
        keys(full),
        "{name}: the sample lists every declared field"
    );
    let answer = call(full);
    assert_eq!(answer["ok"], true, "{name}: {answer}");
    for (field, optional) in declared {
        let mut without = full.clone();
        without.as_object_mut().expect("object").remove(field);
        let answer = call(&without);
        if *optional {
            assert_eq!(answer["code"], Value::Null, "{name}.{field} is marked optional: {answer}");
        } else {
            assert_eq!(answer["code"], "malformed_json", "{name}.{field} is marked required");
        }
    }
}

fn answer(s: String) -> Value {
    serde_json::from_str(&s).expect("JSON")
}

fn hours() -> Value {
    let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).expect("date");
    serde_json::to_value(CourtHours::weekdays_9_to_16(d(5, 1), d(9, 30))).expect("hours")
}

#[test]
fn every_export_is_described_and_every_description_exported() {
    let mut exported = BTreeSet::new();
    let mut js_name = None;
    for line in LIB.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("#[wasm_bindgen(js_name = ") {
            js_name = Some(rest.trim_end_matches(")]").to_owned());
        } else if let Some(rest) = t.strip_prefix("pub fn ") {
            let rust: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            exported.insert(js_name.take().unwrap_or(rust));
        }
    }
    let all = interfaces();
    let described: BTreeSet<String> = ["JsonCalls", "JsonCallsWithToday", "TextCalls"]
        .iter()
        .flat_map(|i| all.get(*i).unwrap_or_else(|| panic!("{i} missing")).keys().cloned())
        .collect();
    assert_eq!(described, exported);
}

#[test]
fn output_shapes_match_the_rust_serialization() {
    let all = interfaces();
    let team = json!({
        "captainFirstName": "Marie", "captainLastName": "Tremblay", "captainEmail": "marie@example.ca",
        "member2FirstName": "Luc", "member2LastName": "Gagnon", "member2Email": "luc@example.ca",
    });
    let reg = ok(&api::validate_team_registration(&team.to_string(), "fr"));
    check_output(&all, "TeamRegistration", &reg);
    check_output(&all, "Member", &reg["captain"]);
    check_output(&all, "OptionalMember", &reg["member3"]);
    let booking = json!({"courtId": 1, "firstName": "M", "lastName": "T", "email": "m@example.ca", "phone": "819-555-0123",
        "startTime": "2026-06-12T14:00:00Z", "endTime": "2026-06-12T15:00:00Z"});
    check_output(&all, "CourtBooking", &ok(&api::validate_court_booking(&booking.to_string(), "2026-06-10", "fr")));
    let camp = json!({"weekId": "week1", "childFirstName": "Léa", "childLastName": "Roy", "childBirthDate": "2017-05-02",
        "parentName": "S", "parentEmail": "s@example.ca", "parentPhone": "819 555 0101",
        "healthForm": {"allergies": [{"what": "Arachides", "severity": "severe"}],
            "emergencyContacts": [{"name": "M", "relation": "oncle", "phone": "819 555 0102"}]},
        "healthConsent": true, "healthConsentVersion": "sante-2026-1"});
    let camp = ok(&api::validate_day_camp_registration(&camp.to_string(), "2026-06-10", "fr"));
    check_output(&all, "DayCampRegistration", &camp);
    check_output(&all, "HealthForm", &camp["health"]);
    check_output(&all, "Allergy", &camp["health"]["allergies"][0]);
    check_output(&all, "HealthPerson", &camp["health"]["emergencyContacts"][0]);
    let presets: Value = serde_json::from_str(&api::preset_formats()).expect("presets");
    check_output(&all, "PresetFormat", &presets[0]);
    check_output(&all, "MatchFormat", &presets[1]["format"]);
    let event = json!({"title": "T", "description": "D", "startDate": "2026-08-24T09:00", "location": "L"});
    check_output(&all, "EventForm", &ok(&api::validate_event(&event.to_string(), "fr")));
    check_output(&all, "TournamentConfig", &ok(&api::validate_tournament_config("{}", "fr")));
    check_output(&all, "Score", &ok(&api::validate_score(r#"{"sets": [[21, 18], [17, 21]]}"#, "fr")));

    // Every input struct, serialized with all fields, lists exactly the declared input fields.
    for (name, value) in [
        ("TeamRegistrationInput", serde_json::to_value(v::TeamRegistrationInput::default())),
        ("CourtBookingInput", serde_json::to_value(v::CourtBookingInput::default())),
        ("DayCampRegistrationInput", serde_json::to_value(v::DayCampRegistrationInput::default())),
        ("HealthFormInput", serde_json::to_value(v::HealthFormInput::default())),
        ("HealthFormUpdateInput", serde_json::to_value(v::HealthFormUpdateInput::default())),
        ("AllergyInput", serde_json::to_value(v::AllergyInput::default())),
        ("HealthPersonInput", serde_json::to_value(v::PersonInput::default())),
        ("EventInput", serde_json::to_value(v::EventInput::default())),
        ("TournamentConfigInput", serde_json::to_value(v::TournamentConfigInput::default())),
        ("ScoreInput", serde_json::to_value(v::ScoreInput::default())),
    ] {
        check_output(&all, name, &value.expect("serializes"));
    }

    check_output(&all, "CourtHours", &hours());
    check_output(&all, "DayHours", &hours()["openingHours"][0]);
    let slots = ok(&api::court_slots(
        &json!({"hours": hours(), "date": "2026-06-11", "now": "2026-06-10T12:00:00Z"}).to_string(),
        "fr",
    ));
    check_output(&all, "Slot", &slots[0]);
    let month = ok(&api::month(
        &json!({"hours": hours(), "year": 2026, "month": 6, "now": "2026-06-10T12:00:00Z"}).to_string(),
        "fr",
    ));
    check_output(&all, "DayAvailability", &month[0]);

    let settings = json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10, "startTime": "2026-08-24T13:00:00Z"});
    let pool = ok(&api::schedule_pool(&json!({"teams": [1, 2, 3, 4], "settings": settings}).to_string(), "fr"));
    check_output(&all, "PoolSchedule", &pool);
    check_output(&all, "PlannedMatch", &pool["matches"][0]);
    check_output(&all, "ScheduleQuality", &pool["quality"]);
    check_output(&all, "TeamWait", &pool["quality"]["longestWait"][0]);
    let teams = json!([{"id": 1, "name": "A", "withdrawn": false}, {"id": 2, "name": "B", "withdrawn": false}]);
    check_output(&all, "Team", &teams[0]);
    let full_match = json!({"id": 1, "roundType": "pool", "roundName": "Poule - Ronde 1", "bracketCode": null, "status": "completed",
        "team1Id": 1, "team2Id": 2, "team1Score": 21, "team2Score": 10, "scheduledTime": "2026-08-24T13:00:00Z", "courtNumber": 1,
        "forfeitSide": null, "sets": [], "started": false});
    let rec = centre_core::format::preset("rec-2x21");
    let in_sets = json!({"id": 1, "roundType": "pool", "status": "completed", "team1Id": 1, "team2Id": 2, "team1Score": 1,
        "team2Score": 1, "sets": [[21, 18], [17, 21]]});
    let table = ok(&api::standings_of(&json!({"matches": [in_sets], "teams": teams, "format": rec}).to_string(), "fr"));
    check_output(&all, "Standing", &table[0]);
    let entry = json!({"entryId": "e1", "matchId": 1, "team1Score": 3, "team2Score": 1, "enteredAt": "2026-08-24T13:20:00Z", "deviceId": "p", "seq": 1, "baseVersion": 0, "team1Id": 1, "team2Id": 2, "sets": []});
    let ghost = json!({"entryId": "e2", "matchId": 9, "team1Score": 3, "team2Score": 1, "enteredAt": "2026-08-24T13:20:00Z", "deviceId": "p", "seq": 1, "baseVersion": 0, "team1Id": 1, "team2Id": 2, "sets": []});
    let projected =
        ok(&api::apply_pending(&json!({"matches": [full_match], "entries": [entry, ghost]}).to_string(), "fr"));
    check_output(&all, "Projection", &projected);
    check_output(&all, "Match", &projected["matches"][0]);
    check_output(&all, "EntryOutcome", &projected["outcomes"][1]);
    check_output(&all, "ScoreEntry", &entry);
    let day = json!({"day": "2030-07-02", "arrivedAt": "2030-07-02T12:00:00Z", "absenceNotice": false, "absentWithoutNotice": false,
        "authorised": ["Julie Roy"], "mayLeaveAlone": false, "overrides": [],
        "entries": [{"entryId": "d", "action": "departure", "at": "2030-07-02T20:00:00Z", "pickupKind": "authorised", "pickupName": "Julie Roy"}]});
    let shown = ok(&centre_core_wasm::attendance::project_child_day(&day.to_string(), "fr"));
    check_output(&all, "ChildDayProjection", &shown);
    check_output(&all, "EntryOutcome", &shown["outcomes"][0]);
    let actions = ok(&api::match_actions(&json!({"matches": [full_match]}).to_string(), "fr"));
    check_output(&all, "MatchActions", &actions[0]);
    assert_eq!(actions[0], json!({"id": 1, "canScore": false, "canCorrect": true}));
    assert_eq!(api::payment_moves("paid"), r#"["pending","refunded"]"#);
    assert_eq!(api::payment_moves("refunded"), "[]");
    assert_eq!(api::payment_moves("nonsense"), "[]");

    let report = json!({"report": {"state": "proposed", "by": "team1", "team1Score": 2, "team2Score": 1,
        "sets": [[21, 18], [17, 21], [15, 12]], "deadline": "2026-08-24T13:30:00Z"},
        "entries": [{"by": "team2", "team1Score": 2, "team2Score": 0, "sets": [[21, 18], [21, 17]], "at": "2026-08-24T13:25:00Z"},
            {"by": "team2", "team1Score": 0, "team2Score": 0, "forfeit": true, "at": "2026-08-24T13:26:00Z"}],
        "windowMinutes": 10, "now": "2026-08-24T13:27:00Z"});
    let outlook = ok(&centre_core_wasm::report::report_outlook(&report.to_string(), "fr"));
    check_output(&all, "ReportOutlook", &outlook);
    check_output(&all, "ReportOutcome", &outlook["outcomes"][0]);
    assert_eq!(outlook["state"], "disputed", "{outlook}");
    assert_eq!(outlook["outcomes"][1]["code"], "report_disputed", "{outlook}");

    let split = ok(&api::split_full_name("Marie Tremblay"));
    assert_eq!(split, json!(["Marie", "Tremblay"]));
    let failure = answer(api::validate_score("{}", "fr"));
    check_output(&all, "Failure", &failure);
    check_output(&all, "Ok", &answer(api::validate_score(r#"{"team1Score": 1, "team2Score": 0}"#, "fr")));
}

#[test]
fn input_shapes_are_what_the_rust_side_reads() {
    let all = interfaces();
    let hours = hours();
    let settings = json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10, "startTime": "2026-08-24T13:00:00Z"});
    let full_match = json!({"id": 1, "roundType": "pool", "roundName": "Poule - Ronde 1", "bracketCode": null, "status": "scheduled",
        "team1Id": 1, "team2Id": 2, "team1Score": null, "team2Score": null, "scheduledTime": null, "courtNumber": 1,
        "forfeitSide": null, "sets": [], "started": false});
    let standing = json!({"position": 1, "teamId": 1, "teamName": "A", "tournamentPoints": 0, "played": 0, "wins": 0, "draws": 0,
        "losses": 0, "pointsFor": 0, "pointsAgainst": 0, "pointsDifferential": 0, "setsWon": 0, "setsLost": 0,
        "setRatio": null, "pointRatio": null, "decidedBy": null, "withdrawn": false});
    let entry = json!({"entryId": "e1", "matchId": 1, "team1Score": 3, "team2Score": 1, "enteredAt": "2026-08-24T13:20:00Z", "deviceId": "p", "seq": 1, "baseVersion": 0, "team1Id": 1, "team2Id": 2, "sets": []});

    let mut full_hours = hours.clone();
    full_hours["slotMinutes"] = json!(60);
    let slots_call = |h: &Value| {
        answer(api::court_slots(
            &json!({"hours": h, "date": "2026-06-11", "now": "2026-06-10T12:00:00Z"}).to_string(),
            "fr",
        ))
    };
    check_input(&all, "CourtHours", &full_hours, slots_call);
    check_input(&all, "DayHours", &json!({"open": "09:00", "close": "16:00"}), |d| {
        let mut h = hours.clone();
        h["openingHours"][3] = d.clone();
        slots_call(&h)
    });
    check_input(
        &all,
        "SlotsRequest",
        &json!({"hours": hours, "date": "2026-06-11", "now": "2026-06-10T12:00:00Z", "timeZone": "America/Toronto", "booked": []}),
        |r| answer(api::court_slots(&r.to_string(), "fr")),
    );
    check_input(
        &all,
        "MonthRequest",
        &json!({"hours": hours, "year": 2026, "month": 6, "now": "2026-06-10T12:00:00Z", "timeZone": null, "booked": []}),
        |r| answer(api::month(&r.to_string(), "fr")),
    );
    check_input(
        &all,
        "CheckBookingRequest",
        &json!({"hours": hours, "start": "2026-06-11T13:00:00Z", "end": "2026-06-11T14:00:00Z", "now": "2026-06-10T12:00:00Z",
            "timeZone": "America/Toronto", "booked": []}),
        |r| answer(api::check_court_booking(&r.to_string(), "fr")),
    );
    check_input(&all, "ScheduleSettings", &settings, |s| {
        answer(api::schedule_pool(&json!({"teams": [1, 2], "settings": s}).to_string(), "fr"))
    });
    check_input(&all, "ScheduleRequest", &json!({"teams": [1, 2], "settings": settings}), |r| {
        answer(api::schedule_pool(&r.to_string(), "fr"))
    });
    check_input(&all, "Team", &json!({"id": 1, "name": "A", "withdrawn": true}), |t| {
        answer(api::standings_of(&json!({"matches": [], "teams": [t]}).to_string(), "fr"))
    });
    check_input(&all, "Match", &full_match, |m| answer(api::match_actions(&json!({"matches": [m]}).to_string(), "fr")));
    let single = centre_core::format::preset("single");
    check_input(&all, "StandingsRequest", &json!({"matches": [full_match], "teams": [], "format": single}), |r| {
        answer(api::standings_of(&r.to_string(), "fr"))
    });
    check_input(&all, "Standing", &standing, |s| {
        answer(api::knockout(&json!({"standings": [s], "settings": settings, "firstSlotIndex": 0}).to_string(), "fr"))
    });
    check_input(
        &all,
        "KnockoutRequest",
        &json!({"standings": [standing], "settings": settings, "firstSlotIndex": 3}),
        |r| answer(api::knockout(&r.to_string(), "fr")),
    );
    check_input(&all, "MatchesRequest", &json!({"matches": [full_match]}), |r| {
        answer(api::match_actions(&r.to_string(), "fr"))
    });
    check_input(&all, "ScoreEntry", &entry, |e| {
        answer(api::apply_pending(&json!({"matches": [full_match], "entries": [e]}).to_string(), "fr"))
    });
    let camp = json!({"birthDate": "2020-01-15", "programId": "explorateurs", "minAge": 6, "maxAge": 8,
        "weeks": [{"startDate": "2027-07-05", "endDate": "2027-07-09"}]});
    check_input(&all, "CampAgeRequest", &camp, |r| answer(api::check_camp_age(&r.to_string(), "fr")));
    check_input(&all, "CampWeek", &camp["weeks"][0], |w| {
        let mut r = camp.clone();
        r["weeks"] = json!([w]);
        answer(api::check_camp_age(&r.to_string(), "fr"))
    });
    let arrival = json!({"entryId": "a", "action": "arrival", "at": "2030-07-02T12:00:00Z", "pickupKind": null, "pickupName": null});
    let day = json!({"day": "2030-07-02", "arrivedAt": null, "leftAt": null, "pickupKind": null, "pickupName": null,
        "absenceNotice": false, "absentWithoutNotice": true, "authorised": [], "mayLeaveAlone": false, "overrides": [],
        "entries": [arrival], "timeZone": "America/Toronto"});
    check_input(&all, "ChildDayRequest", &day, |r| {
        answer(centre_core_wasm::attendance::project_child_day(&r.to_string(), "fr"))
    });
    check_input(&all, "AttendanceEntry", &arrival, |e| {
        let mut r = day.clone();
        r["entries"] = json!([e]);
        answer(centre_core_wasm::attendance::project_child_day(&r.to_string(), "fr"))
    });
    let claim = json!({"by": "team2", "team1Score": 21, "team2Score": 18, "sets": [], "forfeit": false, "at": "2026-08-24T13:25:00Z"});
    let standing = json!({"state": "resolved", "by": "admin", "team1Score": 21, "team2Score": 18, "sets": [],
        "deadline": "2026-08-24T13:20:00Z"});
    let request = json!({"report": standing, "entries": [claim], "windowMinutes": 10, "now": "2026-08-24T13:27:00Z"});
    let outlook = |r: &Value| answer(centre_core_wasm::report::report_outlook(&r.to_string(), "fr"));
    check_input(&all, "ReportRequest", &request, outlook);
    check_input(&all, "ReportSeen", &standing, |seen| {
        let mut r = request.clone();
        r["report"] = seen.clone();
        outlook(&r)
    });
    check_input(&all, "ReportClaim", &claim, |c| {
        let mut r = request.clone();
        r["entries"] = json!([c]);
        outlook(&r)
    });
    check_input(
        &all,
        "PendingRequest",
        &json!({"matches": [full_match], "entries": [entry], "formats": {"pool": single}}),
        |r| answer(api::apply_pending(&r.to_string(), "fr")),
    );
}

/// The texts of `export type name = "a" | "b" …;` (quotes of either kind, over several lines).
fn union(name: &str) -> Vec<String> {
    let start =
        TYPES.find(&format!("export type {name} =")).unwrap_or_else(|| panic!("{name} missing from types.d.ts"));
    let body = &TYPES[start..start + TYPES[start..].find(';').expect("a union ends with ';'")];
    body.split('|')
        .filter_map(|part| {
            let t = part.trim().rsplit('=').next().unwrap_or("").trim();
            t.strip_prefix(['"', '\''])?.strip_suffix(['"', '\'']).map(str::to_owned)
        })
        .collect()
}

/// Its texts as serde writes them, in core's order.
fn texts<T: serde::Serialize>(all: &[T]) -> Vec<String> {
    all.iter().map(|v| serde_json::to_value(v).expect("json").as_str().expect("a text").to_owned()).collect()
}

/// Every closed set the PWA reads through types.d.ts lists exactly core's values: a state added
/// to an enum on one side only fails here, not in a member's browser.
#[test]
fn closed_sets_match_cores_enums() {
    use centre_core::attendance::{AttendanceAction, PickupKind};
    use centre_core::report::{ReportState, Reporter};
    use centre_core::tournament::{BracketCode, MatchStatus, RoundType};
    use centre_core::tournament::{DutyMode, Scoring};
    let expected: [(&str, Vec<String>); 16] = [
        ("ReportState", texts(ReportState::ALL)),
        ("Reporter", texts(Reporter::ALL)),
        ("Scoring", texts(Scoring::ALL)),
        ("DutyMode", texts(DutyMode::ALL)),
        ("Lang", texts(centre_core::Lang::ALL)),
        ("Gender", texts(v::Gender::ALL)),
        ("AllergySeverity", texts(v::AllergySeverity::ALL)),
        ("EventCategory", texts(v::EventCategory::ALL)),
        ("Criterion", texts(centre_core::tiebreak::Criterion::ALL)),
        ("Preset", texts(centre_core::format::Preset::ALL)),
        ("RoundType", texts(RoundType::ALL)),
        ("MatchStatus", texts(MatchStatus::ALL)),
        ("BracketCode", texts(BracketCode::ALL)),
        ("EntryOutcomeName", texts(centre_core::sync::SyncOutcome::ALL)),
        ("AttendanceAction", texts(AttendanceAction::ALL)),
        ("PickupKind", texts(PickupKind::ALL)),
    ];
    for (name, values) in expected {
        assert_eq!(union(name), values, "{name} in types.d.ts");
    }
}
