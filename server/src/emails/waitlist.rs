//! The waiting list's offer e-mail, in the language the member joined in: what place is held,
//! until when (the centre's time), and the link to the page that accepts or declines it.

use centre_core::Lang;
use centre_core::camps::{program_name, week_label};

use super::date_time;
use super::payments::letter;
use crate::db::outbox::Email;
use crate::db::waitlist::offers::{OfferLetters, OfferMail, Refill, SlotLetters, SlotMail, What};

pub struct WaitlistLetters {
    /// The site's address, without a trailing slash: the link is `{public_url}/offers/{id}`.
    pub public_url: String,
    pub tz: chrono_tz::Tz,
}

impl WaitlistLetters {
    pub fn new(settings: &crate::settings::Settings) -> WaitlistLetters {
        WaitlistLetters { public_url: settings.public_url.clone(), tz: settings.timezone }
    }

    /// What one refill of the lists needs at `now`.
    pub fn at(&self, now: chrono::DateTime<chrono::Utc>) -> Refill<'_> {
        Refill { now, tz: self.tz, letters: self }
    }
}

/// The acceptance page of an offer.
pub fn offer_path(offer_id: i64) -> String {
    format!("/offers/{offer_id}")
}

fn what(w: &What, lang: Lang) -> String {
    match (w, lang) {
        (What::Event { title, .. }, Lang::Fr) => format!("à l'événement « {title} »"),
        (What::Event { title, title_en }, Lang::En) => {
            format!("at the event \"{}\"", title_en.as_deref().unwrap_or(title))
        }
        (What::CampWeek { program_id, start, end }, Lang::Fr) => {
            format!(
                "au camp de jour ({}), semaine du {}",
                program_name(program_id, lang),
                week_label(*start, *end, lang)
            )
        }
        (What::CampWeek { program_id, start, end }, Lang::En) => {
            format!("in the day camp ({}), week of {}", program_name(program_id, lang), week_label(*start, *end, lang))
        }
        (What::CourtSlot { name, .. }, Lang::Fr) => format!("sur le terrain {name}"),
        (What::CourtSlot { name, name_en, .. }, Lang::En) => {
            format!("on court {}", if name_en.is_empty() { name } else { name_en })
        }
    }
}

impl OfferLetters for WaitlistLetters {
    fn offer(&self, m: &OfferMail<'_>) -> Email {
        let lang = m.lang;
        let until = date_time(m.expires_at, self.tz, lang);
        let link = format!("{}{}", self.public_url.trim_end_matches('/'), offer_path(m.offer_id));
        let (subject, lines) = match lang {
            Lang::Fr => (
                "Une place s'est libérée pour vous".to_owned(),
                vec![
                    "Bonjour,".to_owned(),
                    String::new(),
                    format!("Une place s'est libérée {} et elle vous est réservée.", what(&m.what, lang)),
                    format!(
                        "Elle vous est gardée jusqu'au {until}. Passé ce délai, elle sera offerte à la personne suivante."
                    ),
                    String::new(),
                    format!("Pour l'accepter ou la refuser : {link}"),
                    "En l'acceptant, vous serez inscrit(e) et recevrez les instructions de paiement Interac."
                        .to_owned(),
                ],
            ),
            Lang::En => (
                "A place opened up for you".to_owned(),
                vec![
                    "Hello,".to_owned(),
                    String::new(),
                    format!("A place opened up {} and it is held for you.", what(&m.what, lang)),
                    format!("It is held for you until {until}. After that, it will be offered to the next person."),
                    String::new(),
                    format!("To accept or decline it: {link}"),
                    "Once you accept, you are registered and receive the Interac payment instructions.".to_owned(),
                ],
            ),
        };
        letter(m.to, subject, lines)
    }
}

impl SlotLetters for WaitlistLetters {
    fn slot_freed(&self, m: &SlotMail<'_>) -> Email {
        let lang = m.lang;
        let when = date_time(m.start, self.tz, lang);
        let link = format!("{}/reservations", self.public_url.trim_end_matches('/'));
        let (subject, lines) = match lang {
            Lang::Fr => (
                "Un créneau s'est libéré".to_owned(),
                vec![
                    "Bonjour,".to_owned(),
                    String::new(),
                    format!("Le créneau du {when} ({}) s'est libéré.", m.court_name),
                    "Toutes les personnes en attente de ce créneau reçoivent ce message : la première à réserver l'obtient.".to_owned(),
                    String::new(),
                    format!("Pour réserver : {link}"),
                ],
            ),
            Lang::En => (
                "A court slot opened up".to_owned(),
                vec![
                    "Hello,".to_owned(),
                    String::new(),
                    format!(
                        "The {when} slot ({}) opened up.",
                        if m.court_name_en.is_empty() { m.court_name } else { m.court_name_en }
                    ),
                    "Everyone waiting for this slot gets this message: the first to book it gets it.".to_owned(),
                    String::new(),
                    format!("To book: {link}"),
                ],
            ),
        };
        letter(m.to, subject, lines)
    }
}
