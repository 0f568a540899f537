//! Amounts and dates as banks write them.

use chrono::NaiveDate;

use crate::payments::fields::{Cell, amount_value, cell_cents, date, money_cents, number_cents};

fn ymd(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y, m, d)
}

#[test]
fn numbers_in_both_languages() {
    for (written, cents) in [
        ("40", Some(4000)),
        ("40.00", Some(4000)),
        ("40,00", Some(4000)),
        ("40,5", Some(4050)),
        ("1,234.50", Some(123_450)),
        ("1 234,50", Some(123_450)),
        ("1\u{a0}234,50", Some(123_450)),
        ("1\u{202f}234,50", Some(123_450)),
        ("1.234,50", Some(123_450)),
        ("1234,50", Some(123_450)),
        ("1,234", Some(123_400)),
        ("12,345,678.90", Some(1_234_567_890)),
        ("40.", Some(4000)),
        ("", None),
        ("40 2", None),
        ("1,2,3", None),
        ("-40.00", None),
        ("quarante", None),
        ("99999999999999999999", None),
    ] {
        assert_eq!(number_cents(written), cents, "{written:?}");
    }
}

#[test]
fn amounts_next_to_a_dollar_sign() {
    for (written, cents) in [
        ("JOHN SMITH sent you $1,234.50 (CAD) and the money", Some(123_450)),
        ("sent you $40.00.", Some(4000)),
        ("vous a envoyé 1 234,50 $ (CAD) et", Some(123_450)),
        ("vous a envoyé 1\u{a0}234,50\u{a0}$ (CAD)", Some(123_450)),
        ("vous a envoyé 1234,50$ (CAD).", Some(123_450)),
        ("2 enfants, 40,00 $", Some(4000)),
        ("$40.00 2 personnes", Some(4000)),
        ("vous a envoyé de l'argent.", None),
        ("$ et rien", None),
    ] {
        assert_eq!(money_cents(written), cents, "{written:?}");
    }
    assert_eq!(amount_value("40.00 CAD"), Some(4000));
    assert_eq!(amount_value("CAD 40,00"), Some(4000));
    assert_eq!(amount_value("$80.00 (CAD)"), Some(8000));
}

#[test]
fn csv_cells_with_their_sign() {
    for (cell, read) in [
        ("40.00", Cell::Cents(4000)),
        ("40,00", Cell::Cents(4000)),
        ("1 234,50", Cell::Cents(123_450)),
        ("$1,234.50", Cell::Cents(123_450)),
        ("40,00 $", Cell::Cents(4000)),
        ("+40.00", Cell::Cents(4000)),
        ("-85.20", Cell::Cents(-8520)),
        ("85.20-", Cell::Cents(-8520)),
        ("(85.20)", Cell::Cents(-8520)),
        ("  ", Cell::Blank),
        ("n/a", Cell::Unreadable),
    ] {
        assert_eq!(cell_cents(cell), read, "{cell:?}");
    }
}

#[test]
fn dates_as_notifications_and_exports_write_them() {
    for (written, day_first, read) in [
        ("November 20, 2026", false, ymd(2026, 11, 20)),
        ("Nov. 20, 2026", false, ymd(2026, 11, 20)),
        ("Thursday, November 20, 2026 10:14 AM", false, ymd(2026, 11, 20)),
        ("Thu, 20 Nov 2026 10:14:02 -0500", false, ymd(2026, 11, 20)),
        ("Sun, Nov 23, 2026 at 9:02 AM", false, ymd(2026, 11, 23)),
        ("20 novembre 2026", true, ymd(2026, 11, 20)),
        ("le 20 nov. 2026 à 10 h 14", true, ymd(2026, 11, 20)),
        ("1er décembre 2026", true, ymd(2026, 12, 1)),
        ("mar. 3 mars 2026", true, ymd(2026, 3, 3)),
        ("Tue, Mar 3, 2026", false, ymd(2026, 3, 3)),
        ("15 août 2026", true, ymd(2026, 8, 15)),
        ("2026-11-20", true, ymd(2026, 11, 20)),
        ("2026/11/20", false, ymd(2026, 11, 20)),
        ("20/11/2026", false, ymd(2026, 11, 20)),
        ("11/20/2026", true, ymd(2026, 11, 20)),
        ("05/11/2026", true, ymd(2026, 11, 5)),
        ("05/11/2026", false, ymd(2026, 5, 11)),
        ("November 2026", false, None),
        ("31 février 2026", true, None),
        ("2026-13-45", true, None),
        ("20/11/26", true, None),
        ("Total", true, None),
    ] {
        assert_eq!(date(written, day_first), read, "{written:?}");
    }
}
