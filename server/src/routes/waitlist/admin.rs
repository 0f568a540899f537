//! The admin's side: every list with someone in line (rank, since when, offers made and their
//! state), moving someone, offering a place by hand, closing a list.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::Lang;
use centre_core::timefmt::utc_text;
use centre_core::waitlist::{EntryState, ListKind};
use serde::{Deserialize, Serialize};

use super::{OfferDto, label, target_ids};
use crate::app::AppState;
use crate::auth::Admin;
use crate::cases::waitlist::{self, admin::InLine};
use crate::db::waitlist::Target;
use crate::db::waitlist::line;
use crate::emails::waitlist::WaitlistLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// One person in a list, as the console shows them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminEntryDto {
    pub id: i64,
    pub rank: usize,
    pub name: String,
    /// `null` for an account with no address (see `UserDto.email`).
    pub email: Option<String>,
    /// In line since (UTC).
    pub joined_at: String,
    pub state: EntryState,
    pub places: i64,
    /// Every offer made to this entry, the newest first.
    pub offers: Vec<OfferDto>,
}

/// One list: what it is for, its places, and the people in line in rank order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistDto {
    pub kind: ListKind,
    pub event_id: Option<i64>,
    pub program_id: Option<String>,
    pub week_id: Option<i64>,
    pub label: String,
    pub closed: bool,
    pub capacity: Option<i64>,
    pub registered: i64,
    /// Places live offers hold.
    pub held: i64,
    pub entries: Vec<AdminEntryDto>,
}

/// A list as the console shows it, named in `lang`.
fn list_dto(list: waitlist::admin::List, lang: Lang, tz: chrono_tz::Tz) -> WaitlistDto {
    let entries = list
        .entries
        .into_iter()
        .enumerate()
        .map(|(i, InLine { entry, member, offers })| AdminEntryDto {
            id: entry.id,
            rank: i + 1,
            name: [member.first_name, member.last_name].into_iter().flatten().collect::<Vec<_>>().join(" "),
            email: member.email,
            joined_at: entry.joined_at,
            state: entry.state,
            places: entry.places,
            offers: offers.into_iter().map(OfferDto::from).collect(),
        })
        .collect();
    let (event_id, program_id, week_id) = target_ids(&list.target);
    WaitlistDto {
        kind: list.target.kind(),
        event_id,
        program_id,
        week_id,
        label: label(list.what.as_ref(), lang, tz),
        closed: list.closed,
        capacity: list.capacity,
        registered: list.registered,
        held: list.held,
        entries,
    }
}

/// `GET /api/admin/waitlists` (admin): every list with someone in line.
#[utoipa::path(
    get,
    path = "/api/admin/waitlists",
    tag = "waiting lists",
    responses(
        (status = 200, description = "OK", body = Vec<WaitlistDto>),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn lists(
    State(state): State<AppState>,
    _admin: Admin,
    ReqLang(lang): ReqLang,
) -> Result<Json<Vec<WaitlistDto>>, AppError> {
    let tz = state.settings.timezone;
    let lists = state.db.read(move |conn| waitlist::admin::lists(conn, tz)).await?;
    Ok(Json(lists.into_iter().map(|list| list_dto(list, lang, tz)).collect()))
}

/// Body of `PUT /api/admin/waitlist-entries/{id}/rank`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankBody {
    /// 1 = first in line; past the end means last.
    pub rank: i64,
}

/// `PUT /api/admin/waitlist-entries/{id}/rank` (admin): moves someone in line. 204.
#[utoipa::path(
    put,
    path = "/api/admin/waitlist-entries/{id}/rank",
    tag = "waiting lists",
    params(params::WaitlistEntryId),
    request_body = RankBody,
    responses(
        (status = 204, description = "Moved."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn move_entry(
    State(state): State<AppState>,
    _admin: Admin,
    Id(entry_id): Id,
    ApiJson(body): ApiJson<RankBody>,
) -> Result<StatusCode, AppError> {
    let rank = usize::try_from(body.rank)
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| AppError::field("rank", "waitlist_rank_invalid"))?;
    let moved = state.db.write(move |tx| line::move_to(tx, entry_id, rank).map_err(AppError::from)).await?;
    if moved { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}

/// `POST /api/admin/waitlist-entries/{id}/offer` (admin): offers a free place to this person
/// out of turn, with the usual window and e-mail. 201 with the offer; 409 `event_full` when no
/// place is free for them.
#[utoipa::path(
    post,
    path = "/api/admin/waitlist-entries/{id}/offer",
    tag = "waiting lists",
    params(params::WaitlistEntryId),
    responses(
        (status = 201, description = "Offered.", body = OfferDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict
    )
)]
pub async fn offer_by_hand(
    State(state): State<AppState>,
    _admin: Admin,
    Id(entry_id): Id,
) -> Result<(StatusCode, Json<OfferDto>), AppError> {
    let letters = WaitlistLetters::new(&state.settings);
    let now = state.now();
    let offer = state.db.write(move |tx| waitlist::admin::offer_by_hand(tx, entry_id, &letters.at(now))).await?;
    state.mailer.kick();
    Ok((StatusCode::CREATED, Json(offer.into())))
}

/// Body of `POST /api/admin/waitlists/close`: an event, or a program's week.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CloseBody {
    pub event_id: Option<i64>,
    pub program_id: Option<String>,
    pub week_id: Option<i64>,
}

/// `POST /api/admin/waitlists/close` (admin): closes a list. Everyone in line leaves it
/// ('closed'), live offers are withdrawn (their places open to all), nobody joins again. 204.
#[utoipa::path(
    post,
    path = "/api/admin/waitlists/close",
    tag = "waiting lists",
    request_body = CloseBody,
    responses(
        (status = 204, description = "Closed."),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn close(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<CloseBody>,
) -> Result<StatusCode, AppError> {
    let target = match body {
        CloseBody { event_id: Some(id), program_id: None, week_id: None } => Target::Event(id),
        CloseBody { event_id: None, program_id: Some(program_id), week_id: Some(week_id) } => {
            Target::CampWeek { program_id, week_id }
        }
        _ => return Err(AppError::field("eventId", "waitlist_target_invalid")),
    };
    let now = utc_text(state.now());
    let closed = state.db.write(move |tx| line::close(tx, &target, &now).map_err(AppError::from)).await?;
    if closed { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}
