//! The member's side: join a full event's or camp week's list, see it, leave it, and answer an
//! offer. Joining asks the one registration function whether the registration would go through
//! now (a dry run, undone): only a full target has a waiting list, and every other refusal
//! (past, already registered, age, the same child twice) is the registration's own answer.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::Lang;
use centre_core::camps::child_key;
use centre_core::timefmt::utc_text;
use centre_core::validation::{TeamRegistrationInput, validate_day_camp_registration, validate_team_registration};
use serde::Serialize;
use serde_json::Value;

use super::{WaitlistEntryDto, entry_dto};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::cases::registration;
use crate::cases::registration::camps::{DayCampRegistrationBody, parse_form};
use crate::cases::waitlist::answers::{self, Accepted};
use crate::cases::waitlist::member::{self, CampChild, Member};
use crate::db::daycamps::RegisterError as CampRefusal;
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// The camp form an entry keeps, to register it when a place is offered: one week, its program named.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KeptForm<'a> {
    #[serde(flatten)]
    input: &'a centre_core::validation::DayCampRegistrationInput,
    program_id: &'a str,
}

fn json_text(value: &impl Serialize) -> Result<String, AppError> {
    crate::db::json_text(value).map_err(AppError::from)
}

/// The member who asks, in the request's language, now.
fn member(state: &AppState, user: &CurrentUser, lang: Lang) -> Member {
    Member { user_id: user.id().to_owned(), lang, now: state.now(), tz: state.settings.timezone }
}

/// `POST /api/events/{id}/waitlist` (signed in): the team registration form, for a full event.
/// 201 with the entry and its rank; 409 `waitlist_not_full` when the team could register now.
#[utoipa::path(
    post,
    path = "/api/events/{id}/waitlist",
    tag = "waiting lists",
    params(params::EventId),
    request_body = TeamRegistrationInput,
    responses(
        (status = 201, description = "In line.", body = WaitlistEntryDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn join_event(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    Id(event_id): Id,
    ApiJson(input): ApiJson<TeamRegistrationInput>,
) -> Result<(StatusCode, Json<WaitlistEntryDto>), AppError> {
    let team = validate_team_registration(&input).map_err(AppError::Validation)?;
    let form = json_text(&input)?;
    let who = member(&state, &user, lang);
    let tz = who.tz;
    let entry = state.db.write(move |tx| member::join_event(tx, event_id, &team, &form, &who)).await?;
    Ok((StatusCode::CREATED, Json(entry_dto(entry, tz, lang))))
}

/// `POST /api/day-camp-waitlist` (signed in): the day-camp registration form for one full week
/// (`weekId`) of one program (`programId`, required here). 201 with the entry and its rank;
/// 409 `waitlist_not_full` when the child could register now.
#[utoipa::path(
    post,
    path = "/api/day-camp-waitlist",
    tag = "waiting lists",
    request_body = DayCampRegistrationBody,
    responses(
        (status = 201, description = "In line.", body = WaitlistEntryDto),
        responses::Unauthorized, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn join_camp(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<Value>,
) -> Result<(StatusCode, Json<WaitlistEntryDto>), AppError> {
    let (input, program_id) = parse_form(body)?;
    let who = member(&state, &user, lang);
    let tz = who.tz;
    let form = validate_day_camp_registration(&input, state.today()).map_err(AppError::Validation)?;
    let program_id = program_id.ok_or_else(|| registration::camps::register_error(CampRefusal::ProgramUnknown, ""))?;
    // One entry per child and week: the first week named.
    let week_id = form
        .week_ids()
        .first()
        .and_then(|w| w.as_str().parse::<i64>().ok())
        .ok_or_else(|| registration::camps::register_error(CampRefusal::WeekUnknown, ""))?;
    let name = format!("{} {}", form.child_first_name(), form.child_last_name());
    let key = child_key(form.child_first_name().as_str(), form.child_last_name().as_str(), form.child_birth_date());
    let mut kept = input.clone();
    kept.week_id = Some(week_id.to_string());
    kept.week_ids = None;
    let stored = json_text(&KeptForm { input: &kept, program_id: &program_id })?;
    let entry = state
        .db
        .write(move |tx| {
            let child = CampChild { form: &form, stored: &stored, name: &name, key: &key };
            member::join_camp(tx, &program_id, week_id, &child, &who)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(entry_dto(entry, tz, lang))))
}

/// Body of `POST /api/courts/waitlist`: the taken slot.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotBody {
    pub court_id: i64,
    /// The slot's start, as the availability answers it (UTC).
    pub start_time: String,
}

/// `POST /api/courts/waitlist` (signed in): waits for a taken court slot. When its booking is
/// cancelled, everyone waiting is e-mailed at once and the first to book it wins. 201 with the
/// entry; 409 `waitlist_not_full` when the slot is free, `date_in_past` once it has started.
#[utoipa::path(
    post,
    path = "/api/courts/waitlist",
    tag = "waiting lists",
    request_body = SlotBody,
    responses(
        (status = 201, description = "In line.", body = WaitlistEntryDto),
        responses::Unauthorized, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn join_slot(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<SlotBody>,
) -> Result<(StatusCode, Json<WaitlistEntryDto>), AppError> {
    let start = centre_core::validation::parse_date_time(&body.start_time)
        .ok_or_else(|| AppError::field("startTime", "date_invalid"))?;
    let who = member(&state, &user, lang);
    if start <= who.now {
        return Err(AppError::conflict("date_in_past"));
    }
    let (start, tz, court_id) = (utc_text(start), who.tz, body.court_id);
    let entry = state.db.write(move |tx| member::join_slot(tx, court_id, &start, &who)).await?;
    Ok((StatusCode::CREATED, Json(entry_dto(entry, tz, lang))))
}

/// `GET /api/user/waitlist` (signed in): the member's entries still in line, each with its rank
/// and its newest offer (a live one shows until when it holds the place).
#[utoipa::path(
    get,
    path = "/api/user/waitlist",
    tag = "waiting lists",
    responses((status = 200, description = "OK", body = Vec<WaitlistEntryDto>), responses::Unauthorized)
)]
pub async fn mine(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<WaitlistEntryDto>>, AppError> {
    let user_id = user.id().to_owned();
    let tz = state.settings.timezone;
    let entries = state.db.read(move |conn| member::mine(conn, &user_id, tz)).await?;
    Ok(Json(entries.into_iter().map(|entry| entry_dto(entry, tz, lang)).collect()))
}

/// `GET /api/user/waitlist/offers/{id}` (signed in, the member's own): the offer's entry, for
/// the acceptance page the offer's e-mail links to.
#[utoipa::path(
    get,
    path = "/api/user/waitlist/offers/{id}",
    tag = "waiting lists",
    params(params::OfferId),
    responses((status = 200, description = "OK", body = WaitlistEntryDto), responses::Unauthorized, responses::NotFound)
)]
pub async fn offer(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    Id(offer_id): Id,
) -> Result<Json<WaitlistEntryDto>, AppError> {
    let user_id = user.id().to_owned();
    let tz = state.settings.timezone;
    let entry = state.db.read(move |conn| answers::offer(conn, offer_id, &user_id, tz)).await?;
    Ok(Json(entry_dto(entry, tz, lang)))
}

/// What accepting an offer made: the registration, and where to pay it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptedDto {
    pub registration_id: i64,
    /// The checkout page of the registration, as after a direct registration.
    pub checkout: String,
}

/// `POST /api/user/waitlist/offers/{id}/accept` (signed in, the member's own live offer): the
/// offer ends, and the form the member joined with is registered by the one registration path
/// (Interac reference, amount, e-mail, payment deadline), in one transaction. 201 with the
/// registration and its checkout page; 409 `offer_not_live` once declined, expired or taken.
#[utoipa::path(
    post,
    path = "/api/user/waitlist/offers/{id}/accept",
    tag = "waiting lists",
    params(params::OfferId),
    responses(
        (status = 201, description = "Registered.", body = AcceptedDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn accept(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(offer_id): Id,
) -> Result<(StatusCode, Json<AcceptedDto>), AppError> {
    let now = state.now();
    let settings = state.settings.clone();
    let account = user.user().clone();
    let accepted = state.db.write(move |tx| answers::accept(tx, offer_id, &account, &settings, now)).await?;
    state.mailer.kick();
    let dto = match accepted {
        Accepted::Event(registration) => AcceptedDto {
            registration_id: registration.id,
            checkout: format!("/checkout?type=event&id={}", registration.id),
        },
        Accepted::Camp(registration) => AcceptedDto {
            registration_id: registration.id,
            checkout: format!(
                "/checkout?type=daycamp&id={}&amount={}",
                registration.id,
                centre_core::validation::dollars(registration.amount_cents)
            ),
        },
    };
    Ok((StatusCode::CREATED, Json(dto)))
}

/// `POST /api/user/waitlist/offers/{id}/decline` (signed in, the member's own live offer): the
/// entry ends and the place goes to the next in line at once. 204.
#[utoipa::path(
    post,
    path = "/api/user/waitlist/offers/{id}/decline",
    tag = "waiting lists",
    params(params::OfferId),
    responses(
        (status = 204, description = "Declined; offered to the next."),
        responses::Unauthorized, responses::NotFound, responses::Conflict
    )
)]
pub async fn decline(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(offer_id): Id,
) -> Result<StatusCode, AppError> {
    let user_id = user.id().to_owned();
    let letters = WaitlistLetters::new(&state.settings);
    let now = state.now();
    state.db.write(move |tx| answers::decline(tx, offer_id, &user_id, &letters.at(now))).await?;
    state.mailer.kick();
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/user/waitlist/{id}` (signed in, the member's own entry): leaves the list; a live
/// offer it held goes to the next in line. Nobody's rank is renumbered. 204.
#[utoipa::path(
    delete,
    path = "/api/user/waitlist/{id}",
    tag = "waiting lists",
    params(params::WaitlistEntryId),
    responses((status = 204, description = "Left."), responses::Unauthorized, responses::NotFound)
)]
pub async fn leave(State(state): State<AppState>, user: CurrentUser, Id(entry_id): Id) -> Result<StatusCode, AppError> {
    let user_id = user.id().to_owned();
    let letters = WaitlistLetters::new(&state.settings);
    let now = state.now();
    state.db.write(move |tx| answers::leave(tx, entry_id, &user_id, &letters.at(now))).await?;
    state.mailer.kick();
    Ok(StatusCode::NO_CONTENT)
}
