//! Limits against abuse, answered 429 `rate_limited` with `Retry-After` (governor's keyed GCRA
//! limiters, one set per app):
//!
//! - OpenID sign-in starts and callbacks, per client address: a burst of 60, then one a second.
//!   A sign-in is two requests (start and callback), so 30 people behind one school's network
//!   can sign in at the same moment, and 30 more every minute after. The development sign-in
//!   is never limited (test suites and benchmarks sign in many members).
//! - Writes (POST, PUT, PATCH, DELETE under /api), per signed-in member, not per address: a
//!   camp rush of many parents behind one network goes through. `--write-limit` per minute and
//!   at once (120 by default). Signed-out writes are not counted: they are refused 401 anyway,
//!   and the development sign-in is not a member's write.
//!
//! The client's address is the TCP peer's, or the right-most X-Forwarded-For entry that is not a
//! trusted proxy when the peer is one (`--trusted-proxies`). IPv6 addresses count per /64, the
//! block one household or one phone gets.

use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method};
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::error::AppError;
use crate::net::caps::bucket;
use crate::settings::Settings;

/// Sign-in requests one address may make at once; then one more a second.
pub const SIGN_IN_BURST: NonZeroU32 = match NonZeroU32::new(60) {
    Some(n) => n,
    None => NonZeroU32::MIN,
};
/// Every so many checks, the keys back at a full burst are forgotten (memory stays bounded).
const FORGET_EVERY: u32 = 1024;

/// The limiters of one app.
#[derive(Clone)]
pub struct Limits {
    sign_in: Arc<Limiter<IpAddr>>,
    /// `None` with `--write-limit 0`.
    writes: Option<Arc<Limiter<String>>>,
}

impl Limits {
    pub fn new(settings: &Settings) -> Limits {
        let sign_in = Quota::per_second(NonZeroU32::MIN).allow_burst(SIGN_IN_BURST);
        let writes = NonZeroU32::new(settings.write_limit).map(|n| Arc::new(Limiter::new(Quota::per_minute(n))));
        Limits { sign_in: Arc::new(Limiter::new(sign_in)), writes }
    }

    /// One OpenID sign-in request (start or callback) from `client`.
    pub fn sign_in(&self, client: ClientAddr) -> Result<(), AppError> {
        match client.0 {
            Some(ip) => self.sign_in.check(&bucket(ip)),
            // Served without the peer's address (a misconfiguration): not limited rather than
            // one bucket for everyone.
            None => Ok(()),
        }
    }
}

struct Limiter<K: Hash + Eq + Clone> {
    inner: DefaultKeyedRateLimiter<K>,
    checks: AtomicU32,
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    fn new(quota: Quota) -> Self {
        Limiter { inner: DefaultKeyedRateLimiter::keyed(quota), checks: AtomicU32::new(0) }
    }

    fn check(&self, key: &K) -> Result<(), AppError> {
        if self.checks.fetch_add(1, Ordering::Relaxed) % FORGET_EVERY == FORGET_EVERY - 1 {
            self.inner.retain_recent();
        }
        self.inner
            .check_key(key)
            .map_err(|not_until| AppError::rate_limited(not_until.wait_time_from(self.inner.clock().now())))
    }
}

/// The client's address (see the module's text); `None` when the server was not started with
/// the peers' addresses (`net::serve` gives them to every request).
/// Extracted from any state that gives the settings (`FromRef`), not from `AppState`, which holds
/// this module's `Limits`.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr(pub Option<IpAddr>);

impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        if peer.is_none() {
            tracing::warn!("the server runs without the peers' addresses: sign-ins are not limited");
        }
        let settings = Arc::<Settings>::from_ref(state);
        Ok(ClientAddr(peer.map(|peer| client_addr(peer, &parts.headers, &settings.trusted_proxies))))
    }
}

/// The TCP peer, unless it is a trusted proxy: then the right-most X-Forwarded-For entry that is
/// not itself a trusted proxy. A missing or malformed header means the peer.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted.contains(&peer) {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for entry in entries.into_iter().rev() {
        let parsed = entry.parse::<IpAddr>().or_else(|_| entry.parse::<SocketAddr>().map(|a| a.ip()));
        match parsed.map(|ip| ip.to_canonical()) {
            Ok(ip) if trusted.contains(&ip) => {}
            Ok(ip) => return ip,
            Err(_) => return peer,
        }
    }
    peer
}

impl Limits {
    /// Whether this request is a write the per-member limit counts (`--write-limit` not 0).
    pub fn counts_write(&self, method: &Method, path: &str) -> bool {
        self.writes.is_some() && is_member_write(method, path)
    }

    /// One counted write of `user_id` (checked inside the session layer by
    /// `auth::know_member`): 429 beyond the limit.
    pub fn write(&self, user_id: &str) -> Result<(), AppError> {
        match &self.writes {
            Some(writes) => writes.check(&user_id.to_owned()),
            None => Ok(()),
        }
    }
}

/// A state-changing API request, other than signing in.
fn is_member_write(method: &Method, path: &str) -> bool {
    matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE)
        && path.starts_with("/api/")
        && path != "/api/dev-login"
        && !path.starts_with("/api/auth/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn forwarded(values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_static(v));
        }
        headers
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn the_client_is_the_peer_unless_a_trusted_proxy_names_it() {
        let caddy = [ip("127.0.0.1"), ip("::1")];
        let peer = ip("127.0.0.1");
        // An untrusted peer's header is ignored.
        assert_eq!(client_addr(ip("198.51.100.7"), &forwarded(&["203.0.113.1"]), &caddy), ip("198.51.100.7"));
        assert_eq!(client_addr(peer, &forwarded(&["203.0.113.1"]), &[]), peer);
        // The right-most entry that is not a trusted proxy: a client cannot name itself.
        assert_eq!(client_addr(peer, &forwarded(&["10.9.9.9, 203.0.113.1"]), &caddy), ip("203.0.113.1"));
        assert_eq!(client_addr(peer, &forwarded(&["10.9.9.9", "203.0.113.1, ::1"]), &caddy), ip("203.0.113.1"));
        assert_eq!(client_addr(peer, &forwarded(&["[2001:db8::1]:4711"]), &caddy), ip("2001:db8::1"));
        // Missing, malformed or only proxies: the peer.
        assert_eq!(client_addr(peer, &HeaderMap::new(), &caddy), peer);
        assert_eq!(client_addr(peer, &forwarded(&["unknown"]), &caddy), peer);
        assert_eq!(client_addr(peer, &forwarded(&["::1, 127.0.0.1"]), &caddy), peer);
        // A dual-stack socket's IPv4-mapped peer is the IPv4 address.
        assert_eq!(client_addr(ip("::ffff:127.0.0.1"), &forwarded(&["203.0.113.1"]), &caddy), ip("203.0.113.1"));
    }

    #[test]
    fn ipv6_counts_per_64_and_only_member_writes_are_counted() {
        assert_eq!(bucket(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(bucket(ip("203.0.113.9")), ip("203.0.113.9"));
        assert!(is_member_write(&Method::POST, "/api/courts/book"));
        assert!(is_member_write(&Method::DELETE, "/api/user/court-bookings/3"));
        assert!(!is_member_write(&Method::GET, "/api/courts"));
        assert!(!is_member_write(&Method::POST, "/api/dev-login"));
        assert!(!is_member_write(&Method::POST, "/home"));
    }
}
