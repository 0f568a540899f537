//! Bank CSV exports in French and English.

use super::interac::transfer;
use super::samples::*;
use crate::payments::{ParseError, parse};

#[test]
fn desjardins_in_french_with_semicolons() {
    assert_eq!(
        parse(DESJARDINS_CSV_FR),
        Ok(vec![
            transfer(4000, "MARIE TREMBLAY", "Virement Interac - Ref: cj abc234 pour Léa", Some((2026, 11, 20)), ""),
            transfer(123_450, "JEAN ROY", "Virement Interac - EV12; K7MQ2X", Some((2026, 11, 21)), ""),
            transfer(8000, "PIERRE GAGNON", "Virement Interac", Some((2026, 11, 23)), ""),
        ])
    );
}

#[test]
fn rbc_in_english_with_commas_and_a_signed_amount() {
    assert_eq!(
        parse(RBC_CSV_EN),
        Ok(vec![
            transfer(123_450, "", "e-Transfer - Autodeposit JOHN SMITH EV12K7MQ2X team", Some((2026, 11, 20)), ""),
            transfer(3500, "", "e-Transfer - Autodeposit SOPHIE LAVOIE ev12 h3pw9d", Some((2026, 11, 22)), ""),
            transfer(8000, "", "e-Transfer - Autodeposit PIERRE GAGNON", Some((2026, 11, 5)), ""),
        ])
    );
}

#[test]
fn english_export_with_dollar_amounts_keeps_a_repeated_row() {
    let read = parse(TD_CSV_EN).unwrap();
    assert_eq!(read.len(), 3, "the bill payment is a withdrawal");
    assert_eq!(read[0], transfer(4000, "MARIE TREMBLAY", "CJ-ABC234", Some((2026, 11, 20)), ""));
    assert_eq!(read[1], read[2], "reconciliation, not reading, calls it a duplicate");
}

#[test]
fn tabs_a_reference_column_and_day_first_french_dates() {
    let text = "Date\tDétails\tNom\tMontant\tNuméro de référence\n\
                05/11/2026\tVirement Interac EV12-K7MQ2X\tJEAN ROY\t40,00\tC1A2B3\n\
                20/11/2026\tVirement Interac\tLUC PARENT\t-12,00\tC4D5E6\n";
    assert_eq!(
        parse(text),
        Ok(vec![transfer(4000, "JEAN ROY", "Virement Interac EV12-K7MQ2X", Some((2026, 11, 5)), "C1A2B3")])
    );
    // French header, only ambiguous dates: day first.
    let text = "Date;Description;Crédit\n05/11/2026;EV12-K7MQ2X;40,00\n";
    assert_eq!(parse(text).unwrap()[0].date, chrono::NaiveDate::from_ymd_opt(2026, 11, 5));
    // English header, only ambiguous dates: month first.
    let text = "Date,Description,Amount\n05/11/2026,EV12-K7MQ2X,40.00\n";
    assert_eq!(parse(text).unwrap()[0].date, chrono::NaiveDate::from_ymd_opt(2026, 5, 11));
}

#[test]
fn an_export_of_debits_only_has_no_transfer() {
    assert_eq!(parse("Date;Description;Débit;Crédit\n2026-11-22;Frais mensuels;4,95;\n"), Ok(vec![]));
}

#[test]
fn an_unreadable_cell_names_its_line() {
    let text = "Date;Description;Montant\n2026-11-20;EV12-K7MQ2X;40,00\n2026-11-21;CJ-ABC234;quarante\n";
    assert_eq!(parse(text), Err(ParseError::CsvAmount { line: 3 }));
    let text = "Compte;123\n\nDate;Description;Montant\n2026-11-20;EV12-K7MQ2X;40,00\n21/11/26;CJ-ABC234;40,00\n";
    assert_eq!(parse(text), Err(ParseError::CsvDate { line: 5 }));
    assert_eq!(ParseError::CsvDate { line: 5 }.placeholder(), Some(("line", 5)));
    assert_eq!(ParseError::CsvDate { line: 5 }.to_string(), "reconcile_csv_date (line 5)");
}

#[test]
fn an_export_without_a_header_is_refused_as_such() {
    // Desjardins' own format has no header row.
    let text = "\"815\",\"30123\",\"EOP\",\"2026/11/20\",\"00012\",\"Virement Interac\",\"\",\"\",\"40,00\"\n\
                \"815\",\"30123\",\"EOP\",\"2026/11/21\",\"00013\",\"Frais\",\"\",\"4,95\",\"\"\n";
    assert_eq!(parse(text), Err(ParseError::CsvHeader));
    assert_eq!(ParseError::CsvHeader.code(), "reconcile_csv_header");
}

#[test]
fn a_pasted_email_is_not_taken_for_a_header() {
    let text = "MARIE TREMBLAY vous a envoyé 40,00 $ (CAD).\n\
                Message: paiement du montant, date limite demain\n";
    let read = parse(text).unwrap();
    assert_eq!(read, vec![transfer(4000, "MARIE TREMBLAY", "paiement du montant, date limite demain", None, "")]);
}
