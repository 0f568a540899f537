//! The admin's January work for the RL-24 (childcare expenses): the year's figures per payer
//! and child as a workbook (the number masked) and as printable statements (the number whole:
//! the one place it is shown, to be copied onto Revenu Québec's form). Admins only.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use centre_core::Lang;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::Admin;
use crate::cases;
use crate::error::{ApiQuery, AppError, ReqLang};
use crate::exports::{self, rl24};
use crate::openapi::responses;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct YearQuery {
    /// The calendar year, e.g. 2026.
    year: Option<i32>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct LangQuery {
    /// `fr` or `en`: the page's language (else the request's).
    lang: Option<String>,
}

fn checked_year(year: Option<i32>) -> Result<i32, AppError> {
    year.filter(|y| (2000..=2100).contains(y)).ok_or_else(|| AppError::field("year", "year_invalid"))
}

/// `GET /api/admin/rl24.xlsx?year=YYYY` (admins): sheet 'RL-24', one row per payer per child
/// with the amount paid in that year (received less refunds, split by the payers' shares to
/// the cent), the number masked. 404 `rl24_nothing_to_export` when nothing was paid that year;
/// 422 `year_invalid`.
#[utoipa::path(
    get,
    path = "/api/admin/rl24.xlsx",
    tag = "day camps",
    params(YearQuery),
    responses(
        (status = 200, description = "The workbook.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        responses::BadRequest, responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn export(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(query): ApiQuery<YearQuery>,
) -> Result<Response, AppError> {
    let year = checked_year(query.year)?;
    let tz = state.settings.timezone;
    let now = state.now();
    // The workbook is written on the blocking pool too.
    let (bytes, count) = state
        .db
        .read(move |conn| {
            let rows = rl24::rows(&cases::rl24::lines(conn, year, tz)?);
            super::reply::sheet(&rows, "rl24_nothing_to_export", |r| rl24::workbook(r, year, exports::local(now, tz)))
        })
        .await?;
    super::reply::xlsx(&rl24::file_name(year), bytes, count)
}

/// `GET /api/admin/rl24/{year}/statements[?lang=en]` (admins): the printable statements, one
/// page per payer, in the request's language; the number whole. A number that does not open
/// with the server's key is a 500 naming the cause in the log, never a wrong number.
#[utoipa::path(
    get,
    path = "/api/admin/rl24/{year}/statements",
    tag = "day camps",
    params(("year" = i32, Path, description = "The calendar year."), LangQuery),
    responses(
        (status = 200, description = "The statements, as a page to print.", content_type = "text/html", body = String),
        responses::BadRequest, responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn statements(
    State(state): State<AppState>,
    _admin: Admin,
    ReqLang(lang): ReqLang,
    Path(year): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> Result<Response, AppError> {
    let year = checked_year(year.parse().ok())?;
    let lang = query.lang.as_deref().and_then(Lang::parse).unwrap_or(lang);
    let tz = state.settings.timezone;
    let lines = state.db.read(move |conn| cases::rl24::lines(conn, year, tz)).await?;
    let key = state.sin_key.clone();
    let mut failure = None;
    let html = rl24::statements(&lines, year, lang, |line| {
        let (Some(key), Some(sealed)) = (key.as_deref(), line.sin_sealed.as_deref()) else { return None };
        match key.open(line.registration_id, sealed) {
            Ok(digits) => centre_core::validation::Sin::parse(&digits).map(|s| s.grouped()),
            Err(e) => {
                failure = Some(e);
                None
            }
        }
    });
    if let Some(e) = failure {
        return Err(AppError::Internal(format!("RL-24 statements: {e}")));
    }
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"))], html).into_response())
}
