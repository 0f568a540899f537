//! Payment deadlines: an unpaid registration past its deadline is released (its places go back,
//! its registrant is told), the admin restores it or marks it paid late while its places are
//! still there, refunds only what was paid; a team whose tournament started is never released.

use chrono::{Duration, Utc};
use serde_json::{Value, json};

use super::support::*;

#[tokio::test]
async fn deadlines_are_validated_and_belong_to_an_event_or_a_program() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi", 25, None).await;
    assert_eq!(event_deadline(&app, event, json!({"days": 7})).await, 204);
    assert_eq!(event_deadline(&app, event, json!({"date": "2027-01-15"})).await, 204);
    assert_eq!(event_deadline(&app, event, json!({"days": 3, "date": "2027-01-15"})).await, 204);
    assert_eq!(event_deadline(&app, event, json!({"days": null, "date": null})).await, 204, "none");
    for bad in [json!({"days": 0}), json!({"days": 366}), json!({"date": "bientôt"}), json!({"date": "2027-02-30"})] {
        assert_eq!(event_deadline(&app, event, bad.clone()).await, 422, "{bad}");
    }
    let response = app
        .client
        .put(app.at(&format!("/api/admin/events/{event}/payment-deadline")))
        .header("X-Lang", "en")
        .json(&json!({"days": 0}))
        .send()
        .await
        .unwrap();
    let (status, body) = answer(response).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("payment_deadline_days_invalid")));
    assert_eq!(body["fieldErrors"]["days"], "The delay must be 1 to 365 days.");
    assert_eq!(event_deadline(&app, 9999, json!({"days": 7})).await, 404);
    assert_eq!(event_deadline(&app, 0, json!({"days": 7})).await, 404);
    assert_eq!(program_deadline(&app, "explorateurs", json!({"days": 5})).await, 204);
    assert_eq!(program_deadline(&app, "nope", json!({"days": 5})).await, 404);
    assert_eq!(program_deadline(&app, "explorateurs", json!({"days": -1})).await, 422);
}

#[tokio::test]
async fn an_unpaid_team_past_its_deadline_is_released_told_and_may_register_again() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 4x4", 25, Some(8)).await;
    assert_eq!(event_deadline(&app, event, json!({"days": 7})).await, 204);
    let marie = app.user("marie@example.org", None).await;
    let john = app.user("john@example.org", None).await;
    let unpaid = register_team(&app, &marie, event, 4, "fr").await;
    let paid = register_team(&app, &john, event, 2, "en").await;
    assert_eq!(set_payment(&app, "event", id(&paid), "paid").await.0, 200);
    assert_eq!(participants(&app, event).await, 6);

    // The day before the deadline: a reminder naming the deadline, nothing released.
    let report = run(&app, after_days(6)).await;
    assert_eq!((report.reminders, report.expired), (1, 0));
    let reminded = mails_about(&app, &reference(&unpaid), &REMINDER);
    assert!(
        reminded[0].body.contains("Sans paiement le ") && reminded[0].body.contains("les places seront libérées"),
        "{}",
        reminded[0].body
    );
    assert_eq!(participants(&app, event).await, 6);

    // Past it: released, its four places back, its registrant told in French.
    let report = run(&app, after_days(7)).await;
    assert_eq!((report.reminders, report.expired, report.held), (0, 1, 0));
    assert_eq!(event_state(&app, id(&unpaid)), ("cancelled".to_owned(), "expired".to_owned()));
    assert_eq!(participants(&app, event).await, 2, "only the paid team's people count");
    let told = mails_about(&app, &reference(&unpaid), &RELEASED);
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].to, "marie@example.org");
    assert_eq!(told[0].subject, format!("Inscription libérée : {}", reference(&unpaid)));
    assert!(told[0].body.contains("« Tournoi 4x4 »") && told[0].body.contains("libérées"), "{}", told[0].body);
    let listed: Vec<Value> = app.get(&format!("/api/admin/events/{event}/registrations")).await.json().await.unwrap();
    let row = listed.iter().find(|r| r["id"] == unpaid["id"]).unwrap();
    assert_eq!(row["paymentStatus"], "expired");
    let mine: Vec<Value> =
        marie.client.get(app.at("/api/user/event-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine[0]["paymentStatus"], "expired", "the member sees it expired");
    // The paid team is untouched; a later pass changes nothing and tells nobody twice.
    assert_eq!(event_state(&app, id(&paid)), ("confirmed".to_owned(), "paid".to_owned()));
    assert_eq!(run(&app, after_days(8)).await, Default::default());
    assert_eq!(mails_about(&app, &reference(&unpaid), &RELEASED).len(), 1);
    let overview: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    assert!(overview["unpaid"].as_array().unwrap().iter().all(|u| u["id"] != unpaid["id"]), "{overview}");

    // The member registers again: a new registration, a new reference, the places taken again.
    let again = register_team(&app, &marie, event, 4, "fr").await;
    assert_ne!(reference(&again), reference(&unpaid));
    assert_ne!(again["teamNumber"], unpaid["teamNumber"]);
    assert_eq!(participants(&app, event).await, 6);
    // So the old one cannot come back: its places (and its member) are taken.
    let (status, body) = set_payment(&app, "event", id(&unpaid), "pending").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_places_gone")));
    let (status, body) = set_payment(&app, "event", id(&unpaid), "paid").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_places_gone")));
    assert_eq!(event_state(&app, id(&unpaid)).1, "expired");
    assert_eq!(participants(&app, event).await, 6);
}

#[tokio::test]
async fn an_admin_restores_or_marks_paid_late_while_the_places_are_there_and_refunds_only_what_was_paid() {
    let app = spawn().await;
    let formation = create_event(&app, "Formation", 10, Some(4)).await;
    let camping = create_event(&app, "Camping", 30, Some(2)).await;
    for event in [formation, camping] {
        assert_eq!(event_deadline(&app, event, json!({"days": 2})).await, 204);
    }
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let luc = app.user("luc@example.org", None).await;
    let restored = id(&register_team(&app, &marie, formation, 4, "fr").await);
    let late = id(&register_team(&app, &paul, camping, 2, "fr").await);

    // Only paid can be refunded; expired is the deadline's, not the admin's.
    let (status, body) = set_payment(&app, "event", restored, "refunded").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_transition_invalid")));
    let (status, body) = set_payment(&app, "event", restored, "expired").await;
    assert_eq!((status, body["code"].as_str()), (422, Some("payment_status_invalid")));
    assert_eq!(run(&app, after_days(3)).await.expired, 2);
    assert_eq!((participants(&app, formation).await, participants(&app, camping).await), (0, 0));
    let (status, body) = set_payment(&app, "event", restored, "refunded").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_transition_invalid")), "expired is not paid");

    // Restored: pending again, its places taken back; another member finds the event full.
    let (status, body) = set_payment(&app, "event", restored, "pending").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["paymentStatus"].as_str(), body["status"].as_str()), (Some("pending"), Some("confirmed")));
    assert_eq!(participants(&app, formation).await, 4);
    assert_eq!(answer(post_team(&app, &luc, formation, 2, "fr").await).await.1["code"], "event_full");

    // Paid late: the places come back with the payment, and paid is never released.
    let (status, body) = set_payment(&app, "event", late, "paid").await;
    assert_eq!(
        (status, body["paymentStatus"].as_str(), body["status"].as_str()),
        (200, Some("paid"), Some("confirmed"))
    );
    assert_eq!(participants(&app, camping).await, 2);
    run(&app, after_days(30)).await;
    assert_eq!(event_state(&app, late), ("confirmed".to_owned(), "paid".to_owned()));

    // Refunded: the places go, for good.
    let (status, body) = set_payment(&app, "event", late, "refunded").await;
    assert_eq!(
        (status, body["paymentStatus"].as_str(), body["status"].as_str()),
        (200, Some("refunded"), Some("cancelled"))
    );
    assert_eq!(participants(&app, camping).await, 0);
    for back in ["pending", "paid"] {
        let (status, body) = set_payment(&app, "event", late, back).await;
        assert_eq!((status, body["code"].as_str()), (409, Some("payment_transition_invalid")), "refunded → {back}");
    }
    register_team(&app, &luc, camping, 2, "fr").await;
    assert_eq!(participants(&app, camping).await, 2);
    assert_eq!(set_payment(&app, "event", 999_999, "paid").await.0, 404);
    assert_eq!(set_payment(&app, "camp", 999_999, "paid").await.0, 404);
}

#[tokio::test]
async fn a_restored_registration_is_not_released_again_by_the_next_pass() {
    // The admin brings an expired registration back because its payment is on the way: the
    // next scheduled pass (ten minutes later) must not release it again and tell its member
    // a second time.
    let app = spawn().await;
    let event = create_event(&app, "Formation", 10, Some(10)).await;
    assert_eq!(event_deadline(&app, event, json!({"days": 2})).await, 204);
    let marie = app.user("marie@example.org", None).await;
    let team = register_team(&app, &marie, event, 2, "fr").await;
    assert_eq!(run(&app, after_days(3)).await.expired, 1);
    assert_eq!(set_payment(&app, "event", id(&team), "pending").await.0, 200);
    let report = run(&app, after_days(3) + Duration::minutes(10)).await;
    assert_eq!(report.expired, 0, "{report:?}");
    assert_eq!(event_state(&app, id(&team)), ("confirmed".to_owned(), "pending".to_owned()));
    assert_eq!(mails_about(&app, &reference(&team), &RELEASED).len(), 1);
    assert_eq!(participants(&app, event).await, 2);
    let overview: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    let listed = overview["unpaid"].as_array().unwrap().iter().find(|u| u["id"] == team["id"]).cloned();
    assert_eq!(listed.map(|u| u["deadline"].clone()), Some(Value::Null), "the admin follows it now: {overview}");
    assert_eq!(overview["expired"], json!([]));
    // It is still reminded, and paying it works as for any other.
    assert_eq!(run(&app, after_days(9)).await.reminders, 1);
    assert_eq!(set_payment(&app, "event", id(&team), "paid").await.0, 200);

    // The same for a camp child.
    let weeks = camp_weeks(&app).await;
    assert_eq!(program_deadline(&app, "explorateurs", json!({"days": 2})).await, 204);
    let lea = register_camp(&app, &marie, "Léa", &[weeks[0].0], "fr").await;
    assert_eq!(run(&app, after_days(3)).await.expired, 1);
    assert_eq!(set_payment(&app, "camp", id(&lea), "pending").await.0, 200);
    assert_eq!(run(&app, after_days(4)).await.expired, 0);
    assert_eq!(camp_state(&app, id(&lea)), "pending");
    assert_eq!(remaining(&app, weeks[0].0).await, weeks[0].1 - 1);
}

#[tokio::test]
async fn a_camp_registration_past_its_deadline_gives_its_weeks_back() {
    let app = spawn().await;
    let weeks = camp_weeks(&app).await;
    let (w1, w2) = (weeks[0].0, weeks[1].0);
    let full = (weeks[0].1, weeks[1].1);
    assert_eq!(program_deadline(&app, "explorateurs", json!({"days": 5})).await, 204);
    let ana = app.user("ana@example.org", None).await;
    let marc = app.user("marc@example.org", None).await;
    let lea = register_camp(&app, &ana, "Léa", &[w1, w2], "en").await;
    let noe = register_camp(&app, &marc, "Noé", &[w1], "fr").await;
    assert_eq!(set_payment(&app, "camp", id(&noe), "paid").await.0, 200);
    assert_eq!((remaining(&app, w1).await, remaining(&app, w2).await), (full.0 - 2, full.1 - 1));

    assert_eq!(run(&app, after_days(4)).await.expired, 0);
    let report = run(&app, after_days(5)).await;
    assert_eq!((report.expired, report.reminders), (1, 0));
    assert_eq!(camp_state(&app, id(&lea)), "expired");
    assert_eq!(camp_state(&app, id(&noe)), "paid");
    assert_eq!((remaining(&app, w1).await, remaining(&app, w2).await), (full.0 - 1, full.1), "Léa's weeks are free");
    let overview: Value = app.get("/api/admin/day-camps").await.json().await.unwrap();
    assert_eq!(overview["weeks"][1]["places"][0]["taken"], 0, "{overview}");
    let children: Vec<Value> =
        app.get(&format!("/api/admin/day-camp-weeks/{w1}/registrations")).await.json().await.unwrap();
    assert_eq!(children.len(), 1, "only Noé is in week 1 now");
    let told = mails_about(&app, &reference(&lea), &RELEASED);
    assert_eq!(told.len(), 1);
    assert_eq!(
        (told[0].to.as_str(), told[0].subject.clone()),
        ("ana@example.org", format!("Registration released: {}", reference(&lea)))
    );
    assert!(told[0].body.contains("has expired and its places were released"), "{}", told[0].body);
    assert!(told[0].body.contains("the day camp (Explorers) for Léa Roy"), "{}", told[0].body);

    // Week 2 fills up meanwhile: neither restore nor late payment, and nothing half done
    // (week 1 keeps its free place).
    db(&app)
        .execute(
            "UPDATE day_camp_places SET capacity = taken + 1 WHERE program_id = 'explorateurs' AND week_id = ?1",
            [w2],
        )
        .unwrap();
    let parent = app.user("parent@example.org", None).await;
    register_camp(&app, &parent, "Zoé", &[w2], "fr").await;
    assert_eq!(remaining(&app, w2).await, 0);
    for status in ["pending", "paid"] {
        let (got, body) = set_payment(&app, "camp", id(&lea), status).await;
        assert_eq!((got, body["code"].as_str()), (409, Some("payment_places_gone")), "{status}");
    }
    assert_eq!(remaining(&app, w1).await, full.0 - 1, "no place taken in week 1 either");
    assert_eq!(camp_state(&app, id(&lea)), "expired");

    // A place frees up in week 2: restored, both weeks taken again, Léa back in week 1's list.
    db(&app)
        .execute(
            "UPDATE day_camp_places SET capacity = capacity + 1 WHERE program_id = 'explorateurs' AND week_id = ?1",
            [w2],
        )
        .unwrap();
    let (status, body) = set_payment(&app, "camp", id(&lea), "pending").await;
    assert_eq!((status, body["paymentStatus"].as_str()), (200, Some("pending")), "{body}");
    assert_eq!(body["weeks"].as_array().map(Vec::len), Some(2), "{body}");
    assert_eq!((remaining(&app, w1).await, remaining(&app, w2).await), (full.0 - 2, 0));
    let children: Vec<Value> =
        app.get(&format!("/api/admin/day-camp-weeks/{w1}/registrations")).await.json().await.unwrap();
    assert_eq!(children.len(), 2);

    // Refunded from paid only, and it gives the places back.
    let (status, body) = set_payment(&app, "camp", id(&lea), "refunded").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_transition_invalid")));
    let w1_now = remaining(&app, w1).await;
    let (status, body) = set_payment(&app, "camp", id(&noe), "refunded").await;
    assert_eq!((status, body["paymentStatus"].as_str()), (200, Some("refunded")), "{body}");
    assert_eq!(remaining(&app, w1).await, w1_now + 1);
    // The child may be registered again for that week.
    register_camp(&app, &marc, "Noé", &[w1], "fr").await;
}

#[tokio::test]
async fn a_team_in_a_tournament_under_way_is_never_released_automatically() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi d'été", 25, None).await;
    let mut teams = Vec::new();
    for n in 0..4 {
        let member = app.user(&format!("joueur{n}@example.org"), None).await;
        teams.push(register_team(&app, &member, event, 2, "fr").await);
    }
    assert_eq!(set_payment(&app, "event", id(&teams[0]), "paid").await.0, 200);
    let body = json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10,
        "startTime": "2030-06-01T13:00:00Z", "poolCount": 1});
    let response =
        app.client.post(app.at(&format!("/api/admin/events/{event}/tournament"))).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let tournament = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let response = app.post(&format!("/api/admin/tournaments/{tournament}/generate-schedule")).await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);

    // A day to pay: two days later every unpaid team is past it, and kept.
    assert_eq!(event_deadline(&app, event, json!({"days": 1})).await, 204);
    for at in [after_days(2), after_days(30)] {
        let report = run(&app, at).await;
        assert_eq!((report.expired, report.held), (0, 3), "{report:?}");
    }
    for t in &teams[1..] {
        assert_eq!(event_state(&app, id(t)), ("confirmed".to_owned(), "pending".to_owned()));
        assert!(mails_about(&app, &reference(t), &RELEASED).is_empty());
    }
    assert_eq!(participants(&app, event).await, 8);
    let matches: Vec<Value> =
        app.get(&format!("/api/admin/tournaments/{tournament}/matches")).await.json().await.unwrap();
    assert_eq!(matches.len(), 6, "every team keeps its matches");

    let overview: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    let unpaid = overview["unpaid"].as_array().unwrap();
    assert_eq!(unpaid.len(), 3, "{overview}");
    for u in unpaid {
        assert_eq!(u["heldByTournament"], true, "{u}");
        assert!(u["deadline"].is_string(), "{u}");
    }
    // Neither can the admin release one through a refund: it is withdrawn instead.
    let (status, body) = set_payment(&app, "event", id(&teams[0]), "refunded").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("payment_tournament_started")));
}

#[tokio::test]
async fn a_team_of_a_tournament_not_yet_generated_is_released_and_left_out_of_the_schedule() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi", 25, None).await;
    let mut teams = Vec::new();
    for n in 0..4 {
        let member = app.user(&format!("joueur{n}@example.org"), None).await;
        teams.push(register_team(&app, &member, event, 2, "fr").await);
    }
    for t in &teams[..3] {
        assert_eq!(set_payment(&app, "event", id(t), "paid").await.0, 200);
    }
    let body = json!({"courtsAvailable": 2, "matchDurationMinutes": 20, "breakBetweenMatches": 10,
        "startTime": "2030-06-01T13:00:00Z", "poolCount": 1});
    let response =
        app.client.post(app.at(&format!("/api/admin/events/{event}/tournament"))).json(&body).send().await.unwrap();
    let tournament = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    assert_eq!(event_deadline(&app, event, json!({"days": 1})).await, 204);
    let report = run(&app, after_days(2)).await;
    assert_eq!((report.expired, report.held), (1, 0));
    let response = app.post(&format!("/api/admin/tournaments/{tournament}/generate-schedule")).await;
    assert_eq!(response.status(), 200);
    let matches: Vec<Value> =
        app.get(&format!("/api/admin/tournaments/{tournament}/matches")).await.json().await.unwrap();
    assert_eq!(matches.len(), 3, "three teams play each other once");
    let released = id(&teams[3]);
    assert!(matches.iter().all(|m| m["team1Id"] != released && m["team2Id"] != released));
}

#[tokio::test]
async fn a_deadline_date_ends_at_midnight_in_the_centres_time_zone_and_the_earlier_deadline_wins() {
    let app = spawn().await;
    let by_date = create_event(&app, "Camping d'hiver", 30, None).await;
    let both = create_event(&app, "Formation", 30, None).await;
    let far = (crate::common::now() + Duration::days(60)).with_timezone(&chrono_tz::America::Toronto).date_naive();
    assert_eq!(event_deadline(&app, by_date, json!({"date": far.to_string()})).await, 204);
    assert_eq!(event_deadline(&app, both, json!({"days": 5, "date": far.to_string()})).await, 204);
    let marie = app.user("marie@example.org", None).await;
    let dated = register_team(&app, &marie, by_date, 2, "fr").await;
    let early = register_team(&app, &marie, both, 2, "fr").await;

    // The earlier of the two: five days after registration.
    let report = run(&app, after_days(5)).await;
    assert_eq!(report.expired, 1);
    assert_eq!(event_state(&app, id(&early)).1, "expired");
    assert_eq!(event_state(&app, id(&dated)).1, "pending");

    // The date: paid by the end of that day in Toronto, not in UTC.
    let midnight = chrono::TimeZone::from_local_datetime(
        &chrono_tz::America::Toronto,
        &far.succ_opt().unwrap().and_hms_opt(0, 0, 0).unwrap(),
    )
    .unwrap()
    .with_timezone(&Utc);
    assert_eq!(run(&app, midnight - Duration::minutes(1)).await.expired, 0, "23:59 in Toronto");
    assert_eq!(event_state(&app, id(&dated)).1, "pending");
    assert_eq!(run(&app, midnight).await.expired, 1, "midnight in Toronto");
    assert_eq!(event_state(&app, id(&dated)).1, "expired");
    let overview: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    assert_eq!(overview["unpaid"], json!([]));
}
