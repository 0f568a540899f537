//! The payments view as an xlsx workbook: sheet 'Impayés' (one row per unpaid registration,
//! with days since registration, reminders sent and deadline), sheet 'Totaux' (expected,
//! received and outstanding per event and per camp week) and sheet 'Liste d'attente' (the live
//! waiting-list offers, each a place held and a registration to come, as the view counts them).

use centre_core::Lang;
use centre_core::camps::{program_name, week_name};
use chrono::{DateTime, NaiveDate, Utc};
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, local, write_sheet};
use crate::db::daycamps::WeekRow;
use crate::db::payments::due::next_reminder;
use crate::db::payments::overview::{EventTotals, Unpaid, WeekTotals};
use crate::db::payments::{Kind, PaymentStatus, ReminderPolicy};

pub const UNPAID_SHEET: &str = "Impayés";
pub const TOTALS_SHEET: &str = "Totaux";
pub const WAITLIST_SHEET: &str = "Liste d'attente";
pub const WAITLIST_HEADERS: [&str; 1] = ["Offres en cours (places réservées)"];

/// What the view adds up: per event, per camp week, and the live waiting-list offers
/// (`db::waitlist::offers::live_count`).
pub struct Totals<'a> {
    pub events: &'a [EventTotals],
    pub weeks: &'a [WeekTotals],
    pub live_offers: i64,
}
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

/// The label of a registration's payment in French, as the console and the exports show it:
/// 'Gratuit' when there is nothing to pay (`amount_cents` 0, a free event or program), whatever
/// state the row stores, as the PWA's `paymentBadgeState` decides it; else the state's word.
pub fn payment_status_fr(status: PaymentStatus, amount_cents: i64) -> &'static str {
    if amount_cents <= 0 {
        return "Gratuit";
    }
    match status {
        PaymentStatus::Paid => "Payé",
        PaymentStatus::Expired => "Expiré",
        PaymentStatus::Refunded => "Remboursé",
        PaymentStatus::Pending => "En attente",
    }
}

/// The workbook's bytes. Amounts in dollars, dates on the centre's wall clock (`tz`), days
/// since registration counted at `now`, which is also the export's date in the page header. A
/// camp week is named by its dates as core names them (`6 au 10 juillet 2026`), found in
/// `camp_weeks`; a week missing there keeps its stored label.
pub fn workbook(
    unpaid: &[Unpaid],
    totals: &Totals<'_>,
    camp_weeks: &[WeekRow],
    policy: ReminderPolicy,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Result<Vec<u8>, XlsxError> {
    let exported = local(now, tz);
    let when = |t: Option<DateTime<Utc>>| Cell::Time(t.map(|t| local(t, tz)));
    let unpaid_rows: Vec<[Cell; 10]> = unpaid
        .iter()
        .map(|u| {
            let (kind, title) = match u.kind {
                Kind::Event => ("Événement", u.title.clone()),
                Kind::Camp => ("Camp de jour", program_name(&u.title, Lang::Fr)),
            };
            [
                Cell::text(kind),
                Cell::text(u.name.clone()),
                Cell::Text(title),
                Cell::text(u.reference.clone()),
                Cell::Money(u.amount_cents),
                when(Some(u.created_at)),
                Cell::Number((now - u.created_at).num_days().max(0) as f64),
                Cell::Number(u.reminders_sent as f64),
                when(next_reminder(u, policy)),
                when(u.deadline),
            ]
        })
        .collect();
    let name_of = |w: &WeekTotals| {
        camp_weeks
            .iter()
            .find(|c| c.id == w.week_id)
            .map_or_else(|| w.label.clone(), |c| week_name(&c.label, c.start_date, c.end_date, Lang::Fr))
    };
    let totals_rows: Vec<[Cell; 5]> = totals
        .events
        .iter()
        .map(|e| ("Événement", e.title.clone(), &e.totals))
        .chain(totals.weeks.iter().map(|w| ("Semaine de camp", name_of(w), &w.totals)))
        .map(|(kind, name, t)| {
            [
                Cell::text(kind),
                Cell::Text(name),
                Cell::Money(t.expected_cents),
                Cell::Money(t.received_cents),
                Cell::Money(t.outstanding_cents),
            ]
        })
        .collect();

    let mut book = Workbook::new();
    let page = Page { sheet: UNPAID_SHEET, title: "Paiements — inscriptions impayées", exported };
    write_sheet(&mut book, &page, &UNPAID_HEADERS, unpaid_rows.iter().map(|r| r.as_slice()))?;
    let page =
        Page { sheet: TOTALS_SHEET, title: "Paiements — totaux par événement et par semaine de camp", exported };
    write_sheet(&mut book, &page, &TOTALS_HEADERS, totals_rows.iter().map(|r| r.as_slice()))?;
    let page = Page { sheet: WAITLIST_SHEET, title: "Paiements — offres de liste d'attente en cours", exported };
    let offers = [Cell::Number(totals.live_offers as f64)];
    write_sheet(&mut book, &page, &WAITLIST_HEADERS, [offers.as_slice()])?;
    book.save_to_buffer()
}

/// `paiements_2026-11-23.xlsx`.
pub fn file_name(today: NaiveDate) -> String {
    format!("paiements_{}.xlsx", today.format("%Y-%m-%d"))
}
