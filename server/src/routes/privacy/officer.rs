//! The person in charge of protecting personal information: read by everyone (the privacy
//! page), changed by admins.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{PrivacyOfficerInput, validate_privacy_officer};
use serde::Serialize;

use crate::app::AppState;
use crate::auth::Admin;
use crate::db::privacy::{self, OfficerRow};
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
}

impl From<OfficerRow> for PrivacyOfficerDto {
    fn from(o: OfficerRow) -> Self {
        PrivacyOfficerDto { name: o.name, title: o.title, email: o.email, phone: o.phone, updated_at: o.updated_at }
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
    let row = state.db.read(|conn| privacy::officer(conn).map_err(AppError::from)).await?;
    row.map(|o| Json(o.into())).ok_or_else(AppError::not_found)
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
    let row = state.db.write(move |tx| privacy::set_officer(tx, &officer, &by, now).map_err(AppError::from)).await?;
    Ok(Json(row.into()))
}
