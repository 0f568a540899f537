//! Team registration: the captain, member 2, and members 3 and 4 when named.

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

/// A required member's three fields, each checked in the form's order: `fields` names them
/// (first name, last name, e-mail) and `required` the codes of a blank first and last name.
fn member(
    c: &mut Checker,
    fields: [&'static str; 3],
    values: [&Option<String>; 3],
    required: [&'static str; 2],
) -> Option<Member> {
    let first_name = c.required(fields[0], values[0].as_deref(), max_len::NAME, required[0]);
    let last_name = c.required(fields[1], values[1].as_deref(), max_len::NAME, required[1]);
    let email = c.email(fields[2], values[2].as_deref(), "email_invalid");
    Some(Member { first_name: first_name?, last_name: last_name?, email: email? })
}

/// An optional member's three fields, as [`member`] does for a required one.
fn optional_member(c: &mut Checker, fields: [&'static str; 3], values: [&Option<String>; 3]) -> Option<OptionalMember> {
    let first_name = c.optional(fields[0], values[0].as_deref(), max_len::NAME);
    let last_name = c.optional(fields[1], values[1].as_deref(), max_len::NAME);
    let email = c.optional_email(fields[2], values[2].as_deref());
    Some(OptionalMember { first_name: first_name?, last_name: last_name?, email: email? })
}

pub fn validate_team_registration(input: &TeamRegistrationInput) -> Result<TeamRegistration, Vec<FieldError>> {
    let mut c = Checker::new();
    let team_name = c.optional("teamName", input.team_name.as_deref(), max_len::TEAM_NAME);
    let captain = member(
        &mut c,
        ["captainFirstName", "captainLastName", "captainEmail"],
        [&input.captain_first_name, &input.captain_last_name, &input.captain_email],
        ["captain_first_name_required", "captain_last_name_required"],
    );
    let member2 = member(
        &mut c,
        ["member2FirstName", "member2LastName", "member2Email"],
        [&input.member2_first_name, &input.member2_last_name, &input.member2_email],
        ["member2_first_name_required", "member2_last_name_required"],
    );
    let member3 = optional_member(
        &mut c,
        ["member3FirstName", "member3LastName", "member3Email"],
        [&input.member3_first_name, &input.member3_last_name, &input.member3_email],
    );
    let member4 = optional_member(
        &mut c,
        ["member4FirstName", "member4LastName", "member4Email"],
        [&input.member4_first_name, &input.member4_last_name, &input.member4_email],
    );
    c.finish(|| {
        Some(TeamRegistration {
            team_name: team_name?,
            captain: captain?,
            member2: member2?,
            member3: member3?,
            member4: member4?,
        })
    })
}
