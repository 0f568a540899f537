//! The e-mail a registrant receives after a team registration: the summary and, when the
//! event has a price, the Interac transfer instructions (amount, the centre's Interac address,
//! and the reference to write in the transfer's message).

use centre_core::Lang;

use super::{date_time, money};
use crate::db::event_registrations::{Person, RegistrationRow};
use crate::db::events::EventRow;
use crate::db::outbox::Email;

/// What the confirmation needs beyond the rows.
pub struct Context<'a> {
    /// The registrant's address (the signed-in account).
    pub to: &'a str,
    /// First name for the greeting, when known.
    pub greeting_name: Option<&'a str>,
    pub interac_email: &'a str,
    pub tz: chrono_tz::Tz,
    pub lang: Lang,
}

fn full_name(p: &Person) -> String {
    [p.first_name.as_deref(), p.last_name.as_deref()].into_iter().flatten().collect::<Vec<_>>().join(" ")
}

/// `Capitaine : Camille Tremblay <camille@example.org>` (French puts a space before the colon).
fn person_line(label: &str, p: &Person, lang: Lang) -> String {
    let colon = if lang == Lang::Fr { " :" } else { ":" };
    match &p.email {
        Some(email) => format!("{label}{colon} {} <{email}>", full_name(p)),
        None => format!("{label}{colon} {}", full_name(p)),
    }
}

pub fn registration_confirmed(event: &EventRow, registration: &RegistrationRow, cx: &Context<'_>) -> Email {
    let lang = cx.lang;
    let en = lang == Lang::En;
    let title = if en { event.title_en.as_deref().unwrap_or(&event.title) } else { &event.title };
    let when = match &event.end_date {
        Some(end) => format!("{} – {}", date_time(&event.start_date, cx.tz, lang), date_time(end, cx.tz, lang)),
        None => date_time(&event.start_date, cx.tz, lang),
    };
    let people = registration.people_count;
    let team = registration.display_team_name();
    let number = registration.team_number.unwrap_or_default();
    let mut lines: Vec<String> = Vec::new();
    let greeting = match (cx.greeting_name, en) {
        (Some(name), false) => format!("Bonjour {name},"),
        (None, false) => "Bonjour,".to_owned(),
        (Some(name), true) => format!("Hello {name},"),
        (None, true) => "Hello,".to_owned(),
    };
    lines.push(greeting);
    lines.push(String::new());
    if en {
        lines.push(format!("Your registration for \"{title}\" is confirmed."));
        lines.push(String::new());
        lines.push(format!("Event: {title}"));
        lines.push(format!("Date: {when}"));
        lines.push(format!("Location: {}", event.location));
        lines.push(format!("Team: {team} (no. {number})"));
        lines.push(person_line("Captain", &registration.captain, lang));
        for (i, member) in registration.members.iter().enumerate().filter(|(_, m)| m.is_named()) {
            lines.push(person_line(&format!("Member {}", i + 2), member, lang));
        }
        lines.push(format!("People registered: {people}"));
    } else {
        lines.push(format!("Votre inscription à « {title} » est confirmée."));
        lines.push(String::new());
        lines.push(format!("Événement : {title}"));
        lines.push(format!("Date : {when}"));
        lines.push(format!("Lieu : {}", event.location));
        lines.push(format!("Équipe : {team} (n° {number})"));
        lines.push(person_line("Capitaine", &registration.captain, lang));
        for (i, member) in registration.members.iter().enumerate().filter(|(_, m)| m.is_named()) {
            lines.push(person_line(&format!("Membre {}", i + 2), member, lang));
        }
        lines.push(format!("Personnes inscrites : {people}"));
    }
    lines.push(String::new());
    let amount = money(registration.amount_due_cents, lang);
    let price = money(event.price_cents, lang);
    let reference = &registration.payment_reference;
    if registration.amount_due_cents == 0 {
        lines.push(if en {
            "This event is free: no payment is needed.".to_owned()
        } else {
            "Cet événement est gratuit : aucun paiement n'est requis.".to_owned()
        });
    } else if en {
        lines.push("Payment by Interac e-Transfer".to_owned());
        lines.push(format!("Amount to pay: {amount} ({people} × {price} per person)"));
        lines.push(format!("Send an Interac e-Transfer to: {}", cx.interac_email));
        lines.push(format!("Write this reference in the transfer's message: {reference}"));
        lines.push("Your registration will be marked as paid once the transfer is received.".to_owned());
    } else {
        lines.push("Paiement par virement Interac".to_owned());
        lines.push(format!("Montant à payer : {amount} ({people} × {price} par personne)"));
        lines.push(format!("Envoyez un virement Interac à : {}", cx.interac_email));
        lines.push(format!("Inscrivez cette référence dans le message du virement : {reference}"));
        lines.push("Votre inscription sera marquée comme payée dès la réception du virement.".to_owned());
    }
    lines.push(String::new());
    lines.push("Centre plein air de La Pêche".to_owned());
    let subject =
        if en { format!("Registration confirmed: {title}") } else { format!("Inscription confirmée : {title}") };
    Email { to: cx.to.to_owned(), subject, body_text: lines.join("\n") + "\n", ics: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(price_cents: i64) -> EventRow {
        EventRow {
            id: 3,
            title: "Tournoi 4x4".into(),
            title_en: Some("4x4 tournament".into()),
            description: "d".into(),
            description_en: None,
            category_id: Some(centre_core::validation::EventCategory::Volleyball),
            location: "La Pêche".into(),
            start_date: "2026-07-11T13:00:00Z".into(),
            end_date: Some("2026-07-11T21:00:00Z".into()),
            price_cents,
            max_participants: Some(48),
            current_participants: 3,
            is_active: true,
            created_at: "2026-05-01T12:00:00Z".into(),
            requires_payment: false,
            featured: false,
            offer_hours: None,
        }
    }

    fn person(first: &str, last: &str, email: Option<&str>) -> Person {
        Person { first_name: Some(first.into()), last_name: Some(last.into()), email: email.map(Into::into) }
    }

    fn registration(amount: i64) -> RegistrationRow {
        RegistrationRow {
            id: 1,
            event_id: 3,
            user_id: Some("u1".into()),
            kind: centre_core::registration::RegistrationKind::Team,
            team_name: Some("Les Huards".into()),
            team_number: Some(2),
            captain: person("Camille", "Tremblay", Some("camille@example.org")),
            members: [
                person("Alex", "Roy", Some("alex@example.org")),
                person("Léa", "Gagnon", None),
                Person::default(),
                Person::default(),
                Person::default(),
            ],
            individual: Person::default(),
            phone: None,
            notes: None,
            people_count: 3,
            status: centre_core::registration::RegistrationStatus::Confirmed,
            payment_status: centre_core::payments::PaymentStatus::Pending,
            payment_reference: "EV3-K7MQ2X".into(),
            amount_due_cents: amount,
            lang: centre_core::Lang::Fr,
            created_at: "2026-05-02T12:00:00Z".into(),
        }
    }

    fn cx(lang: Lang) -> Context<'static> {
        Context {
            to: "camille@example.org",
            greeting_name: Some("Camille"),
            interac_email: "paiement@example.org",
            tz: chrono_tz::America::Toronto,
            lang,
        }
    }

    // Each e-mail's whole text, in both languages, is snapshotted in tests/emails.rs.
    #[test]
    fn french_confirmation_with_interac_instructions() {
        let email = registration_confirmed(&event(2500), &registration(7500), &cx(Lang::Fr));
        assert_eq!(email.to, "camille@example.org");
        assert_eq!(email.subject, "Inscription confirmée : Tournoi 4x4");
        assert!(
            email.body_text.contains("Montant à payer : 75,00 $ (3 × 25,00 $ par personne)"),
            "{}",
            email.body_text
        );
        assert!(email.body_text.contains("Envoyez un virement Interac à : paiement@example.org"));
        assert!(email.body_text.contains("message du virement : EV3-K7MQ2X"));
        assert!(email.body_text.contains("Membre 3 : Léa Gagnon\n"), "a member without an e-mail: no brackets");
    }

    #[test]
    fn english_confirmation_uses_the_english_title() {
        let email = registration_confirmed(&event(2500), &registration(7500), &cx(Lang::En));
        assert_eq!(email.subject, "Registration confirmed: 4x4 tournament");
        assert!(email.body_text.contains("Captain: Camille Tremblay <camille@example.org>"), "{}", email.body_text);
        assert!(email.body_text.contains("Member 3: Léa Gagnon"));
        assert!(email.body_text.contains("Amount to pay: $75.00 (3 × $25.00 per person)"));
        assert!(email.body_text.contains("Send an Interac e-Transfer to: paiement@example.org"));
        assert!(email.body_text.contains("message: EV3-K7MQ2X"));
    }

    #[test]
    fn a_free_event_needs_no_payment() {
        let email = registration_confirmed(&event(0), &registration(0), &cx(Lang::Fr));
        assert!(email.body_text.contains("aucun paiement n'est requis"));
        assert!(!email.body_text.contains("Interac"));
    }
}
