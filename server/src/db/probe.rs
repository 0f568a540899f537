//! The health check: whether the database answers a query, and whether it can take writes.
//!
//! Checks that arrive while one runs wait for the next and share it: every answer still comes
//! from a real query that started after its check arrived, but a burst of checks costs one trip
//! to the blocking pool, not one each.
//!
//! Whether writes can pass is known without writing (a check never writes to the file): from
//! what is true now, cheaply (the connection opened the file read-only, its file system is
//! mounted read-only, less than [`DISK_RESERVE`] is free there, no page is left under the page
//! cap), and from the last write that was refused for lack of room or of write access
//! (`Db::write` notes it), until a write passes again or the room it lacked comes back.

use std::cell::Cell;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use rusqlite::Connection;
use tokio::sync::oneshot;

use super::{Db, DbCallError};

/// Below this much free space (for unprivileged users) on the file system of the database's
/// folder, writes are about to fail: the WAL, then the database file at each checkpoint, grow
/// into it.
pub(super) const DISK_RESERVE: u64 = 1024 * 1024;

/// What a health check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Health {
    /// The database answers and takes writes.
    Ok,
    /// The database answers reads, but writes are refused (503 `storage_unavailable`).
    ReadOnly(WriteRefusal),
    /// The database does not answer a query.
    Down,
}

/// Why the database takes no writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteRefusal {
    /// The file system of the database's folder is full.
    DiskFull,
    /// The database reached `--max-db-pages`.
    PageCap,
    /// The database file, its folder or its file system is read-only.
    NotWritable,
}

impl std::fmt::Display for WriteRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WriteRefusal::DiskFull => "the disk is full",
            WriteRefusal::PageCap => "it reached --max-db-pages",
            WriteRefusal::NotWritable => "the file, its folder or its file system is read-only",
        })
    }
}

/// How SQLite refused a write: no room (SQLITE_FULL: the disk, or the page cap) or no write
/// access (SQLITE_READONLY).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    Full,
    ReadOnly,
}

impl Failure {
    pub(super) fn of(error: &rusqlite::Error) -> Option<Failure> {
        match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DiskFull) => Some(Failure::Full),
            Some(rusqlite::ErrorCode::ReadOnly) => Some(Failure::ReadOnly),
            _ => None,
        }
    }

    /// The reason to give, knowing the room there was when it happened: of the disk and the
    /// page cap, the one with less room is the one that refused.
    pub(super) fn reason(self, room: Room) -> WriteRefusal {
        match self {
            Failure::ReadOnly => WriteRefusal::NotWritable,
            Failure::Full => room.tighter(),
        }
    }
}

/// Room left for the database to grow, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Room {
    /// Under the page cap (free pages inside the file included), when a cap is set.
    pub(super) cap: Option<u64>,
    /// On the file system of the database's folder, for unprivileged users, when known.
    pub(super) disk: Option<u64>,
}

impl Room {
    fn tighter(self) -> WriteRefusal {
        match (self.cap, self.disk) {
            (Some(cap), Some(disk)) if cap > disk => WriteRefusal::DiskFull,
            (Some(_), _) => WriteRefusal::PageCap,
            (None, _) => WriteRefusal::DiskFull,
        }
    }
}

/// What a check sees now, without writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Observed {
    /// SQLite opened the file read-only, or its file system is mounted read-only.
    pub(super) read_only: bool,
    pub(super) room: Room,
}

/// Measures the room left, on `conn` (which carries the page cap, when there is one) and on the
/// file system of `path`'s folder. Reads only: the page counts and one `statvfs`.
pub(super) fn room(conn: &Connection, path: &Path, capped: bool) -> rusqlite::Result<Room> {
    room_with(conn, file_system(path).as_ref(), capped)
}

fn room_with(conn: &Connection, file_system: Option<&FileSystem>, capped: bool) -> rusqlite::Result<Room> {
    let cap = if capped {
        let (pages, free, max, size): (i64, i64, i64, i64) = conn.query_row(
            "SELECT * FROM pragma_page_count(), pragma_freelist_count(), pragma_max_page_count(), pragma_page_size()",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        Some(u64::try_from((max - pages + free).max(0)).unwrap_or(0).saturating_mul(u64::try_from(size).unwrap_or(0)))
    } else {
        None
    };
    Ok(Room { cap, disk: file_system.map(|fs| fs.free) })
}

fn observe(conn: &Connection, path: &Path, capped: bool) -> rusqlite::Result<Observed> {
    let file_system = file_system(path);
    let read_only = conn.is_readonly(rusqlite::MAIN_DB)? || file_system.as_ref().is_some_and(|fs| fs.read_only);
    Ok(Observed { read_only, room: room_with(conn, file_system.as_ref(), capped)? })
}

/// The bytes free for unprivileged users on the file system of `path`'s folder, when known.
pub(super) fn free_space(path: &Path) -> Option<u64> {
    file_system(path).map(|fs| fs.free)
}

struct FileSystem {
    /// Bytes free for unprivileged users.
    free: u64,
    read_only: bool,
}

/// The file system holding the database's folder (`statvfs`), when it can be asked.
#[cfg(unix)]
fn file_system(path: &Path) -> Option<FileSystem> {
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let stat = rustix::fs::statvfs(folder).ok()?;
    Some(FileSystem {
        free: stat.f_bavail.saturating_mul(stat.f_frsize),
        read_only: stat.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY),
    })
}

#[cfg(not(unix))]
fn file_system(_path: &Path) -> Option<FileSystem> {
    None
}

/// The last write refused for lack of room or of write access, until a write passes again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// SQLITE_FULL, with the room there was just after it.
    Full(Room),
    /// SQLITE_READONLY (a file opened read-write can still refuse: moved or replaced under the
    /// server, its shared-memory file read-only).
    ReadOnly,
}

/// What the writes taught: the last refusal, and a count of changes so that a check does not
/// forget a refusal noted while it was looking.
#[derive(Default)]
pub(super) struct Writes(Mutex<WritesState>);

#[derive(Default)]
struct WritesState {
    refused: Option<Refused>,
    changes: u64,
}

impl Writes {
    pub(super) fn starting(refused: Option<Refused>) -> Writes {
        Writes(Mutex::new(WritesState { refused, changes: 0 }))
    }

    pub(super) fn refused(&self, refused: Refused) {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        state.refused = Some(refused);
        state.changes += 1;
    }

    /// A write committed changes: the storage takes writes again.
    pub(super) fn passed(&self) {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if state.refused.take().is_some() {
            state.changes += 1;
        }
    }

    fn changes(&self) -> u64 {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).changes
    }

    /// The verdict on what a check observed after `changes` was read; forgets the last refusal
    /// when its room came back, unless a new one was noted meanwhile.
    fn settle(&self, changes: u64, now: &Observed) -> Option<WriteRefusal> {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let (refusal, came_back) = verdict(now, state.refused);
        if came_back && state.changes == changes {
            state.refused = None;
            state.changes += 1;
        }
        refusal
    }
}

/// Whether writes are refused, from what is true now and the last refusal; and whether the
/// room that refusal lacked came back (more room under the cap, or at least [`DISK_RESERVE`]
/// more on the disk, than just after it), so that it can be forgotten.
fn verdict(now: &Observed, last: Option<Refused>) -> (Option<WriteRefusal>, bool) {
    if now.read_only {
        return (Some(WriteRefusal::NotWritable), false);
    }
    if now.room.disk.is_some_and(|free| free < DISK_RESERVE) {
        return (Some(WriteRefusal::DiskFull), false);
    }
    if now.room.cap == Some(0) {
        return (Some(WriteRefusal::PageCap), false);
    }
    match last {
        None => (None, false),
        Some(Refused::ReadOnly) => (Some(WriteRefusal::NotWritable), false),
        Some(Refused::Full(then)) => {
            let reason = then.tighter();
            let came_back = match reason {
                WriteRefusal::PageCap => matches!((now.room.cap, then.cap), (Some(now), Some(then)) if now > then),
                _ => {
                    matches!((now.room.disk, then.disk), (Some(now), Some(then)) if now >= then.saturating_add(DISK_RESERVE))
                }
            };
            if came_back { (None, true) } else { (Some(reason), false) }
        }
    }
}

thread_local! {
    /// While a write transaction runs on this thread (`Db::write`): the refusal met, if any.
    static WATCH: Cell<Option<Option<Failure>>> = const { Cell::new(None) };
}

/// Notes that a write was refused by the storage (SQLITE_FULL or SQLITE_READONLY), for the
/// health check. The write's own thread calls it where the error is first seen: `Db::write`
/// for its `BEGIN` and `COMMIT`, and the conversion of rusqlite errors into the caller's error
/// type for the statements in between. Outside a write, it does nothing.
pub fn note_refused_write(error: &rusqlite::Error) {
    if let Some(failure) = Failure::of(error) {
        WATCH.with(|watch| {
            if watch.get().is_some() {
                watch.set(Some(Some(failure)));
            }
        });
    }
}

/// Watches one write transaction on this thread for a refusal by the storage.
pub(super) struct Watch(());

impl Watch {
    pub(super) fn start() -> Watch {
        WATCH.with(|watch| watch.set(Some(None)));
        Watch(())
    }

    /// The refusal noted since `start`, if any.
    pub(super) fn finish(self) -> Option<Failure> {
        WATCH.with(|watch| watch.take()).flatten()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        WATCH.with(|watch| watch.set(None));
    }
}

/// The checks waiting for the next query.
#[derive(Default)]
pub(super) struct Waiting(Mutex<Queue>);

#[derive(Default)]
struct Queue {
    /// A task is running queries (and takes what waits before each one).
    running: bool,
    answers: Vec<oneshot::Sender<Health>>,
}

struct ProbeFailed;

impl From<rusqlite::Error> for ProbeFailed {
    fn from(_: rusqlite::Error) -> Self {
        ProbeFailed
    }
}

impl DbCallError for ProbeFailed {
    fn task_failed(_: String) -> Self {
        ProbeFailed
    }
}

impl Db {
    /// Whether the database answers a real query (the migrations' history is read) and takes
    /// writes, checked after this call began.
    pub async fn healthy(&self) -> Health {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut queue = self.inner.probe.0.lock().unwrap_or_else(PoisonError::into_inner);
            queue.answers.push(answer);
            !std::mem::replace(&mut queue.running, true)
        };
        if start {
            let db = self.clone();
            tokio::spawn(async move { db.run_probes().await });
        }
        answered.await.unwrap_or(Health::Down)
    }

    /// Runs one check for everything waiting, until nothing waits.
    async fn run_probes(&self) {
        loop {
            let batch = {
                let mut queue = self.inner.probe.0.lock().unwrap_or_else(PoisonError::into_inner);
                if queue.answers.is_empty() {
                    queue.running = false;
                    return;
                }
                std::mem::take(&mut queue.answers)
            };
            let health = self.probe().await;
            for answer in batch {
                let _ = answer.send(health);
            }
        }
    }

    async fn probe(&self) -> Health {
        let changes = self.inner.writes.changes();
        let inner = std::sync::Arc::clone(&self.inner);
        let observed = self
            .read(move |conn| {
                let mut stmt = conn.prepare_cached("SELECT count(*) FROM refinery_schema_history")?;
                stmt.query_row([], |r| r.get::<_, i64>(0))?;
                Ok::<_, ProbeFailed>(observe(conn, &inner.path, inner.max_pages.is_some())?)
            })
            .await;
        match observed {
            Err(ProbeFailed) => Health::Down,
            Ok(now) => self.inner.writes.settle(changes, &now).map_or(Health::Ok, Health::ReadOnly),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    /// What a check sees, the last refusal, and the verdict.
    type Row = (Observed, Option<Refused>, (Option<WriteRefusal>, bool));

    fn seen(read_only: bool, cap: Option<u64>, disk: Option<u64>) -> Observed {
        Observed { read_only, room: Room { cap, disk } }
    }

    #[test]
    fn the_verdict_follows_what_is_true_now_then_the_last_refusal() {
        use WriteRefusal::*;
        let roomy = Some(10_000 * MIB);
        let full_at_cap = Some(Refused::Full(Room { cap: Some(4096), disk: roomy }));
        let full_disk = Some(Refused::Full(Room { cap: None, disk: Some(3 * MIB) }));
        // (now, last refusal) -> (answer, forget the refusal)
        let table: [Row; 15] = [
            (seen(false, None, roomy), None, (None, false)),
            (seen(false, None, None), None, (None, false)),
            (seen(true, None, roomy), None, (Some(NotWritable), false)),
            (seen(true, Some(0), Some(0)), None, (Some(NotWritable), false)),
            (seen(false, None, Some(MIB - 1)), None, (Some(DiskFull), false)),
            (seen(false, None, Some(MIB)), None, (None, false)),
            (seen(false, Some(0), roomy), None, (Some(PageCap), false)),
            (seen(false, Some(4096), roomy), None, (None, false)),
            // A refusal at the cap lasts until there is more room under it than just after.
            (seen(false, Some(4096), roomy), full_at_cap, (Some(PageCap), false)),
            (seen(false, Some(8192), roomy), full_at_cap, (None, true)),
            // The disk: until a whole reserve more is free.
            (seen(false, None, Some(4 * MIB - 1)), full_disk, (Some(DiskFull), false)),
            (seen(false, None, Some(4 * MIB)), full_disk, (None, true)),
            // The cap leaves more room than the disk: the disk refused.
            (
                seen(false, Some(8192), Some(3 * MIB)),
                Some(Refused::Full(Room { cap: Some(MIB), disk: Some(2 * MIB) })),
                (Some(PageCap), false),
            ),
            (
                seen(false, Some(8192), Some(3 * MIB - 1)),
                Some(Refused::Full(Room { cap: Some(9 * MIB), disk: Some(2 * MIB) })),
                (Some(DiskFull), false),
            ),
            (seen(false, None, roomy), Some(Refused::ReadOnly), (Some(NotWritable), false)),
        ];
        for (now, last, expected) in table {
            assert_eq!(verdict(&now, last), expected, "{now:?} after {last:?}");
        }
    }

    #[test]
    fn a_refusal_noted_while_a_check_looked_is_not_forgotten_by_it() {
        let writes = Writes::default();
        writes.refused(Refused::Full(Room { cap: Some(4096), disk: None }));
        let before = writes.changes();
        // Another write is refused while the check measures more room than just after the first.
        writes.refused(Refused::Full(Room { cap: Some(4096), disk: None }));
        assert_eq!(writes.settle(before, &seen(false, Some(8192), None)), None);
        let now = seen(false, Some(4096), None);
        assert_eq!(writes.settle(writes.changes(), &now), Some(WriteRefusal::PageCap), "the second refusal stands");
        writes.passed();
        assert_eq!(writes.settle(writes.changes(), &now), None, "a write passed");
    }

    #[test]
    fn only_a_write_watched_on_this_thread_notes_a_refusal() {
        let full = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL), None);
        let busy = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY), None);
        note_refused_write(&full);
        let watch = Watch::start();
        note_refused_write(&busy);
        assert_eq!(watch.finish(), None, "outside a watched write nothing is kept; BUSY is not a refusal");
        let watch = Watch::start();
        note_refused_write(&full);
        assert_eq!(watch.finish(), Some(Failure::Full));
        let watch = Watch::start();
        drop(watch);
        note_refused_write(&full);
        assert_eq!(Watch::start().finish(), None);
    }
}
