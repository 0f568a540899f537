//! Matching transfers to registrations by the payment reference members write in the
//! transfer's message, and the outcome of each transfer in a batch.
//!
//! References (`EV12-K7MQ2X`, `CJ-ABC234`) are typed badly: `ev12 k7mq2x`, `EV12K7MQ2X`, `Ref:
//! cj abc234 pour Léa`. Both the reference and the message are normalised to capital letters and
//! digits only, and the reference is searched for as a substring, so case, spaces, dashes,
//! punctuation and the words around it do not matter, and neither does a character glued after
//! it (`CJ-ABC2345 enfants`).
//!
//! Why that does not find a reference that is not there: a reference's six-character code comes
//! from a 31-character alphabet, so a message contains one only when its writer copied it. The
//! near misses are references sharing a prefix: `EV1-K7MQ2X` (`EV1K7MQ2X`) is not in `EV12-K7MQ2X`
//! (`EV12K7MQ2X`), nor the reverse, since the event number is followed at once by the code. The
//! one real ambiguity is an event number that extends another's with the code's first digit:
//! `EV1-2ABCDE` normalises to `EV12ABCDE`, the start of `EV12-ABCDEF`. When several references
//! are found, the one written first wins and, at the same place, the longest; so `EV12-ABCDEF`
//! written in full is never taken for `EV1-2ABCDE` (a chance of about one in 900 million per pair
//! of references anyway). References shorter than [`MIN_REFERENCE_LEN`] once normalised are
//! never searched for: an empty one is in every message.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::Transfer;

/// The shortest normalised reference that is searched for (`CJABC234` has 8).
pub const MIN_REFERENCE_LEN: usize = 6;

/// Capital letters and digits only: `ev12 - k7mq2x` → `EV12K7MQ2X`. Accented letters are dropped
/// (references have none).
pub fn normalize_reference(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// The index in `known` of the reference written in `message`, tolerant of case, spaces,
/// dashes, punctuation and surrounding words; the first written, and the longest at the same
/// place, when there are several.
pub fn find_reference(message: &str, known: &[&str]) -> Option<usize> {
    let known: Vec<String> = known.iter().map(|r| normalize_reference(r)).collect();
    find_normalized(&normalize_reference(message), &known)
}

fn find_normalized(message: &str, known: &[String]) -> Option<usize> {
    known
        .iter()
        .enumerate()
        .filter(|(_, r)| r.len() >= MIN_REFERENCE_LEN)
        .filter_map(|(i, r)| message.find(r.as_str()).map(|at| (at, std::cmp::Reverse(r.len()), i)))
        .min()
        .map(|(_, _, i)| i)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PayableKind {
    /// An event registration (`EV12-K7MQ2X`).
    Event,
    /// A day-camp registration (`CJ-ABC234`).
    Camp,
}

/// A registration awaiting (or having received) payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payable {
    pub kind: PayableKind,
    pub id: i64,
    pub reference: String,
    pub amount_due_cents: i64,
    pub paid: bool,
}

/// What a transfer is, in its batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Outcome {
    /// The reference of an unpaid registration and its amount: ready to confirm.
    Exact,
    /// The reference of an unpaid registration, another amount.
    #[serde(rename_all = "camelCase")]
    AmountMismatch { expected_cents: i64, received_cents: i64 },
    /// The reference of a registration already marked paid.
    AlreadyPaid,
    /// No known reference in the message (none, or no message at all).
    Unknown,
    /// The same transfer as an earlier one in the batch, or a second transfer for a
    /// registration an earlier one matched exactly; `duplicate_of` is that one's index.
    #[serde(rename_all = "camelCase")]
    Duplicate { duplicate_of: usize },
}

/// One line of the reconciliation table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub transfer_index: usize,
    pub outcome: Outcome,
    /// The payable whose reference is in the transfer's message, whatever the outcome (none
    /// for `Unknown`).
    pub payable_index: Option<usize>,
}

/// Two lines are the same transfer: the same bank reference when both have one (then nothing
/// else is compared: two transfers of the same amount by the same person on the same day are
/// two transfers), else the same amount, date, sender and message (case and spacing aside).
/// `Seen` finds the first earlier one in constant time, so a month's export of thousands of
/// rows is not compared pair by pair.
#[derive(Default)]
struct Seen<'a> {
    by_reference: HashMap<&'a str, usize>,
    /// Every transfer, by its fields.
    by_fields: HashMap<Fields, usize>,
    /// The transfers without a bank reference, by their fields.
    by_fields_unnumbered: HashMap<Fields, usize>,
}

type Fields = (i64, Option<NaiveDate>, String, String);

fn words_key(s: &str) -> String {
    s.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

impl<'a> Seen<'a> {
    /// The first earlier transfer that is the same as `t`, and `t` noted as seen at `i`.
    fn first_same(&mut self, i: usize, t: &'a Transfer) -> Option<usize> {
        let fields = (t.amount_cents, t.date, words_key(&t.sender), words_key(&t.message));
        let reference = t.bank_reference.as_deref().map(str::trim);
        let earlier = match reference {
            Some(r) => min_some(self.by_reference.get(r).copied(), self.by_fields_unnumbered.get(&fields).copied()),
            None => self.by_fields.get(&fields).copied(),
        };
        match reference {
            Some(r) => {
                self.by_reference.entry(r).or_insert(i);
            }
            None => {
                self.by_fields_unnumbered.entry(fields.clone()).or_insert(i);
            }
        }
        self.by_fields.entry(fields).or_insert(i);
        earlier
    }
}

fn min_some(a: Option<usize>, b: Option<usize>) -> Option<usize> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// One line per transfer, in order. In turn: a transfer seen earlier in the batch is a
/// duplicate; one without a known reference is unknown; a paid registration's is already paid;
/// a second for a registration an earlier transfer matched exactly is a duplicate; the amount
/// due makes it exact, any other amount a mismatch.
pub fn reconcile(transfers: &[Transfer], payables: &[Payable]) -> Vec<Line> {
    let known: Vec<String> = payables.iter().map(|p| normalize_reference(&p.reference)).collect();
    let mut exact_by: Vec<Option<usize>> = vec![None; payables.len()];
    let mut seen = Seen::default();
    let mut lines = Vec::with_capacity(transfers.len());
    for (i, t) in transfers.iter().enumerate() {
        let found = find_normalized(&normalize_reference(&t.message), &known);
        let earlier = seen.first_same(i, t);
        let outcome = match (earlier, found) {
            (Some(first), _) => Outcome::Duplicate { duplicate_of: first },
            (None, None) => Outcome::Unknown,
            (None, Some(p)) => {
                let payable = &payables[p];
                if payable.paid {
                    Outcome::AlreadyPaid
                } else if let Some(first) = exact_by[p] {
                    Outcome::Duplicate { duplicate_of: first }
                } else if t.amount_cents == payable.amount_due_cents {
                    exact_by[p] = Some(i);
                    Outcome::Exact
                } else {
                    Outcome::AmountMismatch { expected_cents: payable.amount_due_cents, received_cents: t.amount_cents }
                }
            }
        };
        lines.push(Line { transfer_index: i, outcome, payable_index: found });
    }
    lines
}
