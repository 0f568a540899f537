//! Expiry racing a late payment and a new registration for the same last places: one outcome,
//! and the event's count always the people of the registrations that hold places. The first
//! rounds force each order that leads to a different outcome (each step waits for the one before
//! it), so every outcome is seen; the others race freely.

use serde_json::json;

use super::support::*;

const PAID_FIRST: &str = "paid before the expiry";
const PAID_LATE: &str = "expired, then paid late";
const NEWCOMER: &str = "expired, the newcomer took the places";

/// The forced rounds: the order of the three steps (0 the expiry, 1 the payment, 2 the
/// newcomer's registration) and the outcome it must give.
const FORCED: [([usize; 3], &str); 3] = [([1, 0, 2], PAID_FIRST), ([0, 1, 2], PAID_LATE), ([0, 2, 1], NEWCOMER)];

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

        // A forced round: each step waits for its turn (the steps before it done). A free round
        // gives a different one of the three a head start of a few scheduler turns (no sleeping).
        let forced = FORCED.get(round).map(|(order, _)| *order);
        let (turn, turns) = tokio::sync::watch::channel(0usize);
        let turn = &turn;
        let head_start = |who: usize| {
            let mut turns = turns.clone();
            async move {
                if let Some(order) = forced {
                    let mine = order.iter().position(|&w| w == who).unwrap();
                    turns.wait_for(|&t| t == mine).await.unwrap();
                } else if round % 3 != who {
                    for _ in 0..(round % 4) * 1500 {
                        tokio::task::yield_now().await;
                    }
                }
            }
        };
        let done = || turn.send_modify(|t| *t += 1);
        let (report, (pay_status, pay_body), new_response) = tokio::join!(
            async {
                head_start(0).await;
                let report = run(&app, after_days(3)).await;
                done();
                report
            },
            async {
                head_start(1).await;
                let answer = set_payment(&app, "event", holder, "paid").await;
                done();
                answer
            },
            async {
                head_start(2).await;
                let response = post_team(&app, &newcomer, event, 4, "en").await;
                done();
                response
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
            (true, 0) => PAID_FIRST,
            (true, _) => PAID_LATE,
            (false, _) => NEWCOMER,
        };
        if let Some((order, expected)) = FORCED.get(round) {
            assert_eq!(label, *expected, "round {round}: the order {order:?}");
        }
        *outcomes.entry(label.to_owned()).or_default() += 1;
        // Whatever happened, its member was told at most once, and only if it was released.
        let told = mails_about(&app, &format!("EV{event}-"), &RELEASED).len();
        assert_eq!(told, report.expired, "round {round}");
    }
    eprintln!("outcomes over the rounds: {outcomes:?}");
    for label in [PAID_FIRST, PAID_LATE, NEWCOMER] {
        assert!(outcomes.contains_key(label), "{label} never happened: {outcomes:?}");
    }
}
