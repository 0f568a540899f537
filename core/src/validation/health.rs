//! The day camp's health form (fiche santé) and the parent's consent to it: allergies with their
//! severity and whether the child carries an epinephrine auto-injector, medication, conditions,
//! swimming, two emergency contacts (the first required), the adults who may pick the child up
//! besides the parent, whether the child may leave alone, and a photo permission (separate,
//! off unless ticked). Rows left wholly blank (the form's empty lines) are dropped.
//!
//! Errors name each field as the request names it: the form is sent as `healthForm`, so its
//! errors are `healthForm.conditions`, `healthForm.allergies.0.what`,
//! `healthForm.emergencyContacts.1.phone`, `healthForm.pickups.2.name`. A registration's older
//! top-level `medicalConditions` and `emergencyPhone`, when they fill the form's conditions or
//! first contact's phone, keep their own names ([`Sent`]).

use serde::{Deserialize, Serialize};

use super::{Checker, Phone, Text, max_len};
use crate::errors::FieldError;
use crate::stored::stored_text;

/// The consent text the form shows, by version. A new text gets a new version; the server
/// records the version each parent consented to.
pub const HEALTH_CONSENT_VERSION: &str = "sante-2026-1";

/// Most allergies, emergency contacts and other pick-up adults one form holds.
pub const MAX_ALLERGIES: usize = 6;
pub const MAX_CONTACTS: usize = 2;
pub const MAX_PICKUPS: usize = 4;

/// How severe an allergy is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AllergySeverity {
    Mild,
    Moderate,
    Severe,
}

stored_text!(AllergySeverity { Mild = "mild", Moderate = "moderate", Severe = "severe" });

/// What a parent did with the consent to the health form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ConsentAction {
    Given,
    Withdrawn,
}

stored_text!(ConsentAction { Given = "given", Withdrawn = "withdrawn" });

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct AllergyInput {
    /// What the child is allergic to.
    pub what: Option<String>,
    /// `mild`, `moderate` or `severe`.
    pub severity: Option<String>,
    /// The child carries an epinephrine auto-injector (EpiPen).
    pub epinephrine: Option<bool>,
}

/// An adult: an emergency contact, or someone allowed to pick the child up.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct PersonInput {
    pub name: Option<String>,
    /// Their relation to the child ('grand-mère', 'voisin').
    pub relation: Option<String>,
    pub phone: Option<String>,
}

/// The health form as sent. In a registration, `conditions` and `canSwim` fall back on the
/// body's `medicalConditions` and `canSwim`, and the first contact's phone on `emergencyPhone`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct HealthFormInput {
    pub allergies: Option<Vec<AllergyInput>>,
    pub medication: Option<String>,
    pub conditions: Option<String>,
    pub can_swim: Option<bool>,
    /// One or two; the first is required.
    pub emergency_contacts: Option<Vec<PersonInput>>,
    /// Adults besides the parent who may pick the child up; none is fine.
    pub pickups: Option<Vec<PersonInput>>,
    /// Default false.
    pub may_leave_alone: Option<bool>,
    /// Default false.
    pub photo_permission: Option<bool>,
}

/// Body of the parent's change to a registration's health form: the form and the consent again.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct HealthFormUpdateInput {
    pub health_form: Option<HealthFormInput>,
    /// The consent box, ticked.
    pub health_consent: Option<bool>,
    /// The consent text's version the page showed ([`HEALTH_CONSENT_VERSION`]).
    pub health_consent_version: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Allergy {
    what: Text,
    severity: AllergySeverity,
    epinephrine: bool,
}

impl Allergy {
    pub fn what(&self) -> &Text {
        &self.what
    }
    pub fn severity(&self) -> AllergySeverity {
        self.severity
    }
    pub fn epinephrine(&self) -> bool {
        self.epinephrine
    }
}

/// Which of a form's lists an adult is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AdultKind {
    /// Called in an emergency (at most two).
    Emergency,
    /// May pick the child up (at most four).
    Pickup,
}

stored_text!(AdultKind { Emergency = "emergency", Pickup = "pickup" });

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    name: Text,
    relation: Text,
    phone: Phone,
}

impl Person {
    pub fn name(&self) -> &Text {
        &self.name
    }
    pub fn relation(&self) -> &Text {
        &self.relation
    }
    pub fn phone(&self) -> &Phone {
        &self.phone
    }
}

/// A valid health form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HealthForm {
    allergies: Vec<Allergy>,
    medication: Option<Text>,
    conditions: Option<Text>,
    can_swim: bool,
    emergency_contacts: Vec<Person>,
    pickups: Vec<Person>,
    may_leave_alone: bool,
    photo_permission: bool,
}

impl HealthForm {
    pub fn allergies(&self) -> &[Allergy] {
        &self.allergies
    }
    pub fn medication(&self) -> Option<&Text> {
        self.medication.as_ref()
    }
    pub fn conditions(&self) -> Option<&Text> {
        self.conditions.as_ref()
    }
    pub fn can_swim(&self) -> bool {
        self.can_swim
    }
    /// One or two, the first always there.
    pub fn emergency_contacts(&self) -> &[Person] {
        &self.emergency_contacts
    }
    pub fn pickups(&self) -> &[Person] {
        &self.pickups
    }
    pub fn may_leave_alone(&self) -> bool {
        self.may_leave_alone
    }
    pub fn photo_permission(&self) -> bool {
        self.photo_permission
    }
}

/// Field names per row, as the request names them (errors are `&'static str`).
const ALLERGY_FIELDS: [[&str; 2]; MAX_ALLERGIES] = [
    ["healthForm.allergies.0.what", "healthForm.allergies.0.severity"],
    ["healthForm.allergies.1.what", "healthForm.allergies.1.severity"],
    ["healthForm.allergies.2.what", "healthForm.allergies.2.severity"],
    ["healthForm.allergies.3.what", "healthForm.allergies.3.severity"],
    ["healthForm.allergies.4.what", "healthForm.allergies.4.severity"],
    ["healthForm.allergies.5.what", "healthForm.allergies.5.severity"],
];
const CONTACT_FIELDS: [[&str; 3]; MAX_CONTACTS] = [
    [
        "healthForm.emergencyContacts.0.name",
        "healthForm.emergencyContacts.0.relation",
        "healthForm.emergencyContacts.0.phone",
    ],
    [
        "healthForm.emergencyContacts.1.name",
        "healthForm.emergencyContacts.1.relation",
        "healthForm.emergencyContacts.1.phone",
    ],
];
const PICKUP_FIELDS: [[&str; 3]; MAX_PICKUPS] = [
    ["healthForm.pickups.0.name", "healthForm.pickups.0.relation", "healthForm.pickups.0.phone"],
    ["healthForm.pickups.1.name", "healthForm.pickups.1.relation", "healthForm.pickups.1.phone"],
    ["healthForm.pickups.2.name", "healthForm.pickups.2.relation", "healthForm.pickups.2.phone"],
    ["healthForm.pickups.3.name", "healthForm.pickups.3.relation", "healthForm.pickups.3.phone"],
];

/// Which of the form's values a registration sent at its top level, under their older names:
/// their errors keep those names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sent {
    /// The conditions came from `medicalConditions`.
    pub(super) conditions_at_top: bool,
    /// The first contact's phone came from `emergencyPhone`.
    pub(super) phone_at_top: bool,
}

fn blank(s: &Option<String>) -> bool {
    s.as_deref().is_none_or(|s| s.trim().is_empty())
}

/// The people of one list; `required` rows must be there even when blank.
/// `first_phone` names the first row's phone (the top-level `emergencyPhone` when it came from
/// there).
fn people(
    c: &mut Checker,
    list: &'static str,
    rows: &[PersonInput],
    fields: &[[&'static str; 3]],
    required: usize,
    first_phone: Option<&'static str>,
) -> Option<Vec<Person>> {
    if rows.len() > fields.len() {
        c.push(list, "too_long");
        return None;
    }
    let mut out = Some(Vec::new());
    for (i, (row, [name, relation, phone])) in rows.iter().zip(fields).enumerate() {
        if i >= required && blank(&row.name) && blank(&row.relation) && blank(&row.phone) {
            continue;
        }
        let phone = if i == 0 { first_phone.unwrap_or(phone) } else { phone };
        let n = c.required(name, row.name.as_deref(), max_len::NAME, "person_name_required");
        let r = c.required(relation, row.relation.as_deref(), max_len::NAME, "relation_required");
        let p = c.phone(phone, row.phone.as_deref(), "phone_required");
        match (n, r, p, out.as_mut()) {
            (Some(name), Some(relation), Some(phone), Some(v)) => v.push(Person { name, relation, phone }),
            _ => out = None,
        }
    }
    if rows.len() < required {
        // The first contact's row was not sent at all: the same errors as a blank one.
        for [name, relation, phone] in &fields[rows.len()..required] {
            c.push(name, "person_name_required");
            c.push(relation, "relation_required");
            c.push(phone, "phone_required");
        }
        return None;
    }
    out
}

/// Checks the health form into `c`; `None` when any part is refused. `sent` says which values
/// a registration gave under their older top-level names.
pub(super) fn check_health_form(c: &mut Checker, input: &HealthFormInput, sent: Sent) -> Option<HealthForm> {
    let mut allergies = Some(Vec::new());
    let rows = input.allergies.as_deref().unwrap_or_default();
    if rows.len() > MAX_ALLERGIES {
        c.push("healthForm.allergies", "too_long");
        allergies = None;
    } else {
        for (row, [what, severity]) in rows.iter().zip(&ALLERGY_FIELDS) {
            if blank(&row.what) && blank(&row.severity) && row.epinephrine != Some(true) {
                continue;
            }
            let w = c.required(what, row.what.as_deref(), max_len::NAME, "allergy_required");
            let s = AllergySeverity::parse(row.severity.as_deref().unwrap_or("").trim());
            if s.is_none() {
                c.push(severity, "allergy_severity_required");
            }
            match (w, s, allergies.as_mut()) {
                (Some(what), Some(severity), Some(v)) => {
                    v.push(Allergy { what, severity, epinephrine: row.epinephrine.unwrap_or(false) })
                }
                _ => allergies = None,
            }
        }
    }
    let medication = c.optional_multiline("healthForm.medication", input.medication.as_deref(), max_len::MEDICAL);
    let conditions_field = if sent.conditions_at_top { "medicalConditions" } else { "healthForm.conditions" };
    let conditions = c.optional_multiline(conditions_field, input.conditions.as_deref(), max_len::MEDICAL);
    let contacts = input.emergency_contacts.as_deref().unwrap_or_default();
    let first_phone = sent.phone_at_top.then_some("emergencyPhone");
    let contacts = people(c, "healthForm.emergencyContacts", contacts, &CONTACT_FIELDS, 1, first_phone);
    let pickups = input.pickups.as_deref().unwrap_or_default();
    let pickups = people(c, "healthForm.pickups", pickups, &PICKUP_FIELDS, 0, None);
    Some(HealthForm {
        allergies: allergies?,
        medication: medication?,
        conditions: conditions?,
        can_swim: input.can_swim.unwrap_or(false),
        emergency_contacts: contacts?,
        pickups: pickups?,
        may_leave_alone: input.may_leave_alone.unwrap_or(false),
        photo_permission: input.photo_permission.unwrap_or(false),
    })
}

/// The consent box: ticked, for the text this version of the rules shows.
pub(super) fn check_consent(c: &mut Checker, given: Option<bool>, version: Option<&str>) {
    if given != Some(true) {
        c.push("healthConsent", "health_consent_required");
    } else if version.map(str::trim) != Some(HEALTH_CONSENT_VERSION) {
        c.push("healthConsent", "health_consent_version");
    }
}

/// Validates a parent's change to a health form (the form, consented to again).
pub fn validate_health_form_update(input: &HealthFormUpdateInput) -> Result<HealthForm, Vec<FieldError>> {
    let mut c = Checker::new();
    let form = check_health_form(&mut c, &input.health_form.clone().unwrap_or_default(), Sent::default());
    check_consent(&mut c, input.health_consent, input.health_consent_version.as_deref());
    c.finish(|| form)
}
