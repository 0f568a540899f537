//! HTTP only: each handler sits next to its request and response types.

mod events;
mod health;

use axum::Router;
use axum::routing::{any, get};

use crate::app::AppState;
use crate::error::AppError;

pub fn api_router() -> Router<AppState> {
    Router::new()
        .route("/api/health", get(health::health))
        .route("/api/events", get(events::list))
        .route("/api/events/{id}", get(events::one))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
}

/// Unknown API paths answer 404 JSON, never the PWA shell.
async fn api_not_found() -> AppError {
    AppError::not_found()
}
