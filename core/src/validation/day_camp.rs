//! Day-camp registration: the child, the parent, the weeks.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::health::{HealthForm, HealthFormInput, Sent, check_consent, check_health_form};
use super::{Checker, Email, Gender, Phone, Text, TextError, max_len};
use crate::errors::FieldError;

/// Body of `POST /api/day-camp-registrations`. Weeks come as `weekId` (one) and/or `weekIds`
/// (the multiple-choice variant); both are merged, order kept, duplicates dropped. The health
/// form is `healthForm`; the older `medicalConditions`, `canSwim` and `emergencyPhone` still
/// count as its conditions, swimming and first contact's phone when it leaves them out (their
/// errors then name them so: `medicalConditions`, `emergencyPhone`). The
/// consent to it (`healthConsent`, for `healthConsentVersion`) is required.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DayCampRegistrationInput {
    pub week_id: Option<String>,
    pub week_ids: Option<Vec<String>>,
    pub child_first_name: Option<String>,
    pub child_last_name: Option<String>,
    pub child_birth_date: Option<String>,
    pub child_gender: Option<String>,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub parent_phone: Option<String>,
    pub emergency_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub can_swim: Option<bool>,
    pub health_form: Option<HealthFormInput>,
    /// The consent box for the health form, ticked.
    pub health_consent: Option<bool>,
    /// The version of the consent text the page showed (`sante-2026-1`).
    pub health_consent_version: Option<String>,
    /// Who pays, for the RL-24 figures (one or two; see `validate_payers`). Left out, the
    /// registration names no payer and the figures name its parent.
    pub payers: Option<Vec<super::PayerInput>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayCampRegistration {
    week_ids: Vec<Text>,
    child_first_name: Text,
    child_last_name: Text,
    child_birth_date: NaiveDate,
    child_gender: Option<Gender>,
    parent_name: Text,
    parent_email: Email,
    parent_phone: Phone,
    health: HealthForm,
}

impl DayCampRegistration {
    /// At least one week, no duplicates.
    pub fn week_ids(&self) -> &[Text] {
        &self.week_ids
    }
    pub fn child_first_name(&self) -> &Text {
        &self.child_first_name
    }
    pub fn child_last_name(&self) -> &Text {
        &self.child_last_name
    }
    /// Not after `today`.
    pub fn child_birth_date(&self) -> NaiveDate {
        self.child_birth_date
    }
    pub fn child_gender(&self) -> Option<Gender> {
        self.child_gender
    }
    pub fn parent_name(&self) -> &Text {
        &self.parent_name
    }
    pub fn parent_email(&self) -> &Email {
        &self.parent_email
    }
    pub fn parent_phone(&self) -> &Phone {
        &self.parent_phone
    }
    /// The first emergency contact's phone.
    pub fn emergency_phone(&self) -> Option<&Phone> {
        self.health.emergency_contacts().first().map(|p| p.phone())
    }
    pub fn medical_conditions(&self) -> Option<&Text> {
        self.health.conditions()
    }
    pub fn can_swim(&self) -> bool {
        self.health.can_swim()
    }
    /// The health form, consented to.
    pub fn health(&self) -> &HealthForm {
        &self.health
    }
    /// The child's age in whole years on `on` (for the server's program age check).
    pub fn child_age_on(&self, on: NaiveDate) -> u32 {
        on.years_since(self.child_birth_date).unwrap_or(0)
    }
}

/// Most weeks one registration may name.
pub const MAX_WEEKS: usize = 20;

/// Validates a day-camp registration; `today` (the centre's local date) bounds the birth date.
pub fn validate_day_camp_registration(
    input: &DayCampRegistrationInput,
    today: NaiveDate,
) -> Result<DayCampRegistration, Vec<FieldError>> {
    let mut c = Checker::new();
    let mut weeks: Vec<Text> = Vec::new();
    let mut weeks_refused = None;
    let raw_weeks = input.week_id.iter().chain(input.week_ids.iter().flatten());
    for raw in raw_weeks {
        match Text::parse(raw, max_len::WEEK_ID) {
            Ok(t) => {
                if !weeks.contains(&t) {
                    weeks.push(t);
                }
            }
            Err(TextError::Empty) => {}
            Err(e) => weeks_refused = weeks_refused.or(Some(e.generic_code().unwrap_or("too_long"))),
        }
    }
    if let Some(code) = weeks_refused {
        c.push("weekId", code);
    } else if weeks.len() > MAX_WEEKS {
        c.push("weekId", "too_long");
    } else if weeks.is_empty() {
        c.push("weekId", "week_required");
    }
    let first =
        c.required("childFirstName", input.child_first_name.as_deref(), max_len::NAME, "child_first_name_required");
    let last = c.required("childLastName", input.child_last_name.as_deref(), max_len::NAME, "child_last_name_required");
    let birth = match input.child_birth_date.as_deref().map(str::trim) {
        None | Some("") => {
            c.push("childBirthDate", "child_birth_date_required");
            None
        }
        Some(s) => match crate::timefmt::parse_date(s).ok_or(()) {
            Ok(d) if d <= today && today.years_since(d).is_some_and(|y| y <= 25) => Some(d),
            _ => {
                c.push("childBirthDate", "birth_date_invalid");
                None
            }
        },
    };
    let gender = match input.child_gender.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(s) => match Gender::parse(s) {
            Some(g) => Some(Some(g)),
            None => {
                c.push("childGender", "gender_invalid");
                None
            }
        },
    };
    let parent_name = c.required("parentName", input.parent_name.as_deref(), max_len::NAME, "parent_name_required");
    let parent_email = c.email("parentEmail", input.parent_email.as_deref(), "parent_email_invalid");
    let parent_phone = c.phone("parentPhone", input.parent_phone.as_deref(), "phone_required");
    let mut health = input.health_form.clone().unwrap_or_default();
    let mut sent = Sent::default();
    if health.conditions.is_none() && input.medical_conditions.is_some() {
        health.conditions = input.medical_conditions.clone();
        sent.conditions_at_top = true;
    }
    health.can_swim = health.can_swim.or(input.can_swim);
    if let Some(phone) = input.emergency_phone.as_ref().filter(|p| !p.trim().is_empty()) {
        let contacts = health.emergency_contacts.get_or_insert_with(Vec::new);
        if contacts.is_empty() {
            contacts.push(Default::default());
        }
        if let Some(first) = contacts.first_mut().filter(|f| f.phone.as_deref().is_none_or(|p| p.trim().is_empty())) {
            first.phone = Some(phone.clone());
            sent.phone_at_top = true;
        }
    }
    let health = check_health_form(&mut c, &health, sent);
    check_consent(&mut c, input.health_consent, input.health_consent_version.as_deref());
    c.finish(|| {
        Some(DayCampRegistration {
            week_ids: weeks,
            child_first_name: first?,
            child_last_name: last?,
            child_birth_date: birth?,
            child_gender: gender?,
            parent_name: parent_name?,
            parent_email: parent_email?,
            parent_phone: parent_phone?,
            health: health?,
        })
    })
}
