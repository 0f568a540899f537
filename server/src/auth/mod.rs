//! Who is asking: sessions, sign-in (OpenID Connect or the development sign-in) and the
//! extractors that put authorization in handler signatures.
//!
//! - `CurrentUser`: signed in, else 401.
//! - `Staff`: admin or supervisor, else 403 (401 signed out).
//! - `Admin`: admin, else 403 (401 signed out).
//!
//! A handler that takes `Admin` cannot run for anyone else; there is no other check to forget.

pub mod oidc;
pub mod origin;
pub mod pages;
pub mod store;

use std::sync::Arc;
use std::time::Duration as StdDuration;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use tower_sessions::cookie::SameSite;
use tower_sessions::session_store::ExpiredDeletion;
use tower_sessions::{Expiry, Session, SessionManagerLayer};
use tower_sessions_rusqlite_store::RusqliteStore;

use crate::db::users::{self, Role, UserRow, UserWithRoles};
use crate::db::{Db, OpenError};
use crate::error::AppError;
use crate::ratelimit::Limits;
use crate::settings::Settings;

pub const SESSION_COOKIE: &str = "centre.sid";
/// The cookie's name on https: the `__Host-` prefix makes the browser refuse it unless it is
/// Secure, for the whole site (`Path=/`) and for this host only (no `Domain`).
pub const SECURE_SESSION_COOKIE: &str = "__Host-centre.sid";

/// The session cookie's name for a site served over https (`secure`) or not.
pub fn session_cookie(secure: bool) -> &'static str {
    if secure { SECURE_SESSION_COOKIE } else { SESSION_COOKIE }
}
/// Sessions last 30 days from the last activity (rolling).
pub const SESSION_DAYS: i64 = 30;
/// How often expired sessions are deleted.
const CLEANUP_EVERY: StdDuration = StdDuration::from_secs(60 * 60);

const KEY_USER: &str = "userId";
/// The day (days since the epoch) the session was last extended: extending at most once a day
/// keeps the rolling expiry without a database write on every request.
const KEY_TOUCHED: &str = "touchedDay";
pub(crate) const KEY_ID_TOKEN: &str = "idToken";
pub(crate) const KEY_FLOW: &str = "oidcFlow";

/// Session store and sign-in provider, shared by every request.
#[derive(Clone)]
pub struct AuthState {
    pub store: store::RetryingStore,
    pub oidc: Option<Arc<oidc::Oidc>>,
}

impl AuthState {
    /// Opens the session store on the application database (its table comes from the
    /// migrations), on a connection set up like every other (`Db::connect`).
    pub fn open(settings: &Settings, db: &Db) -> Result<AuthState, AuthSetupError> {
        let store = store::RetryingStore::new(RusqliteStore::new(db.connect()?.into()));
        let oidc = match settings.oidc.clone() {
            Some(o) => Some(Arc::new(oidc::Oidc::new(o, &settings.public_url)?)),
            None => None,
        };
        Ok(AuthState { store, oidc })
    }

    /// The session layer: cookie `centre.sid`, HttpOnly, SameSite=Lax, Secure and named
    /// `__Host-centre.sid` when the public URL is https, 30 days from the last activity.
    pub fn session_layer(&self, secure: bool) -> SessionManagerLayer<store::RetryingStore> {
        SessionManagerLayer::new(self.store.clone())
            .with_name(session_cookie(secure))
            .with_http_only(true)
            .with_same_site(SameSite::Lax)
            .with_secure(secure)
            .with_path("/")
            .with_expiry(Expiry::OnInactivity(time::Duration::days(SESSION_DAYS)))
    }

    /// Deletes expired sessions now and then, for as long as the server runs.
    pub fn spawn_session_cleanup(&self) -> tokio::task::JoinHandle<()> {
        let store = self.store.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(CLEANUP_EVERY);
            loop {
                interval.tick().await;
                if let Err(e) = store.inner().delete_expired().await {
                    tracing::warn!(error = %e, "deleting expired sessions failed; will retry");
                }
            }
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AuthSetupError {
    #[error(transparent)]
    Database(#[from] OpenError),
    #[error(transparent)]
    Http(#[from] oidc::HttpClientError),
}

fn session_error(e: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("session: {e}"))
}

async fn session_of<S: Send + Sync>(parts: &mut Parts, state: &S) -> Result<Session, AppError> {
    Session::from_request_parts(parts, state).await.map_err(|(_, message)| session_error(message))
}

/// Signs `user` in on this session: a new session id (no fixation), then the user id.
pub async fn sign_in(session: &Session, user: &UserRow) -> Result<(), AppError> {
    session.cycle_id().await.map_err(session_error)?;
    session.insert(KEY_USER, &user.id).await.map_err(session_error)?;
    session.insert(KEY_TOUCHED, today_number()).await.map_err(session_error)?;
    Ok(())
}

/// The id of the user signed in on this session, if any (the user may since have been deleted;
/// `CurrentUser` checks that).
pub async fn session_user_id(session: &Session) -> Option<String> {
    session.get(KEY_USER).await.ok().flatten()
}

/// Ends the session: the row is deleted and the cookie cleared.
pub async fn sign_out(session: &Session) -> Result<(), AppError> {
    session.flush().await.map_err(session_error)
}

/// The day number on the system's time, which the session store's own expiry runs on (never a
/// test's moved clock: a session must not expire or outlive its cookie because of it).
fn today_number() -> i64 {
    crate::clock::system_now().timestamp().div_euclid(86_400)
}

/// Grants admin at sign-in to the e-mails of `--admin-emails`, when the account's address is
/// verified: the provider said `email_verified: true` at this sign-in, or the address was
/// vouched for (`users::EmailTrust::Vouched`: the development sign-in). Anyone can claim a listed
/// address at a provider that does not verify e-mails; such a person signs in as a member, and
/// the log says why (by user id: the address itself never goes to the log). An admin grant the
/// account already holds is left as it is.
pub fn bootstrap_admin(
    conn: &rusqlite::Connection,
    settings: &Settings,
    user: &UserRow,
    now: &str,
) -> Result<(), AppError> {
    let Some(email) = user.email.as_deref() else { return Ok(()) };
    if !settings.admin_emails.iter().any(|e| e.eq_ignore_ascii_case(email.trim())) {
        return Ok(());
    }
    if user.email_verified {
        users::grant(conn, &user.id, Role::Admin, None, now).map_err(|e| AppError::Internal(e.to_string()))?;
    } else {
        tracing::warn!(
            user_id = %user.id,
            "admin not granted at sign-in: the e-mail listed in --admin-emails is not verified by the provider"
        );
    }
    Ok(())
}

/// The signed-in user, with their roles. Rejects with 401 when signed out.
#[derive(Clone, Debug)]
pub struct CurrentUser(pub UserWithRoles);

impl CurrentUser {
    pub fn id(&self) -> &str {
        &self.0.user.id
    }
    pub fn user(&self) -> &UserRow {
        &self.0.user
    }
    pub fn is_admin(&self) -> bool {
        self.0.is_admin
    }
    pub fn is_supervisor(&self) -> bool {
        self.0.is_supervisor
    }
    pub fn is_camp_staff(&self) -> bool {
        self.0.is_camp_staff
    }
}

/// Where the request log learns who asked: the log middleware puts an empty slot in the
/// request, `know_member` fills it with the signed-in member's id.
#[derive(Clone, Debug, Default)]
pub struct MemberSlot(Arc<std::sync::OnceLock<String>>);

impl MemberSlot {
    pub fn get(&self) -> Option<&str> {
        self.0.get().map(String::as_str)
    }
}

/// Inside the session layer (layers.rs): who the signed-in member of an API request is, read
/// once for two uses: the request log's slot, and the per-member write limit (answers the 429
/// refusal beyond it, ratelimit.rs). Only under /api: a page or an asset does not cost a
/// session read (and a request without a cookie never reaches the session layer).
pub async fn know_member(limits: &Limits, req: &Parts) -> Option<axum::response::Response> {
    if !req.uri.path().starts_with("/api/") {
        return None;
    }
    let session = req.extensions.get::<Session>()?;
    let id = session_user_id(session).await?;
    if let Some(slot) = req.extensions.get::<MemberSlot>() {
        let _ = slot.0.set(id.clone());
    }
    if limits.counts_write(&req.method, req.uri.path())
        && let Err(refused) = limits.write(&id)
    {
        tracing::warn!(user_id = %id, method = %req.method, path = %req.uri.path(), "refused: write limit");
        return Some(axum::response::IntoResponse::into_response(refused));
    }
    None
}

/// The signed-in user if any (never rejects).
///
/// These extractors take any state that gives the database (`FromRef`), not `AppState`, which
/// holds this module's `AuthState`: the state depends on auth, not auth on the state.
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<CurrentUser>);

impl<S> FromRequestParts<S> for MaybeUser
where
    S: Send + Sync,
    Db: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Some(found) = parts.extensions.get::<MaybeUser>() {
            return Ok(found.clone());
        }
        // No session layer: the request has no cookie, so nobody is signed in (layers.rs).
        if parts.extensions.get::<Session>().is_none() {
            return Ok(MaybeUser(None));
        }
        let session = session_of(parts, state).await?;
        let user_id: Option<String> = session.get(KEY_USER).await.map_err(session_error)?;
        let found = match user_id {
            None => None,
            Some(id) => {
                let db = Db::from_ref(state);
                let user = db.read(move |conn| users::find_with_roles(conn, &id).map_err(AppError::from)).await?;
                if user.is_some() {
                    // Rolling expiry: extend (save) the session at most once a day.
                    let touched: Option<i64> = session.get(KEY_TOUCHED).await.map_err(session_error)?;
                    let today = today_number();
                    if touched != Some(today) {
                        session.insert(KEY_TOUCHED, today).await.map_err(session_error)?;
                    }
                }
                user.map(CurrentUser)
            }
        };
        let found = MaybeUser(found);
        parts.extensions.insert(found.clone());
        Ok(found)
    }
}

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    Db: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        MaybeUser::from_request_parts(parts, state).await?.0.ok_or_else(AppError::unauthorized)
    }
}

/// An extractor for the signed-in users whose roles `$admits` accepts: 401 signed out, 403
/// otherwise. The handler's signature names the role it needs.
macro_rules! role_extractor {
    ($(#[doc = $doc:literal])* $name:ident, |$user:ident| $admits:expr) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug)]
        pub struct $name(pub CurrentUser);

        impl<S> FromRequestParts<S> for $name
        where
            S: Send + Sync,
            Db: FromRef<S>,
        {
            type Rejection = AppError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                let $user = CurrentUser::from_request_parts(parts, state).await?;
                if $admits { Ok($name($user)) } else { Err(AppError::forbidden()) }
            }
        }
    };
}

role_extractor!(
    /// An admin or a supervisor (the bookings view).
    Staff,
    |user| user.is_admin() || user.is_supervisor()
);

role_extractor!(
    /// An admin or camp staff (the day camp's children, for the weeks they are given: each route
    /// asks core's `access` rule for the week or child).
    CampStaff,
    |user| user.is_admin() || user.is_camp_staff()
);

role_extractor!(
    /// An admin.
    Admin,
    |user| user.is_admin()
);
