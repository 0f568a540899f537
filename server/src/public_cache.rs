//! The answers every visitor asks for (`GET /api/events`, `/api/courts`, `/api/day-camp-programs`,
//! `/api/day-camp-weeks`), kept in memory as the bytes sent: the JSON itself and, once asked
//! for, its gzip and brotli encodings, each with a strong ETag (`If-None-Match` gets 304).
//!
//! - **What is kept:** only answers that are the same for everyone. These handlers read no
//!   session; the day-camp programs are named in the request's language, so that route's
//!   answers are kept per language. Each is kept for the centre's day it was built on (the
//!   events listing starts today, a week's `open` depends on today).
//! - **When it is forgotten:** not on a timer. Every successful state-changing request under
//!   `/api` forgets everything (`forgets`, checked by the edge layer: one honest rule rather than a
//!   list of which write touches which answer), and so does the scheduled payments work when it
//!   changed something (`scheduler::run_once`). A write made outside this process (the sqlite3
//!   shell) is seen after the next write or a restart.
//! - **No stale answer after a write:** an answer is kept only if nothing was forgotten between
//!   the moment its request arrived and the moment it is stored (a generation number), so an
//!   answer read before a write can never be kept after that write.
//! - **Bounded:** at most [`MAX_KEYS`] distinct path-and-query strings; beyond that, answers are
//!   built for each request as before.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use centre_core::Lang;
use chrono::NaiveDate;

use crate::encoding::{self, Encoding, Precompressed};
use crate::error::AppError;

/// Distinct path-and-query strings kept at most (there are four routes; the rest is junk).
pub const MAX_KEYS: usize = 64;
/// Brotli's quality for a kept answer: built once per change, on the request path, so a fast
/// one (about 0.5 ms for 100 KB of JSON; quality 11 would take about 200 ms).
const BROTLI_QUALITY: u32 = 6;
const BROTLI_WINDOW: u32 = 22;
const GZIP_LEVEL: u32 = 9;
/// Larger answers are not kept (none of the four comes near).
const MAX_BODY: usize = 8 * 1024 * 1024;

/// Whether a route's answers differ by the request's language.
#[derive(Clone, Copy, Debug)]
pub enum Varies {
    Nothing,
    Language,
}

#[derive(Clone)]
pub struct PublicCache {
    inner: Arc<Inner>,
}

struct Inner {
    tz: chrono_tz::Tz,
    /// The server's clock: an answer kept is for its day.
    clock: crate::clock::Clock,
    generation: AtomicU64,
    entries: RwLock<HashMap<Box<str>, Vec<Kept>>>,
}

/// One answer of one path-and-query, in one language, as built on `day`.
struct Kept {
    day: NaiveDate,
    lang: Lang,
    content_type: HeaderValue,
    digest: String,
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

impl Kept {
    fn body(&self, coding: Encoding) -> Option<&Bytes> {
        match coding {
            Encoding::Identity => Some(&self.identity),
            Encoding::Gzip => self.gzip.as_ref(),
            Encoding::Brotli => self.brotli.as_ref(),
        }
    }
}

impl PublicCache {
    pub fn new(tz: chrono_tz::Tz, clock: crate::clock::Clock) -> PublicCache {
        PublicCache { inner: Arc::new(Inner { tz, clock, generation: AtomicU64::new(0), entries: RwLock::default() }) }
    }

    /// Forgets every kept answer (after a write).
    pub fn invalidate(&self) {
        let mut entries = self.inner.entries.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        self.inner.generation.fetch_add(1, Ordering::SeqCst);
        entries.clear();
    }

    /// How many answers are kept (each path-and-query and language counts once).
    pub fn len(&self) -> usize {
        self.inner.entries.read().map_or(0, |entries| entries.values().map(Vec::len).sum())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn today(&self) -> NaiveDate {
        self.inner.clock.now().with_timezone(&self.inner.tz).date_naive()
    }

    /// The kept answer's response for `coding`, if that coding was built already.
    fn lookup(&self, key: &str, lang: Lang, day: NaiveDate, coding: Encoding, request: &HeaderMap) -> Lookup {
        let entries = self.inner.entries.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(kept) = entries.get(key).and_then(|all| all.iter().find(|k| k.lang == lang && k.day == day)) else {
            return Lookup::Missing;
        };
        match kept.body(coding) {
            Some(body) => Lookup::Found(respond(kept, coding, body.clone(), request)),
            None => Lookup::NotEncoded(kept.identity.clone(), kept.content_type.clone()),
        }
    }

    /// Keeps `built` unless something was forgotten since `generation` was read.
    fn store(&self, key: &str, generation: u64, built: Kept) {
        let mut entries = self.inner.entries.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.inner.generation.load(Ordering::SeqCst) != generation {
            return;
        }
        if !entries.contains_key(key) && entries.len() >= MAX_KEYS {
            return;
        }
        let all = entries.entry(key.into()).or_default();
        match all.iter_mut().find(|k| k.lang == built.lang && k.day == built.day && k.digest == built.digest) {
            // The same answer in another coding: add the coding to it.
            Some(kept) => {
                kept.gzip = kept.gzip.take().or(built.gzip);
                kept.brotli = kept.brotli.take().or(built.brotli);
            }
            None => {
                all.retain(|k| k.lang != built.lang);
                all.push(built);
            }
        }
    }
}

enum Lookup {
    Found(Response),
    /// Kept, but not yet in this coding: the JSON to encode.
    NotEncoded(Bytes, HeaderValue),
    Missing,
}

fn digest_of(body: &[u8]) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    body.hash(&mut hasher);
    format!("{:016x}{:08x}", hasher.finish(), body.len())
}

fn compress(coding: Encoding, body: &[u8]) -> Option<Bytes> {
    let mut out = Vec::with_capacity(body.len() / 4 + 64);
    match coding {
        Encoding::Identity => return None,
        Encoding::Gzip => {
            let mut writer = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(GZIP_LEVEL));
            writer.write_all(body).ok()?;
            writer.finish().ok()?;
        }
        Encoding::Brotli => {
            let mut writer = brotli::CompressorWriter::new(&mut out, 16 * 1024, BROTLI_QUALITY, BROTLI_WINDOW);
            writer.write_all(body).ok()?;
            writer.into_inner();
        }
    }
    Some(Bytes::from(out))
}

fn vary(varies: Varies) -> HeaderValue {
    match varies {
        Varies::Nothing => HeaderValue::from_static("Accept-Encoding"),
        Varies::Language => HeaderValue::from_static("Accept-Encoding, X-Lang, Accept-Language"),
    }
}

/// The response for a kept answer: 304 when the request already has this representation.
fn respond(kept: &Kept, coding: Encoding, body: Bytes, request: &HeaderMap) -> Response {
    let etag = coding.etag(&kept.digest);
    let mut response = if encoding::not_modified(request, &etag) {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let length = HeaderValue::from(body.len());
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, kept.content_type.clone());
        headers.insert(header::CONTENT_LENGTH, length);
        if let Some(value) = coding.header() {
            headers.insert(header::CONTENT_ENCODING, value);
        }
        response
    };
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    // Revalidated on every use: the answer changes whenever someone writes.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response.extensions_mut().insert(Precompressed);
    response
}

/// Middleware on the public routes (a `route_layer`): answers GETs from the cache, or builds
/// the answer with the handler and keeps it. Anything but a plain 200 JSON answer (no
/// `Set-Cookie`, no coding of its own) passes through untouched; other methods too.
pub async fn serve(State((cache, varies)): State<(PublicCache, Varies)>, req: Request, next: Next) -> Response {
    if req.method() != Method::GET {
        return next.run(req).await;
    }
    let generation = cache.inner.generation.load(Ordering::SeqCst);
    let day = cache.today();
    let lang = match varies {
        Varies::Nothing => Lang::Fr,
        Varies::Language => crate::error::lang_of(req.headers()),
    };
    let coding = encoding::preferred(req.headers());
    let key = req.uri().path_and_query().map_or_else(|| req.uri().path(), |pq| pq.as_str());
    let (identity, content_type) = match cache.lookup(key, lang, day, coding, req.headers()) {
        Lookup::Found(mut response) => {
            response.headers_mut().insert(header::VARY, vary(varies));
            return response;
        }
        Lookup::NotEncoded(identity, content_type) => (identity, content_type),
        Lookup::Missing => {
            let asked = Asked { key: key.to_owned(), generation, day, lang, coding, varies };
            let request_headers = req.headers().clone();
            let response = next.run(req).await;
            return keep_built(&cache, asked, &request_headers, response).await;
        }
    };
    let key = key.to_owned();
    let built = encoded(day, lang, content_type, identity, coding);
    let response = respond_built(&built, coding, req.headers());
    cache.store(&key, generation, built);
    with_vary(response, varies)
}

/// The response for a freshly built answer, in `coding` (identity if it could not be encoded).
fn respond_built(built: &Kept, coding: Encoding, request: &HeaderMap) -> Response {
    match built.body(coding) {
        Some(body) => respond(built, coding, body.clone(), request),
        None => respond(built, Encoding::Identity, built.identity.clone(), request),
    }
}

fn encoded(day: NaiveDate, lang: Lang, content_type: HeaderValue, identity: Bytes, coding: Encoding) -> Kept {
    let digest = digest_of(&identity);
    let (gzip, brotli) = match coding {
        Encoding::Identity => (None, None),
        Encoding::Gzip => (compress(coding, &identity), None),
        Encoding::Brotli => (None, compress(coding, &identity)),
    };
    Kept { day, lang, content_type, digest, identity, gzip, brotli }
}

fn with_vary(mut response: Response, varies: Varies) -> Response {
    response.headers_mut().insert(header::VARY, vary(varies));
    response
}

/// What a request that missed asked for, and when (the generation it arrived in).
struct Asked {
    key: String,
    generation: u64,
    day: NaiveDate,
    lang: Lang,
    coding: Encoding,
    varies: Varies,
}

/// Keeps the handler's answer to a request that missed (when it is a plain 200 JSON answer) and
/// sends it in the coding asked for.
async fn keep_built(cache: &PublicCache, asked: Asked, request: &HeaderMap, response: Response) -> Response {
    let headers = response.headers();
    let json = headers.get(header::CONTENT_TYPE).filter(|v| v.as_bytes().starts_with(b"application/json")).cloned();
    let plain = response.status() == StatusCode::OK
        && !headers.contains_key(header::SET_COOKIE)
        && !headers.contains_key(header::CONTENT_ENCODING);
    let Some(content_type) = json.filter(|_| plain) else {
        return response;
    };
    let (parts, body) = response.into_parts();
    let identity = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(bytes) => bytes,
        Err(e) => return AppError::Internal(format!("public cache: reading an answer failed: {e}")).into_response(),
    };
    let built = encoded(asked.day, asked.lang, content_type, identity, asked.coding);
    let mut response = respond_built(&built, asked.coding, request);
    // The handler's other headers (none today) stay.
    for (name, value) in &parts.headers {
        if !response.headers().contains_key(name) && name != header::CONTENT_LENGTH {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    cache.store(&asked.key, asked.generation, built);
    with_vary(response, asked.varies)
}

/// Whether a request's success forgets every kept answer: a state-changing request under `/api`
/// (the edge layer, layers.rs, asks before the handler runs, and forgets after it committed,
/// before the answer leaves: the client that wrote reads its own write next).
pub fn forgets(method: &Method, path: &str) -> bool {
    matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE) && path.starts_with("/api/")
}

/// A successful answer (2xx or 3xx): what the guard forgets after.
pub fn succeeded(status: StatusCode) -> bool {
    status.is_success() || status.is_redirection()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(day: NaiveDate, body: &'static str) -> Kept {
        encoded(
            day,
            Lang::Fr,
            HeaderValue::from_static("application/json"),
            Bytes::from_static(body.as_bytes()),
            Encoding::Brotli,
        )
    }

    #[test]
    fn an_answer_built_before_a_write_is_not_kept_after_it() {
        let cache = PublicCache::new(chrono_tz::America::Toronto, crate::clock::Clock::default());
        let day = cache.today();
        let before = cache.inner.generation.load(Ordering::SeqCst);
        cache.invalidate();
        cache.store("/api/events", before, kept(day, "[]"));
        assert!(cache.is_empty(), "read before the write, stored after it: dropped");
        let now = cache.inner.generation.load(Ordering::SeqCst);
        cache.store("/api/events", now, kept(day, "[]"));
        assert_eq!(cache.len(), 1);
        cache.invalidate();
        assert!(cache.is_empty());
    }

    #[test]
    fn yesterday_s_answer_is_not_today_s_and_the_keys_are_bounded() {
        let cache = PublicCache::new(chrono_tz::America::Toronto, crate::clock::Clock::default());
        let today = cache.today();
        let yesterday = today.pred_opt().unwrap_or(today);
        cache.store("/api/events", 0, kept(yesterday, "[1]"));
        let headers = HeaderMap::new();
        assert!(matches!(cache.lookup("/api/events", Lang::Fr, today, Encoding::Identity, &headers), Lookup::Missing));
        for n in 0..MAX_KEYS * 2 {
            cache.store(&format!("/api/events?junk={n}"), 0, kept(today, "[]"));
        }
        assert_eq!(cache.inner.entries.read().map(|e| e.len()).unwrap_or_default(), MAX_KEYS);
    }

    #[test]
    fn the_encodings_decode_to_the_json() {
        let json = br#"[{"id":1,"title":"Tournoi"}]"#.repeat(100);
        let br = compress(Encoding::Brotli, &json).unwrap_or_default();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut decoded).ok();
        assert_eq!(decoded, json);
        let gz = compress(Encoding::Gzip, &json).unwrap_or_default();
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut decoded).ok();
        assert_eq!(decoded, json);
        assert!(br.len() < json.len() / 10 && gz.len() < json.len() / 10);
    }
}
