//! The payments view as an xlsx workbook: sheet 'Impayés' (one row per unpaid registration,
//! with days since registration, reminders sent and deadline) and sheet 'Totaux' (expected,
//! received and outstanding per event and per camp week).

use centre_core::Lang;
use centre_core::camps::program_name;
use centre_core::timefmt::utc_text;
use centre_core::validation::dollars;
use chrono::{DateTime, NaiveDate, Utc};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::db::payments::due::next_reminder;
use crate::db::payments::overview::{EventTotals, Unpaid, WeekTotals};
use crate::db::payments::{Kind, ReminderPolicy};
use crate::emails::date_time;

pub const UNPAID_SHEET: &str = "Impayés";
pub const TOTALS_SHEET: &str = "Totaux";
pub const UNPAID_HEADERS: [&str; 10] = [
    "Type",
    "Inscription",
    "Événement ou programme",
    "Référence",
    "Montant dû ($)",
    "Date d'inscription",
    "Jours depuis l'inscription",
    "Rappels envoyés",
    "Prochain rappel",
    "Date limite",
];
pub const TOTALS_HEADERS: [&str; 5] = ["Type", "Événement ou semaine", "Attendu ($)", "Reçu ($)", "À recevoir ($)"];

/// The label of a payment state in French, as the console, the exports and the e-mails show it.
pub fn payment_status_fr(status: &str) -> &'static str {
    match status {
        "paid" => "Payé",
        "expired" => "Expiré",
        "refunded" => "Remboursé",
        _ => "En attente",
    }
}

pub fn workbook(
    unpaid: &[Unpaid],
    events: &[EventTotals],
    weeks: &[WeekTotals],
    policy: ReminderPolicy,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let amount = Format::new().set_num_format("0.00");
    let sheet = book.add_worksheet();
    sheet.set_name(UNPAID_SHEET)?;
    for (col, header) in UNPAID_HEADERS.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    for (i, u) in unpaid.iter().enumerate() {
        let row = i as u32 + 1;
        let (kind, title) = match u.kind {
            Kind::Event => ("Événement", u.title.clone()),
            Kind::Camp => ("Camp de jour", program_name(&u.title, Lang::Fr)),
        };
        let when = |t: Option<DateTime<Utc>>| t.map(|t| date_time(&utc_text(t), tz, Lang::Fr)).unwrap_or_default();
        sheet.write_string(row, 0, kind)?;
        sheet.write_string(row, 1, &u.name)?;
        sheet.write_string(row, 2, &title)?;
        sheet.write_string(row, 3, &u.reference)?;
        sheet.write_number_with_format(row, 4, dollars(u.amount_cents), &amount)?;
        sheet.write_string(row, 5, when(Some(u.created_at)))?;
        sheet.write_number(row, 6, (now - u.created_at).num_days().max(0) as f64)?;
        sheet.write_number(row, 7, u.reminders_sent as f64)?;
        sheet.write_string(row, 8, when(next_reminder(u, policy)))?;
        sheet.write_string(row, 9, when(u.deadline))?;
    }
    for (col, width) in [14.0, 24.0, 28.0, 14.0, 14.0, 18.0, 12.0, 10.0, 18.0, 18.0].into_iter().enumerate() {
        sheet.set_column_width(col as u16, width)?;
    }
    sheet.set_freeze_panes(1, 0)?;

    let totals = book.add_worksheet();
    totals.set_name(TOTALS_SHEET)?;
    for (col, header) in TOTALS_HEADERS.iter().enumerate() {
        totals.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    let lines = events
        .iter()
        .map(|e| ("Événement", e.title.as_str(), &e.totals))
        .chain(weeks.iter().map(|w| ("Semaine de camp", w.label.as_str(), &w.totals)));
    for (i, (kind, name, t)) in lines.enumerate() {
        let row = i as u32 + 1;
        totals.write_string(row, 0, kind)?;
        totals.write_string(row, 1, name)?;
        totals.write_number_with_format(row, 2, dollars(t.expected_cents), &amount)?;
        totals.write_number_with_format(row, 3, dollars(t.received_cents), &amount)?;
        totals.write_number_with_format(row, 4, dollars(t.outstanding_cents), &amount)?;
    }
    for (col, width) in [16.0, 32.0, 12.0, 12.0, 14.0].into_iter().enumerate() {
        totals.set_column_width(col as u16, width)?;
    }
    book.save_to_buffer()
}

/// `paiements_2026-11-23.xlsx`.
pub fn file_name(today: NaiveDate) -> String {
    format!("paiements_{}.xlsx", today.format("%Y-%m-%d"))
}
