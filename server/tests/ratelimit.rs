//! Limits against abuse: a signed-in member's writes beyond the limit get 429 with Retry-After
//! in French or English while other members write on; a rush of members behind one address
//! goes through; OpenID sign-in starts and callbacks are limited per client address (the
//! address a trusted proxy names, never one an untrusted peer claims); the development sign-in
//! is never limited.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::process::{Child, Command, Stdio};
use std::time::Instant;

use common::TestApp;
use reqwest::StatusCode;
use serde_json::{Value, json};

type Sent = reqwest::Result<reqwest::Response>;

/// A write that costs the server nothing beyond the limit's check: refused by validation.
fn cheap_write(client: &reqwest::Client, app: &TestApp) -> impl Future<Output = Sent> + use<> {
    client.post(app.at("/api/courts/book")).json(&json!({})).send()
}

fn retry_after(response: &reqwest::Response) -> u64 {
    response.headers()[reqwest::header::RETRY_AFTER].to_str().unwrap().parse().unwrap()
}

/// Sends until the first 429 (at most `cap` requests); answers how many passed, the 429 and how
/// long it took.
async fn until_refused<F, Fut>(cap: usize, mut send: F) -> (usize, reqwest::Response, f64)
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Sent>,
{
    let started = Instant::now();
    for n in 0..cap {
        let response = send(n).await.unwrap();
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            return (n, response, started.elapsed().as_secs_f64());
        }
    }
    panic!("no 429 in {cap} requests");
}

#[tokio::test]
async fn a_members_writes_beyond_the_limit_get_429_in_both_languages_and_other_members_write_on() {
    // A limit of 3 a minute: the 4th write is refused for 20 seconds, whatever the machine's speed.
    let app = TestApp::spawn_with(|s| s.write_limit = 3).await;
    let eager = app.user("eager@example.org", None).await;
    let other = app.user("other@example.org", None).await;
    for _ in 0..3 {
        assert_eq!(cheap_write(&eager.client, &app).await.unwrap().status(), 422);
    }
    let refused = cheap_write(&eager.client, &app).await.unwrap();
    assert_eq!(refused.status(), 429);
    assert!((1..=20).contains(&retry_after(&refused)), "{:?}", refused.headers());
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body, json!({"code": "rate_limited", "message": "Trop de requêtes. Réessayez dans quelques instants."}));
    let english =
        eager.client.delete(app.at("/api/user/court-bookings/1")).header("X-Lang", "en").send().await.unwrap();
    assert_eq!(english.status(), 429);
    assert!(retry_after(&english) >= 1);
    let body: Value = english.json().await.unwrap();
    assert_eq!(body["message"], "Too many requests. Please try again in a moment.");
    // Reads are not counted.
    assert_eq!(eager.client.get(app.at("/api/user/court-bookings")).send().await.unwrap().status(), 200);
    // Per member, not per address: the other member, on the same address, writes on.
    for _ in 0..3 {
        assert_eq!(cheap_write(&other.client, &app).await.unwrap().status(), 422);
    }
    // Signed out, a write is refused 401 as before, not counted.
    for _ in 0..5 {
        assert_eq!(cheap_write(&app.new_client(), &app).await.unwrap().status(), 401);
    }
}

#[tokio::test]
async fn the_default_write_limit_lets_a_member_make_120_writes_at_once_then_refuses() {
    let app = TestApp::spawn().await;
    let member = app.user("script@example.org", None).await;
    let (passed, refused, seconds) = until_refused(400, |_| cheap_write(&member.client, &app)).await;
    // A burst of 120, then two a second.
    assert!(passed >= 120 && passed as f64 <= 121.0 + 2.0 * seconds, "{passed} passed in {seconds:.1} s");
    assert!(retry_after(&refused) >= 1);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "rate_limited");
}

#[tokio::test]
async fn a_rush_of_members_behind_one_address_all_get_through() {
    // As deployed: the school's members reach the app through Caddy on loopback, a trusted
    // proxy, whose connections count in the total only (not against one address's cap).
    let app = TestApp::spawn_with(|s| s.trusted_proxies = vec![std::net::Ipv4Addr::LOCALHOST.into()]).await;
    let admin = app.sign_in_as("admin@example.org").await;
    app.grant(&admin, "admin");
    let created = app
        .client
        .post(app.at("/api/events"))
        .json(&json!({
            "title": "La ruée", "titleEn": "", "description": "Tous en même temps.", "descriptionEn": "",
            "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null,
            "price": 10, "maxParticipants": null, "requiresPayment": false,
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let event_id = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    // 150 members on one address (a school's network): more than one member's burst and more
    // than an address's sign-in burst, all at once.
    let mut members = Vec::new();
    for i in 0..150 {
        members.push(app.user(&format!("parent{i}@example.org"), None).await);
    }
    let team = json!({
        "captainFirstName": "Camille", "captainLastName": "Tremblay", "captainEmail": "camille@example.org",
        "member2FirstName": "Alex", "member2LastName": "Roy", "member2Email": "alex@example.org",
    });
    let mut tasks = tokio::task::JoinSet::new();
    for member in members {
        let (url, team) = (app.at(&format!("/api/events/{event_id}/register")), team.clone());
        tasks.spawn(async move { member.client.post(url).json(&team).send().await.unwrap().status() });
    }
    let statuses = tasks.join_all().await;
    assert!(statuses.iter().all(|s| *s == 201), "{statuses:?}");
}

#[tokio::test]
async fn sign_in_starts_are_limited_per_address_and_a_trusted_proxy_names_the_address() {
    let app = TestApp::spawn_with(|s| {
        s.dev_login = false;
        s.trusted_proxies = vec![[127, 0, 0, 1].into()];
    })
    .await;
    // The proxy appends the address it sees to what the client sent.
    let from = |client: &str, path: &str, lang: &str| {
        app.client
            .get(app.at(path))
            .header("X-Forwarded-For", format!("198.51.100.9, {client}"))
            .header("Accept-Language", lang)
            .send()
    };
    let (passed, refused, seconds) = until_refused(400, |_| from("203.0.113.1", "/api/login", "fr")).await;
    // A burst of 60, then one a second.
    assert!(passed >= 60 && passed as f64 <= 61.0 + seconds, "{passed} passed in {seconds:.1} s");
    assert!(retry_after(&refused) >= 1);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body, json!({"code": "rate_limited", "message": "Trop de requêtes. Réessayez dans quelques instants."}));
    // The callback counts with the starts (a try may have come back meanwhile: one a second).
    let (_, english, _) = until_refused(3, |_| from("203.0.113.1", "/api/callback", "en-CA,en")).await;
    assert!(retry_after(&english) >= 1);
    assert_eq!(english.json::<Value>().await.unwrap()["message"], "Too many requests. Please try again in a moment.");
    // Another client behind the same proxy still starts a sign-in; the header's first entry,
    // which a client can write, is not taken for the address.
    let other = from("203.0.113.2", "/api/login", "fr").await.unwrap();
    assert_eq!(other.status(), 503, "not configured, and not limited");
}

#[tokio::test]
async fn x_forwarded_for_from_an_untrusted_peer_is_ignored() {
    let app = TestApp::spawn_with(|s| s.dev_login = false).await;
    // Each request claims another address: the peer's is the one counted.
    let (passed, _, seconds) = until_refused(400, |n| {
        app.client.get(app.at("/api/login")).header("X-Forwarded-For", format!("203.0.113.{}", n % 250)).send()
    })
    .await;
    assert!(passed >= 60 && passed as f64 <= 61.0 + seconds, "{passed} passed in {seconds:.1} s");
}

#[tokio::test]
async fn the_development_sign_in_is_never_limited() {
    let app = TestApp::spawn().await;
    for i in 0..100 {
        // The development form (GET /api/login) and its sign-in, far beyond the OpenID limit.
        assert_eq!(app.get("/api/login").await.status(), 200);
        common::sign_in(&app.client, &app.url, &format!("membre{i}@example.org")).await;
    }
}

/// The real binary, started with `--trusted-proxies`, limits per client address: main.rs serves
/// the peers' addresses to the limits and the flag reaches them.
#[test]
fn the_real_binary_limits_sign_in_starts_per_client_address() {
    struct Killed(Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let addr = common::free_addr();
    let server = Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(["serve", "--addr", &addr, "--db", dir.path().join("centre.db").to_str().unwrap()])
        .args(["--trusted-proxies", "127.0.0.1,::1"])
        .env("RUST_LOG", "error")
        .env_remove("CENTRE_DB")
        .env_remove("CENTRE_DEV_LOGIN")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _server = Killed(server);
    common::wait_until_listening(&addr);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let client = reqwest::Client::new();
        let login = |who: &str| client.get(format!("http://{addr}/api/login")).header("X-Forwarded-For", who).send();
        let (passed, _, _) = until_refused(400, |_| login("203.0.113.1")).await;
        assert!(passed >= 60, "{passed}");
        assert_eq!(login("203.0.113.2").await.unwrap().status(), 503, "another address is not limited");
    });
}
