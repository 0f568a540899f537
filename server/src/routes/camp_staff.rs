//! Camp staff ('Animateur'): counsellors see, for the weeks an admin gives them, each child's
//! name, flags and who picks them up; the full record only for a child they open, which is
//! logged. Admins give the weeks and read the log. Core's `access` rule says who sees what.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::camps::age_on;
use centre_core::timefmt::utc_text;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::camp_health::HealthFormDto;
use super::daycamps::WeekRefDto;
use super::params::{self, Id, Segment};
use crate::app::AppState;
use crate::auth::{Admin, CampStaff, CurrentUser};
use crate::cases::camp_staff::{self, Staff, refused};
use crate::db;
use crate::db::camp_health::HealthFormRow;
use crate::db::camp_staff::Viewer;
use crate::db::daycamps::RegistrationRow;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

/// Most weeks one counsellor may be given (a whole summer, and more).
const MAX_WEEKS: usize = 30;

/// Whether the signed-in member is camp staff, and the weeks they look after.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampStaffStatus {
    is_camp_staff: bool,
    /// In the camp's order; empty until an admin gives some.
    weeks: Vec<WeekRefDto>,
}

/// `GET /api/camp-staff/status`: any signed-in member (false and no weeks for most).
#[utoipa::path(
    get,
    path = "/api/camp-staff/status",
    tag = "camp staff",
    responses((status = 200, description = "OK", body = CampStaffStatus), responses::Unauthorized)
)]
pub async fn status(State(state): State<AppState>, user: CurrentUser) -> Result<Json<CampStaffStatus>, AppError> {
    let is_camp_staff = user.is_camp_staff();
    let id = user.id().to_owned();
    let weeks = state.db.read(move |conn| camp_staff::my_weeks(conn, &id, is_camp_staff)).await?;
    Ok(Json(CampStaffStatus { is_camp_staff, weeks: weeks.iter().map(WeekRefDto::from).collect() }))
}

/// A child of the week, as a counsellor needs them at a glance: no health details, only flags.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampChildDto {
    /// The registration's id: `GET /api/camp-staff/children/{id}` opens the full record.
    id: i64,
    program_id: String,
    child_first_name: String,
    child_last_name: String,
    /// On the week's first day.
    age: u32,
    can_swim: bool,
    /// The health form holds allergies, medication or conditions: open the record.
    has_health_notes: bool,
    /// A number to call besides the parent's (the first emergency contact).
    has_emergency_phone: bool,
    /// False when the parent withdrew the consent: no health form, the child cannot attend.
    has_health_form: bool,
    /// At least one allergy.
    has_allergy: bool,
    /// At least one severe allergy.
    severe_allergy: bool,
    /// Carries an epinephrine auto-injector.
    epinephrine: bool,
    /// Who may pick the child up: the parent who registered them, then the adults of the
    /// health form as 'Name (relation)'.
    pick_up: Vec<String>,
}

/// `GET /api/camp-staff/weeks/{weekId}/children`: admins, and camp staff given that week.
#[utoipa::path(
    get,
    path = "/api/camp-staff/weeks/{weekId}/children",
    tag = "camp staff",
    params(params::WeekId),
    responses(
        (status = 200, description = "OK", body = Vec<CampChildDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn week_children(
    State(state): State<AppState>,
    CampStaff(user): CampStaff,
    Id(week_id): Id,
) -> Result<Json<Vec<CampChildDto>>, AppError> {
    let staff = Staff { user_id: user.id().to_owned(), is_admin: user.is_admin() };
    let (week, children) = state.db.read(move |conn| camp_staff::week_children(conn, &staff, week_id)).await?;
    let children = children.into_iter().map(|(r, health)| CampChildDto::new(r, health.as_ref(), week.start_date));
    Ok(Json(children.collect()))
}

impl CampChildDto {
    fn new(r: RegistrationRow, h: Option<&HealthFormRow>, week_start: NaiveDate) -> Self {
        let mut pick_up = vec![r.parent_name];
        pick_up.extend(h.into_iter().flat_map(|f| &f.pickups).map(|p| format!("{} ({})", p.name, p.relation)));
        CampChildDto {
            id: r.id,
            age: age_on(r.child_birth_date, week_start),
            can_swim: r.can_swim,
            has_health_notes: h
                .is_some_and(|f| !f.allergies.is_empty() || f.medication.is_some() || f.conditions.is_some()),
            has_emergency_phone: r.emergency_phone.is_some(),
            has_health_form: h.is_some(),
            has_allergy: h.is_some_and(|f| !f.allergies.is_empty()),
            severe_allergy: h.is_some_and(HealthFormRow::has_severe_allergy),
            epinephrine: h.is_some_and(HealthFormRow::has_epinephrine),
            pick_up,
            program_id: r.program_id,
            child_first_name: r.child_first_name,
            child_last_name: r.child_last_name,
        }
    }
}

/// A child's full record: what a counsellor needs when something happens.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampChildRecordDto {
    id: i64,
    program_id: String,
    child_first_name: String,
    child_last_name: String,
    child_birth_date: String,
    child_gender: Option<centre_core::validation::Gender>,
    can_swim: bool,
    medical_conditions: Option<String>,
    parent_name: String,
    parent_email: String,
    parent_phone: String,
    emergency_phone: Option<String>,
    weeks: Vec<WeekRefDto>,
    /// The whole health form; none once the parent withdrew the consent.
    health_form: Option<HealthFormDto>,
}

impl CampChildRecordDto {
    fn new(r: RegistrationRow, health: Option<HealthFormRow>) -> Self {
        CampChildRecordDto {
            health_form: health.map(HealthFormDto::from),
            id: r.id,
            weeks: r.weeks.iter().map(WeekRefDto::from).collect(),
            program_id: r.program_id,
            child_first_name: r.child_first_name,
            child_last_name: r.child_last_name,
            child_birth_date: r.child_birth_date.to_string(),
            child_gender: r.child_gender,
            can_swim: r.can_swim,
            medical_conditions: r.medical_conditions,
            parent_name: r.parent_name,
            parent_email: r.parent_email,
            parent_phone: r.parent_phone,
            emergency_phone: r.emergency_phone,
        }
    }
}

/// `GET /api/camp-staff/children/{id}`: admins, and camp staff given one of the child's weeks.
/// Every answer is logged (who, when, which child) in the transaction that reads it.
#[utoipa::path(
    get,
    path = "/api/camp-staff/children/{id}",
    tag = "camp staff",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "OK; the opening is logged", body = CampChildRecordDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn child_record(
    State(state): State<AppState>,
    CampStaff(user): CampStaff,
    Id(id): Id,
) -> Result<Json<CampChildRecordDto>, AppError> {
    let (viewer_id, email, is_admin) = (user.id().to_owned(), user.user().address_or_id(), user.is_admin());
    let now = state.now();
    let (record, health) = state
        .db
        .write(move |tx| {
            let viewer = Viewer { id: &viewer_id, email: &email, is_admin };
            camp_staff::open_record(tx, id, &viewer, &utc_text(now))
        })
        .await?;
    let record = CampChildRecordDto::new(record, health);
    tracing::info!(registration_id = id, viewer = %user.id(), "child record opened");
    Ok(Json(record))
}

/// One counsellor's weeks.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffWeeksDto {
    user_id: String,
    week_ids: Vec<i64>,
}

/// `GET /api/admin/camp-staff-weeks` (admin): every counsellor's weeks.
#[utoipa::path(
    get,
    path = "/api/admin/camp-staff-weeks",
    tag = "camp staff",
    responses((status = 200, description = "OK", body = Vec<StaffWeeksDto>), responses::Unauthorized, responses::Forbidden)
)]
pub async fn assignments(State(state): State<AppState>, _: Admin) -> Result<Json<Vec<StaffWeeksDto>>, AppError> {
    let rows = state.db.read(|conn| db::camp_staff::assignments(conn).map_err(AppError::from)).await?;
    let mut out: Vec<StaffWeeksDto> = Vec::new();
    for (user_id, week) in rows {
        match out.last_mut() {
            Some(last) if last.user_id == user_id => last.week_ids.push(week),
            _ => out.push(StaffWeeksDto { user_id, week_ids: vec![week] }),
        }
    }
    Ok(Json(out))
}

/// Body of `PUT /api/admin/camp-staff/{userId}/weeks`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffWeeksBody {
    /// Every week the counsellor looks after (replacing what they had); empty for none.
    week_ids: Vec<i64>,
}

/// `PUT /api/admin/camp-staff/{userId}/weeks` (admin): 409 `not_camp_staff` when the person does
/// not hold the role, 422 for a week that does not exist.
#[utoipa::path(
    put,
    path = "/api/admin/camp-staff/{userId}/weeks",
    tag = "camp staff",
    params(params::UserId),
    request_body = StaffWeeksBody,
    responses(
        (status = 200, description = "The weeks now given", body = StaffWeeksDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn set_weeks(
    State(state): State<AppState>,
    _: Admin,
    Segment(user_id): Segment,
    ApiJson(body): ApiJson<StaffWeeksBody>,
) -> Result<(StatusCode, Json<StaffWeeksDto>), AppError> {
    let mut weeks = body.week_ids;
    weeks.sort_unstable();
    weeks.dedup();
    if weeks.len() > MAX_WEEKS {
        return Err(AppError::field("weekIds", "too_long"));
    }
    let id = user_id.clone();
    let week_ids = state.db.write(move |tx| db::camp_staff::set_weeks(tx, &id, &weeks).map_err(refused)).await?;
    Ok((StatusCode::OK, Json(StaffWeeksDto { user_id, week_ids })))
}

/// One opening of a child's full record, for the admins' log.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordViewDto {
    registration_id: i64,
    child_name: String,
    viewer_email: String,
    viewed_at: String,
}

/// How many openings the log answers: the latest.
const LOG_LIMIT: i64 = 500;

/// `GET /api/admin/child-record-views` (admin): who opened which child's record, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/child-record-views",
    tag = "camp staff",
    responses((status = 200, description = "OK", body = Vec<RecordViewDto>), responses::Unauthorized, responses::Forbidden)
)]
pub async fn record_views(State(state): State<AppState>, _: Admin) -> Result<Json<Vec<RecordViewDto>>, AppError> {
    let rows = state.db.read(|conn| db::camp_staff::record_views(conn, LOG_LIMIT).map_err(AppError::from)).await?;
    Ok(Json(
        rows.into_iter()
            .map(|v| RecordViewDto {
                registration_id: v.registration_id,
                child_name: v.child_name,
                viewer_email: v.viewer_email,
                viewed_at: v.viewed_at,
            })
            .collect(),
    ))
}
