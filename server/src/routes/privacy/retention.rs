//! How long personal data is kept, admins only: the periods, and what the scheduled work will
//! erase or anonymise, and when (`db::privacy::retention`).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use centre_core::privacy::retention::RetentionKind;
use centre_core::validation::{RetentionInput, validate_retention};
use serde::Serialize;

use crate::app::AppState;
use crate::auth::Admin;
use crate::cases::privacy::{self, Retention};
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

/// Rows of one kind going on one day.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetentionDueDto {
    pub kind: RetentionKind,
    /// 'YYYY-MM-DD', the centre's calendar; a past day goes at the next pass.
    pub due_on: String,
    pub count: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetentionDto {
    /// Months after the camp season's last day that children's health data is kept.
    pub health_months: u32,
    /// Full years after their year that registrations, bookings and payments are kept.
    pub records_years: u32,
    pub updated_at: String,
    /// What goes when, the soonest first.
    pub upcoming: Vec<RetentionDueDto>,
    /// E-mails that belong to no account (written before each e-mail recorded its owner, and
    /// naming no one registration, booking or offer): in no member's export, removed with the
    /// other sent e-mails on their day.
    pub ownerless_emails: i64,
}

impl From<Retention> for RetentionDto {
    fn from(r: Retention) -> Self {
        let mut by_day: BTreeMap<(String, RetentionKind), usize> = BTreeMap::new();
        for due in r.pending {
            *by_day.entry((due.on.to_string(), due.kind)).or_default() += 1;
        }
        RetentionDto {
            health_months: r.policy.policy.health_months(),
            records_years: r.policy.policy.records_years(),
            updated_at: r.policy.updated_at,
            upcoming: by_day
                .into_iter()
                .map(|((due_on, kind), count)| RetentionDueDto { kind, due_on, count })
                .collect(),
            ownerless_emails: r.ownerless_emails,
        }
    }
}

/// `GET /api/admin/privacy-retention` (admin): the periods and what will go when.
#[utoipa::path(
    get,
    path = "/api/admin/privacy-retention",
    tag = "privacy",
    responses(
        (status = 200, description = "OK", body = RetentionDto),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn policy(State(state): State<AppState>, _admin: Admin) -> Result<Json<RetentionDto>, AppError> {
    let retention = state.db.read(privacy::retention).await?;
    Ok(Json(retention.into()))
}

/// `PUT /api/admin/privacy-retention` (admin): changes the periods; records are kept at least
/// the six years the tax law asks for.
#[utoipa::path(
    put,
    path = "/api/admin/privacy-retention",
    tag = "privacy",
    request_body = RetentionInput,
    responses(
        (status = 200, description = "OK", body = RetentionDto),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn set_policy(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(input): ApiJson<RetentionInput>,
) -> Result<Json<RetentionDto>, AppError> {
    let policy = validate_retention(&input).map_err(AppError::Validation)?;
    let (by, now) = (admin.id().to_owned(), state.settings.clock.now());
    let dto: RetentionDto = state.db.write(move |tx| privacy::set_retention(tx, policy, &by, now)).await?.into();
    tracing::info!(health_months = dto.health_months, records_years = dto.records_years, "retention periods changed");
    Ok(Json(dto))
}
