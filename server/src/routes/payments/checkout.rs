//! The member's checkout for an event: what to pay, where, with which reference.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use centre_core::validation::dollars;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::openapi::responses;
use crate::routes::params::{self, Id};

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventCheckoutDto {
    pub id: i64,
    pub event_id: i64,
    pub event_title: String,
    pub event_title_en: Option<String>,
    pub team_name: String,
    pub amount_due: f64,
    pub payment_reference: String,
    pub payment_status: centre_core::payments::PaymentStatus,
    pub interac_email: String,
}

/// `GET /api/user/event-registrations/{id}` (signed in): the member's own registration with
/// what to pay, where and with which reference; another member's is 404.
#[utoipa::path(
    get,
    path = "/api/user/event-registrations/{id}",
    tag = "payments",
    params(params::RegistrationId),
    responses(
        (status = 200, description = "OK", body = EventCheckoutDto),
        responses::Unauthorized, responses::NotFound
    )
)]
pub async fn event_checkout(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Response, AppError> {
    let owner = user.id().to_owned();
    let found = state
        .db
        .read(move |conn| {
            let Some(row) = crate::db::event_registrations::find(conn, id)? else { return Ok(None) };
            if row.user_id.as_deref() != Some(owner.as_str()) {
                return Ok(None);
            }
            let event = crate::db::events::find(conn, row.event_id)?;
            Ok::<_, AppError>(event.map(|e| (row, e)))
        })
        .await?;
    let (row, event) = found.ok_or_else(AppError::not_found)?;
    Ok(Json(EventCheckoutDto {
        id: row.id,
        event_id: row.event_id,
        event_title: event.title,
        event_title_en: event.title_en,
        team_name: row.display_team_name(),
        amount_due: dollars(row.amount_due_cents),
        payment_reference: row.payment_reference,
        payment_status: row.payment_status,
        interac_email: state.settings.interac_email.clone(),
    })
    .into_response())
}
