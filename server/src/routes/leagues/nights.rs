//! A night's calls: an admin cancels it or marks a team absent; a captain says their team
//! cannot come (or can after all) until the night starts.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{NightCancelInput, validate_night_cancel};
use serde::{Deserialize, Serialize};

use super::dto::PublicLeague;
use crate::app::AppState;
use crate::auth::{Admin, CurrentUser};
use crate::db::leagues::nights::{self, Sayer};
use crate::db::leagues::views;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;
use crate::routes::params::{self, IdAndNight};

/// `POST /api/admin/leagues/{id}/nights/{n}/cancel`: the night is called off (nobody moves, the
/// next night keeps the grid) and every captain is e-mailed once; again changes nothing.
#[utoipa::path(
    post,
    path = "/api/admin/leagues/{id}/nights/{n}/cancel",
    tag = "leagues",
    params(params::LeagueId, params::NightNumber),
    request_body = NightCancelInput,
    responses(
        (status = 200, description = "OK", body = PublicLeague),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn cancel(
    State(state): State<AppState>,
    _admin: Admin,
    IdAndNight(id, number): IdAndNight,
    ApiJson(body): ApiJson<NightCancelInput>,
) -> Result<Json<PublicLeague>, AppError> {
    let cancel = validate_night_cancel(&body).map_err(AppError::Validation)?;
    let now = state.now();
    let tz = state.settings.timezone;
    let view = state
        .db
        .write(move |tx| {
            let row = nights::cancel(tx, id, number, &cancel, now)?;
            Ok::<_, AppError>(PublicLeague::new(views::board(tx, row, Some(number))?, tz))
        })
        .await?;
    Ok(Json(view))
}

/// Body of the availability calls.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityInput {
    /// `false`: the team cannot come.
    pub available: bool,
    /// The team (a registration id): required of an admin; a captain with one team omits it.
    #[serde(default)]
    pub team_id: Option<i64>,
}

/// The team whose availability was recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityAnswer {
    pub team_id: i64,
    pub available: bool,
}

/// `PUT /api/leagues/{id}/nights/{n}/availability`: a captain says whether their team comes,
/// until the night starts (409 `league_night_started` after); 403 for a member with no team
/// in the league.
#[utoipa::path(
    put,
    path = "/api/leagues/{id}/nights/{n}/availability",
    tag = "leagues",
    params(params::LeagueId, params::NightNumber),
    request_body = AvailabilityInput,
    responses(
        (status = 200, description = "OK", body = AvailabilityAnswer),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict
    )
)]
pub async fn availability(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    IdAndNight(id, number): IdAndNight,
    ApiJson(body): ApiJson<AvailabilityInput>,
) -> Result<Json<AvailabilityAnswer>, AppError> {
    let sayer = Sayer::Captain { user_id: user.user.id, team_id: body.team_id };
    record(&state, id, number, sayer, body.available).await
}

/// Records what `sayer` says of night `number` of league `id`.
async fn record(
    state: &AppState,
    id: i64,
    number: u32,
    sayer: Sayer,
    available: bool,
) -> Result<Json<AvailabilityAnswer>, AppError> {
    let (now, tz) = (state.now(), state.settings.timezone);
    let team_id = state
        .db
        .write(move |tx| Ok::<_, AppError>(nights::set_availability(tx, id, number, sayer, available, tz, now)?))
        .await?;
    Ok(Json(AvailabilityAnswer { team_id, available }))
}

/// `PUT /api/admin/leagues/{id}/nights/{n}/availability`: an admin marks a team (`teamId`)
/// absent or present, until the night is played.
#[utoipa::path(
    put,
    path = "/api/admin/leagues/{id}/nights/{n}/availability",
    tag = "leagues",
    params(params::LeagueId, params::NightNumber),
    request_body = AvailabilityInput,
    responses(
        (status = 200, description = "OK", body = AvailabilityAnswer),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn admin_availability(
    State(state): State<AppState>,
    _admin: Admin,
    IdAndNight(id, number): IdAndNight,
    ApiJson(body): ApiJson<AvailabilityInput>,
) -> Result<Json<AvailabilityAnswer>, AppError> {
    let team_id = body.team_id.ok_or_else(|| AppError::field("teamId", "league_team_unknown"))?;
    record(&state, id, number, Sayer::Admin { team_id }, body.available).await
}
