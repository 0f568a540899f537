//! The real binary refuses bad start-up conditions with one clear line and a non-zero exit,
//! and stops cleanly on SIGTERM. A database that cannot take writes (the `--max-db-pages` cap
//! stands for a full disk) starts read-only when no migration is pending, and refuses to start,
//! leaving the file as it was, when one is.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

fn centre() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_centre"));
    command.env("RUST_LOG", "error").env_remove("CENTRE_DB").env_remove("CENTRE_ADDR");
    command
}

/// `centre serve` on `addr` with info logs piped to the test; returns once the port accepts.
fn serve_logging(db: &std::path::Path, addr: &str) -> std::process::Child {
    let child = centre()
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap()])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_until_listening(addr);
    child
}

fn fails_with(args: &[&str], expected: &str) {
    let output = centre().args(args).output().unwrap();
    assert!(!output.status.success(), "{args:?} should fail");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{stderr}");
}

#[test]
fn a_file_that_is_not_sqlite_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.db");
    std::fs::write(&path, "these are my notes, not a database\n".repeat(200)).unwrap();
    fails_with(&["serve", "--addr", &common::free_addr(), "--db", path.to_str().unwrap()], "is not a SQLite database");
    let content = std::fs::read_to_string(&path).unwrap();
    assert!(content.starts_with("these are my notes"), "the file is left untouched");
}

#[test]
fn an_unusable_database_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, "x").unwrap();
    let db = blocker.join("centre.db");
    fails_with(
        &["serve", "--addr", &common::free_addr(), "--db", db.to_str().unwrap()],
        "cannot create the database directory",
    );
}

#[test]
fn a_port_in_use_is_refused() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    fails_with(&["serve", "--addr", &addr, "--db", db.to_str().unwrap()], "already in use");
}

#[test]
fn invalid_settings_are_refused() {
    fails_with(&["serve", "--addr", "nowhere"], "invalid --addr");
    fails_with(&["serve", "--addr", &common::free_addr(), "--timezone", "Mars/Olympus"], "invalid --timezone");
    fails_with(&["serve", "--addr", &common::free_addr(), "--public-url", "centre.example"], "invalid --public-url");
    fails_with(&["serve", "--addr", &common::free_addr(), "--slot-minutes", "0"], "--slot-minutes");
    fails_with(&["serve", "--addr", &common::free_addr(), "--max-future-bookings", "none"], "--max-future-bookings");
}

#[test]
fn sigterm_stops_the_server_cleanly_and_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let addr = common::free_addr();
    let mut child = serve_logging(&db, &addr);
    // The database is ready (health answers 200), then SIGTERM.
    common::wait_for("/api/health to answer 200", Duration::from_secs(20), || {
        common::get_status(&addr, "/api/health") == Some(200)
    });
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert!(exit.success(), "exit 0 after SIGTERM: {exit:?} {out}");
    assert!(out.contains("checkpointing"), "{out}");
    let wal = db.with_extension("db-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0, "the WAL was checkpointed");
}

#[test]
fn each_request_is_logged_on_one_line_with_its_id_status_and_latency() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let addr = common::free_addr();
    let mut child = serve_logging(&db, &addr);
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let id = response
        .lines()
        .find_map(|line| line.strip_prefix("x-request-id: "))
        .expect("the response carries its request id")
        .trim()
        .to_owned();
    assert_eq!(id.len(), 16, "{id}");

    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    child.wait().unwrap();
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    let line = out.lines().find(|line| line.contains(&id)).unwrap_or_else(|| panic!("no log line for {id}: {out}"));
    for part in ["request", "method=GET", "path=/api/health", "status=200", "latency_ms="] {
        assert!(line.contains(part), "{part} in {line}");
    }
}

mod embedded {
    refinery::embed_migrations!("../migrations");
}

/// A `centre serve` process, killed and reaped if the test fails before it stops it.
struct Server(common::Process);

impl Server {
    /// Stops it with SIGTERM; answers its standard output (the log).
    fn stop(mut self) -> String {
        assert!(Command::new("kill").args(["-TERM", &self.0.id().to_string()]).status().unwrap().success());
        let exit = self.0.wait().unwrap();
        let mut out = String::new();
        self.0.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        assert!(exit.success(), "exit 0 after SIGTERM: {exit:?} {out}");
        out
    }
}

/// Where the site says it lives: the same for every start, so that one browser's session and
/// Origin carry over from one process to the next.
const SITE: &str = "http://centre.test";
const ADMIN: &str = "admin@example.org";

/// `centre serve` with the development sign-in, `ADMIN` an admin, info logs kept; returns once
/// the port accepts.
fn serve_site(db: &Path, addr: &str, extra: &[&str]) -> Server {
    let child = centre()
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap(), "--public-url", SITE, "--dev-login"])
        .args(["--admin-emails", ADMIN])
        .args(extra)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    common::wait_until_listening(addr);
    Server(common::Process(child))
}

/// Rewrites the database without free pages and answers its size in pages: started with that
/// as `--max-db-pages`, it is at its cap.
fn compact(db: &Path) -> u32 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("VACUUM").unwrap();
    let (pages, free): (u32, u32) = conn
        .query_row("SELECT * FROM pragma_page_count(), pragma_freelist_count()", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!(free, 0);
    pages
}

fn schema_version(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
    conn.query_row("SELECT max(version) FROM refinery_schema_history", [], |r| r.get(0)).unwrap()
}

/// About 10 kB of text: a new event needs new pages.
fn big_event(title: &str) -> Value {
    json!({
        "title": title, "titleEn": "", "description": "Une description qui prend de la place. ".repeat(120),
        "descriptionEn": "", "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z",
        "endDate": null, "price": 10, "maxParticipants": null, "requiresPayment": false,
    })
}

async fn health(url: &str) -> (u16, Value) {
    let response = reqwest::get(format!("{url}/api/health")).await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn a_database_at_its_cap_starts_read_only_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let browser = common::same_origin_client(SITE);

    // A first run: the admin signs in (the session is in the database, and outlives the process).
    let addr = common::free_addr();
    let server = serve_site(&db, &addr, &[]);
    common::sign_in(&browser, &format!("http://{addr}"), ADMIN).await;
    server.stop();
    let pages = compact(&db);

    // Started at its cap: reads are served, writes refused, and health and the log say why.
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let server = serve_site(&db, &addr, &["--max-db-pages", &pages.to_string()]);
    let (status, body) = health(&url).await;
    assert_eq!(
        (status, body),
        (
            503,
            json!({ "status": "degraded", "version": env!("CARGO_PKG_VERSION"), "database": "read_only", "reason": "page_cap" })
        )
    );
    assert_eq!(reqwest::get(format!("{url}/api/events")).await.unwrap().status(), 200);
    assert_eq!(reqwest::get(format!("{url}/api/courts")).await.unwrap().status(), 200);
    let refused = browser.post(format!("{url}/api/events")).json(&big_event("Plein")).send().await.unwrap();
    assert_eq!(refused.status(), 503);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "storage_unavailable");
    assert_eq!(health(&url).await.0, 503);
    let log = server.stop();
    let line = log.lines().find(|l| l.contains("starting read-only")).unwrap_or_else(|| panic!("{log}"));
    assert!(line.contains("WARN") && line.contains("it reached --max-db-pages"), "{line}");

    // Room again (a larger cap): the answer monitors know, and writes pass.
    let addr = common::free_addr();
    let url = format!("http://{addr}");
    let server = serve_site(&db, &addr, &["--max-db-pages", &(pages + 1000).to_string()]);
    assert_eq!(
        health(&url).await,
        (200, json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION"), "database": "ok" }))
    );
    let created = browser.post(format!("{url}/api/events")).json(&big_event("De la place")).send().await.unwrap();
    assert_eq!(created.status(), 201);
    let log = server.stop();
    assert!(!log.contains("read-only"), "{log}");
}

/// A database at schema `version`, without free pages; answers its size in pages.
fn old_database(db: &Path, version: i32) -> u32 {
    let mut conn = rusqlite::Connection::open(db).unwrap();
    embedded::migrations::runner().set_target(refinery::Target::Version(version)).run(&mut conn).unwrap();
    drop(conn);
    assert_eq!(schema_version(db), i64::from(version));
    compact(db)
}

#[test]
fn a_pending_migration_on_a_database_at_its_cap_refuses_to_start_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let pages = old_database(&db, 5);
    let pending = embedded::migrations::runner().get_migrations().len() - 5;
    let args =
        ["serve", "--addr", &common::free_addr(), "--db", db.to_str().unwrap(), "--max-db-pages", &pages.to_string()];
    fails_with(
        &args,
        &format!("cannot be written (it reached --max-db-pages) and {pending} migration(s) wait to be applied"),
    );
    fails_with(&args, "the file is left as it was");
    assert_eq!(schema_version(&db), 5);
}

#[test]
fn migrations_that_run_out_of_room_half_way_leave_the_file_as_it_was() {
    // Room for the start's test write and the second migration (a table and its index), not
    // for the rest: applied one by one, the file would stay at V2.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("centre.db");
    let pages = old_database(&db, 1);
    let pending = embedded::migrations::runner().get_migrations().len() - 1;
    let args = [
        "serve",
        "--addr",
        &common::free_addr(),
        "--db",
        db.to_str().unwrap(),
        "--max-db-pages",
        &(pages + 8).to_string(),
    ];
    fails_with(&args, &format!("cannot be written (it reached --max-db-pages) and {pending} migration(s) wait"));
    assert_eq!(schema_version(&db), 1, "no migration applied, not even the first ones");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let sessions: i64 =
        conn.query_row("SELECT count(*) FROM sqlite_master WHERE name = 'tower_sessions'", [], |r| r.get(0)).unwrap();
    assert_eq!(sessions, 0, "the second migration's table is not there");
}
