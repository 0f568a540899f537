//! What several handlers answer the same way: file and workbook downloads, and the 404 of a sheet with no
//! rows. (Amounts in dollars are core's `validation::dollars`; no API answer is stored by a
//! browser or a proxy, the edge layer's `layers::no_store`.)

use std::fmt::Display;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A workbook that could not be written: an internal error.
pub fn xlsx_failed(e: impl Display) -> AppError {
    AppError::Internal(format!("xlsx: {e}"))
}

/// The workbook of `rows` and their count; no rows is 404 `nothing` (and no file).
pub fn sheet<R, E: Display>(
    rows: &[R],
    nothing: &'static str,
    workbook: impl FnOnce(&[R]) -> Result<Vec<u8>, E>,
) -> Result<(Vec<u8>, usize), AppError> {
    if rows.is_empty() {
        return Err(AppError::client(StatusCode::NOT_FOUND, nothing));
    }
    Ok((workbook(rows).map_err(xlsx_failed)?, rows.len()))
}

/// `attachment; filename="{name}"`: what makes a browser save an answer under that name.
fn disposition(name: &str) -> Result<HeaderValue, AppError> {
    HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .map_err(|e| AppError::Internal(format!("file name header: {e}")))
}

/// A file download of `content_type`, saved as `name` (a member's data, say).
pub fn file(content_type: &'static str, name: &str, body: String) -> Result<Response, AppError> {
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (header::CONTENT_DISPOSITION, disposition(name)?),
    ];
    Ok((headers, body).into_response())
}

/// A workbook download: its name in Content-Disposition, its row count in `X-Row-Count` (never
/// cached, like every API answer).
pub fn xlsx(name: &str, bytes: Vec<u8>, rows: usize) -> Result<Response, AppError> {
    let disposition = disposition(name)?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(XLSX)),
            (header::CONTENT_DISPOSITION, disposition),
            (header::HeaderName::from_static("x-row-count"), HeaderValue::from(rows)),
        ],
        bytes,
    )
        .into_response())
}
