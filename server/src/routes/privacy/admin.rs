//! The console's privacy calls, admins only: the deletion queue with its 30-day clock and the
//! answer to a request, and the register of confidentiality incidents.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::privacy::{DeletionStatus, answer_due, days_left};
use centre_core::validation::{DeletionAnswerInput, IncidentInput, validate_deletion_answer, validate_incident};
use serde::Serialize;

use super::super::params::{self, Id};
use crate::app::AppState;
use crate::auth::Admin;
use crate::db::privacy::{self, DeletionRow, IncidentRow};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

/// A request in the admin's queue.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletionRequestDto {
    pub id: i64,
    pub user_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub reason: Option<String>,
    pub requested_at: String,
    /// 'YYYY-MM-DD': the last day to answer (30 days after the request, the centre's calendar).
    pub answer_due: String,
    /// Days until `answerDue` (0 on the day, negative when overdue); `null` once answered.
    pub days_left: Option<i64>,
    pub status: DeletionStatus,
    pub answered_at: Option<String>,
    pub note: Option<String>,
}

fn queued(state: &AppState, d: DeletionRow) -> DeletionRequestDto {
    let day = super::local_day(state, &d.requested_at);
    let today = state.settings.today();
    DeletionRequestDto {
        id: d.id,
        answer_due: day.map(answer_due).map(|d| d.to_string()).unwrap_or_default(),
        days_left: day.filter(|_| d.status.can_be_answered()).map(|day| days_left(day, today)),
        user_id: d.user_id,
        first_name: d.first_name,
        last_name: d.last_name,
        email: d.email,
        reason: d.reason,
        requested_at: d.requested_at,
        status: d.status,
        answered_at: d.answered_at,
        note: d.note,
    }
}

/// `GET /api/admin/deletion-requests` (admin): open requests first, the closest to its deadline
/// first, then the answered ones.
#[utoipa::path(
    get,
    path = "/api/admin/deletion-requests",
    tag = "privacy",
    responses(
        (status = 200, description = "OK", body = Vec<DeletionRequestDto>),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn queue(State(state): State<AppState>, _admin: Admin) -> Result<Json<Vec<DeletionRequestDto>>, AppError> {
    let rows = state.db.read(|conn| privacy::deletion_queue(conn).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(|d| queued(&state, d)).collect()))
}

/// `POST /api/admin/deletion-requests/{id}/answer` (admin): `done` anonymises the member's
/// personal data now, in the same transaction, keeping their registrations and payments (and
/// every total) for the accounts; `refused` needs a note. An answered request is 409.
#[utoipa::path(
    post,
    path = "/api/admin/deletion-requests/{id}/answer",
    tag = "privacy",
    params(params::DeletionRequestId),
    request_body = DeletionAnswerInput,
    responses(
        (status = 200, description = "OK", body = DeletionRequestDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict,
        responses::Unprocessable
    )
)]
pub async fn answer(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Id(id): Id,
    ApiJson(input): ApiJson<DeletionAnswerInput>,
) -> Result<Json<DeletionRequestDto>, AppError> {
    let answer = validate_deletion_answer(&input).map_err(AppError::Validation)?;
    let (by, now) = (admin.id().to_owned(), state.settings.clock.now());
    let letters = WaitlistLetters::new(&state.settings);
    let row = state
        .db
        .write(move |tx| privacy::answer_deletion(tx, id, &answer, &by, now, &letters.at(now))?.map_err(AppError::from))
        .await?;
    // An offer passed on to the next in line is in the outbox.
    state.mailer.kick();
    tracing::info!(request = row.id, outcome = row.status.as_str(), "deletion request answered");
    Ok(Json(queued(&state, row)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentDto {
    pub id: i64,
    /// 'YYYY-MM-DD'.
    pub occurred_on: String,
    pub description: String,
    pub affected: String,
    pub reported_to_commission: bool,
    pub reported_to_people: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl From<IncidentRow> for IncidentDto {
    fn from(i: IncidentRow) -> Self {
        IncidentDto {
            id: i.id,
            occurred_on: i.occurred_on,
            description: i.description,
            affected: i.affected,
            reported_to_commission: i.reported_to_commission,
            reported_to_people: i.reported_to_people,
            created_at: i.created_at,
            updated_at: i.updated_at,
        }
    }
}

/// `GET /api/admin/privacy-incidents` (admin): the register, the latest first.
#[utoipa::path(
    get,
    path = "/api/admin/privacy-incidents",
    tag = "privacy",
    responses(
        (status = 200, description = "OK", body = Vec<IncidentDto>),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn incidents(State(state): State<AppState>, _admin: Admin) -> Result<Json<Vec<IncidentDto>>, AppError> {
    let rows = state.db.read(|conn| privacy::incidents(conn).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(IncidentDto::from).collect()))
}

/// `POST /api/admin/privacy-incidents` (admin): 201 with the incident recorded.
#[utoipa::path(
    post,
    path = "/api/admin/privacy-incidents",
    tag = "privacy",
    request_body = IncidentInput,
    responses(
        (status = 201, description = "Created.", body = IncidentDto),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn add_incident(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(input): ApiJson<IncidentInput>,
) -> Result<(StatusCode, Json<IncidentDto>), AppError> {
    let incident = validate_incident(&input, state.settings.today()).map_err(AppError::Validation)?;
    let (by, now) = (admin.id().to_owned(), state.settings.clock.now());
    let row = state.db.write(move |tx| privacy::add_incident(tx, &incident, &by, now).map_err(AppError::from)).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// `PUT /api/admin/privacy-incidents/{id}` (admin): the incident as corrected or completed
/// (reported later to the Commission or the people affected).
#[utoipa::path(
    put,
    path = "/api/admin/privacy-incidents/{id}",
    tag = "privacy",
    params(params::IncidentId),
    request_body = IncidentInput,
    responses(
        (status = 200, description = "OK", body = IncidentDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn update_incident(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(input): ApiJson<IncidentInput>,
) -> Result<Json<IncidentDto>, AppError> {
    let incident = validate_incident(&input, state.settings.today()).map_err(AppError::Validation)?;
    let now = state.settings.clock.now();
    let row = state
        .db
        .write(move |tx| privacy::update_incident(tx, id, &incident, now)?.ok_or_else(AppError::not_found))
        .await?;
    Ok(Json(row.into()))
}
