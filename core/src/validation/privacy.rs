//! The privacy forms (Loi 25): the person in charge of protecting personal information, an entry
//! of the confidentiality incidents register, and a member's deletion request.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{Checker, Email, NumberInput, Phone, Text, max_len};
use crate::errors::FieldError;
use crate::privacy::retention::{HEALTH_MONTHS_RANGE, Policy, RECORDS_YEARS_RANGE};

/// Body of `PUT /api/admin/privacy`: who is in charge of protecting personal information, as
/// the privacy page publishes it (s. 3.1).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PrivacyOfficerInput {
    pub name: Option<String>,
    pub title: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// A valid person in charge: every field required.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivacyOfficer {
    name: Text,
    title: Text,
    email: Email,
    phone: Phone,
}

impl PrivacyOfficer {
    pub fn name(&self) -> &str {
        self.name.as_str()
    }
    pub fn title(&self) -> &str {
        self.title.as_str()
    }
    pub fn email(&self) -> &str {
        self.email.as_str()
    }
    pub fn phone(&self) -> &str {
        self.phone.as_str()
    }
}

pub fn validate_privacy_officer(input: &PrivacyOfficerInput) -> Result<PrivacyOfficer, Vec<FieldError>> {
    let mut c = Checker::new();
    let name = c.required("name", input.name.as_deref(), max_len::NAME, "field_required");
    let title = c.required("title", input.title.as_deref(), max_len::TITLE, "field_required");
    let email = c.email("email", input.email.as_deref(), "email_invalid");
    let phone = c.phone("phone", input.phone.as_deref(), "phone_required");
    c.finish(|| Some(PrivacyOfficer { name: name?, title: title?, email: email?, phone: phone? }))
}

/// Body of the incidents register's add and edit (ss. 3.5-3.8): when it happened, what
/// happened, who was affected, and whether the Commission d'accès à l'information and the
/// people affected were told.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct IncidentInput {
    /// 'YYYY-MM-DD', not after today.
    pub occurred_on: Option<String>,
    pub description: Option<String>,
    pub affected: Option<String>,
    pub reported_to_commission: Option<bool>,
    pub reported_to_people: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    occurred_on: NaiveDate,
    description: Text,
    affected: Text,
    reported_to_commission: bool,
    reported_to_people: bool,
}

impl Incident {
    pub fn occurred_on(&self) -> NaiveDate {
        self.occurred_on
    }
    pub fn description(&self) -> &str {
        self.description.as_str()
    }
    pub fn affected(&self) -> &str {
        self.affected.as_str()
    }
    pub fn reported_to_commission(&self) -> bool {
        self.reported_to_commission
    }
    pub fn reported_to_people(&self) -> bool {
        self.reported_to_people
    }
}

/// An incident; `today` (the centre's local date) bounds its date: the register records what
/// happened, never what might.
pub fn validate_incident(input: &IncidentInput, today: NaiveDate) -> Result<Incident, Vec<FieldError>> {
    let mut c = Checker::new();
    let occurred_on = match input.occurred_on.as_deref().map(str::trim) {
        None | Some("") => {
            c.push("occurredOn", "date_required");
            None
        }
        Some(s) => match crate::timefmt::parse_date(s) {
            Some(d) if d <= today => Some(d),
            Some(_) => {
                c.push("occurredOn", "incident_date_future");
                None
            }
            None => {
                c.push("occurredOn", "date_invalid");
                None
            }
        },
    };
    let description =
        c.required_multiline("description", input.description.as_deref(), max_len::DESCRIPTION, "field_required");
    let affected = c.required_multiline("affected", input.affected.as_deref(), max_len::COMMENTS, "field_required");
    c.finish(|| {
        Some(Incident {
            occurred_on: occurred_on?,
            description: description?,
            affected: affected?,
            reported_to_commission: input.reported_to_commission.unwrap_or(false),
            reported_to_people: input.reported_to_people.unwrap_or(false),
        })
    })
}

/// Body of a member's deletion request: an optional reason, in their words.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DeletionRequestInput {
    pub reason: Option<String>,
}

/// The reason, if any (free text, bounded).
pub fn validate_deletion_request(input: &DeletionRequestInput) -> Result<Option<String>, Vec<FieldError>> {
    let mut c = Checker::new();
    let reason = c.optional_multiline("reason", input.reason.as_deref(), max_len::COMMENTS);
    c.finish(|| reason.map(|r| r.map(|t| t.as_str().to_owned())))
}

/// Body of an admin's answer to a deletion request.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DeletionAnswerInput {
    /// `done` (the member's personal data is anonymised now) or `refused`.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<crate::privacy::DeletionStatus>))]
    pub outcome: Option<String>,
    pub note: Option<String>,
}

/// A valid answer: `done` or `refused`; a refusal says why (the member is owed a reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeletionAnswer {
    outcome: crate::privacy::DeletionStatus,
    note: Option<Text>,
}

impl DeletionAnswer {
    pub fn outcome(&self) -> crate::privacy::DeletionStatus {
        self.outcome
    }
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(Text::as_str)
    }
}

pub fn validate_deletion_answer(input: &DeletionAnswerInput) -> Result<DeletionAnswer, Vec<FieldError>> {
    use crate::privacy::DeletionStatus;
    let mut c = Checker::new();
    let outcome = match input.outcome.as_deref().map(str::trim).and_then(DeletionStatus::parse) {
        Some(s @ (DeletionStatus::Done | DeletionStatus::Refused)) => Some(s),
        _ => {
            c.push("outcome", "deletion_outcome_invalid");
            None
        }
    };
    let note = c.optional_multiline("note", input.note.as_deref(), max_len::COMMENTS);
    if outcome == Some(DeletionStatus::Refused) && matches!(note, Some(None)) {
        c.push("note", "deletion_note_required");
    }
    c.finish(|| Some(DeletionAnswer { outcome: outcome?, note: note? }))
}

/// Body of `PUT /api/admin/privacy/retention`: how long children's health data and the
/// accounting records are kept.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct RetentionInput {
    /// Months after the camp season's last day (1 to 60).
    pub health_months: Option<NumberInput>,
    /// Years after the end of the record's year (6, the accounting law's minimum, to 20).
    pub records_years: Option<NumberInput>,
}

pub fn validate_retention(input: &RetentionInput) -> Result<Policy, Vec<FieldError>> {
    let mut c = Checker::new();
    let mut whole = |field, value: Option<&NumberInput>, (lo, hi): (u32, u32), code| {
        let n = value.and_then(NumberInput::as_integer).and_then(|n| u32::try_from(n).ok());
        let n = n.filter(|n| (lo..=hi).contains(n));
        if n.is_none() {
            c.push(field, code);
        }
        n
    };
    let health = whole("healthMonths", input.health_months.as_ref(), HEALTH_MONTHS_RANGE, "health_months_invalid");
    let records = whole("recordsYears", input.records_years.as_ref(), RECORDS_YEARS_RANGE, "records_years_invalid");
    c.finish(|| Policy::new(health?, records?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(errors: Vec<FieldError>) -> Vec<(&'static str, &'static str)> {
        errors.into_iter().map(|e| (e.field, e.code)).collect()
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 6, 15).unwrap_or_default()
    }

    #[test]
    fn the_person_in_charge_needs_every_field() {
        let errors = validate_privacy_officer(&PrivacyOfficerInput::default()).err().unwrap_or_default();
        assert_eq!(
            codes(errors),
            [
                ("name", "field_required"),
                ("title", "field_required"),
                ("email", "email_invalid"),
                ("phone", "phone_required")
            ]
        );
        let ok = validate_privacy_officer(&PrivacyOfficerInput {
            name: Some(" Rosalie Caron ".into()),
            title: Some("Directrice générale".into()),
            email: Some("vie.privee@example.org".into()),
            phone: Some("819-555-0199".into()),
        });
        assert_eq!(ok.map(|o| o.name().to_owned()).ok().as_deref(), Some("Rosalie Caron"));
    }

    #[test]
    fn an_incident_happened_on_a_real_day_not_after_today() {
        let mut input = IncidentInput {
            occurred_on: Some("2026-06-16".into()),
            description: Some("Courriel envoyé au mauvais parent".into()),
            affected: Some("Une famille".into()),
            ..Default::default()
        };
        assert_eq!(
            codes(validate_incident(&input, today()).err().unwrap_or_default()),
            [("occurredOn", "incident_date_future")]
        );
        input.occurred_on = Some("16/06/2026".into());
        assert_eq!(
            codes(validate_incident(&input, today()).err().unwrap_or_default()),
            [("occurredOn", "date_invalid")]
        );
        input.occurred_on = Some("2026-06-15".into());
        let incident = validate_incident(&input, today()).ok();
        assert_eq!(incident.map(|i| (i.reported_to_commission(), i.reported_to_people())), Some((false, false)));
    }

    #[test]
    fn a_refusal_says_why_and_only_done_or_refused_answer() {
        let refuse = DeletionAnswerInput { outcome: Some("refused".into()), note: Some("  ".into()) };
        assert_eq!(
            codes(validate_deletion_answer(&refuse).err().unwrap_or_default()),
            [("note", "deletion_note_required")]
        );
        let open = DeletionAnswerInput { outcome: Some("open".into()), note: None };
        assert_eq!(
            codes(validate_deletion_answer(&open).err().unwrap_or_default()),
            [("outcome", "deletion_outcome_invalid")]
        );
        let done = DeletionAnswerInput { outcome: Some("done".into()), note: None };
        assert_eq!(
            validate_deletion_answer(&done).map(|a| a.outcome()).ok(),
            Some(crate::privacy::DeletionStatus::Done)
        );
    }

    #[test]
    fn a_deletion_reason_is_optional_and_bounded() {
        assert_eq!(validate_deletion_request(&DeletionRequestInput::default()), Ok(None));
        let long = DeletionRequestInput { reason: Some("x".repeat(max_len::COMMENTS + 1)) };
        assert_eq!(codes(validate_deletion_request(&long).err().unwrap_or_default()), [("reason", "too_long")]);
    }
    #[test]
    fn retention_keeps_records_at_least_the_six_years_the_law_asks() {
        let input = |h: &str, r: &str| RetentionInput { health_months: Some(h.into()), records_years: Some(r.into()) };
        assert_eq!(
            codes(validate_retention(&input("12", "5")).err().unwrap_or_default()),
            [("recordsYears", "records_years_invalid")]
        );
        assert_eq!(
            codes(validate_retention(&input("0", "6")).err().unwrap_or_default()),
            [("healthMonths", "health_months_invalid")]
        );
        assert_eq!(
            codes(validate_retention(&RetentionInput::default()).err().unwrap_or_default()),
            [("healthMonths", "health_months_invalid"), ("recordsYears", "records_years_invalid")]
        );
        let policy = validate_retention(&input("18", "7")).ok();
        assert_eq!(policy.map(|p| (p.health_months(), p.records_years())), Some((18, 7)));
    }
}
