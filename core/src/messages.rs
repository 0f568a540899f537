//! The one message catalogue: every error code in French and English. The server's JSON error
//! bodies and the PWA's form messages both come from here, so a user reads the same sentence
//! wherever the rule was checked.

/// The two interface languages; French is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    /// Picks the language from an `Accept-Language`-style value (`en-CA,en;q=0.9`, `fr`, ...).
    /// The first tag naming `fr` or `en` wins; anything else means French.
    pub fn from_accept_language(value: &str) -> Lang {
        for part in value.split(',') {
            let tag = part.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
            if tag.starts_with("en") {
                return Lang::En;
            }
            if tag.starts_with("fr") {
                return Lang::Fr;
            }
        }
        Lang::Fr
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }
}

/// `(code, French, English)`. Codes are stable: clients and tests rely on them.
pub const CATALOGUE: &[(&str, &str, &str)] = &[
    // Generic HTTP-level errors.
    ("malformed_json", "La requête est mal formée.", "The request is malformed."),
    ("unauthorized", "Vous devez être connecté.", "You must be logged in."),
    ("forbidden", "Vous n'avez pas les permissions nécessaires.", "You do not have the required permissions."),
    ("forbidden_origin", "Requête refusée : origine non autorisée.", "Request refused: origin not allowed."),
    ("not_found", "Ressource introuvable.", "Not found."),
    ("conflict", "Conflit avec l'état actuel.", "Conflict with the current state."),
    ("payload_too_large", "La requête est trop volumineuse.", "The request is too large."),
    ("validation", "Certains champs sont invalides.", "Some fields are invalid."),
    ("internal", "Une erreur interne s'est produite. Veuillez réessayer.", "An internal error occurred. Please try again."),
    ("unavailable", "Le service est momentanément indisponible. Veuillez réessayer.", "The service is temporarily unavailable. Please try again."),
];

/// The message for `code` in `lang`; `None` for an unknown code.
pub fn message(code: &str, lang: Lang) -> Option<&'static str> {
    CATALOGUE.iter().find(|(c, _, _)| *c == code).map(|(_, fr, en)| match lang {
        Lang::Fr => *fr,
        Lang::En => *en,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = CATALOGUE.iter().map(|(c, _, _)| *c).collect();
        codes.sort_unstable();
        let before = codes.len();
        codes.dedup();
        assert_eq!(before, codes.len());
    }

    #[test]
    fn accept_language_picks_first_known() {
        assert_eq!(Lang::from_accept_language("en-CA,en;q=0.9,fr;q=0.8"), Lang::En);
        assert_eq!(Lang::from_accept_language("de, fr-CA;q=0.5"), Lang::Fr);
        assert_eq!(Lang::from_accept_language(""), Lang::Fr);
        assert_eq!(message("not_found", Lang::En), Some("Not found."));
    }
}
