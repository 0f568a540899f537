//! Payment reminders, driven by the scheduled work at moments the tests choose.

use centre_server::db::payments::ReminderPolicy;
use centre_server::db::payments::due::Report;
use serde_json::Value;

use super::support::*;

#[tokio::test]
async fn an_unpaid_registration_is_reminded_in_its_language_after_the_delay_then_again_and_no_more() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 4x4", 25, Some(40)).await;
    let free = create_event(&app, "Soirée gratuite", 0, None).await;
    let marie = app.user("marie@example.org", None).await;
    let john = app.user("john@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let ana = app.user("ana@example.org", None).await;

    let french = register_team(&app, &marie, event, 3, "fr").await;
    let english = register_team(&app, &john, event, 2, "en").await;
    let paid = register_team(&app, &paul, event, 2, "fr").await;
    assert_eq!(set_payment(&app, "event", id(&paid), "paid").await.0, 200);
    let gratis = register_team(&app, &marie, free, 4, "fr").await;
    assert_eq!(gratis["amountDue"], 0.0);
    let weeks = camp_weeks(&app).await;
    let camp = register_camp(&app, &ana, "Léa", &[weeks[0].0], "en").await;
    let before = outbox(&app).len();

    // Not yet: three days have not passed.
    assert_eq!(run(&app, after_days(2)).await, Report::default());
    assert_eq!(outbox(&app).len(), before);

    // Three days later: one reminder for each unpaid registration with an amount, none for the
    // paid team nor the free one.
    let first = after_days(3);
    assert_eq!(run(&app, first).await, Report { reminders: 3, expired: 0, held: 0 });
    let fr = mails_about(&app, &reference(&french), &REMINDER);
    assert_eq!(fr.len(), 1);
    assert_eq!(fr[0].to, "marie@example.org");
    assert_eq!(fr[0].subject, format!("Rappel de paiement : {}", reference(&french)));
    assert!(fr[0].body.contains("« Tournoi 4x4 »"), "{}", fr[0].body);
    assert!(fr[0].body.contains("Montant à payer : 75,00 $"), "{}", fr[0].body);
    assert!(fr[0].body.contains(&format!("virement Interac à : {INTERAC}")), "{}", fr[0].body);
    assert!(fr[0].body.contains(&format!("message du virement : {}", reference(&french))), "{}", fr[0].body);
    let en = mails_about(&app, &reference(&english), &REMINDER);
    assert_eq!(en.len(), 1);
    assert_eq!(en[0].to, "john@example.org");
    assert_eq!(en[0].subject, format!("Payment reminder: {}", reference(&english)));
    assert!(en[0].body.contains("\"Tournoi 4x4 (EN)\""), "{}", en[0].body);
    assert!(en[0].body.contains("Amount to pay: $50.00"), "{}", en[0].body);
    assert!(en[0].body.contains(&format!("Interac e-Transfer to: {INTERAC}")), "{}", en[0].body);
    assert!(en[0].body.contains(&format!("transfer's message: {}", reference(&english))), "{}", en[0].body);
    let kid = mails_about(&app, &reference(&camp), &REMINDER);
    assert_eq!(kid.len(), 1, "a day-camp registration is reminded too");
    assert_eq!(kid[0].to, "ana@example.org");
    assert!(kid[0].body.contains("Amount to pay: $120.00") && kid[0].body.contains(INTERAC), "{}", kid[0].body);
    assert!(
        kid[0].body.contains("the day camp (Explorers) for Léa Roy"),
        "the program's English name: {}",
        kid[0].body
    );
    for quiet in [&paid, &gratis] {
        assert!(mails_about(&app, &reference(quiet), &REMINDER).is_empty(), "{quiet}");
    }
    let after_first = outbox(&app).len();
    assert_eq!(after_first, before + 3);

    // The same moment again (a restart, a second pass): nothing more.
    assert_eq!(run(&app, first).await, Report::default());
    assert_eq!(outbox(&app).len(), after_first);
    // The next reminder counts from the first one, not from the registration.
    assert_eq!(run(&app, first + chrono::Duration::days(2)).await, Report::default());
    let second = first + chrono::Duration::days(3);
    assert_eq!(run(&app, second).await.reminders, 3);
    assert_eq!(mails_about(&app, &reference(&french), &REMINDER).len(), 2);
    assert_eq!(mails_about(&app, &reference(&english), &REMINDER)[1].subject, en[0].subject);

    // Never more than two, however long it stays unpaid.
    for days in [9, 12, 30, 90] {
        assert_eq!(run(&app, after_days(days)).await, Report::default(), "day {days}");
    }
    assert_eq!(outbox(&app).len(), after_first + 3);
    let overview: Value = app.get("/api/admin/payments").await.json().await.unwrap();
    let sent: Vec<i64> =
        overview["unpaid"].as_array().unwrap().iter().map(|u| u["remindersSent"].as_i64().unwrap()).collect();
    assert_eq!(sent, [2, 2, 2], "{overview}");

    // Paid meanwhile: no reminder, whatever the policy says.
    assert!(mails_about(&app, &reference(&paid), &REMINDER).is_empty());
}

#[tokio::test]
async fn the_delay_and_the_number_of_reminders_are_settings() {
    let app = spawn_with(|s| s.reminders = ReminderPolicy { after_days: 1, max: 1 }).await;
    let event = create_event(&app, "Camping", 40, None).await;
    let marie = app.user("marie@example.org", None).await;
    let registration = register_team(&app, &marie, event, 2, "fr").await;
    assert_eq!(run(&app, after_days(1)).await.reminders, 1);
    assert_eq!(run(&app, after_days(2)).await.reminders, 0, "one reminder at most");
    assert_eq!(run(&app, after_days(10)).await.reminders, 0);
    assert_eq!(mails_about(&app, &reference(&registration), &REMINDER).len(), 1);

    let silent = spawn_with(|s| s.reminders = ReminderPolicy { after_days: 3, max: 0 }).await;
    let event = create_event(&silent, "Camping", 40, None).await;
    let marie = silent.user("marie@example.org", None).await;
    register_team(&silent, &marie, event, 2, "fr").await;
    assert_eq!(run(&silent, after_days(30)).await, Report::default(), "0 sends none");
}

#[tokio::test]
async fn two_servers_on_one_database_queue_each_reminder_once() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi", 20, None).await;
    let mut references = Vec::new();
    for n in 0..12 {
        let member = app.user(&format!("membre{n}@example.org"), None).await;
        let lang = if n % 2 == 0 { "fr" } else { "en" };
        references.push(reference(&register_team(&app, &member, event, 2, lang).await));
    }
    let weeks = camp_weeks(&app).await;
    let parent = app.user("parent@example.org", None).await;
    for (n, child) in ["Léa", "Noé", "Zoé"].into_iter().enumerate() {
        references.push(reference(&register_camp(&app, &parent, child, &[weeks[n].0], "fr").await));
    }

    // A second process started by mistake on the same file.
    let path = app.db_path.clone();
    let other = tokio::task::spawn_blocking(move || {
        let mut settings = centre_server::settings::Settings::for_tests(path);
        settings.interac_email = INTERAC.to_owned();
        centre_server::prepare(settings)
    })
    .await
    .unwrap()
    .unwrap();

    for (round, at) in [after_days(3), after_days(6) + chrono::Duration::minutes(5)].into_iter().enumerate() {
        let (a, b) = tokio::join!(
            centre_server::scheduler::run_once(&app.state, at),
            centre_server::scheduler::run_once(&other, at)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.reminders + b.reminders, references.len(), "round {round}: {a:?} {b:?}");
        for r in &references {
            assert_eq!(mails_about(&app, r, &REMINDER).len(), round + 1, "{r} after round {round}");
        }
    }
    let counted: i64 = db(&app)
        .query_row(
            "SELECT (SELECT sum(reminders_sent) FROM event_registrations) + (SELECT sum(reminders_sent) FROM day_camp_registrations)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(counted, 2 * references.len() as i64);
}
