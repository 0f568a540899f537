//! A parent tells the camp their child will not come on a day (`POST
//! /api/user/day-camp-registrations/{id}/absences`), from /my-registrations: the counsellor's day
//! then shows the absence as given, not 'absent sans avis' at 9:30.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::timefmt::parse_date;
use serde::{Deserialize, Serialize};

use super::camp_health::parent;
use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::cases::my_camp;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

/// Body of the parent's notice.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbsenceNoticeBody {
    /// 'YYYY-MM-DD', a day of one of the child's weeks, today or later.
    day: String,
}

/// The notice kept for that day.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbsenceNoticeDto {
    pub registration_id: i64,
    pub day: String,
    /// UTC; the first notice's when one was there already (the parent's or the counsellor's).
    pub recorded_at: String,
}

/// `POST /api/user/day-camp-registrations/{id}/absences` (signed in, the parent's own
/// registration): 201 with the notice. 422 `day` for a day outside the child's weeks
/// (`attendance_day_outside_week`), a past day (`attendance_notice_past`) or a child already
/// arrived (`attendance_already_arrived`); 404 for someone else's registration.
#[utoipa::path(
    post,
    path = "/api/user/day-camp-registrations/{id}/absences",
    tag = "day camps",
    params(params::RegistrationId),
    request_body = AbsenceNoticeBody,
    responses(
        (status = 201, description = "Recorded", body = AbsenceNoticeDto),
        responses::Unauthorized, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn give(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
    ApiJson(body): ApiJson<AbsenceNoticeBody>,
) -> Result<(StatusCode, Json<AbsenceNoticeDto>), AppError> {
    let invalid = |code| AppError::field("day", code);
    let day = parse_date(body.day.trim()).ok_or_else(|| invalid("date_invalid"))?;
    let parent = parent(&state, &user);
    let recorded_at = state.db.write(move |tx| my_camp::give_absence(tx, id, &parent, day)).await?;
    Ok((StatusCode::CREATED, Json(AbsenceNoticeDto { registration_id: id, day: day.to_string(), recorded_at })))
}
