//! 'Mes données' for every signed-in member: what the centre holds about them and their
//! children (JSON download and a readable page, built from one collection), and their deletion
//! request. Each call reads the caller's own rows only: no id in the path to point elsewhere.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use centre_core::Lang;
use centre_core::privacy::{DeletionStatus, answer_due};
use centre_core::timefmt::utc_text;
use centre_core::validation::{DeletionRequestInput, validate_deletion_request};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::cases;
use crate::db::privacy::{self, DeletionRefusal, DeletionRow, export};
use crate::error::{ApiJson, ApiQuery, AppError, ReqLang};
use crate::exports;
use crate::openapi::responses;

/// `GET /api/user/my-data` (signed in): everything the centre holds about the caller and the
/// children they registered, as a JSON file (`mes-donnees.json`): `user` (the account) and one
/// array per table (`eventRegistrations`, `courtBookings`, `dayCampRegistrations`,
/// `dayCampWeeks`, `payments`, `matchReports`, `deletionRequests`, `emails`, `roles`), each row with every
/// column as stored.
#[utoipa::path(
    get,
    path = "/api/user/my-data",
    tag = "privacy",
    responses(
        (status = 200, description = "The member's data, as a file.", content_type = "application/json", body = Object),
        responses::Unauthorized
    )
)]
pub async fn my_data(State(state): State<AppState>, user: CurrentUser) -> Result<Response, AppError> {
    let id = user.id().to_owned();
    let data = state.db.read(move |conn| export::member_data(conn, &id).map_err(AppError::from)).await?;
    let json = data.to_json(&utc_text(state.settings.clock.now()));
    let body = serde_json::to_string_pretty(&json).map_err(|e| AppError::Internal(format!("json: {e}")))?;
    super::super::reply::file("application/json", "mes-donnees.json", body)
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PageQuery {
    /// `fr` or `en`: the page's language (else the request's).
    lang: Option<String>,
}

/// `GET /api/user/my-data.html[?lang=en]` (signed in): the same data as a page to read and
/// print, in the member's language.
#[utoipa::path(
    get,
    path = "/api/user/my-data.html",
    tag = "privacy",
    params(PageQuery),
    responses(
        (status = 200, description = "The member's data, as a page.", content_type = "text/html", body = String),
        responses::BadRequest, responses::Unauthorized
    )
)]
pub async fn my_data_page(
    State(state): State<AppState>,
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Response, AppError> {
    let lang = query.lang.as_deref().and_then(Lang::parse).unwrap_or(lang);
    let id = user.id().to_owned();
    let (data, officer) = state.db.read(move |conn| cases::privacy::my_data_page(conn, &id)).await?;
    let now = state.settings.clock.now().with_timezone(&state.settings.timezone);
    let generated = now.format("%Y-%m-%d %H:%M").to_string();
    let html = exports::my_data::page(&data, officer.as_ref(), lang, &generated);
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"))], html).into_response())
}

/// A deletion request as its member sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyDeletionRequestDto {
    pub id: i64,
    pub requested_at: String,
    /// 'YYYY-MM-DD': the last day for the centre to answer (30 days).
    pub answer_due: String,
    pub status: DeletionStatus,
    pub answered_at: Option<String>,
    /// The centre's note (why it was refused, or what was done).
    pub note: Option<String>,
    pub reason: Option<String>,
}

fn mine(state: &AppState, d: DeletionRow) -> MyDeletionRequestDto {
    let due = super::local_day(state, &d.requested_at).map(answer_due).map(|d| d.to_string()).unwrap_or_default();
    MyDeletionRequestDto {
        id: d.id,
        requested_at: d.requested_at,
        answer_due: due,
        status: d.status,
        answered_at: d.answered_at,
        note: d.note,
        reason: d.reason,
    }
}

/// `GET /api/user/deletion-requests` (signed in): the caller's own requests, the latest first.
#[utoipa::path(
    get,
    path = "/api/user/deletion-requests",
    tag = "privacy",
    responses(
        (status = 200, description = "OK", body = Vec<MyDeletionRequestDto>),
        responses::Unauthorized
    )
)]
pub async fn my_requests(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Vec<MyDeletionRequestDto>>, AppError> {
    let id = user.id().to_owned();
    let rows = state.db.read(move |conn| privacy::deletions_of(conn, &id).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(|d| mine(&state, d)).collect()))
}

/// `POST /api/user/deletion-requests` (signed in): asks the centre to delete the caller's
/// personal data; 201. One open request at a time (409 `deletion_request_open`).
#[utoipa::path(
    post,
    path = "/api/user/deletion-requests",
    tag = "privacy",
    request_body = DeletionRequestInput,
    responses(
        (status = 201, description = "Created.", body = MyDeletionRequestDto),
        responses::Unauthorized, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn request(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<DeletionRequestInput>,
) -> Result<(StatusCode, Json<MyDeletionRequestDto>), AppError> {
    let reason = validate_deletion_request(&input).map_err(AppError::Validation)?;
    let (id, now) = (user.id().to_owned(), state.settings.clock.now());
    let row = state
        .db
        .write(move |tx| privacy::request_deletion(tx, &id, reason.as_deref(), now)?.map_err(AppError::from))
        .await?;
    tracing::info!(request = row.id, "deletion requested");
    Ok((StatusCode::CREATED, Json(mine(&state, row))))
}

impl From<DeletionRefusal> for AppError {
    fn from(r: DeletionRefusal) -> Self {
        match r {
            DeletionRefusal::AlreadyOpen => AppError::conflict("deletion_request_open"),
            DeletionRefusal::NotFound => AppError::not_found(),
            DeletionRefusal::Answered => AppError::conflict("deletion_request_answered"),
        }
    }
}
