//! One list at a time, step by step.

use serde_json::{Value, json};

use super::*;
use crate::common::snap::workbook;
use crate::payments::support::{
    after_days, answer, camp_weeks, create_event, event_deadline, id, outbox, post_camp, post_team, register_camp,
    register_team, remaining, run, set_payment, spawn,
};

/// The live offers the payments spreadsheet counts, read back from the file.
async fn offers_in_workbook(app: &TestApp) -> Value {
    let bytes = app.get("/api/admin/payments.xlsx").await.bytes().await.unwrap();
    let sheet = workbook(&bytes)["Liste d'attente"].clone();
    assert_eq!(sheet[0], json!(["Offres en cours (places réservées)"]), "{sheet}");
    sheet[1][0].clone()
}

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn a_decline_or_an_expiry_always_advances_the_list_and_an_empty_list_opens_the_place() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 2x2", 25, Some(4)).await;
    let [a, b, c, d, e, f] = members(&app, ["a", "b", "c", "d", "e", "f"]).await;
    let first = register_team(&app, &a, event, 2, "fr").await;
    register_team(&app, &b, event, 2, "fr").await;

    // Full: a direct registration is refused; three teams join the list, in order.
    let (status, body) = answer(post_team(&app, &f, event, 2, "fr").await).await;
    assert_eq!((status, code(&body)), (409, "event_full"));
    for (user, lang, rank) in [(&c, "fr", 1), (&d, "en", 2), (&e, "fr", 3)] {
        let (status, body) = join_event(&app, user, event, 2, lang).await;
        assert_eq!((status, body["rank"].as_i64()), (201, Some(rank)), "{body}");
    }
    let (status, body) = join_event(&app, &c, event, 2, "fr").await;
    assert_eq!((status, code(&body)), (409, "waitlist_already"));
    assert!(live_offers(&app).is_empty(), "no place has freed yet");

    // A registration deleted frees two places: the first in line gets them, by e-mail.
    let deleted = app.client.delete(app.at(&format!("/api/admin/event-registrations/{}", id(&first)))).send().await;
    assert_eq!(deleted.unwrap().status(), 204);
    assert_eq!(live_offers(&app), vec![(c.id.clone(), 2)]);
    let payments: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    assert_eq!(payments["liveOffers"], 1, "the payments view counts the live offer");
    assert_eq!(offers_in_workbook(&app).await, json!(1.0), "and so does its spreadsheet");
    let shown: Value = app.get(&format!("/api/events/{event}")).await.json().await.unwrap();
    assert_eq!(shown["heldPlaces"], 2, "the event page knows the held places are nobody else's");
    let offer_c = live_offer(&app, &c).await.unwrap();
    let mail = outbox(&app).into_iter().rfind(|m| m.to == c.email).unwrap();
    assert_eq!(mail.subject, "Une place s'est libérée pour vous");
    assert!(mail.body.contains(&format!("/offers/{offer_c}")), "{}", mail.body);

    // Nobody else takes the held place, not even by registering directly.
    let (status, body) = answer(post_team(&app, &f, event, 2, "en").await).await;
    assert_eq!((status, code(&body)), (409, "place_held_by_offer"));
    assert_eq!(body["message"], "This place is held for someone on the waiting list.");

    // A decline passes it to the next at once; the answered offer cannot be answered again.
    assert_eq!(answer_offer(&app, &c, offer_c, "decline").await.0, 204);
    assert_eq!(live_offers(&app), vec![(d.id.clone(), 2)]);
    let (status, body) = answer_offer(&app, &c, offer_c, "accept").await;
    assert_eq!((status, code(&body)), (409, "offer_not_live"));
    let offer_d = live_offer(&app, &d).await.unwrap();
    let mail = outbox(&app).into_iter().rfind(|m| m.to == d.email).unwrap();
    assert_eq!(mail.subject, "A place opened up for you", "in the language d joined in");
    // Someone else's offer is not found.
    assert_eq!(answer_offer(&app, &e, offer_d, "accept").await.0, 404);

    // d lets it expire: the scheduled pass after its window passes it to e.
    run(&app, after_days(1)).await;
    assert_eq!(live_offers(&app), vec![(d.id.clone(), 2)], "48 hours not passed yet");
    run(&app, after_days(3)).await;
    assert_eq!(live_offers(&app), vec![(e.id.clone(), 2)]);
    let (status, body) = answer_offer(&app, &d, offer_d, "accept").await;
    assert_eq!((status, code(&body)), (409, "offer_not_live"));

    // e declines: nobody is left in line, so the place opens to all.
    let offer_e = live_offer(&app, &e).await.unwrap();
    assert_eq!(answer_offer(&app, &e, offer_e, "decline").await.0, 204);
    assert!(live_offers(&app).is_empty());
    assert_eq!(offers_in_workbook(&app).await, json!(0.0));
    assert_eq!(answer(post_team(&app, &f, event, 2, "fr").await).await.0, 201, "the empty list opened the place");
}

#[tokio::test]
async fn a_member_accepts_a_camp_week_offer_and_is_registered_as_directly() {
    let app = spawn().await;
    let weeks = camp_weeks(&app).await;
    let (week, other_week) = (weeks[0].0, weeks[1].0);
    set_week_capacity(&app, week, 1);
    let [ana, bea, cleo] = members(&app, ["ana", "bea", "cleo"]).await;
    let taken = register_camp(&app, &ana, "Léa", &[week], "fr").await;

    let (status, body) = join_week(&app, &bea, "Noé", other_week, "fr").await;
    assert_eq!((status, code(&body)), (409, "waitlist_not_full"), "a week with places has no list");
    let (status, entry) = join_week(&app, &bea, "Noé", week, "en").await;
    assert_eq!((status, entry["rank"].as_i64(), entry["state"].as_str()), (201, Some(1), Some("waiting")), "{entry}");
    assert_eq!(join_week(&app, &cleo, "Noé", week, "fr").await.0, 409, "the same child once per week");

    // The place frees (paid, then refunded): Noé's parent is offered it; Zoé cannot take it.
    assert_eq!(set_payment(&app, "camp", id(&taken), "paid").await.0, 200);
    assert_eq!(set_payment(&app, "camp", id(&taken), "refunded").await.0, 200);
    let offer = live_offer(&app, &bea).await.expect("an offer for the first in line");
    let (status, body) = answer(post_camp(&app, &cleo, "Zoé", &[week], "fr").await).await;
    assert_eq!((status, code(&body)), (409, "place_held_by_offer"));

    // The acceptance page reads the offer; accepting registers Noé and answers the checkout.
    let page: Value = bea
        .client
        .get(app.at(&format!("/api/user/waitlist/offers/{offer}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(page["offer"]["state"], "live");
    let (status, accepted) = answer_offer(&app, &bea, offer, "accept").await;
    assert_eq!(status, 201, "{accepted}");
    let registration = accepted["registrationId"].as_i64().unwrap();
    assert_eq!(accepted["checkout"], json!(format!("/checkout?type=daycamp&id={registration}&amount=120")));
    let mine_now: Value =
        bea.client.get(app.at("/api/user/day-camp-registrations")).send().await.unwrap().json().await.unwrap();
    let row = &mine_now.as_array().unwrap()[0];
    assert_eq!((row["childFirstName"].as_str(), row["paymentStatus"].as_str()), (Some("Noé"), Some("pending")));
    assert!(row["paymentReference"].as_str().unwrap().starts_with("CJ-"));
    assert_eq!(remaining(&app, week).await, 0);
    assert!(mine(&app, &bea).await.is_empty(), "the entry left the line as a registration");
    let receipt = outbox(&app).into_iter().rfind(|m| m.to == bea.email).unwrap();
    assert!(receipt.subject.contains("CJ-") || receipt.body.contains("CJ-"), "the usual receipt: {}", receipt.subject);
}

#[tokio::test]
async fn an_unpaid_registration_expiring_offers_its_place_in_the_same_pass() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 2x2", 25, Some(2)).await;
    assert_eq!(event_deadline(&app, event, json!({"days": 7})).await, 204);
    let [a, b] = [app.user("a@example.org", None).await, app.user("b@example.org", None).await];
    register_team(&app, &a, event, 2, "fr").await;
    assert_eq!(join_event(&app, &b, event, 2, "fr").await.0, 201);
    let report = run(&app, after_days(8)).await;
    assert_eq!(report.expired, 1);
    assert_eq!(live_offers(&app), vec![(b.id.clone(), 2)]);
}

#[tokio::test]
async fn an_admin_sees_moves_offers_by_hand_and_closes_a_list() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 2x2", 25, Some(2)).await;
    let [a, b, c, d] = members(&app, ["a", "b", "c", "d"]).await;
    register_team(&app, &a, event, 2, "fr").await;
    let mut entries = Vec::new();
    for user in [&b, &c, &d] {
        entries.push(id(&join_event(&app, user, event, 2, "fr").await.1));
    }
    let list = |app: &TestApp| {
        let client = app.client.clone();
        let url = app.at("/api/admin/waitlists");
        async move {
            let lists: Value = client.get(url).send().await.unwrap().json().await.unwrap();
            lists[0]["entries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["email"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(list(&app).await, ["b@example.org", "c@example.org", "d@example.org"]);

    let moved = app
        .client
        .put(app.at(&format!("/api/admin/waitlist-entries/{}/rank", entries[2])))
        .json(&json!({"rank": 1}))
        .send()
        .await;
    assert_eq!(moved.unwrap().status(), 204);
    assert_eq!(list(&app).await, ["d@example.org", "b@example.org", "c@example.org"]);
    let bad = app
        .client
        .put(app.at(&format!("/api/admin/waitlist-entries/{}/rank", entries[2])))
        .json(&json!({"rank": 0}))
        .send()
        .await;
    assert_eq!(bad.unwrap().status(), 422);

    // b leaves: nobody is renumbered by hand, the ranks follow.
    assert_eq!(
        b.client.delete(app.at(&format!("/api/user/waitlist/{}", entries[0]))).send().await.unwrap().status(),
        204
    );
    assert_eq!(list(&app).await, ["d@example.org", "c@example.org"]);
    assert_eq!(mine(&app, &c).await[0]["rank"], 2);

    // No free place: an offer by hand is the state's refusal.
    let by_hand = app.client.post(app.at(&format!("/api/admin/waitlist-entries/{}/offer", entries[1]))).send().await;
    assert_eq!(by_hand.unwrap().status(), 409);

    // Closed: everyone leaves the line and nobody joins again.
    let closed = app.client.post(app.at("/api/admin/waitlists/close")).json(&json!({"eventId": event})).send().await;
    assert_eq!(closed.unwrap().status(), 204);
    assert!(mine(&app, &c).await.is_empty());
    let (status, body) = join_event(&app, &b, event, 2, "fr").await;
    assert_eq!((status, code(&body)), (409, "waitlist_closed"));
}

#[tokio::test]
async fn a_parent_holding_an_offer_who_registers_directly_takes_the_held_place_and_leaves_the_line() {
    let app = spawn().await;
    let weeks = camp_weeks(&app).await;
    let week = weeks[0].0;
    set_week_capacity(&app, week, 1);
    let [ana, bea] = [app.user("ana@example.org", None).await, app.user("bea@example.org", None).await];
    let taken = register_camp(&app, &ana, "Léa", &[week], "fr").await;
    assert_eq!(join_week(&app, &bea, "Noé", week, "fr").await.0, 201);
    assert_eq!(set_payment(&app, "camp", id(&taken), "paid").await.0, 200);
    assert_eq!(set_payment(&app, "camp", id(&taken), "refunded").await.0, 200);
    assert!(live_offer(&app, &bea).await.is_some());

    // Noé registered from the camp page rather than the offer: the held place is his, once.
    let (status, body) = answer(post_camp(&app, &bea, "Noé", &[week], "fr").await).await;
    assert_eq!(status, 201, "{body}");
    assert!(mine(&app, &bea).await.is_empty(), "the entry left the line as registered");
    assert!(live_offers(&app).is_empty(), "no place held for a child already in");
    assert_eq!(remaining(&app, week).await, 0);
}
