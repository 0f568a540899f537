//! What an event registration is and how it is named, the same on the server and in exports.

use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

/// A team (the team form: a captain and its members) or one person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RegistrationKind {
    Team,
    Individual,
}

stored_text!(RegistrationKind { Team = "team", Individual = "individual" });

/// A registration's or a court booking's own state: a released registration is `cancelled`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RegistrationStatus {
    Confirmed,
    Pending,
    Cancelled,
}

stored_text!(RegistrationStatus { Confirmed = "confirmed", Pending = "pending", Cancelled = "cancelled" });

/// The name of a team registered without one: 'Équipe 3' for the event's third team. Kept in
/// French: it is the team's name, shown as it is in every language.
pub fn auto_team_name(team_number: i64) -> String {
    format!("Équipe {team_number}")
}

/// The name a team goes by: its own, else its automatic one; none for a registration that is
/// not a team (no name, no number).
pub fn team_name(name: Option<&str>, team_number: Option<i64>) -> Option<String> {
    match (name, team_number) {
        (Some(name), _) => Some(name.to_owned()),
        (None, Some(n)) => Some(auto_team_name(n)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unnamed_team_takes_its_number() {
        assert_eq!(auto_team_name(3), "Équipe 3");
        assert_eq!(team_name(Some("Les Hérons"), Some(3)).as_deref(), Some("Les Hérons"));
        assert_eq!(team_name(None, Some(3)).as_deref(), Some("Équipe 3"));
        assert_eq!(team_name(None, None), None);
    }

    #[test]
    fn states_read_back_from_their_stored_text() {
        for s in RegistrationStatus::ALL {
            assert_eq!(RegistrationStatus::parse(s.as_str()), Some(*s));
        }
        for k in RegistrationKind::ALL {
            assert_eq!(RegistrationKind::parse(k.as_str()), Some(*k));
        }
    }
}
