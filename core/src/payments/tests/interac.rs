//! Pasted notification e-mails, one at a time and as a batch.

use chrono::NaiveDate;

use super::samples::*;
use crate::payments::{ParseError, Transfer, parse};

pub fn transfer(cents: i64, sender: &str, message: &str, date: Option<(i32, u32, u32)>, bank: &str) -> Transfer {
    Transfer {
        amount_cents: cents,
        sender: sender.to_owned(),
        message: message.to_owned(),
        date: date.and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d)),
        bank_reference: (!bank.is_empty()).then(|| bank.to_owned()),
    }
}

/// The transfer each sample holds, in the order of [`ALL_SAMPLES`].
pub fn expected() -> Vec<Transfer> {
    vec![
        transfer(4000, "MARIE TREMBLAY", "Ref: cj abc234 pour Léa", Some((2026, 11, 20)), "CA1MRbYZ7nQ3"),
        transfer(123_450, "JOHN SMITH", "EV12K7MQ2X team Les Smashers", Some((2026, 11, 20)), "CA1XyZ4kP9mN"),
        transfer(8000, "PIERRE GAGNON", "", Some((2026, 11, 21)), "C1AbCdEf2GhJ"),
        transfer(3500, "SOPHIE LAVOIE", "ev12 h3pw9d", Some((2026, 11, 22)), "CA9QwErTy7Ui"),
        transfer(
            123_450,
            "JEAN-FRANÇOIS CÔTÉ",
            "Inscription EV12-M4N5P6 équipe Les Bûcherons",
            Some((2026, 12, 1)),
            "CA7hJ2kL3mN4",
        ),
        transfer(8000, "ÉLODIE ROY", "Paiement camp de jour", None, "CA5tYuIoP0aS"),
        transfer(4500, "KEVIN O'BRIEN", "EV7-QR8TZ4", Some((2026, 11, 23)), "CA2bNmQwEr5T"),
    ]
}

pub const ALL_SAMPLES: [&str; 7] =
    [DESJARDINS_FR, RBC_EN, TD_EN_NO_MESSAGE, BMO_BILINGUAL, NATIONAL_FR, DESJARDINS_FR_NO_REFERENCE, FORWARDED_EN];

#[test]
fn each_bank_notice_alone() {
    for (sample, want) in ALL_SAMPLES.iter().zip(expected()) {
        assert_eq!(parse(sample), Ok(vec![want]), "{sample}");
    }
}

#[test]
fn a_batch_pasted_one_after_another() {
    assert_eq!(parse(&ALL_SAMPLES.join("\n")), Ok(expected()));
    // Pasted with no blank line between them, as some mail clients copy a thread.
    assert_eq!(parse(&ALL_SAMPLES.concat()), Ok(expected()));
}

#[test]
fn windows_line_endings_and_quoted_replies() {
    let crlf = RBC_EN.replace('\n', "\r\n");
    assert_eq!(parse(&crlf), Ok(vec![expected()[1].clone()]));
    let quoted: String = DESJARDINS_FR.lines().map(|l| format!("> {l}\n")).collect();
    assert_eq!(parse(&quoted), Ok(vec![expected()[0].clone()]));
}

#[test]
fn a_notice_without_a_message_line_has_an_empty_message() {
    let text = "INTERAC e-Transfer: JOHN SMITH sent you money.\n\
                JOHN SMITH sent you $40.00 (CAD) and the money has been automatically deposited.\n\
                Date: November 20, 2026\n";
    assert_eq!(parse(text), Ok(vec![transfer(4000, "JOHN SMITH", "", Some((2026, 11, 20)), "")]));
}

#[test]
fn a_subject_that_repeats_the_amount_is_the_same_notice() {
    let text = "INTERAC e-Transfer: JOHN SMITH sent you $40.00 (CAD)\n\
                Hi CENTRE, JOHN SMITH sent you $40.00 (CAD) and the money has been automatically deposited.\n\
                Message: EV12-K7MQ2X\nReference Number: CA1\n\
                INTERAC e-Transfer: JOHN SMITH sent you $40.00 (CAD)\n\
                Hi CENTRE, JOHN SMITH sent you $40.00 (CAD) and the money has been automatically deposited.\n\
                Message: CJ-ABC234\nReference Number: CA2\n";
    assert_eq!(
        parse(text),
        Ok(vec![
            transfer(4000, "JOHN SMITH", "EV12-K7MQ2X", None, "CA1"),
            transfer(4000, "JOHN SMITH", "CJ-ABC234", None, "CA2"),
        ])
    );
}

#[test]
fn the_same_email_pasted_twice_is_read_twice() {
    // Not folded like a translation: reconciliation reports the second as a duplicate.
    let twice = format!("{DESJARDINS_FR}\n{DESJARDINS_FR}");
    assert_eq!(parse(&twice), Ok(vec![expected()[0].clone(), expected()[0].clone()]));
}

#[test]
fn two_notices_from_one_sender_are_two_transfers() {
    let text = format!("{BMO_BILINGUAL}\n{RBC_EN_SECOND_FOR_H3PW9D}");
    let read = parse(&text).unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].message, "EV12-H3PW9D (encore, désolée!)");
    assert_eq!(read[1].bank_reference.as_deref(), Some("CA3pLmKoJn8B"));
}

#[test]
fn labels_written_by_other_banks() {
    let text = "Virement Interac : Les fonds ont été déposés.\n\
                Envoyé par : LUC PARENT\n\
                Montant du virement : 1234,50$\n\
                Message de l'expéditeur : CJ ABC234\n\
                N° de référence : C9ZzYyXx\n\
                Date du dépôt : 2026-11-25\n";
    assert_eq!(parse(text), Ok(vec![transfer(123_450, "LUC PARENT", "CJ ABC234", Some((2026, 11, 25)), "C9ZzYyXx")]));
    let text = "Interac e-Transfer\nAmount\t$20.00 (CAD)\nSender\tANNA LEE\nMessage\tcj-abc234\n";
    assert_eq!(parse(text), Ok(vec![transfer(2000, "ANNA LEE", "cj-abc234", None, "")]));
}

#[test]
fn a_notice_without_an_amount_is_named() {
    let text = format!("INTERAC e-Transfer: JOHN SMITH sent you money.\nMessage: EV12-K7MQ2X\n\n{DESJARDINS_FR}");
    assert_eq!(parse(&text), Err(ParseError::NotificationAmount { notification: 1 }));
    let text = format!("{DESJARDINS_FR}\nAmount: see attached\nMessage: EV12-K7MQ2X\nReference Number: CA0000\n");
    assert_eq!(parse(&text), Err(ParseError::NotificationAmount { notification: 2 }));
    assert_eq!(ParseError::NotificationAmount { notification: 2 }.placeholder(), Some(("notification", 2)));
}

#[test]
fn text_that_is_no_notification_is_unreadable() {
    for text in ["", "   \n\n", "Bonjour, voici les paiements de la semaine.", "Date: November 20, 2026\nHello"] {
        assert_eq!(parse(text), Err(ParseError::Unreadable), "{text:?}");
    }
    assert_eq!(ParseError::Unreadable.code(), "reconcile_unreadable");
}
