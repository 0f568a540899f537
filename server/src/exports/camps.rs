//! The children of one day-camp week as an xlsx workbook for the camp staff: sheet
//! 'Camp de jour', French columns, one row per child (program order, then last name), with the
//! medical and emergency columns. Admins only; the file is never cached.

use centre_core::Lang;
use centre_core::camps::{age_on, program_name, week_label, week_name};
use centre_core::timefmt::parse_utc;
use chrono::NaiveDateTime;
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, local, write_sheet};
use crate::db::daycamps::{RegistrationRow, WeekRow};

pub const SHEET: &str = "Camp de jour";
pub const HEADERS: [&str; 16] = [
    "Semaine",
    "Programme",
    "Prénom",
    "Nom",
    "Date de naissance",
    "Âge",
    "Genre",
    "Sait nager",
    "Conditions médicales",
    "Parent",
    "Courriel",
    "Téléphone",
    "Téléphone d'urgence",
    "Statut du paiement",
    "Référence de paiement",
    "Date d'inscription",
];

/// One row per child. The week as the console names it (`Semaine 2 : 12 au 16 juillet 2027`);
/// the age is the child's age on the first day of the week.
pub fn rows(week: &WeekRow, registrations: &[RegistrationRow], tz: chrono_tz::Tz) -> Vec<[Cell; 16]> {
    let week_name = week_name(&week.label, week.start_date, week.end_date, Lang::Fr);
    registrations
        .iter()
        .map(|r| {
            let gender = match r.child_gender.as_deref() {
                Some("girl") => "Fille",
                Some("boy") => "Garçon",
                Some("other") => "Autre",
                _ => "",
            };
            [
                Cell::text(week_name.clone()),
                Cell::Text(program_name(&r.program_id, Lang::Fr)),
                Cell::text(r.child_first_name.clone()),
                Cell::text(r.child_last_name.clone()),
                Cell::Day(r.child_birth_date),
                Cell::Number(age_on(r.child_birth_date, week.start_date).into()),
                Cell::text(gender),
                Cell::text(if r.can_swim { "Oui" } else { "Non" }),
                Cell::Note(r.medical_conditions.clone().unwrap_or_default()),
                Cell::text(r.parent_name.clone()),
                Cell::text(r.parent_email.clone()),
                Cell::text(r.parent_phone.clone()),
                Cell::Text(r.emergency_phone.clone().unwrap_or_default()),
                Cell::text(super::payments::payment_status_fr(r.payment_status, r.amount_cents)),
                Cell::text(r.payment_reference.clone()),
                Cell::Time(parse_utc(&r.created_at).map(|t| local(t, tz))),
            ]
        })
        .collect()
}

/// The workbook's bytes: sheet 'Camp de jour', a bold heading row, then `rows`; printed under
/// 'Camp de jour — semaine du …' and the export's date (`exported`, the centre's wall clock).
pub fn workbook(rows: &[[Cell; 16]], week: &WeekRow, exported: NaiveDateTime) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let title = format!("Camp de jour — semaine du {}", week_label(week.start_date, week.end_date, Lang::Fr));
    let page = Page { sheet: SHEET, title: &title, exported };
    write_sheet(&mut book, &page, &HEADERS, rows.iter().map(|r| r.as_slice()))?;
    book.save_to_buffer()
}

/// `camp_de_jour_2027-07-05_au_2027-07-09.xlsx`.
pub fn file_name(week: &WeekRow) -> String {
    format!("camp_de_jour_{}_au_{}.xlsx", week.start_date.format("%Y-%m-%d"), week.end_date.format("%Y-%m-%d"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn one_row_per_child_with_the_age_on_the_first_day() {
        let week = WeekRow { id: 2, label: "week2".into(), start_date: d("2027-07-12"), end_date: d("2027-07-16") };
        let child = RegistrationRow {
            id: 3,
            user_id: None,
            program_id: "aventuriers".into(),
            child_first_name: "Noé".into(),
            child_last_name: "Côté".into(),
            child_birth_date: d("2018-07-13"),
            child_gender: Some("boy".into()),
            parent_name: "Marc Côté".into(),
            parent_email: "marc@example.org".into(),
            parent_phone: "819-555-0102".into(),
            emergency_phone: Some("819-555-0199".into()),
            medical_conditions: Some("Asthme (pompe dans le sac)".into()),
            can_swim: false,
            amount_cents: 14_000,
            payment_status: centre_core::payments::PaymentStatus::Paid,
            payment_reference: "CJ-XYZ789".into(),
            lang: "fr".into(),
            created_at: "2026-11-22T14:05:00Z".into(),
            weeks: vec![week.clone()],
        };
        let rows = rows(&week, &[child], chrono_tz::America::Toronto);
        let text = |s: &str| Cell::Text(s.to_owned());
        assert_eq!(
            rows,
            vec![[
                text("Semaine 2 : 12 au 16 juillet 2027"),
                text("Aventuriers"),
                text("Noé"),
                text("Côté"),
                Cell::Day(d("2018-07-13")),
                Cell::Number(8.0),
                text("Garçon"),
                text("Non"),
                Cell::Note("Asthme (pompe dans le sac)".to_owned()),
                text("Marc Côté"),
                text("marc@example.org"),
                text("819-555-0102"),
                text("819-555-0199"),
                text("Payé"),
                text("CJ-XYZ789"),
                // 14:05 UTC in November is 09:05 in Toronto (standard time).
                Cell::Time(d("2026-11-22").and_hms_opt(9, 5, 0)),
            ]]
        );
        assert_eq!(file_name(&week), "camp_de_jour_2027-07-12_au_2027-07-16.xlsx");
        assert!(
            workbook(&rows, &week, d("2026-11-23").and_hms_opt(8, 0, 0).unwrap_or_default())
                .is_ok_and(|bytes| bytes.starts_with(b"PK"))
        );
    }
}
