//! What one client can hold of the server, and how long it may keep it waiting, through the
//! binary's own listener (`router::serve_app`) with its timeouts shortened (the real values are
//! checked with a paused clock in `net/idle.rs` and `net/body.rs`, and against the release
//! binary by `scripts/exhaustion.py`).

use std::time::{Duration, Instant};

use centre_server::net::caps::Cap;
use centre_server::net::{Timeouts, body::MinRate, idle::Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::common::TestApp;

const SHORT: Timeouts = Timeouts {
    waits: Limits { head: Duration::from_millis(800), idle: Duration::from_millis(2000) },
    body: MinRate { grace: Duration::from_millis(800), bytes_per_second: 500 },
};

async fn app(connections: Cap, streams: Cap) -> TestApp {
    TestApp::spawn_with(|s| {
        s.timeouts = SHORT;
        s.connections = connections;
        s.streams = streams;
    })
    .await
}

fn host(app: &TestApp) -> &str {
    app.url.trim_start_matches("http://")
}

/// A raw connection to the app from `source` (any 127.0.0.0/8 address reaches loopback).
async fn connect_from(app: &TestApp, source: [u8; 4]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((source, 0))).unwrap();
    socket.connect(host(app).parse().unwrap()).await.unwrap()
}

/// Everything the server sends until it closes the connection (or `limit` passes: `None`).
async fn until_closed(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&all).into_owned()),
            Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
        }
    }
}

/// Reads one whole answer with a `content-length` (head and body).
async fn one_answer(stream: &mut TcpStream) -> String {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf)).await.unwrap().unwrap();
        assert!(n > 0, "closed before a whole answer: {}", String::from_utf8_lossy(&all));
        all.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&all).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                return text;
            }
        }
    }
}

#[tokio::test]
async fn a_silent_connection_closes_at_the_idle_limit_and_a_trickled_head_at_the_head_limit() {
    let app = app(Cap { total: 64, per_address: 16 }, Cap { total: 8, per_address: 4 }).await;
    let started = Instant::now();
    let mut silent = connect_from(&app, [127, 0, 0, 1]).await;
    let said = until_closed(&mut silent, Duration::from_secs(10)).await;
    assert_eq!(said.as_deref(), Some(""), "closed without a word");
    let waited = started.elapsed();
    assert!(waited >= SHORT.waits.idle && waited < SHORT.waits.idle * 2, "{waited:?}");

    // Half a request head, then nothing: closed at the head limit, well before the idle one.
    let mut slow = connect_from(&app, [127, 0, 0, 1]).await;
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = Instant::now();
    assert!(until_closed(&mut slow, Duration::from_secs(10)).await.is_some());
    let waited = started.elapsed();
    assert!(waited >= SHORT.waits.head && waited < SHORT.waits.idle, "{waited:?}");
}

#[tokio::test]
async fn a_kept_alive_connection_serves_again_then_closes_after_the_idle_limit() {
    let app = app(Cap { total: 64, per_address: 16 }, Cap { total: 8, per_address: 4 }).await;
    let mut stream = connect_from(&app, [127, 0, 0, 1]).await;
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", host(&app));
    stream.write_all(request.as_bytes()).await.unwrap();
    assert!(one_answer(&mut stream).await.starts_with("HTTP/1.1 200"));
    // Longer than the head limit between two requests: the connection is still there.
    tokio::time::sleep(SHORT.waits.head + Duration::from_millis(400)).await;
    stream.write_all(request.as_bytes()).await.unwrap();
    assert!(one_answer(&mut stream).await.starts_with("HTTP/1.1 200"));
    let done = Instant::now();
    assert_eq!(until_closed(&mut stream, Duration::from_secs(10)).await.as_deref(), Some(""));
    let waited = done.elapsed();
    assert!(waited >= SHORT.waits.idle && waited < SHORT.waits.idle * 2, "{waited:?}");
}

#[tokio::test]
async fn a_body_too_slow_is_408_and_a_body_announced_too_large_is_413_at_once() {
    let app = app(Cap { total: 64, per_address: 16 }, Cap { total: 8, per_address: 4 }).await;
    let cookie = session_cookie(&app, "lent@example.org").await;
    let origin = &app.url;

    // A signed-in POST announcing a terabyte: refused before a byte of it is sent.
    let mut huge = connect_from(&app, [127, 0, 0, 1]).await;
    let head = format!(
        "POST /api/courts/book HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nCookie: {cookie}\r\nContent-Type: application/json\r\nContent-Length: 1099511627776\r\n\r\n",
        host(&app)
    );
    huge.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let answer = one_answer(&mut huge).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"code\":\"payload_too_large\""), "{answer}");
    assert!(started.elapsed() < SHORT.body.grace, "answered at once: {:?}", started.elapsed());

    // A body that trickles (10 bytes, then nothing): 408 in the request's language.
    let mut slow = connect_from(&app, [127, 0, 0, 1]).await;
    let head = format!(
        "POST /api/courts/book HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\nCookie: {cookie}\r\nX-Lang: en\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{{\"courtId\"",
        host(&app)
    );
    slow.write_all(head.as_bytes()).await.unwrap();
    let answer = one_answer(&mut slow).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
    assert!(answer.contains("The request arrived too slowly"), "{answer}");
}

/// Signs `email` in through the development sign-in; answers the session cookie (`name=value`).
async fn session_cookie(app: &TestApp, email: &str) -> String {
    let response = reqwest::Client::new()
        .post(app.at("/api/dev-login"))
        .header("Origin", &app.url)
        .json(&serde_json::json!({ "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cookie = response.headers().get("set-cookie").unwrap().to_str().unwrap().to_owned();
    cookie.split(';').next().unwrap().to_owned()
}

#[tokio::test]
async fn one_address_over_its_connection_cap_is_refused_while_another_is_served() {
    let app = app(Cap { total: 64, per_address: 4 }, Cap { total: 8, per_address: 4 }).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from(&app, [127, 0, 0, 2]).await);
    }
    // The fifth from that address: a 503 with Retry-After, and closed.
    let mut fifth = connect_from(&app, [127, 0, 0, 2]).await;
    let refused = until_closed(&mut fifth, Duration::from_secs(5)).await.unwrap_or_default();
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.to_ascii_lowercase().contains("retry-after: 10"), "{refused}");
    // Another address is served meanwhile.
    let mut other = connect_from(&app, [127, 0, 0, 3]).await;
    other.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", host(&app)).as_bytes()).await.unwrap();
    assert!(one_answer(&mut other).await.starts_with("HTTP/1.1 200"));
    // A place given back is a place to take.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let mut again = connect_from(&app, [127, 0, 0, 2]).await;
        again.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", host(&app)).as_bytes()).await.unwrap();
        let mut buf = [0u8; 12];
        let _ = tokio::time::timeout(Duration::from_secs(2), again.read_exact(&mut buf)).await;
        if buf.starts_with(b"HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "the closed connection's place never came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn live_streams_are_capped_per_address_and_an_open_one_outlives_the_idle_limit() {
    let app = app(Cap { total: 64, per_address: 32 }, Cap { total: 8, per_address: 2 }).await;
    let admin = app.sign_in_as("admin@example.org").await;
    app.grant(&admin, "admin");
    let event_id = crate::tournaments::support::create_event(&app, "Tournoi du lac").await;
    let path = format!("/api/events/{event_id}/tournament/stream");
    let stream_request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nX-Lang: en\r\n\r\n", host(&app));
    let mut open = Vec::new();
    for _ in 0..2 {
        let mut s = connect_from(&app, [127, 0, 0, 4]).await;
        s.write_all(stream_request.as_bytes()).await.unwrap();
        let mut buf = [0u8; 12];
        s.read_exact(&mut buf).await.unwrap();
        assert_eq!(&buf, b"HTTP/1.1 200");
        open.push(s);
    }
    let mut third = connect_from(&app, [127, 0, 0, 4]).await;
    third.write_all(stream_request.as_bytes()).await.unwrap();
    let refused = one_answer(&mut third).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.to_ascii_lowercase().contains("retry-after: 10"), "{refused}");
    assert!(refused.contains("\"code\":\"too_many_streams\""), "{refused}");
    assert!(refused.contains("Too many live pages are open"), "{refused}");
    // Another address still gets its stream.
    let mut other = connect_from(&app, [127, 0, 0, 5]).await;
    other.write_all(stream_request.as_bytes()).await.unwrap();
    let mut buf = [0u8; 12];
    other.read_exact(&mut buf).await.unwrap();
    assert_eq!(&buf, b"HTTP/1.1 200");

    // Past the idle limit, an open stream is still open: a request being served has no limit.
    tokio::time::sleep(SHORT.waits.idle + Duration::from_millis(500)).await;
    let mut first = open.remove(0);
    let mut rest = [0u8; 512];
    let still = tokio::time::timeout(Duration::from_millis(300), first.read(&mut rest)).await;
    assert!(!matches!(still, Ok(Ok(0)) | Ok(Err(_))), "the stream was closed: {still:?}");
    // Closing it gives its place back, to the address that was at its cap.
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut again = connect_from(&app, [127, 0, 0, 4]).await;
        again.write_all(stream_request.as_bytes()).await.unwrap();
        let mut status = [0u8; 12];
        again.read_exact(&mut status).await.unwrap();
        if &status == b"HTTP/1.1 200" {
            break;
        }
        assert_eq!(&status, b"HTTP/1.1 503");
        assert!(Instant::now() < deadline, "the closed stream's place never came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
