//! `POST /api/user/sync/reports`: a captain's phone pushes the results it reported or confirmed
//! offline (any signed-in member; each entry is held to the online route's rule: a captain of
//! the match, or an admin). `{deviceId, deviceName?, entries: [{seq, entryId, matchId,
//! team1Score?, team2Score?, sets?, forfeit?, enteredAt}]}` → `{lastSeq, results: [{seq,
//! entryId, matchId, outcome, code, message}]}`: `applied` when it proposed or confirmed,
//! `conflict` when it disputed, `rejected` with its code otherwise.

use axum::Json;
use axum::extract::State;
use centre_core::format::SetScore;
use centre_core::validation::{NumberInput, ReportInput, parse_date_time, validate_report};
use serde::Deserialize;

use super::scores::{PushAnswer, answered};
use super::{checked_device, entry_invalid, id_ok, in_order};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::devices;
use crate::db::tournaments::report_entries::{Entry, Reports};
use crate::db::tournaments::reports::{Asker, Said};
use crate::emails::reports::ReportLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportPushBody {
    device_id: String,
    #[serde(default)]
    device_name: Option<String>,
    entries: Vec<ReportEntryBody>,
}

/// A report as the online route takes it (team 1's points first, whoever reports), numbered.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportEntryBody {
    seq: i64,
    entry_id: String,
    match_id: i64,
    #[serde(default)]
    team1_score: Option<u32>,
    #[serde(default)]
    team2_score: Option<u32>,
    #[serde(default)]
    #[schema(value_type = Option<Vec<Vec<u32>>>)]
    sets: Option<Vec<SetScore>>,
    /// The reporting team concedes the match.
    #[serde(default)]
    forfeit: bool,
    entered_at: String,
}

/// One entry's form: a number, an id, a time, and a report core takes (else the push is 422).
fn entry(e: ReportEntryBody) -> Result<Entry, AppError> {
    if e.seq < 1 || !id_ok(&e.entry_id) || parse_date_time(&e.entered_at).is_none() {
        return Err(entry_invalid());
    }
    let number = |n: Option<u32>| n.map(|n| NumberInput::Number(f64::from(n)));
    let input = ReportInput {
        team1_score: number(e.team1_score),
        team2_score: number(e.team2_score),
        sets: e.sets,
        forfeit: Some(e.forfeit),
        client_id: None,
    };
    let form = validate_report(&input).map_err(AppError::Validation)?;
    Ok(Entry {
        seq: e.seq,
        entry_id: e.entry_id,
        match_id: e.match_id,
        said: form.score.map_or(Said::Concede, Said::Score),
    })
}

/// The device's entries in `seq` order, in one transaction; at a gap the entries before it are
/// taken and answered (409 `sync_gap` when there are none).
#[utoipa::path(
    post,
    path = "/api/user/sync/reports",
    tag = "sync",
    request_body = ReportPushBody,
    responses(
        (status = 200, description = "OK", body = PushAnswer),
        (status = 409, description = "`sync_gap`: the entries do not continue from `lastSeq`.", body = crate::error::SyncGap),
        responses::Unauthorized, responses::Unprocessable
    )
)]
pub async fn push(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ReportPushBody>,
) -> Result<Json<PushAnswer>, AppError> {
    let name = checked_device(&body.device_id, body.device_name.as_deref(), body.entries.len())?;
    let entries = in_order(body.entries.into_iter().map(entry).collect::<Result<Vec<_>, _>>()?);
    let device = body.device_id;
    let now = state.now();
    let letters = ReportLetters::new(&state.settings);
    let (pushed, events) = state
        .db
        .write(move |tx| {
            let asker = Asker { user_id: user.id(), is_admin: user.is_admin() };
            let reports = Reports::by(asker, &letters);
            let pushed = devices::push(tx, &reports, &device, name.as_deref(), &entries, now)?;
            Ok::<_, AppError>((pushed, reports.changed.into_inner()))
        })
        .await?;
    for event in &events {
        state.live.tournament_changed(*event);
    }
    // A new proposal's e-mail to the other captain is in the outbox.
    if !events.is_empty() {
        state.mailer.kick();
    }
    answered(pushed, lang).map(Json)
}
