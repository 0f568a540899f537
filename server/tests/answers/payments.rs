//! The console's payments view: an unpaid team reminded once, a paid one, a released one, an
//! unpaid child at camp, the totals per event and per camp week; and the deadlines' list.

use chrono::Duration;
use serde_json::json;

use super::{answer, assert_answer};
use crate::common::snap;
use crate::payments::support::*;

#[tokio::test]
async fn the_payments_overview() {
    let app = spawn().await;
    let tournoi = create_event(&app, "Tournoi 4x4", 25, None).await;
    let camping = create_event(&app, "Camping", 40, None).await;
    assert_eq!(event_deadline(&app, tournoi, json!({"days": 10})).await, 204);
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let john = app.user("john@example.org", None).await;
    let old = register_team(&app, &marie, tournoi, 4, "fr").await;
    let paid = register_team(&app, &paul, tournoi, 2, "fr").await;
    let released = register_team(&app, &john, camping, 3, "en").await;
    assert_eq!(set_payment(&app, "event", id(&paid), "paid").await.0, 200);
    let weeks = camp_weeks(&app).await;
    register_camp(&app, &paul, "Léa", &[weeks[0].0], "fr").await;
    registered_days_ago(&app, "event_registrations", id(&old), 5);
    registered_days_ago(&app, "event_registrations", id(&released), 4);
    assert_eq!(event_deadline(&app, camping, json!({"days": 3})).await, 204);
    let report = run(&app, crate::common::now() + Duration::minutes(1)).await;
    assert_eq!((report.expired, report.reminders), (1, 1), "{report:?}");

    let mut settings = snap::answer_settings();
    // Each counted from the run's clock: the registration, its deadline, its next reminder.
    for key in ["deadline", "nextReminderAt", "releasedAt"] {
        settings.add_redaction(&format!(".**.{key}"), snap::unless_null("[instant of the run]"));
    }
    assert_answer(&settings, "payments_overview", &answer(&app, &app.client, "/api/admin/payments").await);
    assert_answer(&settings, "payment_deadlines", &answer(&app, &app.client, "/api/admin/payment-deadlines").await);
}
