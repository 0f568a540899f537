//! The children of one day-camp week as an xlsx workbook for the camp staff: sheet
//! 'Camp de jour', French columns, one row per child (program order, then last name), with the
//! health form's columns (allergies, medication, conditions, emergency contacts, the adults who
//! may pick the child up). Admins only; the file is never cached.

use centre_core::Lang;
use centre_core::camps::{age_on, program_name, week_label, week_name};
use centre_core::timefmt::parse_utc;
use centre_core::validation::{AllergySeverity, Gender};
use chrono::NaiveDateTime;
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, local, write_sheet};
use crate::db::camp_health::{HealthFormRow, PersonRow};
use crate::db::daycamps::{RegistrationRow, WeekRow};

pub const SHEET: &str = "Camp de jour";
pub const HEADERS: [&str; 21] = [
    "Semaine",
    "Programme",
    "Prénom",
    "Nom",
    "Date de naissance",
    "Âge",
    "Genre",
    "Sait nager",
    "Allergies",
    "Médicaments",
    "Conditions médicales",
    "Parent",
    "Courriel",
    "Téléphone",
    "Contacts d'urgence",
    "Adultes autorisés à venir chercher",
    "Peut partir seul",
    "Photos permises",
    "Statut du paiement",
    "Référence de paiement",
    "Date d'inscription",
];

fn severity_fr(severity: AllergySeverity) -> &'static str {
    match severity {
        AllergySeverity::Mild => "légère",
        AllergySeverity::Moderate => "modérée",
        AllergySeverity::Severe => "grave",
    }
}

/// `Arachides (grave, épinéphrine)`, one allergy a line.
fn allergies(form: &HealthFormRow) -> String {
    let line = |a: &crate::db::camp_health::AllergyRow| {
        let pen = if a.epinephrine { ", épinéphrine" } else { "" };
        format!("{} ({}{pen})", a.what, severity_fr(a.severity))
    };
    form.allergies.iter().map(line).collect::<Vec<_>>().join("\n")
}

/// `Julie Roy (mère) 819-555-0101`, one person a line.
fn people(list: &[PersonRow]) -> String {
    list.iter().map(|p| format!("{} ({}) {}", p.name, p.relation, p.phone)).collect::<Vec<_>>().join("\n")
}

fn yes_no(b: bool) -> &'static str {
    if b { "Oui" } else { "Non" }
}

/// One row per child, with its health form where it has one (a registration made before the
/// form existed, or whose consent was withdrawn, has only its own conditions and emergency
/// phone). The week as the console names it (`Semaine 2 : 12 au 16 juillet 2027`); the age is
/// the child's age on the first day of the week.
pub fn rows(
    week: &WeekRow,
    registrations: &[(RegistrationRow, Option<HealthFormRow>)],
    tz: chrono_tz::Tz,
) -> Vec<[Cell; 21]> {
    let week_name = week_name(&week.label, week.start_date, week.end_date, Lang::Fr);
    registrations
        .iter()
        .map(|(r, form)| {
            let contacts = match form {
                Some(f) => people(&f.emergency_contacts),
                None => r.emergency_phone.clone().unwrap_or_default(),
            };
            let gender = match r.child_gender {
                Some(Gender::Girl) => "Fille",
                Some(Gender::Boy) => "Garçon",
                Some(Gender::Other) => "Autre",
                None => "",
            };
            [
                Cell::text(week_name.clone()),
                Cell::Text(program_name(&r.program_id, Lang::Fr)),
                Cell::text(r.child_first_name.clone()),
                Cell::text(r.child_last_name.clone()),
                Cell::Day(r.child_birth_date),
                Cell::Number(age_on(r.child_birth_date, week.start_date).into()),
                Cell::text(gender),
                Cell::text(yes_no(r.can_swim)),
                Cell::Note(form.as_ref().map(allergies).unwrap_or_default()),
                Cell::Note(form.as_ref().and_then(|f| f.medication.clone()).unwrap_or_default()),
                Cell::Note(r.medical_conditions.clone().unwrap_or_default()),
                Cell::text(r.parent_name.clone()),
                Cell::text(r.parent_email.clone()),
                Cell::text(r.parent_phone.clone()),
                Cell::Note(contacts),
                Cell::Note(form.as_ref().map(|f| people(&f.pickups)).unwrap_or_default()),
                Cell::text(form.as_ref().map_or("", |f| yes_no(f.may_leave_alone))),
                Cell::text(form.as_ref().map_or("", |f| yes_no(f.photo_permission))),
                Cell::text(super::payments::payment_status_fr(r.payment_status, r.amount_cents)),
                Cell::text(r.payment_reference.clone()),
                Cell::Time(parse_utc(&r.created_at).map(|t| local(t, tz))),
            ]
        })
        .collect()
}

/// The workbook's bytes: sheet 'Camp de jour', a bold heading row, then `rows`; printed under
/// 'Camp de jour — semaine du …' and the export's date (`exported`, the centre's wall clock).
pub fn workbook(rows: &[[Cell; 21]], week: &WeekRow, exported: NaiveDateTime) -> Result<Vec<u8>, XlsxError> {
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

    fn person(name: &str, relation: &str, phone: &str) -> PersonRow {
        PersonRow { name: name.into(), relation: relation.into(), phone: phone.into() }
    }

    #[test]
    fn one_row_per_child_with_the_age_on_the_first_day_and_the_health_form() {
        let week = WeekRow { id: 2, label: "week2".into(), start_date: d("2027-07-12"), end_date: d("2027-07-16") };
        let child = RegistrationRow {
            id: 3,
            user_id: None,
            program_id: "aventuriers".into(),
            child_first_name: "Noé".into(),
            child_last_name: "Côté".into(),
            child_birth_date: d("2018-07-13"),
            child_gender: Some(Gender::Boy),
            parent_name: "Marc Côté".into(),
            parent_email: "marc@example.org".into(),
            parent_phone: "819-555-0102".into(),
            emergency_phone: Some("819-555-0199".into()),
            medical_conditions: Some("Asthme (pompe dans le sac)".into()),
            can_swim: false,
            amount_cents: 14_000,
            payment_status: centre_core::payments::PaymentStatus::Paid,
            payment_reference: "CJ-XYZ789".into(),
            lang: centre_core::Lang::Fr,
            created_at: "2026-11-22T14:05:00Z".into(),
            weeks: vec![week.clone()],
        };
        let form = HealthFormRow {
            registration_id: 3,
            allergies: vec![
                crate::db::camp_health::AllergyRow {
                    what: "Arachides".into(),
                    severity: AllergySeverity::Severe,
                    epinephrine: true,
                },
                crate::db::camp_health::AllergyRow {
                    what: "Pollen".into(),
                    severity: AllergySeverity::Mild,
                    epinephrine: false,
                },
            ],
            medication: Some("Ventolin au besoin".into()),
            conditions: Some("Asthme (pompe dans le sac)".into()),
            can_swim: false,
            emergency_contacts: vec![person("Julie Côté", "mère", "819-555-0199")],
            pickups: vec![
                person("Rose Côté", "grand-mère", "819-555-0144"),
                person("Luc Roy", "voisin", "819-555-0155"),
            ],
            may_leave_alone: false,
            photo_permission: true,
            updated_at: "2026-11-22T14:05:00Z".into(),
        };
        let without = RegistrationRow { id: 4, child_first_name: "Léa".into(), ..child.clone() };
        let rows = rows(&week, &[(child, Some(form)), (without, None)], chrono_tz::America::Toronto);
        let text = |s: &str| Cell::Text(s.to_owned());
        assert_eq!(
            rows[0],
            [
                text("Semaine 2 : 12 au 16 juillet 2027"),
                text("Aventuriers"),
                text("Noé"),
                text("Côté"),
                Cell::Day(d("2018-07-13")),
                Cell::Number(8.0),
                text("Garçon"),
                text("Non"),
                Cell::Note("Arachides (grave, épinéphrine)\nPollen (légère)".to_owned()),
                Cell::Note("Ventolin au besoin".to_owned()),
                Cell::Note("Asthme (pompe dans le sac)".to_owned()),
                text("Marc Côté"),
                text("marc@example.org"),
                text("819-555-0102"),
                Cell::Note("Julie Côté (mère) 819-555-0199".to_owned()),
                Cell::Note("Rose Côté (grand-mère) 819-555-0144\nLuc Roy (voisin) 819-555-0155".to_owned()),
                text("Non"),
                text("Oui"),
                text("Payé"),
                text("CJ-XYZ789"),
                // 14:05 UTC in November is 09:05 in Toronto (standard time).
                Cell::Time(d("2026-11-22").and_hms_opt(9, 5, 0)),
            ]
        );
        // Without a form (withdrawn consent, or registered before the form existed): the
        // registration's own conditions and emergency phone, and nothing invented.
        assert_eq!(rows[1][2], text("Léa"));
        assert_eq!(rows[1][8], Cell::Note(String::new()));
        assert_eq!(rows[1][14], Cell::Note("819-555-0199".to_owned()));
        assert_eq!(rows[1][15], Cell::Note(String::new()));
        assert_eq!(rows[1][16], text(""));
        assert_eq!(file_name(&week), "camp_de_jour_2027-07-12_au_2027-07-16.xlsx");
        assert!(
            workbook(&rows, &week, d("2026-11-23").and_hms_opt(8, 0, 0).unwrap_or_default())
                .is_ok_and(|bytes| bytes.starts_with(b"PK"))
        );
    }
}
