//! A team's report of its match's result: `POST /api/matches/{id}/report`, for the captains of
//! the two teams (the members who registered them) and the admins, in a team-scored tournament.

use axum::Json;
use axum::extract::State;
use centre_core::validation::{ReportInput, validate_report};

use super::dto::MatchDto;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::tournaments::reports::{self, Asker, Said};
use crate::emails::reports::ReportLetters;
use crate::error::{ApiJson, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// `POST /api/matches/{matchId}/report`: proposes the result, confirms the other side's (the
/// same result), disputes it (another), or concedes (`forfeit: true`). The match answers with
/// its `report`; its own score changes only once the result counts.
#[utoipa::path(
    post,
    path = "/api/matches/{id}/report",
    tag = "tournaments",
    params(params::MatchId),
    request_body = ReportInput,
    responses(
        (status = 200, description = "The match, with its report.", body = MatchDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn report(
    State(state): State<AppState>,
    user: CurrentUser,
    Id(id): Id,
    ReqLang(lang): ReqLang,
    ApiJson(body): ApiJson<ReportInput>,
) -> Result<Json<MatchDto>, AppError> {
    let form = validate_report(&body).map_err(AppError::Validation)?;
    let said = form.score.map_or(Said::Concede, Said::Score);
    let now = state.now();
    let letters = ReportLetters::new(&state.settings);
    let (row, changed) = state
        .db
        .write(move |tx| {
            let asker = Asker { user_id: user.id(), is_admin: user.is_admin() };
            reports::submit(tx, id, asker, said, form.client_id.as_deref(), &letters, now).map_err(AppError::from)
        })
        .await?;
    state.live.tournament_changed(changed.event_id);
    // A new proposal's e-mail to the other captain is in the outbox.
    state.mailer.kick();
    Ok(Json(MatchDto::new(&row, now, lang)))
}
