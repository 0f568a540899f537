//! The children of one day-camp week as an xlsx workbook for the camp staff: sheet
//! 'Camp de jour', French columns, one row per child (program order, then last name), with the
//! medical and emergency columns. Admins only; the file is never cached.

use centre_core::Lang;
use centre_core::camps::{age_on, program_name};
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::db::daycamps::{RegistrationRow, WeekRow};
use crate::emails::date_time;

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
const WIDTHS: [f64; 16] =
    [14.0, 14.0, 16.0, 16.0, 16.0, 6.0, 9.0, 10.0, 36.0, 22.0, 28.0, 16.0, 18.0, 16.0, 20.0, 18.0];

/// One row per child. The age is the child's age on the first day of the week.
pub fn rows(week: &WeekRow, registrations: &[RegistrationRow], tz: chrono_tz::Tz) -> Vec<[String; 16]> {
    let week_start = week.start_date.format("%Y-%m-%d").to_string();
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
                week_start.clone(),
                program_name(&r.program_id, Lang::Fr),
                r.child_first_name.clone(),
                r.child_last_name.clone(),
                r.child_birth_date.format("%Y-%m-%d").to_string(),
                age_on(r.child_birth_date, week.start_date).to_string(),
                gender.to_owned(),
                if r.can_swim { "Oui" } else { "Non" }.to_owned(),
                r.medical_conditions.clone().unwrap_or_default(),
                r.parent_name.clone(),
                r.parent_email.clone(),
                r.parent_phone.clone(),
                r.emergency_phone.clone().unwrap_or_default(),
                super::payments::payment_status_fr(&r.payment_status).to_owned(),
                r.payment_reference.clone(),
                date_time(&r.created_at, tz, Lang::Fr),
            ]
        })
        .collect()
}

/// The workbook's bytes: a bold header row, then `rows` (the age as a number).
pub fn workbook(rows: &[[String; 16]]) -> Result<Vec<u8>, XlsxError> {
    const AGE: usize = 5;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(SHEET)?;
    let bold = Format::new().set_bold();
    let wrap = Format::new().set_text_wrap();
    for (col, header) in HEADERS.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let line = i as u32 + 1;
        for (col, value) in row.iter().enumerate() {
            match value.parse::<f64>() {
                Ok(age) if col == AGE => sheet.write_number(line, col as u16, age)?,
                _ if col == 8 => sheet.write_string_with_format(line, col as u16, value, &wrap)?,
                _ => sheet.write_string(line, col as u16, value)?,
            };
        }
    }
    for (col, width) in WIDTHS.into_iter().enumerate() {
        sheet.set_column_width(col as u16, width)?;
    }
    sheet.set_freeze_panes(1, 0)?;
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
            payment_status: "paid".into(),
            payment_reference: "CJ-XYZ789".into(),
            lang: "fr".into(),
            created_at: "2026-11-22T14:05:00Z".into(),
            weeks: vec![week.clone()],
        };
        let rows = rows(&week, &[child], chrono_tz::America::Toronto);
        assert_eq!(
            rows,
            vec![
                [
                    "2027-07-12",
                    "Aventuriers",
                    "Noé",
                    "Côté",
                    "2018-07-13",
                    "8",
                    "Garçon",
                    "Non",
                    "Asthme (pompe dans le sac)",
                    "Marc Côté",
                    "marc@example.org",
                    "819-555-0102",
                    "819-555-0199",
                    "Payé",
                    "CJ-XYZ789",
                    "22/11/2026 09:05",
                ]
                .map(String::from)
            ]
        );
        assert_eq!(file_name(&week), "camp_de_jour_2027-07-12_au_2027-07-16.xlsx");
        assert!(workbook(&rows).is_ok_and(|bytes| bytes.starts_with(b"PK")));
    }
}
