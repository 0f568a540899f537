//! The HTTP listener in front of the router: which connections are taken (caps per client
//! address and in total, `caps`), how long a connection may keep the server waiting (`idle`
//! for the request head and between requests, `body` for a request body), and the graceful
//! stop. hyper serves each connection as HTTP/1.1: Caddy speaks it to its upstream, and so does
//! a browser to a plain-http server.

pub mod body;
pub mod caps;
pub mod idle;

use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request};
use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::ServiceExt;

use self::caps::Counter;
use self::idle::{Phase, Serving, Watched};

/// How long a client may keep the server waiting, and how fast a body must arrive.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    pub waits: idle::Limits,
    pub body: body::MinRate,
}

/// The limits every server runs with: a request head whole within 10 s of its first byte; a
/// connection with no request closed after 60 s (Caddy's upstream keep-alive is set below it,
/// deploy/Caddyfile, so Caddy never sends on a connection being closed); a body at 500 bytes a
/// second on average after a 10 s grace (a 256 KiB body, the largest taken, may take 9 minutes).
pub const TIMEOUTS: Timeouts = Timeouts {
    waits: idle::Limits { head: Duration::from_secs(10), idle: Duration::from_secs(60) },
    body: body::MinRate { grace: Duration::from_secs(10), bytes_per_second: 500 },
};

/// How long the graceful stop waits for answers in flight before it lets them go (systemd's
/// `TimeoutStopSec` is 45 s: the database still has to be checkpointed after, and Litestream's
/// last sync may take 10 s more).
const STOP_WAIT: Duration = Duration::from_secs(20);

/// The answer to a connection over its caps, written once if the socket takes it, then closed.
/// French, the site's default language (the request was never read).
fn refusal() -> Vec<u8> {
    let message = centre_core::message("unavailable", centre_core::Lang::Fr).unwrap_or("unavailable");
    let body = serde_json::json!({ "message": message, "code": "unavailable" }).to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 10\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Who a connection counts against: its peer's address, unless the peer is a trusted proxy
/// (Caddy speaks for every client; each is counted by what it asks, e.g. its live streams).
fn connection_key(peer: IpAddr, trusted_proxies: &[IpAddr]) -> Option<IpAddr> {
    let peer = peer.to_canonical();
    (!trusted_proxies.contains(&peer)).then_some(peer)
}

/// Files the process needs open beside its connections: the database and its WAL on each pooled
/// connection, the listeners, mail and sign-in sockets, with room to spare.
const OTHER_FILES: u64 = 256;

/// Warns at start when the open-files limit is below the connection cap plus [`OTHER_FILES`]:
/// connections would run the process out of files before the cap protects it, and then every
/// accept fails, for everyone (deploy/centre.service sets `LimitNOFILE` for this).
pub fn check_open_files(connections: caps::Cap) {
    let Ok(limits) = std::fs::read_to_string("/proc/self/limits") else { return };
    let soft = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3))
        .and_then(|value| value.parse::<u64>().ok());
    let needed = u64::from(connections.total) + OTHER_FILES;
    if let Some(soft) = soft
        && soft < needed
    {
        tracing::warn!(
            open_files = soft,
            needed,
            "the open-files limit is below --max-connections + {OTHER_FILES}: raise LimitNOFILE (or ulimit -n), or lower --max-connections"
        );
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets answers in flight finish
/// (at most [`STOP_WAIT`]).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    connections: Arc<Counter>,
    trusted_proxies: Vec<IpAddr>,
    timeouts: Timeouts,
    shutdown: impl Future<Output = ()> + Send,
) {
    let graceful = GracefulShutdown::new();
    let refusal: Arc<[u8]> = refusal().into();
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The waits are `idle`'s (hyper's header timer would also count the time between requests).
    builder.header_read_timeout(None).keep_alive(true);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_error(&e).await;
                    continue;
                }
            },
        };
        let permit = match connections.acquire(connection_key(peer.ip(), &trusted_proxies)) {
            Ok(permit) => permit,
            Err(why) => {
                // Not read, not served: a try to write the answer, then closed.
                let _ = stream.try_write(&refusal);
                tracing::debug!(?why, "connection refused: over its cap");
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let phase = Phase::new();
        let io = TokioIo::new(Watched::new(stream, Arc::clone(&phase), timeouts.waits));
        let service = ConnectionService { router: router.clone(), peer, phase, body: timeouts.body };
        let connection = graceful.watch(builder.serve_connection(io, service));
        tokio::spawn(async move {
            let _permit = permit;
            if let Err(e) = connection.await {
                tracing::trace!(error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(STOP_WAIT, graceful.shutdown()).await.is_err() {
        tracing::warn!("stopping with answers still in flight after {STOP_WAIT:?}");
    }
}

/// An accept that failed: a connection gone before it was taken is nothing; anything else (the
/// open-files limit) is logged and given a moment, so the loop does not spin.
async fn accept_error(e: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(e.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    tracing::error!(error = %e, "accept failed");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// The router as one connection's hyper service: each request gets the peer's address and a
/// body that must keep arriving, and the connection's [`Phase`] knows it is being served until
/// its answer has been sent.
struct ConnectionService {
    router: Router,
    peer: SocketAddr,
    phase: Arc<Phase>,
    body: body::MinRate,
}

impl hyper::service::Service<axum::http::Request<Incoming>> for ConnectionService {
    type Response = axum::http::Response<Answered>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn call(&self, req: axum::http::Request<Incoming>) -> Self::Future {
        self.phase.started();
        let serving = Serving(Arc::clone(&self.phase));
        let mut req: Request = req.map(|incoming| axum::body::Body::new(body::Timed::new(incoming, self.body)));
        req.extensions_mut().insert(ConnectInfo(self.peer));
        let answer = self.router.clone().oneshot(req);
        Box::pin(async move {
            let response = match answer.await {
                Ok(response) => response,
                Err(never) => match never {},
            };
            Ok(response.map(|body| Answered { body, _serving: serving }))
        })
    }
}

pin_project_lite::pin_project! {
    /// An answer's body, holding its request's [`Serving`] until it is dropped (sent whole, or
    /// given up with its connection).
    pub struct Answered {
        #[pin]
        body: axum::body::Body,
        _serving: Serving,
    }
}

impl Body for Answered {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.project().body.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
