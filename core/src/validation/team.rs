//! Team registration (spec section 5): the captain, member 2, and members 3 and 4 when named.

use serde::{Deserialize, Serialize};

use super::{Checker, Email, Text, max_len};
use crate::errors::FieldError;

/// Body of `POST /api/events/{eventId}/register`. Unknown fields (such as `eventId`) are ignored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct TeamRegistrationInput {
    pub team_name: Option<String>,
    pub captain_first_name: Option<String>,
    pub captain_last_name: Option<String>,
    pub captain_email: Option<String>,
    pub member2_first_name: Option<String>,
    pub member2_last_name: Option<String>,
    pub member2_email: Option<String>,
    pub member3_first_name: Option<String>,
    pub member3_last_name: Option<String>,
    pub member3_email: Option<String>,
    pub member4_first_name: Option<String>,
    pub member4_last_name: Option<String>,
    pub member4_email: Option<String>,
}

/// A team member whose every field is present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    first_name: Text,
    last_name: Text,
    email: Email,
}

impl Member {
    pub fn first_name(&self) -> &Text {
        &self.first_name
    }
    pub fn last_name(&self) -> &Text {
        &self.last_name
    }
    pub fn email(&self) -> &Email {
        &self.email
    }
}

/// An optional member (3 or 4): each field may be absent; a present e-mail is valid.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionalMember {
    first_name: Option<Text>,
    last_name: Option<Text>,
    email: Option<Email>,
}

impl OptionalMember {
    pub fn first_name(&self) -> Option<&Text> {
        self.first_name.as_ref()
    }
    pub fn last_name(&self) -> Option<&Text> {
        self.last_name.as_ref()
    }
    pub fn email(&self) -> Option<&Email> {
        self.email.as_ref()
    }
    /// True when no field was filled.
    pub fn is_empty(&self) -> bool {
        self.first_name.is_none() && self.last_name.is_none() && self.email.is_none()
    }
}

/// A valid team registration. `teamName` absent means the server generates one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamRegistration {
    team_name: Option<Text>,
    captain: Member,
    member2: Member,
    member3: OptionalMember,
    member4: OptionalMember,
}

impl TeamRegistration {
    pub fn team_name(&self) -> Option<&Text> {
        self.team_name.as_ref()
    }
    pub fn captain(&self) -> &Member {
        &self.captain
    }
    pub fn member2(&self) -> &Member {
        &self.member2
    }
    pub fn member3(&self) -> &OptionalMember {
        &self.member3
    }
    pub fn member4(&self) -> &OptionalMember {
        &self.member4
    }
}

pub fn validate_team_registration(input: &TeamRegistrationInput) -> Result<TeamRegistration, Vec<FieldError>> {
    let mut c = Checker::new();
    let team_name = c.optional("teamName", input.team_name.as_deref(), max_len::TEAM_NAME);
    let cf = c.required(
        "captainFirstName",
        input.captain_first_name.as_deref(),
        max_len::NAME,
        "captain_first_name_required",
    );
    let cl =
        c.required("captainLastName", input.captain_last_name.as_deref(), max_len::NAME, "captain_last_name_required");
    let ce = c.email("captainEmail", input.captain_email.as_deref(), "email_invalid");
    let m2f = c.required(
        "member2FirstName",
        input.member2_first_name.as_deref(),
        max_len::NAME,
        "member2_first_name_required",
    );
    let m2l =
        c.required("member2LastName", input.member2_last_name.as_deref(), max_len::NAME, "member2_last_name_required");
    let m2e = c.email("member2Email", input.member2_email.as_deref(), "email_invalid");
    let m3f = c.optional("member3FirstName", input.member3_first_name.as_deref(), max_len::NAME);
    let m3l = c.optional("member3LastName", input.member3_last_name.as_deref(), max_len::NAME);
    let m3e = c.optional_email("member3Email", input.member3_email.as_deref());
    let m4f = c.optional("member4FirstName", input.member4_first_name.as_deref(), max_len::NAME);
    let m4l = c.optional("member4LastName", input.member4_last_name.as_deref(), max_len::NAME);
    let m4e = c.optional_email("member4Email", input.member4_email.as_deref());
    c.finish(|| {
        Some(TeamRegistration {
            team_name: team_name?,
            captain: Member { first_name: cf?, last_name: cl?, email: ce? },
            member2: Member { first_name: m2f?, last_name: m2l?, email: m2e? },
            member3: OptionalMember { first_name: m3f?, last_name: m3l?, email: m3e? },
            member4: OptionalMember { first_name: m4f?, last_name: m4l?, email: m4e? },
        })
    })
}
