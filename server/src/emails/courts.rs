//! Court booking e-mails: the confirmation and the cancellation, each with an .ics file that
//! adds (or removes) the booking in the person's calendar. French or English by the booking's
//! language; times in the centre's time zone. Both go to the member's own verified account
//! address, never to the address typed in the booking (the notes are the member's own text).

use centre_core::Lang;
use centre_core::camps::date_label;
use centre_core::messages::weekday_name;
use chrono::{DateTime, Datelike, Utc};

use super::{CENTRE_ADDRESS, CENTRE_NAME};
use crate::db::outbox::Email;
use crate::mail::ics_event;

/// `samedi 12 juin 2027` / `Saturday, June 12, 2027`: the day of `t` in the centre's time zone
/// (a booking is a day and an hour: the weekday helps more than digits).
fn long_date(t: DateTime<Utc>, tz: chrono_tz::Tz, lang: Lang) -> String {
    let local = t.with_timezone(&tz);
    let weekday = weekday_name(local.weekday().num_days_from_monday(), lang);
    let date = date_label(local.date_naive(), lang);
    match lang {
        Lang::Fr => format!("{weekday} {date}"),
        Lang::En => format!("{weekday}, {date}"),
    }
}

/// `14:30`, in the centre's time zone.
fn time_of_day(t: DateTime<Utc>, tz: chrono_tz::Tz) -> String {
    t.with_timezone(&tz).format("%H:%M").to_string()
}

/// The host of the public URL, for calendar UIDs (`centre.example`).
fn host_of(public_url: &str) -> String {
    url::Url::parse(public_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "localhost".to_owned())
}

/// What the e-mails say about a booking.
#[derive(Debug, Clone)]
pub struct BookingMail<'a> {
    pub id: i64,
    pub court_name: &'a str,
    pub first_name: &'a str,
    /// Who receives it: the member's own verified account address (`db::users::mail_address`),
    /// never the address typed in the booking.
    pub to: &'a str,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub players: Option<i64>,
    pub ball_rental: bool,
    pub notes: Option<&'a str>,
    pub lang: Lang,
}

/// Who cancelled: the member from "my registrations", or the centre from its console.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelledBy {
    Member,
    Centre,
}

/// Where the e-mails point and how they show times.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub public_url: &'a str,
    pub tz: chrono_tz::Tz,
    /// When the e-mail is written: its calendar attachment's stamp.
    pub now: DateTime<Utc>,
}

fn uid(b: &BookingMail<'_>, ctx: Context<'_>) -> String {
    format!("court-booking-{}@{}", b.id, host_of(ctx.public_url))
}

fn calendar_summary(b: &BookingMail<'_>) -> String {
    format!("{} — {CENTRE_NAME}", b.court_name)
}

/// The confirmation sent when a booking is made.
pub fn confirmation(b: &BookingMail<'_>, ctx: Context<'_>) -> Email {
    let date = long_date(b.start, ctx.tz, b.lang);
    let (from, to) = (time_of_day(b.start, ctx.tz), time_of_day(b.end, ctx.tz));
    let url = ctx.public_url.trim_end_matches('/');
    let players = b.players.map_or_else(String::new, |p| p.to_string());
    let notes = b.notes.filter(|n| !n.trim().is_empty());
    let (subject, body) = match b.lang {
        Lang::Fr => {
            let mut lines = vec![
                format!("Bonjour {},", b.first_name),
                String::new(),
                "Votre réservation est confirmée.".to_owned(),
                String::new(),
                format!("Terrain : {}", b.court_name),
                format!("Date : {date}"),
                format!("Heure : de {from} à {to}"),
            ];
            if b.players.is_some() {
                lines.push(format!("Joueurs : {players}"));
            }
            lines.push(format!("Location de ballons : {}", if b.ball_rental { "oui" } else { "non" }));
            if let Some(notes) = notes {
                lines.push(format!("Commentaires : {notes}"));
            }
            lines.extend([
                String::new(),
                "L'utilisation des terrains est gratuite. La location de ballons (2 ballons, pièce d'identité en dépôt) \
                 n'est offerte que lorsque le comptoir est ouvert."
                    .to_owned(),
                format!("Pour annuler, rendez-vous dans « Mes inscriptions » : {url}/my-registrations"),
                String::new(),
                "Le fichier joint ajoute la réservation à votre calendrier.".to_owned(),
            ]);
            (format!("Réservation confirmée : {}, {date} à {from}", b.court_name), lines)
        }
        Lang::En => {
            let mut lines = vec![
                format!("Hello {},", b.first_name),
                String::new(),
                "Your booking is confirmed.".to_owned(),
                String::new(),
                format!("Court: {}", b.court_name),
                format!("Date: {date}"),
                format!("Time: {from} to {to}"),
            ];
            if b.players.is_some() {
                lines.push(format!("Players: {players}"));
            }
            lines.push(format!("Ball rental: {}", if b.ball_rental { "yes" } else { "no" }));
            if let Some(notes) = notes {
                lines.push(format!("Comments: {notes}"));
            }
            lines.extend([
                String::new(),
                "Using the courts is free. Ball rental (2 balls, ID as a deposit) is only available while the desk \
                 is open."
                    .to_owned(),
                format!("To cancel, go to \"My registrations\": {url}/my-registrations"),
                String::new(),
                "The attached file adds the booking to your calendar.".to_owned(),
            ]);
            (format!("Booking confirmed: {}, {date} at {from}", b.court_name), lines)
        }
    };
    Email {
        to: b.to.to_owned(),
        subject,
        body_text: with_signature(body),
        ics: Some(ics_event(&uid(b, ctx), b.start, b.end, &calendar_summary(b), CENTRE_ADDRESS, false, ctx.now)),
    }
}

/// The notice sent when a booking is cancelled, by the member or by the centre.
pub fn cancellation(b: &BookingMail<'_>, by: CancelledBy, ctx: Context<'_>) -> Email {
    let date = long_date(b.start, ctx.tz, b.lang);
    let (from, to) = (time_of_day(b.start, ctx.tz), time_of_day(b.end, ctx.tz));
    let url = ctx.public_url.trim_end_matches('/');
    let (subject, body) = match b.lang {
        Lang::Fr => (
            format!("Réservation annulée : {}, {date} à {from}", b.court_name),
            vec![
                format!("Bonjour {},", b.first_name),
                String::new(),
                match by {
                    CancelledBy::Member => "Votre réservation a été annulée à votre demande.".to_owned(),
                    CancelledBy::Centre => "Votre réservation a été annulée par le centre.".to_owned(),
                },
                String::new(),
                format!("Terrain : {}", b.court_name),
                format!("Date : {date}"),
                format!("Heure : de {from} à {to}"),
                String::new(),
                format!("Pour réserver un autre créneau : {url}/reservations"),
                String::new(),
                "Le fichier joint retire la réservation de votre calendrier.".to_owned(),
            ],
        ),
        Lang::En => (
            format!("Booking cancelled: {}, {date} at {from}", b.court_name),
            vec![
                format!("Hello {},", b.first_name),
                String::new(),
                match by {
                    CancelledBy::Member => "Your booking was cancelled at your request.".to_owned(),
                    CancelledBy::Centre => "Your booking was cancelled by the centre.".to_owned(),
                },
                String::new(),
                format!("Court: {}", b.court_name),
                format!("Date: {date}"),
                format!("Time: {from} to {to}"),
                String::new(),
                format!("To book another slot: {url}/reservations"),
                String::new(),
                "The attached file removes the booking from your calendar.".to_owned(),
            ],
        ),
    };
    Email {
        to: b.to.to_owned(),
        subject,
        body_text: with_signature(body),
        ics: Some(ics_event(&uid(b, ctx), b.start, b.end, &calendar_summary(b), CENTRE_ADDRESS, true, ctx.now)),
    }
}

fn with_signature(mut lines: Vec<String>) -> String {
    lines.extend([String::new(), "—".to_owned(), CENTRE_NAME.to_owned(), CENTRE_ADDRESS.to_owned()]);
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn booking(lang: Lang) -> BookingMail<'static> {
        let start = Utc.with_ymd_and_hms(2027, 6, 12, 14, 0, 0).single().unwrap_or_default();
        BookingMail {
            id: 42,
            court_name: "Terrain de volleyball 1",
            first_name: "Marie",
            to: "marie@example.org",
            start,
            end: start + chrono::Duration::hours(1),
            players: Some(6),
            ball_rental: true,
            notes: Some("Nous apportons le filet"),
            lang,
        }
    }

    fn ctx() -> Context<'static> {
        Context {
            public_url: "https://centre.example",
            tz: chrono_tz::America::Toronto,
            now: Utc.with_ymd_and_hms(2027, 5, 20, 12, 0, 0).single().unwrap_or_default(),
        }
    }

    #[test]
    fn dates_in_the_centre_time_zone_and_both_languages() {
        let tz = chrono_tz::America::Toronto;
        // 02:30 UTC on 1 June 2027 is still 31 May in Toronto.
        let t = Utc.with_ymd_and_hms(2027, 6, 1, 2, 30, 0).single().unwrap_or_default();
        assert_eq!(long_date(t, tz, Lang::Fr), "lundi 31 mai 2027");
        assert_eq!(long_date(t, tz, Lang::En), "Monday, May 31, 2027");
        assert_eq!(time_of_day(t, tz), "22:30");
        let first = Utc.with_ymd_and_hms(2027, 7, 1, 14, 0, 0).single().unwrap_or_default();
        assert_eq!(long_date(first, tz, Lang::Fr), "jeudi 1er juillet 2027");
        assert_eq!(host_of("https://centre.example/"), "centre.example");
        assert_eq!(host_of("not a url"), "localhost");
    }

    // Each e-mail's whole text, in both languages, is snapshotted in tests/emails.rs.
    #[test]
    fn the_confirmation_goes_to_the_member_with_the_booking_in_a_calendar_file() {
        let email = confirmation(&booking(Lang::Fr), ctx());
        assert_eq!(email.to, "marie@example.org");
        assert!(email.body_text.contains("https://centre.example/my-registrations"), "{}", email.body_text);
        let ics = email.ics.unwrap_or_default();
        assert!(ics.contains("UID:court-booking-42@centre.example\r\n"), "{ics}");
        assert!(ics.contains("DTSTART:20270612T140000Z\r\n"));
        assert!(ics.contains("DTEND:20270612T150000Z\r\n"));
        assert!(ics.contains("STATUS:CONFIRMED"));
    }

    #[test]
    fn the_cancellation_removes_the_same_booking_from_the_calendar() {
        let email = cancellation(&booking(Lang::En), CancelledBy::Centre, ctx());
        assert!(email.body_text.contains("Your booking was cancelled by the centre."), "{}", email.body_text);
        let ics = email.ics.unwrap_or_default();
        assert!(ics.contains("METHOD:CANCEL") && ics.contains("STATUS:CANCELLED"));
        assert!(ics.contains("UID:court-booking-42@centre.example\r\n"), "same UID as the confirmation");
        let by_member = cancellation(&booking(Lang::Fr), CancelledBy::Member, ctx());
        assert!(by_member.body_text.contains("Votre réservation a été annulée à votre demande."));
    }
}
