//! Delivery: the PWA's files compressed once at build time and sent by
//! Accept-Encoding (brotli, gzip, identity) with their type, length, `Vary` and cache rules; the
//! public GETs answered from memory with an ETag (304 on `If-None-Match`), and a write seen by
//! the very next read. Needs pwa/dist built with its .br and .gz files (`make build` or `make
//! test` build it first).
#![allow(clippy::unwrap_used)]

use crate::common;

use common::TestApp;
use reqwest::header::HeaderMap;
use serde_json::{Value, json};

/// A client that sends exactly the Accept-Encoding given (reqwest here decodes nothing).
async fn get(app: &TestApp, path: &str, accept: Option<&str>) -> reqwest::Response {
    let mut request = reqwest::Client::new().get(app.at(path));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    request.send().await.unwrap()
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).map_or("", |v| v.to_str().unwrap())
}

fn varies_on(headers: &HeaderMap, name: &str) -> bool {
    headers
        .get_all("vary")
        .iter()
        .any(|v| v.to_str().unwrap().to_ascii_lowercase().contains(&name.to_ascii_lowercase()))
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
    out
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

/// The hashed entry script named by the shell.
async fn entry_script(app: &TestApp) -> String {
    let html = get(app, "/events", None).await.text().await.unwrap();
    let name = html.split("src=\"/assets/").nth(1).and_then(|rest| rest.split('"').next()).unwrap();
    format!("/assets/{name}")
}

#[tokio::test]
async fn the_pwa_files_are_sent_precompressed_by_accept_encoding() {
    let app = TestApp::spawn().await;
    let script = entry_script(&app).await;

    let plain = get(&app, &script, None).await;
    assert_eq!(plain.status(), 200);
    let headers = plain.headers().clone();
    let original = plain.bytes().await.unwrap();
    assert!(headers.get("content-encoding").is_none(), "identity without Accept-Encoding");
    assert!(varies_on(&headers, "accept-encoding"), "the answer varies: {headers:?}");
    assert_eq!(header(&headers, "content-length"), original.len().to_string());
    assert_eq!(header(&headers, "cache-control"), "public, max-age=31536000, immutable");
    let content_type = header(&headers, "content-type").to_owned();
    assert!(content_type.contains("javascript"), "{content_type}");

    for (accept, coding) in [("gzip, deflate, br", "br"), ("br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip")] {
        let response = get(&app, &script, Some(accept)).await;
        assert_eq!(response.status(), 200);
        let headers = response.headers().clone();
        let body = response.bytes().await.unwrap();
        assert_eq!(header(&headers, "content-encoding"), coding, "{accept}");
        assert_eq!(header(&headers, "content-type"), content_type, "the original's type ({accept})");
        assert_eq!(header(&headers, "content-length"), body.len().to_string(), "{accept}");
        assert!(varies_on(&headers, "accept-encoding"));
        assert_eq!(header(&headers, "cache-control"), "public, max-age=31536000, immutable");
        let decoded = if coding == "br" { unbrotli(&body) } else { gunzip(&body) };
        assert_eq!(decoded, original, "{accept}: the same file");
        assert!(body.len() < original.len() / 2, "{accept}: compressed ({} of {})", body.len(), original.len());
    }
    let none = get(&app, &script, Some("deflate, zstd")).await;
    assert!(none.headers().get("content-encoding").is_none(), "neither br nor gzip: the file itself");

    // Brotli at its highest quality is smaller than gzip at its highest level.
    let br = get(&app, &script, Some("br")).await.bytes().await.unwrap().len();
    let gz = get(&app, &script, Some("gzip")).await.bytes().await.unwrap().len();
    assert!(br < gz, "br {br} < gzip {gz}");

    // A variant is never served under its own name.
    assert_eq!(get(&app, &format!("{script}.br"), Some("br")).await.status(), 404);
    assert_eq!(get(&app, &format!("{script}.gz"), None).await.status(), 404);
}

/// The route's own shell asks for its page's chunks and public data with the entry script
/// (so that a phone on a slow network fetches them at once, not one after the other).
#[tokio::test]
async fn each_route_shell_announces_its_page_chunks_and_public_data() {
    let app = TestApp::spawn().await;
    // The frame (header, loading line), not the prerendered landing page.
    let shell = |html: &str| {
        html.contains("<div id=\"root\"><")
            && html.contains("<header")
            && !html.contains("data-prerendered")
            && html.contains("src=\"/assets/")
    };
    let preloads = |html: &str| html.matches("rel=\"modulepreload\"").count();

    let events = get(&app, "/events", None).await.text().await.unwrap();
    assert!(shell(&events), "{events}");
    assert!(preloads(&events) >= 1 && events.contains("/assets/EventsPage-"), "{events}");
    assert!(
        events.contains(r#"<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/events">"#),
        "{events}"
    );
    // Sent to a visitor: nobody asks who is signed in (the page says so; tests/shell.rs).
    assert!(!events.contains(r#"href="/api/auth/user""#), "{events}");

    // The brotli variant is the same page; a route's deeper paths share its shell.
    let compressed = get(&app, "/events", Some("br")).await;
    assert_eq!(header(compressed.headers(), "content-encoding"), "br");
    assert_eq!(String::from_utf8(unbrotli(&compressed.bytes().await.unwrap())).unwrap(), events);
    let event = get(&app, "/event/3", None).await.text().await.unwrap();
    assert!(event.contains("/assets/EventPage-") && !event.contains(r#"href="/api/events""#), "{event}");
    let courts = get(&app, "/reservations", None).await.text().await.unwrap();
    assert!(courts.contains(r#"href="/api/courts""#), "{courts}");

    // A route without its own shell gets the plain one, with nothing announced.
    let unknown = get(&app, "/nowhere/at/all", None).await;
    assert_eq!(unknown.status(), 200);
    let unknown = unknown.text().await.unwrap();
    assert!(shell(&unknown) && preloads(&unknown) == 0 && !unknown.contains("as=\"fetch\""), "{unknown}");
}

#[tokio::test]
async fn entry_pages_are_revalidated_and_answer_304_to_their_etag() {
    let app = TestApp::spawn().await;
    for path in ["/", "/sw.js", "/manifest.webmanifest", "/events"] {
        let response = get(&app, path, Some("br, gzip")).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "cache-control"), "no-cache", "{path}");
        assert_eq!(header(&headers, "content-encoding"), "br", "{path}");
        assert!(varies_on(&headers, "accept-encoding"), "{path}");
        let etag = header(&headers, "etag").to_owned();
        assert!(etag.starts_with('"') && etag.ends_with("-br\""), "{path}: a strong ETag per coding: {etag}");

        let again = reqwest::Client::new()
            .get(app.at(path))
            .header("accept-encoding", "br, gzip")
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(header(again.headers(), "etag"), etag);
        assert!(again.bytes().await.unwrap().is_empty());
        // Another coding is another representation.
        let gzip =
            reqwest::Client::new().get(app.at(path)).header("accept-encoding", "gzip").header("if-none-match", &etag);
        assert_eq!(gzip.send().await.unwrap().status(), 200, "{path}");
    }
    // `/` names both what it varies on: the session cookie (which page) and the coding.
    let landing = get(&app, "/", Some("br")).await;
    assert!(varies_on(landing.headers(), "cookie") && varies_on(landing.headers(), "accept-encoding"));
    // An image is sent as it is, with no variant to vary on.
    let icon = get(&app, "/icons/icon-192.png", Some("br, gzip")).await;
    assert_eq!(icon.status(), 200);
    assert!(icon.headers().get("content-encoding").is_none());
    assert!(!varies_on(icon.headers(), "accept-encoding"));
}

#[tokio::test]
async fn dynamic_answers_are_compressed_only_when_worth_it() {
    let app = TestApp::spawn().await;
    // A few dozen bytes: sent as they are.
    let health = get(&app, "/api/health", Some("br")).await;
    assert!(health.headers().get("content-encoding").is_none());
    // A month of a court (over 1 KiB), not kept: compressed by the layer per request.
    let month = get(&app, "/api/courts/availability/month?month=2099-07&courtId=1", Some("br")).await;
    assert_eq!(month.status(), 200);
    assert_eq!(header(month.headers(), "content-encoding"), "br");
    let days: Value = serde_json::from_slice(&unbrotli(&month.bytes().await.unwrap())).unwrap();
    assert_eq!(days.as_array().map(Vec::len), Some(31));
}

/// An event through the admin's form.
fn event(title: &str) -> Value {
    json!({"title": title, "titleEn": "", "description": "Soirée.", "descriptionEn": "", "categoryId": "volleyball",
        "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null, "price": 10,
        "maxParticipants": 20, "requiresPayment": false})
}

#[tokio::test]
async fn the_public_listings_are_kept_with_an_etag_and_a_write_is_seen_at_once() {
    let app = TestApp::with_admin().await;
    let created: Value =
        app.client.post(app.at("/api/events")).json(&event("Première")).send().await.unwrap().json().await.unwrap();
    let id = created["id"].as_i64().unwrap();

    let plain = get(&app, "/api/events", None).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(header(plain.headers(), "content-type"), "application/json");
    assert_eq!(header(plain.headers(), "cache-control"), "no-cache");
    assert!(varies_on(plain.headers(), "accept-encoding"));
    let plain_etag = header(plain.headers(), "etag").to_owned();
    let json = plain.bytes().await.unwrap();
    let listed: Value = serde_json::from_slice(&json).unwrap();
    assert!(listed.as_array().unwrap().iter().any(|e| e["id"] == id && e["title"] == "Première"), "{listed}");

    // The same JSON, byte for byte, in each coding; each its own ETag.
    let mut etags = vec![plain_etag.clone()];
    for (accept, coding) in [("br", "br"), ("gzip", "gzip"), ("gzip, br", "br")] {
        let response = get(&app, "/api/events", Some(accept)).await;
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "content-encoding"), coding);
        assert_eq!(header(&headers, "content-type"), "application/json");
        let body = response.bytes().await.unwrap();
        assert_eq!(header(&headers, "content-length"), body.len().to_string());
        let decoded = if coding == "br" { unbrotli(&body) } else { gunzip(&body) };
        assert_eq!(decoded, json.to_vec(), "{accept}");
        etags.push(header(&headers, "etag").to_owned());
    }
    assert_ne!(etags[0], etags[1]);
    assert_ne!(etags[1], etags[2]);
    assert_eq!(etags[1], etags[3], "the kept brotli answer");

    // The round trip: the same representation is 304, with its ETag and no body.
    let revalidate = |etag: &str, accept: &str| {
        let (etag, accept) = (etag.to_owned(), accept.to_owned());
        let url = app.at("/api/events");
        async move {
            reqwest::Client::new()
                .get(url)
                .header("accept-encoding", accept)
                .header("if-none-match", etag)
                .send()
                .await
                .unwrap()
        }
    };
    let not_modified = revalidate(&etags[1], "br").await;
    assert_eq!(not_modified.status(), 304);
    assert_eq!(header(not_modified.headers(), "etag"), etags[1]);
    assert!(varies_on(not_modified.headers(), "accept-encoding"));
    assert!(not_modified.bytes().await.unwrap().is_empty());
    assert_eq!(revalidate(&plain_etag, "identity").await.status(), 304);

    // A write: the next read has it, and the old ETag no longer answers 304.
    let mut edit = event("Renommée");
    edit["isActive"] = json!(true);
    let updated = app.client.put(app.at(&format!("/api/events/{id}"))).json(&edit).send().await.unwrap();
    assert_eq!(updated.status(), 200);
    let after = revalidate(&etags[1], "br").await;
    assert_eq!(after.status(), 200, "the old ETag is not the listing any more");
    assert_ne!(header(after.headers(), "etag"), etags[1]);
    let listed: Value = serde_json::from_slice(&unbrotli(&after.bytes().await.unwrap())).unwrap();
    let renamed = listed.as_array().unwrap().iter().find(|e| e["id"] == id).unwrap();
    assert_eq!(renamed["title"], "Renommée");
    // The identity answer was forgotten with the rest.
    let plain: Value = get(&app, "/api/events", None).await.json().await.unwrap();
    assert_eq!(plain, listed);

    // A new event and a deleted one are seen at once too.
    app.client.post(app.at("/api/events")).json(&event("Deuxième")).send().await.unwrap();
    let titles =
        |v: &Value| v.as_array().unwrap().iter().map(|e| e["title"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    let listed: Value = get(&app, "/api/events", None).await.json().await.unwrap();
    assert!(titles(&listed).contains(&"Deuxième".to_owned()));
    assert_eq!(app.delete(&format!("/api/events/{id}")).await.status(), 204);
    let listed: Value = get(&app, "/api/events", None).await.json().await.unwrap();
    assert!(!titles(&listed).contains(&"Renommée".to_owned()), "{listed}");
}

#[tokio::test]
async fn a_refused_write_keeps_the_listing_and_a_registration_updates_the_places() {
    let app = TestApp::with_admin().await;
    let created: Value =
        app.client.post(app.at("/api/events")).json(&event("Places")).send().await.unwrap().json().await.unwrap();
    let id = created["id"].as_i64().unwrap();
    let first = get(&app, "/api/events", Some("br")).await;
    let etag = header(first.headers(), "etag").to_owned();

    // A visitor's refused write changes nothing, and the kept answer stays.
    let refused = app.new_client().post(app.at("/api/events")).json(&event("Non")).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    let again = reqwest::Client::new()
        .get(app.at("/api/events"))
        .header("accept-encoding", "br")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    // A member's registration changes the event's participants: the next read shows them.
    let member = app.user("member@example.org", None).await;
    let participants = |listed: Value| {
        listed.as_array().unwrap().iter().find(|e| e["id"] == id).unwrap()["currentParticipants"].clone()
    };
    let before: Value = member.client.get(app.at("/api/events")).send().await.unwrap().json().await.unwrap();
    assert_eq!(participants(before), 0);
    assert!(!app.state.public_cache.is_empty(), "the listing is kept");
    let team = json!({"eventId": id, "teamName": "", "captainFirstName": "Ana", "captainLastName": "Roy",
        "captainEmail": "ana@example.org", "member2FirstName": "Bo", "member2LastName": "Roy",
        "member2Email": "bo@example.org"});
    let registered =
        member.client.post(app.at(&format!("/api/events/{id}/register"))).json(&team).send().await.unwrap();
    assert_eq!(registered.status(), 201);
    let after: Value = member.client.get(app.at("/api/events")).send().await.unwrap().json().await.unwrap();
    assert_eq!(participants(after), 2, "the registration's two people, read right after it");
}

#[tokio::test]
async fn day_camp_programs_are_kept_per_language_and_weeks_per_query() {
    let app = TestApp::spawn().await;
    let programs = |lang: &'static str| {
        let url = app.at("/api/day-camp-programs");
        async move { reqwest::Client::new().get(url).header("x-lang", lang).send().await.unwrap() }
    };
    for _ in 0..2 {
        let fr = programs("fr").await;
        assert!(varies_on(fr.headers(), "x-lang") && varies_on(fr.headers(), "accept-language"));
        let fr_etag = header(fr.headers(), "etag").to_owned();
        let fr: Value = fr.json().await.unwrap();
        let en = programs("en").await;
        let en_etag = header(en.headers(), "etag").to_owned();
        let en: Value = en.json().await.unwrap();
        assert_ne!(fr[0]["name"], en[0]["name"], "each language its own answer: {fr} {en}");
        assert_ne!(fr_etag, en_etag);
    }
    let all: Value = get(&app, "/api/day-camp-weeks", None).await.json().await.unwrap();
    let chosen: Value = get(&app, "/api/day-camp-weeks?programId=explorateurs", None).await.json().await.unwrap();
    assert!(all[0].get("remaining").is_none() && chosen[0]["remaining"].is_i64(), "{all} {chosen}");
    assert_eq!(get(&app, "/api/day-camp-weeks?programId=nope", None).await.status(), 404);
    let courts = get(&app, "/api/courts", Some("gzip")).await;
    assert!(courts.headers().contains_key("etag"));
}

#[tokio::test]
async fn the_cache_holds_only_what_is_asked_and_forgets_after_the_scheduled_work() {
    let app = TestApp::spawn().await;
    assert!(app.state.public_cache.is_empty());
    get(&app, "/api/events", Some("br")).await;
    get(&app, "/api/courts", None).await;
    assert_eq!(app.state.public_cache.len(), 2);
    // Scheduled work with nothing to do changes nothing, and keeps what is kept.
    let report = centre_server::scheduler::run_once(&app.state, crate::common::now()).await.unwrap();
    assert_eq!(report, Default::default());
    assert_eq!(app.state.public_cache.len(), 2);
    // Any write forgets.
    common::sign_in(&app.client, &app.url, "someone@example.org").await;
    assert!(app.state.public_cache.is_empty());
}
