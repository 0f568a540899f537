//! References found in messages, and the reconciliation of sample batches.

use serde_json::json;

use super::interac::{ALL_SAMPLES, transfer};
use super::samples::*;
use crate::payments::{Line, Outcome, Payable, PayableKind, find_reference, normalize_reference, parse, reconcile};

#[test]
fn normalizing_keeps_capitals_and_digits() {
    assert_eq!(normalize_reference("ev12 - k7mq2x"), "EV12K7MQ2X");
    assert_eq!(normalize_reference("Ref: cj abc234 pour Léa"), "REFCJABC234POURLA");
    assert_eq!(normalize_reference("  "), "");
}

#[test]
fn references_as_members_type_them() {
    let known = ["EV12-K7MQ2X", "CJ-ABC234"];
    for (message, found) in [
        ("EV12-K7MQ2X", Some(0)),
        ("ev12 k7mq2x", Some(0)),
        ("EV12K7MQ2X", Some(0)),
        ("Paiement équipe Les Smashers (ev12-k7mq2x) merci!", Some(0)),
        ("EV 12 – K7MQ 2X", Some(0)),
        ("Ref: cj abc234 pour Léa", Some(1)),
        ("CJ.ABC234", Some(1)),
        ("CJ-ABC2345 enfants", Some(1)),
        ("", None),
        ("Paiement camp de jour", None),
    ] {
        assert_eq!(find_reference(message, &known), found, "{message:?}");
    }
}

#[test]
fn near_misses_are_not_matches() {
    // The event number is followed at once by the code: one event's reference is never read
    // inside another's.
    assert_eq!(find_reference("EV12-K7MQ2X", &["EV1-K7MQ2X"]), None);
    assert_eq!(find_reference("EV1-K7MQ2X", &["EV12-K7MQ2X"]), None);
    assert_eq!(find_reference("EV112-K7MQ2X", &["EV12-K7MQ2X"]), None);
    assert_eq!(find_reference("EV12-K7MQ2X", &["EV2-K7MQ2X"]), None);
    // A character missing or changed is another reference.
    assert_eq!(find_reference("EV12-K7MQ2", &["EV12-K7MQ2X"]), None);
    assert_eq!(find_reference("EV12-K7MQ3X", &["EV12-K7MQ2X"]), None);
    // The same code under another prefix.
    assert_eq!(find_reference("EV12-ABC234", &["CJ-ABC234"]), None);
    assert_eq!(find_reference("CJ-ABC234", &["EV12-ABC234"]), None);
    // Too short to search for: found in anything.
    assert_eq!(find_reference("EV12-K7MQ2X", &["", "-", "EV12"]), None);
}

#[test]
fn the_one_normalized_ambiguity_goes_to_the_longest_reference() {
    // `EV1-2ABCDE` normalizes to `EV12ABCDE`, the start of `EV12-ABCDEF`.
    let known = ["EV1-2ABCDE", "EV12-ABCDEF"];
    assert_eq!(find_reference("EV12-ABCDEF", &known), Some(1));
    assert_eq!(find_reference("EV1-2ABCDE", &known), Some(0));
    // Two references in one message: the first written.
    assert_eq!(find_reference("CJ-ABC234 et EV12-K7MQ2X", &["EV12-K7MQ2X", "CJ-ABC234"]), Some(1));
}

fn payable(kind: PayableKind, id: i64, reference: &str, due: i64, paid: bool) -> Payable {
    Payable { kind, id, reference: reference.to_owned(), amount_due_cents: due, paid }
}

fn payables() -> Vec<Payable> {
    vec![
        payable(PayableKind::Camp, 3, "CJ-ABC234", 4000, false),
        payable(PayableKind::Event, 41, "EV12-K7MQ2X", 4000, false),
        payable(PayableKind::Event, 42, "EV12-H3PW9D", 3500, false),
        payable(PayableKind::Event, 43, "EV12-M4N5P6", 123_450, false),
        payable(PayableKind::Event, 9, "EV7-QR8TZ4", 4500, true),
    ]
}

fn line(transfer_index: usize, outcome: Outcome, payable_index: Option<usize>) -> Line {
    Line { transfer_index, outcome, payable_index }
}

#[test]
fn a_batch_of_pasted_emails() {
    let text = format!("{}\n{RBC_EN_SECOND_FOR_H3PW9D}\n{DESJARDINS_FR}", ALL_SAMPLES.join("\n"));
    let transfers = parse(&text).unwrap();
    assert_eq!(
        reconcile(&transfers, &payables()),
        vec![
            line(0, Outcome::Exact, Some(0)),
            line(1, Outcome::AmountMismatch { expected_cents: 4000, received_cents: 123_450 }, Some(1)),
            line(2, Outcome::Unknown, None),
            line(3, Outcome::Exact, Some(2)),
            line(4, Outcome::Exact, Some(3)),
            line(5, Outcome::Unknown, None),
            line(6, Outcome::AlreadyPaid, Some(4)),
            // Another transfer for a registration already matched in this batch.
            line(7, Outcome::Duplicate { duplicate_of: 3 }, Some(2)),
            // The first e-mail pasted again.
            line(8, Outcome::Duplicate { duplicate_of: 0 }, Some(0)),
        ]
    );
}

#[test]
fn a_csv_export_with_a_row_exported_twice() {
    let transfers = parse(TD_CSV_EN).unwrap();
    assert_eq!(
        reconcile(&transfers, &payables()),
        vec![
            line(0, Outcome::Exact, Some(0)),
            line(1, Outcome::AmountMismatch { expected_cents: 4000, received_cents: 123_450 }, Some(1)),
            line(2, Outcome::Duplicate { duplicate_of: 1 }, Some(1)),
        ]
    );
}

#[test]
fn what_makes_two_transfers_the_same() {
    let a = transfer(4000, "JEAN ROY", "ev12 k7mq2x", Some((2026, 11, 20)), "");
    let spaced = transfer(4000, "Jean  Roy", "EV12 K7MQ2X", Some((2026, 11, 20)), "");
    let next_day = transfer(4000, "JEAN ROY", "ev12 k7mq2x", Some((2026, 11, 21)), "");
    let numbered = |n: &str| transfer(4000, "JEAN ROY", "no reference", Some((2026, 11, 20)), n);
    let p = payables();
    let outcomes = |ts: &[_]| reconcile(ts, &p).into_iter().map(|l| l.outcome).collect::<Vec<_>>();
    assert_eq!(outcomes(&[a.clone(), spaced]), [Outcome::Exact, Outcome::Duplicate { duplicate_of: 0 }]);
    // Not the same transfer, but the registration was matched by the first.
    assert_eq!(outcomes(&[a, next_day]), [Outcome::Exact, Outcome::Duplicate { duplicate_of: 0 }]);
    // Bank numbers decide when both have one.
    assert_eq!(outcomes(&[numbered("C1"), numbered("C2")]), [Outcome::Unknown, Outcome::Unknown]);
    assert_eq!(outcomes(&[numbered("C1"), numbered("C1")]), [Outcome::Unknown, Outcome::Duplicate { duplicate_of: 0 }]);
}

#[test]
fn a_mismatch_then_the_right_amount() {
    let p = payables();
    let ts =
        [transfer(3000, "JEAN ROY", "EV12-K7MQ2X", None, "C1"), transfer(4000, "JEAN ROY", "EV12-K7MQ2X", None, "C2")];
    let outcomes: Vec<_> = reconcile(&ts, &p).into_iter().map(|l| l.outcome).collect();
    assert_eq!(outcomes, [Outcome::AmountMismatch { expected_cents: 4000, received_cents: 3000 }, Outcome::Exact]);
}

#[test]
fn lines_and_transfers_in_json() {
    let l = line(1, Outcome::AmountMismatch { expected_cents: 4000, received_cents: 3500 }, Some(2));
    assert_eq!(
        serde_json::to_value(l).unwrap(),
        json!({"transferIndex": 1, "outcome": {"kind": "amountMismatch", "expectedCents": 4000, "receivedCents": 3500}, "payableIndex": 2})
    );
    assert_eq!(serde_json::to_value(Outcome::AlreadyPaid).unwrap(), json!({"kind": "alreadyPaid"}));
    assert_eq!(
        serde_json::to_value(Outcome::Duplicate { duplicate_of: 0 }).unwrap(),
        json!({"kind": "duplicate", "duplicateOf": 0})
    );
    assert_eq!(
        serde_json::to_value(transfer(4000, "MARIE TREMBLAY", "cj abc234", Some((2026, 11, 20)), "CA1")).unwrap(),
        json!({"amountCents": 4000, "sender": "MARIE TREMBLAY", "message": "cj abc234", "date": "2026-11-20", "bankReference": "CA1"})
    );
    let p: Payable = serde_json::from_value(
        json!({"kind": "camp", "id": 3, "reference": "CJ-ABC234", "amountDueCents": 4000, "paid": false}),
    )
    .unwrap();
    assert_eq!(p, payables()[0]);
}
