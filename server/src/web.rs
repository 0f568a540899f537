//! The PWA, embedded in the binary at build time: one file deploys, from any directory.
//! `/` and `/home` get index.html, which holds the landing page prerendered at build time (its
//! text is there before any JavaScript runs); other client routes get shell.html, the same page
//! without content. Hashed assets are immutable; the HTML and the service worker are
//! revalidated on every load.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../pwa/dist"]
struct Assets;

pub async fn serve_pwa(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(response) = file(path) {
        return response;
    }
    // A missing file with an extension (an old hashed asset) is a real 404, not the shell.
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    // The paths whose first screen is the landing page (pwa/src/prerender-paths.ts).
    let page = if path == "home" { "index.html" } else { "shell.html" };
    file(page).or_else(|| file("index.html")).unwrap_or_else(|| {
        (StatusCode::SERVICE_UNAVAILABLE, "The PWA was not built into this binary (run `make build`).").into_response()
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
