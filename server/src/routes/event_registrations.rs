//! Team registration (`POST /api/events/{id}/register`), the member's own registrations, and
//! the admin's registrations panel: list, delete, payment follow-up and the xlsx export.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::timefmt::utc_text;
use centre_core::validation::{TeamRegistrationInput, dollars, validate_team_registration};
use serde::Serialize;

use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::{Admin, CurrentUser};
use crate::cases::registration::events::register_and_mail;
use crate::cases::registration::events::start_of_today_utc;
use crate::cases::{self, payments};
use crate::db::event_registrations::{self, Person, Registrant, RegistrationRow};
use crate::db::events::{self, EventRow};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::exports;
use crate::openapi::responses;
use crate::routes::payments::PaidByDto;

/// A registration as the console reads it, plus the Interac follow-up:
/// `paymentReference`, `amountDue` (dollars) and `peopleCount`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistrationDto {
    pub id: i64,
    pub event_id: i64,
    /// 'team' or 'individual'.
    pub kind: centre_core::registration::RegistrationKind,
    pub team_name: Option<String>,
    pub team_number: Option<i64>,
    pub captain_first_name: Option<String>,
    pub captain_last_name: Option<String>,
    pub captain_email: Option<String>,
    pub member2_first_name: Option<String>,
    pub member2_last_name: Option<String>,
    pub member2_email: Option<String>,
    pub member3_first_name: Option<String>,
    pub member3_last_name: Option<String>,
    pub member3_email: Option<String>,
    pub member4_first_name: Option<String>,
    pub member4_last_name: Option<String>,
    pub member4_email: Option<String>,
    pub member5_first_name: Option<String>,
    pub member5_last_name: Option<String>,
    pub member5_email: Option<String>,
    pub member6_first_name: Option<String>,
    pub member6_last_name: Option<String>,
    pub member6_email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub notes: Option<String>,
    pub people_count: i64,
    pub status: centre_core::registration::RegistrationStatus,
    pub payment_status: centre_core::payments::PaymentStatus,
    pub payment_reference: String,
    pub amount_due: f64,
    pub created_at: String,
    /// The Interac transfer that paid it, when an admin confirmed one (console only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub paid_by: Option<super::payments::PaidByDto>,
}

impl From<RegistrationRow> for RegistrationDto {
    fn from(r: RegistrationRow) -> Self {
        let [m2, m3, m4, m5, m6] = r.members;
        let Person { first_name: captain_first_name, last_name: captain_last_name, email: captain_email } = r.captain;
        RegistrationDto {
            id: r.id,
            event_id: r.event_id,
            kind: r.kind,
            team_name: r.team_name,
            team_number: r.team_number,
            captain_first_name,
            captain_last_name,
            captain_email,
            member2_first_name: m2.first_name,
            member2_last_name: m2.last_name,
            member2_email: m2.email,
            member3_first_name: m3.first_name,
            member3_last_name: m3.last_name,
            member3_email: m3.email,
            member4_first_name: m4.first_name,
            member4_last_name: m4.last_name,
            member4_email: m4.email,
            member5_first_name: m5.first_name,
            member5_last_name: m5.last_name,
            member5_email: m5.email,
            member6_first_name: m6.first_name,
            member6_last_name: m6.last_name,
            member6_email: m6.email,
            first_name: r.individual.first_name,
            last_name: r.individual.last_name,
            email: r.individual.email,
            phone: r.phone,
            notes: r.notes,
            people_count: r.people_count,
            status: r.status,
            payment_status: r.payment_status,
            payment_reference: r.payment_reference,
            amount_due: dollars(r.amount_due_cents),
            created_at: r.created_at,
            paid_by: None,
        }
    }
}

/// The member's view of one of their registrations: the registration with its event.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UserEventRegistrationDto)]
pub struct UserRegistrationDto {
    #[serde(flatten)]
    registration: RegistrationDto,
    event_title: String,
    event_title_en: Option<String>,
    event_start_date: String,
    event_end_date: Option<String>,
    event_location: String,
    registration_date: String,
    /// The event started before today (centre time zone): shown under 'Événements passés'.
    is_past: bool,
}

/// `POST /api/events/{id}/register` (signed in): 201 with the registration. Validated by core
/// again here; the checks (active, not past, not already registered, room for the whole team),
/// the write, the participants recount and the e-mail to the outbox are one BEGIN IMMEDIATE
/// transaction. The e-mail leaves after the commit; its failure never undoes the registration.
#[utoipa::path(
    post,
    path = "/api/events/{id}/register",
    tag = "event registrations",
    params(params::EventId),
    request_body = TeamRegistrationInput,
    responses(
        (status = 201, description = "Registered.", body = RegistrationDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn register(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    Id(event_id): Id,
    ApiJson(input): ApiJson<TeamRegistrationInput>,
) -> Result<(StatusCode, Json<RegistrationDto>), AppError> {
    let team = validate_team_registration(&input).map_err(AppError::Validation)?;
    let now = state.now();
    let today_start = start_of_today_utc(state.settings.timezone, now);
    let settings = state.settings.clone();
    let account = user.user().clone();
    let registration = state
        .db
        .write(move |tx| {
            let who = Registrant { user_id: &account.id, lang, now: &utc_text(now), today_start: &today_start };
            register_and_mail(tx, event_id, &team, &who, &account, lang, &settings, now)
        })
        .await?;
    state.mailer.kick();
    Ok((StatusCode::CREATED, Json(registration.into())))
}

/// `GET /api/user/event-registrations` and `GET /api/user/registrations` (signed in): the
/// member's own registrations only, the soonest event first.
#[utoipa::path(
    get,
    path = "/api/user/event-registrations",
    tag = "event registrations",
    responses(
        (status = 200, description = "OK", body = Vec<UserRegistrationDto>),
        responses::Unauthorized
    )
)]
pub async fn mine(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Vec<UserRegistrationDto>>, AppError> {
    let user_id = user.id().to_owned();
    let today_start = start_of_today_utc(state.settings.timezone, state.now());
    let rows =
        state.db.read(move |conn| event_registrations::list_for_user(conn, &user_id).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(|(registration, event)| user_view(registration, event, &today_start)).collect()))
}

/// `GET /api/user/registrations` (signed in): the same list, under the name the member's home uses.
#[utoipa::path(
    get,
    path = "/api/user/registrations",
    tag = "event registrations",
    responses(
        (status = 200, description = "OK", body = Vec<UserRegistrationDto>),
        responses::Unauthorized
    )
)]
pub async fn mine_for_home(
    state: State<AppState>,
    user: CurrentUser,
) -> Result<Json<Vec<UserRegistrationDto>>, AppError> {
    mine(state, user).await
}

fn user_view(registration: RegistrationRow, event: EventRow, today_start: &str) -> UserRegistrationDto {
    UserRegistrationDto {
        registration_date: registration.created_at.clone(),
        is_past: event.start_date.as_str() < today_start,
        registration: registration.into(),
        event_title: event.title,
        event_title_en: event.title_en,
        event_start_date: event.start_date,
        event_end_date: event.end_date,
        event_location: event.location,
    }
}

/// `GET /api/admin/events/{id}/registrations` (admin).
#[utoipa::path(
    get,
    path = "/api/admin/events/{id}/registrations",
    tag = "event registrations",
    params(params::EventId),
    responses(
        (status = 200, description = "OK", body = Vec<RegistrationDto>),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn for_event(State(state): State<AppState>, _admin: Admin, Id(event_id): Id) -> Result<Response, AppError> {
    let rows = state.db.read(move |conn| cases::events::registrations(conn, event_id)).await?;
    let rows: Vec<RegistrationDto> = rows
        .into_iter()
        .map(|(row, paid_by)| RegistrationDto { paid_by: paid_by.map(PaidByDto::from), ..row.into() })
        .collect();
    Ok(Json(rows).into_response())
}

/// `DELETE /api/admin/event-registrations/{id}` (admin): the event's participants are recounted
/// in the same transaction.
#[utoipa::path(
    delete,
    path = "/api/admin/event-registrations/{id}",
    tag = "event registrations",
    params(params::RegistrationId),
    responses(
        (status = 204, description = "Done."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn delete(State(state): State<AppState>, admin: Admin, Id(id): Id) -> Result<StatusCode, AppError> {
    let user = admin.0.id().to_owned();
    let moment = state.now();
    let letters = WaitlistLetters::new(&state.settings);
    // The freed places go to the waiting list in the same transaction.
    let deleted =
        state.db.write(move |tx| cases::events::delete_registration(tx, id, &user, &letters.at(moment))).await?;
    state.mailer.kick();
    let (_, changed) = deleted.ok_or_else(AppError::not_found)?;
    if let Some(c) = changed {
        state.live.tournament_changed(c.event_id);
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `PUT /api/admin/event-registrations/{id}/payment` (admin), `{"paymentStatus": "paid" | "pending" | "refunded"}`:
/// the Interac follow-up. Answers the updated registration.
#[utoipa::path(
    put,
    path = "/api/admin/event-registrations/{id}/payment",
    tag = "event registrations",
    params(params::RegistrationId),
    request_body = super::payments::PaymentBody,
    responses(
        (status = 200, description = "OK", body = RegistrationDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn set_payment(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<super::payments::PaymentBody>,
) -> Result<Json<RegistrationDto>, AppError> {
    let to = body.target()?;
    let (letters, now) = (WaitlistLetters::new(&state.settings), state.now());
    let row = state.db.write(move |tx| payments::set_event_payment(tx, id, to, &letters.at(now))).await?;
    state.mailer.kick();
    Ok(Json(row.into()))
}

/// `GET /api/admin/events/{id}/registrations.xlsx` (admin): the workbook, its name in
/// Content-Disposition and its number of person rows in `X-Row-Count`. No registrations: 404
/// `nothing_to_export` ('Aucune inscription à exporter pour cet événement') and no file.
#[utoipa::path(
    get,
    path = "/api/admin/events/{id}/registrations.xlsx",
    tag = "event registrations",
    params(params::EventId),
    responses(
        (status = 200, description = "The event's registrations: the workbook, its name in Content-Disposition, its row count in X-Row-Count.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn export(State(state): State<AppState>, _admin: Admin, Id(event_id): Id) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let now = state.now();
    let today = now.with_timezone(&tz).date_naive();
    let (name, bytes, count) = state
        .db
        .read(move |conn| {
            let event = events::find(conn, event_id)?.ok_or_else(AppError::not_found)?;
            let registrations = event_registrations::list_for_event(conn, event_id)?;
            let rows = exports::events::rows(&event.title, &registrations, tz);
            let (bytes, count) = super::reply::sheet(&rows, "nothing_to_export", |r| {
                exports::events::workbook(r, &event.title, exports::local(now, tz))
            })?;
            Ok::<_, AppError>((exports::events::file_name(&event.title, today), bytes, count))
        })
        .await?;
    super::reply::xlsx(&name, bytes, count)
}
