//! The e-mail a parent receives after a day-camp registration: the summary (child, program,
//! weeks), the amount, and how to pay by Interac e-Transfer with the reference unique to the
//! registration. Medical information is not repeated in the e-mail.

use centre_core::Lang;
use centre_core::camps::{date_label, program_name, week_label};

use super::{CENTRE_ADDRESS, CENTRE_NAME, money};
use crate::db::daycamps::{ProgramRow, RegistrationRow};
use crate::db::outbox::Email;

/// What the e-mail needs beyond the rows.
pub struct Context<'a> {
    /// Who receives it: the member's own verified account address (`db::users::mail_address`).
    /// The form's `parentEmail` gets it only by being that same address: the e-mail repeats
    /// what the member typed (names), so it never goes to an address the member may not own.
    pub to: &'a str,
    pub interac_email: &'a str,
    /// The site's address, for the link to /my-registrations.
    pub public_url: &'a str,
    pub lang: Lang,
}

/// `08:00` → `8 h` (French) or `8:00` (English); `16:30` → `16 h 30`.
fn hour(hhmm: &str, lang: Lang) -> String {
    let (h, m) = hhmm.split_once(':').unwrap_or((hhmm, "00"));
    let h = h.trim_start_matches('0');
    let h = if h.is_empty() { "0" } else { h };
    match (lang, m) {
        (Lang::Fr, "00") => format!("{h} h"),
        (Lang::Fr, m) => format!("{h} h {m}"),
        (Lang::En, m) => format!("{h}:{m}"),
    }
}

pub fn registration_received(registration: &RegistrationRow, program: &ProgramRow, cx: &Context<'_>) -> Email {
    let lang = cx.lang;
    let child = format!("{} {}", registration.child_first_name, registration.child_last_name);
    let program_title = program_name(&program.id, lang);
    let weeks = registration.weeks.len();
    let amount = money(registration.amount_cents, lang);
    let price = money(program.weekly_price_cents, lang);
    let reference = &registration.payment_reference;
    let birth = date_label(registration.child_birth_date, lang);
    let link = format!("{}/my-registrations", cx.public_url.trim_end_matches('/'));
    let (start, end) = (hour(&program.day_start, lang), hour(&program.day_end, lang));
    let mut lines: Vec<String> = Vec::new();
    match lang {
        Lang::Fr => {
            lines.push(format!("Bonjour {},", registration.parent_name));
            lines.push(String::new());
            lines.push(format!("Nous avons bien reçu l'inscription de {child} au camp de jour."));
            lines.push(String::new());
            lines.push(format!("Enfant : {child}, né(e) le {birth}"));
            lines.push(format!(
                "Programme : {program_title} ({} à {} ans), de {start} à {end}, du lundi au vendredi",
                program.min_age, program.max_age
            ));
            lines.push(if weeks > 1 { "Semaines :".to_owned() } else { "Semaine :".to_owned() });
            for w in &registration.weeks {
                lines.push(format!("  - du {}", week_label(w.start_date, w.end_date, lang)));
            }
            let plural = if weeks > 1 { "s" } else { "" };
            lines.push(format!("Montant : {amount} ({weeks} semaine{plural} à {price})"));
            lines.push("Statut du paiement : en attente".to_owned());
            lines.push(String::new());
            lines.push("Le paiement en ligne arrive bientôt. D'ici là, payez par virement Interac :".to_owned());
            lines.push(format!("  - envoyez le virement à : {}", cx.interac_email));
            lines.push(format!("  - montant : {amount}"));
            lines.push(format!("  - inscrivez cette référence dans le message du virement : {reference}"));
            lines.push(
                "Cette référence est propre à cette inscription : elle nous permet d'y relier votre virement."
                    .to_owned(),
            );
            lines.push("L'inscription sera marquée comme payée dès la réception du virement.".to_owned());
            lines.push(String::new());
            lines.push(format!("Suivez votre inscription dans « Mes inscriptions » : {link}"));
        }
        Lang::En => {
            lines.push(format!("Hello {},", registration.parent_name));
            lines.push(String::new());
            lines.push(format!("We have received the day camp registration of {child}."));
            lines.push(String::new());
            lines.push(format!("Child: {child}, born {birth}"));
            lines.push(format!(
                "Program: {program_title} (ages {} to {}), {start} to {end}, Monday to Friday",
                program.min_age, program.max_age
            ));
            lines.push(if weeks > 1 { "Weeks:".to_owned() } else { "Week:".to_owned() });
            for w in &registration.weeks {
                lines.push(format!("  - {}", week_label(w.start_date, w.end_date, lang)));
            }
            let plural = if weeks > 1 { "s" } else { "" };
            lines.push(format!("Amount: {amount} ({weeks} week{plural} at {price})"));
            lines.push("Payment status: pending".to_owned());
            lines.push(String::new());
            lines.push("Online payment is coming soon. Until then, please pay by Interac e-Transfer:".to_owned());
            lines.push(format!("  - send the transfer to: {}", cx.interac_email));
            lines.push(format!("  - amount: {amount}"));
            lines.push(format!("  - write this reference in the transfer's message: {reference}"));
            lines.push(
                "This reference is unique to this registration: it lets us match your transfer to it.".to_owned(),
            );
            lines.push("The registration will be marked as paid once the transfer is received.".to_owned());
            lines.push(String::new());
            lines.push(format!("Follow your registration in \"My registrations\": {link}"));
        }
    }
    lines.extend([String::new(), "—".to_owned(), CENTRE_NAME.to_owned(), CENTRE_ADDRESS.to_owned()]);
    let subject = match lang {
        Lang::Fr => format!("Camp de jour : inscription de {child} reçue ({reference})"),
        Lang::En => format!("Day camp: registration of {child} received ({reference})"),
    };
    Email { to: cx.to.to_owned(), subject, body_text: lines.join("\n") + "\n", ics: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::daycamps::WeekRow;
    use chrono::NaiveDate;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    fn program() -> ProgramRow {
        ProgramRow {
            id: "explorateurs".into(),
            min_age: 6,
            max_age: 8,
            weekly_price_cents: 12_000,
            capacity_per_week: 20,
            day_start: "08:00".into(),
            day_end: "16:00".into(),
            offer_hours: None,
        }
    }

    fn registration() -> RegistrationRow {
        RegistrationRow {
            id: 7,
            user_id: Some("u1".into()),
            program_id: "explorateurs".into(),
            child_first_name: "Léa".into(),
            child_last_name: "Roy".into(),
            child_birth_date: d("2019-05-01"),
            child_gender: Some(centre_core::validation::Gender::Girl),
            parent_name: "Ana Roy".into(),
            parent_email: "ana@example.org".into(),
            parent_phone: "819-555-0101".into(),
            emergency_phone: None,
            medical_conditions: Some("Allergie aux arachides".into()),
            can_swim: true,
            amount_cents: 24_000,
            payment_status: centre_core::payments::PaymentStatus::Pending,
            payment_reference: "CJ-ABC234".into(),
            lang: centre_core::Lang::Fr,
            created_at: "2026-11-22T14:00:00Z".into(),
            weeks: vec![
                WeekRow { id: 1, label: "week1".into(), start_date: d("2027-07-05"), end_date: d("2027-07-09") },
                WeekRow { id: 5, label: "week5".into(), start_date: d("2027-08-02"), end_date: d("2027-08-06") },
            ],
        }
    }

    fn cx(lang: Lang) -> Context<'static> {
        Context {
            to: "ana@example.org",
            interac_email: "paiement@example.org",
            public_url: "https://centre.example/",
            lang,
        }
    }

    // Each e-mail's whole text, in both languages, is snapshotted in tests/emails.rs.
    #[test]
    fn the_parent_gets_the_amount_and_the_reference_but_no_medical_data() {
        let email = registration_received(&registration(), &program(), &cx(Lang::Fr));
        assert_eq!(email.to, "ana@example.org");
        assert_eq!(email.subject, "Camp de jour : inscription de Léa Roy reçue (CJ-ABC234)");
        assert!(email.body_text.contains("Montant : 240,00 $ (2 semaines à 120,00 $)"), "{}", email.body_text);
        assert!(email.body_text.contains("message du virement : CJ-ABC234"));
        assert!(!email.body_text.contains("arachides"), "medical data stays out of e-mail");
    }

    #[test]
    fn hours() {
        assert_eq!(hour("08:00", Lang::Fr), "8 h");
        assert_eq!(hour("16:30", Lang::Fr), "16 h 30");
        assert_eq!(hour("08:00", Lang::En), "8:00");
    }
}
