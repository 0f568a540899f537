//! The console's tournament calls (admin only): create, edit, delete, generate, read matches and
//! standings, score, correct, record a forfeit, change a work team, and a match's history. Every write tells the live event page.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::Lang;
use centre_core::timefmt::utc_text;
use centre_core::validation::{
    DutyInput, ForfeitInput, ScoreInput, TournamentConfigInput, validate_duty, validate_forfeit, validate_score,
    validate_tournament_config,
};
use serde::Serialize;

use super::dto::{AdminTournamentDto, Board, MatchDto, QualityDto, StandingDto};
use crate::app::AppState;
use crate::auth::Admin;
use crate::db::events;
use crate::db::tournaments::{self, duties, reports, schedule, scores, views};
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// `GET /api/admin/events/{eventId}/tournament`: the event's tournament, or `null`.
#[utoipa::path(
    get,
    path = "/api/admin/events/{id}/tournament",
    tag = "tournaments",
    params(params::EventId),
    responses(
        (status = 200, description = "The tournament, or null.", body = Option<AdminTournamentDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn for_event(
    State(state): State<AppState>,
    _admin: Admin,
    Id(event_id): Id,
) -> Result<Json<Option<AdminTournamentDto>>, AppError> {
    let view = state
        .db
        .read(move |conn| {
            events::find(conn, event_id)?.ok_or_else(AppError::not_found)?;
            match tournaments::find_for_event(conn, event_id)? {
                Some(row) => Ok::<_, AppError>(Some(AdminTournamentDto::new(&row, views::team_count(conn, &row)?))),
                None => Ok(None),
            }
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/admin/events/{eventId}/tournament`: 201, named after the event, in setup.
#[utoipa::path(
    post,
    path = "/api/admin/events/{id}/tournament",
    tag = "tournaments",
    params(params::EventId),
    request_body = TournamentConfigInput,
    responses(
        (status = 201, description = "Created.", body = AdminTournamentDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn create(
    State(state): State<AppState>,
    _admin: Admin,
    Id(event_id): Id,
    ApiJson(body): ApiJson<TournamentConfigInput>,
) -> Result<(StatusCode, Json<AdminTournamentDto>), AppError> {
    let config = validate_tournament_config(&body).map_err(AppError::Validation)?;
    let now = utc_text(state.now());
    let view = state
        .db
        .write(move |tx| {
            let row = schedule::create(tx, event_id, &config, &now)?;
            Ok::<_, AppError>(AdminTournamentDto::new(&row, views::team_count(tx, &row)?))
        })
        .await?;
    state.live.tournament_changed(event_id);
    Ok((StatusCode::CREATED, Json(view)))
}

/// `PUT /api/admin/tournaments/{id}`: the four values (and the pools) in setup; afterwards a
/// new start, duration or break re-times the matches not yet played.
#[utoipa::path(
    put,
    path = "/api/admin/tournaments/{id}",
    tag = "tournaments",
    params(params::TournamentId),
    request_body = TournamentConfigInput,
    responses(
        (status = 200, description = "OK", body = AdminTournamentDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<TournamentConfigInput>,
) -> Result<Json<AdminTournamentDto>, AppError> {
    let config = validate_tournament_config(&body).map_err(AppError::Validation)?;
    let now = utc_text(state.now());
    let view = state
        .db
        .write(move |tx| {
            let row = schedule::update(tx, id, &config, &now)?;
            Ok::<_, AppError>(AdminTournamentDto::new(&row, views::team_count(tx, &row)?))
        })
        .await?;
    state.live.tournament_changed(view.tournament.event_id);
    Ok(Json(view))
}

/// `DELETE /api/admin/tournaments/{id}`: the tournament and its matches.
#[utoipa::path(
    delete,
    path = "/api/admin/tournaments/{id}",
    tag = "tournaments",
    params(params::TournamentId),
    responses(
        (status = 204, description = "Done."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn delete(State(state): State<AppState>, _admin: Admin, Id(id): Id) -> Result<StatusCode, AppError> {
    let event = state.db.write(move |tx| schedule::delete(tx, id).map_err(AppError::from)).await?;
    let event = event.ok_or_else(AppError::not_found)?;
    state.live.tournament_changed(event);
    Ok(StatusCode::NO_CONTENT)
}

/// `PUT /api/admin/matches/{matchId}/forfeit`: a team did not play a match not yet completed;
/// the other wins by the format's forfeit score (2-0 with 21-0, 21-0 in sets).
#[utoipa::path(
    put,
    path = "/api/admin/matches/{id}/forfeit",
    tag = "tournaments",
    params(params::MatchId),
    request_body = ForfeitInput,
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn forfeit(
    State(state): State<AppState>,
    admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ForfeitInput>,
) -> Result<Json<MatchDto>, AppError> {
    let side = validate_forfeit(&body).map_err(AppError::Validation)?;
    let user = admin.0.id().to_owned();
    let now = state.now();
    let (row, changed) =
        state.db.write(move |tx| reports::record_forfeit(tx, id, side, &user, now).map_err(AppError::from)).await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now, lang)))
}

/// `PUT /api/admin/matches/{matchId}/start`: a scorekeeper says the match is under way; its
/// court shows it 'En cours' whatever the clock says.
#[utoipa::path(
    put,
    path = "/api/admin/matches/{id}/start",
    tag = "tournaments",
    params(params::MatchId),
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn start(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<MatchDto>, AppError> {
    let now = state.now();
    let (row, changed) =
        state.db.write(move |tx| scores::mark_started(tx, id, &utc_text(now)).map_err(AppError::from)).await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now, lang)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Generated {
    tournament: AdminTournamentDto,
    matches: Vec<MatchDto>,
    quality: QualityDto,
}

/// `POST /api/admin/tournaments/{id}/generate-schedule`: the pool phase, with its quality.
#[utoipa::path(
    post,
    path = "/api/admin/tournaments/{id}/generate-schedule",
    tag = "tournaments",
    params(params::TournamentId),
    responses(
        (status = 200, description = "OK", body = Generated),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn generate(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<Generated>, AppError> {
    let now = state.now();
    let generated = state
        .db
        .write(move |tx| {
            let (row, quality) = schedule::generate(tx, id, &utc_text(now))?;
            let quality = QualityDto::new(quality, row.settings().as_ref());
            let board = Board::new(views::board(tx, row)?, now, lang);
            let tournament = AdminTournamentDto::new(&board.row, board.teams);
            Ok::<_, AppError>(Generated { tournament, matches: board.matches, quality })
        })
        .await?;
    state.live.tournament_changed(generated.tournament.tournament.event_id);
    Ok(Json(generated))
}

async fn board(state: &AppState, id: i64, lang: Lang) -> Result<Board, AppError> {
    let now = state.settings.clock.now();
    state
        .db
        .read(move |conn| {
            let row = tournaments::find(conn, id)?.ok_or_else(AppError::not_found)?;
            Ok(Board::new(views::board(conn, row)?, now, lang))
        })
        .await
}

/// `GET /api/admin/tournaments/{id}/matches`: in time order, then by court.
#[utoipa::path(
    get,
    path = "/api/admin/tournaments/{id}/matches",
    tag = "tournaments",
    params(params::TournamentId),
    responses(
        (status = 200, description = "OK", body = Vec<MatchDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn matches(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<MatchDto>>, AppError> {
    Ok(Json(board(&state, id, lang).await?.matches))
}

/// `GET /api/admin/tournaments/{id}/standings`: by pool, then rank.
#[utoipa::path(
    get,
    path = "/api/admin/tournaments/{id}/standings",
    tag = "tournaments",
    params(params::TournamentId),
    responses(
        (status = 200, description = "OK", body = Vec<StandingDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn standings(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<StandingDto>>, AppError> {
    Ok(Json(board(&state, id, lang).await?.standings))
}

/// Validates the two scores with core, writes them with `write` in one transaction as `admin`,
/// then tells the live event page.
async fn write_score(
    state: &AppState,
    admin: &Admin,
    id: i64,
    body: &ScoreInput,
    write: scores::ScoreWrite,
    lang: Lang,
) -> Result<Json<MatchDto>, AppError> {
    let score = validate_score(body).map_err(AppError::Validation)?;
    let user = admin.0.id().to_owned();
    let now = state.now();
    let (row, changed) = state.db.write(move |tx| write(tx, id, score, &user, now).map_err(AppError::from)).await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now, lang)))
}

/// `PUT /api/admin/matches/{matchId}/score`: only a match not yet completed takes a score.
#[utoipa::path(
    put,
    path = "/api/admin/matches/{id}/score",
    tag = "tournaments",
    params(params::MatchId),
    request_body = ScoreInput,
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn score(
    State(state): State<AppState>,
    admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ScoreInput>,
) -> Result<Json<MatchDto>, AppError> {
    write_score(&state, &admin, id, &body, reports::record, lang).await
}

/// `PUT /api/admin/matches/{matchId}/duty`: another work team for the match, one that plays
/// and referees nothing at that time (else 409 `duty_team_busy`).
#[utoipa::path(
    put,
    path = "/api/admin/matches/{id}/duty",
    tag = "tournaments",
    params(params::MatchId),
    request_body = DutyInput,
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn duty(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<DutyInput>,
) -> Result<Json<MatchDto>, AppError> {
    let team = validate_duty(&body).map_err(AppError::Validation)?;
    let now = state.now();
    let (row, changed) =
        state.db.write(move |tx| duties::set_duty(tx, id, team, &utc_text(now)).map_err(AppError::from)).await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now, lang)))
}

/// `PUT /api/admin/matches/{matchId}/correction`: a completed pool match, before the draw.
#[utoipa::path(
    put,
    path = "/api/admin/matches/{id}/correction",
    tag = "tournaments",
    params(params::MatchId),
    request_body = ScoreInput,
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn correction(
    State(state): State<AppState>,
    admin: Admin,
    Id(id): Id,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ScoreInput>,
) -> Result<Json<MatchDto>, AppError> {
    write_score(&state, &admin, id, &body, reports::correct, lang).await
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryDto {
    kind: centre_core::tournament::ScoreKind,
    team1_score: Option<u32>,
    team2_score: Option<u32>,
    previous_team1_score: Option<u32>,
    previous_team2_score: Option<u32>,
    changed_by: Option<String>,
    /// The phone a score came from, by its name (none for a score entered online).
    device_name: Option<String>,
    changed_at: String,
    /// The sets of the new score and of the one before, where the phase has sets.
    #[schema(value_type = Vec<Vec<u32>>)]
    sets: Vec<centre_core::format::SetScore>,
    #[schema(value_type = Vec<Vec<u32>>)]
    previous_sets: Vec<centre_core::format::SetScore>,
}

/// `GET /api/admin/matches/{matchId}/history`: who scored, corrected or forfeited, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/matches/{id}/history",
    tag = "tournaments",
    params(params::MatchId),
    responses(
        (status = 200, description = "OK", body = Vec<HistoryDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn history(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
) -> Result<Json<Vec<HistoryDto>>, AppError> {
    let rows = state
        .db
        .read(move |conn| {
            tournaments::find_match(conn, id)?.ok_or_else(AppError::not_found)?;
            Ok::<_, AppError>(views::history(conn, id)?)
        })
        .await?;
    Ok(Json(
        rows.into_iter()
            .map(|h| HistoryDto {
                kind: h.kind,
                team1_score: h.team1_score,
                team2_score: h.team2_score,
                previous_team1_score: h.previous_team1_score,
                previous_team2_score: h.previous_team2_score,
                changed_by: h.changed_by,
                device_name: h.device_name,
                changed_at: h.changed_at,
                sets: h.sets,
                previous_sets: h.previous_sets,
            })
            .collect(),
    ))
}
