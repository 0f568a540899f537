//! The person in charge of protecting personal information: read by everyone (the privacy
//! page, which also says how long data is kept), changed by admins.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{PrivacyOfficerInput, validate_privacy_officer};
use serde::Serialize;

use crate::app::AppState;
use crate::auth::Admin;
use crate::cases::privacy::{self, Published};
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyOfficerDto {
    pub name: String,
    pub title: String,
    pub email: String,
    pub phone: String,
    pub updated_at: String,
    /// How long children's health data is kept after the camp season, in months.
    pub health_months: u32,
    /// How long registrations and payments are kept after their year, in years.
    pub records_years: u32,
}

impl From<Published> for PrivacyOfficerDto {
    fn from(Published { officer: o, policy }: Published) -> Self {
        PrivacyOfficerDto {
            name: o.name,
            title: o.title,
            email: o.email,
            phone: o.phone,
            updated_at: o.updated_at,
            health_months: policy.health_months(),
            records_years: policy.records_years(),
        }
    }
}

/// `GET /api/privacy` (public): the person in charge, as the privacy page publishes them.
#[utoipa::path(
    get,
    path = "/api/privacy",
    tag = "privacy",
    responses(
        (status = 200, description = "OK", body = PrivacyOfficerDto)
    )
)]
pub async fn officer(State(state): State<AppState>) -> Result<Json<PrivacyOfficerDto>, AppError> {
    let published = state.db.read(privacy::officer).await?;
    published.map(|p| Json(p.into())).ok_or_else(AppError::not_found)
}

/// `PUT /api/admin/privacy` (admin): names the person in charge; every field required.
#[utoipa::path(
    put,
    path = "/api/admin/privacy",
    tag = "privacy",
    request_body = PrivacyOfficerInput,
    responses(
        (status = 200, description = "OK", body = PrivacyOfficerDto),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn set_officer(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(input): ApiJson<PrivacyOfficerInput>,
) -> Result<Json<PrivacyOfficerDto>, AppError> {
    let officer = validate_privacy_officer(&input).map_err(AppError::Validation)?;
    let (by, now) = (admin.id().to_owned(), state.settings.clock.now());
    let published = state.db.write(move |tx| privacy::set_officer(tx, &officer, &by, now)).await?;
    Ok(Json(published.into()))
}
