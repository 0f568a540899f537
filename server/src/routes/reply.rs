//! What several handlers answer the same way: workbook downloads. (Amounts in dollars are core's
//! `validation::dollars`; no API answer is stored by a browser or a proxy, the edge layer's
//! `layers::no_store`.)

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A workbook download: its name in Content-Disposition, its row count in `X-Row-Count` (never
/// cached, like every API answer).
pub fn xlsx(name: &str, bytes: Vec<u8>, rows: usize) -> Result<Response, AppError> {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .map_err(|e| AppError::Internal(format!("file name header: {e}")))?;
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
