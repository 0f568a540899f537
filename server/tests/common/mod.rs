//! The real router on 127.0.0.1:0 with a fresh SQLite file per test.
#![allow(dead_code, clippy::unwrap_used)]

pub mod snap;

use std::path::PathBuf;

use centre_server::settings::Settings;
use serde_json::{Value, json};

/// A signed-in user with their own client (cookies).
pub struct User {
    pub id: String,
    pub email: String,
    pub client: reqwest::Client,
}

/// Like a browser on the site: keeps cookies and sends `Origin: <site>` (state-changing requests
/// without it are refused).
pub fn same_origin_client(url: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::ORIGIN, reqwest::header::HeaderValue::from_str(url).unwrap());
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

pub async fn sign_in(client: &reqwest::Client, url: &str, email: &str) -> String {
    let local = email.split('@').next().unwrap_or("x");
    let response = client
        .post(format!("{url}/api/dev-login"))
        .json(&serde_json::json!({ "email": email, "firstName": local, "lastName": "Test" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "dev sign-in of {email}");
    let user: serde_json::Value = response.json().await.unwrap();
    user["id"].as_str().unwrap().to_owned()
}

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub db_path: PathBuf,
    /// The app's state, for what tests drive themselves (the scheduled work, with their clock).
    pub state: centre_server::AppState,
    _dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let db_path = dir.path().join("centre.db");
        let mut settings = Settings::for_tests(db_path.clone());
        if let Some(clock) = fixed_clock() {
            settings.clock = clock;
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        settings.addr = addr;
        settings.public_url = format!("http://{addr}");
        configure(&mut settings);
        let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
        state.mailer.spawn_worker(state.db.clone());
        state.auth.spawn_session_cleanup();
        // The binary's own listener: its caps and timeouts are part of what the tests drive.
        tokio::spawn(centre_server::router::serve_app(listener, state.clone(), std::future::pending()));
        let url = format!("http://{addr}");
        let client = same_origin_client(&url);
        TestApp { url, client, db_path, state, _dir: dir }
    }

    /// A second server on this app's file (as two processes on one file are), configured by
    /// `configure`: its own clock, say.
    pub async fn beside(&self, configure: impl FnOnce(&mut Settings)) -> TestApp {
        let db = self.db_path.clone();
        let mut app = Self::spawn_with(|s| {
            s.db = db.clone();
            configure(s);
        })
        .await;
        app.db_path = db;
        app
    }

    /// An app whose `client` is signed in as an admin (admin@example.org).
    pub async fn with_admin() -> TestApp {
        let app = Self::spawn().await;
        let id = app.sign_in_as("admin@example.org").await;
        app.grant(&id, "admin");
        app
    }

    /// A new browser-like client (own cookies, Origin = the site), signed out.
    pub fn new_client(&self) -> reqwest::Client {
        same_origin_client(&self.url)
    }

    /// Signs `self.client` in through `POST /api/dev-login`; answers the user id.
    pub async fn sign_in_as(&self, email: &str) -> String {
        sign_in(&self.client, &self.url, email).await
    }

    /// A new client signed in as `email`, with `role` ("admin", "supervisor") granted if any.
    pub async fn user(&self, email: &str, role: Option<&str>) -> User {
        let client = self.new_client();
        let id = sign_in(&client, &self.url, email).await;
        if let Some(role) = role {
            self.grant(&id, role);
        }
        User { id, email: email.to_owned(), client }
    }

    /// Grants a role straight in the database (what `centre admin grant` does for admins).
    pub fn grant(&self, user_id: &str, role: &str) {
        let conn = rusqlite::Connection::open(&self.db_path).unwrap();
        conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
        conn.execute(
            "INSERT OR IGNORE INTO role_grants (user_id, role, granted_at) VALUES (?1, ?2, '2026-01-01T00:00:00Z')",
            [user_id, role],
        )
        .unwrap();
    }

    pub async fn post(&self, path: &str) -> reqwest::Response {
        self.client.post(self.at(path)).send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.client.delete(self.at(path)).send().await.unwrap()
    }

    pub fn at(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.at(path)).send().await.unwrap()
    }
}

/// A child process (the real `centre`), killed and reaped if the test ends before it stops it:
/// an orphan would go on running and holding what its parent held.
pub struct Process(pub std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl std::ops::Deref for Process {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for Process {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

/// The fixed clock the suites that touch dates run under once more (`CENTRE_TEST_NOW`,
/// `YYYY-MM-DDTHH:MM` at the centre; make test sets it on each side of a change of time, late in
/// the evening): every app starts on it, and [`now`] follows it.
/// The clock is set once, at its first use, for the whole run.
pub fn fixed_clock() -> Option<centre_server::settings::Clock> {
    static CLOCK: std::sync::OnceLock<Option<centre_server::settings::Clock>> = std::sync::OnceLock::new();
    *CLOCK.get_or_init(|| {
        let text = std::env::var("CENTRE_TEST_NOW").ok()?;
        let at = chrono::NaiveDateTime::parse_from_str(&text, "%Y-%m-%dT%H:%M")
            .expect("CENTRE_TEST_NOW is YYYY-MM-DDTHH:MM");
        Some(centre_server::settings::Clock::starting_at(at, chrono_tz::America::Toronto))
    })
}

/// Now, as the apps of this run see it: the fixed clock when one is set, else the system's.
pub fn now() -> chrono::DateTime<chrono::Utc> {
    fixed_clock().map_or_else(chrono::Utc::now, |clock| clock.now())
}

/// The demo's hour for tests that start it (`--now`): 14:00 at the centre today, when the day's
/// tournament is under way, whatever the hour the tests run at.
pub fn demo_now() -> String {
    let today = now().with_timezone(&chrono_tz::America::Toronto).date_naive();
    format!("{today}T14:00")
}

/// [`demo_now`] as the clock of an in-process app.
pub fn demo_clock(settings: &Settings) -> centre_server::settings::Clock {
    let at = chrono::NaiveDateTime::parse_from_str(&demo_now(), "%Y-%m-%dT%H:%M").unwrap();
    centre_server::settings::Clock::starting_at(at, settings.timezone)
}

/// A free loopback address for a real `centre` process.
pub fn free_addr() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// Waits (20 s at most) until a process accepts connections on `addr`.
pub fn wait_until_listening(addr: &str) {
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "nothing listens on {addr}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The body of a team registration: `people` (2 to 4) named `name`, captain, member 2, then
/// members 3 and 4 when asked for.
pub fn team(people: usize, name: &str) -> Value {
    let mut body = json!({
        "teamName": name,
        "captainFirstName": "Camille", "captainLastName": "Tremblay", "captainEmail": "camille@example.org",
        "member2FirstName": "Alex", "member2LastName": "Roy", "member2Email": "alex@example.org",
    });
    if people >= 3 {
        body["member3FirstName"] = json!("Léa");
        body["member3LastName"] = json!("Gagnon");
    }
    if people >= 4 {
        body["member4FirstName"] = json!("Sam");
        body["member4LastName"] = json!("Côté");
        body["member4Email"] = json!("sam@example.org");
    }
    body
}

/// An event's form: in 10 days, `max` places at most.
pub fn event_body(title: &str, max: Option<i64>) -> Value {
    json!({
        "title": title,
        "titleEn": format!("{title} (en)"),
        "description": "Tournoi amical en équipes de 4.",
        "descriptionEn": "",
        "categoryId": "volleyball",
        "location": "20, chemin du Lac-Mulvihill, La Pêche",
        "startDate": (now() + chrono::Duration::days(10)).format("%Y-%m-%dT%H:%M:%SZ").to_string(),
        "endDate": null,
        "price": 25,
        "maxParticipants": max,
        "requiresPayment": false,
    })
}

/// Waits until `ready` holds, checking every few milliseconds; fails the test with `what` once
/// `limit` has passed. A wait on a condition, never a fixed sleep.
pub fn wait_for(what: &str, limit: std::time::Duration, mut ready: impl FnMut() -> bool) {
    let started = std::time::Instant::now();
    while !ready() {
        assert!(started.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The status of `GET path` on `addr` over a fresh connection, or None when nothing answers.
pub fn get_status(addr: &str, path: &str) -> Option<u16> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    response.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
}

/// True while some connection holds `db`'s write lock (a write transaction is open): a
/// `BEGIN IMMEDIATE` that does not wait is refused. When the lock is free this probe takes it
/// for an instant and gives it back at once, writing nothing.
pub fn write_lock_held(db: &std::path::Path) -> bool {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.busy_timeout(std::time::Duration::ZERO).unwrap();
    match conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;") {
        Ok(()) => false,
        Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::DatabaseBusy => true,
        Err(e) => panic!("probing the write lock: {e}"),
    }
}
