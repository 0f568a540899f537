//! `POST /api/camp-staff/sync/attendance`: a counsellor's phone pushes the arrivals, departures
//! and absence notices it kept offline (camp staff and admins). `{deviceId, deviceName?, entries:
//! [{seq, entryId, registrationId, weekId, day, action, at, pickupKind?, pickupName?}]}` →
//! `{lastSeq, results: [{seq, entryId, outcome, code, message}]}`. An entry for a week the
//! counsellor is not given is answered `rejected` (`forbidden`), so it never blocks the phone's
//! queue.

use axum::Json;
use axum::extract::State;
use centre_core::attendance::{AttendanceAction, Pickup, PickupKind};
use centre_core::sync::SyncOutcome;
use centre_core::validation::{Text, parse_date_time};
use chrono::{NaiveDate, Timelike};
use serde::{Deserialize, Serialize};

use super::{checked_device, entry_invalid, gap, id_ok, in_order, message};
use crate::app::AppState;
use crate::auth::CampStaff;
use crate::cases::camp_staff::{self, Staff};
use crate::db::camp_attendance::Entry;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;

/// Characters in the name of who takes a child (the health form's limit).
const NAME_MAX: usize = 100;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePushBody {
    device_id: String,
    #[serde(default)]
    device_name: Option<String>,
    entries: Vec<AttendanceEntryBody>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceEntryBody {
    seq: i64,
    entry_id: String,
    registration_id: i64,
    week_id: i64,
    /// The camp day, 'YYYY-MM-DD' in the centre's time zone.
    day: String,
    action: AttendanceAction,
    /// When it happened (UTC ISO).
    at: String,
    /// A departure's: who took the child.
    #[serde(default)]
    pickup_kind: Option<PickupKind>,
    /// The person's name, for `authorised` and `other`.
    #[serde(default)]
    pickup_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceResultDto {
    seq: i64,
    entry_id: String,
    outcome: SyncOutcome,
    code: Option<String>,
    message: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendancePushAnswer {
    last_seq: i64,
    results: Vec<AttendanceResultDto>,
}

/// One entry's form: ids, a day, a time (to the second, as stored), a name where one is given.
fn entry(e: AttendanceEntryBody) -> Result<Entry, AppError> {
    let day = NaiveDate::parse_from_str(&e.day, "%Y-%m-%d").map_err(|_| entry_invalid())?;
    let at = parse_date_time(&e.at).and_then(|t| t.with_nanosecond(0)).ok_or_else(entry_invalid)?;
    if e.seq < 1 || !id_ok(&e.entry_id) {
        return Err(entry_invalid());
    }
    let name = match e.pickup_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        None => None,
        Some(n) => Some(Text::parse(n, NAME_MAX).map_err(|_| entry_invalid())?.into_string()),
    };
    let pickup = e.pickup_kind.map(|kind| Pickup { kind, name });
    Ok(Entry {
        seq: e.seq,
        entry_id: e.entry_id,
        registration_id: e.registration_id,
        week_id: e.week_id,
        day,
        action: e.action,
        at,
        pickup,
    })
}

/// The device's entries in `seq` order, in one transaction, numbered with its scores.
#[utoipa::path(
    post,
    path = "/api/camp-staff/sync/attendance",
    tag = "camp staff",
    request_body = AttendancePushBody,
    responses(
        (status = 200, description = "OK", body = AttendancePushAnswer),
        (status = 409, description = "`sync_gap`: the entries do not continue from `lastSeq`.", body = crate::error::SyncGap),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn push(
    State(state): State<AppState>,
    CampStaff(user): CampStaff,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<AttendancePushBody>,
) -> Result<Json<AttendancePushAnswer>, AppError> {
    let name = checked_device(&body.device_id, body.device_name.as_deref(), body.entries.len())?;
    let entries = in_order(body.entries.into_iter().map(entry).collect::<Result<Vec<_>, _>>()?);
    let staff = Staff { user_id: user.id().to_owned(), is_admin: user.is_admin() };
    let (device, tz, now) = (body.device_id, state.settings.timezone, state.now());
    let pushed = state
        .db
        .write(move |tx| camp_staff::push_attendance(tx, &staff, tz, &device, name.as_deref(), &entries, now))
        .await?;
    gap(&pushed)?;
    let results = pushed
        .outcomes
        .into_iter()
        .map(|o| AttendanceResultDto {
            message: message(o.code.as_deref(), lang),
            seq: o.seq,
            entry_id: o.entry_id,
            outcome: o.outcome,
            code: o.code,
        })
        .collect();
    Ok(Json(AttendancePushAnswer { last_seq: pushed.last_seq, results }))
}
