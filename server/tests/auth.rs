//! Sign-in, sessions and request safety through the real router. The OpenID Connect flow
//! against a real provider is in pwa/e2e/auth.test.mjs (the provider is an npm package).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::process::Command;

use common::TestApp;
use serde_json::{Value, json};

/// When the direct calls below sign in (stored as given).
const NOW: &str = "2026-07-01T12:00:00Z";

fn set_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("centre.sid="))
        .map(str::to_owned)
}

/// `GET /api/auth/user` answers `null`: nobody is signed in on this client.
async fn signed_out(client: &reqwest::Client, app: &TestApp) -> bool {
    let response = client.get(app.at("/api/auth/user")).send().await.unwrap();
    response.status() == 200 && response.json::<Value>().await.unwrap().is_null()
}

#[tokio::test]
async fn dev_login_signs_in_and_the_current_user_is_answered() {
    let app = TestApp::spawn().await;
    // Signed out: 200 with `null` (an object means signed in), so that a
    // visitor's page logs no failed request; no copy kept anywhere.
    let response = app.get("/api/auth/user").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: Value = response.json().await.unwrap();
    assert!(body.is_null(), "{body}");

    let response = app
        .client
        .post(app.at("/api/dev-login"))
        .json(&json!({"email": "  Ana@Example.org ", "firstName": "Ana", "lastName": "Roy"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["email"], "Ana@Example.org");
    assert_eq!(user["firstName"], "Ana");
    assert_eq!(user["lastName"], "Roy");
    assert!(user["profileImageUrl"].is_null());
    assert!(user["createdAt"].as_str().unwrap().ends_with('Z'));

    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["id"], user["id"]);
    assert_eq!(me["email"], "Ana@Example.org");

    // The same e-mail (any case) is the same person.
    let again = common::sign_in(&app.new_client(), &app.url, "ana@example.org").await;
    assert_eq!(again, user["id"].as_str().unwrap());
}

/// One cache policy for every API answer (`layers::no_store`): personal data is never stored by
/// a browser or a proxy, whatever the handler, its status or its body; only the public cache's
/// answers, the same for everyone, keep their own (`no-cache` with an ETag).
#[tokio::test]
async fn no_personal_answer_is_ever_stored() {
    let app = TestApp::with_admin().await;
    for path in [
        // Answers that set no policy before it was the edge layer's.
        "/api/user/court-bookings",
        "/api/user/event-registrations",
        "/api/admin/bookings",
        "/api/admin/all-users",
        "/api/admin/users",
        // Answers that set it themselves before.
        "/api/auth/user",
        "/api/user/day-camp-registrations",
        "/api/admin/day-camps",
        "/api/admin/payments",
        "/api/admin/payments.xlsx",
        // An error answer.
        "/api/user/day-camp-registrations/999999",
    ] {
        let response = app.get(path).await;
        assert!(response.status() == 200 || response.status() == 404, "{path}: {}", response.status());
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    let signed_out = app.new_client().get(app.at("/api/user/court-bookings")).send().await.unwrap();
    assert_eq!(signed_out.status(), 401);
    assert_eq!(signed_out.headers()["cache-control"], "no-store");
    let public = app.get("/api/events").await;
    assert_eq!(public.headers()["cache-control"], "no-cache");
    assert!(public.headers().contains_key("etag"));
}

#[tokio::test]
async fn dev_login_is_404_without_the_flag_and_the_login_page_says_it_is_not_configured() {
    let app = TestApp::spawn_with(|s| s.dev_login = false).await;
    let response =
        app.client.post(app.at("/api/dev-login")).json(&json!({"email": "a@example.org"})).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_found");

    let response = app.get("/api/login").await;
    assert_eq!(response.status(), 503);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(response.headers().contains_key("content-security-policy"));
    let html = response.text().await.unwrap();
    assert!(html.contains("<html lang=\"fr\">"), "{html}");
    assert!(html.contains("Connexion non configurée"), "{html}");

    let english = app.client.get(app.at("/api/login")).header("accept-language", "en-CA,en").send().await.unwrap();
    let html = english.text().await.unwrap();
    assert!(html.contains("Sign-in not configured"), "{html}");
    // Public pages still work.
    assert_eq!(app.get("/").await.status(), 200);
    assert_eq!(app.get("/api/health").await.status(), 200);
}

#[tokio::test]
async fn malformed_json_to_dev_login_is_a_400_in_the_error_shape() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .post(app.at("/api/dev-login"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "malformed_json");
    assert_eq!(body["message"], "La requête est mal formée.");

    let response = app
        .client
        .post(app.at("/api/dev-login"))
        .header("x-lang", "en")
        .json(&json!({"email": "not-an-email", "firstName": "A"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["fieldErrors"]["email"], "Invalid email");
    assert!(signed_out(&app.client, &app).await);
}

#[tokio::test]
async fn the_dev_login_page_is_bilingual_and_its_form_returns_where_the_visitor_was_going() {
    let app = TestApp::spawn().await;
    let html = app.get("/api/login?returnTo=%2Fevents").await.text().await.unwrap();
    assert!(html.contains("Connexion de développement"), "{html}");
    assert!(html.contains("name=\"returnTo\" value=\"/events\""), "{html}");
    let html = app.get("/api/login?lang=en").await.text().await.unwrap();
    assert!(html.contains("Development sign-in"), "{html}");

    let response = app
        .client
        .post(app.at("/api/dev-login"))
        .form(&[("email", "form@example.org"), ("firstName", "Flo"), ("lastName", "Rme"), ("returnTo", "/events")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], "/events");
    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["firstName"], "Flo");

    // Another site as destination is ignored.
    let response = app
        .new_client()
        .post(app.at("/api/dev-login"))
        .form(&[("email", "x@example.org"), ("returnTo", "//evil.example/")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["location"], "/");

    // A bad e-mail re-shows the form with the error, in the form's language.
    let response = app
        .new_client()
        .post(app.at("/api/dev-login"))
        .form(&[("email", "nope"), ("lang", "en")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    assert!(response.text().await.unwrap().contains("Invalid email"));
    let long = "x".repeat(101);
    let response = app
        .new_client()
        .post(app.at("/api/dev-login"))
        .form(&[("email", "ok@example.org"), ("firstName", long.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let html = response.text().await.unwrap();
    assert!(html.contains("au plus 100 caractères") && !html.contains("Email invalide"), "{html}");
}

#[tokio::test]
async fn the_session_cookie_is_http_only_lax_and_lasts_30_days() {
    let app = TestApp::spawn().await;
    let response =
        app.client.post(app.at("/api/dev-login")).json(&json!({"email": "c@example.org"})).send().await.unwrap();
    let cookie = set_cookie(&response).expect("a session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    assert!(cookie.contains("Max-Age=2592000"), "30 days: {cookie}");
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");

    // With an https public URL the cookie is Secure.
    let app = TestApp::spawn_with(|s| s.public_url = "https://centre.example".to_owned()).await;
    let response = reqwest::Client::new()
        .post(app.at("/api/dev-login"))
        .header("origin", "https://centre.example")
        .json(&json!({"email": "c@example.org"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("strict-transport-security").unwrap(), "max-age=31536000", "HSTS for a year");
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("__Host-centre.sid="), "the __Host- prefix: {cookie}");
    assert!(cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.contains("Domain"), "{cookie}");
    // The signed-in shell follows the prefixed cookie too, and the session works with it.
    let session = cookie.split(';').next().unwrap().to_owned();
    let me = reqwest::Client::new().get(app.at("/api/auth/user")).header("cookie", &session).send().await.unwrap();
    assert_eq!(me.json::<serde_json::Value>().await.unwrap()["email"], "c@example.org");
    // Plain http: no HSTS.
    let plain = TestApp::spawn().await;
    assert!(plain.get("/api/health").await.headers().get("strict-transport-security").is_none());
}

#[tokio::test]
async fn signing_in_renews_the_session_id_and_logout_ends_the_session() {
    let app = TestApp::spawn().await;
    let first =
        app.client.post(app.at("/api/dev-login")).json(&json!({"email": "a@example.org"})).send().await.unwrap();
    let first = set_cookie(&first).unwrap();
    let second =
        app.client.post(app.at("/api/dev-login")).json(&json!({"email": "b@example.org"})).send().await.unwrap();
    let second = set_cookie(&second).unwrap();
    assert_ne!(first.split(';').next(), second.split(';').next(), "a new id at each sign-in");
    // The old id is worth nothing any more.
    let old = first.split(';').next().unwrap().to_owned();
    let response = reqwest::Client::new().get(app.at("/api/auth/user")).header("cookie", old).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.json::<Value>().await.unwrap().is_null(), "the old id signs no one in");

    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["email"], "b@example.org");
    let response = app.get("/api/logout").await;
    assert_eq!(response.status(), 303);
    assert_eq!(response.headers()["location"], "/");
    assert!(signed_out(&app.client, &app).await);
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let sessions: i64 = conn.query_row("SELECT count(*) FROM tower_sessions", [], |r| r.get(0)).unwrap();
    assert_eq!(sessions, 0, "the session row is deleted, not just forgotten by the browser");
}

/// A sign-in replaces the session (a new id). Requests the browser sent with the old id, such as
/// the service worker's precache still running while the member signs in, may be answered after
/// the sign-in: their answers must not clear the new session's cookie. Only signing out does.
#[tokio::test]
async fn answers_to_requests_made_with_a_replaced_session_do_not_sign_the_new_one_out() {
    let app = TestApp::spawn().await;
    let first =
        app.client.post(app.at("/api/dev-login")).json(&json!({"email": "a@example.org"})).send().await.unwrap();
    let old = set_cookie(&first).unwrap().split(';').next().unwrap().to_owned();
    app.client.post(app.at("/api/dev-login")).json(&json!({"email": "b@example.org"})).send().await.unwrap();
    let script = app.get("/").await.text().await.unwrap();
    let asset = script.split("src=\"").nth(1).and_then(|s| s.split('"').next()).unwrap().to_owned();
    for path in ["/api/auth/user", "/api/events", "/", "/events", "/index.html", "/sw.js", asset.as_str()] {
        let late = reqwest::Client::new().get(app.at(path)).header("cookie", &old).send().await.unwrap();
        assert_eq!(late.status(), 200, "{path}");
        assert_eq!(set_cookie(&late), None, "{path}: the old id's answer leaves the browser's cookie alone");
    }
    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["email"], "b@example.org");
    // Signing out still clears the cookie, whatever id the request carried.
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let out = no_redirect.get(app.at("/api/logout")).header("cookie", &old).send().await.unwrap();
    assert_eq!(out.status(), 303);
    assert!(set_cookie(&out).is_some_and(|c| c.starts_with("centre.sid=;")), "{:?}", set_cookie(&out));
}

#[tokio::test]
async fn a_cross_origin_post_is_refused() {
    let app = TestApp::spawn().await;
    let body = json!({"email": "a@example.org"});
    let evil = reqwest::Client::new()
        .post(app.at("/api/dev-login"))
        .header("origin", "https://evil.example")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(evil.status(), 403);
    let error: Value = evil.json().await.unwrap();
    assert_eq!(error["code"], "forbidden_origin");
    assert!(error["message"].as_str().unwrap().contains("origine"));

    let none = reqwest::Client::new().post(app.at("/api/dev-login")).json(&body).send().await.unwrap();
    assert_eq!(none.status(), 403, "no Origin and no Referer");
    let referer = reqwest::Client::new()
        .post(app.at("/api/dev-login"))
        .header("referer", app.at("/some/page"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(referer.status(), 200, "a same-site Referer is enough without Origin");
    for method in [reqwest::Method::PUT, reqwest::Method::PATCH, reqwest::Method::DELETE] {
        let response = reqwest::Client::new()
            .request(method.clone(), app.at("/api/admin/users/x"))
            .header("origin", "http://localhost:1")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{method}");
    }
    // Reading is never refused for its origin.
    let read = reqwest::Client::new().get(app.at("/api/health")).header("origin", "https://evil.example").send().await;
    assert_eq!(read.unwrap().status(), 200);
}

#[tokio::test]
async fn sign_in_pages_carry_the_security_headers() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/login").await;
    let csp = response.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert!(response.headers().contains_key("referrer-policy"));
    let html = response.text().await.unwrap();
    assert!(!html.contains("<script"), "no inline script on server pages");
}

#[tokio::test]
async fn roles_grants_and_the_member_list() {
    let app = TestApp::with_admin().await;
    let admin_id: Value = app.get("/api/auth/user").await.json().await.unwrap();
    let admin_id = admin_id["id"].as_str().unwrap().to_owned();
    let member = app.user("member@example.org", None).await;

    let status: Value = app.get("/api/admin/status").await.json().await.unwrap();
    assert_eq!(status, json!({"isAdmin": true}));
    let status: Value = member.client.get(app.at("/api/admin/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isAdmin": false}));
    let status: Value = member.client.get(app.at("/api/supervisor/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isSupervisor": false}));

    // Grant supervisor: 201, then harmless 200.
    let response = app.post(&format!("/api/admin/supervisors/{}", member.id)).await;
    assert_eq!(response.status(), 201);
    let grant: Value = response.json().await.unwrap();
    assert_eq!(grant["userId"], member.id.as_str());
    assert_eq!(grant["role"], "supervisor");
    assert_eq!(grant["user"]["email"], "member@example.org");
    assert_eq!(grant["user"]["firstName"], "member");
    assert!(grant["grantedAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(app.post(&format!("/api/admin/supervisors/{}", member.id)).await.status(), 200);
    let list: Value = app.get("/api/admin/supervisors").await.json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    let status: Value = member.client.get(app.at("/api/supervisor/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isSupervisor": true}));

    // Unknown users are a clear 404.
    let response = app.client.post(app.at("/api/admin/users/nobody")).header("x-lang", "en").send().await.unwrap();
    assert_eq!(response.status(), 404);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "unknown_user");
    assert_eq!(body["message"], "Unknown user.");
    assert_eq!(app.post("/api/admin/supervisors/%20").await.status(), 422, "a blank id");

    // Removing the supervisor grant, twice: harmless.
    assert_eq!(app.delete(&format!("/api/admin/supervisors/{}", member.id)).await.status(), 204);
    assert_eq!(app.delete(&format!("/api/admin/supervisors/{}", member.id)).await.status(), 204);
    let list: Value = app.get("/api/admin/supervisors").await.json().await.unwrap();
    assert_eq!(list, json!([]));

    // The last admin cannot remove their own grant.
    let response = app.delete(&format!("/api/admin/users/{admin_id}")).await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "last_admin");
    // With a second admin, they can.
    assert_eq!(app.post(&format!("/api/admin/users/{}", member.id)).await.status(), 201);
    let admins: Value = app.get("/api/admin/users").await.json().await.unwrap();
    assert_eq!(admins.as_array().unwrap().len(), 2);
    assert_eq!(app.delete(&format!("/api/admin/users/{admin_id}")).await.status(), 204);
    assert_eq!(app.get("/api/admin/users").await.status(), 403, "no longer an admin");
    let response = member.client.delete(app.at(&format!("/api/admin/users/{}", member.id))).send().await.unwrap();
    assert_eq!(response.status(), 409, "now the last one");

    // Members: every user with id, names, e-mail and creation date.
    let members: Value = member.client.get(app.at("/api/admin/all-users")).send().await.unwrap().json().await.unwrap();
    let members = members.as_array().unwrap();
    assert_eq!(members.len(), 2);
    for m in members {
        for field in ["id", "firstName", "lastName", "email", "createdAt"] {
            assert!(m.get(field).is_some(), "{field} in {m}");
        }
    }
}

#[tokio::test]
async fn admin_emails_are_granted_admin_at_sign_in() {
    let app = TestApp::spawn_with(|s| s.admin_emails = vec!["boss@example.org".to_owned()]).await;
    let boss = app.user("Boss@Example.org", None).await;
    let status: Value = boss.client.get(app.at("/api/admin/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isAdmin": true}));
    let other = app.user("other@example.org", None).await;
    let status: Value = other.client.get(app.at("/api/admin/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isAdmin": false}));
}

#[tokio::test]
async fn expired_sessions_are_deleted_by_the_cleanup() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let settings = centre_server::settings::Settings::for_tests(db.clone());
    let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch(
        "INSERT INTO tower_sessions (id, data, expiry_date) VALUES ('old', x'80', 1), ('live', x'80', 99999999999);",
    )
    .unwrap();
    use tower_sessions::session_store::ExpiredDeletion;
    state.auth.store.inner().delete_expired().await.unwrap();
    let left: Vec<String> = conn
        .prepare("SELECT id FROM tower_sessions")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(left, vec!["live".to_owned()]);
}

fn centre() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_centre"));
    command
        .env("RUST_LOG", "error")
        .env_remove("CENTRE_DB")
        .env_remove("CENTRE_DEV_LOGIN")
        .env_remove("CENTRE_PUBLIC_URL")
        .env_remove("CENTRE_OIDC_ISSUER")
        .env_remove("CENTRE_OIDC_CLIENT_ID")
        .env_remove("CENTRE_OIDC_CLIENT_SECRET");
    command
}

#[test]
fn dev_login_is_refused_with_an_https_public_url() {
    let output = centre()
        .args(["serve", "--addr", "127.0.0.1:0", "--dev-login", "--public-url", "https://centre.example"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--dev-login cannot be used with an https --public-url"), "{stderr}");
}

#[test]
fn incomplete_oidc_settings_are_refused_and_the_secret_is_never_printed() {
    let output = centre()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--oidc-issuer",
            "https://id.example",
            "--oidc-client-secret",
            "s3cr3t",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("missing: --oidc-client-id"), "{stderr}");
    assert!(!stderr.contains("s3cr3t"), "{stderr}");
}

#[test]
fn admin_grant_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let db_arg = db.to_str().unwrap();
    let output = centre().args(["admin", "grant", "first@example.org", "--db", db_arg]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("admin granted to first@example.org"));
    // Again: harmless.
    assert!(centre().args(["admin", "grant", "first@example.org", "--db", db_arg]).output().unwrap().status.success());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (id, admins): (String, i64) = conn
        .query_row(
            "SELECT u.id, (SELECT count(*) FROM role_grants WHERE role = 'admin') FROM users u WHERE email = 'first@example.org'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(admins, 1);
    // By id too; an unknown id is a clear error.
    assert!(centre().args(["admin", "grant", &id, "--db", db_arg]).output().unwrap().status.success());
    let output = centre().args(["admin", "grant", "no-such-id", "--db", db_arg]).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no user with id 'no-such-id'"));
}

#[tokio::test]
async fn a_cli_granted_email_is_admin_at_first_sign_in() {
    let app = TestApp::spawn().await;
    {
        let conn = rusqlite::Connection::open(&app.db_path).unwrap();
        centre_server::db::users::grant_admin_from_cli(&conn, "early@example.org", NOW).unwrap();
    }
    let early = app.user("early@example.org", None).await;
    let status: Value = early.client.get(app.at("/api/admin/status")).send().await.unwrap().json().await.unwrap();
    assert_eq!(status, json!({"isAdmin": true}));
}

#[tokio::test]
async fn a_rush_of_sign_ins_all_succeed() {
    // 60 people signing in at once: the session store's read-then-write transactions collide,
    // and none of them may turn into a 500.
    let app = TestApp::spawn().await;
    let mut tasks = Vec::new();
    for n in 0..60 {
        let url = app.url.clone();
        tasks.push(tokio::spawn(async move {
            let client = common::same_origin_client(&url);
            common::sign_in(&client, &url, &format!("rush{n}@example.org")).await
        }));
    }
    for task in tasks {
        assert!(!task.await.unwrap().is_empty());
    }
}

fn is_admin(conn: &rusqlite::Connection, user_id: &str) -> bool {
    conn.query_row("SELECT EXISTS(SELECT 1 FROM role_grants WHERE user_id = ?1 AND role = 'admin')", [user_id], |r| {
        r.get(0)
    })
    .unwrap()
}

#[tokio::test]
async fn a_listed_email_is_admin_at_an_openid_sign_in_only_when_the_provider_verified_it() {
    use centre_server::db::users::{EmailTrust, Identity, upsert_identity};
    // What the OpenID callback saves (routes/auth.rs `save_identity`), on the app's database;
    // the flow itself, against a real provider, is in pwa/e2e/auth.test.mjs.
    let app = TestApp::spawn_with(|s| s.admin_emails = vec!["boss@example.org".to_owned()]).await;
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let settings = &*app.state.settings;
    let claimed = Identity {
        subject: Some("sub-boss".to_owned()),
        email: "Boss@Example.org".to_owned(),
        email_verified: false,
        first_name: Some("Bea".to_owned()),
        ..Identity::default()
    };
    let user = upsert_identity(&conn, &claimed, EmailTrust::Provider, NOW).unwrap();
    assert!(!user.email_verified);
    centre_server::auth::bootstrap_admin(&conn, settings, &user, NOW).unwrap();
    assert!(!is_admin(&conn, &user.id), "an address nobody verified is not an admin's");
    // The next sign-in, the provider has verified it: admin, and the account says verified.
    let verified = Identity { email_verified: true, ..claimed.clone() };
    let user = upsert_identity(&conn, &verified, EmailTrust::Provider, NOW).unwrap();
    assert!(user.email_verified);
    centre_server::auth::bootstrap_admin(&conn, settings, &user, NOW).unwrap();
    assert!(is_admin(&conn, &user.id));
    // Each sign-in sets what the provider says now.
    let user = upsert_identity(&conn, &claimed, EmailTrust::Provider, NOW).unwrap();
    assert!(!user.email_verified);
}

#[tokio::test]
async fn an_account_that_keeps_its_old_address_is_not_verified() {
    use centre_server::db::users::{EmailTrust, Identity, upsert_identity};
    let app = TestApp::spawn().await;
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let other = app.user("pris@example.org", None).await;
    let first = Identity {
        subject: Some("sub-1".to_owned()),
        email: "moi@example.org".to_owned(),
        email_verified: true,
        ..Identity::default()
    };
    let user = upsert_identity(&conn, &first, EmailTrust::Provider, NOW).unwrap();
    assert!(user.email_verified);
    // The provider now gives an address another account holds: the account keeps its own, which
    // nobody vouched for at this sign-in.
    let moved = Identity { email: "pris@example.org".to_owned(), ..first };
    let user = upsert_identity(&conn, &moved, EmailTrust::Provider, NOW).unwrap();
    assert_eq!((user.email.as_deref(), user.email_verified), (Some("moi@example.org"), false));
    let theirs: bool =
        conn.query_row("SELECT email_verified FROM users WHERE id = ?1", [&other.id], |r| r.get(0)).unwrap();
    assert!(theirs, "the other account is untouched");
}

#[tokio::test]
async fn the_development_sign_in_and_the_command_line_vouch_for_their_addresses() {
    let app = TestApp::spawn().await;
    let dev = app.user("dev@example.org", None).await;
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let operator = centre_server::db::users::grant_admin_from_cli(&conn, "operateur@example.org", NOW).unwrap();
    assert!(operator.email_verified);
    let verified: bool =
        conn.query_row("SELECT email_verified FROM users WHERE id = ?1", [&dev.id], |r| r.get(0)).unwrap();
    assert!(verified);
}

/// What the provider says about a person, as the callback saves it.
fn claim(subject: &str, email: &str, verified: bool) -> centre_server::db::users::Identity {
    centre_server::db::users::Identity {
        subject: Some(subject.to_owned()),
        email: email.to_owned(),
        email_verified: verified,
        ..Default::default()
    }
}

/// Each account's address and whether it is verified, by id.
fn addresses(conn: &rusqlite::Connection) -> std::collections::BTreeMap<String, (Option<String>, bool)> {
    conn.prepare("SELECT id, email, email_verified FROM users")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn an_unverified_claim_reserves_nothing_and_a_verified_sign_in_always_takes_its_address() {
    use centre_server::db::users::{EmailTrust::Provider, upsert_identity};
    // The flows through a real provider are in pwa/e2e/auth.test.mjs; these are the rules.
    let app = TestApp::spawn().await;
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    let some = |e: &str| Some(e.to_owned());

    // Two claims nobody verified: both sign in, each shows the address, neither holds it.
    let eve = upsert_identity(&conn, &claim("eve", "ana@example.org", false), Provider, NOW).unwrap();
    let mallory = upsert_identity(&conn, &claim("mallory", "Ana@Example.org", false), Provider, NOW).unwrap();
    assert_ne!(eve.id, mallory.id);
    assert_eq!((eve.email.clone(), eve.email_verified), (some("ana@example.org"), false));
    assert_eq!((mallory.email.clone(), mallory.email_verified), (some("Ana@Example.org"), false));
    assert!(centre_server::db::users::find_by_verified_email(&conn, "ana@example.org").unwrap().is_none());

    // The owner signs in verified: a new account that takes the address; the claimers lose it
    // and keep their accounts.
    let ana = upsert_identity(&conn, &claim("ana", "ana@example.org", true), Provider, NOW).unwrap();
    assert!(ana.id != eve.id && ana.id != mallory.id);
    let now = addresses(&conn);
    assert_eq!(now[&ana.id], (some("ana@example.org"), true));
    assert_eq!(now[&eve.id], (None, false), "the claim let the address go");
    assert_eq!(now[&mallory.id], (None, false));

    // A claim after the owner's: another account, without the address, never refused.
    let late = upsert_identity(&conn, &claim("late", "ANA@example.org", false), Provider, NOW).unwrap();
    assert!(late.id != ana.id);
    assert_eq!((late.email, late.email_verified), (None, false));
    // A claimer signing in again with the owner's address: their own account, still without it.
    let again = upsert_identity(&conn, &claim("eve", "ana@example.org", false), Provider, NOW).unwrap();
    assert_eq!((again.id.as_str(), again.email.as_deref()), (eve.id.as_str(), None));
    // With an address of their own, even unverified, they show it.
    let own = upsert_identity(&conn, &claim("eve", "eve@example.org", false), Provider, NOW).unwrap();
    assert_eq!(
        (own.id.as_str(), own.email.as_deref(), own.email_verified),
        (eve.id.as_str(), Some("eve@example.org"), false)
    );
    // The owner again, and at another provider subject that verified the same address: the
    // account that holds it.
    assert_eq!(upsert_identity(&conn, &claim("ana", "ana@example.org", true), Provider, NOW).unwrap().id, ana.id);
    assert_eq!(upsert_identity(&conn, &claim("ana-2", "ana@example.org", true), Provider, NOW).unwrap().id, ana.id);
    assert_eq!(addresses(&conn)[&ana.id], (some("ana@example.org"), true));

    // The command line names the verified account by its address, never a claimer.
    upsert_identity(&conn, &claim("bob-claim", "bob@example.org", false), Provider, NOW).unwrap();
    let granted = centre_server::db::users::grant_admin_from_cli(&conn, "bob@example.org", NOW).unwrap();
    let claimer: String =
        conn.query_row("SELECT id FROM users WHERE oidc_subject = 'bob-claim'", [], |r| r.get(0)).unwrap();
    assert_ne!(granted.id, claimer);
    assert!(is_admin(&conn, &granted.id) && !is_admin(&conn, &claimer));
    assert_eq!(addresses(&conn)[&claimer], (None, false), "the operator's word takes the address too");

    // A provider that sends no address: an account with none.
    let none = upsert_identity(&conn, &claim("silent", "  ", true), Provider, NOW).unwrap();
    assert_eq!((none.email, none.email_verified), (None, false));
    let other = upsert_identity(&conn, &claim("silent-2", "", false), Provider, NOW).unwrap();
    assert_ne!(other.id, none.id);
}
