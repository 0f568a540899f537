//! Builds the application: state, router and the layers every request goes through.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

use crate::auth::{AuthState, MemberSlot};
use crate::db::{Db, OpenError, seed};
use crate::error::{error_response, translate_errors};
use crate::mail::Mailer;
use crate::metrics::Metrics;
use crate::settings::Settings;

/// Shared by every handler.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub mailer: Mailer,
    pub auth: AuthState,
    pub live: crate::live::Live,
    /// Limits against abuse (sign-ins per address, writes per member).
    pub limits: crate::ratelimit::Limits,
    pub metrics: crate::metrics::Metrics,
}

#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error(transparent)]
    Database(#[from] OpenError),
    #[error(transparent)]
    Mail(#[from] crate::mail::MailSetupError),
    #[error(transparent)]
    Auth(#[from] crate::auth::AuthSetupError),
}

/// Opens and migrates the database, seeds reference (and demo) data, sets up mail. Blocking;
/// starts no task (the caller spawns the mail worker with `state.mailer.spawn_worker`).
pub fn prepare(settings: Settings) -> Result<AppState, PrepareError> {
    let mailer = Mailer::new(settings.smtp_url.as_deref(), &settings.mail_from, settings.mail_dir.clone())?;
    let db = Db::open_capped(&settings.db, settings.max_db_pages)?;
    let today = chrono::Utc::now().with_timezone(&settings.timezone).date_naive();
    let mut conn = db.connect()?;
    seed::reference_data(&mut conn, today)?;
    if settings.demo {
        seed::demo_data(&mut conn, settings.timezone)?;
    }
    let auth = AuthState::open(&settings)?;
    let limits = crate::ratelimit::Limits::new(&settings);
    Ok(AppState {
        db,
        settings: Arc::new(settings),
        mailer,
        auth,
        live: crate::live::Live::new(),
        limits,
        metrics: crate::metrics::Metrics::new(),
    })
}

const MAX_BODY_BYTES: usize = 256 * 1024;

pub fn build_router(state: AppState) -> Router {
    let https = state.settings.is_https();
    let metrics = state.metrics.clone();
    let sessions = state.auth.session_layer(https);
    let router = Router::new()
        .merge(crate::routes::api_router())
        .fallback(crate::web::serve_pwa)
        .layer(middleware::from_fn_with_state(state.clone(), crate::ratelimit::limit_writes))
        .layer(middleware::from_fn(crate::auth::remember_member))
        .layer(sessions)
        .layer(middleware::from_fn_with_state(state.clone(), crate::auth::origin::require_same_origin))
        .with_state(state)
        .layer(middleware::from_fn(translate_errors))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(security_headers));
    // Served over https: browsers keep to https for a year (HSTS).
    let router = if https { router.layer(middleware::from_fn(strict_transport)) } else { router };
    router.layer(CatchPanicLayer::custom(panic_response)).layer(middleware::from_fn_with_state(metrics, log_request))
}

async fn strict_transport(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    response.headers_mut().insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    response
}

fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default();
    tracing::error!(panic = %detail, "handler panicked; the server keeps serving");
    let text = centre_core::message("internal", centre_core::Lang::Fr).unwrap_or("internal").to_owned();
    error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal", text, None)
}

/// One log line per request: id, method, path (never the query), status, latency and the
/// signed-in member's id (`-` for a visitor), never personal data. Also counted for /metrics.
async fn log_request(State(metrics): State<Metrics>, mut req: Request, next: Next) -> Response {
    let id = format!("{:016x}", rand::random::<u64>());
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let route = match req.extensions().get::<MatchedPath>() {
        Some(matched) => matched.as_str().to_owned(),
        None if path.starts_with("/api/") => "unmatched".to_owned(),
        None => "static".to_owned(),
    };
    let member = MemberSlot::default();
    req.extensions_mut().insert(member.clone());
    let started = Instant::now();
    let mut response = next.run(req).await;
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    metrics.observe(&route, method.as_str(), status, seconds);
    let latency_ms = seconds * 1000.0;
    let member_id = member.get().unwrap_or("-");
    tracing::info!(request_id = %id, %method, %path, status, latency_ms = format_args!("{latency_ms:.2}"), member_id = %member_id, "request");
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert("x-request-id", value);
    }
    response
}

const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

async fn security_headers(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}
