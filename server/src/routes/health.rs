use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::app::AppState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    status: &'static str,
    version: &'static str,
    database: &'static str,
}

/// `GET /api/health`: answers after a real query that started after the check arrived (checks
/// arriving together share one: `Db::healthy`).
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer.", body = Health),
        (status = 503, description = "The database does not answer.", body = Health)
    )
)]
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let version = env!("CARGO_PKG_VERSION");
    if state.db.healthy().await {
        (StatusCode::OK, Json(Health { status: "ok", version, database: "ok" }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "error", version, database: "error" }))
    }
}
