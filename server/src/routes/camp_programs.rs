//! A camp program's settings the console edits (`PUT /api/admin/day-camp-programs/{id}`): its
//! waiting list's offer window. The programs themselves are fixed: reference data
//! (`db::seed::PROGRAMS`) that no call changes.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{ProgramSettingsInput, validate_program_settings};

use crate::app::AppState;
use crate::auth::Admin;
use crate::db::daycamps;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::daycamps::{ProgramDto, program_dto};
use crate::routes::params::{self, Segment};

/// `PUT /api/admin/day-camp-programs/{id}` (admin) `{offerHours}`: null or blank is the default
/// window; new offers use it, offers already made keep theirs. 200 with the program.
#[utoipa::path(
    put,
    path = "/api/admin/day-camp-programs/{id}",
    tag = "day camps",
    params(params::ProgramId),
    request_body = ProgramSettingsInput,
    responses(
        (status = 200, description = "OK", body = ProgramDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn update_program(
    State(state): State<AppState>,
    _admin: Admin,
    ReqLang(lang): ReqLang,
    Segment(id): Segment,
    ApiJson(body): ApiJson<ProgramSettingsInput>,
) -> Result<Json<ProgramDto>, AppError> {
    let settings = validate_program_settings(&body).map_err(AppError::Validation)?;
    let hours = settings.offer_hours().map(i64::from);
    let row = state
        .db
        .write(move |tx| daycamps::set_offer_hours(tx, id.trim(), hours).map_err(AppError::from))
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok(Json(program_dto(row, lang)))
}
