//! `/metrics` in the Prometheus (OpenMetrics) text format, served on its own listen address
//! (`--metrics-addr`, off by default) so the public site never shows it. prometheus-client owns
//! the registry and the encoding. Requests are counted by the request-log layer (layers.rs);
//! the database's figures (mail outbox, score entries, sessions) are read at scrape time.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use axum::Router;
use axum::extract::{MatchedPath, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use centre_core::sync::SyncOutcome;
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::db::{Db, busy, stats};
use crate::error::AppError;

const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// A request's route as a label: the pattern it matched (`/api/events/{id}`, shared with the
/// router, not copied), or a fixed name (`unmatched`, `static`).
#[derive(Clone, Debug)]
pub struct Route(RouteName);

#[derive(Clone, Debug)]
enum RouteName {
    Matched(MatchedPath),
    Fixed(&'static str),
}

impl Route {
    pub fn matched(path: MatchedPath) -> Route {
        Route(RouteName::Matched(path))
    }
    pub fn fixed(name: &'static str) -> Route {
        Route(RouteName::Fixed(name))
    }
    pub fn as_str(&self) -> &str {
        match &self.0 {
            RouteName::Matched(path) => path.as_str(),
            RouteName::Fixed(name) => name,
        }
    }
}

impl PartialEq for Route {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Route {}

impl std::hash::Hash for Route {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl EncodeLabelValue for Route {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> Result<(), std::fmt::Error> {
        EncodeLabelValue::encode(&self.as_str(), encoder)
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: Route,
    method: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: Route,
    method: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: Outcome,
}

/// A sync outcome as a label's value: its stored text.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
struct Outcome(SyncOutcome);

impl EncodeLabelValue for Outcome {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> std::fmt::Result {
        EncodeLabelValue::encode(&self.0.as_str(), encoder)
    }
}

type FloatGauge = Gauge<f64, AtomicU64>;

fn latency_histogram() -> Histogram {
    // 0.5 ms to about 8 s.
    Histogram::new(exponential_buckets(0.0005, 2.0, 15))
}

/// The server's metrics; each app (each test) has its own. One pointer: cloned for every request.
#[derive(Clone)]
pub struct Metrics(Arc<Figures>);

impl std::ops::Deref for Metrics {
    type Target = Figures;

    fn deref(&self) -> &Figures {
        &self.0
    }
}

pub struct Figures {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    busy_retries: Counter,
    outbox_pending: Gauge,
    outbox_failed: Gauge,
    outbox_oldest: FloatGauge,
    sync_entries: Family<OutcomeLabels, Gauge>,
    open_conflicts: Gauge,
    sessions: Gauge,
    memory: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("centre");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP requests answered, by route, method and status", requests.clone());
        let latency = Family::<RouteLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency_histogram);
        registry.register("http_request_duration_seconds", "Time to answer, by route and method", latency.clone());
        let busy_retries = Counter::default();
        registry.register("sqlite_busy_retries", "Waits for SQLite's write lock (busy retries)", busy_retries.clone());
        let outbox_pending = Gauge::default();
        registry.register("mail_outbox_pending", "E-mails waiting in the outbox", outbox_pending.clone());
        let outbox_failed = Gauge::default();
        registry.register("mail_outbox_failed", "E-mails given up after every attempt", outbox_failed.clone());
        let outbox_oldest = FloatGauge::default();
        registry.register(
            "mail_outbox_oldest_pending_seconds",
            "Age of the oldest e-mail still waiting (0 when none)",
            outbox_oldest.clone(),
        );
        let sync_entries = Family::<OutcomeLabels, Gauge>::default();
        registry.register("sync_score_entries", "Score entries pushed by phones, by outcome", sync_entries.clone());
        let open_conflicts = Gauge::default();
        registry.register("sync_open_conflicts", "Score conflicts waiting for an admin", open_conflicts.clone());
        let sessions = Gauge::default();
        registry.register("sessions", "Sign-in sessions not expired", sessions.clone());
        let memory = Gauge::default();
        registry.register("process_resident_memory_bytes", "Resident memory of the server process", memory.clone());
        Metrics(Arc::new(Figures {
            registry,
            requests,
            latency,
            busy_retries,
            outbox_pending,
            outbox_failed,
            outbox_oldest,
            sync_entries,
            open_conflicts,
            sessions,
            memory,
        }))
    }

    /// One answered request. `route` is the route's pattern (`/api/events/{id}`), never the
    /// path itself, so the number of series stays bounded.
    pub fn observe(&self, route: Route, method: &'static str, status: u16, seconds: f64) {
        let labels = RouteLabels { route, method };
        self.latency.get_or_create(&labels).observe(seconds);
        self.requests.get_or_create(&RequestLabels { route: labels.route, method, status }).inc();
    }

    fn refresh(&self, db: &stats::DbStats) {
        self.outbox_pending.set(db.outbox_pending);
        self.outbox_failed.set(db.outbox_failed);
        self.outbox_oldest.set(db.oldest_pending_seconds);
        for (outcome, n) in &db.sync_entries {
            self.sync_entries.get_or_create(&OutcomeLabels { outcome: Outcome(*outcome) }).set(*n);
        }
        self.open_conflicts.set(db.open_conflicts);
        self.sessions.set(db.sessions);
        // The process-wide count; a counter only goes up, so add what it has not seen yet.
        let seen = self.busy_retries.get();
        self.busy_retries.inc_by(busy::retries().saturating_sub(seen));
        if let Some(bytes) = resident_memory() {
            self.memory.set(bytes);
        }
    }

    fn encode(&self) -> Result<String, AppError> {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .map_err(|e| AppError::Internal(format!("encoding metrics: {e}")))?;
        Ok(text)
    }
}

/// Resident memory from /proc (Linux); None elsewhere.
fn resident_memory() -> Option<i64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: i64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

async fn scrape(State((db, metrics)): State<(Db, Metrics)>) -> Result<Response, AppError> {
    let now = chrono::Utc::now();
    let figures = db.read(move |conn| stats::read(conn, now).map_err(AppError::from)).await?;
    metrics.refresh(&figures);
    let text = metrics.encode()?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE))], text).into_response())
}

/// The metrics listener's router: `GET /metrics`, nothing else. It holds the two parts of the
/// app's state it reads, not the state itself, which holds the metrics.
pub fn router(db: Db, metrics: Metrics) -> Router {
    Router::new().route("/metrics", get(scrape)).with_state((db, metrics))
}
