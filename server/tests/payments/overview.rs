//! The console's payments view and its workbook, and the member's checkout figures.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use serde_json::{Value, json};

use super::support::*;
use crate::common::snap::{redact_references, workbook};
use crate::event_registrations::xlsx_checks;

#[tokio::test]
async fn the_payments_view_lists_the_unpaid_and_totals_each_event_and_camp_week() {
    let app = spawn().await;
    let tournoi = create_event(&app, "Tournoi 4x4", 25, None).await;
    let camping = create_event(&app, "Camping", 40, None).await;
    let gratuit = create_event(&app, "Soirée", 0, None).await;
    assert_eq!(event_deadline(&app, tournoi, json!({"days": 10})).await, 204);
    let members: Vec<_> = {
        let mut v = Vec::new();
        for n in 0..5 {
            v.push(app.user(&format!("m{n}@example.org"), None).await);
        }
        v
    };
    let old = register_team(&app, &members[0], tournoi, 4, "fr").await; // $100, unpaid, 5 days old
    let paid = register_team(&app, &members[1], tournoi, 2, "fr").await; // $50, paid
    let recent = register_team(&app, &members[2], camping, 2, "en").await; // $80, unpaid
    let expired = register_team(&app, &members[3], camping, 3, "fr").await; // $120, released
    register_team(&app, &members[4], gratuit, 2, "fr").await;
    assert_eq!(set_payment(&app, "event", id(&paid), "paid").await.0, 200);
    let weeks = camp_weeks(&app).await;
    let (w1, w2) = (weeks[0].0, weeks[1].0);
    let lea = register_camp(&app, &members[0], "Léa", &[w1, w2], "fr").await; // $240, unpaid
    let noe = register_camp(&app, &members[1], "Noé", &[w1], "fr").await; // $120, paid
    assert_eq!(set_payment(&app, "camp", id(&noe), "paid").await.0, 200);
    registered_days_ago(&app, "event_registrations", id(&old), 5);
    registered_days_ago(&app, "event_registrations", id(&recent), 1);
    // The camping's deadline releases its oldest unpaid team (backdated), not the recent one.
    registered_days_ago(&app, "event_registrations", id(&expired), 4);
    assert_eq!(event_deadline(&app, camping, json!({"days": 3})).await, 204);
    let report = run(&app, crate::common::now()).await;
    assert_eq!((report.expired, report.reminders), (1, 1), "{report:?}");

    let response = app.get("/api/admin/payments").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: Value = response.json().await.unwrap();
    let unpaid = body["unpaid"].as_array().unwrap();
    let refs: Vec<&str> = unpaid.iter().map(|u| u["reference"].as_str().unwrap()).collect();
    assert_eq!(
        refs,
        [reference(&old), reference(&recent), reference(&lea)],
        "oldest first, paid and free left out: {body}"
    );
    let first = &unpaid[0];
    assert_eq!(first["kind"], "event");
    assert_eq!(first["id"], old["id"]);
    assert_eq!(first["title"], "Tournoi 4x4");
    assert_eq!(first["name"], old["teamName"]);
    assert_eq!(first["amountDue"], 100.0);
    assert_eq!(first["daysSince"], 5);
    assert_eq!(first["remindersSent"], 1, "five days old: reminded once");
    assert_eq!(first["heldByTournament"], false);
    let registered = chrono::DateTime::parse_from_rfc3339(first["registeredAt"].as_str().unwrap()).unwrap();
    let deadline = chrono::DateTime::parse_from_rfc3339(first["deadline"].as_str().unwrap()).unwrap();
    assert_eq!(deadline - registered, chrono::Duration::days(10));
    assert!(first["nextReminderAt"].is_string());
    assert_eq!((unpaid[1]["daysSince"].as_i64(), unpaid[1]["remindersSent"].as_i64()), (Some(1), Some(0)));
    assert!(unpaid[1]["deadline"].is_string(), "the camping has a deadline too");
    assert_eq!((unpaid[2]["kind"].as_str(), unpaid[2]["amountDue"].as_f64()), (Some("camp"), Some(240.0)));
    assert_eq!(unpaid[2]["deadline"], Value::Null, "no deadline for the camp program");
    let released = body["expired"].as_array().unwrap();
    assert_eq!(released.len(), 1, "{body}");
    assert_eq!(
        (released[0]["reference"].as_str(), released[0]["amountDue"].as_f64()),
        (Some(reference(&expired).as_str()), Some(120.0))
    );

    let events = body["events"].as_array().unwrap();
    let totals = |title: &str| {
        let e = events.iter().find(|e| e["title"] == title).unwrap_or_else(|| panic!("{title} in {body}"));
        (e["expected"].as_f64().unwrap(), e["received"].as_f64().unwrap(), e["outstanding"].as_f64().unwrap())
    };
    assert_eq!(totals("Tournoi 4x4"), (150.0, 50.0, 100.0));
    assert_eq!(totals("Camping"), (80.0, 0.0, 80.0), "the released team owes nothing any more");
    assert!(events.iter().all(|e| e["title"] != "Soirée"), "a free event has no totals");
    let week = |id: i64| {
        let w = body["campWeeks"].as_array().unwrap().iter().find(|w| w["weekId"] == id).cloned().unwrap();
        (w["expected"].as_f64().unwrap(), w["received"].as_f64().unwrap(), w["outstanding"].as_f64().unwrap())
    };
    assert_eq!(week(w1), (240.0, 120.0, 120.0));
    assert_eq!(week(w2), (120.0, 0.0, 120.0));
}

#[tokio::test]
async fn the_payments_workbook_has_the_unpaid_and_the_totals() {
    let app = spawn().await;
    let tournoi = create_event(&app, "Tournoi 4x4", 25, None).await;
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let team = register_team(&app, &marie, tournoi, 4, "fr").await;
    let other = register_team(&app, &paul, tournoi, 2, "fr").await;
    assert_eq!(set_payment(&app, "event", id(&other), "paid").await.0, 200);
    registered_days_ago(&app, "event_registrations", id(&team), 4);
    run(&app, crate::common::now()).await;
    let weeks = camp_weeks(&app).await;
    let lea = register_camp(&app, &paul, "Léa", &[weeks[0].0], "fr").await;
    // Known dates: Léa registered at 15:00 UTC on December 1st (10:00 in Toronto), in the week
    // of July 5 to 9, 2027.
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.execute("UPDATE day_camp_registrations SET created_at = '2026-12-01T15:00:00Z' WHERE id = ?1", [id(&lea)])
        .unwrap();
    conn.execute(
        "UPDATE day_camp_weeks SET start_date = '2027-07-05', end_date = '2027-07-09' WHERE id = ?1",
        [weeks[0].0],
    )
    .unwrap();

    let response = app.get("/api/admin/payments.xlsx").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    let today = crate::common::now().with_timezone(&chrono_tz::America::Toronto).date_naive();
    assert_eq!(
        response.headers()["content-disposition"].to_str().unwrap(),
        format!("attachment; filename=\"paiements_{today}.xlsx\"")
    );
    assert_eq!(response.headers()["x-row-count"], "2");
    let bytes = response.bytes().await.unwrap();
    let sheets = workbook(&bytes);
    // The unpaid, oldest first (the team reminded once, Léa not yet), and the totals per event
    // and per camp week, the week as the console names it, never its stored label ('week1').
    let mut settings = insta::Settings::clone_current();
    redact_references(&mut settings);
    settings.add_redaction(r#"["Impayés"][1][5].date"#, "[4 days ago]");
    settings.add_redaction(r#"["Impayés"][1][8].date"#, "[3 days after the reminder]");
    settings.add_redaction(r#"["Impayés"][2][6]"#, "[days since 2026-12-01]");
    settings.bind(|| insta::assert_json_snapshot!("payments_workbook", sheets));
    assert_eq!(
        (&sheets["Impayés"][1][3], &sheets["Impayés"][2][3]),
        (&json!(reference(&team)), &json!(reference(&lea)))
    );

    // Typed cells: amounts in dollars, dates on Toronto's clock, an empty cell without a date.
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    let unpaid = book.worksheet_range("Impayés").unwrap();
    let rows: Vec<&[Data]> = unpaid.rows().collect();
    xlsx_checks::assert_dollars(&rows[1][4], 100.0);
    xlsx_checks::assert_dollars(&rows[2][4], 120.0);
    assert!(matches!(&rows[1][5], Data::DateTime(d) if d.is_datetime()), "{:?}", rows[1][5]);
    assert!(matches!(&rows[1][8], Data::DateTime(d) if d.is_datetime()), "next reminder: {:?}", rows[1][8]);
    assert_eq!(rows[1][9], Data::Empty);
    xlsx_checks::assert_date(&rows[2][5], "2026-12-01", 10, 0);
    assert_eq!(rows[1][6], Data::Float(4.0));
    let totals = book.worksheet_range("Totaux").unwrap();
    let typed: Vec<&[Data]> = totals.rows().collect();
    for (row, dollars) in [(1, [150.0, 50.0, 100.0]), (2, [120.0, 0.0, 120.0])] {
        for (col, amount) in dollars.into_iter().enumerate() {
            xlsx_checks::assert_dollars(&typed[row][col + 2], amount);
        }
    }

    xlsx_checks::keep(&bytes, "paiements.xlsx");
    xlsx_checks::assert_formats(&bytes, &[xlsx_checks::INSTANT, xlsx_checks::DOLLARS]);
    let headings = |sheet: &str| -> Vec<String> {
        sheets[sheet][0].as_array().unwrap().iter().map(|h| h.as_str().unwrap().to_owned()).collect()
    };
    xlsx_checks::assert_print_layout(
        &bytes,
        1,
        "Impayés",
        &headings("Impayés").iter().map(String::as_str).collect::<Vec<_>>(),
        "&amp;LPaiements — inscriptions impayées&amp;RExporté le {day} ",
    );
    xlsx_checks::assert_print_layout(
        &bytes,
        2,
        "Totaux",
        &headings("Totaux").iter().map(String::as_str).collect::<Vec<_>>(),
        "&amp;LPaiements — totaux par événement et par semaine de camp&amp;RExporté le {day} ",
    );
}

#[tokio::test]
async fn a_member_reads_what_to_pay_for_their_own_registration_only() {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 4x4", 25, None).await;
    let marie = app.user("marie@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let team = register_team(&app, &marie, event, 3, "fr").await;
    let path = format!("/api/user/event-registrations/{}", id(&team));

    let response = marie.client.get(app.at(&path)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let mine: Value = response.json().await.unwrap();
    assert_eq!(mine["id"], team["id"]);
    assert_eq!(mine["eventId"], event);
    assert_eq!(mine["eventTitle"], "Tournoi 4x4");
    assert_eq!(mine["teamName"], team["teamName"]);
    assert_eq!(mine["amountDue"], 75.0);
    assert_eq!(mine["paymentReference"], reference(&team).as_str());
    assert_eq!(mine["paymentStatus"], "pending");
    assert_eq!(mine["interacEmail"], INTERAC);

    assert_eq!(paul.client.get(app.at(&path)).send().await.unwrap().status(), 404, "someone else's");
    assert_eq!(app.new_client().get(app.at(&path)).send().await.unwrap().status(), 401, "signed out");
    for missing in ["/api/user/event-registrations/999999", "/api/user/event-registrations/abc"] {
        assert_eq!(marie.client.get(app.at(missing)).send().await.unwrap().status(), 404, "{missing}");
    }
    // Paid: the page says so.
    assert_eq!(set_payment(&app, "event", id(&team), "paid").await.0, 200);
    let mine: Value = marie.client.get(app.at(&path)).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine["paymentStatus"], "paid");
}
