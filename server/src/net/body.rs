//! A request body must keep arriving: after a grace period, at least a minimum rate on average
//! (Apache's mod_reqtimeout rule: the allowance grows with every byte received). A client that
//! announces a body and trickles it would otherwise hold a connection, a task and a database
//! wait for as long as it likes. A body too slow ends with [`TooSlow`], which `ApiJson` answers
//! 408 `request_timeout`; hyper then closes the connection.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

/// The request body arrived slower than the minimum rate.
#[derive(Debug, thiserror::Error)]
#[error("the request body arrived too slowly")]
pub struct TooSlow;

/// The body's allowance: `grace`, then one more second per `bytes_per_second` received.
#[derive(Clone, Copy, Debug)]
pub struct MinRate {
    pub grace: Duration,
    pub bytes_per_second: u64,
}

impl MinRate {
    fn deadline(self, started: Instant, received: u64) -> Instant {
        let earned = Duration::from_secs_f64(received as f64 / self.bytes_per_second.max(1) as f64);
        started + self.grace + earned
    }
}

pin_project_lite::pin_project! {
    /// `inner`, failing with [`TooSlow`] once it falls behind `rate`.
    pub struct Timed<B> {
        #[pin]
        inner: B,
        rate: MinRate,
        started: Option<Instant>,
        received: u64,
        timer: Option<Pin<Box<Sleep>>>,
        failed: bool,
    }
}

impl<B> Timed<B> {
    pub fn new(inner: B, rate: MinRate) -> Timed<B> {
        Timed { inner, rate, started: None, received: 0, timer: None, failed: false }
    }
}

impl<B> Body for Timed<B>
where
    B: Body<Data = Bytes>,
    B::Error: Into<axum::BoxError>,
{
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.project();
        if *this.failed {
            return Poll::Ready(None);
        }
        // The clock starts when the handler first asks for the body, not when the head arrived:
        // the wait for a database or a session is the server's, not the client's.
        let started = *this.started.get_or_insert_with(Instant::now);
        match this.inner.poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    *this.received += data.len() as u64;
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(e))) => Poll::Ready(Some(Err(e.into()))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                let deadline = this.rate.deadline(started, *this.received);
                let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
                if timer.deadline() != deadline {
                    timer.as_mut().reset(deadline);
                }
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        *this.failed = true;
                        Poll::Ready(Some(Err(Box::new(TooSlow))))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.failed || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Whether `error`, or one of its causes, is a body that arrived too slowly.
pub fn is_too_slow(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        if e.is::<TooSlow>() {
            return true;
        }
        current = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;
    use http_body_util::StreamBody;

    const RATE: MinRate = MinRate { grace: Duration::from_secs(10), bytes_per_second: 500 };

    fn trickle(chunks: Vec<(u64, usize)>) -> impl Body<Data = Bytes, Error = std::convert::Infallible> {
        // Each chunk: wait so many seconds, then so many bytes.
        let stream = futures_util::stream::unfold(chunks.into_iter(), |mut rest| async move {
            let (wait, size) = rest.next()?;
            tokio::time::sleep(Duration::from_secs(wait)).await;
            Some((Ok(Frame::data(Bytes::from(vec![b'x'; size]))), rest))
        });
        StreamBody::new(stream)
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_keeping_the_rate_arrives_whole() {
        // 9 s, then 5,000 bytes (10 more seconds earned: 20 s from the start), then 10 s more:
        // the last bytes at 19 s, within the allowance.
        let body = Timed::new(trickle(vec![(9, 5000), (10, 100)]), RATE);
        let bytes = body.collect().await.map(|c| c.to_bytes().len());
        assert_eq!(bytes.ok(), Some(5100));
    }

    #[tokio::test(start_paused = true)]
    async fn a_trickling_body_fails_when_it_falls_behind() {
        let started = Instant::now();
        // 100 bytes every 5 s is 20 B/s: the 10 s grace plus 0.2 s per chunk runs out.
        let body = Timed::new(trickle(vec![(5, 100); 100]), RATE);
        let error = body.collect().await.err();
        assert!(error.as_deref().is_some_and(|e| is_too_slow(e)), "{error:?}");
        assert!(started.elapsed() < Duration::from_secs(12), "{:?}", started.elapsed());
    }
}
