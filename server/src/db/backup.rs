//! Snapshots for those without object storage: `centre backup --to DIR` and
//! `centre restore FROM`. A snapshot is SQLite's `VACUUM INTO` from a read transaction, so it
//! is consistent and safe while the server writes; it is written under a temporary name, checked
//! (`PRAGMA integrity_check`) and only then renamed, so a crash never leaves a half snapshot with
//! a snapshot's name. Restoring refuses to replace a database without `force`, refuses a file
//! that is not a sound centre database or is newer than this binary, and replaces the file with
//! its `-wal` and `-shm` (the server must be stopped: the deployment guide says so), giving the
//! new file to the owner of the database's folder. Snapshots are readable by their owner only.

use std::fs;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OpenFlags};

use super::known_schema_version;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("no database at {0}")]
    Missing(PathBuf),
    #[error("{path} is not a sound centre database: {reason}")]
    Unsound { path: PathBuf, reason: String },
    #[error("{path} has schema version {found}, newer than this program knows ({known}); use a newer centre")]
    TooNew { path: PathBuf, found: i64, known: i64 },
    #[error("{0} already exists: stop the server and add --force to replace it")]
    Exists(PathBuf),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("{context}: {source}")]
    Sqlite { context: String, source: rusqlite::Error },
}

fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> BackupError {
    let context = context.into();
    move |source| BackupError::Io { context, source }
}

fn sql(context: impl Into<String>) -> impl FnOnce(rusqlite::Error) -> BackupError {
    let context = context.into();
    move |source| BackupError::Sqlite { context, source }
}

/// Snapshot files are `centre-YYYYMMDDTHHMMSSZ.db`: their names sort by date.
const PREFIX: &str = "centre-";
const SUFFIX: &str = ".db";

/// An existing database, never created; only read here (read-write so that a WAL database
/// without its `-shm` opens too).
fn open_existing(path: &Path) -> Result<Connection, BackupError> {
    if !path.is_file() {
        return Err(BackupError::Missing(path.to_owned()));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(sql(format!("cannot open {}", path.display())))?;
    conn.busy_timeout(std::time::Duration::from_secs(30)).map_err(sql("busy timeout"))?;
    Ok(conn)
}

/// The database's soundness: integrity, a centre schema, not newer than this binary.
fn check(conn: &Connection, path: &Path) -> Result<(), BackupError> {
    let unsound = |reason: String| BackupError::Unsound { path: path.to_owned(), reason };
    let integrity: String =
        conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| unsound(e.to_string()))?;
    if integrity != "ok" {
        return Err(unsound(integrity));
    }
    let found: i64 = conn
        .query_row("SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history", [], |r| r.get(0))
        .map_err(|_| unsound("no centre schema".to_owned()))?;
    let known = known_schema_version();
    if found > known {
        return Err(BackupError::TooNew { path: path.to_owned(), found, known });
    }
    Ok(())
}

/// Copies `from` into a new file `to` (which must not exist) with `VACUUM INTO`, then checks it.
fn snapshot(from: &Connection, to: &Path) -> Result<(), BackupError> {
    let target = to.to_str().ok_or_else(|| BackupError::Io {
        context: format!("{} is not a UTF-8 path", to.display()),
        source: std::io::Error::from(std::io::ErrorKind::InvalidInput),
    })?;
    from.execute("VACUUM INTO ?1", [target]).map_err(sql(format!("writing {}", to.display())))?;
    check(&open_existing(to)?, to)
}

/// Writes a snapshot of `db` into `dir` named by `now`, keeps the newest `keep` snapshots there
/// (at least one) and answers the new file's path.
pub fn backup(db: &Path, dir: &Path, keep: usize, now: DateTime<Utc>) -> Result<PathBuf, BackupError> {
    let source = open_existing(db)?;
    check(&source, db)?;
    // A snapshot holds every member's data: its folder and file are the owner's alone, whoever
    // runs this and whatever their umask.
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(io(format!("cannot create {}", dir.display())))?;
    let name = format!("{PREFIX}{}{SUFFIX}", now.format("%Y%m%dT%H%M%SZ"));
    let path = dir.join(&name);
    let partial = dir.join(format!(".{name}.partial"));
    let _ = fs::remove_file(&partial);
    snapshot(&source, &partial)?;
    fs::set_permissions(&partial, fs::Permissions::from_mode(0o600))
        .map_err(io(format!("cannot protect {}", partial.display())))?;
    fs::rename(&partial, &path).map_err(io(format!("cannot name {}", path.display())))?;
    prune(dir, keep.max(1))?;
    Ok(path)
}

/// Deletes the oldest snapshots of `dir` beyond the newest `keep`.
fn prune(dir: &Path, keep: usize) -> Result<(), BackupError> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map_err(io(format!("cannot list {}", dir.display())))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        .collect();
    names.sort();
    let excess = names.len().saturating_sub(keep);
    for old in &names[..excess] {
        fs::remove_file(dir.join(old)).map_err(io(format!("cannot delete {old}")))?;
    }
    Ok(())
}

/// Replaces the database `db` by the snapshot `from` (refused when `db` exists, unless `force`).
pub fn restore(from: &Path, db: &Path, force: bool) -> Result<(), BackupError> {
    let source = open_existing(from)?;
    check(&source, from)?;
    let wal = sidecar(db, "-wal");
    let shm = sidecar(db, "-shm");
    if !force && (db.exists() || wal.exists()) {
        return Err(BackupError::Exists(db.to_owned()));
    }
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
    }
    let partial = sidecar(db, ".restoring");
    let _ = fs::remove_file(&partial);
    snapshot(&source, &partial)?;
    give_to_folder_owner(&partial, db)?;
    for stale in [&wal, &shm] {
        match fs::remove_file(stale) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(io(format!("cannot delete {}", stale.display()))(e));
            }
            _ => {}
        }
    }
    fs::rename(&partial, db).map_err(io(format!("cannot replace {}", db.display())))
}

/// The restored file gets the owner and group of the database's folder, readable and writable
/// by them alone: restored as root (or by another account), the server, which runs as the
/// folder's owner, could otherwise not write to it ('attempt to write a readonly database').
fn give_to_folder_owner(file: &Path, db: &Path) -> Result<(), BackupError> {
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let folder = fs::metadata(dir).map_err(io(format!("cannot read {}", dir.display())))?;
    let mine = fs::metadata(file).map_err(io(format!("cannot read {}", file.display())))?;
    if (mine.uid(), mine.gid()) != (folder.uid(), folder.gid()) {
        std::os::unix::fs::chown(file, Some(folder.uid()), Some(folder.gid())).map_err(io(format!(
            "cannot give {} to the owner of {} (uid {}): run the restore as root or as that user",
            file.display(),
            dir.display(),
            folder.uid()
        )))?;
    }
    fs::set_permissions(file, fs::Permissions::from_mode(0o600))
        .map_err(io(format!("cannot protect {}", file.display())))
}

fn sidecar(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
