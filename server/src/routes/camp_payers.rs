//! Who pays a day-camp registration, for the RL-24 figures: given with the registration
//! (`payers` in its body) and read or changed by the parent from /my-registrations until 31
//! January of the year after the camp (core's `rl24::payers_editable`). The social insurance
//! number is sealed before it is written (`secret.rs`) and every answer shows it masked
//! (`*** *** 123`); the admin's printed RL-24 statement is the one place it is shown whole.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{PayerInput, mask_sin};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::camp_health::parent;
use super::params::{self, Id};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::cases::my_camp::{self, Mine, Payers};
use crate::cases::registration::payers::check;
use crate::db::camp_payers::PayerRow;
use crate::error::{ApiJson, AppError};
use crate::openapi::responses;

/// A payer as every answer shows it: the number masked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayerDto {
    pub name: String,
    /// None once anonymised, as are the other parts of the address.
    pub street: Option<String>,
    pub city: Option<String>,
    pub province: Option<String>,
    pub postal_code: Option<String>,
    /// Whole percent.
    pub share: i64,
    /// `*** *** 123`, or none when no number was given.
    pub sin_masked: Option<String>,
}

impl From<PayerRow> for PayerDto {
    fn from(p: PayerRow) -> Self {
        PayerDto {
            name: p.name,
            street: p.street,
            city: p.city,
            province: p.province,
            postal_code: p.postal_code,
            share: p.share_percent,
            sin_masked: p.sin_last3.as_deref().map(mask_sin),
        }
    }
}

/// The payers of one of the parent's registrations, and until when they may change them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyPayersDto {
    pub registration_id: i64,
    pub payers: Vec<PayerDto>,
    pub editable: bool,
    /// 'YYYY-MM-DD': 31 January after the last week.
    pub editable_until: Option<String>,
}

/// Body of the parent's change: the payers again (a number left blank keeps the one stored for
/// the same payer); `forgetSins` erases every stored number.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayersUpdateInput {
    pub payers: Vec<PayerInput>,
    pub forget_sins: Option<bool>,
}

impl From<Mine<Payers>> for MyPayersDto {
    fn from(m: Mine<Payers>) -> Self {
        let last_day = m.registration.weeks.iter().map(|w| w.end_date).max();
        let until = last_day.and_then(|d| NaiveDate::from_ymd_opt(chrono::Datelike::year(&d) + 1, 1, 31));
        MyPayersDto {
            registration_id: m.registration.id,
            payers: m.part.0.into_iter().map(PayerDto::from).collect(),
            editable: m.editable,
            editable_until: until.map(|d| d.to_string()),
        }
    }
}

/// `GET /api/user/day-camp-registrations/{id}/payers` (signed in): one of the parent's own;
/// someone else's or a missing one is 404.
#[utoipa::path(
    get,
    path = "/api/user/day-camp-registrations/{id}/payers",
    tag = "day camps",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "OK", body = MyPayersDto),
        responses::Unauthorized, responses::NotFound
    )
)]
pub async fn mine(State(state): State<AppState>, user: CurrentUser, Id(id): Id) -> Result<Json<MyPayersDto>, AppError> {
    let parent = parent(&state, &user);
    let mine = state.db.read(move |conn| my_camp::read::<Payers>(conn, id, &parent)).await?;
    Ok(Json(mine.into()))
}

/// `PUT /api/user/day-camp-registrations/{id}/payers` (signed in): the parent's change,
/// validated by core. 409 `payers_locked` after 31 January of the year after the camp; 422
/// `sin_unavailable` on a number when the server has no key; 404 for someone else's.
#[utoipa::path(
    put,
    path = "/api/user/day-camp-registrations/{id}/payers",
    tag = "day camps",
    params(params::RegistrationId),
    request_body = PayersUpdateInput,
    responses(
        (status = 200, description = "Saved", body = MyPayersDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn update(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
    ApiJson(body): ApiJson<PayersUpdateInput>,
) -> Result<Json<MyPayersDto>, AppError> {
    let key = state.sin_key.clone();
    let payers = check(&body.payers, key.as_deref()).map_err(AppError::Validation)?;
    let forget = body.forget_sins.unwrap_or(false);
    let parent = parent(&state, &user);
    let mine = state.db.write(move |tx| my_camp::save_payers(tx, id, &parent, &payers, forget, key.as_deref())).await?;
    Ok(Json(mine.into()))
}
