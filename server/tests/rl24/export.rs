//! The January export: per payer and child, what was received in the year (the transfer's
//! day), refunds taken off, split by the payers' shares to the cent; the workbook (number
//! masked) read back, the printable statements (number whole) in both languages, and roles.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use serde_json::{Value, json};

use super::{SIN, payer, register_with};
use crate::common::TestApp;
use crate::daycamps::{born, db, form, register, weeks};
use crate::event_registrations::xlsx_checks;

/// Marks a registration paid by a transfer of `cents` on `day`, as the bank's record says.
fn paid(app: &TestApp, id: i64, cents: i64, day: &str) {
    let conn = db(app);
    conn.execute(
        "UPDATE day_camp_registrations SET amount_cents = ?2, payment_status = 'paid' WHERE id = ?1",
        rusqlite::params![id, cents],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO payment_transfers (camp_registration_id, amount_cents, sender, message, transfer_date, confirmed_at)
         VALUES (?1, ?2, 'ANA ROY', 'camp', ?3, ?3 || 'T20:00:00Z')",
        rusqlite::params![id, cents, day],
    )
    .unwrap();
}

/// Three children: Léa (two payers 50/50 on an odd-cent total paid 30 December 2026), Léo (no
/// payer named, paid 30 December 2025), Zoé (paid in March 2026, refunded in April).
async fn three_children(app: &TestApp) -> (i64, i64, i64) {
    let parent = app.user("ana@example.org", None).await;
    let (status, lea) =
        register_with(app, &parent, json!([payer("Ana Roy", Some("046 454 286")), payer("Marc Roy", None)])).await;
    assert_eq!(status, 201, "{lea}");
    let weeks = weeks(app).await;
    let (status, leo) = register(&parent, &app.url, &form("Léo", &born(&weeks, 7, 60), &[weeks[0].id])).await;
    assert_eq!(status, 201, "{leo}");
    let mut body = form("Zoé", &born(&weeks, 7, 80), &[weeks[0].id]);
    body["payers"] = json!([payer("Ana Roy", None)]);
    let (status, zoe) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 201, "{zoe}");
    let ids = (lea["id"].as_i64().unwrap(), leo["id"].as_i64().unwrap(), zoe["id"].as_i64().unwrap());
    paid(app, ids.0, 30_001, "2026-12-30");
    paid(app, ids.1, 12_000, "2025-12-30");
    paid(app, ids.2, 5_000, "2026-03-01");
    db(app)
        .execute(
            "UPDATE day_camp_registrations SET payment_status = 'refunded', released_at = '2026-04-01T15:00:00Z',
                 released_weeks = '[]' WHERE id = ?1",
            [ids.2],
        )
        .unwrap();
    (ids.0, ids.1, ids.2)
}

/// The sheet's cells as LibreOffice and Excel read them: a text, a number, or nothing.
fn cells(bytes: &[u8]) -> Vec<Vec<Data>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(book.sheet_names(), vec!["RL-24".to_owned()]);
    let range = book.worksheet_range("RL-24").unwrap();
    range.rows().map(<[Data]>::to_vec).collect()
}

fn text(value: &str) -> Data {
    Data::String(value.to_owned())
}

#[tokio::test]
async fn rl24_workbook_has_each_payers_share_of_the_year() {
    let app = TestApp::with_admin().await;
    let (lea, leo, _zoe) = three_children(&app).await;

    let response = app.get("/api/admin/rl24.xlsx?year=2026").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-row-count"], "2");
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("rl24_2026.xlsx"));
    let bytes = response.bytes().await.unwrap();
    xlsx_checks::keep(&bytes, "rl24_2026.xlsx");
    let rows = cells(&bytes);
    assert_eq!(rows[0][0], text("Payeur"));
    // (payer, postal code, number, child, share, amount, registration), the share, the amount
    // and the registration as numbers: the two halves of 300.01 are 150.01 and 150.00; Zoé's
    // refunded payment of the same year is not there.
    let got: Vec<[&Data; 7]> = rows[1..].iter().map(|r| [&r[0], &r[4], &r[5], &r[6], &r[10], &r[11], &r[12]]).collect();
    let lea = Data::Float(lea as f64);
    assert_eq!(
        got,
        [
            [
                &text("Ana Roy"),
                &text("J0X 2W0"),
                &text("*** *** 286"),
                &text("Léa"),
                &Data::Float(50.0),
                &Data::Float(150.01),
                &lea
            ],
            [
                &text("Marc Roy"),
                &text("J0X 2W0"),
                &Data::Empty,
                &text("Léa"),
                &Data::Float(50.0),
                &Data::Float(150.0),
                &lea
            ],
        ]
    );
    assert!(!bytes.windows(SIN.len()).any(|w| w == SIN.as_bytes()), "the workbook masks the number");

    // 2025: Léo's payment, named by the registration's parent, whole, without an address.
    let rows = cells(&app.get("/api/admin/rl24.xlsx?year=2025").await.bytes().await.unwrap());
    let got: Vec<[&Data; 5]> = rows[1..].iter().map(|r| [&r[0], &r[1], &r[6], &r[11], &r[12]]).collect();
    assert_eq!(got, [[&text("Ana Roy"), &Data::Empty, &text("Léo"), &Data::Float(120.0), &Data::Float(leo as f64)]]);

    // A year with nothing; a year that is not one.
    let none = app.get("/api/admin/rl24.xlsx?year=2024").await;
    assert_eq!(none.status(), 404);
    assert_eq!(none.json::<Value>().await.unwrap()["code"], "rl24_nothing_to_export");
    assert_eq!(app.get("/api/admin/rl24.xlsx?year=1800").await.status(), 422);
    assert_eq!(app.get("/api/admin/rl24.xlsx").await.status(), 422);
}

#[tokio::test]
async fn the_statements_show_the_number_whole_once_per_payer_in_both_languages() {
    let app = TestApp::with_admin().await;
    three_children(&app).await;
    let page = app.get("/api/admin/rl24/2026/statements").await;
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = page.text().await.unwrap();
    assert_eq!(html.matches("class=\"statement\"").count(), 2, "one page per payer");
    for text in [
        "<html lang=\"fr\">",
        "Frais de garde payés en 2026 (RL-24) — Centre plein air de La Pêche",
        "Ce document n'est pas un relevé officiel",
        "Numéro d'assurance sociale : 046 454 286",
        "Numéro d'assurance sociale : non fourni",
        "150,01 $",
        "150,00 $",
        "12 chemin de la Rivière",
    ] {
        assert!(html.contains(text), "{text:?} in {html}");
    }
    assert!(!html.contains("Zoé"), "refunded the same year");
    let english = app.get("/api/admin/rl24/2026/statements?lang=en").await.text().await.unwrap();
    for text in ["<html lang=\"en\">", "Childcare expenses paid in 2026", "is not an official slip", "$150.01"] {
        assert!(english.contains(text), "{text:?} in {english}");
    }
    assert_eq!(app.get("/api/admin/rl24/abc/statements").await.status(), 422);
}

#[tokio::test]
async fn only_admins_export_the_rl24() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    for path in ["/api/admin/rl24.xlsx?year=2026", "/api/admin/rl24/2026/statements"] {
        assert_eq!(app.get(path).await.status(), 401, "{path}");
        assert_eq!(parent.client.get(app.at(path)).send().await.unwrap().status(), 403, "{path}");
    }
}

/// The January export as an admin and Revenu Québec's form read it: the workbook's cells, typed,
/// and the printable statements in French and in English.
#[tokio::test]
async fn the_rl24_workbook_and_statements_as_people_read_them() {
    let app = TestApp::with_admin().await;
    three_children(&app).await;
    let bytes = app.get("/api/admin/rl24.xlsx?year=2026").await.bytes().await.unwrap();
    let mut settings = insta::Settings::clone_current();
    crate::common::snap::redact_references(&mut settings);
    settings.add_filter(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?Z?", "[instant of the run]");
    // The child's weeks are the coming summer's, and the birth date is drawn from them.
    settings.add_redaction(r#"["RL-24"][1:][8].date"#, "[7 years and 40 days before the week]");
    settings.add_redaction(r#"["RL-24"][1:][9]"#, "[the child's week of the coming summer]");
    settings.add_filter(r"<td>\d{2}/\d{2}/\d{4}</td>", "<td>[birth date]</td>");
    settings.add_filter(r"<td>[^<]*(juillet|août|July|August)[^<]*</td>", "<td>[the child's weeks]</td>");
    settings.bind(|| insta::assert_json_snapshot!("rl24_workbook_2026", crate::common::snap::workbook(&bytes)));
    for (lang, query) in [("fr", ""), ("en", "?lang=en")] {
        let html = app.get(&format!("/api/admin/rl24/2026/statements{query}")).await.text().await.unwrap();
        settings.bind(|| insta::assert_snapshot!(format!("rl24_statements_2026_{lang}"), html));
    }
}
