//! The only module that knows SQL. A small pool of SQLite connections, every one set up the
//! same way (WAL, a counted busy wait, foreign keys, synchronous=NORMAL); calls run on the blocking
//! pool, never on the async workers; writes run in `BEGIN IMMEDIATE` transactions.
//!
//! A database that cannot take writes (a full disk, the page cap, a read-only file) but needs no
//! migration opens read-only: reads are served, writes are refused as they come, and the health
//! check says why (probe.rs). A migration that cannot be written refuses the start, and never
//! leaves a half-migrated file: pending migrations apply in one transaction.

pub mod backup;
pub mod busy;
pub mod camp_attendance;
pub mod camp_health;
pub mod camp_payers;
pub mod camp_staff;
pub mod courts;
pub mod daycamps;
pub mod devices;
pub mod event_registrations;
pub mod events;
pub mod leagues;
pub mod outbox;
pub mod payments;
pub mod privacy;
mod probe;
pub mod seed;
pub mod stats;
pub mod tournaments;
pub mod users;
pub mod waitlist;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use tokio::sync::Semaphore;

pub use probe::{Health, WriteRefusal, note_refused_write};

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
    #[error(
        "cannot open the database {path}: {source}; its disk is full ({free} bytes free, and SQLite needs room for the database's shared-memory file): free disk space, then start again"
    )]
    DiskFullAtOpen { path: PathBuf, free: u64, source: rusqlite::Error },
    #[error(
        "the database {path} cannot be written ({reason}) and {pending} migration(s) wait to be applied: refusing to start, the file is left as it was; free disk space (or raise --max-db-pages, or make the file and its folder writable), then start again"
    )]
    CannotMigrate { path: PathBuf, reason: WriteRefusal, pending: usize },
    #[error("seeding {what} failed: {source}")]
    Seeding { what: &'static str, source: rusqlite::Error },
}

impl OpenError {
    /// Whether the storage refused a write (a full disk, the page cap, a read-only file).
    pub fn refused_by_storage(&self) -> bool {
        match self {
            OpenError::CannotMigrate { .. } => true,
            OpenError::Seeding { source, .. } => probe::Failure::of(source).is_some(),
            _ => false,
        }
    }
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
    /// The last write the storage refused, until one passes again (probe.rs).
    writes: probe::Writes,
    /// Why the database opened read-only, if it did.
    read_only_at_start: Option<WriteRefusal>,
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
        let mut conn = open_connection(path, max_pages)
            .and_then(|conn| check_is_sqlite(&conn, path).map(|()| conn))
            .map_err(|e| when_disk_full(e, path))?;
        refuse_newer_schema(&conn, path)?;
        let pending = pending_migrations(&conn, path)?;
        // A read-only folder or file, a full disk or the page cap show up at the first write.
        let refused = match conn.execute_batch(
            "PRAGMA journal_mode=WAL; CREATE TABLE IF NOT EXISTS _centre_probe(x); DROP TABLE _centre_probe;",
        ) {
            Ok(()) => None,
            Err(source) => match probe::Failure::of(&source) {
                Some(failure) => Some(failure),
                None => return Err(OpenError::NotWritable { path: path.to_owned(), source }),
            },
        };
        let mut read_only_at_start = None;
        let mut refused_at_start = None;
        if let Some(failure) = refused {
            let room = probe::room(&conn, path, max_pages.is_some()).unwrap_or_default();
            let reason = failure.reason(room);
            if pending > 0 {
                return Err(OpenError::CannotMigrate { path: path.to_owned(), reason, pending });
            }
            read_only_at_start = Some(reason);
            refused_at_start = Some(match failure {
                probe::Failure::Full => probe::Refused::Full(room),
                probe::Failure::ReadOnly => probe::Refused::ReadOnly,
            });
        }
        // With nothing pending this only reads the history and checks it.
        migrate(&mut conn, path, max_pages, pending)?;
        Ok(Db {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                max_pages,
                idle: Mutex::new(vec![conn]),
                permits: Semaphore::new(MAX_CONNECTIONS),
                probe: probe::Waiting::default(),
                writes: probe::Writes::starting(refused_at_start),
                read_only_at_start,
            }),
        })
    }

    /// Why the database opened read-only (it could not take the start's test write and needed no
    /// migration), if it did. Writes may pass again later: the health check tells.
    pub fn read_only_at_start(&self) -> Option<WriteRefusal> {
        self.inner.read_only_at_start
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

    /// Runs `f` inside a `BEGIN IMMEDIATE` transaction, committed when `f` returns Ok. A write
    /// the storage refuses (SQLITE_FULL, SQLITE_READONLY) is noted for the health check, and
    /// forgotten once a write commits changes.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: DbCallError,
        F: FnOnce(&Transaction<'_>) -> Result<T, E> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        self.with_conn(move |conn| {
            let watch = probe::Watch::start();
            let changes = conn.total_changes();
            let result = transact(conn, f);
            match (&result, watch.finish()) {
                (Err(_), Some(failure)) => {
                    // Measured after the rollback: the room the write lacked.
                    let room = probe::room(conn, &inner.path, inner.max_pages.is_some()).unwrap_or_default();
                    inner.writes.refused(match failure {
                        probe::Failure::Full => probe::Refused::Full(room),
                        probe::Failure::ReadOnly => probe::Refused::ReadOnly,
                    });
                }
                (Ok(_), _) if conn.total_changes() > changes => inner.writes.passed(),
                _ => {}
            }
            result
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
            // A connection left inside a transaction (a panic or early return) is dropped, and
            // so is one that opened the file read-only: a new one can write once the file can.
            if conn.is_autocommit()
                && !conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true)
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

/// `BEGIN IMMEDIATE`, `f`, `COMMIT`; the transaction is rolled back when `f` fails.
fn transact<T, E, F>(conn: &mut Connection, f: F) -> Result<T, E>
where
    E: DbCallError,
    F: FnOnce(&Transaction<'_>) -> Result<T, E>,
{
    let noted = |error: rusqlite::Error| {
        probe::note_refused_write(&error);
        E::from(error)
    };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(noted)?;
    let value = f(&tx)?;
    tx.commit().map_err(noted)?;
    Ok(value)
}

fn open_connection(path: &Path, max_pages: Option<u32>) -> Result<Connection, OpenError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn =
        Connection::open_with_flags(path, flags).map_err(|source| OpenError::Open { path: path.to_owned(), source })?;
    busy::install(&conn).map_err(|source| OpenError::Open { path: path.to_owned(), source })?;
    install_functions(&conn).map_err(|source| OpenError::Open { path: path.to_owned(), source })?;
    conn.execute_batch("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")
        .map_err(|source| classify(path, source))?;
    if let Some(pages) = max_pages {
        conn.execute_batch(&format!("PRAGMA max_page_count = {pages};")).map_err(|source| classify(path, source))?;
    }
    Ok(conn)
}

/// core's rules that queries name in SQL, so a list sorted or joined in the database says what
/// the rest of the product says: `team_name(name, number)` is core's `registration::team_name`.
pub fn install_functions(conn: &Connection) -> rusqlite::Result<()> {
    use rusqlite::functions::FunctionFlags;
    let flags = FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC;
    conn.create_scalar_function("team_name", 2, flags, |ctx| {
        let name: Option<String> = ctx.get(0)?;
        let number: Option<i64> = ctx.get(1)?;
        Ok(centre_core::registration::team_name(name.as_deref(), number))
    })
}

/// Runs the embedded migrations with foreign keys off, as SQLite's procedure for rebuilding a
/// table asks (V5 rebuilds tables others refer to: dropping the old one must cascade nothing),
/// then checks every reference still holds before turning them back on. The `pending`
/// migrations apply in one transaction with their history: when the storage refuses one of
/// them (a full disk), none is applied.
fn migrate(conn: &mut Connection, path: &Path, max_pages: Option<u32>, pending: usize) -> Result<(), OpenError> {
    let failed = |message: String| OpenError::Migration { path: path.to_owned(), message };
    conn.execute_batch("PRAGMA foreign_keys=OFF;").map_err(|e| failed(e.to_string()))?;
    let ran = embedded::migrations::runner()
        .set_abort_divergent(true)
        .set_abort_missing(true)
        .set_grouped(true)
        .run(conn)
        .map_err(|e| match refused_by_storage(&e) {
            Some(failure) => OpenError::CannotMigrate {
                path: path.to_owned(),
                reason: failure.reason(probe::room(conn, path, max_pages.is_some()).unwrap_or_default()),
                pending,
            },
            None => failed(e.to_string()),
        });
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

/// A database that cannot be opened for lack of room says so: SQLite needs a little room for its
/// shared-memory file when the last server stopped cleanly (and removed it).
fn when_disk_full(error: OpenError, path: &Path) -> OpenError {
    use rusqlite::ErrorCode::{CannotOpen, DiskFull, SystemIoFailure};
    match error {
        OpenError::Open { path: opened, source }
            if matches!(source.sqlite_error_code(), Some(CannotOpen | DiskFull | SystemIoFailure)) =>
        {
            match probe::free_space(path) {
                Some(free) if free < probe::DISK_RESERVE => OpenError::DiskFullAtOpen { path: opened, free, source },
                _ => OpenError::Open { path: opened, source },
            }
        }
        other => other,
    }
}

fn check_is_sqlite(conn: &Connection, path: &Path) -> Result<(), OpenError> {
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))
        .map(|_| ())
        .map_err(|source| classify(path, source))
}

/// The SQLite error under a migration's, when the storage refused it.
fn refused_by_storage(error: &refinery::Error) -> Option<probe::Failure> {
    let mut cause = std::error::Error::source(error);
    while let Some(error) = cause {
        if let Some(failure) = error.downcast_ref::<rusqlite::Error>().and_then(probe::Failure::of) {
            return Some(failure);
        }
        cause = error.source();
    }
    None
}

fn has_history(conn: &Connection, path: &Path) -> Result<bool, OpenError> {
    conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='refinery_schema_history'",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| n > 0)
    .map_err(|source| classify(path, source))
}

/// How many of the embedded migrations the database has not applied. Reads only.
fn pending_migrations(conn: &Connection, path: &Path) -> Result<usize, OpenError> {
    let applied: HashSet<i64> = if has_history(conn, path)? {
        let mut stmt =
            conn.prepare("SELECT version FROM refinery_schema_history").map_err(|source| classify(path, source))?;
        stmt.query_map([], |r| r.get(0)).and_then(Iterator::collect).map_err(|source| classify(path, source))?
    } else {
        HashSet::new()
    };
    let runner = embedded::migrations::runner();
    Ok(runner.get_migrations().iter().filter(|m| !applied.contains(&i64::from(m.version()))).count())
}

fn refuse_newer_schema(conn: &Connection, path: &Path) -> Result<(), OpenError> {
    if !has_history(conn, path)? {
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

/// Which constraint of the schema refused a write: the database keeps the invariants, and each
/// use case turns the refusal into its own answer (full, already registered, slot taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A UNIQUE index (or primary key).
    Unique,
    /// A CHECK, a trigger's RAISE, or any other constraint.
    Other,
}

/// The constraint that refused `e`, if a constraint did.
pub fn refusal(e: &rusqlite::Error) -> Option<Refusal> {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            Some(match f.extended_code {
                rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY => {
                    Refusal::Unique
                }
                _ => Refusal::Other,
            })
        }
        _ => None,
    }
}

/// True when a constraint refused `e` and SQLite's message names `what` (a UNIQUE index's
/// columns, or "CHECK"): for a write that several constraints guard.
pub fn refused_by(e: &rusqlite::Error, what: &str) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(_, Some(message)) if refusal(e).is_some() && message.contains(what))
}

/// A JSON column read into `T`; NULL is `None`, text that is not `T` an error (the schema's
/// `json_valid` CHECK keeps out what is not JSON at all).
pub fn json_column<T: serde::de::DeserializeOwned>(text: Option<String>, column: usize) -> rusqlite::Result<Option<T>> {
    text.map(|t| {
        serde_json::from_str(&t)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, Box::new(e)))
    })
    .transpose()
}

/// `value` as JSON text for a column.
pub fn json_text<T: serde::Serialize>(value: &T) -> rusqlite::Result<String> {
    serde_json::to_string(value).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}
