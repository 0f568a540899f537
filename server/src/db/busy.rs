//! SQLite's busy waits, counted. When another connection holds the write lock, SQLite calls
//! this handler, which sleeps a short, growing pause (the schedule of SQLite's own
//! `busy_timeout`) and lets SQLite try again, for at most `BUSY_TIMEOUT` in all. Each pause is
//! one retry, counted for `/metrics` with the session store's own retries.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rusqlite::Connection;

/// How long a statement waits for the write lock before answering SQLITE_BUSY.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// SQLite's own pauses (sqliteDefaultBusyCallback), then 100 ms each.
const DELAYS_MS: [u64; 12] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];
const LAST_DELAY_MS: u64 = 100;

static RETRIES: AtomicU64 = AtomicU64::new(0);

/// Waits on every connection of the server: the pool's and the session store's.
pub fn install(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_handler(Some(wait))
}

/// Retries since the process started (busy waits, and the session store's retried attempts).
pub fn retries() -> u64 {
    RETRIES.load(Ordering::Relaxed)
}

pub fn count_retry() {
    RETRIES.fetch_add(1, Ordering::Relaxed);
}

/// The pause before retry number `count` (0 for the first) and the time already waited.
fn schedule(count: usize) -> (u64, u64) {
    match DELAYS_MS.get(count) {
        Some(&delay) => (delay, DELAYS_MS[..count].iter().sum()),
        None => {
            let extra = u64::try_from(count - DELAYS_MS.len()).unwrap_or(u64::MAX);
            (LAST_DELAY_MS, DELAYS_MS.iter().sum::<u64>().saturating_add(extra.saturating_mul(LAST_DELAY_MS)))
        }
    }
}

fn wait(count: i32) -> bool {
    let (delay, waited) = schedule(usize::try_from(count).unwrap_or(0));
    let budget = u64::try_from(BUSY_TIMEOUT.as_millis()).unwrap_or(u64::MAX);
    if waited >= budget {
        return false;
    }
    count_retry();
    std::thread::sleep(Duration::from_millis(delay.min(budget - waited)));
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_pauses_grow_like_sqlites_and_stop_after_the_timeout() {
        assert_eq!(schedule(0), (1, 0));
        assert_eq!(schedule(3), (10, 8));
        assert_eq!(schedule(12), (100, 328));
        assert_eq!(schedule(13), (100, 428));
        let waited_when_giving_up = (0..).map(schedule).find(|&(_, waited)| waited >= 10_000).map(|(_, w)| w);
        assert_eq!(waited_when_giving_up, Some(10_028));
    }

    #[test]
    fn a_locked_database_is_waited_for_and_counted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("busy.db");
        let holder = Connection::open(&path).unwrap();
        holder
            .execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
            .unwrap();
        let waiter = Connection::open(&path).unwrap();
        install(&waiter).unwrap();
        let before = retries();
        let release = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(60));
            holder.execute_batch("COMMIT").unwrap();
        });
        waiter.execute("INSERT INTO t VALUES (2)", []).unwrap();
        release.join().unwrap();
        assert!(retries() > before, "the wait for the lock is counted");
        let rows: i64 = waiter.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 2);
    }
}
