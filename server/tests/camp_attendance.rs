//! A day camp's daily attendance through the real router: counsellors' phones push arrivals,
//! departures and absence notices under the scores' device rules (one numbering per device,
//! shared with the scores), a pick-up by someone not on the list is refused until an admin's
//! override, two phones recording the same arrival make one, and the 9:30 flag, which a parent's
//! notice from /my-registrations lifts.
#![allow(clippy::unwrap_used)]

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use chrono_tz::America::Toronto;
use serde_json::{Value, json};

use crate::common::{TestApp, User};
use crate::daycamps::{born, count, db, form, register, weeks};

const PUSH: &str = "/api/camp-staff/sync/attendance";

struct Camp {
    app: TestApp,
    admin: User,
    counsellor: User,
    parent: User,
    week1: i64,
    week2: i64,
    day: NaiveDate,
    lea: i64,
    noe: i64,
}

/// Léa in week 1 (Julie Roy may pick her up), Noé in week 2; a counsellor given week 1.
async fn camp() -> Camp {
    camp_on(TestApp::spawn().await).await
}

/// [`camp`] on `app`.
async fn camp_on(app: TestApp) -> Camp {
    let admin = app.user("direction@example.org", Some("admin")).await;
    let counsellor = app.user("animatrice@example.org", Some("camp_staff")).await;
    let parent = app.user("ana@example.org", None).await;
    let weeks = weeks(&app).await;
    let (week1, week2) = (weeks[0].id, weeks[1].id);
    let mut lea_form = form("Léa", &born(&weeks, 7, 40), &[week1]);
    lea_form["healthForm"]["pickups"] = json!([{"name": "Julie Roy", "relation": "tante", "phone": "819-555-0103"}]);
    let (status, lea) = register(&parent, &app.url, &lea_form).await;
    assert_eq!(status, 201, "{lea}");
    let (status, noe) = register(&parent, &app.url, &form("Noé", &born(&weeks, 7, 40), &[week2])).await;
    assert_eq!(status, 201, "{noe}");
    let given = admin
        .client
        .put(app.at(&format!("/api/admin/camp-staff/{}/weeks", counsellor.id)))
        .json(&json!({"weekIds": [week1]}))
        .send()
        .await
        .unwrap();
    assert_eq!(given.status(), 200);
    Camp {
        day: weeks[0].start,
        lea: lea["id"].as_i64().unwrap(),
        noe: noe["id"].as_i64().unwrap(),
        app,
        admin,
        counsellor,
        parent,
        week1,
        week2,
    }
}

/// `day` at `h:m` in Toronto, as the phone sends it (UTC).
fn local(day: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    Toronto.from_local_datetime(&day.and_hms_opt(h, m, 0).unwrap()).unwrap().with_timezone(&Utc)
}

fn at(day: NaiveDate, h: u32, m: u32) -> String {
    local(day, h, m).to_rfc3339()
}

fn entry(seq: i64, registration: i64, week: i64, day: NaiveDate, action: &str, time: String) -> Value {
    json!({
        "seq": seq, "entryId": format!("entry-{seq}-{registration}-{action}-{}", time.len()),
        "registrationId": registration, "weekId": week, "day": day.to_string(), "action": action, "at": time,
    })
}

async fn push(user: &User, app: &TestApp, device: &str, entries: &[Value]) -> (u16, Value) {
    let response =
        user.client.post(app.at(PUSH)).json(&json!({"deviceId": device, "entries": entries})).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn day_of(user: &User, app: &TestApp, week: i64, day: NaiveDate) -> (u16, Value) {
    let response =
        user.client.get(app.at(&format!("/api/camp-staff/weeks/{week}/attendance?date={day}"))).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn child(sheet: &Value, registration: i64) -> &Value {
    sheet["children"].as_array().unwrap().iter().find(|c| c["registrationId"] == registration).unwrap()
}

fn rows(app: &TestApp) -> i64 {
    count(app, "SELECT count(*) FROM camp_attendance")
}

#[tokio::test]
async fn only_the_weeks_counsellor_and_admins_record_and_read_a_day() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    // Noé's week is not the counsellor's: the entry is answered, refused, and blocks nothing.
    let (status, answer) = push(
        &c.counsellor,
        app,
        "phone-a",
        &[
            entry(1, c.noe, c.week2, weeks(app).await[1].start, "arrival", at(weeks(app).await[1].start, 8, 0)),
            entry(2, c.lea, c.week1, day, "arrival", at(day, 8, 5)),
        ],
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][0]["outcome"], "rejected");
    assert_eq!(answer["results"][0]["code"], "forbidden");
    assert_eq!(answer["results"][1]["outcome"], "applied");
    assert_eq!(answer["lastSeq"], 2);
    assert_eq!(rows(app), 1);

    assert_eq!(day_of(&c.counsellor, app, c.week1, day).await.0, 200);
    assert_eq!(day_of(&c.counsellor, app, c.week2, day).await.0, 403);
    assert_eq!(day_of(&c.admin, app, c.week2, day).await.0, 200);
    assert_eq!(day_of(&c.parent, app, c.week1, day).await.0, 403);
    assert_eq!(
        push(&c.parent, app, "phone-p", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 0))]).await.0,
        403
    );
    let visitor = User { id: String::new(), email: String::new(), client: app.new_client() };
    assert_eq!(push(&visitor, app, "phone-v", &[]).await.0, 401);
    assert_eq!(day_of(&visitor, app, c.week1, day).await.0, 401);
    let override_body = json!({"registrationId": c.lea, "date": day.to_string(), "personName": "Oncle Paul", "reason": "Appel de la mère"});
    let by_counsellor = c
        .counsellor
        .client
        .post(app.at("/api/admin/camp-attendance/overrides"))
        .json(&override_body)
        .send()
        .await
        .unwrap();
    assert_eq!(by_counsellor.status(), 403);
    assert_eq!(count(app, "SELECT count(*) FROM camp_pickup_overrides"), 0);
}

#[tokio::test]
async fn a_replay_answers_the_stored_outcome_and_a_gap_is_refused_across_kinds() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    let first = [entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 0))];
    let (status, answer) = push(&c.admin, app, "phone-a", &first).await;
    assert_eq!((status, &answer["results"][0]["outcome"]), (200, &json!("applied")), "{answer}");
    // Sent again (its answer was lost): the same answer, nothing doubled.
    let (status, again) = push(&c.admin, app, "phone-a", &first).await;
    assert_eq!(status, 200);
    assert_eq!(again["results"], answer["results"]);
    assert_eq!(rows(app), 1);
    assert_eq!(count(app, "SELECT count(*) FROM camp_attendance_entries"), 1);

    // Number 2 is a score from the same phone (an admin who scores too): until it arrives,
    // number 3 is a gap; once the score push took it, the attendance push goes on from it.
    let mut leaving = entry(3, c.lea, c.week1, day, "departure", at(day, 16, 0));
    leaving["pickupKind"] = json!("parent");
    let (status, gap) = push(&c.admin, app, "phone-a", std::slice::from_ref(&leaving)).await;
    assert_eq!(status, 409, "{gap}");
    assert_eq!((&gap["code"], &gap["lastSeq"]), (&json!("sync_gap"), &json!(1)));
    let score = json!({"deviceId": "phone-a", "entries": [{"seq": 2, "entryId": "score-2", "matchId": 424242,
        "team1Score": 21, "team2Score": 15, "baseVersion": 0, "enteredAt": at(day, 10, 0)}]});
    let scored = c.admin.client.post(app.at("/api/admin/sync/scores")).json(&score).send().await.unwrap();
    assert_eq!(scored.status(), 200);
    let (status, answer) = push(&c.admin, app, "phone-a", &[leaving]).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!((&answer["results"][0]["outcome"], &answer["lastSeq"]), (&json!("applied"), &json!(3)));
    let (_, sheet) = day_of(&c.admin, app, c.week1, day).await;
    let lea = child(&sheet, c.lea);
    assert_eq!(lea["arrivedAt"], local(day, 8, 0).format("%Y-%m-%dT%H:%M:%SZ").to_string());
    assert_eq!(lea["leftAt"], local(day, 16, 0).format("%Y-%m-%dT%H:%M:%SZ").to_string());
    assert_eq!(lea["pickupKind"], "parent");
}

/// The phone of someone both an admin and a counsellor numbers its scores and its attendance in
/// one sequence (1 an arrival, 2 a score, 3 a departure, 4 a score), each pushed to its kind's
/// route. Every answer is lost and every push sent again: each entry is answered as before, as
/// its own kind, and nothing is taken twice.
#[tokio::test]
async fn one_phone_numbers_scores_and_attendance_together_and_a_lost_answer_replays_each_as_its_kind() {
    use crate::tournaments::support::{Setup, config};
    let setup = Setup::new(4, config(2, 1)).await;
    let matches = setup.generate().await["matches"].as_array().unwrap().clone();
    let pool: Vec<i64> =
        matches.iter().filter(|m| m["roundType"] == "pool").map(|m| m["id"].as_i64().unwrap()).take(2).collect();
    let c = camp_on(setup.app).await;
    let (app, day) = (&c.app, c.day);
    // The admin is given week 1 as a counsellor too.
    app.grant(&c.admin.id, "camp_staff");
    let given = c.admin.client.put(app.at(&format!("/api/admin/camp-staff/{}/weeks", c.admin.id)));
    assert_eq!(given.json(&json!({"weekIds": [c.week1]})).send().await.unwrap().status(), 200);

    let score = |seq: i64, match_id: i64| {
        json!({"seq": seq, "entryId": format!("both-{seq}"), "matchId": match_id, "team1Score": 21, "team2Score": 15 + seq,
            "baseVersion": 1, "enteredAt": at(day, 10, 0)})
    };
    let scores = |entries: Vec<Value>| {
        c.admin.client.post(app.at("/api/admin/sync/scores")).json(&json!({"deviceId": "both", "entries": entries}))
    };
    let mut leaving = entry(3, c.lea, c.week1, day, "departure", at(day, 16, 0));
    leaving["pickupKind"] = json!("parent");
    let mut answers = Vec::new();
    for round in 0..2 {
        let (status, arrival) =
            push(&c.admin, app, "both", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 0))]).await;
        assert_eq!(status, 200, "{arrival}");
        let first_score: Value = scores(vec![score(2, pool[0])]).send().await.unwrap().json().await.unwrap();
        let (status, departure) = push(&c.admin, app, "both", std::slice::from_ref(&leaving)).await;
        assert_eq!(status, 200, "{departure}");
        let second_score: Value = scores(vec![score(4, pool[1])]).send().await.unwrap().json().await.unwrap();
        let round_answers = [arrival, first_score, departure, second_score];
        if round == 0 {
            let outcomes: Vec<(&Value, &Value)> =
                round_answers.iter().map(|a| (&a["results"][0]["seq"], &a["results"][0]["outcome"])).collect();
            let applied = json!("applied");
            assert_eq!(
                outcomes,
                [(&json!(1), &applied), (&json!(2), &applied), (&json!(3), &applied), (&json!(4), &applied)]
            );
            assert_eq!(round_answers[1]["results"][0]["matchId"], pool[0], "a score is answered as a score");
            assert!(round_answers[0]["results"][0].get("matchId").is_none(), "attendance as attendance");
            answers = round_answers.to_vec();
        } else {
            // Each entry's answer as before; the device's number is now the last one sent.
            let results = |all: &[Value]| all.iter().map(|a| a["results"].clone()).collect::<Vec<_>>();
            assert_eq!(results(&round_answers), results(&answers), "the lost answers, once more");
            assert!(round_answers.iter().all(|a| a["lastSeq"] == 4), "{round_answers:?}");
        }
    }
    assert_eq!(rows(app), 1, "one day of Léa");
    assert_eq!(count(app, "SELECT count(*) FROM camp_attendance_entries"), 2);
    assert_eq!(count(app, "SELECT count(*) FROM score_entries"), 2);
    assert_eq!(count(app, "SELECT count(*) FROM match_score_history"), 2, "each score applied once");
    assert_eq!(count(app, "SELECT last_seq FROM sync_devices WHERE device_id = 'both'"), 4);
}

fn departure(seq: i64, c: &Camp, kind: &str, name: &str) -> Value {
    let mut e = entry(seq, c.lea, c.week1, c.day, "departure", at(c.day, 16, seq as u32));
    e["pickupKind"] = json!(kind);
    e["pickupName"] = json!(name);
    e
}

#[tokio::test]
async fn a_pick_up_by_someone_not_authorised_is_refused_until_an_admin_allows_it() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    push(&c.counsellor, app, "phone-a", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 0))]).await;
    let (_, answer) = push(&c.counsellor, app, "phone-a", &[departure(2, &c, "other", "Oncle Paul")]).await;
    assert_eq!(answer["results"][0]["outcome"], "rejected", "{answer}");
    assert_eq!(answer["results"][0]["code"], "pickup_not_authorised");
    assert_eq!(
        answer["results"][0]["message"],
        "Cette personne n'est pas autorisée à venir chercher l'enfant : il faut l'autorisation d'un administrateur pour ce jour."
    );
    // Not on the form's list under 'authorised' either.
    let (_, answer) = push(&c.counsellor, app, "phone-a", &[departure(3, &c, "authorised", "Oncle Paul")]).await;
    assert_eq!(answer["results"][0]["code"], "pickup_not_authorised");
    let (_, sheet) = day_of(&c.counsellor, app, c.week1, day).await;
    assert_eq!(child(&sheet, c.lea)["leftAt"], Value::Null);

    // The admin's override: a name and a reason are needed; then it is recorded and shown.
    let path = app.at("/api/admin/camp-attendance/overrides");
    let empty = json!({"registrationId": c.lea, "date": day.to_string(), "personName": "Oncle Paul", "reason": " "});
    let refused = c.admin.client.post(&path).json(&empty).send().await.unwrap();
    assert_eq!(refused.status(), 422);
    let elsewhere =
        json!({"registrationId": c.noe, "date": day.to_string(), "personName": "Oncle Paul", "reason": "Appel"});
    assert_eq!(c.admin.client.post(&path).json(&elsewhere).send().await.unwrap().status(), 404);
    let body = json!({"registrationId": c.lea, "date": day.to_string(), "personName": "Oncle Paul", "reason": "Appel de la mère à 14 h"});
    let made = c.admin.client.post(&path).json(&body).send().await.unwrap();
    assert_eq!(made.status(), 201);
    let made: Value = made.json().await.unwrap();
    assert_eq!((&made["personName"], &made["adminEmail"]), (&json!("Oncle Paul"), &json!("direction@example.org")));

    let (_, answer) = push(&c.counsellor, app, "phone-a", &[departure(4, &c, "other", "oncle  paul")]).await;
    assert_eq!(answer["results"][0]["outcome"], "applied", "{answer}");
    let (_, sheet) = day_of(&c.counsellor, app, c.week1, day).await;
    let lea = child(&sheet, c.lea);
    assert_eq!((&lea["pickupKind"], &lea["pickupName"]), (&json!("other"), &json!("oncle  paul")));
    assert_eq!(lea["overrides"][0]["reason"], "Appel de la mère à 14 h");
    assert_eq!(lea["authorised"], json!(["Julie Roy"]));
}

#[tokio::test]
async fn two_phones_recording_the_same_arrival_make_one() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    let mut second = entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 7));
    second["entryId"] = json!("phone-b-1");
    let (_, a) = push(&c.counsellor, app, "phone-a", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 2))]).await;
    let (_, b) = push(&c.counsellor, app, "phone-b", &[second]).await;
    assert_eq!(a["results"][0]["outcome"], "applied");
    assert_eq!(b["results"][0]["outcome"], "duplicate");
    assert_eq!(rows(app), 1);
    let (_, sheet) = day_of(&c.counsellor, app, c.week1, day).await;
    assert_eq!(child(&sheet, c.lea)["arrivedAt"], local(day, 8, 2).format("%Y-%m-%dT%H:%M:%SZ").to_string());
}

#[tokio::test]
async fn a_child_not_arrived_without_notice_is_flagged_from_half_past_nine() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    let flag = |now: DateTime<Utc>| {
        let conn = db(app);
        let sheet = centre_server::db::camp_attendance::sheet::day(&conn, c.week1, day, now, &Toronto).unwrap();
        sheet.iter().find(|r| r.registration_id == c.lea).unwrap().absent_without_notice
    };
    assert!(!flag(local(day, 9, 29)));
    assert!(flag(local(day, 9, 31)));
    // The parent phoned: the counsellor records the absence and the flag goes.
    let (_, answer) =
        push(&c.counsellor, app, "phone-a", &[entry(1, c.lea, c.week1, day, "absence", at(day, 9, 0))]).await;
    assert_eq!(answer["results"][0]["outcome"], "applied", "{answer}");
    assert!(!flag(local(day, 9, 31)));
    let (_, sheet) = day_of(&c.counsellor, app, c.week1, day).await;
    assert_eq!(child(&sheet, c.lea)["absenceNotice"], true);
}

/// POSTs the parent's notice for `day`.
async fn notice(user: &User, app: &TestApp, registration: i64, day: &str) -> (u16, Value) {
    let response = user
        .client
        .post(app.at(&format!("/api/user/day-camp-registrations/{registration}/absences")))
        .json(&json!({"day": day}))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_parent_gives_notice_of_an_absence_and_the_counsellor_sees_no_flag() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    let second = day.succ_opt().unwrap();
    // From /my-registrations, ahead of the day: the counsellor's day shows the notice.
    let (status, given) = notice(&c.parent, app, c.lea, &second.to_string()).await;
    assert_eq!(status, 201, "{given}");
    assert_eq!((given["registrationId"].as_i64(), given["day"].as_str()), (Some(c.lea), Some(&*second.to_string())));
    let (_, sheet) = day_of(&c.counsellor, app, c.week1, second).await;
    assert_eq!(child(&sheet, c.lea)["absenceNotice"], true);
    let flagged = |now: DateTime<Utc>| {
        let conn = db(app);
        let sheet = centre_server::db::camp_attendance::sheet::day(&conn, c.week1, second, now, &Toronto).unwrap();
        sheet.iter().find(|r| r.registration_id == c.lea).unwrap().absent_without_notice
    };
    assert!(!flagged(local(second, 9, 31)), "a notice given: no flag");
    // Given again: the first is kept, one row.
    let (status, again) = notice(&c.parent, app, c.lea, &second.to_string()).await;
    assert_eq!((status, &again["recordedAt"]), (201, &given["recordedAt"]));
    assert_eq!(count(app, "SELECT count(*) FROM camp_absence_notices"), 1);

    // A day of another week than Léa's, and a day that is not a date: refused on the field.
    let outside = weeks(app).await[1].start.to_string();
    for (day, message) in [
        (outside.as_str(), "Ce jour ne fait pas partie de la semaine de camp de l'enfant."),
        ("31/07", "Date invalide"),
    ] {
        let (status, refused) = notice(&c.parent, app, c.lea, day).await;
        assert_eq!(status, 422, "{refused}");
        assert_eq!(refused["fieldErrors"]["day"], message, "{refused}");
    }
    // Once the child has arrived that day, it is too late.
    let (_, answer) =
        push(&c.counsellor, app, "phone-a", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 5))]).await;
    assert_eq!(answer["results"][0]["outcome"], "applied", "{answer}");
    let (status, refused) = notice(&c.parent, app, c.lea, &day.to_string()).await;
    assert_eq!(status, 422);
    assert_eq!(
        refused["fieldErrors"]["day"],
        "L'enfant est déjà arrivé(e) aujourd'hui : l'absence ne peut plus être inscrite."
    );

    // Someone else's child: 404; a visitor: 401. Nothing written.
    let other = app.user("autre@example.org", None).await;
    assert_eq!(notice(&other, app, c.lea, &day.to_string()).await.0, 404);
    let visitor = app.new_client();
    let response = visitor
        .post(app.at(&format!("/api/user/day-camp-registrations/{}/absences", c.lea)))
        .json(&json!({"day": day.to_string()}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    assert_eq!(count(app, "SELECT count(*) FROM camp_absence_notices"), 1);
}

/// A counsellor's day as the phone reads it (`GET /api/camp-staff/weeks/{id}/attendance`): Léa
/// arrived and left with her aunt, Noé's week is another.
#[tokio::test]
async fn an_attendance_day_as_the_counsellor_reads_it() {
    let c = camp().await;
    let (app, day) = (&c.app, c.day);
    let mut leaving = entry(2, c.lea, c.week1, day, "departure", at(day, 16, 5));
    leaving["pickupKind"] = json!("authorised");
    leaving["pickupName"] = json!("Julie Roy");
    let (status, answer) =
        push(&c.counsellor, app, "phone-c", &[entry(1, c.lea, c.week1, day, "arrival", at(day, 8, 10)), leaving]).await;
    assert_eq!(status, 200, "{answer}");
    let (status, sheet) = day_of(&c.counsellor, app, c.week1, day).await;
    assert_eq!(status, 200);
    let mut settings = crate::common::snap::answer_settings();
    settings.add_redaction(".date", "[the first camp day of the coming summer]");
    settings.add_redaction(".**.arrivedAt", "[that day, 8:10 at the centre]");
    settings.add_redaction(".**.leftAt", "[that day, 16:05 at the centre]");
    settings.bind(|| insta::assert_json_snapshot!("attendance_day", sheet));
}
