//! Offline scoring over HTTP (beyond spec section 7, documented in ARCHITECTURE.md):
//! a phone pushes its waiting score entries, and admins settle the conflicts they raise.
//!
//! - `POST /api/admin/sync/scores` `{deviceId, entries: [{seq, entryId, matchId, team1Score,
//!   team2Score, baseVersion, enteredAt, team1Id, team2Id}]}` → `{lastSeq, results: [{seq, entryId, matchId,
//!   outcome, code, message}]}`; 409 `sync_gap` with `lastSeq` when the entries do not continue
//!   from the server's number.
//! - `GET /api/admin/tournaments/{id}/conflicts` → the open conflicts.
//! - `POST /api/admin/score-conflicts/{entryId}/resolve` `{keep: "current"|"proposed"}` → the match.

use std::collections::BTreeSet;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::FieldError;
use centre_core::sync::seen;
use centre_core::timefmt::utc_text;
use centre_core::validation::{Text, parse_date_time};
use chrono::Utc;
use serde::{Deserialize, Serialize};

use super::dto::MatchDto;
use crate::app::AppState;
use crate::auth::Admin;
use crate::db::tournaments::sync::{self, Conflict, Entry, Keep, Outcome, PushRefused, ResolveRefused, ScoreSide};
use crate::db::tournaments::{self};
use crate::error::{ApiJson, AppError, ReqLang};
use centre_core::format::SetScore;

use crate::openapi::responses;
use crate::routes::params::{self, Id, Segment};

/// Entries per push: a phone with more sends them in several pushes.
pub const MAX_ENTRIES: usize = 200;

/// Characters in a phone's name.
const DEVICE_NAME_MAX: usize = 60;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushBody {
    device_id: String,
    /// The phone's name as its scorekeeper set it ('Téléphone de Ada'); kept until changed.
    #[serde(default)]
    device_name: Option<String>,
    entries: Vec<EntryBody>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryBody {
    seq: i64,
    entry_id: String,
    match_id: i64,
    team1_score: u32,
    team2_score: u32,
    #[serde(default)]
    base_version: i64,
    entered_at: String,
    /// The teams the phone showed for the match (a knockout side may have changed since).
    #[serde(default)]
    team1_id: Option<i64>,
    #[serde(default)]
    team2_id: Option<i64>,
    /// The sets, where the match's phase has them (`team1Score`/`team2Score`: the sets won).
    #[serde(default)]
    #[schema(value_type = Vec<Vec<u32>>)]
    sets: Vec<SetScore>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultDto {
    seq: i64,
    entry_id: String,
    match_id: i64,
    outcome: centre_core::sync::SyncOutcome,
    code: Option<String>,
    message: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushAnswer {
    last_seq: i64,
    results: Vec<ResultDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SyncGap)]
pub(crate) struct GapBody {
    message: String,
    code: &'static str,
    last_seq: i64,
}

/// Whether a device or entry id is well formed (a UUID, or letters, digits, `-` and `_`).
pub(crate) fn id_ok(raw: &str) -> bool {
    (1..=64).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Every push's device rules, whatever its kind: a device id, its name if given, at most
/// [`MAX_ENTRIES`] entries.
pub(crate) fn checked_device(
    device_id: &str,
    device_name: Option<&str>,
    entries: usize,
) -> Result<Option<String>, AppError> {
    if !id_ok(device_id) {
        return Err(AppError::Validation(vec![FieldError::new("deviceId", "sync_device_invalid")]));
    }
    let name = match device_name.map(|n| Text::parse(n, DEVICE_NAME_MAX)) {
        None => None,
        Some(Ok(name)) => Some(name.into_string()),
        Some(Err(_)) => {
            return Err(AppError::Validation(vec![FieldError::new("deviceName", "sync_device_name_invalid")]));
        }
    };
    if entries > MAX_ENTRIES {
        return Err(AppError::Validation(vec![FieldError::new("entries", "sync_too_many")]));
    }
    Ok(name)
}

/// The 409 `sync_gap` answer: the entries must continue from `last_seq`.
pub(crate) fn gap_answer(lang: centre_core::Lang, last_seq: i64) -> Response {
    let code = "sync_gap";
    let message = centre_core::message(code, lang).unwrap_or(code).to_owned();
    (StatusCode::CONFLICT, Json(GapBody { message, code, last_seq })).into_response()
}

/// The body's rules: a device id, at most [`MAX_ENTRIES`] well-formed entries, sorted by `seq`
/// (a number sent twice in one push counts once).
fn checked(body: PushBody) -> Result<(String, Option<String>, Vec<Entry>), AppError> {
    let name = checked_device(&body.device_id, body.device_name.as_deref(), body.entries.len())?;
    let mut entries = Vec::with_capacity(body.entries.len());
    let mut numbers = BTreeSet::new();
    for e in body.entries {
        let entered_at = parse_date_time(&e.entered_at);
        if e.seq < 1 || !id_ok(&e.entry_id) || entered_at.is_none() {
            return Err(AppError::Validation(vec![FieldError::new("entries", "sync_entry_invalid")]));
        }
        if numbers.insert(e.seq) {
            entries.push(Entry {
                seq: e.seq,
                entry_id: e.entry_id,
                match_id: e.match_id,
                team1_score: e.team1_score,
                team2_score: e.team2_score,
                base_version: e.base_version,
                entered_at: entered_at.map(utc_text).unwrap_or_default(),
                seen_teams: seen((e.team1_id, e.team2_id)),
                sets: e.sets,
            });
        }
    }
    entries.sort_by_key(|e| e.seq);
    Ok((body.device_id, name, entries))
}

/// `POST /api/admin/sync/scores`: the device's entries in `seq` order, in one transaction.
/// Replays answer their stored outcome; at a gap the entries before it are kept and answered
/// (409 `sync_gap` when there are none).
#[utoipa::path(
    post,
    path = "/api/admin/sync/scores",
    tag = "sync",
    request_body = PushBody,
    responses(
        (status = 200, description = "OK", body = PushAnswer),
        (status = 409, description = "`sync_gap`: the entries do not continue from `lastSeq`.", body = GapBody),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn push(
    State(state): State<AppState>,
    admin: Admin,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<PushBody>,
) -> Result<Response, AppError> {
    let (device, name, entries) = checked(body)?;
    let user = admin.0.id().to_owned();
    let now = utc_text(Utc::now());
    let (outcomes, events, last_seq, gap) = state
        .db
        .write(move |tx| {
            if let Some(name) = &name {
                sync::name_device(tx, &device, name, &now)?;
            }
            let mut outcomes: Vec<Outcome> = Vec::with_capacity(entries.len());
            let mut events = BTreeSet::new();
            let mut gap = false;
            for e in &entries {
                match sync::push(tx, &device, e, &user, &now) {
                    Ok((outcome, changed)) => {
                        events.extend(changed.map(|c| c.event_id));
                        outcomes.push(outcome);
                    }
                    Err(PushRefused::Gap { .. }) => {
                        gap = true;
                        break;
                    }
                    Err(PushRefused::Db(e)) => return Err(AppError::from(e)),
                }
            }
            let last = sync::last_seq(tx, &device)?;
            Ok::<_, AppError>((outcomes, events, last, gap))
        })
        .await?;
    for event in events {
        state.live.tournament_changed(event);
    }
    if gap && outcomes.is_empty() {
        return Ok(gap_answer(lang, last_seq));
    }
    let results = outcomes
        .into_iter()
        .map(|o| {
            let message = o.code.as_deref().map(|c| centre_core::message(c, lang).unwrap_or(c).to_owned());
            ResultDto {
                seq: o.seq,
                entry_id: o.entry_id,
                match_id: o.match_id,
                outcome: o.outcome,
                code: o.code,
                message,
            }
        })
        .collect();
    Ok(Json(PushAnswer { last_seq, results }).into_response())
}

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
    bracket_code: Option<String>,
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
            Ok::<_, AppError>(sync::conflicts(conn, id)?)
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
    let now = Utc::now();
    let (row, changed) = state
        .db
        .write(move |tx| {
            sync::resolve(tx, &entry_id, keep, &user, &utc_text(now)).map_err(|r| match r {
                ResolveRefused::NotFound => AppError::not_found(),
                ResolveRefused::Resolved => AppError::conflict("conflict_resolved"),
                ResolveRefused::Score(s) => AppError::from(s),
            })
        })
        .await?;
    state.live.tournament_changed(changed.event_id);
    Ok(Json(MatchDto::new(&row, now)))
}
