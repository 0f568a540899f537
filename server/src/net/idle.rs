//! How long a connection may keep the server waiting on its client. hyper's own header timeout
//! also counts the wait between two requests, and its keep-alive has no idle limit; a browser
//! (or Caddy) keeping a connection for its next request and a client trickling a request head
//! are two different things, so the connection's socket is wrapped here and told by the
//! service ([`Phase`]) whether a request is being served:
//!
//! - waiting for a request and nothing arrived: closed after [`super::Timeouts::idle`];
//! - a request head started arriving: it must be whole within [`super::Timeouts::head`];
//! - a request being served (its body read, its answer written, a live stream open): no limit
//!   on the wait for the client's bytes; the body has its own minimum rate (`super::body`), and
//!   a live stream writes its heartbeats.
//!
//! Whatever the phase, an answer the client stops reading (its socket takes no byte) fails
//! after the idle limit too.
//!
//! A limit passed ends the connection (the read or write fails with `TimedOut`, and hyper
//! closes it).

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// Where a connection is between requests; shared by its socket and its service.
#[derive(Debug)]
pub struct Phase(Mutex<Inner>);

#[derive(Debug)]
struct Inner {
    state: State,
    /// The socket's reader, parked while a request was served with no limit to watch: woken
    /// when the wait for the next request starts, so that wait's limit is armed.
    parked: Option<std::task::Waker>,
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// Waiting for a request since then; `head` is when its first byte arrived.
    Waiting { since: Instant, head: Option<Instant> },
    /// This many requests are being served (a new one may be read while the last is answered).
    Serving(u32),
}

impl Phase {
    pub fn new() -> Arc<Phase> {
        let state = State::Waiting { since: Instant::now(), head: None };
        Arc::new(Phase(Mutex::new(Inner { state, parked: None })))
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner).state)
    }

    /// A request's head was read: it is being served.
    pub fn started(&self) {
        self.with(|s| {
            *s = match *s {
                State::Serving(n) => State::Serving(n + 1),
                State::Waiting { .. } => State::Serving(1),
            }
        });
    }

    /// A request's answer was sent (or dropped): when none is left, the wait for the next starts.
    pub fn finished(&self) {
        let mut inner = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let State::Serving(n) = inner.state {
            if n > 1 {
                inner.state = State::Serving(n - 1);
            } else {
                inner.state = State::Waiting { since: Instant::now(), head: None };
                if let Some(reader) = inner.parked.take() {
                    reader.wake();
                }
            }
        }
    }

    /// Bytes arrived: while waiting, a request head has started.
    fn read_some(&self) {
        self.with(|s| {
            if let State::Waiting { head: head @ None, .. } = s {
                *head = Some(Instant::now());
            }
        });
    }

    /// When the connection must have made progress by, if it must; when not (a request is
    /// served), the reader is parked until the wait for the next request starts.
    fn deadline(&self, limits: Limits, reader: &std::task::Waker) -> Option<Instant> {
        let mut inner = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match inner.state {
            State::Serving(_) => {
                inner.parked = Some(reader.clone());
                None
            }
            State::Waiting { head: Some(head), .. } => Some(head + limits.head),
            State::Waiting { since, head: None } => Some(since + limits.idle),
        }
    }
}

/// The two waits a connection is allowed (see the module's text).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub head: Duration,
    pub idle: Duration,
}

pin_project_lite::pin_project! {
    /// A socket that fails its reads once the client has kept the server waiting too long.
    pub struct Watched<T> {
        #[pin]
        inner: T,
        phase: Arc<Phase>,
        limits: Limits,
        timer: Pin<Box<Sleep>>,
        // Since when the socket takes no byte of the answer, and the timer for that.
        write_stalled: Option<Instant>,
        write_timer: Pin<Box<Sleep>>,
    }
}

impl<T> Watched<T> {
    pub fn new(inner: T, phase: Arc<Phase>, limits: Limits) -> Watched<T> {
        let timer = Box::pin(tokio::time::sleep(limits.idle));
        let write_timer = Box::pin(tokio::time::sleep(limits.idle));
        Watched { inner, phase, limits, timer, write_stalled: None, write_timer }
    }
}

/// A write's outcome, watched: progress forgets a stall; a stall longer than `limit` fails.
fn watch_write<R>(
    outcome: Poll<io::Result<R>>,
    cx: &mut Context<'_>,
    stalled: &mut Option<Instant>,
    timer: &mut Pin<Box<Sleep>>,
    limit: Duration,
) -> Poll<io::Result<R>> {
    if outcome.is_ready() {
        *stalled = None;
        return outcome;
    }
    let deadline = *stalled.get_or_insert_with(Instant::now) + limit;
    if timer.deadline() != deadline {
        timer.as_mut().reset(deadline);
    }
    match timer.as_mut().poll(cx) {
        Poll::Ready(()) => Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading"))),
        Poll::Pending => Poll::Pending,
    }
}

impl<T: AsyncRead> AsyncRead for Watched<T> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        match this.inner.poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.phase.read_some();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                let Some(deadline) = this.phase.deadline(*this.limits, cx.waker()) else { return Poll::Pending };
                if this.timer.deadline() != deadline {
                    this.timer.as_mut().reset(deadline);
                }
                match this.timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client kept the connection waiting",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncWrite> AsyncWrite for Watched<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.project();
        let outcome = this.inner.poll_write(cx, buf);
        watch_write(outcome, cx, this.write_stalled, this.write_timer, this.limits.idle)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().inner.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().inner.poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.project();
        let outcome = this.inner.poll_write_vectored(cx, bufs);
        watch_write(outcome, cx, this.write_stalled, this.write_timer, this.limits.idle)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// Marks its request finished when dropped: the answer's body carries it, so the wait for the
/// next request starts once the answer has been sent whole (or the connection gave up on it).
#[derive(Debug)]
pub struct Serving(pub Arc<Phase>);

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.finished();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    const LIMITS: Limits = Limits { head: Duration::from_secs(10), idle: Duration::from_secs(60) };

    #[tokio::test(start_paused = true)]
    async fn an_idle_connection_closes_after_the_idle_limit_and_a_slow_head_after_the_head_limit() {
        let (mut client, server) = tokio::io::duplex(64);
        let phase = Phase::new();
        let mut watched = Watched::new(server, phase.clone(), LIMITS);
        let mut buf = [0u8; 16];
        let started = Instant::now();
        let idle = watched.read(&mut buf).await;
        assert_eq!(idle.map_err(|e| e.kind()).err(), Some(io::ErrorKind::TimedOut));
        assert_eq!(started.elapsed(), LIMITS.idle);

        // A new wait: one byte of a head, then nothing: closed 10 s after that byte.
        phase.started();
        phase.finished();
        let _ = client.write_all(b"G").await;
        assert_eq!(watched.read(&mut buf).await.ok(), Some(1));
        let head = Instant::now();
        let slow = watched.read(&mut buf).await;
        assert_eq!(slow.map_err(|e| e.kind()).err(), Some(io::ErrorKind::TimedOut));
        assert_eq!(head.elapsed(), LIMITS.head);
    }

    #[tokio::test(start_paused = true)]
    async fn an_answer_the_client_stops_reading_fails_after_the_idle_limit() {
        // A socket whose buffer holds 64 bytes and a client that never reads.
        let (_client, server) = tokio::io::duplex(64);
        let phase = Phase::new();
        phase.started();
        let mut watched = Watched::new(server, phase, LIMITS);
        let started = Instant::now();
        let stalled = watched.write_all(&[b'x'; 1024]).await;
        assert_eq!(stalled.map_err(|e| e.kind()).err(), Some(io::ErrorKind::TimedOut));
        assert_eq!(started.elapsed(), LIMITS.idle);
    }

    #[tokio::test(start_paused = true)]
    async fn while_a_request_is_served_the_connection_may_wait() {
        let (mut client, server) = tokio::io::duplex(64);
        let phase = Phase::new();
        let mut watched = Watched::new(server, phase.clone(), LIMITS);
        phase.started();
        let serving = Serving(phase.clone());
        let mut buf = [0u8; 16];
        let read = tokio::time::timeout(Duration::from_secs(600), watched.read(&mut buf)).await;
        assert!(read.is_err(), "ten minutes of a live stream: still open");
        // The answer is done: the idle wait starts then, not at the start of the request.
        drop(serving);
        let done = Instant::now();
        let idle = watched.read(&mut buf).await;
        assert_eq!(idle.map_err(|e| e.kind()).err(), Some(io::ErrorKind::TimedOut));
        assert_eq!(done.elapsed(), LIMITS.idle);
        drop(client.shutdown().await);
    }
}
