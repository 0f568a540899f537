//! Court slots: notify everyone, the first to book wins.

use serde_json::{Value, json};

use super::*;
use crate::courts::{book, booking_body, season_day};
use crate::payments::support::outbox;

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
