//! The PWA, embedded in the binary at build time: one file deploys, from any directory.
//! `/` and `/home` get index.html, which holds the landing page prerendered at build time (its
//! text is there before any JavaScript runs), unless the request carries a session cookie (a
//! member: the app renders the member home, so no visitors' page flashes first); other client
//! routes get shell.html, the same page without content. Hashed assets are immutable; the HTML
//! and the service worker are revalidated on every load.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../pwa/dist"]
struct Assets;

/// The paths whose first screen is the landing page (pwa/src/prerender-paths.ts).
const LANDING_PATHS: [&str; 3] = ["", "index.html", "home"];

pub async fn serve_pwa(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if LANDING_PATHS.contains(&path) {
        let page = if has_session_cookie(&headers) { "shell.html" } else { "index.html" };
        let mut response = file(page).or_else(|| file("index.html")).unwrap_or_else(not_built);
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("Cookie"));
        return response;
    }
    if let Some(response) = file(path) {
        return response;
    }
    // A missing file with an extension (an old hashed asset) is a real 404, not the shell.
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    file("shell.html").or_else(|| file("index.html")).unwrap_or_else(not_built)
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

fn file(path: &str) -> Option<Response> {
    let path = if path.is_empty() { "index.html" } else { path };
    let asset = Assets::get(path)?;
    let mime = asset.metadata.mimetype();
    let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut response = Response::new(Body::from(asset.data.into_owned()));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Some(response)
}
