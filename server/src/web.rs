//! The PWA, embedded in the binary at build time: one file deploys, from any directory.
//! `/` and `/home` get index.html, which holds the landing page prerendered at build time (its
//! text is there before any JavaScript runs), unless a member is signed in (the member home's
//! shell, so no visitors' page flashes first). Other client routes get a route shell
//! (pwa/scripts/route-shells.mjs): the page's frame (the header and a loading line) whose
//! `<head>` asks for the page's chunks, texts and data with the entry script, chosen for who
//! asks: `shells/{first path segment}.html` for a visitor, `shells/member/…` for a signed-in
//! member (with the role calls and the member's own reads), `shells/admin/{tab}.html` for an
//! admin's console and `shells/supervisor/admin.html` for a supervisor's (their frame is the
//! console's title and tabs, an admin's with that tab chosen); else shell.html. A `{id}` in a shell is the path's second segment
//! (/event/4). Hashed assets are immutable; the HTML, the service worker and the manifest are
//! revalidated on every load (ETag, 304), and the HTML varies with the cookie.
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

use crate::auth::{CurrentUser, MaybeUser};
use crate::encoding::{self, Accepted, Encoding, Precompressed};
use crate::error::AppError;

#[derive(RustEmbed)]
#[folder = "../pwa/dist"]
struct Assets;

/// The paths whose first screen is the landing page (pwa/src/prerender-paths.ts).
const LANDING_PATHS: [&str; 3] = ["", "index.html", "home"];

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The console's first tab, which /admin opens on (`DEFAULT_TAB` in
/// pwa/src/features/admin/consoleSections.ts).
const FIRST_ADMIN_TAB: &str = "bookings";

/// The placeholder of a shell's reads that the path's second segment fills (route-shells.mjs).
const ID_PLACEHOLDER: &str = "{id}";

pub async fn serve_pwa(uri: Uri, headers: HeaderMap, user: Result<MaybeUser, AppError>) -> Response {
    // A session that cannot be read is a visitor's page: the app asks again and shows the error.
    let user = user.ok().and_then(|MaybeUser(user)| user);
    let path = uri.path().trim_start_matches('/');
    if LANDING_PATHS.contains(&path) {
        let page = if user.is_some() { "shells/member/home.html" } else { "index.html" };
        let response = file(page, &headers).or_else(|| file("index.html", &headers)).unwrap_or_else(not_built);
        return varies_with_cookie(response);
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
    let mut segments = path.split('/');
    let segment = segments.next().unwrap_or("");
    let id = segments.next().and_then(|raw| crate::routes::params::parse_id(raw).ok());
    let response = shells(segment, uri.query(), user.as_ref())
        .into_iter()
        .find_map(|shell| shell_file(&shell, id, &headers))
        .or_else(|| file("shell.html", &headers))
        .or_else(|| file("index.html", &headers))
        .unwrap_or_else(not_built);
    varies_with_cookie(response)
}

/// The shells that fit this route and this person, the closest first.
fn shells(segment: &str, query: Option<&str>, user: Option<&CurrentUser>) -> Vec<String> {
    // Names from the path only when they are plain words: no `..`, no `/`.
    let word = |name: &str| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !word(segment) {
        return Vec::new();
    }
    let mut found = Vec::new();
    if let Some(user) = user {
        if segment == "admin" && user.is_admin() {
            found.extend(tab_asked(query).filter(|tab| word(tab)).map(|tab| format!("shells/admin/{tab}.html")));
            found.push(format!("shells/admin/{FIRST_ADMIN_TAB}.html"));
        } else if segment == "admin" && user.is_supervisor() {
            found.push("shells/supervisor/admin.html".to_owned());
        }
        found.push(format!("shells/member/{segment}.html"));
    }
    found.push(format!("shells/{segment}.html"));
    found
}

/// `?tab=` of the console's address.
fn tab_asked(query: Option<&str>) -> Option<String> {
    url::form_urlencoded::parse(query?.as_bytes()).find(|(name, _)| name == "tab").map(|(_, tab)| tab.into_owned())
}

/// A shell, its `{id}` filled with the path's id. Without an id (or with one that is not a
/// number), the reads that need it are left out.
fn shell_file(path: &str, id: Option<i64>, request: &HeaderMap) -> Option<Response> {
    let original = Assets::get(path)?;
    let text = std::str::from_utf8(&original.data).ok()?;
    if !text.contains(ID_PLACEHOLDER) {
        return file(path, request);
    }
    let html: String = match id {
        Some(id) => text.replace(ID_PLACEHOLDER, &id.to_string()),
        None => text.lines().filter(|line| !line.contains(ID_PLACEHOLDER)).map(|line| format!("{line}\n")).collect(),
    };
    let digest = digest(&original);
    let etag = format!("\"{digest}-{}\"", id.map_or_else(String::new, |id| id.to_string()));
    // Filled in per request, so compressed per request by the compression layer (a small page).
    let mut response = if encoding::not_modified(request, &etag) {
        (StatusCode::NOT_MODIFIED, Body::empty()).into_response()
    } else {
        let mut response = html.into_response();
        if let Ok(value) = HeaderValue::from_str(original.metadata.mimetype()) {
            response.headers_mut().insert(header::CONTENT_TYPE, value);
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    Some(response)
}

/// Which HTML a page gets depends on the session cookie (and its coding on Accept-Encoding).
fn varies_with_cookie(mut response: Response) -> Response {
    response.headers_mut().append(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

fn not_built() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, "The PWA was not built into this binary (run `make build`).").into_response()
}

/// A file's content digest, the base of its ETags (128 bits of its SHA-256, in hex).
fn digest(file: &rust_embed::EmbeddedFile) -> String {
    file.metadata.sha256_hash()[..16].iter().map(|b| format!("{b:02x}")).collect()
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
    let digest = digest(&original);
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
