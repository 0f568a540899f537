//! The framework's floor for `make bench`: a bare axum JSON handler on the same runtime, with no
//! layer, no state and no database. `GET /api/health` answers the same shape as the server's.
//!
//!     cargo run --release --example bare_axum -p centre-server -- 127.0.0.1:8081

use axum::Json;
use axum::Router;
use axum::routing::get;
use serde::Serialize;

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
    database: &'static str,
}

async fn health() -> Json<Health> {
    Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION"), database: "ok" })
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8081".to_owned());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    axum::serve(listener, Router::new().route("/api/health", get(health))).await
}
