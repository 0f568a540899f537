use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::app::AppState;
use crate::error::AppError;

#[derive(Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
    database: &'static str,
}

/// `GET /api/health`: answers after a real query.
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let probe = state
        .db
        .read(|conn| {
            conn.query_row("SELECT count(*) FROM refinery_schema_history", [], |r| r.get::<_, i64>(0))
                .map_err(AppError::from)
        })
        .await;
    let version = env!("CARGO_PKG_VERSION");
    match probe {
        Ok(_) => (StatusCode::OK, Json(Health { status: "ok", version, database: "ok" })),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "error", version, database: "error" })),
    }
}
