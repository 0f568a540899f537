//! The payment e-mails of the scheduled work, in the registration's language: a reminder (the
//! amount, the reference for the transfer's message, the Interac address, the deadline when
//! there is one) and the notice that an unpaid registration was released.

use centre_core::Lang;
use centre_core::camps::program_name;
use centre_core::timefmt::utc_text;

use super::{CENTRE_NAME, date_time, money};
use crate::db::outbox::Email;
use crate::db::payments::Kind;
use crate::db::payments::due::Letters;
use crate::db::payments::overview::Unpaid;

pub struct PaymentLetters {
    pub interac_email: String,
    pub tz: chrono_tz::Tz,
}

/// What the registration is for, with its preposition: "à « Tournoi 4x4 »", "au camp de jour
/// (Explorateurs) de Léa Roy" (French contracts "à le" to "au"), "to the day camp (Explorers)
/// for Léa Roy" (the program's name in the registration's language, as its own e-mail gives it).
fn to_what(u: &Unpaid, lang: Lang) -> String {
    match (u.kind, lang) {
        (Kind::Event, Lang::Fr) => format!("à « {} » (équipe {})", u.title, u.name),
        (Kind::Event, Lang::En) => format!("to \"{}\" (team {})", u.title_en.as_deref().unwrap_or(&u.title), u.name),
        (Kind::Camp, Lang::Fr) => format!("au camp de jour ({}) de {}", program_name(&u.title, lang), u.name),
        (Kind::Camp, Lang::En) => format!("to the day camp ({}) for {}", program_name(&u.title, lang), u.name),
    }
}

impl Letters for PaymentLetters {
    fn reminder(&self, u: &Unpaid) -> Email {
        let lang = u.lang;
        let amount = money(u.amount_cents, lang);
        let deadline = u.deadline.map(|d| date_time(&utc_text(d), self.tz, lang));
        let (subject, lines) = match lang {
            Lang::Fr => {
                let mut lines = vec![
                    "Bonjour,".to_owned(),
                    String::new(),
                    format!("Nous n'avons pas encore reçu le paiement de votre inscription {}.", to_what(u, lang)),
                    String::new(),
                    format!("Montant à payer : {amount}"),
                    format!("Envoyez un virement Interac à : {}", self.interac_email),
                    format!("Inscrivez cette référence dans le message du virement : {}", u.reference),
                ];
                if let Some(d) = &deadline {
                    lines.push(format!("Sans paiement le {d}, les places seront libérées."));
                }
                lines.push("Si vous avez déjà payé, merci de ne pas tenir compte de ce message.".to_owned());
                (format!("Rappel de paiement : {}", u.reference), lines)
            }
            Lang::En => {
                let mut lines = vec![
                    "Hello,".to_owned(),
                    String::new(),
                    format!("We have not yet received the payment for your registration {}.", to_what(u, lang)),
                    String::new(),
                    format!("Amount to pay: {amount}"),
                    format!("Send an Interac e-Transfer to: {}", self.interac_email),
                    format!("Write this reference in the transfer's message: {}", u.reference),
                ];
                if let Some(d) = &deadline {
                    lines.push(format!("Without payment by {d}, the places will be released."));
                }
                lines.push("If you have already paid, please disregard this message.".to_owned());
                (format!("Payment reminder: {}", u.reference), lines)
            }
        };
        letter(u.to.as_deref().unwrap_or_default(), subject, lines)
    }

    fn expired(&self, u: &Unpaid) -> Email {
        let lang = u.lang;
        let (subject, lines) = match lang {
            Lang::Fr => (
                format!("Inscription libérée : {}", u.reference),
                vec![
                    "Bonjour,".to_owned(),
                    String::new(),
                    format!(
                        "Le paiement de votre inscription {} n'a pas été reçu avant la date limite : l'inscription est expirée et ses places ont été libérées.",
                        to_what(u, lang)
                    ),
                    format!("Si vous avez payé entre-temps, écrivez-nous en indiquant la référence {}.", u.reference),
                ],
            ),
            Lang::En => (
                format!("Registration released: {}", u.reference),
                vec![
                    "Hello,".to_owned(),
                    String::new(),
                    format!(
                        "The payment for your registration {} was not received by the deadline: the registration has expired and its places were released.",
                        to_what(u, lang)
                    ),
                    format!("If you have paid in the meantime, write to us with the reference {}.", u.reference),
                ],
            ),
        };
        letter(u.to.as_deref().unwrap_or_default(), subject, lines)
    }
}

pub(super) fn letter(to: &str, subject: String, mut lines: Vec<String>) -> Email {
    lines.push(String::new());
    lines.push(CENTRE_NAME.to_owned());
    Email { to: to.to_owned(), subject, body_text: lines.join("\n") + "\n", ics: None }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;

    fn unpaid(lang: Lang, kind: Kind) -> Unpaid {
        let created = Utc.with_ymd_and_hms(2026, 6, 1, 14, 0, 0).single().unwrap_or_default();
        Unpaid {
            kind,
            id: 4,
            reference: "EV3-K7MQ2X".into(),
            amount_cents: 8000,
            created_at: created,
            reminders_sent: 0,
            last_reminder_at: None,
            lang,
            to: Some("capitaine@example.org".into()),
            name: "Les Smash".into(),
            title: "Tournoi 4x4".into(),
            title_en: Some("4x4 tournament".into()),
            deadline: Some(created + chrono::Duration::days(7)),
            event_id: Some(3),
            held_by_tournament: false,
        }
    }

    #[test]
    fn a_reminder_gives_the_amount_the_reference_the_interac_address_and_the_deadline() {
        let letters = PaymentLetters { interac_email: "paiements@example.org".into(), tz: chrono_tz::America::Toronto };
        let fr = letters.reminder(&unpaid(Lang::Fr, Kind::Event));
        assert_eq!(fr.to, "capitaine@example.org");
        assert_eq!(fr.subject, "Rappel de paiement : EV3-K7MQ2X");
        assert!(fr.body_text.contains("Montant à payer : 80,00 $"));
        assert!(fr.body_text.contains("virement Interac à : paiements@example.org"));
        assert!(fr.body_text.contains("« Tournoi 4x4 » (équipe Les Smash)"));
        assert!(fr.body_text.contains("Sans paiement le 08/06/2026 10:00"), "{}", fr.body_text);
        let en = letters.reminder(&unpaid(Lang::En, Kind::Event));
        assert!(en.body_text.contains("Amount to pay: $80.00") && en.body_text.contains("\"4x4 tournament\""));
        assert!(en.body_text.contains("Without payment by 2026-06-08 10:00"));
    }

    #[test]
    fn the_release_notice_names_the_registration_in_its_language() {
        let letters = PaymentLetters { interac_email: "p@example.org".into(), tz: chrono_tz::America::Toronto };
        let fr = letters.expired(&unpaid(Lang::Fr, Kind::Camp));
        assert_eq!(fr.subject, "Inscription libérée : EV3-K7MQ2X");
        assert!(fr.body_text.contains("inscription au camp de jour (Tournoi 4x4) de Les Smash"), "{}", fr.body_text);
        let en = letters.expired(&unpaid(Lang::En, Kind::Event));
        assert!(en.body_text.contains("has expired and its places were released"));
    }
}
