//! The session store, made safe under concurrency. tower-sessions-rusqlite-store opens a
//! deferred transaction that reads and then writes; when another connection wrote in between,
//! SQLite answers SQLITE_BUSY at once (no busy handler can help a stale snapshot). Under a rush
//! of sign-ins that surfaced as a 500. This wrapper retries such attempts a few times with a
//! short, growing pause, so a busy database costs milliseconds, not a failed request.

use std::time::Duration;

use async_trait::async_trait;
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store::{self, SessionStore};
use tower_sessions_rusqlite_store::RusqliteStore;

const ATTEMPTS: u32 = 12;

#[derive(Clone, Debug)]
pub struct RetryingStore {
    inner: RusqliteStore,
}

impl RetryingStore {
    pub fn new(inner: RusqliteStore) -> Self {
        Self { inner }
    }

    pub fn inner(&self) -> &RusqliteStore {
        &self.inner
    }
}

fn is_busy(error: &session_store::Error) -> bool {
    let text = error.to_string().to_ascii_lowercase();
    text.contains("database is locked") || text.contains("busy")
}

async fn pause(attempt: u32) {
    tokio::time::sleep(Duration::from_millis(5 * u64::from(attempt + 1) + u64::from(rand::random::<u8>() % 10))).await;
}

macro_rules! retry {
    ($call:expr) => {{
        let mut attempt = 0;
        loop {
            match $call {
                Err(error) if attempt + 1 < ATTEMPTS && is_busy(&error) => {
                    crate::db::busy::count_retry();
                    pause(attempt).await;
                    attempt += 1;
                }
                other => break other,
            }
        }
    }};
}

#[async_trait]
impl SessionStore for RetryingStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        retry!(self.inner.create(record).await)
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        retry!(self.inner.save(record).await)
    }

    async fn load(&self, session_id: &Id) -> session_store::Result<Option<Record>> {
        retry!(self.inner.load(session_id).await)
    }

    async fn delete(&self, session_id: &Id) -> session_store::Result<()> {
        retry!(self.inner.delete(session_id).await)
    }
}
