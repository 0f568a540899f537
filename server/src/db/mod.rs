//! The only module that knows SQL. A small pool of SQLite connections, every one set up the
//! same way (WAL, a counted busy wait, foreign keys, synchronous=NORMAL); calls run on the blocking
//! pool, never on the async workers; writes run in `BEGIN IMMEDIATE` transactions.

pub mod backup;
pub mod busy;
pub mod courts;
pub mod daycamps;
pub mod event_registrations;
pub mod events;
pub mod outbox;
pub mod payments;
mod probe;
pub mod seed;
pub mod stats;
pub mod tournaments;
pub mod users;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use tokio::sync::Semaphore;

mod embedded {
    refinery::embed_migrations!("../migrations");
}

const MAX_CONNECTIONS: usize = 8;

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot create the database directory {dir}: {source}")]
    Directory { dir: PathBuf, source: std::io::Error },
    #[error("cannot open the database {path}: {source}")]
    Open { path: PathBuf, source: rusqlite::Error },
    #[error("{path} is not a SQLite database (refusing to touch it)")]
    NotADatabase { path: PathBuf },
    #[error(
        "the database {path} has schema version {found}, newer than this program knows ({known}); run a newer version of centre"
    )]
    TooNew { path: PathBuf, found: i64, known: i64 },
    #[error("migrating the database {path} failed: {message}")]
    Migration { path: PathBuf, message: String },
    #[error("the database {path} is not writable: {source}")]
    NotWritable { path: PathBuf, source: rusqlite::Error },
}

#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    max_pages: Option<u32>,
    idle: Mutex<Vec<Connection>>,
    permits: Semaphore,
    /// Health checks waiting for the next query (probe.rs).
    probe: probe::Waiting,
}

/// Errors a database call can end with: the caller's own error type, which must absorb
/// rusqlite errors and a failed blocking task.
pub trait DbCallError: From<rusqlite::Error> + Send + 'static {
    fn task_failed(message: String) -> Self;
}

impl Db {
    /// Opens (creating if needed) and migrates the database. Blocking: call before serving.
    pub fn open(path: &Path) -> Result<Db, OpenError> {
        Db::open_capped(path, None)
    }

    /// [`Db::open`] with SQLite's `max_page_count` on every connection (`--max-db-pages`).
    pub fn open_capped(path: &Path, max_pages: Option<u32>) -> Result<Db, OpenError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| OpenError::Directory { dir: dir.to_owned(), source })?;
        }
        let mut conn = open_connection(path, max_pages)?;
        check_is_sqlite(&conn, path)?;
        // A read-only directory or file shows up at the first write.
        conn.execute_batch(
            "PRAGMA journal_mode=WAL; CREATE TABLE IF NOT EXISTS _centre_probe(x); DROP TABLE _centre_probe;",
        )
        .map_err(|source| OpenError::NotWritable { path: path.to_owned(), source })?;
        refuse_newer_schema(&conn, path)?;
        migrate(&mut conn, path)?;
        Ok(Db {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                max_pages,
                idle: Mutex::new(vec![conn]),
                permits: Semaphore::new(MAX_CONNECTIONS),
                probe: probe::Waiting::default(),
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// A blocking connection with the server's settings (busy timeout, foreign keys,
    /// synchronous=NORMAL, the page cap), outside the pool: for start-up seeding, the command
    /// line and the session store (which keeps its own connection).
    pub fn connect(&self) -> Result<Connection, OpenError> {
        open_connection(&self.inner.path, self.inner.max_pages)
    }

    /// Runs `f` with a connection on the blocking pool.
    pub async fn read<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: DbCallError,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        self.with_conn(move |conn| f(conn)).await
    }

    /// Runs `f` inside a `BEGIN IMMEDIATE` transaction, committed when `f` returns Ok.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: DbCallError,
        F: FnOnce(&Transaction<'_>) -> Result<T, E> + Send + 'static,
    {
        self.with_conn(move |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        })
        .await
    }

    async fn with_conn<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: DbCallError,
        F: FnOnce(&mut Connection) -> Result<T, E> + Send + 'static,
    {
        let _permit = self.inner.permits.acquire().await.map_err(|e| E::task_failed(e.to_string()))?;
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || {
            let pooled = inner.idle.lock().map_or(None, |mut idle| idle.pop());
            let mut conn = match pooled {
                Some(conn) => conn,
                None => open_connection(&inner.path, inner.max_pages).map_err(|e| E::task_failed(e.to_string()))?,
            };
            let result = f(&mut conn);
            // A connection left inside a transaction (a panic or early return) is dropped.
            if conn.is_autocommit()
                && let Ok(mut idle) = inner.idle.lock()
            {
                idle.push(conn);
            }
            result
        })
        .await
        .map_err(|e| E::task_failed(format!("database task failed: {e}")))?
    }

    /// Checkpoints the WAL into the main file (at shutdown), emptying it when no one else reads
    /// it. Under Litestream, which keeps a read lock on the WAL and checkpoints it itself, the
    /// frames are copied as far as its lock allows (a passive checkpoint) rather than waiting out
    /// the busy timeout; answers whether the WAL could be emptied.
    pub fn checkpoint(&self) -> Result<bool, rusqlite::Error> {
        let conn = open_connection(&self.inner.path, None).map_err(|e| match e {
            OpenError::Open { source, .. } => source,
            other => rusqlite::Error::InvalidParameterName(other.to_string()),
        })?;
        conn.busy_timeout(Duration::from_secs(1))?;
        let run = |mode: &str| {
            conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |r| r.get::<_, i64>(0)).map(|busy| busy == 0)
        };
        match run("TRUNCATE") {
            Ok(true) => Ok(true),
            Ok(false) => run("PASSIVE").map(|_| false),
            Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => run("PASSIVE").map(|_| false),
            Err(e) => Err(e),
        }
    }
}

fn open_connection(path: &Path, max_pages: Option<u32>) -> Result<Connection, OpenError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn =
        Connection::open_with_flags(path, flags).map_err(|source| OpenError::Open { path: path.to_owned(), source })?;
    busy::install(&conn).map_err(|source| OpenError::Open { path: path.to_owned(), source })?;
    conn.execute_batch("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")
        .map_err(|source| classify(path, source))?;
    if let Some(pages) = max_pages {
        conn.execute_batch(&format!("PRAGMA max_page_count = {pages};")).map_err(|source| classify(path, source))?;
    }
    Ok(conn)
}

/// Runs the embedded migrations with foreign keys off, as SQLite's procedure for rebuilding a
/// table asks (V5 rebuilds tables others refer to: dropping the old one must cascade nothing),
/// then checks every reference still holds before turning them back on.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), OpenError> {
    let failed = |message: String| OpenError::Migration { path: path.to_owned(), message };
    conn.execute_batch("PRAGMA foreign_keys=OFF;").map_err(|e| failed(e.to_string()))?;
    let ran = embedded::migrations::runner()
        .set_abort_divergent(true)
        .set_abort_missing(true)
        .run(conn)
        .map_err(|e| failed(e.to_string()));
    let broken: rusqlite::Result<i64> =
        conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0));
    conn.execute_batch("PRAGMA foreign_keys=ON;").map_err(|e| failed(e.to_string()))?;
    ran?;
    match broken {
        Ok(0) => Ok(()),
        Ok(n) => Err(failed(format!("{n} rows refer to rows that do not exist after migrating"))),
        Err(e) => Err(failed(e.to_string())),
    }
}

fn classify(path: &Path, source: rusqlite::Error) -> OpenError {
    if source.sqlite_error_code() == Some(rusqlite::ErrorCode::NotADatabase) {
        OpenError::NotADatabase { path: path.to_owned() }
    } else {
        OpenError::Open { path: path.to_owned(), source }
    }
}

fn check_is_sqlite(conn: &Connection, path: &Path) -> Result<(), OpenError> {
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))
        .map(|_| ())
        .map_err(|source| classify(path, source))
}

fn refuse_newer_schema(conn: &Connection, path: &Path) -> Result<(), OpenError> {
    let has_history: bool = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='refinery_schema_history'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .map_err(|source| classify(path, source))?
        > 0;
    if !has_history {
        return Ok(());
    }
    let found: i64 = conn
        .query_row("SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history", [], |r| r.get(0))
        .map_err(|source| classify(path, source))?;
    let known = known_schema_version();
    if found > known {
        return Err(OpenError::TooNew { path: path.to_owned(), found, known });
    }
    Ok(())
}

/// The highest migration version embedded in this binary.
pub fn known_schema_version() -> i64 {
    embedded::migrations::runner().get_migrations().iter().map(|m| i64::from(m.version())).max().unwrap_or(0)
}
