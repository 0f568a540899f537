//! The real binary refuses bad start-up conditions with one clear line and a non-zero exit,
//! and stops cleanly on SIGTERM.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

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
    // Wait for the database to be ready (health answers), then send SIGTERM.
    std::thread::sleep(Duration::from_millis(300));
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
