//! The public side: an event's tournament for anyone (no personal data: team names, scores,
//! times, courts), its live stream, the signed-in member's team, and the member's teams across
//! events.

use std::convert::Infallible;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::broadcast::error::RecvError;

use super::dto::{Board, MatchDto, StandingDto, TournamentDto, UserTeamDto};
use crate::app::AppState;
use crate::auth::{CurrentUser, MaybeUser};
use crate::db::tournaments::{self, views};
use crate::db::{Db, events};
use crate::error::{AppError, ReqLang};
use crate::openapi::responses;
use crate::ratelimit::ClientAddr;
use crate::routes::params::{self, Id};

/// When a refused live page may try again (the page waits that long, useTournamentStream.ts).
const STREAM_RETRY: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicTournament {
    tournament: Option<TournamentDto>,
    matches: Vec<MatchDto>,
    standings: Vec<StandingDto>,
}

/// `GET /api/events/{eventId}/tournament`: `{tournament, matches, standings}`; a `null`
/// tournament while the event has none.
#[utoipa::path(
    get,
    path = "/api/events/{id}/tournament",
    tag = "tournaments",
    params(params::EventId),
    responses(
        (status = 200, description = "OK", body = PublicTournament),
        responses::NotFound
    )
)]
pub async fn tournament(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Id(event_id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<PublicTournament>, AppError> {
    let admin = user.is_some_and(|u| u.is_admin());
    // The live state as of the server's clock (a test's `--today` moves it).
    let now = state.settings.clock.now();
    let view = state
        .db
        .read(move |conn| {
            events::visible(conn, event_id, admin)?.ok_or_else(AppError::not_found)?;
            let Some(row) = tournaments::find_for_event(conn, event_id)? else {
                return Ok(PublicTournament { tournament: None, matches: Vec::new(), standings: Vec::new() });
            };
            let board = Board::new(views::board(conn, row)?, now, lang);
            Ok::<_, AppError>(PublicTournament {
                tournament: Some(TournamentDto::new(&board.row, board.teams)),
                matches: board.matches,
                standings: board.standings,
            })
        })
        .await?;
    Ok(Json(view))
}

async fn version(db: &Db, event_id: i64) -> i64 {
    db.read(move |conn| Ok::<_, AppError>(tournaments::find_for_event(conn, event_id)?.map_or(0, |t| t.version)))
        .await
        .unwrap_or(0)
}

fn version_event(version: i64) -> Event {
    Event::default().event("tournament").data(format!("{{\"version\":{version}}}"))
}

/// `GET /api/events/{eventId}/tournament/stream`: server-sent events. One `tournament` event
/// `{"version": n}` at once, then one after every change; the page refetches on each.
#[utoipa::path(
    get,
    path = "/api/events/{id}/tournament/stream",
    tag = "tournaments",
    params(params::EventId),
    responses(
        (status = 200, description = "Server-sent events: `tournament` with `{\"version\": n}` at once and after each change.", content_type = "text/event-stream", body = String),
        responses::NotFound, responses::ServiceUnavailable
    )
)]
pub async fn stream(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    client: ClientAddr,
    Id(event_id): Id,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, AppError> {
    // Held as long as the stream is open: one client cannot keep every stream of the server.
    let place = state.streams.acquire(client.0).map_err(|refused| {
        tracing::warn!(?refused, "live stream refused: over its cap");
        AppError::retry_later(StatusCode::SERVICE_UNAVAILABLE, "too_many_streams", STREAM_RETRY)
    })?;
    let admin = user.is_some_and(|u| u.is_admin());
    state
        .db
        .read(move |conn| events::visible(conn, event_id, admin)?.map(|_| ()).ok_or_else(AppError::not_found))
        .await?;
    let (changes, closing) = state.live.subscribe();
    let db = state.db.clone();
    let first = version(&db, event_id).await;
    let stream = futures_util::stream::unfold(
        (changes, closing, db, Some(first), place),
        move |(mut changes, mut closing, db, pending, place)| async move {
            if let Some(v) = pending {
                return Some((Ok(version_event(v)), (changes, closing, db, None, place)));
            }
            loop {
                tokio::select! {
                    () = async { let _ = closing.wait_for(|closed| *closed).await; } => return None,
                    message = changes.recv() => match message {
                        Ok(id) if id != event_id => continue,
                        Ok(_) | Err(RecvError::Lagged(_)) => {
                            let v = version(&db, event_id).await;
                            return Some((Ok(version_event(v)), (changes, closing, db, None, place)));
                        }
                        Err(RecvError::Closed) => return None,
                    },
                }
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// `GET /api/events/{eventId}/user-team`: the team the signed-in member registered in this
/// event, or `null`. A team is found by the account that registered it, never by an address
/// typed for its captain or members.
#[utoipa::path(
    get,
    path = "/api/events/{id}/user-team",
    tag = "tournaments",
    params(params::EventId),
    responses(
        (status = 200, description = "The member's team, or null.", body = Option<UserTeamDto>),
        responses::Unauthorized, responses::NotFound
    )
)]
pub async fn user_team(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(event_id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<Option<UserTeamDto>>, AppError> {
    let (id, admin) = (user.id().to_owned(), user.is_admin());
    let now = state.settings.clock.now();
    let team = state
        .db
        .read(move |conn| {
            events::visible(conn, event_id, admin)?.ok_or_else(AppError::not_found)?;
            let teams = tournaments::views::teams_of_user(conn, &id, Some(event_id))?;
            let Some((team, _)) = teams.into_iter().next() else {
                return Ok(None);
            };
            Ok::<_, AppError>(Some(match tournaments::find_for_event(conn, event_id)? {
                Some(row) => Board::new(views::board(conn, row)?, now, lang).team(&team),
                None => UserTeamDto::without_tournament(&team),
            }))
        })
        .await?;
    Ok(Json(team))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTournamentData {
    #[serde(flatten)]
    team: UserTeamDto,
    event_title: String,
    event_title_en: Option<String>,
    event_start_date: String,
    tournament: Option<TournamentDto>,
}

/// `GET /api/user/tournament-data`: each team of the member, soonest event first, with its
/// tournament, standing and next match.
#[utoipa::path(
    get,
    path = "/api/user/tournament-data",
    tag = "tournaments",
    responses(
        (status = 200, description = "OK", body = Vec<UserTournamentData>),
        responses::Unauthorized
    )
)]
pub async fn tournament_data(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<UserTournamentData>>, AppError> {
    let id = user.id().to_owned();
    let now = state.settings.clock.now();
    let data = state
        .db
        .read(move |conn| {
            let mut out = Vec::new();
            for (team, event) in tournaments::views::teams_of_user(conn, &id, None)? {
                let (dto, tournament) = match tournaments::find_for_event(conn, event.id)? {
                    Some(row) => {
                        let board = Board::new(views::board(conn, row)?, now, lang);
                        (board.team(&team), Some(TournamentDto::new(&board.row, board.teams)))
                    }
                    None => (UserTeamDto::without_tournament(&team), None),
                };
                out.push(UserTournamentData {
                    team: dto,
                    event_title: event.title,
                    event_title_en: event.title_en,
                    event_start_date: event.start_date,
                    tournament,
                });
            }
            Ok::<_, AppError>(out)
        })
        .await?;
    Ok(Json(data))
}
