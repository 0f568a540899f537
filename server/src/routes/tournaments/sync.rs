//! The conflicts the phones' entries raise (scores through `routes/sync/scores.rs`, the teams'
//! disputes through `routes/sync/reports.rs`), and how admins settle them:
//!
//! - `GET /api/admin/tournaments/{id}/conflicts` → the open conflicts.
//! - `POST /api/admin/score-conflicts/{entryId}/resolve` `{keep: "current"|"proposed"}` → the match.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::dto::MatchDto;
use crate::app::AppState;
use crate::auth::Admin;
use crate::db::tournaments::conflicts;
use crate::db::tournaments::sync::{Conflict, Keep, ResolveRefused, ScoreSide};
use crate::db::tournaments::{self};
use crate::error::{ApiJson, AppError, ReqLang};
use crate::routes::sync::id_ok;
use centre_core::format::SetScore;

use crate::openapi::responses;
use crate::routes::params::{self, Id, Segment};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SideDto {
    team1_score: Option<u32>,
    team2_score: Option<u32>,
    /// The sets, where the phase has them.
    #[schema(value_type = Vec<Vec<u32>>)]
    sets: Vec<SetScore>,
    entered_by: Option<String>,
    device_id: Option<String>,
    /// The phone's name, where it gave one.
    device_name: Option<String>,
    entered_at: Option<String>,
    received_at: Option<String>,
    /// The team whose version this is, for a dispute the teams raised from a phone ('proposé par
    /// A', 'contre-proposé par B'); null for a phone's score.
    team: Option<String>,
}

impl From<ScoreSide> for SideDto {
    fn from(s: ScoreSide) -> Self {
        SideDto {
            team1_score: s.team1_score,
            team2_score: s.team2_score,
            sets: s.sets,
            entered_by: s.entered_by,
            device_id: s.device_id,
            device_name: s.device_name,
            entered_at: s.entered_at,
            received_at: s.received_at,
            team: s.team,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConflictDto {
    entry_id: String,
    match_id: i64,
    tournament_id: i64,
    team1_name: Option<String>,
    team2_name: Option<String>,
    round_type: centre_core::tournament::RoundType,
    bracket_code: Option<centre_core::tournament::BracketCode>,
    pool: Option<u8>,
    court_number: u8,
    scheduled_time: Option<String>,
    current: SideDto,
    proposed: SideDto,
}

impl From<Conflict> for ConflictDto {
    fn from(c: Conflict) -> Self {
        let m = c.game;
        ConflictDto {
            entry_id: c.entry_id,
            match_id: m.id,
            tournament_id: m.tournament_id,
            team1_name: m.team1_name,
            team2_name: m.team2_name,
            round_type: m.round_type,
            bracket_code: m.bracket_code,
            pool: m.pool,
            court_number: m.court_number,
            scheduled_time: m.scheduled_time,
            current: c.current.into(),
            proposed: c.proposed.into(),
        }
    }
}

/// `GET /api/admin/tournaments/{id}/conflicts`: the open score conflicts, oldest first.
#[utoipa::path(
    get,
    path = "/api/admin/tournaments/{id}/conflicts",
    tag = "sync",
    params(params::TournamentId),
    responses(
        (status = 200, description = "OK", body = Vec<ConflictDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn conflicts(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
) -> Result<Json<Vec<ConflictDto>>, AppError> {
    let rows = state
        .db
        .read(move |conn| {
            tournaments::find(conn, id)?.ok_or_else(AppError::not_found)?;
            Ok::<_, AppError>(conflicts::open(conn, id)?)
        })
        .await?;
    Ok(Json(rows.into_iter().map(ConflictDto::from).collect()))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum KeepBody {
    Current,
    Proposed,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResolveBody {
    keep: KeepBody,
}

/// `POST /api/admin/score-conflicts/{entryId}/resolve`: the admin's choice; the match after it.
#[utoipa::path(
    post,
    path = "/api/admin/score-conflicts/{id}/resolve",
    tag = "sync",
    params(params::EntryId),
    request_body = ResolveBody,
    responses(
        (status = 200, description = "OK", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn resolve(
    State(state): State<AppState>,
    admin: Admin,
    Segment(entry_id): Segment,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ResolveBody>,
) -> Result<Json<MatchDto>, AppError> {
    if !id_ok(&entry_id) {
        return Err(AppError::not_found());
    }
    let keep = match body.keep {
        KeepBody::Current => Keep::Current,
        KeepBody::Proposed => Keep::Proposed,
    };
    let user = admin.0.id().to_owned();
    let now = state.now();
    let (row, changed) = state
        .db
        .write(move |tx| {
            conflicts::resolve(tx, &entry_id, keep, &user, now).map_err(|r| match r {
                ResolveRefused::NotFound => AppError::not_found(),
                ResolveRefused::Resolved => AppError::conflict("conflict_resolved"),
                ResolveRefused::Score(s) => AppError::from(s),
            })
        })
        .await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now, lang)))
}
