//! The PWA, embedded in the binary at build time: one file deploys, from any directory.
//! `/` and `/home` get index.html, which holds the landing page prerendered at build time (its
//! text is there before any JavaScript runs), unless the request carries a session cookie (a
//! member: the app renders the member home, so no visitors' page flashes first); other client
//! routes get shell.html, the same page without content, or the route's own variant of it
//! (`shells/{first path segment}.html`, which asks for the page's chunks, texts and public data
//! at once: pwa/scripts/route-shells.mjs). Hashed assets are immutable; the HTML,
//! the service worker and the manifest are revalidated on every load (ETag, 304).
//!
//! Compression happens once, at build time (`pwa/scripts/precompress.mjs`: brotli at quality
//! 11 and gzip at level 9 beside every compressible file); each request gets the variant its
//! `Accept-Encoding` allows (brotli, then gzip, else the file itself) with the original's
//! `Content-Type`, and the dynamic compression layer leaves it alone ([`Precompressed`]).

use std::borrow::Cow;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::encoding::{self, Accepted, Encoding, Precompressed};

#[derive(RustEmbed)]
#[folder = "../pwa/dist"]
struct Assets;

/// The paths whose first screen is the landing page (pwa/src/prerender-paths.ts).
const LANDING_PATHS: [&str; 3] = ["", "index.html", "home"];

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn serve_pwa(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if LANDING_PATHS.contains(&path) {
        let page = if has_session_cookie(&headers) { "shell.html" } else { "index.html" };
        let mut response = file(page, &headers).or_else(|| file("index.html", &headers)).unwrap_or_else(not_built);
        // The first Vary names the cookie (which page), the variant's the coding.
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie"));
        response.headers_mut().append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        return response;
    }
    // The precompressed variants are served in place of their file, never by their own name.
    if !path.ends_with(".br")
        && !path.ends_with(".gz")
        && let Some(response) = file(path, &headers)
    {
        return response;
    }
    // A missing file with an extension (an old hashed asset) is a real 404, not the shell.
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    // The route's own shell announces its page's downloads (pwa/scripts/route-shells.mjs).
    let segment = path.split('/').next().unwrap_or("");
    let route_shell = (!segment.is_empty()).then(|| file(&format!("shells/{segment}.html"), &headers)).flatten();
    route_shell
        .or_else(|| file("shell.html", &headers))
        .or_else(|| file("index.html", &headers))
        .unwrap_or_else(not_built)
}

fn not_built() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, "The PWA was not built into this binary (run `make build`).").into_response()
}

fn has_session_cookie(headers: &HeaderMap) -> bool {
    headers.get_all(header::COOKIE).iter().filter_map(|value| value.to_str().ok()).any(|cookies| {
        cookies.split(';').any(|pair| {
            let name = pair.trim().split('=').next();
            name == Some(crate::auth::SESSION_COOKIE) || name == Some(crate::auth::SECURE_SESSION_COOKIE)
        })
    })
}

/// The embedded bytes, without a copy when they are in the binary.
fn bytes_of(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(slice) => Bytes::from_static(slice),
        Cow::Owned(vec) => Bytes::from(vec),
    }
}

/// The variant of `path` the request accepts: a precompressed file when the build made one (it
/// only keeps those smaller than the file), else the file itself. Answers the coding sent, its
/// file, and whether any variant exists (then the answer varies with Accept-Encoding).
fn variant(path: &str, accepted: Accepted) -> (Encoding, Option<rust_embed::EmbeddedFile>, bool) {
    let br = Assets::get(&format!("{path}.br"));
    let gz = Assets::get(&format!("{path}.gz"));
    let varies = br.is_some() || gz.is_some();
    match accepted.best(br.is_some(), gz.is_some()) {
        Encoding::Brotli => (Encoding::Brotli, br, varies),
        Encoding::Gzip => (Encoding::Gzip, gz, varies),
        Encoding::Identity => (Encoding::Identity, None, varies),
    }
}

fn file(path: &str, request: &HeaderMap) -> Option<Response> {
    let path = if path.is_empty() { "index.html" } else { path };
    let original = Assets::get(path)?;
    let cache = if path.starts_with("assets/") { IMMUTABLE } else { "no-cache" };
    let digest: String = original.metadata.sha256_hash()[..16].iter().map(|b| format!("{b:02x}")).collect();
    let (coding, compressed, varies) = variant(path, Accepted::of(request));
    let etag = coding.etag(&digest);
    let mut response = if encoding::not_modified(request, &etag) {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let body = bytes_of(compressed.map_or(original.data, |c| c.data));
        let length = HeaderValue::from(body.len());
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        if let Ok(value) = HeaderValue::from_str(original.metadata.mimetype()) {
            headers.insert(header::CONTENT_TYPE, value);
        }
        headers.insert(header::CONTENT_LENGTH, length);
        if let Some(value) = coding.header() {
            headers.insert(header::CONTENT_ENCODING, value);
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if varies {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    response.extensions_mut().insert(Precompressed);
    Some(response)
}
