//! The console's league calls (admin only): turn an event into a league, edit it, seed its
//! first night. Each answers the league as the public page shows it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use centre_core::timefmt::utc_text;
use centre_core::validation::{LeagueInput, validate_league};
use serde::Deserialize;

use super::dto::PublicLeague;
use crate::app::AppState;
use crate::auth::Admin;
use crate::db::events;
use crate::db::leagues::{self, setup, views};
use crate::error::{ApiJson, AppError};
use crate::exports;
use crate::openapi::responses;
use crate::routes::params::{self, Id, IdAndNightSheet};

/// `POST /api/admin/events/{eventId}/league`: 201 with the league (its `id`), its nights planned
/// and the first night's grid published from the registration order.
#[utoipa::path(
    post,
    path = "/api/admin/events/{id}/league",
    tag = "leagues",
    params(params::EventId),
    request_body = LeagueInput,
    responses(
        (status = 201, description = "Created.", body = PublicLeague),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn create(
    State(state): State<AppState>,
    _admin: Admin,
    Id(event_id): Id,
    ApiJson(body): ApiJson<LeagueInput>,
) -> Result<(StatusCode, Json<PublicLeague>), AppError> {
    let config = validate_league(&body).map_err(AppError::Validation)?;
    let now = utc_text(state.now());
    let tz = state.settings.timezone;
    let view = state
        .db
        .write(move |tx| {
            let row = setup::create(tx, event_id, &config, &now)?;
            Ok::<_, AppError>(PublicLeague::new(views::board(tx, row, None)?, tz))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// `PUT /api/admin/leagues/{id}`: the settings while no night is played; the nights at any time
/// (a published, played or cancelled night stays, with its number).
#[utoipa::path(
    put,
    path = "/api/admin/leagues/{id}",
    tag = "leagues",
    params(params::LeagueId),
    request_body = LeagueInput,
    responses(
        (status = 200, description = "OK", body = PublicLeague),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<LeagueInput>,
) -> Result<Json<PublicLeague>, AppError> {
    let config = validate_league(&body).map_err(AppError::Validation)?;
    let now = utc_text(state.now());
    let tz = state.settings.timezone;
    let view = state
        .db
        .write(move |tx| {
            let row = setup::update(tx, id, &config, &now)?;
            Ok::<_, AppError>(PublicLeague::new(views::board(tx, row, None)?, tz))
        })
        .await?;
    Ok(Json(view))
}

/// Body of `PUT /api/admin/leagues/{id}/seeding`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeedingInput {
    /// Every team registered (registration ids), each once: the first is tier 1's first seed.
    pub team_ids: Vec<i64>,
}

/// `PUT /api/admin/leagues/{id}/seeding`: the first night's order, published again until a
/// night is played.
#[utoipa::path(
    put,
    path = "/api/admin/leagues/{id}/seeding",
    tag = "leagues",
    params(params::LeagueId),
    request_body = SeedingInput,
    responses(
        (status = 200, description = "OK", body = PublicLeague),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn seeding(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<SeedingInput>,
) -> Result<Json<PublicLeague>, AppError> {
    let now = utc_text(state.now());
    let tz = state.settings.timezone;
    let view = state
        .db
        .write(move |tx| {
            let row = setup::seed(tx, id, &body.team_ids, &now)?;
            Ok::<_, AppError>(PublicLeague::new(views::board(tx, row, None)?, tz))
        })
        .await?;
    Ok(Json(view))
}

/// `GET /api/admin/leagues/{id}/nights/{n}.xlsx` (admin): night `n`'s grid, sheets 'Grille'
/// (one row per match) and 'Équipes' (one per team), printable; its name in
/// Content-Disposition, its number of matches in `X-Row-Count`. A night with no grid yet: 404
/// `nothing_to_export`.
#[utoipa::path(
    get,
    path = "/api/admin/leagues/{id}/nights/{n}",
    tag = "leagues",
    params(params::LeagueId, params::NightSheet),
    responses(
        (status = 200, description = "The night's grid: the workbook, its name in Content-Disposition, its match count in X-Row-Count.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn night_sheet(
    State(state): State<AppState>,
    _admin: Admin,
    IdAndNightSheet(id, number): IdAndNightSheet,
) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let now = state.now();
    let (name, bytes, count) = state
        .db
        .read(move |conn| {
            let league = leagues::find(conn, id)?.ok_or_else(AppError::not_found)?;
            let event = events::find(conn, league.event_id)?.ok_or_else(AppError::not_found)?;
            let board = views::board(conn, league.clone(), Some(number))?.ok_or_else(AppError::not_found)?;
            let night = board.night.ok_or_else(AppError::not_found)?;
            let tiers = night.tiers(&league, tz);
            let matches = exports::leagues::match_rows(&tiers, tz);
            let teams = exports::leagues::team_rows(&tiers);
            let title = format!("{}, soirée {number} ({})", event.title, night.night.date.format("%d/%m/%Y"));
            let (bytes, count) = crate::routes::reply::sheet(&matches, "nothing_to_export", |m| {
                exports::leagues::workbook(m, &teams, &title, exports::local(now, tz))
            })?;
            Ok::<_, AppError>((exports::leagues::file_name(&event.title, number, night.night.date), bytes, count))
        })
        .await?;
    crate::routes::reply::xlsx(&name, bytes, count)
}
