//! The day camp's health form (fiche santé) as its parent reads and changes it from
//! /my-registrations, and the consent to it: the parent may change the form until the first day
//! of the registration's first week (core's `camps::health_form_editable`), and may withdraw the
//! consent at any time, which erases the form. A member reaches only their own registrations:
//! anyone else's is 404. The answer shapes are shared with the counsellors' record and the
//! 'Mes données' export.

use axum::Json;
use axum::extract::State;
use centre_core::timefmt::utc_text;
use centre_core::validation::{
    AllergySeverity, ConsentAction, HEALTH_CONSENT_VERSION, HealthFormUpdateInput, validate_health_form_update,
};
use serde::Serialize;

use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::cases::my_camp::{self, Health, Mine, Parent};
use crate::db::camp_health::{AllergyRow, ConsentRow, HealthFormRow, PersonRow};
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllergyDto {
    pub what: String,
    pub severity: AllergySeverity,
    /// Carries an epinephrine auto-injector.
    pub epinephrine: bool,
}

/// An emergency contact, or an adult who may pick the child up.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthPersonDto {
    pub name: String,
    pub relation: String,
    pub phone: String,
}

/// A child's health form as stored.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthFormDto {
    pub allergies: Vec<AllergyDto>,
    pub medication: Option<String>,
    pub conditions: Option<String>,
    pub can_swim: bool,
    pub emergency_contacts: Vec<HealthPersonDto>,
    /// Besides the parent.
    pub pickups: Vec<HealthPersonDto>,
    pub may_leave_alone: bool,
    pub photo_permission: bool,
    pub updated_at: String,
}

fn person(p: PersonRow) -> HealthPersonDto {
    HealthPersonDto { name: p.name, relation: p.relation, phone: p.phone }
}

impl From<HealthFormRow> for HealthFormDto {
    fn from(f: HealthFormRow) -> Self {
        HealthFormDto {
            allergies: f
                .allergies
                .into_iter()
                .map(|AllergyRow { what, severity, epinephrine }| AllergyDto { what, severity, epinephrine })
                .collect(),
            medication: f.medication,
            conditions: f.conditions,
            can_swim: f.can_swim,
            emergency_contacts: f.emergency_contacts.into_iter().map(person).collect(),
            pickups: f.pickups.into_iter().map(person).collect(),
            may_leave_alone: f.may_leave_alone,
            photo_permission: f.photo_permission,
            updated_at: f.updated_at,
        }
    }
}

/// A consent given or withdrawn: when (UTC) and for which version of the text.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentDto {
    pub action: ConsentAction,
    pub version: String,
    pub at: String,
}

impl From<ConsentRow> for ConsentDto {
    fn from(c: ConsentRow) -> Self {
        ConsentDto { action: c.action, version: c.version, at: c.at }
    }
}

/// The health form of one of the parent's registrations, and what they may do with it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyHealthFormDto {
    pub registration_id: i64,
    /// None once the consent is withdrawn (the form is erased with it).
    pub health_form: Option<HealthFormDto>,
    /// The latest consent, given or withdrawn.
    pub consent: Option<ConsentDto>,
    /// Until the first day of the first week.
    pub editable: bool,
    /// The consent text's version the form shows now.
    pub consent_version: &'static str,
}

impl From<Mine<Health>> for MyHealthFormDto {
    fn from(m: Mine<Health>) -> Self {
        MyHealthFormDto {
            registration_id: m.registration.id,
            health_form: m.part.form.map(HealthFormDto::from),
            consent: m.part.consent.map(ConsentDto::from),
            editable: m.editable,
            consent_version: HEALTH_CONSENT_VERSION,
        }
    }
}

/// The parent who asks, now.
pub(crate) fn parent(state: &AppState, user: &CurrentUser) -> Parent {
    Parent { user_id: user.id().to_owned(), today: state.settings.today(), now: utc_text(state.now()) }
}

/// `GET /api/user/day-camp-registrations/{id}/health-form` (signed in): one of the parent's
/// own; someone else's or a missing one is 404.
#[utoipa::path(
    get,
    path = "/api/user/day-camp-registrations/{id}/health-form",
    tag = "day camps",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "OK", body = MyHealthFormDto),
        responses::Unauthorized, responses::NotFound
    )
)]
pub async fn mine(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Json<MyHealthFormDto>, AppError> {
    let parent = parent(&state, &user);
    let mine = state.db.read(move |conn| my_camp::read(conn, id, &parent)).await?;
    Ok(Json(mine.into()))
}

/// `PUT /api/user/day-camp-registrations/{id}/health-form` (signed in): the parent's change,
/// `{healthForm, healthConsent, healthConsentVersion}`, validated by core; the consent is
/// recorded again. 409 `health_form_locked` from the first day of the first week; 404 for
/// someone else's registration.
#[utoipa::path(
    put,
    path = "/api/user/day-camp-registrations/{id}/health-form",
    tag = "day camps",
    params(params::RegistrationId),
    request_body = HealthFormUpdateInput,
    responses(
        (status = 200, description = "Saved", body = MyHealthFormDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn update(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
    ApiJson(body): ApiJson<HealthFormUpdateInput>,
) -> Result<Json<MyHealthFormDto>, AppError> {
    let form = validate_health_form_update(&body).map_err(AppError::Validation)?;
    let parent = parent(&state, &user);
    let mine = state.db.write(move |tx| my_camp::save_health(tx, id, &parent, &form)).await?;
    Ok(Json(mine.into()))
}

/// `DELETE /api/user/day-camp-registrations/{id}/health-consent` (signed in): the parent
/// withdraws the consent to the health form, at any time. The form is erased and the withdrawal
/// recorded with its date; the registration stays (a child without a health form cannot attend
/// until the parent fills one in again, before the week, or the centre calls them). 409
/// `health_consent_withdrawn` when no consent is in force.
#[utoipa::path(
    delete,
    path = "/api/user/day-camp-registrations/{id}/health-consent",
    tag = "day camps",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "Withdrawn; the form is erased", body = MyHealthFormDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict
    )
)]
pub async fn withdraw(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Json<MyHealthFormDto>, AppError> {
    let parent = parent(&state, &user);
    let mine = state.db.write(move |tx| my_camp::withdraw_consent(tx, id, &parent)).await?;
    Ok(Json(mine.into()))
}
