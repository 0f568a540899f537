//! The e-mail a captain receives when the other side proposes their match's result: the result,
//! the link to confirm or dispute it, and when it confirms itself without an answer.

use centre_core::Lang;
use centre_core::report::Reported;

use super::date_time;
use crate::db::outbox::Email;

/// Where the links point and which clock the deadline is read in.
#[derive(Debug, Clone)]
pub struct ReportLetters {
    /// The site's address, without a trailing slash: the link is `{public_url}/event/{id}#match-{match}`.
    pub public_url: String,
    pub tz: chrono_tz::Tz,
}

impl ReportLetters {
    pub fn new(settings: &crate::settings::Settings) -> ReportLetters {
        ReportLetters { public_url: settings.public_url.clone(), tz: settings.timezone }
    }
}

/// One proposal, as the other captain reads it.
pub struct Proposal<'a> {
    pub to: &'a str,
    pub lang: Lang,
    pub event_id: i64,
    /// The match: the link opens the event page at it, with 'Confirmer' and 'Contester'.
    pub match_id: i64,
    /// The team that proposed, and the reader's own.
    pub by_team: &'a str,
    pub own_team: &'a str,
    pub result: &'a Reported,
    /// UTC text.
    pub deadline: &'a str,
}

/// '21-18, 17-21, 15-12' (team 1's points first), or '21-18' without sets.
pub fn score_text(r: &Reported) -> String {
    if r.sets.is_empty() {
        format!("{}-{}", r.team1_score, r.team2_score)
    } else {
        r.sets.iter().map(|[a, b]| format!("{a}-{b}")).collect::<Vec<_>>().join(", ")
    }
}

impl ReportLetters {
    pub fn proposed(&self, p: &Proposal<'_>) -> Email {
        let link = format!("{}/event/{}#match-{}", self.public_url.trim_end_matches('/'), p.event_id, p.match_id);
        let score = score_text(p.result);
        let until = date_time(p.deadline, self.tz, p.lang);
        let (subject, lines) = match p.lang {
            Lang::Fr => (
                format!("Résultat proposé {score} — confirmer ou contester"),
                [
                    format!("Bonjour {},", p.own_team),
                    String::new(),
                    format!("{} propose le résultat de votre match : {score}.", p.by_team),
                    format!("Pour le confirmer ou le contester : {link}"),
                    format!("Sans réponse d'ici le {until}, il sera confirmé."),
                ],
            ),
            Lang::En => (
                format!("Proposed result {score} — confirm or dispute"),
                [
                    format!("Hello {},", p.own_team),
                    String::new(),
                    format!("{} proposes the result of your match: {score}.", p.by_team),
                    format!("To confirm or dispute it: {link}"),
                    format!("Without an answer by {until}, it will be confirmed."),
                ],
            ),
        };
        Email { to: p.to.to_owned(), subject, body_text: lines.join("\n"), ics: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proposal_in_both_languages() {
        let letters = ReportLetters { public_url: "https://centre.example/".into(), tz: chrono_tz::America::Toronto };
        let result = Reported { team1_score: 2, team2_score: 1, sets: vec![[21, 18], [17, 21], [15, 12]] };
        let mut p = Proposal {
            to: "capitaine@example.org",
            lang: Lang::Fr,
            event_id: 7,
            match_id: 31,
            by_team: "Les Hérons",
            own_team: "Les Huards",
            result: &result,
            deadline: "2026-07-11T18:25:00Z",
        };
        let fr = letters.proposed(&p);
        assert_eq!(fr.subject, "Résultat proposé 21-18, 17-21, 15-12 — confirmer ou contester");
        assert_eq!(
            fr.body_text,
            "Bonjour Les Huards,\n\nLes Hérons propose le résultat de votre match : 21-18, 17-21, 15-12.\n\
             Pour le confirmer ou le contester : https://centre.example/event/7#match-31\n\
             Sans réponse d'ici le 11/07/2026 14:25, il sera confirmé."
        );
        p.lang = Lang::En;
        let en = letters.proposed(&p);
        assert_eq!(en.subject, "Proposed result 21-18, 17-21, 15-12 — confirm or dispute");
        assert!(
            en.body_text.ends_with("Without an answer by 2026-07-11 14:25, it will be confirmed."),
            "{}",
            en.body_text
        );
    }
}
