//! The RL-24 figures of a calendar year (childcare expenses, day camps): one line per payer per
//! child, as an xlsx workbook (sheet 'RL-24', the number masked: a spreadsheet travels) and as
//! a printable page of statements, one per payer, the number whole (the page the admin copies
//! onto Revenu Québec's own form; it says it is not an official slip).
//!
//! What counts (core's `rl24`): a payment on the day it was received, in the centre's
//! calendar: the transfer's date, else the day the admin confirmed it; a registration marked
//! paid without a transfer has no recorded day and counts on its first week's Monday. A refund
//! is taken off on the day it was made. A registration without payers names its parent, 100 %,
//! without an address.

use centre_core::Lang;
use centre_core::camps::week_label;
use centre_core::payments::PaymentStatus;
use centre_core::rl24::{Movement, paid_in_year, split_by_shares};
use centre_core::timefmt::parse_utc;
use centre_core::validation::mask_sin;
use chrono::{NaiveDate, NaiveDateTime};
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, write_sheet};
use crate::auth::pages::escape;
use crate::db::camp_payers::{MoneyFacts, PayerRow};
use crate::db::daycamps::RegistrationRow;
use crate::emails::{CENTRE_ADDRESS, CENTRE_NAME, money};

pub const SHEET: &str = "RL-24";
pub const HEADERS: [&str; 13] = [
    "Payeur",
    "Adresse",
    "Ville",
    "Province",
    "Code postal",
    "NAS",
    "Prénom de l'enfant",
    "Nom de l'enfant",
    "Date de naissance",
    "Semaines",
    "Part (%)",
    "Payé dans l'année ($)",
    "Inscription",
];

/// A registration with what the figures read of it.
pub struct Source {
    pub registration: RegistrationRow,
    pub facts: MoneyFacts,
    pub payers: Vec<PayerRow>,
}

/// One payer's part for one child in the year.
#[derive(Debug, Clone)]
pub struct Line {
    pub registration_id: i64,
    pub payer: String,
    pub street: String,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub sin_last3: Option<String>,
    pub sin_sealed: Option<Vec<u8>>,
    pub child_first_name: String,
    pub child_last_name: String,
    pub child_birth_date: NaiveDate,
    /// The weeks' first and last days.
    pub weeks: Vec<(NaiveDate, NaiveDate)>,
    pub share: i64,
    pub cents: i64,
}

fn local_day(utc: &str, tz: chrono_tz::Tz) -> Option<NaiveDate> {
    parse_utc(utc).map(|t| t.with_timezone(&tz).date_naive())
}

/// The money received and refunded on a registration, each on its day (see the module's text).
pub fn movements(r: &RegistrationRow, facts: &MoneyFacts, tz: chrono_tz::Tz) -> Vec<Movement> {
    let first_week = r.weeks.iter().map(|w| w.start_date).min();
    let received = match &facts.transfer {
        Some((cents, date, confirmed_at)) => date
            .as_deref()
            .and_then(|d| d.get(..10))
            .and_then(centre_core::timefmt::parse_date)
            .or_else(|| local_day(confirmed_at, tz))
            .map(|on| Movement { on, cents: *cents }),
        None => first_week.or_else(|| local_day(&r.created_at, tz)).map(|on| Movement { on, cents: r.amount_cents }),
    };
    let mut out: Vec<Movement> = received.into_iter().collect();
    if r.payment_status == PaymentStatus::Refunded
        && let (Some(paid), Some(on)) =
            (out.first().copied(), facts.released_at.as_deref().and_then(|t| local_day(t, tz)))
    {
        out.push(Movement { on, cents: -paid.cents });
    }
    out
}

/// The year's lines: per registration with money in `year`, one per payer (their share of the
/// year's total, to the cent, the parts summing to it), by payer's name then child.
pub fn lines(sources: &[Source], year: i32, tz: chrono_tz::Tz) -> Vec<Line> {
    let mut out = Vec::new();
    for s in sources {
        let r = &s.registration;
        let total = paid_in_year(&movements(r, &s.facts, tz), year);
        if total <= 0 {
            continue;
        }
        let weeks: Vec<(NaiveDate, NaiveDate)> = r.weeks.iter().map(|w| (w.start_date, w.end_date)).collect();
        let line = |payer: String, share: i64, cents: i64| Line {
            registration_id: r.id,
            payer,
            street: String::new(),
            city: String::new(),
            province: String::new(),
            postal_code: String::new(),
            sin_last3: None,
            sin_sealed: None,
            child_first_name: r.child_first_name.clone(),
            child_last_name: r.child_last_name.clone(),
            child_birth_date: r.child_birth_date,
            weeks: weeks.clone(),
            share,
            cents,
        };
        if s.payers.is_empty() {
            out.push(line(r.parent_name.clone(), 100, total));
            continue;
        }
        let shares: Vec<u8> = s.payers.iter().map(|p| u8::try_from(p.share_percent).unwrap_or(0)).collect();
        for (p, cents) in s.payers.iter().zip(split_by_shares(total, &shares)) {
            out.push(Line {
                street: p.street.clone().unwrap_or_default(),
                city: p.city.clone().unwrap_or_default(),
                province: p.province.clone().unwrap_or_default(),
                postal_code: p.postal_code.clone().unwrap_or_default(),
                sin_last3: p.sin_last3.clone(),
                sin_sealed: p.sin_sealed.clone(),
                ..line(p.name.clone(), p.share_percent, cents)
            });
        }
    }
    out.sort_by(|a, b| {
        (a.payer.to_lowercase(), &a.child_last_name, &a.child_first_name, a.registration_id).cmp(&(
            b.payer.to_lowercase(),
            &b.child_last_name,
            &b.child_first_name,
            b.registration_id,
        ))
    });
    out
}

/// The weeks as core names their dates (`6 au 10 juillet 2026`).
fn weeks_text(l: &Line, lang: Lang, separator: &str) -> String {
    l.weeks.iter().map(|(start, end)| week_label(*start, *end, lang)).collect::<Vec<_>>().join(separator)
}

pub fn rows(lines: &[Line]) -> Vec<[Cell; 13]> {
    lines
        .iter()
        .map(|l| {
            [
                Cell::text(l.payer.clone()),
                Cell::text(l.street.clone()),
                Cell::text(l.city.clone()),
                Cell::text(l.province.clone()),
                Cell::text(l.postal_code.clone()),
                Cell::Text(l.sin_last3.as_deref().map(mask_sin).unwrap_or_default()),
                Cell::text(l.child_first_name.clone()),
                Cell::text(l.child_last_name.clone()),
                Cell::Day(l.child_birth_date),
                Cell::Text(weeks_text(l, Lang::Fr, " ; ")),
                Cell::Number(l.share as f64),
                Cell::Money(l.cents),
                Cell::Number(l.registration_id as f64),
            ]
        })
        .collect()
}

pub fn workbook(rows: &[[Cell; 13]], year: i32, exported: NaiveDateTime) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let title = format!("RL-24 {year} — frais de garde payés (pas un relevé officiel)");
    let page = Page { sheet: SHEET, title: &title, exported };
    write_sheet(&mut book, &page, &HEADERS, rows.iter().map(|r| r.as_slice()))?;
    book.save_to_buffer()
}

/// `rl24_2026.xlsx`.
pub fn file_name(year: i32) -> String {
    format!("rl24_{year}.xlsx")
}

fn pick(lang: Lang, fr: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Fr => fr,
        Lang::En => en,
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;color:#0f172a;margin:0;padding:1rem;line-height:1.45}\
.statement{max-width:46rem;margin:0 auto 2rem;border:1px solid #cbd5e1;border-radius:.5rem;padding:1.25rem}\
h1{font-size:1.3rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1rem 0 .25rem}.note{font-weight:600}\
table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.35rem .5rem;text-align:left}\
td.amount,th.amount{text-align:right}\
@media print{body{padding:0}.statement{border:0;margin:0;break-after:page}}";

/// The printable page: one statement per payer (grouped by name, address and number), each with
/// the centre, the year, the payer, each child and the amount, and the line saying it is not an
/// official slip. `sin` gives a line's number whole (the admin's copy), or `None`.
pub fn statements(lines: &[Line], year: i32, lang: Lang, mut sin: impl FnMut(&Line) -> Option<String>) -> String {
    let title = match lang {
        Lang::Fr => format!("Frais de garde payés en {year} (RL-24) — {CENTRE_NAME}"),
        Lang::En => format!("Childcare expenses paid in {year} (RL-24) — {CENTRE_NAME}"),
    };
    let mut out = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body><main>",
        lang.as_str(),
        escape(&title),
    );
    if lines.is_empty() {
        out.push_str(&format!(
            "<h1>{}</h1><p>{}</p>",
            escape(&title),
            pick(lang, "Aucun paiement de camp de jour reçu cette année.", "No day-camp payment received that year.")
        ));
    }
    let mut groups: Vec<Vec<&Line>> = Vec::new();
    for l in lines {
        let key = |x: &Line| (x.payer.clone(), x.street.clone(), x.postal_code.clone(), x.sin_last3.clone());
        match groups.last_mut() {
            Some(g) if g.first().is_some_and(|f| key(f) == key(l)) => g.push(l),
            _ => groups.push(vec![l]),
        }
    }
    for group in groups {
        let Some(first) = group.first() else { continue };
        let number = sin(first).or_else(|| first.sin_last3.as_deref().map(mask_sin));
        out.push_str("<section class=\"statement\">");
        out.push_str(&format!("<h1>{}</h1>", escape(&title)));
        out.push_str(&format!("<p>{} — {}</p>", escape(CENTRE_NAME), escape(CENTRE_ADDRESS)));
        out.push_str(&format!(
            "<p class=\"note\">{}</p>",
            pick(
                lang,
                "Ce document n'est pas un relevé officiel : il donne les montants à reporter sur le formulaire RL-24 de Revenu Québec.",
                "This document is not an official slip: it gives the amounts to copy onto Revenu Québec's RL-24 form."
            )
        ));
        out.push_str(&format!("<h2>{}</h2><p>{}", pick(lang, "Payeur", "Payer"), escape(&first.payer)));
        if !first.street.is_empty() {
            out.push_str(&format!(
                "<br>{}<br>{} ({}) {}",
                escape(&first.street),
                escape(&first.city),
                escape(&first.province),
                escape(&first.postal_code)
            ));
        }
        out.push_str(&format!(
            "<br>{} : {}</p>",
            pick(lang, "Numéro d'assurance sociale", "Social insurance number"),
            escape(&number.unwrap_or_else(|| pick(lang, "non fourni", "not given").to_owned()))
        ));
        out.push_str(&format!(
            "<table><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th class=\"amount\">{}</th></tr></thead><tbody>",
            pick(lang, "Enfant", "Child"),
            pick(lang, "Date de naissance", "Birth date"),
            pick(lang, "Semaines", "Weeks"),
            pick(lang, "Part", "Share"),
            pick(lang, "Montant payé", "Amount paid"),
        ));
        let mut total = 0;
        for l in &group {
            total += l.cents;
            out.push_str(&format!(
                "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{} %</td><td class=\"amount\">{}</td></tr>",
                escape(&l.child_first_name),
                escape(&l.child_last_name),
                l.child_birth_date.format("%d/%m/%Y"),
                escape(&weeks_text(l, lang, ", ")),
                l.share,
                money(l.cents, lang),
            ));
        }
        out.push_str(&format!(
            "</tbody><tfoot><tr><th colspan=\"4\">{}</th><th class=\"amount\">{}</th></tr></tfoot></table></section>",
            pick(lang, "Total", "Total"),
            money(total, lang)
        ));
    }
    out.push_str("</main></body></html>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::daycamps::WeekRow;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    fn registration(status: PaymentStatus) -> RegistrationRow {
        RegistrationRow {
            id: 7,
            user_id: None,
            program_id: "explorateurs".into(),
            child_first_name: "Léa".into(),
            child_last_name: "Roy".into(),
            child_birth_date: d("2019-05-01"),
            child_gender: None,
            parent_name: "Ana Roy".into(),
            parent_email: "ana@example.org".into(),
            parent_phone: "819-555-0101".into(),
            emergency_phone: None,
            medical_conditions: None,
            can_swim: false,
            amount_cents: 24_000,
            payment_status: status,
            payment_reference: "CAMP-7".into(),
            lang: centre_core::Lang::Fr,
            created_at: "2026-05-01T12:00:00Z".into(),
            weeks: vec![WeekRow {
                id: 1,
                label: "week1".into(),
                start_date: d("2026-07-06"),
                end_date: d("2026-07-10"),
            }],
        }
    }

    const TORONTO: chrono_tz::Tz = chrono_tz::America::Toronto;

    #[test]
    fn a_payment_counts_on_its_day_in_the_centres_calendar() {
        let r = registration(PaymentStatus::Paid);
        // Confirmed at 03:00 UTC on 1 January: still 31 December in Toronto.
        let confirmed = MoneyFacts { transfer: Some((24_000, None, "2027-01-01T03:00:00Z".into())), released_at: None };
        assert_eq!(movements(&r, &confirmed, TORONTO), [Movement { on: d("2026-12-31"), cents: 24_000 }]);
        // The bank's own date wins over the confirmation.
        let dated = MoneyFacts {
            transfer: Some((24_000, Some("2027-01-02".into()), "2027-01-03T15:00:00Z".into())),
            released_at: None,
        };
        assert_eq!(movements(&r, &dated, TORONTO), [Movement { on: d("2027-01-02"), cents: 24_000 }]);
        // Marked paid by hand: its first camp day.
        assert_eq!(movements(&r, &MoneyFacts::default(), TORONTO), [Movement { on: d("2026-07-06"), cents: 24_000 }]);
    }

    #[test]
    fn a_refund_is_taken_off_on_its_day() {
        let r = registration(PaymentStatus::Refunded);
        let facts = MoneyFacts {
            transfer: Some((24_000, Some("2026-06-01".into()), "2026-06-01T15:00:00Z".into())),
            released_at: Some("2027-01-01T04:00:00Z".into()),
        };
        let m = movements(&r, &facts, TORONTO);
        assert_eq!(
            m,
            [Movement { on: d("2026-06-01"), cents: 24_000 }, Movement { on: d("2026-12-31"), cents: -24_000 }]
        );
        let lines = lines(&[Source { registration: r, facts, payers: vec![] }], 2026, TORONTO);
        assert!(lines.is_empty(), "refunded in the same year: nothing to declare");
    }
}
