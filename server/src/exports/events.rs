//! The registrations of one event as an xlsx workbook (the console's 'Exporter Excel'): sheet
//! 'Inscriptions', French columns, one row per person (captain and members up to 6; one
//! 'Participant' row for an individual).

use centre_core::timefmt::parse_utc;
use chrono::{NaiveDate, NaiveDateTime};
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, local, write_sheet};
use crate::db::event_registrations::{Person, RegistrationRow};

pub const SHEET: &str = "Inscriptions";
pub const HEADERS: [&str; 8] =
    ["Événement", "Équipe", "Rôle", "Prénom", "Nom", "Courriel", "Statut du paiement", "Date d'inscription"];

/// One row per person, in the order of the registrations; the registration's date on the
/// centre's wall clock.
pub fn rows(event_title: &str, registrations: &[RegistrationRow], tz: chrono_tz::Tz) -> Vec<[Cell; 8]> {
    let mut out = Vec::new();
    for r in registrations {
        let payment = super::payments::payment_status_fr(r.payment_status, r.amount_due_cents);
        let date = Cell::Time(parse_utc(&r.created_at).map(|t| local(t, tz)));
        let row = |team: &str, place: String, p: &Person| {
            [
                Cell::text(event_title),
                Cell::text(team),
                Cell::Text(place),
                Cell::Text(p.first_name.clone().unwrap_or_default()),
                Cell::Text(p.last_name.clone().unwrap_or_default()),
                Cell::Text(p.email.clone().unwrap_or_default()),
                Cell::text(payment),
                date.clone(),
            ]
        };
        if r.is_team() {
            let team = r.display_team_name();
            out.push(row(&team, "Capitaine".to_owned(), &r.captain));
            for (i, member) in r.members.iter().enumerate().filter(|(_, m)| m.is_named()) {
                out.push(row(&team, format!("Membre {}", i + 2), member));
            }
        } else {
            out.push(row("Individuel", "Participant".to_owned(), &r.individual));
        }
    }
    out
}

/// The workbook's bytes: sheet 'Inscriptions', a bold heading row, then `rows`; printed under
/// 'Inscriptions — {title}' and the export's date (`exported`, the centre's wall clock).
pub fn workbook(rows: &[[Cell; 8]], event_title: &str, exported: NaiveDateTime) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let title = format!("Inscriptions — {event_title}");
    let page = Page { sheet: SHEET, title: &title, exported };
    write_sheet(&mut book, &page, &HEADERS, rows.iter().map(|r| r.as_slice()))?;
    book.save_to_buffer()
}

/// `inscriptions_{title}_{date}.xlsx` ([`super::slug`] of the title).
pub fn file_name(event_title: &str, today: NaiveDate) -> String {
    format!("inscriptions_{}_{}.xlsx", super::slug(event_title, "evenement"), today.format("%Y-%m-%d"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_plain_ascii() {
        let day = NaiveDate::from_ymd_opt(2026, 7, 1).unwrap_or_default();
        assert_eq!(
            file_name("Tournoi de volley-ball 4x4 (été)", day),
            "inscriptions_Tournoi_de_volley_ball_4x4_ete_2026-07-01.xlsx"
        );
        assert_eq!(file_name("«»", day), "inscriptions_evenement_2026-07-01.xlsx");
    }

    #[test]
    fn one_row_per_person() {
        let named = |f: &str| Person { first_name: Some(f.into()), last_name: Some("X".into()), email: None };
        let team = RegistrationRow {
            id: 1,
            event_id: 1,
            user_id: None,
            kind: centre_core::registration::RegistrationKind::Team,
            team_name: None,
            team_number: Some(4),
            captain: named("Cap"),
            members: [named("B"), Person::default(), named("D"), Person::default(), named("F")],
            individual: Person::default(),
            phone: None,
            notes: None,
            people_count: 4,
            status: centre_core::registration::RegistrationStatus::Confirmed,
            payment_status: centre_core::payments::PaymentStatus::Paid,
            payment_reference: "EV1-AAAAAA".into(),
            amount_due_cents: 6_000,
            lang: centre_core::Lang::Fr,
            created_at: "2026-06-01T16:00:00Z".into(),
        };
        let individual = RegistrationRow {
            kind: centre_core::registration::RegistrationKind::Individual,
            team_number: None,
            individual: named("Solo"),
            payment_status: centre_core::payments::PaymentStatus::Pending,
            amount_due_cents: 1_500,
            ..team.clone()
        };
        // Nothing to pay: the row stores 'pending', the export says it is free.
        let free = RegistrationRow { individual: named("Libre"), amount_due_cents: 0, ..individual.clone() };
        let rows = rows("Tournoi", &[team, individual, free], chrono_tz::America::Toronto);
        let text = |c: &Cell| match c {
            Cell::Text(s) => s.clone(),
            other => format!("{other:?}"),
        };
        let roles: Vec<(String, String)> = rows.iter().map(|r| (text(&r[1]), text(&r[2]))).collect();
        assert_eq!(
            roles,
            [
                ("Équipe 4", "Capitaine"),
                ("Équipe 4", "Membre 2"),
                ("Équipe 4", "Membre 4"),
                ("Équipe 4", "Membre 6"),
                ("Individuel", "Participant"),
                ("Individuel", "Participant")
            ]
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
        );
        assert_eq!(rows[0][6], Cell::text("Payé"));
        assert_eq!(rows[4][6], Cell::text("En attente"));
        assert_eq!(rows[5][6], Cell::text("Gratuit"));
        // 16:00 UTC on June 1st is noon in Toronto (summer time).
        let noon = NaiveDate::from_ymd_opt(2026, 6, 1).and_then(|d| d.and_hms_opt(12, 0, 0));
        assert_eq!(rows[0][7], Cell::Time(noon));
    }
}
