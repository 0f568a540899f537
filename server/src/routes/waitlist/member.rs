//! The member's side: join a full event's or camp week's list, see it, leave it, and answer an
//! offer. Joining asks the one registration function whether the registration would go through
//! now (a dry run, undone): only a full target has a waiting list, and every other refusal
//! (past, already registered, age, the same child twice) is the registration's own answer.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::camps::child_key;
use centre_core::timefmt::utc_text;
use centre_core::validation::{TeamRegistrationInput, validate_day_camp_registration, validate_team_registration};
use serde::Serialize;
use serde_json::Value;

use super::{WaitlistEntryDto, entry_dto};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::daycamps::{self, NewRegistration, RegisterError as CampRefusal};
use crate::db::event_registrations::{self, RegisterError, Registrant, people_of};
use crate::db::waitlist::line::{self, Join, JoinError};
use crate::db::waitlist::offers::{self, AnswerError};
use crate::db::waitlist::{Target, find_entry};
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::registration;
use crate::routes::daycamps as camp_routes;
use crate::routes::events::start_of_today_utc;
use crate::routes::params::{self, Id};

fn join_error(e: JoinError) -> AppError {
    match e {
        JoinError::Already => AppError::conflict("waitlist_already"),
        JoinError::Closed => AppError::conflict("waitlist_closed"),
        JoinError::Db(e) => e.into(),
    }
}

fn answer_error(e: AnswerError) -> AppError {
    match e {
        AnswerError::NotFound => AppError::not_found(),
        AnswerError::Refused(r) => AppError::conflict(r.code()),
        AnswerError::Db(e) => e.into(),
    }
}

/// What a registration's dry run says of the place: full when it was refused for want of room
/// (`no_room`), open when it would go through, or the registration's own refusal (`refused`).
fn is_full<E>(
    would: Result<(), E>,
    no_room: impl FnOnce(&E) -> bool,
    refused: impl FnOnce(E) -> AppError,
) -> Result<bool, AppError> {
    match would {
        Ok(()) => Ok(false),
        Err(e) if no_room(&e) => Ok(true),
        Err(e) => Err(refused(e)),
    }
}

/// Joins the line of a full place (409 `waitlist_not_full` otherwise): the entry and its rank.
fn join_if_full(
    tx: &rusqlite::Connection,
    full: bool,
    join: &Join<'_>,
    tz: chrono_tz::Tz,
    lang: centre_core::Lang,
) -> Result<WaitlistEntryDto, AppError> {
    if !full {
        return Err(AppError::conflict("waitlist_not_full"));
    }
    let entry = line::join(tx, join).map_err(join_error)?;
    Ok(entry_dto(tx, entry, tz, lang)?)
}

fn json_text(value: &impl Serialize) -> Result<String, AppError> {
    crate::db::json_text(value).map_err(AppError::from)
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
    let now = state.now();
    let today_start = start_of_today_utc(state.settings.timezone, now);
    let tz = state.settings.timezone;
    let user_id = user.id().to_owned();
    let entry = state
        .db
        .write(move |tx| {
            let now = utc_text(now);
            let who = Registrant { user_id: &user_id, lang, now: &now, today_start: &today_start };
            let would = line::dry_run(tx, |c| event_registrations::register_team(c, event_id, &team, &who).map(|_| ()));
            let no_room = |e: &RegisterError| matches!(e, RegisterError::Full | RegisterError::HeldByOffer);
            let full = is_full(would, no_room, registration::events::register_error)?;
            let join = Join {
                target: &Target::Event(event_id),
                user_id: &user_id,
                child_key: None,
                places: people_of(&team),
                form: Some(&form),
                lang,
                now: &now,
            };
            join_if_full(tx, full, &join, tz, lang)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(entry)))
}

/// `POST /api/day-camp-waitlist` (signed in): the day-camp registration form for one full week
/// (`weekId`) of one program (`programId`, required here). 201 with the entry and its rank;
/// 409 `waitlist_not_full` when the child could register now.
#[utoipa::path(
    post,
    path = "/api/day-camp-waitlist",
    tag = "waiting lists",
    request_body = camp_routes::DayCampRegistrationBody,
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
    let (input, program_id) = camp_routes::parse_body(body)?;
    let today = state.settings.today();
    let form = validate_day_camp_registration(&input, today).map_err(AppError::Validation)?;
    let program_id = program_id.ok_or_else(|| registration::camps::register_error(CampRefusal::ProgramUnknown, ""))?;
    // One entry per child and week: the first week named.
    let week_id = form
        .week_ids()
        .first()
        .and_then(|w| w.as_str().parse::<i64>().ok())
        .ok_or_else(|| registration::camps::register_error(CampRefusal::WeekUnknown, ""))?;
    let child = format!("{} {}", form.child_first_name(), form.child_last_name());
    let key = child_key(form.child_first_name().as_str(), form.child_last_name().as_str(), form.child_birth_date());
    let mut stored = input.clone();
    stored.week_id = Some(week_id.to_string());
    stored.week_ids = None;
    let mut stored =
        serde_json::to_value(&stored).map_err(|e| AppError::from(rusqlite::Error::ToSqlConversionFailure(e.into())))?;
    if let Some(object) = stored.as_object_mut() {
        object.insert("programId".into(), Value::String(program_id.clone()));
    }
    let stored = json_text(&stored)?;
    let now = state.now();
    let tz = state.settings.timezone;
    let user_id = user.id().to_owned();
    let entry = state
        .db
        .write(move |tx| {
            let now = utc_text(now);
            let weeks = [week_id];
            let new = NewRegistration {
                user_id: &user_id,
                program_id: Some(&program_id),
                week_ids: &weeks,
                form: &form,
                lang,
                today,
                now: &now,
            };
            let would = line::dry_run(tx, |c| daycamps::register(c, &new).map(|_| ()));
            let no_room = |e: &CampRefusal| matches!(e, CampRefusal::Full(_) | CampRefusal::HeldByOffer(_));
            let full = is_full(would, no_room, |e| registration::camps::register_error(e, &child))?;
            let join = Join {
                target: &Target::CampWeek { program_id: program_id.clone(), week_id },
                user_id: &user_id,
                child_key: Some(&key),
                places: 1,
                form: Some(&stored),
                lang,
                now: &now,
            };
            join_if_full(tx, full, &join, tz, lang)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(entry)))
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
        .ok_or_else(|| AppError::Validation(vec![centre_core::FieldError::new("startTime", "date_invalid")]))?;
    let now = state.settings.clock.now();
    if start <= now {
        return Err(AppError::conflict("date_in_past"));
    }
    let start = utc_text(start);
    let tz = state.settings.timezone;
    let user_id = user.id().to_owned();
    let court_id = body.court_id;
    let entry = state
        .db
        .write(move |tx| {
            let full = line::slot_is_booked(tx, court_id, &start)?;
            let join = Join {
                target: &Target::CourtSlot { court_id, start: start.clone() },
                user_id: &user_id,
                child_key: None,
                places: 1,
                form: None,
                lang,
                now: &utc_text(now),
            };
            join_if_full(tx, full, &join, tz, lang)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(entry)))
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
    let entries = state
        .db
        .read(move |conn| {
            let mut out = Vec::new();
            for entry in line::mine(conn, &user_id)? {
                out.push(entry_dto(conn, entry, tz, lang)?);
            }
            Ok::<_, AppError>(out)
        })
        .await?;
    Ok(Json(entries))
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
    let entry = state
        .db
        .read(move |conn| {
            let offer = offers::find(conn, offer_id)?.ok_or_else(AppError::not_found)?;
            let entry =
                find_entry(conn, offer.entry_id)?.filter(|e| e.user_id == user_id).ok_or_else(AppError::not_found)?;
            let mut dto = entry_dto(conn, entry, tz, lang)?;
            dto.offer = Some(offer.into());
            Ok::<_, AppError>(dto)
        })
        .await?;
    Ok(Json(entry))
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
    let today_start = start_of_today_utc(state.settings.timezone, now);
    let today = state.settings.today();
    let settings = state.settings.clone();
    let account = user.user().clone();
    let accepted = state
        .db
        .write(move |tx| {
            let now_text = utc_text(now);
            let entry = offers::accept(tx, offer_id, &account.id, &now_text).map_err(answer_error)?;
            let lang = entry.lang;
            let form: Value = entry
                .form
                .as_deref()
                .and_then(|f| serde_json::from_str(f).ok())
                .ok_or_else(|| AppError::conflict("offer_not_live"))?;
            let accepted = match &entry.target {
                Target::Event(event_id) => {
                    let input: TeamRegistrationInput =
                        serde_json::from_value(form).map_err(|_| AppError::conflict("offer_not_live"))?;
                    let team = validate_team_registration(&input).map_err(AppError::Validation)?;
                    let who = Registrant { user_id: &account.id, lang, now: &now_text, today_start: &today_start };
                    let registration = registration::events::register_and_mail(
                        tx, *event_id, &team, &who, &account, lang, &settings, now,
                    )?;
                    AcceptedDto {
                        registration_id: registration.id,
                        checkout: format!("/checkout?type=event&id={}", registration.id),
                    }
                }
                Target::CampWeek { program_id, week_id } => {
                    let (input, _) = camp_routes::parse_body(form)?;
                    let form = validate_day_camp_registration(&input, today).map_err(AppError::Validation)?;
                    let child = format!("{} {}", form.child_first_name(), form.child_last_name());
                    let weeks = [*week_id];
                    let new = NewRegistration {
                        user_id: &account.id,
                        program_id: Some(program_id),
                        week_ids: &weeks,
                        form: &form,
                        lang,
                        today,
                        now: &now_text,
                    };
                    let (registration, _) =
                        registration::camps::register_and_mail(tx, &new, &child, &settings, lang, now)?;
                    AcceptedDto {
                        registration_id: registration.id,
                        checkout: format!(
                            "/checkout?type=daycamp&id={}&amount={}",
                            registration.id,
                            centre_core::validation::dollars(registration.amount_cents)
                        ),
                    }
                }
                Target::CourtSlot { .. } => return Err(AppError::conflict("offer_not_live")),
            };
            offers::registered(tx, entry.id, accepted.registration_id)?;
            Ok::<_, AppError>(accepted)
        })
        .await?;
    state.mailer.kick();
    Ok((StatusCode::CREATED, Json(accepted)))
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
    state.db.write(move |tx| offers::decline(tx, offer_id, &user_id, &letters.at(now)).map_err(answer_error)).await?;
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
    let moment = state.now();
    state
        .db
        .write(move |tx| {
            let entry = line::leave(tx, entry_id, &user_id, &utc_text(moment))?.ok_or_else(AppError::not_found)?;
            offers::refill(tx, &entry.target, &letters.at(moment))?;
            Ok::<_, AppError>(())
        })
        .await?;
    state.mailer.kick();
    Ok(StatusCode::NO_CONTENT)
}
