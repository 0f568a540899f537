//! The e-mail every captain of a league receives when a night is called off: the night, why,
//! the admin's message, and that nobody moves.

use centre_core::Lang;
use centre_core::league::ClosureReason;
use chrono::NaiveDate;

use crate::db::outbox::Email;

/// One cancelled night, as a captain reads it.
pub struct Cancelled<'a> {
    pub to: &'a str,
    pub lang: Lang,
    pub league: &'a str,
    pub team: &'a str,
    pub date: NaiveDate,
    pub reason: ClosureReason,
    pub message: Option<&'a str>,
}

fn reason_text(reason: ClosureReason, lang: Lang) -> &'static str {
    match (reason, lang) {
        (ClosureReason::Storm, Lang::Fr) => "orage",
        (ClosureReason::Rain, Lang::Fr) => "pluie",
        (ClosureReason::Heat, Lang::Fr) => "chaleur",
        (ClosureReason::WaterQuality, Lang::Fr) => "qualité de l'eau",
        (ClosureReason::Other, Lang::Fr) => "autre raison",
        (ClosureReason::Storm, Lang::En) => "storm",
        (ClosureReason::Rain, Lang::En) => "rain",
        (ClosureReason::Heat, Lang::En) => "heat",
        (ClosureReason::WaterQuality, Lang::En) => "water quality",
        (ClosureReason::Other, Lang::En) => "other reason",
    }
}

pub fn night_cancelled(c: &Cancelled<'_>) -> Email {
    let reason = reason_text(c.reason, c.lang);
    let (subject, mut lines) = match c.lang {
        Lang::Fr => {
            let date = c.date.format("%d/%m/%Y");
            (
                format!("Soirée du {date} annulée ({reason}) — {}", c.league),
                vec![
                    format!("Bonjour {},", c.team),
                    String::new(),
                    format!("La soirée du {date} de « {} » est annulée ({reason}).", c.league),
                    "Personne ne monte ni ne descend : la grille de la prochaine soirée reste la même.".to_owned(),
                ],
            )
        }
        Lang::En => {
            let date = c.date.format("%Y-%m-%d");
            (
                format!("Night of {date} cancelled ({reason}) — {}", c.league),
                vec![
                    format!("Hello {},", c.team),
                    String::new(),
                    format!("The night of {date} of \"{}\" is cancelled ({reason}).", c.league),
                    "Nobody moves up or down: the next night's grid stays the same.".to_owned(),
                ],
            )
        }
    };
    if let Some(message) = c.message {
        lines.push(String::new());
        lines.push(message.to_owned());
    }
    Email { to: c.to.to_owned(), subject, body_text: lines.join("\n"), ics: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_english_captain_reads_why_and_that_nobody_moves() {
        let email = night_cancelled(&Cancelled {
            to: "cap@example.org",
            lang: Lang::En,
            league: "Tuesday league",
            team: "Les Huards",
            date: NaiveDate::from_ymd_opt(2027, 6, 8).expect("date"),
            reason: ClosureReason::WaterQuality,
            message: None,
        });
        assert_eq!(email.subject, "Night of 2027-06-08 cancelled (water quality) — Tuesday league");
        assert_eq!(
            email.body_text,
            "Hello Les Huards,\n\nThe night of 2027-06-08 of \"Tuesday league\" is cancelled (water quality).\n\
             Nobody moves up or down: the next night's grid stays the same."
        );
    }
}
