//! Expiry racing a late payment and a new registration for the same last places: one outcome,
//! and the event's count always the people of the registrations that hold places.

use serde_json::json;

use super::support::*;

/// `(current_participants, people of non-released registrations, max)` as stored.
fn counts(app: &crate::common::TestApp, event: i64) -> (i64, i64, i64) {
    db(app)
        .query_row(
            "SELECT current_participants,
                    (SELECT COALESCE(SUM(people_count), 0) FROM event_registrations
                      WHERE event_id = e.id AND status <> 'cancelled' AND payment_status NOT IN ('expired', 'refunded')),
                    max_participants
               FROM events e WHERE id = ?1",
            [event],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn expiry_a_late_payment_and_a_new_registration_for_the_last_places_have_one_outcome() {
    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    for round in 0..12 {
        let app = spawn().await;
        // Six places: a paid team of 2, and an unpaid team of 4 holding the last four.
        let event = create_event(&app, "Tournoi", 15, Some(6)).await;
        assert_eq!(event_deadline(&app, event, json!({"days": 3})).await, 204);
        let early = app.user("early@example.org", None).await;
        let late = app.user("late@example.org", None).await;
        let newcomer = app.user("newcomer@example.org", None).await;
        let paid = id(&register_team(&app, &early, event, 2, "fr").await);
        assert_eq!(set_payment(&app, "event", paid, "paid").await.0, 200);
        let holder = id(&register_team(&app, &late, event, 4, "fr").await);
        assert_eq!(participants(&app, event).await, 6);

        // Each round gives a different one of the three a head start of a few scheduler turns
        // (no sleeping), so every order gets its chance.
        let head_start = |who: usize| async move {
            if round % 3 != who {
                for _ in 0..(round % 4) * 1500 {
                    tokio::task::yield_now().await;
                }
            }
        };
        let (report, (pay_status, pay_body), new_response) = tokio::join!(
            async {
                head_start(0).await;
                run(&app, after_days(3)).await
            },
            async {
                head_start(1).await;
                set_payment(&app, "event", holder, "paid").await
            },
            async {
                head_start(2).await;
                post_team(&app, &newcomer, event, 4, "en").await
            },
        );
        let (new_status, new_body) = answer(new_response).await;

        let (current, held, max) = counts(&app, event);
        assert_eq!(current, held, "round {round}: the count is the people holding places");
        assert!(current <= max, "round {round}: oversold");
        let (status, payment) = event_state(&app, holder);
        let holder_holds = status == "confirmed";
        let newcomer_holds = new_status == 201;
        assert!(holder_holds != newcomer_holds, "round {round}: exactly one holds the last places");
        if holder_holds {
            // Paid before the expiry saw it, or paid late after it: paid either way.
            assert_eq!((pay_status, payment.as_str()), (200, "paid"), "round {round}: {pay_body}");
            assert_eq!((new_status, new_body["code"].as_str()), (409, Some("event_full")), "round {round}");
            assert_eq!(current, 6);
        } else {
            assert_eq!(report.expired, 1, "round {round}");
            assert_eq!(payment, "expired");
            assert_eq!((pay_status, pay_body["code"].as_str()), (409, Some("payment_places_gone")), "round {round}");
            assert_eq!(current, 6);
        }
        let label = match (holder_holds, report.expired) {
            (true, 0) => "paid before the expiry",
            (true, _) => "expired, then paid late",
            (false, _) => "expired, the newcomer took the places",
        };
        *outcomes.entry(label.to_owned()).or_default() += 1;
        // Whatever happened, its member was told at most once, and only if it was released.
        let told = mails_about(&app, &format!("EV{event}-"), &RELEASED).len();
        assert_eq!(told, report.expired, "round {round}");
    }
    eprintln!("outcomes over the rounds: {outcomes:?}");
}
