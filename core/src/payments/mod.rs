//! Payment reconciliation, the pure part: reading the Interac transfers an admin
//! pastes or uploads, and matching each one to a registration by its payment reference.
//!
//! - [`parse`] reads either the text of Interac notification e-mails, one or many pasted one
//!   after another, in French or English and from any bank (`interac.rs`), or a bank's CSV
//!   export with a header row (`csv.rs`). What it cannot read is an error with a catalogue code,
//!   never a guess: a transfer silently dropped or misread is money an admin never sees.
//! - [`reconcile`] gives one [`Line`] per transfer, in order: ready to confirm, amount
//!   mismatch, registration already paid, unknown reference, or duplicate (`matching.rs`).
//!
//! The server stores nothing from here: it reads the payables from the database, calls these
//! two functions and shows the table; confirming a line is its own write.

mod csv;
mod fields;
mod interac;
mod matching;
mod status;

use std::fmt;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use matching::{
    Line, MIN_REFERENCE_LEN, Outcome, Payable, PayableKind, find_reference, normalize_reference, reconcile,
};
pub use status::{Deadline, PaymentStatus, ReminderPolicy};

/// One incoming transfer as the bank reported it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Transfer {
    /// Always positive.
    pub amount_cents: i64,
    /// As the bank wrote it (often in capitals); empty when not given.
    pub sender: String,
    /// The sender's message, where members write their payment reference; empty when none.
    pub message: String,
    pub date: Option<NaiveDate>,
    /// The bank's or Interac's own number for the transfer (`CA1MRbYZ7nQ3`), when given: the
    /// surest sign that two lines are the same transfer.
    pub bank_reference: Option<String>,
}

/// Why a text could not be read. Each has a catalogue code; the positions are 1-based, for the
/// `{line}` and `{notification}` placeholders of the messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseError {
    /// Neither a CSV export with a recognisable header nor any Interac notification.
    Unreadable,
    /// Delimited lines, as a CSV export, without a header row naming an amount column and a
    /// date or description column among the first lines.
    CsvHeader,
    /// A dated CSV row whose amount cell is not a number.
    CsvAmount { line: usize },
    /// A CSV row whose date cell is not a date.
    CsvDate { line: usize },
    /// A notification (counted from the top of the text) without a readable amount.
    NotificationAmount { notification: usize },
}

impl ParseError {
    /// The catalogue code.
    pub fn code(self) -> &'static str {
        match self {
            ParseError::Unreadable => "reconcile_unreadable",
            ParseError::CsvHeader => "reconcile_csv_header",
            ParseError::CsvAmount { .. } => "reconcile_csv_amount",
            ParseError::CsvDate { .. } => "reconcile_csv_date",
            ParseError::NotificationAmount { .. } => "reconcile_notification_amount",
        }
    }

    /// The message's placeholder and its value, when it has one: `("line", 14)`.
    pub fn placeholder(self) -> Option<(&'static str, usize)> {
        match self {
            ParseError::Unreadable | ParseError::CsvHeader => None,
            ParseError::CsvAmount { line } | ParseError::CsvDate { line } => Some(("line", line)),
            ParseError::NotificationAmount { notification } => Some(("notification", notification)),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.placeholder() {
            Some((name, n)) => write!(f, "{} ({name} {n})", self.code()),
            None => f.write_str(self.code()),
        }
    }
}

impl std::error::Error for ParseError {}

/// Reads the transfers in `text`: a bank's CSV export when a header row is recognised among its
/// first lines, else pasted Interac notifications. Only incoming transfers are returned (a CSV's
/// debits and zero or negative amounts are skipped), in the text's order; an export with only
/// debits gives an empty list.
pub fn parse(text: &str) -> Result<Vec<Transfer>, ParseError> {
    let text = text.trim_start_matches('\u{feff}');
    if let Some(table) = csv::find_header(text) {
        return csv::read(text, &table);
    }
    let transfers = interac::read(text)?;
    if !transfers.is_empty() {
        Ok(transfers)
    } else if csv::looks_tabular(text) {
        Err(ParseError::CsvHeader)
    } else {
        Err(ParseError::Unreadable)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
