//! The application's state: what every handler and layer shares, and how it is prepared.
//! It holds the parts (database, sessions, limits, metrics…), which know nothing of it: an
//! extractor that needs one part asks for it by `FromRef`, so no part depends on the whole.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::auth::AuthState;
use crate::db::{Db, OpenError, seed};
use crate::mail::Mailer;
use crate::public_cache::PublicCache;
use crate::settings::Settings;

/// Shared by every handler: one pointer, so that handing it to each request and middleware
/// costs one reference count, not one per field.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Db {
        state.db.clone()
    }
}

impl FromRef<AppState> for Arc<Settings> {
    fn from_ref(state: &AppState) -> Arc<Settings> {
        state.settings.clone()
    }
}

/// What [`AppState`] points to.
pub struct Shared {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub mailer: Mailer,
    pub auth: AuthState,
    pub live: crate::live::Live,
    /// Limits against abuse (sign-ins per address, writes per member).
    pub limits: crate::ratelimit::Limits,
    pub metrics: crate::metrics::Metrics,
    /// The public GETs' answers, as sent (public_cache.rs).
    pub public_cache: PublicCache,
    /// Live streams open, per client address and in all (net/caps.rs).
    pub streams: Arc<crate::net::caps::Counter>,
    /// The key sealing payers' social insurance numbers; none when not configured (secret.rs).
    pub sin_key: Option<Arc<crate::secret::SinKey>>,
}

impl Shared {
    /// Now, on the server's one clock (`Settings::clock`: the system's, moved in tests).
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.settings.clock.now()
    }

    /// The centre's date today, on that clock.
    pub fn today(&self) -> chrono::NaiveDate {
        self.settings.today()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error(transparent)]
    Database(#[from] OpenError),
    #[error(transparent)]
    Mail(#[from] crate::mail::MailSetupError),
    #[error(transparent)]
    Auth(#[from] crate::auth::AuthSetupError),
    #[error(transparent)]
    Secret(#[from] crate::secret::SecretError),
}

/// Opens and migrates the database, seeds reference (and demo) data, sets up mail. Blocking;
/// starts no task (the caller spawns the mail worker with `state.mailer.spawn_worker`).
///
/// A database that cannot take writes (a full disk, `--max-db-pages` reached, a read-only file)
/// and needs no migration starts read-only, and the log says so: a site that shows its pages
/// and refuses writes is better than no site. Data that is missing and cannot be seeded for
/// that reason is seeded at the next start.
pub fn prepare(settings: Settings) -> Result<AppState, PrepareError> {
    let mailer =
        Mailer::new(settings.smtp_url.as_deref(), &settings.mail_from, settings.mail_dir.clone(), settings.clock)?;
    let db = Db::open_capped(&settings.db, settings.max_db_pages)?;
    if let Some(reason) = db.read_only_at_start() {
        tracing::warn!(
            db = %settings.db.display(),
            "the database cannot take writes ({reason}): starting read-only. Reads are served, writes answer 503 storage_unavailable and GET /api/health says why; once there is room (or the file is writable) writes pass again"
        );
    }
    // The server's clock (moved only by a test's `--today`): the demo's dates follow it.
    let now = settings.clock.now();
    let today = now.with_timezone(&settings.timezone).date_naive();
    let mut conn = db.connect()?;
    let sealed = crate::db::camp_payers::one_sealed(&conn)
        .map_err(|source| OpenError::Open { path: settings.db.clone(), source })?;
    let sin_key = crate::secret::key_at_start(
        settings.secret_key_file.as_deref(),
        settings.dev_login,
        &settings.db,
        sealed.as_ref().map(|(id, bytes)| (*id, bytes.as_slice())),
    )?
    .map(Arc::new);
    let seeded = seed::reference_data(&mut conn, today).and_then(|()| {
        if settings.demo {
            seed::demo_data(&mut conn, settings.timezone, now, sin_key.as_deref(), &settings.public_url)
        } else {
            Ok(())
        }
    });
    match seeded {
        Err(e) if e.refused_by_storage() => {
            tracing::warn!(error = %e, "seeding skipped: the database cannot take writes; it is done at the next start");
        }
        other => other?,
    }
    let auth = AuthState::open(&settings, &db)?;
    let limits = crate::ratelimit::Limits::new(&settings);
    let public_cache = PublicCache::new(settings.timezone, settings.clock);
    let settings_streams = settings.streams;
    Ok(AppState(Arc::new(Shared {
        db,
        settings: Arc::new(settings),
        mailer,
        auth,
        live: crate::live::Live::new(),
        limits,
        metrics: crate::metrics::Metrics::new(),
        public_cache,
        streams: crate::net::caps::Counter::new(settings_streams),
        sin_key,
    })))
}
