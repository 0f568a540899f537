//! Court slots: notify everyone, the first to book wins.

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use super::*;
use crate::courts::{book, booking_body, season_day};
use crate::payments::support::{db, outbox, run, text};

#[tokio::test]
async fn a_cancelled_slot_tells_everyone_waiting_at_once_and_the_first_to_book_wins() {
    let app = TestApp::spawn().await;
    let [marie, paul, lea] = [
        app.user("marie@example.org", None).await,
        app.user("paul@example.org", None).await,
        app.user("lea@example.org", None).await,
    ];
    let day = season_day(7, 22);
    let body = booking_body(1, day, 15, 1);
    let booking: Value = book(&app, &marie, &body).await.json().await.unwrap();
    let slot = json!({"courtId": 1, "startTime": body["startTime"]});

    // A free slot has no list; a taken one does, once per member.
    let free = json!({"courtId": 1, "startTime": booking_body(1, day, 16, 1)["startTime"]});
    let (status, answer_free) =
        answer(paul.client.post(app.at("/api/courts/waitlist")).json(&free).send().await.unwrap()).await;
    assert_eq!((status, answer_free["code"].as_str()), (409, Some("waitlist_not_full")));
    for (user, lang) in [(&paul, "fr"), (&lea, "en")] {
        let response = user.client.post(app.at("/api/courts/waitlist")).header("X-Lang", lang).json(&slot).send().await;
        assert_eq!(response.unwrap().status(), 201);
    }
    let again = paul.client.post(app.at("/api/courts/waitlist")).json(&slot).send().await.unwrap();
    assert_eq!(again.status(), 409);
    let waiting = mine(&app, &paul).await;
    assert!(
        waiting[0]["label"].as_str().unwrap().ends_with(" 15:00"),
        "the court and the slot's local time: {}",
        waiting[0]
    );

    // Marie cancels: both are told at once, each in the language they joined in.
    let id = booking["id"].as_i64().unwrap();
    assert_eq!(
        marie.client.delete(app.at(&format!("/api/user/court-bookings/{id}"))).send().await.unwrap().status(),
        200
    );
    let told: Vec<_> = outbox(&app)
        .into_iter()
        .filter(|m| m.subject.contains("créneau s'est libéré") || m.subject.contains("court slot opened"))
        .collect();
    let mut to: Vec<&str> = told.iter().map(|m| m.to.as_str()).collect();
    to.sort_unstable();
    assert_eq!(to, ["lea@example.org", "paul@example.org"]);
    assert!(told.iter().any(|m| m.to == "lea@example.org" && m.subject == "A court slot opened up"));

    // The first to book wins; the late one finds it taken.
    assert_eq!(book(&app, &lea, &body).await.status(), 201);
    let (status, late) = answer(book(&app, &paul, &body).await).await;
    assert_eq!((status, late["code"].as_str()), (409, Some("slot_taken")));
}

#[tokio::test]
async fn the_scheduled_work_ends_a_court_slot_s_entries_once_the_slot_has_begun_once_with_two_processes() {
    let app = TestApp::spawn().await;
    let [marie, paul, lea] = members(&app, ["marie", "paul", "lea"]).await;
    let day = season_day(7, 23);
    let (early, late) = (booking_body(1, day, 15, 1), booking_body(1, day, 18, 1));
    for body in [&early, &late] {
        assert_eq!(book(&app, &marie, body).await.status(), 201);
    }
    for (user, body) in [(&paul, &early), (&lea, &early), (&paul, &late)] {
        let slot = json!({"courtId": 1, "startTime": body["startTime"]});
        assert_eq!(user.client.post(app.at("/api/courts/waitlist")).json(&slot).send().await.unwrap().status(), 201);
    }
    let starts = |body: &Value| body["startTime"].as_str().unwrap().parse::<DateTime<Utc>>().unwrap();
    let (early_start, late_start) = (starts(&early), starts(&late));

    // Before the slot: nothing ends.
    run(&app, early_start - Duration::minutes(1)).await;
    assert_eq!((mine(&app, &paul).await.len(), mine(&app, &lea).await.len()), (2, 1));

    // Two processes on one file pass a minute after the 15:00 slot began, at the same time.
    let path = app.db_path.clone();
    let other =
        tokio::task::spawn_blocking(move || centre_server::prepare(centre_server::settings::Settings::for_tests(path)))
            .await
            .unwrap()
            .unwrap();
    let (first, second) = (early_start + Duration::minutes(1), early_start + Duration::minutes(2));
    let (a, b) = tokio::join!(
        centre_server::scheduler::run_once(&app.state, first),
        centre_server::scheduler::run_once(&other, second)
    );
    a.unwrap();
    b.unwrap();
    let ended = ended_entries(&app);
    assert_eq!(ended.len(), 2, "paul's and lea's entries for 15:00: {ended:?}");
    let at = &ended[0].1;
    assert!(ended.iter().all(|(state, when)| state == "closed" && when == at), "ended once, by one pass: {ended:?}");
    assert!([text(first), text(second)].contains(at), "{at}");
    assert!(mine(&app, &lea).await.is_empty(), "lea waits for nothing any more");
    let left = mine(&app, &paul).await;
    assert_eq!(left.len(), 1, "paul still waits for 18:00: {left:?}");

    // A later pass ends the 18:00 entry and leaves the others as they were.
    run(&app, late_start).await;
    assert!(mine(&app, &paul).await.is_empty());
    let after = ended_entries(&app);
    assert_eq!(after.len(), 3);
    assert_eq!(&after[..2], &ended[..], "the 15:00 entries were ended once");
}

/// The ended entries as stored: (state, ended at), in the order they joined.
fn ended_entries(app: &TestApp) -> Vec<(String, String)> {
    db(app)
        .prepare("SELECT state, ended_at FROM waitlist_entries WHERE ended_at IS NOT NULL ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}
