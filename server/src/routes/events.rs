//! Events: the public listing (`GET /api/events`: active events starting today or later in the
//! centre's time zone, soonest first), one event (`GET /api/events/{id}`: 404 when missing, or
//! inactive for anyone but an admin), and the admin's create, edit, delete and full list.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::timefmt::utc_text;
use centre_core::validation::{EventCategory, EventForm, EventInput, dollars, validate_event};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::{Admin, MaybeUser};
use crate::cases;
use crate::cases::registration::events::start_of_today_utc;
use crate::db::events::{self, EventFields, EventFlags, EventRow};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// An event, in camelCase; `price` in dollars.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventDto {
    pub id: i64,
    pub title: String,
    pub title_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub category_id: Option<EventCategory>,
    pub location: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub price: f64,
    pub max_participants: Option<i64>,
    pub current_participants: i64,
    pub is_active: bool,
    pub created_at: String,
    pub requires_payment: bool,
    /// The one event the centre puts forward ('À la une'): the member home's promo card shows
    /// it while it is to come. At most one event is featured.
    pub featured: bool,
    /// Places held by live waiting-list offers: nobody else's (0 in the console's answers).
    pub held_places: i64,
    /// Hours a waiting-list offer holds a place (2 to 336); null is the default (48 h, shorter
    /// as the start nears).
    pub offer_hours: Option<i64>,
}

impl From<EventRow> for EventDto {
    fn from(row: EventRow) -> Self {
        EventDto {
            id: row.id,
            title: row.title,
            title_en: row.title_en,
            description: row.description,
            description_en: row.description_en,
            category_id: row.category_id,
            location: row.location,
            start_date: row.start_date,
            end_date: row.end_date,
            price: dollars(row.price_cents),
            max_participants: row.max_participants,
            current_participants: row.current_participants,
            is_active: row.is_active,
            created_at: row.created_at,
            requires_payment: row.requires_payment,
            featured: row.featured,
            held_places: 0,
            offer_hours: row.offer_hours,
        }
    }
}

/// The events with the places live waiting-list offers hold on each.
fn with_held(rows: Vec<EventRow>, held: &std::collections::HashMap<i64, i64>) -> Vec<EventDto> {
    rows.into_iter()
        .map(|row| {
            let held_places = held.get(&row.id).copied().unwrap_or(0);
            EventDto { held_places, ..EventDto::from(row) }
        })
        .collect()
}

/// `GET /api/events`
#[utoipa::path(
    get,
    path = "/api/events",
    tag = "events",
    responses(
        (status = 200, description = "OK", body = Vec<EventDto>)
    )
)]
pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<EventDto>>, AppError> {
    let from = start_of_today_utc(state.settings.timezone, state.settings.clock.now());
    let (rows, held) = state
        .db
        .read(move |conn| {
            Ok::<_, AppError>((events::list_upcoming(conn, &from)?, crate::db::waitlist::held_by_event(conn)?))
        })
        .await?;
    Ok(Json(with_held(rows, &held)))
}

/// `GET /api/events/{id}`: admins also see inactive events (to edit them).
#[utoipa::path(
    get,
    path = "/api/events/{id}",
    tag = "events",
    params(params::EventId),
    responses(
        (status = 200, description = "OK", body = EventDto),
        responses::NotFound
    )
)]
pub async fn one(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Id(id): Id,
) -> Result<Json<EventDto>, AppError> {
    let admin = user.is_some_and(|u| u.is_admin());
    let (row, held) = state
        .db
        .read(move |conn| {
            let row = events::visible(conn, id, admin)?.ok_or_else(AppError::not_found)?;
            Ok::<_, AppError>((row, crate::db::waitlist::held_by_event(conn)?))
        })
        .await?;
    with_held(vec![row], &held).into_iter().next().map(Json).ok_or_else(AppError::not_found)
}

/// Body of `POST /api/events` and `PUT /api/events/{id}`: the event form, plus the edit
/// dialog's Actif/Inactif switch and the 'À la une' box. `requiresPayment` is accepted and
/// ignored (always false).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventBody {
    #[serde(flatten)]
    input: EventInput,
    #[serde(default)]
    is_active: Option<bool>,
    /// Featured ('À la une'): true unmarks the event featured until then. Optional: false for a
    /// new event, unchanged on an edit.
    #[serde(default)]
    #[schema(default = false)]
    featured: Option<bool>,
}

/// Validates with core (the same rules the form ran in the browser, the category included).
fn event_fields(input: &EventInput) -> Result<EventFields, AppError> {
    let form: EventForm = validate_event(input).map_err(AppError::Validation)?;
    Ok(EventFields {
        title: form.title().as_str().to_owned(),
        title_en: form.title_en().map(|t| t.as_str().to_owned()),
        description: form.description().as_str().to_owned(),
        description_en: form.description_en().map(|t| t.as_str().to_owned()),
        category_id: form.category_id(),
        location: form.location().as_str().to_owned(),
        start_date: utc_text(form.start_date()),
        end_date: form.end_date().map(utc_text),
        // At most Cents::MAX (10,000,000): fits an i64.
        price_cents: i64::try_from(form.price().get()).unwrap_or(i64::MAX),
        max_participants: form.max_participants().map(i64::from),
        requires_payment: form.requires_payment(),
        offer_hours: form.offer_hours().map(i64::from),
    })
}

/// `POST /api/events` (admin): 201 with the created event, active.
#[utoipa::path(
    post,
    path = "/api/events",
    tag = "events",
    request_body = EventBody,
    responses(
        (status = 201, description = "Created.", body = EventDto),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn create(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<EventBody>,
) -> Result<(StatusCode, Json<EventDto>), AppError> {
    let fields = event_fields(&body.input)?;
    let featured = body.featured.unwrap_or(false);
    let now = utc_text(state.now());
    let row = state.db.write(move |tx| events::insert(tx, &fields, featured, &now).map_err(AppError::from)).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// `PUT /api/events/{id}` (admin): the form's fields, `isActive` and `featured`. A maximum below
/// the people already registered is refused (422 on `maxParticipants`).
#[utoipa::path(
    put,
    path = "/api/events/{id}",
    tag = "events",
    params(params::EventId),
    request_body = EventBody,
    responses(
        (status = 200, description = "OK", body = EventDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _admin: Admin,
    Id(id): Id,
    ApiJson(body): ApiJson<EventBody>,
) -> Result<Json<EventDto>, AppError> {
    let fields = event_fields(&body.input)?;
    let flags = EventFlags { is_active: body.is_active, featured: body.featured };
    let now = state.now();
    let letters = WaitlistLetters::new(&state.settings);
    // A raised maximum offers its new places to the waiting list at once.
    let row = state.db.write(move |tx| cases::events::update(tx, id, &fields, flags, &letters.at(now))).await?;
    state.mailer.kick();
    Ok(Json(row.into()))
}

/// `DELETE /api/events/{id}` (admin): the event and, with it, its registrations and tournament.
#[utoipa::path(
    delete,
    path = "/api/events/{id}",
    tag = "events",
    params(params::EventId),
    responses(
        (status = 204, description = "Done."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound
    )
)]
pub async fn delete(State(state): State<AppState>, _admin: Admin, Id(id): Id) -> Result<StatusCode, AppError> {
    let deleted = state.db.write(move |tx| events::delete(tx, id).map_err(AppError::from)).await?;
    if deleted { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}

/// An event in the console's list, with its number of registrations and whether it has a
/// tournament (the Tournois tab opens on today's).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminEventDto {
    #[serde(flatten)]
    event: EventDto,
    registration_count: i64,
    has_tournament: bool,
}

/// `GET /api/admin/events` (admin): every event, active or not, past or not, the latest first.
#[utoipa::path(
    get,
    path = "/api/admin/events",
    tag = "events",
    responses(
        (status = 200, description = "OK", body = Vec<AdminEventDto>),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn admin_list(State(state): State<AppState>, _admin: Admin) -> Result<Json<Vec<AdminEventDto>>, AppError> {
    let rows = state.db.read(|conn| events::list_all_with_counts(conn).map_err(AppError::from)).await?;
    Ok(Json(
        rows.into_iter()
            .map(|(row, registration_count, has_tournament)| AdminEventDto {
                event: row.into(),
                registration_count,
                has_tournament,
            })
            .collect(),
    ))
}
