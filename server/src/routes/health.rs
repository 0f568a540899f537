use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::app::AppState;

#[derive(Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
    database: &'static str,
}

/// `GET /api/health`: answers after a real query that started after the check arrived (checks
/// arriving together share one: `Db::healthy`).
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let version = env!("CARGO_PKG_VERSION");
    if state.db.healthy().await {
        (StatusCode::OK, Json(Health { status: "ok", version, database: "ok" }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "error", version, database: "error" }))
    }
}
