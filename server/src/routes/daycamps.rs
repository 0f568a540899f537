//! Day camps: the programs and weeks the page shows, the registration (the 9:00 rush), the
//! parent's own registrations (the /my-registrations card and /checkout), and the admin's
//! 'Camps de jour' tab (children per week, payment follow-up, xlsx export).
//!
//! `features` of a program are stable keys the PWA translates (`daycamps:features.<key>`):
//! `nature_discovery`, `outdoor_games`, `crafts` (explorateurs); `canoe_kayak`, `orienteering`,
//! `team_sports` (aventuriers); `leadership`, `expedition`, `volleyball` (leaders).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::Lang;
use centre_core::camps::{age_on, program_name};
use centre_core::payments::PaymentStatus;
use centre_core::timefmt::utc_text;
use centre_core::validation::{dollars, validate_day_camp_registration};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::{Admin, CurrentUser};
use crate::cases::camps;
use crate::cases::payments;
use crate::cases::registration::camps::{DayCampRegistrationBody, parse_form, register_error};
use crate::db::daycamps::{self, NewRegistration, Places, ProgramRow, RegisterError, RegistrationRow, WeekRow};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, ApiQuery, AppError, ReqLang};
use crate::exports;
use crate::openapi::responses;
use crate::routes::camp_health::HealthFormDto;
use crate::routes::payments::PaidByDto;

/// Feature keys per program (see the module documentation).
fn features(program_id: &str) -> &'static [&'static str] {
    match program_id {
        "explorateurs" => &["nature_discovery", "outdoor_games", "crafts"],
        "aventuriers" => &["canoe_kayak", "orienteering", "team_sports"],
        "leaders" => &["leadership", "expedition", "volleyball"],
        _ => &[],
    }
}

// ---------------------------------------------------------------------------------------------
// Public: programs and weeks
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgramDto {
    pub id: String,
    /// In the request's language.
    pub name: String,
    pub min_age: u32,
    pub max_age: u32,
    /// Dollars (CAD) per week.
    pub weekly_price: f64,
    #[schema(value_type = Vec<String>)]
    pub features: &'static [&'static str],
    /// 'HH:MM', the camp day.
    pub day_start: String,
    pub day_end: String,
    pub capacity_per_week: i64,
    /// Hours a waiting-list offer holds a place (2 to 336); null is the default (48 h,
    /// shorter as the week nears).
    pub offer_hours: Option<i64>,
}

pub(crate) fn program_dto(p: ProgramRow, lang: Lang) -> ProgramDto {
    ProgramDto {
        name: program_name(&p.id, lang),
        features: features(&p.id),
        min_age: p.min_age,
        max_age: p.max_age,
        weekly_price: dollars(p.weekly_price_cents),
        day_start: p.day_start,
        day_end: p.day_end,
        capacity_per_week: p.capacity_per_week,
        offer_hours: p.offer_hours,
        id: p.id,
    }
}

/// `GET /api/day-camp-programs` (public).
#[utoipa::path(
    get,
    path = "/api/day-camp-programs",
    tag = "day camps",
    responses(
        (status = 200, description = "OK", body = Vec<ProgramDto>)
    )
)]
pub async fn programs(
    State(state): State<AppState>,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<ProgramDto>>, AppError> {
    let rows = state.db.read(|conn| daycamps::list_programs(conn).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(|p| program_dto(p, lang)).collect()))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacesDto {
    pub program_id: String,
    pub capacity: i64,
    pub taken: i64,
    pub remaining: i64,
}

impl From<&Places> for PlacesDto {
    fn from(p: &Places) -> Self {
        PlacesDto { program_id: p.program_id.clone(), capacity: p.capacity, taken: p.taken, remaining: p.remaining() }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekDto {
    pub id: i64,
    /// `week1` to `week6`.
    pub label: String,
    /// 'YYYY-MM-DD' (Monday), in the centre's calendar.
    pub start_date: String,
    /// 'YYYY-MM-DD' (Friday).
    pub end_date: String,
    /// False once the week has started: registration is closed.
    pub open: bool,
    /// The requested program's places (with `?programId=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub capacity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub remaining: Option<i64>,
    /// Every program's places.
    pub places: Vec<PlacesDto>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase", default)]
pub struct WeeksQuery {
    program_id: Option<String>,
}

/// `GET /api/day-camp-weeks[?programId=X]` (public): the weeks in date order, with that
/// program's `capacity` and `remaining` places. An unknown program is 404.
#[utoipa::path(
    get,
    path = "/api/day-camp-weeks",
    tag = "day camps",
    params(WeeksQuery),
    responses(
        (status = 200, description = "OK", body = Vec<WeekDto>),
        responses::BadRequest, responses::NotFound
    )
)]
pub async fn weeks(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<WeeksQuery>,
) -> Result<Json<Vec<WeekDto>>, AppError> {
    let today = state.settings.today();
    let program = query.program_id.map(|p| p.trim().to_owned()).filter(|p| !p.is_empty());
    let asked = program.clone();
    let weeks = state.db.read(move |conn| camps::weeks(conn, asked.as_deref())).await?;
    Ok(Json(
        weeks
            .into_iter()
            .map(|(w, places)| {
                let chosen = program.as_deref().and_then(|id| places.iter().find(|p| p.program_id == id));
                WeekDto {
                    id: w.id,
                    label: w.label,
                    start_date: w.start_date.to_string(),
                    end_date: w.end_date.to_string(),
                    open: w.start_date > today,
                    capacity: chosen.map(|p| p.capacity),
                    remaining: chosen.map(Places::remaining),
                    places: places.iter().map(PlacesDto::from).collect(),
                }
            })
            .collect(),
    ))
}

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekRefDto {
    pub id: i64,
    pub label: String,
    pub start_date: String,
    pub end_date: String,
}

impl From<&WeekRow> for WeekRefDto {
    fn from(w: &WeekRow) -> Self {
        WeekRefDto {
            id: w.id,
            label: w.label.clone(),
            start_date: w.start_date.to_string(),
            end_date: w.end_date.to_string(),
        }
    }
}

/// `POST /api/day-camp-registrations`' answer: the registration's `id` and `amountPaid` (dollars;
/// the amount due, under that name though nothing is paid yet), and the Interac follow-up.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisteredDto {
    pub id: i64,
    pub amount_paid: f64,
    pub payment_status: PaymentStatus,
    pub payment_reference: String,
    pub program_id: String,
    pub weeks: Vec<WeekRefDto>,
}

/// `POST /api/day-camp-registrations` (signed in): the child, the parent and the health form, plus
/// `programId` (the program chosen on the page; without it the program that fits the child's age)
/// and `weekIds` (several weeks; `weekId` alone still works). Validated by core; then one BEGIN
/// IMMEDIATE transaction checks every week, the age on each week's first day and the child's other
/// registrations, takes a place in every week or none, writes the registration (payment pending, a
/// unique Interac reference), its `payers` (one or two, for the RL-24 figures; none given, none
/// stored) and the parent's e-mail to the outbox. 201 on success; 409 naming the week when one is
/// full (or already has this child); 422 for the rules.
#[utoipa::path(
    post,
    path = "/api/day-camp-registrations",
    tag = "day camps",
    request_body = DayCampRegistrationBody,
    responses(
        (status = 201, description = "Registered.", body = RegisteredDto),
        responses::Unauthorized, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn register(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<Value>,
) -> Result<(StatusCode, Json<RegisteredDto>), AppError> {
    let (input, program_id) = parse_form(body)?;
    let today = state.settings.today();
    let key = state.sin_key.clone();
    let checked = validate_day_camp_registration(&input, today);
    let payers = crate::cases::registration::payers::check(input.payers.as_deref().unwrap_or_default(), key.as_deref());
    let (form, payers) = match (checked, payers) {
        (Ok(form), Ok(payers)) => (form, payers),
        (form, payers) => {
            let mut errors = form.err().unwrap_or_default();
            errors.extend(payers.err().unwrap_or_default());
            return Err(AppError::Validation(errors));
        }
    };
    let week_ids = form
        .week_ids()
        .iter()
        .map(|w| w.as_str().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| register_error(RegisterError::WeekUnknown, ""))?;
    let child = format!("{} {}", form.child_first_name(), form.child_last_name());
    let user_id = user.id().to_owned();
    let settings = state.settings.clone();
    let now = state.now();
    let (registration, program) = state
        .db
        .write(move |tx| {
            let new = NewRegistration {
                user_id: &user_id,
                program_id: program_id.as_deref(),
                week_ids: &week_ids,
                form: &form,
                lang,
                today,
                now: &utc_text(now),
            };
            camps::register(tx, &new, &child, &payers, key.as_deref(), &settings, now)
        })
        .await?;
    state.mailer.kick();
    Ok((
        StatusCode::CREATED,
        Json(RegisteredDto {
            id: registration.id,
            amount_paid: dollars(registration.amount_cents),
            payment_status: registration.payment_status,
            payment_reference: registration.payment_reference,
            program_id: program.id,
            weeks: registration.weeks.iter().map(WeekRefDto::from).collect(),
        }),
    ))
}

// ---------------------------------------------------------------------------------------------
// The parent's own registrations
// ---------------------------------------------------------------------------------------------

/// A registration as its parent sees it (no medical data: that is for the camp staff).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UserCampRegistrationDto)]
pub struct UserRegistrationDto {
    pub id: i64,
    pub program_id: String,
    pub program_name: String,
    pub child_first_name: String,
    pub child_last_name: String,
    pub child_birth_date: String,
    pub parent_name: String,
    pub parent_email: String,
    pub weeks: Vec<WeekRefDto>,
    /// Dollars: the amount due, under that name whether paid or not.
    pub amount_paid: f64,
    /// 'pending' or 'paid'.
    pub payment_status: PaymentStatus,
    pub payment_reference: String,
    /// Where to send the Interac e-Transfer.
    pub interac_email: String,
    pub created_at: String,
}

fn user_dto(r: RegistrationRow, lang: Lang, interac_email: &str) -> UserRegistrationDto {
    UserRegistrationDto {
        id: r.id,
        program_name: program_name(&r.program_id, lang),
        program_id: r.program_id,
        child_first_name: r.child_first_name,
        child_last_name: r.child_last_name,
        child_birth_date: r.child_birth_date.to_string(),
        parent_name: r.parent_name,
        parent_email: r.parent_email,
        weeks: r.weeks.iter().map(WeekRefDto::from).collect(),
        amount_paid: dollars(r.amount_cents),
        payment_status: r.payment_status,
        payment_reference: r.payment_reference,
        interac_email: interac_email.to_owned(),
        created_at: r.created_at,
    }
}

/// `GET /api/user/day-camp-registrations` (signed in): the parent's own, newest first.
#[utoipa::path(
    get,
    path = "/api/user/day-camp-registrations",
    tag = "day camps",
    responses(
        (status = 200, description = "OK", body = Vec<UserRegistrationDto>),
        responses::Unauthorized
    )
)]
pub async fn mine(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
) -> Result<Response, AppError> {
    let user_id = user.id().to_owned();
    let rows = state.db.read(move |conn| daycamps::list_for_user(conn, &user_id).map_err(AppError::from)).await?;
    let interac = &state.settings.interac_email;
    Ok(Json(rows.into_iter().map(|r| user_dto(r, lang, interac)).collect::<Vec<_>>()).into_response())
}

/// `GET /api/user/day-camp-registrations/{id}` (signed in): one of the parent's own (what
/// /checkout checks the query against); someone else's or a missing one is 404.
#[utoipa::path(
    get,
    path = "/api/user/day-camp-registrations/{id}",
    tag = "day camps",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "OK", body = UserRegistrationDto),
        responses::Unauthorized, responses::NotFound
    )
)]
pub async fn mine_one(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    Id(id): Id,
) -> Result<Response, AppError> {
    let user_id = user.id().to_owned();
    let row = state.db.read(move |conn| daycamps::find_for_user(conn, id, &user_id).map_err(AppError::from)).await?;
    let row = row.ok_or_else(AppError::not_found)?;
    Ok(Json(user_dto(row, lang, &state.settings.interac_email)).into_response())
}

// ---------------------------------------------------------------------------------------------
// Admin: the 'Camps de jour' tab
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminWeekDto {
    pub id: i64,
    pub label: String,
    pub start_date: String,
    pub end_date: String,
    pub places: Vec<PlacesDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOverviewDto {
    pub programs: Vec<ProgramDto>,
    pub weeks: Vec<AdminWeekDto>,
}

/// `GET /api/admin/day-camps` (admin): programs, and every week with places taken per program.
#[utoipa::path(
    get,
    path = "/api/admin/day-camps",
    tag = "day camps",
    responses(
        (status = 200, description = "OK", body = AdminOverviewDto),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn admin_overview(
    State(state): State<AppState>,
    _admin: Admin,
    ReqLang(lang): ReqLang,
) -> Result<Response, AppError> {
    let (programs, weeks) = state.db.read(camps::overview).await?;
    Ok(Json(AdminOverviewDto {
        programs: programs.into_iter().map(|p| program_dto(p, lang)).collect(),
        weeks: weeks
            .into_iter()
            .map(|(w, places)| AdminWeekDto {
                id: w.id,
                label: w.label,
                start_date: w.start_date.to_string(),
                end_date: w.end_date.to_string(),
                places: places.iter().map(PlacesDto::from).collect(),
            })
            .collect(),
    })
    .into_response())
}

/// A child registered in a week, as the camp staff need it. Admins only: it has the medical data.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminChildDto {
    /// The registration's id (for the payment action).
    pub id: i64,
    /// The Interac transfer that paid it, when an admin confirmed one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub paid_by: Option<super::payments::PaidByDto>,
    pub program_id: String,
    pub child_first_name: String,
    pub child_last_name: String,
    pub child_birth_date: String,
    /// On the week's first day.
    pub age: u32,
    pub child_gender: Option<centre_core::validation::Gender>,
    pub can_swim: bool,
    pub medical_conditions: Option<String>,
    pub parent_name: String,
    pub parent_email: String,
    pub parent_phone: String,
    pub emergency_phone: Option<String>,
    /// The fiche santé: allergies, medication, contacts, who may pick the child up. None for a
    /// registration made before the form existed or whose consent was withdrawn.
    pub health_form: Option<HealthFormDto>,
    pub payment_status: PaymentStatus,
    pub payment_reference: String,
    /// Dollars due for the whole registration (every week of it).
    pub amount_paid: f64,
    pub weeks: Vec<WeekRefDto>,
    pub created_at: String,
}

fn admin_child(r: RegistrationRow, week_start: NaiveDate) -> AdminChildDto {
    AdminChildDto {
        id: r.id,
        paid_by: None,
        health_form: None,
        age: age_on(r.child_birth_date, week_start),
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
        payment_status: r.payment_status,
        payment_reference: r.payment_reference,
        amount_paid: dollars(r.amount_cents),
        weeks: r.weeks.iter().map(WeekRefDto::from).collect(),
        created_at: r.created_at,
    }
}

/// `GET /api/admin/day-camp-weeks/{weekId}/registrations` (admin): the week's children,
/// program order then last name.
#[utoipa::path(
    get,
    path = "/api/admin/day-camp-weeks/{weekId}/registrations",
    tag = "day camps",
    params(params::WeekId),
    responses(
        (status = 200, description = "OK", body = Vec<AdminChildDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn admin_week(State(state): State<AppState>, _admin: Admin, Id(week_id): Id) -> Result<Response, AppError> {
    let (week, rows) = state.db.read(move |conn| camps::admin_week(conn, week_id)).await?;
    let children: Vec<AdminChildDto> = rows
        .into_iter()
        .map(|((r, form), paid_by)| AdminChildDto {
            paid_by: paid_by.map(PaidByDto::from),
            health_form: form.map(HealthFormDto::from),
            ..admin_child(r, week.start_date)
        })
        .collect();
    Ok(Json(children).into_response())
}

/// `PUT /api/admin/day-camp-registrations/{id}/payment` (admin), `{"paymentStatus": "paid" |
/// "pending" | "refunded"}` (see `payments::PaymentBody`), as for events. Answers the registration.
#[utoipa::path(
    put,
    path = "/api/admin/day-camp-registrations/{id}/payment",
    tag = "day camps",
    params(params::RegistrationId),
    request_body = super::payments::PaymentBody,
    responses(
        (status = 200, description = "OK", body = UserRegistrationDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn admin_set_payment(
    State(state): State<AppState>,
    _admin: Admin,
    ReqLang(lang): ReqLang,
    Id(id): Id,
    ApiJson(body): ApiJson<super::payments::PaymentBody>,
) -> Result<Response, AppError> {
    let to = body.target()?;
    let (letters, now) = (WaitlistLetters::new(&state.settings), state.now());
    let row = state.db.write(move |tx| payments::set_camp_payment(tx, id, to, &letters.at(now))).await?;
    state.mailer.kick();
    Ok(Json(user_dto(row, lang, &state.settings.interac_email)).into_response())
}

/// `GET /api/admin/day-camp-weeks/{weekId}/registrations.xlsx` (admin): sheet 'Camp de jour',
/// one row per child; its name in Content-Disposition, its row count in `X-Row-Count`. A week
/// without children is 404 `camp_nothing_to_export` and no file.
#[utoipa::path(
    get,
    path = "/api/admin/day-camp-weeks/{weekId}/registrations.xlsx",
    tag = "day camps",
    params(params::WeekId),
    responses(
        (status = 200, description = "The week's children: the workbook, its name in Content-Disposition, its row count in X-Row-Count.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn admin_export(State(state): State<AppState>, _admin: Admin, Id(week_id): Id) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let now = state.now();
    let (name, bytes, count) = state
        .db
        .read(move |conn| {
            let (week, registrations) = camps::week_children(conn, week_id)?;
            let rows = exports::camps::rows(&week, &registrations, tz);
            let (bytes, count) = super::reply::sheet(&rows, "camp_nothing_to_export", |r| {
                exports::camps::workbook(r, &week, exports::local(now, tz))
            })?;
            Ok::<_, AppError>((exports::camps::file_name(&week), bytes, count))
        })
        .await?;
    super::reply::xlsx(&name, bytes, count)
}
