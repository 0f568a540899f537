//! The public league page's calls: the league with this week's grid, and any night's. No
//! personal data: team names, courts, times.

use axum::Json;
use axum::extract::State;

use super::dto::PublicLeague;
use crate::app::AppState;
use crate::auth::MaybeUser;
use crate::db::events;
use crate::db::leagues::{self, views};
use crate::error::AppError;
use crate::openapi::responses;
use crate::routes::params::{self, Id, IdAndNight};

/// The event's league board at night `number` (`None`: this week's): a `null` league while the
/// event has none; 404 for an event not shown, or no such night.
async fn read(state: &AppState, admin: bool, event_id: i64, number: Option<u32>) -> Result<PublicLeague, AppError> {
    let tz = state.settings.timezone;
    state
        .db
        .read(move |conn| {
            events::visible(conn, event_id, admin)?.ok_or_else(AppError::not_found)?;
            let Some(row) = leagues::find_for_event(conn, event_id)? else {
                return match number {
                    Some(_) => Err(AppError::not_found()),
                    None => Ok(PublicLeague::new(None, tz)),
                };
            };
            let board = views::board(conn, row, number)?.ok_or_else(AppError::not_found)?;
            Ok(PublicLeague::new(Some(board), tz))
        })
        .await
}

/// `GET /api/events/{eventId}/league`: the league, its nights with their states, and this
/// week's grid (tiers, courts, times, each team's movement since the last night played).
#[utoipa::path(
    get,
    path = "/api/events/{id}/league",
    tag = "leagues",
    params(params::EventId),
    responses(
        (status = 200, description = "OK", body = PublicLeague),
        responses::NotFound
    )
)]
pub async fn league(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Id(event_id): Id,
) -> Result<Json<PublicLeague>, AppError> {
    let admin = user.is_some_and(|u| u.is_admin());
    Ok(Json(read(&state, admin, event_id, None).await?))
}

/// `GET /api/events/{eventId}/league/nights/{n}`: as the league, with night `n` (from 1).
#[utoipa::path(
    get,
    path = "/api/events/{id}/league/nights/{n}",
    tag = "leagues",
    params(params::EventId, params::NightNumber),
    responses(
        (status = 200, description = "OK", body = PublicLeague),
        responses::NotFound
    )
)]
pub async fn night(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    IdAndNight(event_id, number): IdAndNight,
) -> Result<Json<PublicLeague>, AppError> {
    let admin = user.is_some_and(|u| u.is_admin());
    Ok(Json(read(&state, admin, event_id, Some(number)).await?))
}
