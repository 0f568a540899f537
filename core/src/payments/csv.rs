//! Bank CSV exports with a header row, in French or English, separated by semicolons, commas or
//! tabs, with quoted fields (the `csv` crate reads them). Columns are recognised by their
//! header's words, whatever their order: the date (`Date`, `Transaction Date`, `Date de
//! l'opération`), the sender's text (`Description`, `Description 1`, `Détails`, `Message`,
//! `Memo`, `Libellé`: every such column, joined), the amount (`Crédit`, `Dépôt`, `Deposit`,
//! `Credit` first, then a signed `Montant`, `Amount`, `CAD$`), the sender (`Expéditeur`, `Nom`,
//! `Name`, `Sender`) and the bank's reference number (`Numéro de référence`, `Reference`).
//!
//! The header may follow a few lines of preamble (account number, period). Rows are kept when
//! their amount is positive; debits, blank credits, zero and negative amounts are skipped, and so
//! are rows whose date cell has no digit at all (`Total`, `Solde d'ouverture`). A dated row
//! whose amount or date cannot be read refuses the whole file, naming its line.

use ::csv::{Reader, ReaderBuilder, StringRecord, Trim};

use super::fields::{Cell, cell_cents, date, day_first_hint, words};
use super::{ParseError, Transfer};

/// How many lines may come before the header.
const HEADER_SEARCH: usize = 10;
const DELIMITERS: [u8; 3] = [b';', b',', b'\t'];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Date,
    Credit,
    Amount,
    Message,
    Sender,
    Reference,
    /// Recognised and not needed: debits, balance.
    Other,
}

/// A header cell's role. A header is a name, not a sentence: a cell with a colon or more than
/// five words is none (a pasted e-mail line is not taken for a header).
fn role(header: &str) -> Option<Role> {
    let w = words(header);
    if header.contains(':') || w.len() > 5 {
        return None;
    }
    let has = |xs: &[&str]| w.iter().any(|x| xs.contains(&x.as_str()));
    let credit = has(&["credit", "credits", "deposit", "deposits", "depot", "depots"]);
    let debit = has(&["debit", "debits", "retrait", "retraits", "withdrawal", "withdrawals"]);
    let role = match () {
        // One column for both (`Débit/Crédit`): its sign tells.
        () if credit && debit => Role::Amount,
        () if credit => Role::Credit,
        () if debit || has(&["solde", "balance"]) => Role::Other,
        () if has(&["montant", "amount", "cad"]) => Role::Amount,
        () if has(&["date"]) => Role::Date,
        () if has(&["description", "details", "detail", "message", "memo", "libelle", "note", "notes"]) => {
            Role::Message
        }
        () if has(&["reference"]) => Role::Reference,
        () if has(&["expediteur", "sender", "payer", "payeur", "remitter"]) => Role::Sender,
        () if matches!(w.as_slice(), [x] if ["name", "nom", "from"].contains(&x.as_str())) => Role::Sender,
        () => return None,
    };
    Some(role)
}

/// Where each field is, once a header is recognised.
#[derive(Debug, Default)]
pub(super) struct Table {
    delimiter: u8,
    /// The header's record number (records skip blank lines).
    header: usize,
    date: Option<usize>,
    /// Credit columns first, then signed amounts: the first non-zero cell is the amount.
    amounts: Vec<usize>,
    messages: Vec<usize>,
    sender: Option<usize>,
    reference: Option<usize>,
    /// The header is French: an ambiguous `05/11/2026` is then read day first.
    french: bool,
}

/// A header has an amount column and a date or description column.
fn recognise(rec: &StringRecord) -> Option<Table> {
    let mut t = Table::default();
    let mut signed = Vec::new();
    for (i, cell) in rec.iter().enumerate() {
        match role(cell) {
            Some(Role::Date) => t.date = t.date.or(Some(i)),
            Some(Role::Credit) => t.amounts.push(i),
            Some(Role::Amount) => signed.push(i),
            Some(Role::Message) => t.messages.push(i),
            Some(Role::Sender) => t.sender = t.sender.or(Some(i)),
            Some(Role::Reference) => t.reference = t.reference.or(Some(i)),
            Some(Role::Other) | None => {}
        }
    }
    t.amounts.extend(signed);
    if t.amounts.is_empty() || (t.date.is_none() && t.messages.is_empty()) {
        return None;
    }
    t.french = rec.iter().any(|cell| {
        !cell.is_ascii()
            || words(cell).iter().any(|w| {
                ["montant", "depot", "depots", "retrait", "retraits", "solde", "libelle", "nom", "expediteur"]
                    .contains(&w.as_str())
            })
    });
    Some(t)
}

fn reader(text: &str, delimiter: u8) -> Reader<&[u8]> {
    ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .trim(Trim::All)
        .from_reader(text.as_bytes())
}

/// The header among the first lines, with the delimiter that splits it into known columns.
pub(super) fn find_header(text: &str) -> Option<Table> {
    DELIMITERS.into_iter().find_map(|delimiter| {
        reader(text, delimiter).records().take(HEADER_SEARCH).map_while(Result::ok).enumerate().find_map(|(i, rec)| {
            let t = recognise(&rec)?;
            Some(Table { delimiter, header: i, ..t })
        })
    })
}

/// Lines split by a delimiter, as a CSV export without a recognisable header would be.
pub(super) fn looks_tabular(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let (Some(first), Some(_)) = (lines.next(), lines.next()) else {
        return false;
    };
    DELIMITERS.iter().any(|&d| first.bytes().filter(|&b| b == d).count() >= 2)
}

fn cell(rec: &StringRecord, i: Option<usize>) -> &str {
    i.and_then(|i| rec.get(i)).unwrap_or("")
}

/// The transfers in the rows after the header.
pub(super) fn read(text: &str, t: &Table) -> Result<Vec<Transfer>, ParseError> {
    let rows: Vec<StringRecord> = reader(text, t.delimiter)
        .records()
        .skip(t.header + 1)
        .collect::<Result<_, _>>()
        .map_err(|_| ParseError::Unreadable)?;
    // One order for the whole file: the first date that can only be read one way decides.
    let day_first = rows.iter().find_map(|r| day_first_hint(cell(r, t.date))).unwrap_or(t.french);
    let mut out = Vec::new();
    for rec in &rows {
        let line = rec.position().map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
        let date = match t.date.map(|i| cell(rec, Some(i))) {
            None => None,
            Some(d) if !d.bytes().any(|b| b.is_ascii_digit()) => continue,
            Some(d) => Some(date(d, day_first).ok_or(ParseError::CsvDate { line })?),
        };
        let mut amount = 0;
        for &i in &t.amounts {
            match cell_cents(cell(rec, Some(i))) {
                Cell::Blank | Cell::Cents(0) => {}
                Cell::Cents(c) => {
                    amount = c;
                    break;
                }
                Cell::Unreadable => return Err(ParseError::CsvAmount { line }),
            }
        }
        if amount <= 0 {
            continue;
        }
        let message: Vec<&str> = t.messages.iter().map(|&i| cell(rec, Some(i))).filter(|m| !m.is_empty()).collect();
        let reference = cell(rec, t.reference);
        out.push(Transfer {
            amount_cents: amount,
            sender: cell(rec, t.sender).to_owned(),
            message: message.join(" "),
            date,
            bank_reference: (!reference.is_empty()).then(|| reference.to_owned()),
        });
    }
    Ok(out)
}
