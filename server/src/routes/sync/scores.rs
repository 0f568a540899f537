//! `POST /api/admin/sync/scores`: a scorekeeper's phone pushes the scores it kept offline
//! (admins only). `{deviceId, deviceName?, entries: [{seq, entryId, matchId, team1Score,
//! team2Score, baseVersion, enteredAt, team1Id, team2Id, sets}]}` → `{lastSeq, results: [{seq,
//! entryId, matchId, outcome, code, message}]}`.

use axum::Json;
use axum::extract::State;
use centre_core::format::SetScore;
use centre_core::sync::{SyncOutcome, seen};
use centre_core::timefmt::utc_text;
use centre_core::validation::parse_date_time;
use serde::{Deserialize, Serialize};

use super::{checked_device, entry_invalid, gap, id_ok, in_order, message};
use crate::app::AppState;
use crate::auth::Admin;
use centre_core::Lang;

use crate::db::devices::{self, Pushed};
use crate::db::tournaments::sync::{Entry, Outcome, Scores};
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;

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
    outcome: SyncOutcome,
    code: Option<String>,
    message: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushAnswer {
    last_seq: i64,
    results: Vec<ResultDto>,
}

/// One entry's form: a number, an id, a time.
fn entry(e: EntryBody) -> Result<Entry, AppError> {
    let entered_at = parse_date_time(&e.entered_at).filter(|_| e.seq >= 1 && id_ok(&e.entry_id));
    let entered_at = entered_at.ok_or_else(entry_invalid)?;
    Ok(Entry {
        seq: e.seq,
        entry_id: e.entry_id,
        match_id: e.match_id,
        team1_score: e.team1_score,
        team2_score: e.team2_score,
        base_version: e.base_version,
        entered_at: utc_text(entered_at),
        seen_teams: seen((e.team1_id, e.team2_id)),
        sets: e.sets,
    })
}

/// The device's entries in `seq` order, in one transaction; at a gap the entries before it are
/// taken and answered (409 `sync_gap` when there are none).
#[utoipa::path(
    post,
    path = "/api/admin/sync/scores",
    tag = "sync",
    request_body = PushBody,
    responses(
        (status = 200, description = "OK", body = PushAnswer),
        (status = 409, description = "`sync_gap`: the entries do not continue from `lastSeq`.", body = crate::error::SyncGap),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn push(
    State(state): State<AppState>,
    admin: Admin,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<PushBody>,
) -> Result<Json<PushAnswer>, AppError> {
    let name = checked_device(&body.device_id, body.device_name.as_deref(), body.entries.len())?;
    let entries = in_order(body.entries.into_iter().map(entry).collect::<Result<Vec<_>, _>>()?);
    let (device, user, now) = (body.device_id, admin.0.id().to_owned(), state.now());
    let (pushed, events) = state
        .db
        .write(move |tx| {
            let scores = Scores::by(&user);
            let pushed = devices::push(tx, &scores, &device, name.as_deref(), &entries, now)?;
            Ok::<_, AppError>((pushed, scores.changed.into_inner()))
        })
        .await?;
    for event in events {
        state.live.tournament_changed(event);
    }
    answered(pushed, lang).map(Json)
}

/// The answer to a push of match entries (scores, or the teams' reports): each entry's outcome
/// with its refusal in the request's language, or 409 `sync_gap` when nothing was taken.
pub(super) fn answered(pushed: Pushed<Outcome>, lang: Lang) -> Result<PushAnswer, AppError> {
    gap(&pushed)?;
    let results = pushed
        .outcomes
        .into_iter()
        .map(|o| ResultDto {
            message: message(o.code.as_deref(), lang),
            seq: o.seq,
            entry_id: o.entry_id,
            match_id: o.match_id,
            outcome: o.outcome,
            code: o.code,
        })
        .collect();
    Ok(PushAnswer { last_seq: pushed.last_seq, results })
}
