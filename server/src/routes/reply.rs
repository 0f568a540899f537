//! What several handlers answer the same way: amounts in dollars, personal data never cached,
//! workbook downloads.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// Cents as the API gives amounts: dollars.
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Answers that hold personal data are never stored by the browser or a proxy.
pub fn private<T: IntoResponse>(body: T) -> Response {
    ([(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], body).into_response()
}

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A workbook download: its name in Content-Disposition, its row count in `X-Row-Count`, never
/// cached.
pub fn xlsx(name: &str, bytes: Vec<u8>, rows: usize) -> Result<Response, AppError> {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .map_err(|e| AppError::Internal(format!("file name header: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(XLSX)),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::HeaderName::from_static("x-row-count"), HeaderValue::from(rows)),
        ],
        bytes,
    )
        .into_response())
}
