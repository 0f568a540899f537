//! The demo (`--demo`, what `make run` serves) looks alive whatever the day and the hour it is
//! started at: checked through the API on a day of July (the courts' season) at 8:00 and 14:00
//! and one of November (out of it) at 23:00, the server's clock moved as `--now` moves it, and
//! through the real binary started with `--now`. What is expected is written here from what the
//! demo promises (the brief of the demo), not read from the seed.
#![allow(clippy::unwrap_used)]

use centre_server::db::seed::{DEMO_COUNSELLOR, DEMO_MEMBER};
use centre_server::settings::Clock;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};
use chrono_tz::Tz;
use serde_json::Value;

use crate::common::{Process, TestApp, User, free_addr, team, wait_until_listening};

const TZ: Tz = chrono_tz::America::Toronto;

/// The first `month`/`day` after the real today: the demo's day, in the future whatever the
/// real date (the registration of the next tournament is then open on the real clock too).
fn next(month: u32, day: u32) -> NaiveDate {
    let today = crate::common::now().with_timezone(&TZ).date_naive();
    let this_year = NaiveDate::from_ymd_opt(today.year(), month, day).unwrap();
    if this_year > today { this_year } else { NaiveDate::from_ymd_opt(today.year() + 1, month, day).unwrap() }
}

fn instant(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn local_day(text: &str) -> NaiveDate {
    instant(text).with_timezone(&TZ).date_naive()
}

async fn get(user: &User, app: &TestApp, path: &str) -> Value {
    let response = user.client.get(app.at(path)).send().await.unwrap();
    assert_eq!(response.status(), 200, "GET {path}");
    response.json().await.unwrap()
}

/// The demo started at `at`, the centre's time; answers it with an admin, the demo's today and now.
async fn demo_at(at: NaiveDateTime) -> (TestApp, User, NaiveDate, DateTime<Utc>) {
    let app = TestApp::spawn_with(|s| {
        s.demo = true;
        s.clock = Clock::starting_at(at, s.timezone);
    })
    .await;
    let now = app.state.settings.clock.now();
    let local = now.with_timezone(&TZ).naive_local();
    assert!(local >= at && local - at < Duration::minutes(1), "the clock is at {local}, asked {at}");
    let admin = app.user("demo-admin@example.org", Some("admin")).await;
    (app, admin, local.date(), now)
}

/// What the day's tournament (/event/1) shows when the demo starts at that hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Day {
    /// Under way today: some matches over, one being played on each of the two courts, the rest
    /// to come.
    UnderWay,
    /// Over, with its podium: played today, or yesterday when today's play has not begun.
    OverOn(i64),
}

/// Every match of /event/1 is played within the courts' hours (8:00 to 21:00) of `day`.
fn within_the_courts_hours(matches: &[Value], day: NaiveDate, at: NaiveDateTime) {
    let (open, close) = (NaiveTime::from_hms_opt(8, 0, 0).unwrap(), NaiveTime::from_hms_opt(21, 0, 0).unwrap());
    for m in matches {
        let start = instant(m["scheduledTime"].as_str().unwrap()).with_timezone(&TZ);
        let end = start + Duration::minutes(20);
        assert_eq!(start.date_naive(), day, "{at}: {}", m["scheduledTime"]);
        assert!(open <= start.time() && end.time() <= close && end.date_naive() == day, "{at}: {start} to {end}");
    }
}

/// Every item the demo promises, checked through the API.
async fn the_demo_is_alive(at: NaiveDateTime, expected: Day) {
    let (app, admin, today, now) = demo_at(at).await;
    let day = at;
    let events: Vec<Value> = serde_json::from_value(get(&admin, &app, "/api/events").await).unwrap();
    let everything: Vec<Value> = serde_json::from_value(get(&admin, &app, "/api/admin/events").await).unwrap();

    // The day's tournament, /event/1, at the courts' hours.
    let live = get(&admin, &app, "/api/events/1").await;
    let board = get(&admin, &app, "/api/events/1/tournament").await;
    let tournament = &board["tournament"];
    let matches = board["matches"].as_array().unwrap();
    let statuses: Vec<&str> = matches.iter().map(|m| m["status"].as_str().unwrap()).collect();
    let count = |s: &str| statuses.iter().filter(|&&x| x == s).count();
    match expected {
        Day::UnderWay => {
            assert_eq!(local_day(live["startDate"].as_str().unwrap()), today, "{day}: /event/1 is today's");
            assert!(instant(live["startDate"].as_str().unwrap()) <= now, "{day}: it started");
            assert_eq!(tournament["status"], "in_progress", "{day}");
            within_the_courts_hours(matches, today, at);
            assert!(count("completed") >= 1, "{day}: matches scored: {statuses:?}");
            assert_eq!(count("in_progress"), 2, "{day}: one match being played on each court: {statuses:?}");
            assert!(count("scheduled") >= 1, "{day}: matches to come: {statuses:?}");
            for playing in matches.iter().filter(|m| m["status"] == "in_progress") {
                let started = instant(playing["scheduledTime"].as_str().unwrap());
                assert!(started <= now && now - started < Duration::minutes(20), "{day}: its time has come: {started}");
            }
            // The teams score it: one result waits for its confirmation, another is disputed,
            // and neither moved the match.
            let states: Vec<&str> = matches.iter().filter_map(|m| m["report"]["state"].as_str()).collect();
            assert!(states.contains(&"proposed") && states.contains(&"disputed"), "{day}: {states:?}");
            for waiting in
                matches.iter().filter(|m| matches!(m["report"]["state"].as_str(), Some("proposed" | "disputed")))
            {
                assert_eq!(waiting["status"], "in_progress", "{day}: {waiting}");
            }
        }
        Day::OverOn(days_ago) => {
            let played = today - Duration::days(days_ago);
            assert_eq!(
                local_day(live["startDate"].as_str().unwrap()),
                played,
                "{day}: /event/1 was played on {played}"
            );
            assert!(instant(live["endDate"].as_str().unwrap()) <= now, "{day}: it is over");
            assert_eq!(tournament["status"], "completed", "{day}");
            within_the_courts_hours(matches, played, at);
            assert_eq!(count("completed"), matches.len(), "{day}: every match played: {statuses:?}");
            assert!(matches.iter().any(|m| m["roundType"] == "final"), "{day}: a final was played");
            // Over yesterday, it is no longer in the public list of events to come.
            assert_eq!(events.iter().any(|e| e["id"] == 1), days_ago == 0, "{day}");
        }
    }

    // Team-scored and team-refereed: every pool match has its work team, not one of its own; a
    // result that counts was confirmed by both captains (or decided by the organisers' phones).
    assert_eq!((tournament["scoring"].as_str(), tournament["duty"].as_str()), (Some("teams"), Some("teams")), "{day}");
    for m in matches.iter().filter(|m| m["roundType"] == "pool") {
        let duty = &m["dutyTeamId"];
        assert!(duty.is_i64() && *duty != m["team1Id"] && *duty != m["team2Id"], "{day}: {m}");
    }
    for m in matches.iter().filter(|m| m["status"] == "completed") {
        let state = m["report"]["state"].as_str();
        assert!(matches!(state, Some("confirmed" | "resolved")), "{day}: {m}");
    }

    // Teams of four players.
    let teams: Vec<Value> =
        serde_json::from_value(get(&admin, &app, "/api/admin/events/1/registrations").await).unwrap();
    assert!(teams.len() >= 4, "{day}: {} teams", teams.len());
    for t in &teams {
        assert_eq!(t["kind"], "team");
        assert_eq!(t["peopleCount"], 4, "{day}: {}", t["teamName"]);
        for n in 2..=4 {
            assert!(t[format!("member{n}FirstName")].as_str().is_some_and(|s| !s.is_empty()), "{day}: {t}");
        }
    }
    assert_eq!(tournament["teamCount"].as_i64().unwrap(), teams.len() as i64);

    // Another tournament coming, registration open: a new team registers.
    let mut coming = None;
    for e in &events {
        let ahead = e["id"] != 1 && e["categoryId"] == "volleyball" && instant(e["startDate"].as_str().unwrap()) > now;
        // The weekly league is volleyball to come too, but no tournament.
        if ahead && get(&admin, &app, &format!("/api/events/{}/league", e["id"])).await["league"].is_null() {
            coming = Some(e);
            break;
        }
    }
    let coming = coming.unwrap_or_else(|| panic!("{day}: another volleyball tournament to come"));
    assert!(coming["currentParticipants"].as_i64() < coming["maxParticipants"].as_i64(), "{day}: places left");
    let coming_teams: Vec<Value> =
        serde_json::from_value(get(&admin, &app, &format!("/api/admin/events/{}/registrations", coming["id"])).await)
            .unwrap();
    assert!(coming_teams.iter().any(|t| t["status"] == "confirmed"), "{day}: teams registered already");
    let newcomer = app.user("nouvelle.equipe@example.org", None).await;
    let mut body = team(4, "Les Nouveaux");
    body["eventId"] = coming["id"].clone();
    let response = newcomer
        .client
        .post(app.at(&format!("/api/events/{}/register", coming["id"])))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{day}: {}", response.text().await.unwrap());

    // Court bookings, in the season (15 May to 30 September) and its open hours (8:00 to 21:00):
    // this week's when the season is on, else the coming season's first weeks.
    let bookings = get(&admin, &app, "/api/admin/bookings").await;
    let bookings = bookings["bookings"].as_array().unwrap();
    assert!(!bookings.is_empty(), "{day}: bookings");
    let (open, close) = (NaiveTime::from_hms_opt(8, 0, 0).unwrap(), NaiveTime::from_hms_opt(21, 0, 0).unwrap());
    let in_season = |d: NaiveDate| (5, 15) <= (d.month(), d.day()) && (d.month(), d.day()) <= (9, 30);
    let mut days = Vec::new();
    for b in bookings {
        let (start, end) = (instant(b["startTime"].as_str().unwrap()), instant(b["endTime"].as_str().unwrap()));
        let (start, end) = (start.with_timezone(&TZ), end.with_timezone(&TZ));
        assert!(in_season(start.date_naive()), "{day}: {b}");
        assert!(open <= start.time() && end.time() <= close && start.date_naive() == end.date_naive(), "{day}: {b}");
        days.push(start.date_naive());
    }
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    if in_season(today) {
        assert!(days.iter().any(|d| (monday..monday + Duration::days(7)).contains(d)), "{day}: booked this week");
    } else {
        let first =
            NaiveDate::from_ymd_opt(if today.month() >= 10 { today.year() + 1 } else { today.year() }, 5, 15).unwrap();
        assert!(days.iter().all(|d| *d >= first), "{day}: nothing out of season");
        assert!(days.iter().any(|d| *d < first + Duration::days(14)), "{day}: the season's first weeks booked");
    }
    // A booked slot to come is taken on the reservation page.
    let b = bookings
        .iter()
        .find(|b| b["status"] == "confirmed" && local_day(b["startTime"].as_str().unwrap()) > today)
        .unwrap_or_else(|| panic!("{day}: bookings to come"));
    let date = local_day(b["startTime"].as_str().unwrap());
    let slots = get(&admin, &app, &format!("/api/courts/availability?date={date}&courtId={}", b["courtId"])).await;
    let slot = slots.as_array().unwrap().iter().find(|s| s["start"] == b["startTime"]).unwrap();
    assert_eq!(slot["available"], false, "{day}: {b}");

    // Day camps filling the weeks: every program has children, one week is full.
    let mut full = 0;
    let mut children = 0;
    for program in ["explorateurs", "aventuriers", "leaders"] {
        let weeks = get(&admin, &app, &format!("/api/day-camp-weeks?programId={program}")).await;
        let weeks = weeks.as_array().unwrap();
        assert_eq!(weeks.len(), 6);
        let taken: Vec<i64> =
            weeks.iter().map(|w| w["capacity"].as_i64().unwrap() - w["remaining"].as_i64().unwrap()).collect();
        assert!(taken.iter().filter(|&&t| t > 0).count() >= 2, "{day}: {program} fills weeks: {taken:?}");
        full += weeks.iter().filter(|w| w["remaining"] == 0).count();
        children += taken.iter().sum::<i64>();
    }
    assert_eq!(full, 1, "{day}: one week full");
    assert!(children >= 40, "{day}: {children} places taken");

    // The full week has a waiting list, the first in line holding a live offer of its last place.
    let lists = get(&admin, &app, "/api/admin/waitlists").await;
    let list = &lists.as_array().unwrap()[0];
    assert_eq!((list["kind"].as_str(), list["held"].as_i64()), (Some("camp_week"), Some(1)), "{day}: {list}");
    assert_eq!(
        list["capacity"].as_i64(),
        Some(list["registered"].as_i64().unwrap() + 1),
        "{day}: the offer holds the last place"
    );
    let entries = list["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{day}: three in line");
    let offer = &entries[0]["offers"][0];
    assert_eq!(offer["state"], "live", "{day}: {offer}");
    assert!(
        instant(offer["expiresAt"].as_str().unwrap()) > crate::common::now(),
        "{day}: the offer is still open: {offer}"
    );

    // Payments in every state.
    let mut states = std::collections::BTreeSet::new();
    for e in &everything {
        let registrations = get(&admin, &app, &format!("/api/admin/events/{}/registrations", e["id"])).await;
        for r in registrations.as_array().unwrap() {
            states.insert(format!("event {}", r["paymentStatus"].as_str().unwrap()));
        }
    }
    let overview = get(&admin, &app, "/api/admin/day-camps").await;
    for week in overview["weeks"].as_array().unwrap() {
        let children = get(&admin, &app, &format!("/api/admin/day-camp-weeks/{}/registrations", week["id"])).await;
        for c in children.as_array().unwrap() {
            states.insert(format!("camp {}", c["paymentStatus"].as_str().unwrap()));
        }
    }
    let payments = get(&admin, &app, "/api/admin/payments").await;
    for expired in payments["expired"].as_array().unwrap() {
        states.insert(format!("{} expired", expired["kind"].as_str().unwrap()));
    }
    for state in
        ["event pending", "event paid", "event expired", "event refunded", "camp pending", "camp paid", "camp expired"]
    {
        assert!(states.contains(state), "{day}: {state} in {states:?}");
    }
    assert!(payments["unpaid"].as_array().unwrap().iter().any(|u| u["heldByTournament"] == true), "{day}");

    // Exactly one featured event: one to come, in the public list (the home's promo card).
    let featured: Vec<&Value> = everything.iter().filter(|e| e["featured"] == true).collect();
    assert_eq!(featured.len(), 1, "{day}");
    assert!(instant(featured[0]["startDate"].as_str().unwrap()) > now, "{day}: the featured event is to come");
    assert!(
        events.iter().any(|e| e["id"] == featured[0]["id"] && e["featured"] == true),
        "{day}: the home's promo finds it"
    );
    // The next tournament is set up in the console: created, not drawn yet.
    let next = get(&admin, &app, &format!("/api/events/{}/tournament", coming["id"])).await;
    assert_eq!(next["tournament"]["status"], "setup", "{day}: {next}");

    // A member with a team in the day's tournament (a match to come while it is under way, a
    // final place once it is over) and a child in day camp.
    let member = app.user(DEMO_MEMBER.email, None).await;
    let mine = get(&member, &app, "/api/user/registrations").await;
    assert_eq!(mine.as_array().unwrap().len(), 1, "{day}: {mine}");
    assert_eq!(mine[0]["eventId"], 1);
    let data = get(&member, &app, "/api/user/tournament-data").await;
    assert_eq!(data[0]["eventId"], 1, "{day}: {data}");
    match expected {
        Day::UnderWay => assert!(data[0]["nextMatch"].is_object(), "{day}: the member's next match: {data}"),
        Day::OverOn(_) => {
            assert!(data[0]["finalPlace"].as_u64().is_some_and(|p| (1..=6).contains(&p)), "{day}: {data}")
        }
    }
    let camps = get(&member, &app, "/api/user/day-camp-registrations").await;
    assert_eq!(camps.as_array().unwrap().len(), 1, "{day}: {camps}");
    assert_eq!(camps[0]["childLastName"], DEMO_MEMBER.last);
    assert!(!camps[0]["weeks"].as_array().unwrap().is_empty());
    // Paid for by two parents 50/50 (RL-24), the first with a number, shown masked.
    let payers = get(&member, &app, &format!("/api/user/day-camp-registrations/{}/payers", camps[0]["id"])).await;
    let summary: Vec<(&str, i64, Option<&str>)> = payers["payers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["share"].as_i64().unwrap(), p["sinMasked"].as_str()))
        .collect();
    assert_eq!(summary, [("Sophie Gagnon", 50, Some("*** *** 286")), ("Marc Tremblay", 50, None)], "{day}");

    // A counsellor with the first two camp weeks and children in the first; the log has an
    // opening already.
    let counsellor = app.user(DEMO_COUNSELLOR.email, None).await;
    let status = get(&counsellor, &app, "/api/camp-staff/status").await;
    assert_eq!(status["isCampStaff"], true, "{day}: {status}");
    assert_eq!(status["weeks"].as_array().unwrap().len(), 2, "{day}: {status}");
    let week = status["weeks"][0]["id"].as_i64().unwrap();
    let children = get(&counsellor, &app, &format!("/api/camp-staff/weeks/{week}/children")).await;
    assert!(!children.as_array().unwrap().is_empty(), "{day}: {children}");
    let views = get(&admin, &app, "/api/admin/child-record-views").await;
    assert_eq!(views[0]["viewerEmail"], DEMO_COUNSELLOR.email, "{day}: {views}");

    // The score conflict comes from two phones.
    let conflicts = get(&admin, &app, &format!("/api/admin/tournaments/{}/conflicts", tournament["id"])).await;
    let conflicts = conflicts.as_array().unwrap();
    assert_eq!(conflicts.len(), 1, "{day}");
    let (current, proposed) = (&conflicts[0]["current"]["deviceId"], &conflicts[0]["proposed"]["deviceId"]);
    assert!(current.is_string() && proposed.is_string() && current != proposed, "{day}: {current} and {proposed}");
    let scored = matches.iter().find(|m| m["id"] == conflicts[0]["matchId"]).unwrap();
    assert_eq!(scored["status"], "completed", "{day}: the first phone's score counts");

    // Privacy: a person in charge named, one open deletion request with days left, one incident.
    let officer = get(&admin, &app, "/api/privacy").await;
    assert_ne!(officer["name"], "Direction générale", "{day}: {officer}");
    let queue = get(&admin, &app, "/api/admin/deletion-requests").await;
    assert_eq!(queue.as_array().unwrap().len(), 1, "{day}: {queue}");
    assert_eq!(queue[0]["status"], "open");
    assert!(queue[0]["daysLeft"].as_i64().is_some_and(|d| (1..30).contains(&d)), "{day}: {queue}");
    let incidents = get(&admin, &app, "/api/admin/privacy-incidents").await;
    assert_eq!(incidents.as_array().unwrap().len(), 1, "{day}: {incidents}");

    // A weekly league (/event/6): eleven teams, ten Tuesdays at 18:30 in the courts' season
    // (15 May to 30 September; out of it, the next one's), the first night's grid out on both
    // courts.
    let league = get(&admin, &app, "/api/events/6/league").await;
    let nights = league["league"]["nights"].as_array().unwrap();
    assert_eq!(nights.len(), 10, "{day}: {league}");
    let first = NaiveDate::parse_from_str(nights[0]["date"].as_str().unwrap(), "%Y-%m-%d").unwrap();
    assert_eq!(first.weekday(), chrono::Weekday::Tue, "{day}");
    let season = |d: NaiveDate| (5, 15) <= (d.month(), d.day()) && (d.month(), d.day()) <= (9, 30);
    assert!(first > today && season(first), "{day}: a Tuesday to come in the season, not {first}");
    if season(today) {
        assert!((first - today).num_days() <= 7, "{day}: the next Tuesday, not {first}");
    }
    let tiers = league["night"]["tiers"].as_array().unwrap();
    let sizes: Vec<usize> = tiers.iter().map(|t| t["teams"].as_array().unwrap().len()).collect();
    assert_eq!(sizes, [3, 3, 3, 2], "{day}");
    let start = instant(tiers[0]["matches"][0]["scheduledTime"].as_str().unwrap()).with_timezone(&TZ);
    assert_eq!((start.date_naive(), start.hour(), start.minute()), (first, 18, 30), "{day}");
}

/// `hour`:00 at the centre on the first `month`/`day` after the real today.
fn next_at(month: u32, day: u32, hour: u32) -> NaiveDateTime {
    next(month, day).and_hms_opt(hour, 0, 0).unwrap()
}

#[tokio::test]
async fn the_demo_at_8_00_on_a_summer_day_shows_yesterday_s_tournament_over() {
    the_demo_is_alive(next_at(7, 15, 8), Day::OverOn(1)).await;
}

#[tokio::test]
async fn the_demo_at_14_00_on_a_summer_day_has_its_tournament_under_way() {
    the_demo_is_alive(next_at(7, 15, 14), Day::UnderWay).await;
}

#[tokio::test]
async fn the_demo_at_23_00_on_a_november_day_shows_today_s_tournament_over() {
    the_demo_is_alive(next_at(11, 20, 23), Day::OverOn(0)).await;
}

/// `centre serve --demo --now …` as `make run` starts it: the day's tournament as the hour says,
/// from the public page's answer.
#[tokio::test]
async fn the_binary_started_with_now_plays_the_day_s_tournament_at_that_hour() {
    for (at, status) in [("T14:00", "in_progress"), ("T23:00", "completed")] {
        let dir = tempfile::tempdir().unwrap();
        let addr = free_addr();
        let now = format!("{}{at}", next(7, 15));
        let _server = Process(
            std::process::Command::new(env!("CARGO_BIN_EXE_centre"))
                .args(["serve", "--dev-login", "--demo", "--now", &now, "--addr", &addr])
                .arg("--db")
                .arg(dir.path().join("centre.db"))
                .env("RUST_LOG", "error")
                .spawn()
                .unwrap(),
        );
        wait_until_listening(&addr);
        let board: Value =
            reqwest::get(format!("http://{addr}/api/events/1/tournament")).await.unwrap().json().await.unwrap();
        assert_eq!(board["tournament"]["status"], status, "{now}");
    }
}

#[test]
fn the_day_s_tournament_plays_within_the_courts_hours_at_any_hour() {
    use centre_server::db::seed::{DayTournament, day_tournament};
    let round = Duration::minutes(25);
    let span = Duration::minutes(25 * 10 + 20);
    let (open, close) = (NaiveTime::from_hms_opt(8, 0, 0).unwrap(), NaiveTime::from_hms_opt(21, 0, 0).unwrap());
    let local = |t: DateTime<Utc>| t.with_timezone(&TZ).naive_local();
    // The days the clocks change, and a summer day.
    for day in [(2027, 3, 14), (2027, 11, 7), (2027, 7, 15)].map(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d).unwrap())
    {
        for (h, m) in [
            (0, 0),
            (1, 59),
            (3, 10),
            (7, 59),
            (8, 0),
            (8, 24),
            (8, 25),
            (9, 2),
            (14, 27),
            (16, 40),
            (17, 0),
            (20, 59),
            (23, 0),
            (23, 59),
        ] {
            let at = day.and_hms_opt(h, m, 17).unwrap();
            let Some(now) = at.and_local_timezone(TZ).earliest() else { continue };
            let now = now.with_timezone(&Utc);
            let start = match day_tournament(now, TZ, round, span) {
                DayTournament::UnderWay { start, rounds } => {
                    assert_eq!(local(start).date(), day, "{at}: today's");
                    assert!((1..=3).contains(&rounds), "{at}: {rounds} rounds over");
                    let under_way = start + round * rounds;
                    assert!(
                        under_way <= now && now - under_way < Duration::minutes(10),
                        "{at}: round {rounds} from {start}"
                    );
                    assert_eq!(local(start).minute() % 5, 0, "{at}: a five-minute mark");
                    start
                }
                DayTournament::Over { start } => {
                    assert!(start + span <= now, "{at}: over by now");
                    assert!(now - start < Duration::hours(36), "{at}: today's or yesterday's");
                    start
                }
            };
            let (first, last) = (local(start), local(start + span));
            assert!(
                first.date() == last.date() && open <= first.time() && last.time() <= close,
                "{at}: {first} to {last}"
            );
        }
    }
}
