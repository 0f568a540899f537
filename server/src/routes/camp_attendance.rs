//! A day camp's daily attendance over HTTP (docs/day-camps.md and docs/offline.md tell the
//! whole of it):
//!
//! (The phones' entries arrive through `routes/sync/attendance.rs`.)
//! - `GET /api/camp-staff/weeks/{weekId}/attendance?date=YYYY-MM-DD` (today by default): each
//!   child's day. Admins, and camp staff given that week.
//! - `POST /api/admin/camp-attendance/overrides` (admins): leave for someone not on a child's
//!   list to take them home on one day, with the reason.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::attendance::PickupKind;
use centre_core::timefmt::utc_text;
use centre_core::validation::Text;
use serde::{Deserialize, Serialize};

use super::courts::parse_date;
use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::{Admin, CampStaff};
use crate::cases::camp_staff::{self, Staff};
use crate::db::camp_attendance::overrides::{self, OverrideRow};
use crate::db::camp_attendance::sheet::ChildDayRow;
use crate::error::{ApiJson, ApiQuery, AppError};
use crate::openapi::responses;

/// Characters in a person's name (the health form's limit) and in an override's reason.
const NAME_MAX: usize = 100;
const REASON_MAX: usize = 500;

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
    let staff = Staff { user_id: user.id().to_owned(), is_admin: user.is_admin() };
    let children = state.db.read(move |conn| camp_staff::attendance_day(conn, &staff, week_id, date, now, &tz)).await?;
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
    let date = parse_date(Some(&body.date))?.ok_or_else(|| AppError::field("date", "date_invalid"))?;
    let refused = |field| AppError::field(field, "pickup_override_invalid");
    let name = Text::parse(body.person_name.trim(), NAME_MAX).map_err(|_| refused("personName"))?.into_string();
    let reason = Text::parse(body.reason.trim(), REASON_MAX).map_err(|_| refused("reason"))?.into_string();
    if name.is_empty() {
        return Err(refused("personName"));
    }
    if reason.is_empty() {
        return Err(refused("reason"));
    }
    let (id, email) = (admin.id().to_owned(), admin.user().address_or_id());
    let now = utc_text(state.now());
    let row = state
        .db
        .write(move |tx| {
            let by = overrides::Admin { id: &id, email: &email };
            overrides::add(tx, body.registration_id, date, &name, &reason, &by, &now)?.ok_or_else(AppError::not_found)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(PickupOverrideDto::from(row))))
}
