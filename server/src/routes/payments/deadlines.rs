//! The payment deadlines of events and camp programs.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::FieldError;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::Admin;
use crate::cases::payments;
use crate::db::{self, payments::DeadlineOf, payments::DeadlineRow};
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;
use crate::routes::params::{self, Id, Segment};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeadlineBody {
    /// Days after the registration (1 to 365), or null.
    days: Option<i64>,
    /// A date (YYYY-MM-DD), paid by the end of that day in the centre's time zone, or null.
    date: Option<String>,
}

impl DeadlineBody {
    fn check(&self) -> Result<(Option<i64>, Option<String>), AppError> {
        let mut errors = Vec::new();
        if self.days.is_some_and(|d| !(1..=365).contains(&d)) {
            errors.push(FieldError::new("days", "payment_deadline_days_invalid"));
        }
        let date = self.date.as_deref().map(str::trim).filter(|d| !d.is_empty());
        if date.is_some_and(|d| d.parse::<NaiveDate>().is_err()) {
            errors.push(FieldError::new("date", "date_invalid"));
        }
        if errors.is_empty() { Ok((self.days, date.map(str::to_owned))) } else { Err(AppError::Validation(errors)) }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeadlineDto {
    /// The event's id (a number as text) or the camp program's id.
    pub id: String,
    pub days: Option<i64>,
    pub date: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeadlinesDto {
    pub events: Vec<DeadlineDto>,
    pub programs: Vec<DeadlineDto>,
}

/// `GET /api/admin/payment-deadlines` (admin): every event's and camp program's deadline that
/// is set.
#[utoipa::path(
    get,
    path = "/api/admin/payment-deadlines",
    tag = "payments",
    responses(
        (status = 200, description = "OK", body = DeadlinesDto),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn deadlines(State(state): State<AppState>, _admin: Admin) -> Result<Json<DeadlinesDto>, AppError> {
    let (events, programs) = state.db.read(payments::deadlines).await?;
    let to_dto =
        |rows: Vec<DeadlineRow>| rows.into_iter().map(|(id, days, date)| DeadlineDto { id, days, date }).collect();
    Ok(Json(DeadlinesDto { events: to_dto(events), programs: to_dto(programs) }))
}

/// `PUT /api/admin/events/{id}/payment-deadline` (admin) `{days, date}`: both null removes it.
#[utoipa::path(
    put,
    path = "/api/admin/events/{id}/payment-deadline",
    tag = "payments",
    params(params::EventId),
    request_body = DeadlineBody,
    responses(
        (status = 204, description = "Done."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn event_deadline(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<DeadlineBody>,
) -> Result<StatusCode, AppError> {
    set_deadline(&state, DeadlineOf::Event(id), &body).await
}

/// `PUT /api/admin/day-camp-programs/{id}/payment-deadline` (admin) `{days, date}`.
#[utoipa::path(
    put,
    path = "/api/admin/day-camp-programs/{id}/payment-deadline",
    tag = "payments",
    params(params::ProgramId),
    request_body = DeadlineBody,
    responses(
        (status = 204, description = "Done."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn program_deadline(
    State(state): State<AppState>,
    _admin: Admin,
    Segment(id): Segment,
    ApiJson(body): ApiJson<DeadlineBody>,
) -> Result<StatusCode, AppError> {
    set_deadline(&state, DeadlineOf::Program(id.trim().to_owned()), &body).await
}

/// Both deadlines' handler: checks the body, then sets (or, both null, removes) the deadline of
/// the event or program; 404 when there is no such one.
async fn set_deadline(state: &AppState, of: DeadlineOf, body: &DeadlineBody) -> Result<StatusCode, AppError> {
    let (days, date) = body.check()?;
    let found = state
        .db
        .write(move |tx| db::payments::set_deadline(tx, &of, days, date.as_deref()).map_err(AppError::from))
        .await?;
    if found { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}
