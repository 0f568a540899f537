//! The facade gives the same answers as centre-core called directly (natively here; the
//! browser runs the very same `api` functions through `#[wasm_bindgen]`).

use centre_core::schedule::knockout::plan_knockout;
use centre_core::schedule::{ScheduleSettings, pool_schedule};
use centre_core::slots::{CourtHours, DayHours, list_slots, month_view};
use centre_core::standings::standings;
use centre_core::sync::{ScoreEntry, project};
use centre_core::tournament::{Match, MatchStatus, Team};
use centre_core::validation::{self as v};
use centre_core::{Lang, message};
use centre_core_wasm::api;
use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::America::Toronto;
use serde::Serialize;
use serde_json::{Value, json};

fn answer(s: &str) -> Value {
    serde_json::from_str(s).expect("the facade answers JSON")
}

/// The `value` of an Ok envelope.
fn ok(s: &str) -> Value {
    let a = answer(s);
    assert_eq!(a["ok"], true, "{a}");
    a["value"].clone()
}

fn same<T: Serialize>(facade: &str, core: T) {
    assert_eq!(ok(facade), serde_json::to_value(core).expect("serializes"));
}

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("time").with_timezone(&Utc)
}

fn team_input() -> Value {
    json!({
        "captainFirstName": "Marie", "captainLastName": "Tremblay", "captainEmail": "marie@example.ca",
        "member2FirstName": "Luc", "member2LastName": "Gagnon", "member2Email": "luc@example.ca",
    })
}

#[test]
fn forms_validate_like_core() {
    let input = team_input();
    let core = v::validate_team_registration(&serde_json::from_value(input.clone()).expect("input")).expect("valid");
    same(&api::validate_team_registration(&input.to_string(), "fr"), core);

    let booking = json!({
        "courtId": "1", "firstName": "Marie", "lastName": "Tremblay", "email": "marie@example.ca",
        "phone": "819-555-0123", "startTime": "2026-06-12T14:00:00Z", "endTime": "2026-06-12T15:00:00Z",
    });
    let today = NaiveDate::from_ymd_opt(2026, 6, 10).expect("date");
    let core = v::validate_court_booking(&serde_json::from_value(booking.clone()).expect("input"), today, Toronto)
        .expect("valid");
    same(&api::validate_court_booking(&booking.to_string(), "2026-06-10", "en"), core);

    let event = json!({"title": "Tournoi", "description": "4 contre 4", "startDate": "2025-08-24T09:00", "location": "La Pêche", "price": "12,50"});
    let core = v::validate_event(&serde_json::from_value(event.clone()).expect("input")).expect("valid");
    same(&api::validate_event(&event.to_string(), "fr"), core);

    let config = json!({"courtsAvailable": "3", "matchDurationMinutes": 30, "startTime": "2025-08-24T13:00:00Z", "poolCount": 2});
    let core = v::validate_tournament_config(&serde_json::from_value(config.clone()).expect("input")).expect("valid");
    same(&api::validate_tournament_config(&config.to_string(), "fr"), core);

    let score = json!({"team1Score": 21, "team2Score": "19"});
    let core = v::validate_score(&serde_json::from_value(score.clone()).expect("input")).expect("valid");
    same(&api::validate_score(&score.to_string(), "fr"), core);

    assert_eq!(ok(&api::validate_user_id("  abc ", "fr")), json!("abc"));
}

#[test]
fn form_errors_carry_the_catalogue_texts() {
    let mut input = team_input();
    input["captainFirstName"] = json!("");
    input["member2Email"] = json!("luc@");
    for (lang, l) in [("fr", Lang::Fr), ("en", Lang::En)] {
        let a = answer(&api::validate_team_registration(&input.to_string(), lang));
        assert_eq!(a["ok"], false);
        assert_eq!(a["code"], "validation");
        assert_eq!(a["message"], message("validation", l).expect("text"));
        assert_eq!(
            a["codes"],
            json!({"captainFirstName": "captain_first_name_required", "member2Email": "email_invalid"})
        );
        assert_eq!(a["fieldErrors"]["captainFirstName"], message("captain_first_name_required", l).expect("text"));
        assert_eq!(a["fieldErrors"]["member2Email"], message("email_invalid", l).expect("text"));
    }
    assert_eq!(
        answer(&api::validate_team_registration(&input.to_string(), "fr"))["fieldErrors"]["captainFirstName"],
        "Le prénom du responsable est requis"
    );
    let booking = answer(&api::validate_court_booking(r#"{"courtId": 1}"#, "2026-06-10", "fr"));
    assert_eq!(booking["fieldErrors"]["email"], "Champs manquants: Veuillez remplir tous les champs obligatoires.");
}

#[test]
fn malformed_input_and_unknown_zones_are_errors_not_panics() {
    for bad in ["", "{", "nul", r#"{"captainFirstName": 5}"#] {
        let a = answer(&api::validate_team_registration(bad, "en"));
        assert_eq!((a["ok"].clone(), a["code"].clone()), (json!(false), json!("malformed_json")), "{bad}");
        assert_eq!(a["message"], "The request is malformed.");
    }
    assert_eq!(answer(&api::validate_court_booking("{}", "10/06/2026", "fr"))["code"], "malformed_json");
    let request =
        json!({"hours": hours(), "date": "2026-06-11", "now": "2026-06-10T12:00:00Z", "timeZone": "Europe/Paris"});
    let a = answer(&api::court_slots(&request.to_string(), "fr"));
    assert_eq!(a["code"], "time_zone_unsupported");
    assert_eq!(a["message"], "Fuseau horaire non pris en charge.");
    let day = json!({"day": "2030-07-02", "absenceNotice": false, "absentWithoutNotice": false, "authorised": [],
        "mayLeaveAlone": false, "overrides": [], "entries": [], "timeZone": "Europe/Paris"});
    assert_eq!(
        answer(&centre_core_wasm::attendance::project_child_day(&day.to_string(), "fr"))["code"],
        "time_zone_unsupported"
    );
    for (field, bad) in [
        ("day", json!("02/07/2030")),
        ("arrivedAt", json!("hier")),
        ("pickupKind", json!("uncle")),
        ("entries", json!([{"entryId": "e", "action": "nap", "at": "2030-07-02T12:00:00Z"}])),
    ] {
        let mut request = day.clone();
        request["timeZone"] = Value::Null;
        request[field] = bad;
        assert_eq!(
            answer(&centre_core_wasm::attendance::project_child_day(&request.to_string(), "fr"))["code"],
            "malformed_json",
            "{field}"
        );
    }
}

fn hours() -> CourtHours {
    let t = |h| NaiveTime::from_hms_opt(h, 0, 0).expect("time");
    CourtHours {
        opening_hours: [Some(DayHours { open: t(0), close: t(5) }); 7],
        season_start: NaiveDate::from_ymd_opt(2026, 1, 1).expect("date"),
        season_end: NaiveDate::from_ymd_opt(2026, 12, 31).expect("date"),
        slot_minutes: 60,
    }
}

#[test]
fn slots_match_core_with_the_iana_zone_on_dst_days() {
    let now = utc("2026-02-01T12:00:00Z");
    let booked = [utc("2026-11-01T06:00:00Z")];
    for date in ["2026-03-08", "2026-11-01", "2026-07-01"] {
        let d = NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date");
        let request = json!({"hours": hours(), "date": date, "now": now, "booked": booked});
        let core = list_slots(&hours(), d, now, Toronto, &booked).expect("slots");
        same(&api::court_slots(&request.to_string(), "fr"), core);
    }
    let fall_back = ok(&api::court_slots(
        &json!({"hours": hours(), "date": "2026-11-01", "now": now, "booked": booked}).to_string(),
        "fr",
    ));
    let times: Vec<&str> = fall_back.as_array().expect("list").iter().filter_map(|s| s["time"].as_str()).collect();
    assert_eq!(times, ["00:00", "01:00", "01:00", "02:00", "03:00", "04:00"]);

    let request = json!({"hours": hours(), "year": 2026, "month": 11, "now": "2026-11-01T05:30:00Z", "booked": booked});
    let core = month_view(&hours(), 2026, 11, utc("2026-11-01T05:30:00Z"), Toronto, &booked).expect("month");
    same(&api::month(&request.to_string(), "fr"), core);

    let check = json!({"hours": hours(), "start": "2026-11-01T06:00:00Z", "end": "2026-11-01T07:00:00Z", "now": now, "booked": booked});
    let a = answer(&api::check_court_booking(&check.to_string(), "fr"));
    assert_eq!(
        (a["code"].clone(), a["message"].clone()),
        (json!("slot_taken"), json!("Ce créneau n'est plus disponible."))
    );
}

fn settings() -> ScheduleSettings {
    ScheduleSettings {
        courts_available: 2,
        match_duration_minutes: 20,
        break_between_matches: 10,
        start_time: Utc.with_ymd_and_hms(2026, 8, 24, 13, 0, 0).single().expect("time"),
    }
}

#[test]
fn tournament_functions_match_core() {
    let ids: Vec<i64> = (1..=8).collect();
    let pool = pool_schedule(&ids, &settings()).expect("pool");
    same(&api::schedule_pool(&json!({"teams": ids, "settings": settings()}).to_string(), "fr"), &pool);

    let teams: Vec<Team> = ids.iter().map(|&id| Team::new(id, format!("Équipe {id}"))).collect();
    let matches: Vec<Match> = pool
        .matches
        .iter()
        .enumerate()
        .map(|(i, p)| Match {
            id: i as i64 + 1,
            round_type: p.round_type,
            round_name: p.round_name.clone(),
            bracket_code: None,
            status: if i % 3 == 0 { MatchStatus::Scheduled } else { MatchStatus::Completed },
            team1_id: p.team1_id,
            team2_id: p.team2_id,
            team1_score: Some((i * 7 % 22) as u32),
            team2_score: Some((i * 5 % 22) as u32),
            scheduled_time: Some(p.scheduled_time),
            court_number: Some(p.court_number),
            forfeit_side: None,
            sets: Vec::new(),
            started: false,
        })
        .collect();
    let table = standings(&matches, &teams);
    same(&api::standings_of(&json!({"matches": matches, "teams": teams}).to_string(), "fr"), &table);

    let bracket = plan_knockout(&table, &settings(), pool.next_slot_index);
    let request = json!({"standings": table, "settings": settings(), "firstSlotIndex": pool.next_slot_index});
    same(&api::knockout(&request.to_string(), "fr"), &bracket);
    assert_eq!(api::knockout_placeholder("QF1", "fr"), "Vainqueur QF1");
    assert_eq!(api::knockout_placeholder("SF2", "en"), "Winner of SF2");

    let entries = vec![
        ScoreEntry {
            entry_id: "b".into(),
            match_id: 1,
            team1_score: 21,
            team2_score: 9,
            entered_at: utc("2026-08-24T13:25:00Z"),
            device_id: "phone-1".into(),
            seq: 1,
            base_version: 0,
            team1_id: None,
            team2_id: None,
            sets: Vec::new(),
        },
        ScoreEntry {
            entry_id: "a".into(),
            match_id: 1,
            team1_score: 9,
            team2_score: 21,
            entered_at: utc("2026-08-24T13:26:00.250Z"),
            device_id: "phone-2".into(),
            seq: 1,
            base_version: 0,
            team1_id: None,
            team2_id: None,
            sets: Vec::new(),
        },
        ScoreEntry {
            entry_id: "c".into(),
            match_id: 999,
            team1_score: 1,
            team2_score: 0,
            entered_at: utc("2026-08-24T13:26:00Z"),
            device_id: "phone-2".into(),
            seq: 1,
            base_version: 0,
            team1_id: None,
            team2_id: None,
            sets: Vec::new(),
        },
    ];
    let projected = project(&matches, &entries, &centre_core::format::Formats::default());
    same(&api::apply_pending(&json!({"matches": matches, "entries": entries}).to_string(), "fr"), &projected);
    // The projected matches go back in unchanged: the facade's output is valid input.
    let again = ok(&api::apply_pending(&json!({"matches": projected.matches, "entries": entries}).to_string(), "fr"));
    assert!(again["outcomes"].as_array().expect("outcomes").iter().all(|o| o["outcome"] != "applied"));
}

#[test]
fn a_child_s_day_projects_like_core() {
    use centre_core::attendance::{AttendanceAction, ChildDay, Entry, Pickup, PickupKind, project_day};
    let day = NaiveDate::from_ymd_opt(2030, 7, 2).expect("date");
    let authorised = vec!["Julie Roy".to_owned()];
    let overrides: Vec<String> = Vec::new();
    let child = ChildDay {
        week_start: day,
        week_end: day,
        arrived_at: Some(utc("2030-07-02T12:00:00Z")),
        authorised: &authorised,
        overrides: &overrides,
        ..ChildDay::default()
    };
    let julie = Pickup { kind: PickupKind::Authorised, name: Some("Julie Roy".to_owned()) };
    let paul = Pickup { kind: PickupKind::Other, name: Some("Oncle Paul".to_owned()) };
    let entries = [
        Entry { action: AttendanceAction::Departure, day, at: utc("2030-07-02T19:00:00Z"), pickup: Some(paul) },
        Entry {
            action: AttendanceAction::Departure,
            day,
            at: utc("2030-07-02T20:00:00Z"),
            pickup: Some(julie.clone()),
        },
    ];
    let core = project_day(&child, None, false, &entries, &Toronto);
    let request = json!({"day": "2030-07-02", "arrivedAt": "2030-07-02T12:00:00Z", "absenceNotice": false, "absentWithoutNotice": false,
    "authorised": authorised, "mayLeaveAlone": false, "overrides": overrides,
    "entries": [
        {"entryId": "paul", "action": "departure", "at": "2030-07-02T19:00:00Z", "pickupKind": "other", "pickupName": "Oncle Paul"},
        {"entryId": "julie", "action": "departure", "at": "2030-07-02T20:00:00Z", "pickupKind": "authorised", "pickupName": "Julie Roy"}
    ]});
    let facade = ok(&centre_core_wasm::attendance::project_child_day(&request.to_string(), "fr"));
    assert_eq!(facade["leftAt"], core.left_at.map(centre_core::timefmt::utc_text).expect("left"));
    assert_eq!((facade["pickupKind"].clone(), facade["pickupName"].clone()), (json!("authorised"), json!("Julie Roy")));
    assert_eq!(core.pickup, Some(julie));
    let outcomes: Vec<(String, String)> =
        core.verdicts.iter().map(|v| (v.outcome().as_str().to_owned(), v.code().unwrap_or("").to_owned())).collect();
    assert_eq!(
        outcomes,
        [("rejected".to_owned(), "pickup_not_authorised".to_owned()), ("applied".to_owned(), String::new())]
    );
    assert_eq!(
        facade["outcomes"],
        json!([{"entryId": "paul", "outcome": "rejected", "code": "pickup_not_authorised"}, {"entryId": "julie", "outcome": "applied", "code": null}])
    );
}

#[test]
fn catalogue_is_the_core_catalogue() {
    for (lang, l) in [("fr", Lang::Fr), ("en", Lang::En)] {
        let cat = answer(&api::catalogue(lang));
        let obj = cat.as_object().expect("object");
        assert_eq!(obj.len(), centre_core::messages::CATALOGUE.len());
        for (code, _, _) in centre_core::messages::CATALOGUE {
            assert_eq!(obj[*code], message(code, l).expect("text"), "{code}");
        }
    }
    assert_eq!(centre_core_wasm::message("slot_taken", "en"), "This slot is no longer available.");
    assert_eq!(centre_core_wasm::message("no_such_code", "fr"), "no_such_code");
}

/// The phone's outlook is core's `report::apply` over its entries, then `at(now)`: the
/// proposer's replacement starts the window again, a late answer finds the proposal confirmed.
#[test]
fn a_report_outlook_is_cores_rule() {
    use centre_core::report::{Claim, Reported, Reporter, Version, apply};
    let result = |a, b| Claim::Result(Reported { team1_score: a, team2_score: b, sets: Vec::new() });
    let first = Version { by: Reporter::Team1, claim: result(21, 18), at: utc("2026-08-24T13:20:00Z") };
    let again = Version { by: Reporter::Team1, claim: result(21, 17), at: utc("2026-08-24T13:25:00Z") };
    let core = apply(None, first, 10).and_then(|r| apply(Some(&r), again, 10)).expect("applies");
    let request = |now: &str| {
        json!({"windowMinutes": 10, "now": now, "entries": [
            {"by": "team1", "team1Score": 21, "team2Score": 18, "at": "2026-08-24T13:20:00Z"},
            {"by": "team1", "team1Score": 21, "team2Score": 17, "at": "2026-08-24T13:25:00Z"}
        ]})
        .to_string()
    };
    let open = ok(&centre_core_wasm::report::report_outlook(&request("2026-08-24T13:31:00Z"), "fr"));
    assert_eq!(open["deadline"], centre_core::timefmt::utc_text(core.deadline));
    assert_eq!((open["state"].clone(), open["counts"].clone()), (json!("proposed"), json!(false)));
    let lapsed = ok(&centre_core_wasm::report::report_outlook(&request("2026-08-24T13:35:00Z"), "fr"));
    assert_eq!(lapsed["state"], core.at(utc("2026-08-24T13:35:00Z")).state.as_str());
    assert_eq!(
        (lapsed["state"].clone(), lapsed["counts"].clone(), lapsed["deadline"].clone()),
        (json!("auto_confirmed"), json!(true), Value::Null)
    );

    for bad in [
        json!({"windowMinutes": 10, "now": "2026-08-24T13:31:00Z", "entries": [{"by": "coach", "team1Score": 1, "team2Score": 0, "at": "2026-08-24T13:20:00Z"}]}),
        json!({"windowMinutes": -1, "now": "2026-08-24T13:31:00Z", "entries": []}),
        json!({"windowMinutes": 10, "now": "2026-08-24T13:31:00Z", "entries": [],
            "report": {"state": "proposed", "by": "team1", "team1Score": 21, "team2Score": 18}}),
    ] {
        assert_eq!(
            answer(&centre_core_wasm::report::report_outlook(&bad.to_string(), "fr"))["code"],
            "malformed_json",
            "{bad}"
        );
    }
}
