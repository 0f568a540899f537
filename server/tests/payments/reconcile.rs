//! Reconciliation: pasted Interac notifications matched against the real references of the
//! registrations, then the admin's confirmation, all or nothing, recorded transfer by transfer.

use serde_json::{Value, json};

use super::support::*;
use crate::common::TestApp;

/// The registrations a batch pays: A (2 people, $50, French), B (4 people, $100), C (paid
/// already, $50) and a camp child K (one week, $120).
struct Batch {
    app: TestApp,
    a: Value,
    b: Value,
    c: Value,
    k: Value,
}

async fn batch() -> Batch {
    let app = spawn().await;
    let event = create_event(&app, "Tournoi 4x4", 25, None).await;
    let marie = app.user("marie@example.org", None).await;
    let john = app.user("john@example.org", None).await;
    let paul = app.user("paul@example.org", None).await;
    let ana = app.user("ana@example.org", None).await;
    let a = register_team(&app, &marie, event, 2, "fr").await;
    let b = register_team(&app, &john, event, 4, "en").await;
    let c = register_team(&app, &paul, event, 2, "fr").await;
    assert_eq!(set_payment(&app, "event", id(&c), "paid").await.0, 200);
    let weeks = camp_weeks(&app).await;
    let k = register_camp(&app, &ana, "Léa", &[weeks[0].0], "fr").await;
    Batch { app, a, b, c, k }
}

/// A reference as members mistype it: lower case, a space for the dash.
fn sloppy(reference: &str) -> String {
    reference.to_lowercase().replace('-', " ")
}

/// Six notifications pasted one after another, as an admin copies them from a mailbox:
/// A paid exactly (Desjardins, French), B paid $90 instead of $100 (RBC, English), a deposit
/// without any reference (TD's table), A's notification pasted a second time, C paid again
/// (National Bank, French), K paid exactly (BMO, English).
fn pasted(b: &Batch) -> String {
    let (a, bb, c, k) = (reference(&b.a), reference(&b.b), reference(&b.c), reference(&b.k));
    let desjardins = format!(
        "Objet : Virement Interac : MARIE TREMBLAY vous a envoyé de l'argent.

Bonjour CENTRE PLEIN AIR DU LAC,

MARIE TREMBLAY vous a envoyé 50,00 $ (CAD) et l'argent a été déposé automatiquement dans votre compte à Desjardins.

Message : Ref: {} pour l'équipe

Date : 20 novembre 2026
Numéro de référence : CA1MRbYZ7nQ3

Ceci est un courriel sécurisé du service Virement Interac. Vous n'avez rien à faire.
",
        sloppy(&a)
    );
    let rbc = format!(
        "INTERAC e-Transfer: JOHN SMITH sent you money.

Hi CENTRE PLEIN AIR DU LAC,

JOHN SMITH sent you $90.00 (CAD) and the money has been automatically deposited into your bank account at Royal Bank of Canada.

Message: {} team Les Smashers

Date: November 20, 2026
Reference Number: CA1XyZ4kP9mN

This email was sent to you by INTERAC Corp., the owner of the INTERAC e-Transfer service, on behalf of ROYAL BANK OF CANADA.
",
        bb.replace('-', "")
    );
    let td = "Interac e-Transfer
Your funds have been deposited.

Hi CENTRE PLEIN AIR DU LAC,
The money has been deposited into your account.

Date
Nov 21, 2026
Reference Number
C1AbCdEf2GhJ
Sent From
PIERRE GAGNON
Amount
$30.00 (CAD)

Please do not reply to this email.
";
    let national = format!(
        "Virement Interac : Les fonds ont été déposés.

Bonjour CENTRE PLEIN AIR DU LAC,

Date : 22 novembre 2026
Numéro de référence : CA7hJ2kL3mN4
Expéditeur : JEAN-FRANÇOIS CÔTÉ
Montant : 50,00\u{a0}$ (CAD)
Message : Inscription {c} équipe Les Bûcherons

Banque Nationale
"
    );
    let bmo = format!(
        "INTERAC e-Transfer: SOPHIE LAVOIE sent you money.

Hi CENTRE PLEIN AIR DU LAC,
SOPHIE LAVOIE sent you $120.00 (CAD) and the money has been automatically deposited into your bank account at BMO.
Message: camp de jour {}
Reference Number: CA9QwErTy7Ui
Date: Nov 22, 2026
",
        k.to_lowercase()
    );
    [desjardins.as_str(), &rbc, td, &desjardins, &national, &bmo].join("\n")
}

async fn reconcile(app: &TestApp, text: &str, lang: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.at("/api/admin/payments/reconcile"))
        .header("X-Lang", lang)
        .json(&json!({ "text": text }))
        .send()
        .await
        .unwrap();
    if response.status() == 200 {
        assert_eq!(response.headers()["cache-control"], "no-store");
    }
    answer(response).await
}

async fn confirm(app: &TestApp, items: Value) -> (u16, Value) {
    answer(
        app.client.post(app.at("/api/admin/payments/confirm")).json(&json!({ "items": items })).send().await.unwrap(),
    )
    .await
}

fn item(kind: &str, registration: &Value, transfer: &Value) -> Value {
    json!({ "kind": kind, "registrationId": id(registration), "transfer": transfer })
}

/// Registration ids with their payment state.
type States = Vec<(i64, String)>;

/// A `payment_transfers` row: event registration, camp registration, amount, sender, date,
/// bank reference, confirmed by.
type TransferRow = (Option<i64>, Option<i64>, i64, String, Option<String>, Option<String>, String);

/// `(event registrations, camp registrations, transfers)` as stored: ids with their payment
/// state, and the transfer rows.
fn snapshot(app: &TestApp) -> (States, States, i64) {
    let conn = db(app);
    let states = |sql: &str| {
        conn.prepare(sql)
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
    };
    (
        states("SELECT id, payment_status FROM event_registrations ORDER BY id"),
        states("SELECT id, payment_status FROM day_camp_registrations ORDER BY id"),
        conn.query_row("SELECT count(*) FROM payment_transfers", [], |r| r.get(0)).unwrap(),
    )
}

#[tokio::test]
async fn a_pasted_batch_is_matched_by_reference_then_confirmed_all_or_nothing() {
    let b = batch().await;
    let app = &b.app;
    let (status, body) = reconcile(app, &pasted(&b), "fr").await;
    assert_eq!(status, 200, "{body}");
    let lines = body["lines"].as_array().unwrap();
    let kinds: Vec<&str> = lines.iter().map(|l| l["outcome"]["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["exact", "amountMismatch", "unknown", "duplicate", "alreadyPaid", "exact"], "{body}");
    let registration = |i: usize| lines[i]["registration"]["id"].as_i64();
    assert_eq!(
        (0..6).map(registration).collect::<Vec<_>>(),
        [Some(id(&b.a)), Some(id(&b.b)), None, Some(id(&b.a)), Some(id(&b.c)), Some(id(&b.k))]
    );
    assert_eq!(lines[5]["registration"]["kind"], "camp");
    assert_eq!(lines[0]["registration"]["kind"], "event");
    assert_eq!(lines[0]["registration"]["reference"], reference(&b.a).as_str());
    assert_eq!(lines[0]["registration"]["amountDue"], 50.0);
    assert_eq!(lines[0]["registration"]["paymentStatus"], "pending");
    assert_eq!(lines[4]["registration"]["paymentStatus"], "paid");
    assert_eq!(lines[1]["outcome"], json!({"kind": "amountMismatch", "expectedCents": 10000, "receivedCents": 9000}));
    assert_eq!(lines[3]["outcome"], json!({"kind": "duplicate", "duplicateOf": 0}));
    assert_eq!(
        lines[0]["transfer"],
        json!({"amountCents": 5000, "sender": "MARIE TREMBLAY", "message": format!("Ref: {} pour l'équipe", sloppy(&reference(&b.a))),
            "date": "2026-11-20", "bankReference": "CA1MRbYZ7nQ3"})
    );
    assert_eq!(lines[2]["transfer"]["sender"], "PIERRE GAGNON");
    assert_eq!(lines[4]["transfer"]["amountCents"], 5000, "1\u{a0}234,50-style spaces are read");
    assert_eq!(lines[5]["transfer"]["date"], "2026-11-22");
    // Reading stores nothing.
    let before = snapshot(app);
    assert_eq!(before.2, 0);

    // Confirming the exact lines: those two are paid, and the table says which transfer paid which.
    let exact = json!([item("event", &b.a, &lines[0]["transfer"]), item("camp", &b.k, &lines[5]["transfer"])]);
    let (status, body) = confirm(app, exact.clone()).await;
    assert_eq!((status, body["confirmed"].as_i64()), (200, Some(2)), "{body}");
    assert_eq!(event_state(app, id(&b.a)), ("confirmed".to_owned(), "paid".to_owned()));
    assert_eq!(camp_state(app, id(&b.k)), "paid");
    assert_eq!(event_state(app, id(&b.b)).1, "pending");
    let admin_id: String =
        db(app).query_row("SELECT id FROM users WHERE email = 'admin@example.org'", [], |r| r.get(0)).unwrap();
    let rows: Vec<TransferRow> = db(app)
        .prepare(
            "SELECT event_registration_id, camp_registration_id, amount_cents, sender, transfer_date, bank_reference, confirmed_by
               FROM payment_transfers ORDER BY id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows,
        [
            (
                Some(id(&b.a)),
                None,
                5000,
                "MARIE TREMBLAY".to_owned(),
                Some("2026-11-20".to_owned()),
                Some("CA1MRbYZ7nQ3".to_owned()),
                admin_id.clone()
            ),
            (
                None,
                Some(id(&b.k)),
                12000,
                "SOPHIE LAVOIE".to_owned(),
                Some("2026-11-22".to_owned()),
                Some("CA9QwErTy7Ui".to_owned()),
                admin_id
            ),
        ]
    );
    let event = b.a["eventId"].as_i64().unwrap();
    let listed: Vec<Value> = app.get(&format!("/api/admin/events/{event}/registrations")).await.json().await.unwrap();
    let a_row = listed.iter().find(|r| r["id"] == b.a["id"]).unwrap();
    assert_eq!(a_row["paidBy"]["sender"], "MARIE TREMBLAY", "{a_row}");

    // The same again: refused, nothing changes.
    let after = snapshot(app);
    let (status, body) = confirm(app, exact).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("transfer_already_recorded")));
    assert_eq!(snapshot(app), after);

    // All or nothing: B's right amount in a batch with one bad line leaves B unpaid.
    let mut fresh = lines[1]["transfer"].clone();
    fresh["amountCents"] = json!(10000);
    fresh["bankReference"] = json!("CA4nEwTrAnS1");
    let (status, body) =
        confirm(app, json!([item("event", &b.b, &fresh), item("event", &b.a, &lines[0]["transfer"])])).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("transfer_already_recorded")));
    assert_eq!(snapshot(app), after);
    // A transfer already recorded (its bank number) cannot pay another registration either.
    let mut reused = fresh.clone();
    reused["bankReference"] = json!("CA1MRbYZ7nQ3");
    let (status, body) = confirm(app, json!([item("event", &b.b, &reused)])).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("transfer_already_recorded")));
    assert_eq!(snapshot(app), after);
    // The mismatched amount is not confirmed: the admin settles it by hand.
    let (status, body) = confirm(app, json!([item("event", &b.b, &lines[1]["transfer"])])).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("transfer_amount_mismatch")));
    let (status, body) = confirm(app, json!([item("camp", &b.k, &fresh), item("event", &b.b, &fresh)])).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("transfer_amount_mismatch")), "K owes $120, not $100");
    assert_eq!(snapshot(app), after);
    let (status, body) = confirm(app, json!([])).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("transfer_batch_invalid")));
    let ghost = json!({ "kind": "event", "registrationId": 999_999, "transfer": fresh });
    assert_eq!(confirm(app, json!([ghost])).await.0, 404);
    assert_eq!(snapshot(app), after);
    // With B's right amount alone: paid.
    let (status, _) = confirm(app, json!([item("event", &b.b, &fresh)])).await;
    assert_eq!(status, 200);
    assert_eq!(event_state(app, id(&b.b)).1, "paid");

    // Read again, the batch now says what is paid.
    let (_, body) = reconcile(app, &pasted(&b), "fr").await;
    let kinds: Vec<&str> =
        body["lines"].as_array().unwrap().iter().map(|l| l["outcome"]["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["alreadyPaid", "alreadyPaid", "unknown", "duplicate", "alreadyPaid", "alreadyPaid"]);
}

#[tokio::test]
async fn an_expired_registration_paid_by_a_confirmed_transfer_takes_its_places_back() {
    let app = spawn().await;
    let event = create_event(&app, "Camping", 40, Some(2)).await;
    assert_eq!(event_deadline(&app, event, json!({"days": 2})).await, 204);
    let marie = app.user("marie@example.org", None).await;
    let team = register_team(&app, &marie, event, 2, "fr").await;
    assert_eq!(run(&app, after_days(3)).await.expired, 1);
    assert_eq!(participants(&app, event).await, 0);
    let text = format!(
        "INTERAC e-Transfer: MARIE TREMBLAY sent you money.\n\nMARIE TREMBLAY sent you $80.00 (CAD).\nMessage: {}\nReference Number: CA8lAtEpAy00\n",
        reference(&team)
    );
    let (status, body) = reconcile(&app, &text, "en").await;
    assert_eq!(status, 200, "{body}");
    let line = &body["lines"][0];
    assert_eq!(
        (line["outcome"]["kind"].as_str(), line["registration"]["paymentStatus"].as_str()),
        (Some("exact"), Some("expired"))
    );
    let (status, _) = confirm(&app, json!([item("event", &team, &line["transfer"])])).await;
    assert_eq!(status, 200);
    assert_eq!(event_state(&app, id(&team)), ("confirmed".to_owned(), "paid".to_owned()));
    assert_eq!(participants(&app, event).await, 2);
}

#[tokio::test]
async fn text_that_is_not_a_transfer_is_refused_with_the_reason_in_the_request_language() {
    let app = spawn().await;
    for text in ["Bonjour, voici la liste des inscriptions de samedi.", ""] {
        let (status, body) = reconcile(&app, text, "fr").await;
        assert_eq!((status, body["code"].as_str()), (422, Some("reconcile_unreadable")), "{text:?}: {body}");
        let message = body["fieldErrors"]["text"].as_str().unwrap_or_default();
        assert!(!message.is_empty() && !message.contains("reconcile_"), "a sentence, not a code: {body}");
    }
    let (_, en) = reconcile(&app, "nothing here", "en").await;
    let (_, fr) = reconcile(&app, "rien ici", "fr").await;
    assert_ne!(en["message"], fr["message"], "French and English: {en} {fr}");

    // A notification without its amount names which one.
    let text = "Virement Interac : MARIE TREMBLAY vous a envoyé de l'argent.\nMessage : EV1-ABCDEF\n";
    let (status, body) = reconcile(&app, text, "fr").await;
    assert_eq!((status, body["code"].as_str()), (422, Some("reconcile_notification_amount")), "{body}");
    let message = body["fieldErrors"]["text"].as_str().unwrap_or_default();
    assert!(message.contains('1') && !message.contains('{') && !message.contains("reconcile_"), "{body}");
}

#[tokio::test]
async fn a_bank_export_is_read_like_the_notifications() {
    let b = batch().await;
    let csv = format!(
        "Date,Name,Memo,Withdrawal,Deposit,Balance
2026-11-20,MARIE TREMBLAY,{a},,\"$50.00\",\"$1,274.50\"
2026-11-21,JOHN SMITH,{bb},,\"$100.00\",\"$1,374.50\"
2026-11-22,BELL CANADA,Bill payment,\"$95.00\",,\"$1,279.50\"
",
        a = reference(&b.a),
        bb = sloppy(&reference(&b.b)),
    );
    let (status, body) = reconcile(&b.app, &csv, "fr").await;
    assert_eq!(status, 200, "{body}");
    let kinds: Vec<&str> =
        body["lines"].as_array().unwrap().iter().map(|l| l["outcome"]["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["exact", "exact"], "the debit is not a transfer: {body}");
    assert_eq!(body["lines"][1]["registration"]["id"], b.b["id"]);
}

#[tokio::test]
async fn a_payment_taken_back_can_be_paid_by_another_transfer() {
    // The admin confirmed a transfer, then learned it bounced and set the registration back to
    // pending; the member's new transfer must be confirmable, and the console must name it.
    let b = batch().await;
    let app = &b.app;
    let first = format!(
        "INTERAC e-Transfer: MARIE TREMBLAY sent you money.\nMARIE TREMBLAY sent you $50.00 (CAD).\nMessage: {}\nReference Number: CA0bOuNcEd01\n",
        reference(&b.a)
    );
    let (_, body) = reconcile(app, &first, "en").await;
    assert_eq!(confirm(app, json!([item("event", &b.a, &body["lines"][0]["transfer"])])).await.0, 200);
    assert_eq!(set_payment(app, "event", id(&b.a), "pending").await.0, 200);

    let second = first.replace("CA0bOuNcEd01", "CA0sEcOnD002").replace("MARIE TREMBLAY", "PAUL TREMBLAY");
    let (_, body) = reconcile(app, &second, "en").await;
    let line = &body["lines"][0];
    assert_eq!(line["outcome"]["kind"], "exact", "{body}");
    let (status, answer) = confirm(app, json!([item("event", &b.a, &line["transfer"])])).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(event_state(app, id(&b.a)).1, "paid");
    let event = b.a["eventId"].as_i64().unwrap();
    let listed: Vec<Value> = app.get(&format!("/api/admin/events/{event}/registrations")).await.json().await.unwrap();
    let row = listed.iter().find(|r| r["id"] == b.a["id"]).unwrap();
    assert_eq!(row["paidBy"]["sender"], "PAUL TREMBLAY", "the transfer that paid it: {row}");
}

#[tokio::test]
async fn a_seasons_batch_is_read_whole_and_an_oversized_paste_is_refused() {
    let b = batch().await;
    let app = &b.app;
    let notification = |n: usize, message: &str, cents: usize| {
        format!(
            "INTERAC e-Transfer: MEMBER NUMBER{n} sent you money.\n\nHi CENTRE PLEIN AIR DU LAC,\n\nMEMBER NUMBER{n} sent you ${}.{:02} (CAD) and the money has been automatically deposited into your bank account.\n\nMessage: {message}\n\nDate: November 20, 2026\nReference Number: CA{n:010}\n\nThis email was sent to you by INTERAC Corp.\n\n",
            cents / 100,
            cents % 100
        )
    };
    let mut text = notification(0, &reference(&b.a), 5000);
    let mut n = 1;
    while text.len() < 190_000 {
        text.push_str(&notification(n, "inscription", 2500 + n));
        n += 1;
    }
    let (status, body) = reconcile(app, &text, "fr").await;
    assert_eq!(status, 200, "{}", body["message"]);
    let lines = body["lines"].as_array().unwrap();
    assert_eq!(lines.len(), n, "every notification is a line");
    assert_eq!(lines[0]["outcome"]["kind"], "exact");
    assert!(lines[1..].iter().all(|l| l["outcome"]["kind"] == "unknown"));

    let oversized = "x".repeat(200_001);
    let (status, body) = reconcile(app, &oversized, "fr").await;
    assert_eq!((status, body["code"].as_str()), (422, Some("too_long")));
}
