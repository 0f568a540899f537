//! Properties: any text is read or refused without a panic; a notice written from any transfer
//! reads back as that transfer; reconciliation gives one line per transfer and never matches a
//! reference that is not in the message.

use proptest::prelude::*;

use super::interac::ALL_SAMPLES;
use super::samples::*;
use crate::payments::{
    MIN_REFERENCE_LEN, Outcome, Payable, PayableKind, Transfer, normalize_reference, parse, reconcile,
};

const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Lines that reach every branch of the readers, mixed with anything.
fn fragment() -> impl Strategy<Value = String> {
    let lines: Vec<String> = ALL_SAMPLES
        .iter()
        .chain(&[DESJARDINS_CSV_FR, RBC_CSV_EN, TD_CSV_EN])
        .flat_map(|s| s.lines())
        .map(str::to_owned)
        .collect();
    prop_oneof![
        prop::sample::select(lines),
        "\\PC{0,40}",
        "[0-9 ,.$()-]{0,12}",
        "[;,\t\"a-zé0-9 $]{0,30}",
        Just("Amount".to_owned()),
        Just("Date;Description;Montant".to_owned()),
    ]
}

fn reference() -> impl Strategy<Value = String> {
    let code =
        prop::collection::vec(prop::sample::select(ALPHABET), 6).prop_map(|c| String::from_utf8_lossy(&c).into_owned());
    (prop_oneof![Just("CJ".to_owned()), (1u32..30).prop_map(|n| format!("EV{n}"))], code)
        .prop_map(|(prefix, code)| format!("{prefix}-{code}"))
}

/// A message as a member might write it: around one of the references, or a near miss of it.
fn message(references: Vec<String>) -> impl Strategy<Value = String> {
    let pick = prop::sample::select(references);
    prop_oneof![
        Just(String::new()),
        "\\PC{0,30}",
        (pick.clone(), "[a-z ]{0,10}", any::<bool>(), any::<bool>()).prop_map(|(r, words, lower, nodash)| {
            let r = if nodash { r.replace('-', " ") } else { r };
            let r = if lower { r.to_lowercase() } else { r };
            format!("{words} {r} merci")
        }),
        (pick, 0usize..10).prop_map(|(r, cut)| r.chars().take(cut).collect()),
    ]
}

/// The definition of the same transfer, pair by pair.
fn same_transfer(a: &Transfer, b: &Transfer) -> bool {
    let words = |s: &str| s.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>();
    match (&a.bank_reference, &b.bank_reference) {
        (Some(x), Some(y)) => x == y,
        _ => {
            (a.amount_cents, a.date, words(&a.sender), words(&a.message))
                == (b.amount_cents, b.date, words(&b.sender), words(&b.message))
        }
    }
}

fn batch() -> impl Strategy<Value = (Vec<Payable>, Vec<Transfer>)> {
    prop::collection::vec((reference(), prop::sample::select(vec![2000i64, 3500, 4000]), any::<bool>()), 1..8)
        .prop_flat_map(|ps| {
            let payables: Vec<Payable> = ps
                .iter()
                .enumerate()
                .map(|(i, (r, due, paid))| Payable {
                    kind: if r.starts_with("CJ") { PayableKind::Camp } else { PayableKind::Event },
                    id: i64::try_from(i).unwrap_or_default(),
                    reference: r.clone(),
                    amount_due_cents: *due,
                    paid: *paid,
                })
                .collect();
            let refs: Vec<String> = ps.into_iter().map(|(r, ..)| r).collect();
            let transfer = (
                prop::sample::select(vec![2000i64, 3500, 4000]),
                prop::sample::select(vec!["JEAN ROY", "MARIE TREMBLAY", ""]),
                message(refs),
                prop::option::of(prop::sample::select(vec!["C1", "C2", "C3"])),
            )
                .prop_map(|(amount_cents, sender, message, bank)| Transfer {
                    amount_cents,
                    sender: sender.to_owned(),
                    message,
                    date: None,
                    bank_reference: bank.map(str::to_owned),
                });
            (Just(payables), prop::collection::vec(transfer, 0..12))
        })
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC*") {
        let _ = parse(&text);
    }

    #[test]
    fn any_mix_of_sample_lines_is_read_or_refused(lines in prop::collection::vec(fragment(), 0..30)) {
        if let Ok(transfers) = parse(&lines.join("\n")) {
            prop_assert!(transfers.iter().all(|t| t.amount_cents > 0));
        }
    }

    #[test]
    fn a_notice_reads_back_as_its_transfer(
        cents in 1i64..100_000_000,
        sender in "[A-Z][A-Za-zÉéèô'-]{0,12}( [A-Z][A-Za-zé'-]{1,12}){0,2}",
        message in "[A-Za-z0-9é][A-Za-z0-9é ,!()-]{0,40}",
        french in any::<bool>(),
    ) {
        let (units, rest) = (cents / 100, cents % 100);
        let text = if french {
            let grouped = units.to_string().as_bytes().rchunks(3).rev().map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join("\u{a0}");
            format!("Virement Interac : {sender} vous a envoyé de l'argent.\n{sender} vous a envoyé {grouped},{rest:02}\u{a0}$ (CAD).\nMessage : {message}\nDate : 20 novembre 2026\n")
        } else {
            let grouped = units.to_string().as_bytes().rchunks(3).rev().map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(",");
            format!("INTERAC e-Transfer: {sender} sent you money.\n{sender} sent you ${grouped}.{rest:02} (CAD).\nMessage: {message}\nDate: November 20, 2026\n")
        };
        let read = parse(&text);
        prop_assert_eq!(read, Ok(vec![Transfer {
            amount_cents: cents,
            sender: sender.clone(),
            message: message.trim().to_owned(),
            date: chrono::NaiveDate::from_ymd_opt(2026, 11, 20),
            bank_reference: None,
        }]));
    }

    #[test]
    fn one_line_per_transfer_and_no_reference_that_is_not_written((payables, transfers) in batch()) {
        let lines = reconcile(&transfers, &payables);
        prop_assert_eq!(lines.len(), transfers.len());
        let mut exact = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            prop_assert_eq!(line.transfer_index, i);
            let t = &transfers[i];
            if let Some(first) = transfers[..i].iter().position(|e| same_transfer(e, t)) {
                prop_assert_eq!(line.outcome, Outcome::Duplicate { duplicate_of: first });
            }
            match line.payable_index {
                Some(p) => {
                    let r = normalize_reference(&payables[p].reference);
                    prop_assert!(r.len() >= MIN_REFERENCE_LEN);
                    prop_assert!(normalize_reference(&t.message).contains(&r), "{} not in {:?}", r, t.message);
                }
                None => {
                    let unmatched = matches!(line.outcome, Outcome::Unknown | Outcome::Duplicate { .. });
                    prop_assert!(unmatched);
                }
            }
            match line.outcome {
                Outcome::Exact => {
                    let p = line.payable_index.map(|p| &payables[p]);
                    prop_assert!(p.is_some_and(|p| !p.paid && p.amount_due_cents == t.amount_cents));
                    prop_assert!(!exact.contains(&line.payable_index), "two exact lines for one registration");
                    exact.push(line.payable_index);
                }
                Outcome::AmountMismatch { expected_cents, received_cents } => {
                    prop_assert_eq!(received_cents, t.amount_cents);
                    prop_assert_ne!(expected_cents, received_cents);
                }
                Outcome::AlreadyPaid => prop_assert!(line.payable_index.is_some_and(|p| payables[p].paid)),
                Outcome::Duplicate { duplicate_of } => prop_assert!(duplicate_of < i),
                Outcome::Unknown => prop_assert_eq!(line.payable_index, None),
            }
        }
    }
}
