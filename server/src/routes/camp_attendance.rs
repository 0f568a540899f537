//! A day camp's daily attendance over HTTP (beyond the spec; ARCHITECTURE.md's walkthrough):
//!
//! - `POST /api/camp-staff/sync/attendance` `{deviceId, deviceName?, entries: [{seq, entryId,
//!   registrationId, weekId, day, action, at, pickupKind?, pickupName?}]}` → `{lastSeq,
//!   results: [{seq, entryId, outcome, code, message}]}`; 409 `sync_gap` with `lastSeq`. Camp staff
//!   and admins; an entry for a week the counsellor is not given is answered `rejected`
//!   (`forbidden`), so it never blocks the phone's queue.
//! - `GET /api/camp-staff/weeks/{weekId}/attendance?date=YYYY-MM-DD` (today by default): each
//!   child's day. Admins, and camp staff given that week.
//! - `POST /api/admin/camp-attendance/overrides` (admins): leave for someone not on a child's
//!   list to take them home on one day, with the reason.

use std::collections::BTreeSet;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::FieldError;
use centre_core::attendance::{AttendanceAction, Pickup, PickupKind};
use centre_core::sync::SyncOutcome;
use centre_core::timefmt::utc_text;
use centre_core::validation::{Text, parse_date_time};
use chrono::{NaiveDate, Timelike, Utc};
use serde::{Deserialize, Serialize};

use super::courts::parse_date;
use super::params::{self, Id};
use super::tournaments::sync::{checked_device, gap_answer, id_ok};
use crate::app::AppState;
use crate::auth::{Admin, CampStaff};
use crate::db::camp_attendance::overrides::{self, OverrideRow};
use crate::db::camp_attendance::sheet::{self, ChildDayRow};
use crate::db::camp_attendance::{self, Entry, Outcome, Recorder};
use crate::db::camp_staff;
use crate::db::tournaments::sync::{PushRefused, last_seq, name_device};
use crate::error::{ApiJson, ApiQuery, AppError, ReqLang};
use crate::openapi::responses;

/// Characters in a person's name (the health form's limit) and in an override's reason.
const NAME_MAX: usize = 100;
const REASON_MAX: usize = 500;

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

fn invalid() -> AppError {
    AppError::Validation(vec![FieldError::new("entries", "sync_entry_invalid")])
}

/// One entry's form: ids, a day, a time (to the second, as stored), a name where one is given.
fn entry(e: AttendanceEntryBody) -> Result<Entry, AppError> {
    let day = NaiveDate::parse_from_str(&e.day, "%Y-%m-%d").map_err(|_| invalid())?;
    let at = parse_date_time(&e.at).and_then(|t| t.with_nanosecond(0)).ok_or_else(invalid)?;
    if e.seq < 1 || !id_ok(&e.entry_id) {
        return Err(invalid());
    }
    let name = match e.pickup_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        None => None,
        Some(n) => Some(Text::parse(n, NAME_MAX).map_err(|_| invalid())?.into_string()),
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

/// `POST /api/camp-staff/sync/attendance`: the device's entries in `seq` order, in one
/// transaction, under the scores' device rules (the same last number per device).
#[utoipa::path(
    post,
    path = "/api/camp-staff/sync/attendance",
    tag = "camp staff",
    request_body = AttendancePushBody,
    responses(
        (status = 200, description = "OK", body = AttendancePushAnswer),
        (status = 409, description = "`sync_gap`: the entries do not continue from `lastSeq`.", body = super::tournaments::sync::GapBody),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn push(
    State(state): State<AppState>,
    CampStaff(user): CampStaff,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<AttendancePushBody>,
) -> Result<Response, AppError> {
    let name = checked_device(&body.device_id, body.device_name.as_deref(), body.entries.len())?;
    let device = body.device_id;
    let mut numbers = BTreeSet::new();
    let mut entries = Vec::with_capacity(body.entries.len());
    for e in body.entries {
        let e = entry(e)?;
        if numbers.insert(e.seq) {
            entries.push(e);
        }
    }
    entries.sort_by_key(|e| e.seq);
    let (user_id, is_admin) = (user.id().to_owned(), user.is_admin());
    let tz = state.settings.timezone;
    let now = utc_text(state.settings.clock.now());
    let (outcomes, last, gap) = state
        .db
        .write(move |tx| {
            if let Some(name) = &name {
                name_device(tx, &device, name, &now)?;
            }
            let weeks = camp_staff::weeks_of(tx, &user_id)?;
            let by = Recorder { user_id: &user_id, is_admin, weeks: &weeks };
            let mut outcomes: Vec<Outcome> = Vec::with_capacity(entries.len());
            let mut gap = false;
            for e in &entries {
                match camp_attendance::push(tx, &device, e, &by, &now, &tz) {
                    Ok(outcome) => outcomes.push(outcome),
                    Err(PushRefused::Gap { .. }) => {
                        gap = true;
                        break;
                    }
                    Err(PushRefused::Db(e)) => return Err(AppError::from(e)),
                }
            }
            Ok::<_, AppError>((outcomes, last_seq(tx, &device)?, gap))
        })
        .await?;
    if gap && outcomes.is_empty() {
        return Ok(gap_answer(lang, last));
    }
    let results = outcomes
        .into_iter()
        .map(|o| AttendanceResultDto {
            message: o.code.as_deref().map(|c| centre_core::message(c, lang).unwrap_or(c).to_owned()),
            seq: o.seq,
            entry_id: o.entry_id,
            outcome: o.outcome,
            code: o.code,
        })
        .collect();
    Ok(Json(AttendancePushAnswer { last_seq: last, results }).into_response())
}

/// An admin's leave for one person, one child, one day.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupOverrideDto {
    id: i64,
    registration_id: i64,
    day: String,
    person_name: String,
    reason: String,
    admin_email: String,
    created_at: String,
}

impl From<OverrideRow> for PickupOverrideDto {
    fn from(o: OverrideRow) -> Self {
        PickupOverrideDto {
            id: o.id,
            registration_id: o.registration_id,
            day: o.day.to_string(),
            person_name: o.person_name,
            reason: o.reason,
            admin_email: o.admin_email,
            created_at: o.created_at,
        }
    }
}

/// A child's day at camp.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildAttendanceDto {
    registration_id: i64,
    program_id: String,
    child_first_name: String,
    child_last_name: String,
    /// The parent who registered the child (always allowed to take them).
    parent_name: String,
    /// The health form's pick-up adults, by name.
    authorised: Vec<String>,
    may_leave_alone: bool,
    arrived_at: Option<String>,
    left_at: Option<String>,
    pickup_kind: Option<PickupKind>,
    pickup_name: Option<String>,
    /// The parent said the child would not come ('absence motivée').
    absence_notice: bool,
    /// Not arrived at 9:30 (the centre's time), without notice.
    absent_without_notice: bool,
    overrides: Vec<PickupOverrideDto>,
}

impl From<ChildDayRow> for ChildAttendanceDto {
    fn from(r: ChildDayRow) -> Self {
        ChildAttendanceDto {
            registration_id: r.registration_id,
            program_id: r.program_id,
            child_first_name: r.child_first_name,
            child_last_name: r.child_last_name,
            parent_name: r.parent_name,
            authorised: r.authorised,
            may_leave_alone: r.may_leave_alone,
            arrived_at: r.arrived_at,
            left_at: r.left_at,
            pickup_kind: r.pickup_kind,
            pickup_name: r.pickup_name,
            absence_notice: r.absence_notice,
            absent_without_notice: r.absent_without_notice,
            overrides: r.overrides.into_iter().map(PickupOverrideDto::from).collect(),
        }
    }
}

/// A week's day.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceDayDto {
    week_id: i64,
    /// 'YYYY-MM-DD', the centre's time zone.
    date: String,
    children: Vec<ChildAttendanceDto>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AttendanceDayQuery {
    /// 'YYYY-MM-DD'; today (the centre's time zone) when absent.
    date: Option<String>,
}

/// `GET /api/camp-staff/weeks/{weekId}/attendance`: admins, and camp staff given that week.
#[utoipa::path(
    get,
    path = "/api/camp-staff/weeks/{weekId}/attendance",
    tag = "camp staff",
    params(params::WeekId, AttendanceDayQuery),
    responses(
        (status = 200, description = "OK", body = AttendanceDayDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn day(
    State(state): State<AppState>,
    CampStaff(user): CampStaff,
    Id(week_id): Id,
    ApiQuery(query): ApiQuery<AttendanceDayQuery>,
) -> Result<Json<AttendanceDayDto>, AppError> {
    let (tz, now) = (state.settings.timezone, state.settings.clock.now());
    let date = parse_date(query.date.as_deref())?.unwrap_or_else(|| now.with_timezone(&tz).date_naive());
    let (is_admin, id) = (user.is_admin(), user.id().to_owned());
    let children = state
        .db
        .read(move |conn| {
            super::camp_staff::seen_week(conn, is_admin, &id, week_id)?;
            Ok::<_, AppError>(sheet::day(conn, week_id, date, now, &tz)?)
        })
        .await?;
    Ok(Json(AttendanceDayDto {
        week_id,
        date: date.to_string(),
        children: children.into_iter().map(ChildAttendanceDto::from).collect(),
    }))
}

/// Body of `POST /api/admin/camp-attendance/overrides`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupOverrideBody {
    registration_id: i64,
    /// 'YYYY-MM-DD'.
    date: String,
    person_name: String,
    reason: String,
}

/// `POST /api/admin/camp-attendance/overrides` (admins): 201 with the override; 404 when the
/// child is not registered for a week holding that day; 422 for a missing name or reason.
#[utoipa::path(
    post,
    path = "/api/admin/camp-attendance/overrides",
    tag = "camp staff",
    request_body = PickupOverrideBody,
    responses(
        (status = 201, description = "Recorded", body = PickupOverrideDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn add_override(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(body): ApiJson<PickupOverrideBody>,
) -> Result<(StatusCode, Json<PickupOverrideDto>), AppError> {
    let date = parse_date(Some(&body.date))?
        .ok_or_else(|| AppError::Validation(vec![FieldError::new("date", "date_invalid")]))?;
    let refused = |field| AppError::Validation(vec![FieldError::new(field, "pickup_override_invalid")]);
    let name = Text::parse(body.person_name.trim(), NAME_MAX).map_err(|_| refused("personName"))?.into_string();
    let reason = Text::parse(body.reason.trim(), REASON_MAX).map_err(|_| refused("reason"))?.into_string();
    if name.is_empty() {
        return Err(refused("personName"));
    }
    if reason.is_empty() {
        return Err(refused("reason"));
    }
    let (id, email) = (admin.id().to_owned(), admin.user().address_or_id());
    let now = utc_text(Utc::now());
    let row = state
        .db
        .write(move |tx| {
            let by = overrides::Admin { id: &id, email: &email };
            overrides::add(tx, body.registration_id, date, &name, &reason, &by, &now)?.ok_or_else(AppError::not_found)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(PickupOverrideDto::from(row))))
}
