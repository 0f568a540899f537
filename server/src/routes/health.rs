use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::app::AppState;
use crate::db::{Health as DbHealth, WriteRefusal};

/// The server's health. Healthy: 200 `{"status": "ok", "version": …, "database": "ok"}`.
/// A database that answers reads but takes no writes: 503 with `status: degraded`,
/// `database: read_only` and the `reason`. A database that does not answer: 503 with
/// `status: error`, `database: error`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    status: HealthStatus,
    version: &'static str,
    database: DatabaseHealth,
    /// Why the database takes no writes: only with `status: degraded`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    reason: Option<NoWritesReason>,
}

/// `ok`: the server answers and its database takes reads and writes. `degraded`: pages and
/// reads are served, writes answer 503 `storage_unavailable` (`reason` says why). `error`: the
/// database does not answer.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Degraded,
    Error,
}

/// `ok`: reads and writes. `read_only`: reads only. `error`: no answer to a query.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DatabaseHealth {
    Ok,
    ReadOnly,
    Error,
}

/// Why the database takes no writes. `disk_full`: the file system of the database's folder is
/// full (less than 1 MiB free, or a write failed for lack of space): free space, writes pass
/// again by themselves. `page_cap`: the database reached `--max-db-pages`: delete data, or
/// raise the cap and restart. `not_writable`: the database file, its folder or its file system
/// is read-only: make it writable (then restart if this stays).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoWritesReason {
    DiskFull,
    PageCap,
    NotWritable,
}

impl From<WriteRefusal> for NoWritesReason {
    fn from(refusal: WriteRefusal) -> Self {
        match refusal {
            WriteRefusal::DiskFull => NoWritesReason::DiskFull,
            WriteRefusal::PageCap => NoWritesReason::PageCap,
            WriteRefusal::NotWritable => NoWritesReason::NotWritable,
        }
    }
}

/// `GET /api/health`: answers after a real query that started after the check arrived (checks
/// arriving together share one: `Db::healthy`).
///
/// It also says whether the database takes writes, without writing: a full disk, the page cap
/// or a read-only file answer 503 with the reason.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer, and the database takes writes.", body = Health),
        (status = 503, description = "The database does not answer (`status: error`), or answers reads but takes no writes (`status: degraded`, with the `reason`).", body = Health)
    )
)]
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let version = env!("CARGO_PKG_VERSION");
    let (code, status, database, reason) = match state.db.healthy().await {
        DbHealth::Ok => (StatusCode::OK, HealthStatus::Ok, DatabaseHealth::Ok, None),
        DbHealth::ReadOnly(refusal) => {
            (StatusCode::SERVICE_UNAVAILABLE, HealthStatus::Degraded, DatabaseHealth::ReadOnly, Some(refusal.into()))
        }
        DbHealth::Down => (StatusCode::SERVICE_UNAVAILABLE, HealthStatus::Error, DatabaseHealth::Error, None),
    };
    (code, Json(Health { status, version, database, reason }))
}
