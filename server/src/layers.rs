//! The two hand-written layers of the stack router.rs builds (the others are tower-http's and
//! tower-sessions'). Written as tower services rather than `axum::middleware::from_fn`, which
//! boxes and clones the rest of the stack for every request: the trivial path stays near the
//! framework's floor (`make bench`).
//!
//! - [`Edge`], the outermost: the request log line and its metrics, the panic catcher (a 500 in
//!   the common error shape), the security headers (HSTS on https), the one cache policy of API
//!   answers ([`no_store`]), the request's language for error bodies, a body announced larger
//!   than the limit (413 before it is read), the Origin check of state-changing requests, and
//!   forgetting the public cache after a successful write under
//!   `/api`. One pass, one boxed future.
//! - [`SessionsWhenNeeded`]: the session layer and `auth::know_member`, only for requests that
//!   sign in or out ([`SIGN_IN_PATHS`]), or carry a cookie and ask for an API call or a page. A
//!   visitor's request without a cookie, and any request for a file, has no session to read:
//!   `MaybeUser` answers nobody without touching the store. Only the sign-in routes may clear the
//!   session cookie ([`keep_newer_cookie`]).

use std::cell::Cell;
use std::convert::Infallible;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::FutureExt;
use futures_util::future::Either;
use tower::{Layer, Service, ServiceExt};
use tower_sessions::SessionManagerLayer;

use crate::app::AppState;
use crate::auth::MemberSlot;
use crate::auth::store::RetryingStore;
use crate::metrics::Route;

// ---------------------------------------------------------------------------------------------
// Edge
// ---------------------------------------------------------------------------------------------

#[derive(Clone)]
pub struct EdgeLayer {
    state: AppState,
    https: bool,
}

impl EdgeLayer {
    pub fn new(state: AppState) -> EdgeLayer {
        let https = state.settings.is_https();
        EdgeLayer { state, https }
    }
}

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;

    fn layer(&self, inner: S) -> Edge<S> {
        Edge { inner, state: self.state.clone(), https: self.https }
    }
}

#[derive(Clone)]
pub struct Edge<S> {
    inner: S,
    state: AppState,
    https: bool,
}

/// What the answer's half of [`Edge`] needs from the request.
struct Pending {
    id: u64,
    method: &'static str,
    /// Only when the info level is on (the log line is written).
    path: Option<String>,
    route: Route,
    member: Option<MemberSlot>,
    lang: centre_core::Lang,
    forgets: bool,
    /// Under `/api/`: the answer is never stored unless it says otherwise ([`no_store`]).
    api: bool,
    started: Instant,
}

impl<S, B> Service<Request> for Edge<S>
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible>,
    S::Future: Send + 'static,
    axum::http::Response<B>: IntoResponse,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut req: Request) -> Self::Future {
        let path = req.uri().path();
        let pending = Pending {
            id: next_request_id(),
            method: method_label(req.method()),
            path: tracing::enabled!(tracing::Level::INFO).then(|| path.to_owned()),
            route: match req.extensions().get::<MatchedPath>() {
                Some(matched) => Route::matched(matched.clone()),
                None if path.starts_with("/api/") => Route::fixed("unmatched"),
                None => Route::fixed("static"),
            },
            // The member's slot only when there can be a member: a request with a cookie.
            member: req.headers().contains_key(header::COOKIE).then(MemberSlot::default),
            lang: crate::error::lang_of(req.headers()),
            forgets: crate::public_cache::forgets(req.method(), path),
            api: path.starts_with("/api/"),
            started: Instant::now(),
        };
        if let Some(slot) = &pending.member {
            req.extensions_mut().insert(slot.clone());
        }
        let refused = declared_too_large(req.headers())
            .or_else(|| crate::auth::origin::refuse_cross_site(&req, &self.state.settings.public_url));
        let answer = match refused {
            Some(refused) => Err(refused),
            None => match std::panic::catch_unwind(AssertUnwindSafe(|| self.inner.call(req))) {
                Ok(future) => Ok(future),
                Err(panic) => Err(panic_response(panic)),
            },
        };
        let (state, https) = (self.state.clone(), self.https);
        Box::pin(async move {
            let response = match answer {
                Ok(future) => match AssertUnwindSafe(future).catch_unwind().await {
                    Ok(Ok(response)) => response.into_response(),
                    Ok(Err(never)) => match never {},
                    Err(panic) => panic_response(panic),
                },
                Err(response) => response,
            };
            Ok(finish(&state, https, pending, response))
        })
    }
}

/// The largest request body taken (a bank export of a season is well below).
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// A body announced larger than any the server takes is refused before a byte of it is read,
/// whoever sends it (a signed-in member's request would otherwise wait for the whole body).
fn declared_too_large(headers: &HeaderMap) -> Option<Response> {
    let declared = headers.get(header::CONTENT_LENGTH)?.to_str().ok()?.trim().parse::<u64>().ok()?;
    (declared > MAX_BODY_BYTES as u64)
        .then(|| crate::error::AppError::client(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").into_response())
}

/// A handler panicked: logged, answered 500 in the common error shape; the server keeps serving.
fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default();
    tracing::error!(panic = %detail, "handler panicked; the server keeps serving");
    let text = centre_core::message("internal", centre_core::Lang::Fr).unwrap_or("internal").to_owned();
    crate::error::error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal", text, None)
}

/// The answer's half of [`Edge`]: the cache, the language, the metrics, the log line, headers.
fn finish(state: &AppState, https: bool, pending: Pending, response: Response) -> Response {
    let status = response.status();
    if pending.forgets && crate::public_cache::succeeded(status) {
        state.public_cache.invalidate();
    }
    let mut response = crate::error::translate(response, pending.lang);
    let seconds = pending.started.elapsed().as_secs_f64();
    state.metrics.observe(pending.route, pending.method, status.as_u16(), seconds);
    if let Some(path) = pending.path {
        let latency_ms = seconds * 1000.0;
        let member_id = pending.member.as_ref().and_then(MemberSlot::get).unwrap_or("-");
        tracing::info!(
            request_id = %format_args!("{:016x}", pending.id),
            method = %pending.method,
            %path,
            status = status.as_u16(),
            latency_ms = format_args!("{latency_ms:.2}"),
            member_id = %member_id,
            "request"
        );
    }
    let headers = response.headers_mut();
    headers.insert("x-request-id", request_id_header(pending.id));
    security_headers(headers, https);
    if pending.api {
        no_store(headers);
    }
    response
}

/// The one cache policy of API answers: personal data (everything under `/api/user/` and
/// `/api/admin/`, `/api/auth/user`, a booking or a registration just made, the sign-in pages)
/// is never stored by the browser or a proxy, and neither is anything else the API answers,
/// except the answers that set their own policy: the public cache's (`no-cache` with an ETag,
/// the same for everyone, public_cache.rs).
fn no_store(headers: &mut HeaderMap) {
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The security headers of every answer; served over https, browsers also keep to https for a
/// year (HSTS).
fn security_headers(headers: &mut HeaderMap, https: bool) {
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if https {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    }
}

thread_local! {
    /// The next request id of this worker thread: a random start, then one up per request (as
    /// unique as a random id per request, without drawing one each time).
    static NEXT_REQUEST_ID: Cell<u64> = Cell::new(rand::random());
}

fn next_request_id() -> u64 {
    NEXT_REQUEST_ID.with(|next| {
        let id = next.get();
        next.set(id.wrapping_add(1));
        id
    })
}

/// `id` as 16 lowercase hex digits (the `x-request-id` header and the log's `request_id`).
fn request_id_header(id: u64) -> HeaderValue {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut text = [0u8; 16];
    for (i, byte) in text.iter_mut().enumerate() {
        *byte = HEX[((id >> (60 - 4 * i)) & 0xf) as usize];
    }
    HeaderValue::from_bytes(&text).unwrap_or_else(|_| HeaderValue::from_static("0000000000000000"))
}

/// The method as a metrics label: the standard ones by name, anything else as `OTHER` (a
/// client must not be able to add series).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

// ---------------------------------------------------------------------------------------------
// Sessions, when needed
// ---------------------------------------------------------------------------------------------

/// The routes whose handlers take the `Session` itself (routes/auth.rs): they start, finish or
/// end a sign-in, with or without a cookie, so they always get the session layer.
pub const SIGN_IN_PATHS: [&str; 4] = ["/api/login", "/api/callback", "/api/logout", "/api/dev-login"];

#[derive(Clone)]
pub struct SessionsWhenNeeded {
    sessions: SessionManagerLayer<RetryingStore>,
    cookie: &'static str,
    state: AppState,
}

impl SessionsWhenNeeded {
    pub fn new(state: &AppState) -> SessionsWhenNeeded {
        let secure = state.settings.is_https();
        SessionsWhenNeeded {
            sessions: state.auth.session_layer(secure),
            cookie: crate::auth::session_cookie(secure),
            state: state.clone(),
        }
    }
}

impl<S> Layer<S> for SessionsWhenNeeded {
    type Service = SessionGate<S>;

    fn layer(&self, inner: S) -> SessionGate<S> {
        SessionGate { inner, layers: self.clone() }
    }
}

#[derive(Clone)]
pub struct SessionGate<S> {
    inner: S,
    layers: SessionsWhenNeeded,
}

/// Whether a request gets the session layer: it signs in or out, or it carries a cookie and asks
/// for an API call or a page (a path whose last segment has no dot). Files (scripts, styles,
/// icons, `/sw.js`, `/index.html`) are the same for everyone: no store read for each of them,
/// and the service worker's precache never meets a session.
fn needs_session(req: &Request) -> bool {
    let path = req.uri().path();
    if SIGN_IN_PATHS.contains(&path) {
        return true;
    }
    let file = path.rsplit('/').next().is_some_and(|last| last.contains('.'));
    req.headers().contains_key(header::COOKIE) && (path.starts_with("/api/") || !file)
}

/// tower-sessions clears the cookie of a request whose session is not in the store. A request
/// sent with the session a sign-in has just replaced (`auth::sign_in` cycles the id) may be
/// answered after the sign-in's own answer: its clearing would then sign the new session out
/// of the browser. So outside the sign-in routes a session cookie is set, never cleared; an
/// unknown one is only ever read as nobody, and expires with its max-age.
fn keep_newer_cookie(headers: &mut HeaderMap, cookie: &str) {
    let clears = |value: &HeaderValue| {
        value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix(cookie))
            .and_then(|v| v.strip_prefix('='))
            .is_some_and(|v| v.is_empty() || v.starts_with(';'))
    };
    if !headers.get_all(header::SET_COOKIE).iter().any(clears) {
        return;
    }
    let kept: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).iter().filter(|v| !clears(v)).cloned().collect();
    headers.remove(header::SET_COOKIE);
    for value in kept {
        headers.append(header::SET_COOKIE, value);
    }
}

impl<S> Service<Request> for SessionGate<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        if !needs_session(&req) {
            return Either::Left(self.inner.call(req));
        }
        // The inner service was made ready by `poll_ready`; the session stack takes it over.
        let clone = self.inner.clone();
        let ready = std::mem::replace(&mut self.inner, clone);
        let member = Member { inner: ready, state: self.layers.state.clone() };
        let with_sessions = self.layers.sessions.layer(member);
        let may_clear = SIGN_IN_PATHS.contains(&req.uri().path());
        let cookie = self.layers.cookie;
        Either::Right(Box::pin(async move {
            let mut response = with_sessions.oneshot(req).await?;
            if !may_clear {
                keep_newer_cookie(response.headers_mut(), cookie);
            }
            Ok(response)
        }))
    }
}

/// Inside the session layer: `auth::know_member` (the log's member, the write limit).
#[derive(Clone)]
struct Member<S> {
    inner: S,
    state: AppState,
}

impl<S> Service<Request> for Member<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let clone = self.inner.clone();
        let ready = std::mem::replace(&mut self.inner, clone);
        let state = self.state.clone();
        Box::pin(async move {
            let (parts, body) = req.into_parts();
            if let Some(refused) = crate::auth::know_member(&state.limits, &parts).await {
                return Ok(refused);
            }
            ready.oneshot(Request::from_parts(parts, body)).await
        })
    }
}
